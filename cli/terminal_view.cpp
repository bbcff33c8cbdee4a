#include "cli/terminal_view.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace golf::cli {

namespace {

constexpr std::string_view rank_letters = "XA23456789TJQK";
constexpr std::string_view suit_letters = "?CDHS";

std::string card_text(const v1::Card& c) {
    if (c.rank() == 0 || c.rank() > 13) return "X";
    std::string out(1, rank_letters[c.rank()]);
    out += suit_letters[std::min<int>(static_cast<int>(c.suit()), 4)];
    return out;
}

std::string seat_name(const v1::TableUpdate& update, int seat) {
    if (seat >= 0 && seat < update.seats_size() && !update.seats(seat).name().empty()) return update.seats(seat).name();
    return "seat " + std::to_string(seat);
}

std::string place_name(const v1::HandView& hand, std::uint32_t position) {
    const std::uint32_t cols = std::max<std::uint32_t>(hand.cols(), 1);
    return "r" + std::to_string(position / cols + 1) + "c" + std::to_string(position % cols + 1);
}

const v1::Position* own_position(const v1::HandView& hand, std::uint32_t position) {
    if (hand.viewer() < 0 || hand.viewer() >= hand.seats_size()) return nullptr;
    const v1::SeatLayout& layout = hand.seats(hand.viewer());
    const int at = static_cast<int>(position);
    return at < layout.positions_size() ? &layout.positions(at) : nullptr;
}

std::string held_text(const v1::HandView& hand) { return hand.has_held() ? card_text(hand.held()) : "card"; }

// "your" for the viewer's own seat, else "Bob's".
std::string whose(const v1::TableUpdate& update, std::uint32_t seat) {
    const int s = static_cast<int>(seat);
    return s == update.hand().viewer() ? "your" : seat_name(update, s) + "'s";
}

v1::PowerKind power_of(const v1::Ruleset* rules, const v1::Card& c) {
    if (!rules) return v1::POWER_KIND_UNSPECIFIED;
    switch (c.rank()) {
        case 0: return rules->power_joker();
        case 1: return rules->power_ace();
        case 2: return rules->power_two();
        case 3: return rules->power_three();
        case 4: return rules->power_four();
        case 5: return rules->power_five();
        case 6: return rules->power_six();
        case 7: return rules->power_seven();
        case 8: return rules->power_eight();
        case 9: return rules->power_nine();
        case 10: return rules->power_ten();
        case 11: return rules->power_jack();
        case 12: return rules->power_queen();
        case 13: return rules->power_king();
        default: return v1::POWER_KIND_UNSPECIFIED;
    }
}

// "card 1 (7D)": DRAW_TWO_KEEP_ONE's choice among the power card (0) and the cards it looked at.
std::string offered_text(const v1::HandView& hand, std::uint32_t which) {
    if (which == 0) return "the " + held_text(hand);
    const int i = static_cast<int>(which) - 1;
    return i < hand.offered_size() ? "the " + card_text(hand.offered(i)) : "drawn card " + std::to_string(which);
}

// "rows 1 and 2" or "columns 1 and 3" of POWER_LINES (positions in the first column name rows, in the first row
// columns).
std::string lines_text(const v1::HandView& hand, std::uint32_t a, std::uint32_t b) {
    const std::uint32_t cols = std::max<std::uint32_t>(hand.cols(), 1);
    if (b < cols) return "columns " + std::to_string(a + 1) + " and " + std::to_string(b + 1);
    return "rows " + std::to_string(a / cols + 1) + " and " + std::to_string(b / cols + 1);
}

std::string use_power_text(const v1::HandView& hand, const v1::Ruleset* rules) {
    const bool holding = hand.phase() == v1::PHASE_HOLDING && hand.has_held();
    if (!holding && !hand.has_top_discard()) return "use the card's power";
    const v1::Card& c = holding ? hand.held() : hand.top_discard();
    const std::string what = power_text(power_of(rules, c));
    return holding ? "use the " + card_text(c) + "'s power: " + what
                   : "use the power of the " + card_text(c) + " on the discards: " + what;
}

std::string describe(const v1::TableUpdate& update, const v1::Ruleset* rules, const v1::Action& a) {
    const v1::HandView& hand = update.hand();
    const std::string at = place_name(hand, a.position());
    const std::uint32_t me = static_cast<std::uint32_t>(std::max(hand.viewer(), 0));
    switch (a.kind()) {
        case v1::ACTION_KIND_USE_POWER: return use_power_text(hand, rules);
        case v1::ACTION_KIND_POWER_PEEK: return "look at " + whose(update, a.target_seat()) + " " + at;
        case v1::ACTION_KIND_POWER_SWAP: {
            std::string first = whose(update, a.target_seat()) + " " + at;
            std::string second = whose(update, a.other_seat()) + " " + place_name(hand, a.other());
            if (a.other_seat() == me && a.target_seat() != me) std::swap(first, second);  // yours first
            return "swap " + first + " with " + second;
        }
        case v1::ACTION_KIND_SHUFFLE: return "shuffle " + whose(update, a.target_seat()) + " cards";
        case v1::ACTION_KIND_POWER_PLACE: {
            const v1::Position* there = own_position(hand, a.position());
            if (a.target_seat() == me)
                return "keep " + offered_text(hand, a.other()) + " at " + at +
                       (there ? " (replacing " + plain_card(*there) + ")" : std::string()) + ", discard the rest";
            return "put the " + held_text(hand) + " in place of " + whose(update, a.target_seat()) + " " + at;
        }
        case v1::ACTION_KIND_POWER_FLIP:
            return a.target_seat() == me ? "turn your " + at + " face down"
                                         : "turn " + whose(update, a.target_seat()) + " " + at + " face up";
        case v1::ACTION_KIND_POWER_LINES:
            return "swap " + whose(update, a.target_seat()) + " " + lines_text(hand, a.position(), a.other());
        case v1::ACTION_KIND_POWER_ADD: return "add the top stock card, unseen, to " + whose(update, a.target_seat()) + " cards";
        case v1::ACTION_KIND_POWER_REMOVE: return "discard your " + at + " face up";
        case v1::ACTION_KIND_CHOOSE_POWER:
            return "choose the power: " + power_text(static_cast<v1::PowerKind>(a.position()));
        case v1::ACTION_KIND_MATCH:
            return "match the held " + held_text(hand) + " with " + whose(update, a.target_seat()) + " " + at +
                   (a.target_seat() == me ? std::string() : ", giving your " + place_name(hand, a.other()));
        case v1::ACTION_KIND_CLAIM:
            return "claim: throw " + whose(update, a.target_seat()) + " " + at + " on the " +
                   (hand.has_top_discard() ? card_text(hand.top_discard()) : std::string("discard")) +
                   (a.target_seat() == me ? std::string() : ", giving your " + place_name(hand, a.other()));
        case v1::ACTION_KIND_PASS:
            switch (hand.phase()) {
                case v1::PHASE_POWER:
                    return hand.has_power() && hand.power().kind() == v1::POWER_KIND_TWO_POWERS
                               ? "no second power"
                               : "don't swap (end the power)";
                case v1::PHASE_MATCHING: return "done matching";
                case v1::PHASE_CALLING: return "don't call";
                default: return "don't flip";
            }
        case v1::ACTION_KIND_KNOCK:
            return hand.phase() == v1::PHASE_CALLING ? "call (everyone else has one more turn)" : "knock";
        case v1::ACTION_KIND_FLIP: return "flip " + at;
        case v1::ACTION_KIND_PEEK: return "peek at " + at;
        case v1::ACTION_KIND_SWAP_OWN: return "swap " + at + " and " + place_name(hand, a.other());
        case v1::ACTION_KIND_READY: return "done rearranging";
        case v1::ACTION_KIND_DRAW_STOCK: return "draw from the stock";
        case v1::ACTION_KIND_TAKE_DISCARD:
            return hand.has_top_discard() ? "take " + card_text(hand.top_discard()) + " from the discards"
                                          : "take the discard";
        case v1::ACTION_KIND_PLACE: {
            const v1::Position* there = own_position(hand, a.position());
            return "place " + held_text(hand) + " at " + at +
                   (there ? " (replacing " + plain_card(*there) + ")" : std::string());
        }
        case v1::ACTION_KIND_DISCARD: return "discard " + held_text(hand);
        case v1::ACTION_KIND_REVEAL_ALL: return "turn all your cards up";
        case v1::ACTION_KIND_LOOK: return "pay to look at " + at;
        default: return "move " + std::to_string(static_cast<int>(a.kind()));
    }
}

std::string state_name(v1::TableState state) {
    switch (state) {
        case v1::TABLE_STATE_WAITING: return "waiting for players";
        case v1::TABLE_STATE_PLAYING: return "playing";
        case v1::TABLE_STATE_BETWEEN_HOLES: return "between holes";
        case v1::TABLE_STATE_FINISHED: return "match over";
        default: return "unknown state";
    }
}

std::string seat_tags(const table_picture& picture, const v1::TableUpdate& update, int s) {
    const v1::SeatInfo& info = update.seats(s);
    std::vector<std::string> tags;
    if (s == picture.seat) tags.emplace_back("you");
    if (static_cast<int>(update.host_seat()) == s) tags.emplace_back("host");
    if (!info.occupied()) tags.emplace_back("free");
    else if (info.bot() == v1::BOT_LEVEL_RANDOM) tags.emplace_back("random bot");
    else if (info.bot() != v1::BOT_LEVEL_UNSPECIFIED) tags.emplace_back("bot");
    else if (info.forfeited()) tags.emplace_back("forfeited");
    else if (info.bot_standing_in()) tags.emplace_back("away, a bot plays");
    else if (!info.connected()) tags.emplace_back("away");
    std::string out;
    for (const std::string& t : tags) out += (out.empty() ? "" : ", ") + t;
    return out.empty() ? out : " (" + out + ")";
}

bool hand_in_play(const v1::TableUpdate& update) {
    return update.has_hand() && update.hand().phase() != v1::PHASE_OVER &&
           update.state() == v1::TABLE_STATE_PLAYING;
}

std::string final_round_text(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    std::string who = hand.caller() >= 0 ? seat_name(update, hand.caller()) + " went out" : "the end has started";
    return "FINAL ROUND: " + who + "; " + std::to_string(hand.final_turns_left()) +
           (hand.final_turns_left() == 1 ? " turn left" : " turns left");
}

std::string clock_text(const table_picture& picture) {
    const v1::TableUpdate& update = *picture.update;
    if (!update.has_clock() || !hand_in_play(update)) return {};
    const auto passed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                              picture.update_at);
    const long long left_ms =
        std::max<long long>(0, static_cast<long long>(update.clock().remaining_ms()) - passed.count());
    const long long seconds = (left_ms + 999) / 1000;
    std::ostringstream out;
    out << "clock: " << (update.clock().seat() >= 0 ? seat_name(update, update.clock().seat()) : "everyone") << ' '
        << seconds / 60 << ':' << std::setw(2)
        << std::setfill('0') << seconds % 60;
    return out.str();
}

std::string result_text(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    if (hand.phase() != v1::PHASE_OVER || !hand.has_result()) return {};
    std::ostringstream out;
    const v1::HandScore& result = hand.result();
    out << "hole " << hand.hole() << " scored:";
    for (int s = 0; s < result.scores_size(); ++s) {
        out << "\n  " << seat_name(update, s) << ' ' << result.scores(s);
        if (s < result.layouts_size()) {
            const v1::LayoutScore& layout = result.layouts(s);
            out << " (columns";
            for (const int c : layout.column_points()) out << ' ' << c;
            if (layout.bonus() != 0) out << ", bonus " << layout.bonus();
            if (s < result.adjustments_size() && result.adjustments(s) != 0)
                out << ", adjusted " << result.adjustments(s);
            if (s < result.extra_size() && result.extra(s) != 0) out << ", extra " << result.extra(s);
            out << ')';
            for (const std::string& note : layout.notes()) out << "; " << note;
        }
    }
    for (const std::string& note : result.notes()) out << "\n  " << note;
    return out.str();
}

// "power: Bob is using a power (look at another player's card); looked at your r1c2"
std::string power_line(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    if (!hand_in_play(update) || hand.phase() != v1::PHASE_POWER || !hand.has_power()) return {};
    const v1::PowerInUse& power = hand.power();
    const bool mine = hand.current_seat() == hand.viewer();
    std::string out = "power: " + (mine ? std::string("you are") : seat_name(update, hand.current_seat()) + " is") +
                      " using a power (" + power_text(power.kind()) + ")";
    std::vector<std::string> seen;
    if (power.own_position() >= 0)
        seen.push_back((mine ? "your " : "their ") + place_name(hand, static_cast<std::uint32_t>(power.own_position())));
    if (power.seat() >= 0 && power.position() >= 0)
        seen.push_back(whose(update, static_cast<std::uint32_t>(power.seat())) + " " +
                       place_name(hand, static_cast<std::uint32_t>(power.position())));
    for (std::size_t i = 0; i < seen.size(); ++i) out += (i == 0 ? "; looked at " : " and ") + seen[i];
    if (power.kind() == v1::POWER_KIND_TWO_POWERS)
        out += power.picks_left() >= 2 ? "; choose the first of two powers"
                                       : "; after " + power_text(power.first_pick()) + ", a second power may follow";
    if (hand.offered_size() > 0) {
        out += "; you drew";
        for (const v1::Card& c : hand.offered()) out += " " + card_text(c);
    }
    return out;
}

// "claims open: 2.4s left" while the window runs (counted down from the update's arrival).
std::string claim_window_line(const table_picture& picture) {
    const v1::TableUpdate& update = *picture.update;
    if (!update.has_claim_window() || !hand_in_play(update)) return {};
    const auto passed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                              picture.update_at);
    const long long left_ms =
        std::max<long long>(0, static_cast<long long>(update.claim_window().remaining_ms()) - passed.count());
    if (left_ms == 0) return "claims closed";
    std::ostringstream out;
    out << "claims open: " << left_ms / 1000 << '.' << (left_ms % 1000) / 100 << "s left of "
        << update.claim_window().window_ms() / 1000 << '.' << (update.claim_window().window_ms() % 1000) / 100 << 's';
    return out.str();
}

// "claim: Bob claimed first and was right (1 later claim refused)"
std::string claim_outcome_line(const v1::TableUpdate& update) {
    if (!update.has_claim() || !update.has_hand()) return {};
    const v1::ClaimOutcome& claim = update.claim();
    const bool mine = claim.seat() == update.hand().viewer();
    std::string out = "claim: " + (mine ? std::string("you") : seat_name(update, claim.seat())) + " claimed first and " +
                      (claim.correct() ? "the card matched" : "the card did not match (penalty)");
    if (claim.refused() > 0)
        out += " (" + std::to_string(claim.refused()) + (claim.refused() == 1 ? " later claim" : " later claims") +
               " refused)";
    return out;
}

// ---- the screen ----

constexpr std::string_view reset = "\x1b[0m";

// A line of the screen: ANSI text and its visible width.
struct screen_line {
    std::string text;
    int width = 0;

    void add(std::string_view visible, std::string_view style = {}) {
        if (!style.empty()) text += style;
        text += visible;
        if (!style.empty()) text += reset;
        for (const unsigned char c : visible) width += (c & 0xC0) != 0x80 ? 1 : 0;  // count code points
    }
    void pad_to(int column) {
        if (width < column) {
            text.append(static_cast<std::size_t>(column - width), ' ');
            width = column;
        }
    }
};

std::string clip(const std::string& text, std::size_t width) {
    return text.size() <= width ? text : text.substr(0, width > 1 ? width - 1 : 0) + "~";
}

// One card in three columns; a card a cancelling pattern scored as zero is struck through.
void add_card(screen_line& line, const v1::Position& p, const screen_style& style, bool cancelled = false) {
    if (p.empty()) {
        line.add("   ");
        return;
    }
    if (!p.has_card()) {
        line.add(style.utf8 ? "\u2592\u2592\u2592" : "###", "\x1b[34m");
        return;
    }
    const v1::Card& c = p.card();
    std::string face;
    std::string colour = "\x1b[1m";
    if (c.rank() == 0 || c.rank() > 13) {
        face = style.utf8 ? "Jk\u2605" : "Jk*";
        colour = "\x1b[1;35m";
    } else {
        static constexpr const char* ranks[] = {"", " A", " 2", " 3", " 4", " 5", " 6", " 7", " 8", " 9", "10",
                                                " J", " Q", " K"};
        static constexpr const char* symbols[] = {"?", "\u2663", "\u2666", "\u2665", "\u2660"};
        const int suit = std::min<int>(static_cast<int>(c.suit()), 4);
        face = std::string(ranks[c.rank()]) + (style.utf8 ? symbols[suit] : std::string(1, suit_letters[suit]));
        if (c.suit() == v1::SUIT_DIAMONDS || c.suit() == v1::SUIT_HEARTS) colour = "\x1b[1;31m";
    }
    if (!p.face_up()) colour += "\x1b[4;2m";  // face down but known to you: underlined and dim
    if (cancelled) colour += "\x1b[9;2m";
    line.add(face, colour);
}

std::vector<screen_line> seat_block(const table_picture& picture, int s, int block_width,
                                    const screen_style& style) {
    const v1::TableUpdate& update = *picture.update;
    std::vector<screen_line> lines;
    const bool turn = hand_in_play(update) && update.hand().current_seat() == s &&
                      update.hand().phase() != v1::PHASE_START;
    screen_line name;
    name.add(turn ? (style.utf8 ? "\u25b6 " : "> ") : "  ", "\x1b[1;33m");
    name.add(clip(seat_name(update, s) + seat_tags(picture, update, s), static_cast<std::size_t>(block_width - 2)),
             s == picture.seat ? "\x1b[1;36m" : (turn ? "\x1b[1m" : ""));
    lines.push_back(name);
    if (update.has_hand() && s < update.hand().seats_size()) {
        const v1::HandView& hand = update.hand();
        const v1::SeatLayout& layout = hand.seats(s);
        const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
        const v1::LayoutScore* score = hand.phase() == v1::PHASE_OVER && hand.has_result() &&
                                               s < hand.result().layouts_size()
                                           ? &hand.result().layouts(s)
                                           : nullptr;
        for (int r = 0; r * cols < layout.positions_size(); ++r) {
            screen_line row;
            row.add("  ");
            for (int c = 0; c < cols && r * cols + c < layout.positions_size(); ++c) {
                const int i = r * cols + c;
                add_card(row, layout.positions(i), style, score && i < score->cancelled_size() && score->cancelled(i));
                row.add(" ");
            }
            lines.push_back(row);
        }
        screen_line status;
        status.add("  ");
        std::string words;
        if (update.scorecard().totals_size() > s) words = "total " + std::to_string(update.scorecard().totals(s));
        if (hand.phase() == v1::PHASE_OVER && hand.has_result() && hand.result().scores_size() > s)
            words += "  hole " + std::to_string(hand.result().scores(s));
        if (layout.start_left() > 0 && hand.phase() == v1::PHASE_START)
            words += "  " + std::to_string(layout.start_left()) + " to turn";
        if (hand.holding() && hand.current_seat() == s)
            words += "  holds " + (hand.has_held() ? card_text(hand.held()) : std::string("a card"));
        status.add(clip(words, static_cast<std::size_t>(block_width - 2)), "\x1b[2m");
        lines.push_back(status);
    }
    return lines;
}

void add_wrapped(std::vector<screen_line>& out, const std::string& text, int width, std::string_view style = {}) {
    std::size_t at = 0;
    const std::size_t w = static_cast<std::size_t>(std::max(width, 10));
    do {
        screen_line line;
        line.add(text.substr(at, w), style);
        out.push_back(line);
        at += w;
    } while (at < text.size());
}

}  // namespace

std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules) {
    std::vector<move_choice> out;
    if (!update.has_hand() || update.state() != v1::TABLE_STATE_PLAYING) return out;
    for (const v1::Action& a : update.hand().legal()) out.push_back({a, describe(update, rules, a)});
    return out;
}

std::string power_text(v1::PowerKind kind) {
    switch (kind) {
        case v1::POWER_KIND_PEEK_OWN: return "look at one of your cards";
        case v1::POWER_KIND_PEEK_OPPONENT: return "look at another player's card";
        case v1::POWER_KIND_PEEK_ANY: return "look at any card";
        case v1::POWER_KIND_SWAP_OWN_OPPONENT: return "swap one of your cards with another player's, unseen";
        case v1::POWER_KIND_SWAP_ANY: return "swap any two cards, unseen";
        case v1::POWER_KIND_PEEK_THEN_SWAP: return "look at another player's card, then swap it with one of yours";
        case v1::POWER_KIND_PEEK_BOTH_SWAP: return "look at one of yours and another player's, then swap them or not";
        case v1::POWER_KIND_SHUFFLE_OPPONENT: return "shuffle another player's face-down cards";
        case v1::POWER_KIND_CANCEL_CALL: return "cancel the knock in force";
        case v1::POWER_KIND_SWAP_IN: return "put this card in place of another player's card, which is discarded";
        case v1::POWER_KIND_DRAW_TWO_KEEP_ONE:
            return "look at the next two cards and keep one of the three in place of one of yours";
        case v1::POWER_KIND_SWAP_LINES: return "swap two rows or two columns of another player's cards";
        case v1::POWER_KIND_SHIELD: return "keep it as a shield against the next power aimed at you";
        case v1::POWER_KIND_TURN_CARD: return "turn another player's card face up, or one of yours face down";
        case v1::POWER_KIND_ADD_OR_REMOVE: return "add an unseen card to another player, or discard one of yours";
        case v1::POWER_KIND_TWO_POWERS: return "use two different powers of the 3 to the king";
        default: return "its power";
    }
}

bool is_host(const table_picture& picture) {
    return picture.update && picture.seat >= 0 && static_cast<int>(picture.update->host_seat()) == picture.seat;
}

bool all_seats_filled(const v1::TableUpdate& update) {
    for (const v1::SeatInfo& seat : update.seats())
        if (!seat.occupied()) return false;
    return update.seats_size() > 0;
}

std::string prompt_line(const table_picture& picture) {
    if (!picture.update) return "connecting... (q to quit)";
    const v1::TableUpdate& update = *picture.update;
    const auto moves = move_choices(update, picture.rules ? &*picture.rules : nullptr);
    if (!moves.empty())
        return "move? 1-" + std::to_string(moves.size()) + " (c TEXT to chat, q to quit)";
    switch (update.state()) {
        case v1::TABLE_STATE_WAITING:
            if (!is_host(picture)) return "waiting for the host to start (c TEXT to chat, q to quit)";
            if (all_seats_filled(update)) return "every seat is filled: s to start, c TEXT to chat, q to quit";
            return "waiting for players to join with the code " + update.code() +
                   ": b to add a bot, c TEXT to chat, q to quit";
        case v1::TABLE_STATE_FINISHED:
            return std::string("the match is over: ") + (is_host(picture) ? "r for a rematch, " : "") +
                   "c TEXT to chat, q to quit";
        case v1::TABLE_STATE_BETWEEN_HOLES: return "the next hole starts shortly (c TEXT to chat, q to quit)";
        default:
            if (picture.seat < 0) return "watching (c TEXT to chat, q to quit)";
            if (update.has_hand())
                return "waiting for " + seat_name(update, update.hand().current_seat()) +
                       " (c TEXT to chat, q to quit)";
            return "waiting (c TEXT to chat, q to quit)";
    }
}

std::string plain_card(const v1::Position& p) {
    if (p.empty()) return "--";
    if (!p.has_card()) return "##";
    return p.face_up() ? card_text(p.card()) : "(" + card_text(p.card()) + ")";
}

std::string plain_scorecard(const v1::TableUpdate& update) {
    const v1::Scorecard& card = update.scorecard();
    std::vector<std::size_t> widths;
    std::ostringstream out;
    out << "scorecard:\n" << std::left << std::setw(6) << "hole" << std::right;
    for (int s = 0; s < update.seats_size(); ++s) {
        const std::string name = seat_name(update, s);
        widths.push_back(std::max<std::size_t>(name.size(), 5));
        out << "  " << std::setw(static_cast<int>(widths.back())) << name;
    }
    out << '\n';
    const auto row = [&](const std::string& label, const auto& values) {
        out << std::left << std::setw(6) << label << std::right;
        for (std::size_t s = 0; s < widths.size(); ++s) {
            out << "  " << std::setw(static_cast<int>(widths[s]));
            if (static_cast<int>(s) < values.size()) out << values[static_cast<int>(s)];
            else out << '-';
        }
        out << '\n';
    };
    for (const v1::Scorecard::Hole& hole : card.holes()) row(std::to_string(hole.number()), hole.scores());
    row("total", card.totals());
    if (!card.match_over() && card.holes_size() > 0 && card.holes().rbegin()->has_plays_first_next()) {
        const v1::Scorecard::Hole& last = *card.holes().rbegin();
        out << "plays first next: " << seat_name(update, last.plays_first_next());
        if (last.first_draw_size() > 0) {
            out << " (the tie was broken by drawing";
            for (const auto& draw : last.first_draw())
                out << ' ' << seat_name(update, static_cast<int>(draw.seat())) << ' ' << card_text(draw.card());
            out << ')';
        }
        out << '\n';
    }
    if (card.match_over()) {
        out << (card.winners_size() == 1 ? "winner:" : "winners:");
        for (const std::uint32_t w : card.winners()) out << ' ' << seat_name(update, static_cast<int>(w));
        out << '\n';
    }
    return out.str();
}

std::string plain_moves(const std::vector<move_choice>& moves) {
    std::string out = "moves:\n";
    for (std::size_t i = 0; i < moves.size(); ++i) out += "  " + std::to_string(i + 1) + ". " + moves[i].label + "\n";
    return out;
}

std::string plain_table(const table_picture& picture) {
    if (!picture.update) return {};
    const v1::TableUpdate& update = *picture.update;
    std::ostringstream out;
    out << "table " << update.code() << ": " << state_name(update.state());
    if (update.has_hand() && update.state() != v1::TABLE_STATE_WAITING) out << ", hole " << update.hand().hole();
    out << ", " << update.seats_size() << " seats, " << update.spectators() << " watching\n";
    if (!update.note().empty()) out << "note: " << update.note() << '\n';
    const bool show_hand = update.has_hand() && update.state() != v1::TABLE_STATE_WAITING;
    for (int s = 0; s < update.seats_size(); ++s) {
        out << "seat " << s << ' ' << seat_name(update, s) << seat_tags(picture, update, s);
        if (show_hand && s < update.hand().seats_size()) {
            const v1::HandView& hand = update.hand();
            if (hand_in_play(update) && hand.current_seat() == s && hand.phase() != v1::PHASE_START) out << " to play";
            out << ':';
            const v1::SeatLayout& layout = hand.seats(s);
            const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
            for (int i = 0; i < layout.positions_size(); ++i)
                out << (i > 0 && i % cols == 0 ? " / " : " ") << plain_card(layout.positions(i));
            if (hand.phase() == v1::PHASE_START && layout.start_left() > 0)
                out << " (" << layout.start_left() << " to turn)";
            for (int i = 0; i < layout.shields_size(); ++i) out << (i == 0 ? "; shield" : ",") << ' ' << card_text(layout.shields(i));
        }
        out << '\n';
    }
    if (show_hand) {
        const v1::HandView& hand = update.hand();
        out << "stock " << hand.stock_count() << ", discard "
            << (hand.has_top_discard() ? card_text(hand.top_discard()) : std::string("none")) << " ("
            << hand.discard_count() << (hand.discard_count() == 1 ? " card)" : " cards)");
        if (hand.holding())
            out << ", " << seat_name(update, hand.current_seat()) << " holds "
                << (hand.has_held() ? card_text(hand.held()) : std::string("a card")) << " from the "
                << (hand.held_from_discard() ? "discards" : "stock");
        out << '\n';
        if (const std::string power = power_line(update); !power.empty()) out << power << '\n';
        if (const std::string claims = claim_window_line(picture); !claims.empty()) out << claims << '\n';
        if (const std::string claim = claim_outcome_line(update); !claim.empty()) out << claim << '\n';
        if (hand.final_round() && hand_in_play(update)) out << final_round_text(update) << '\n';
        if (const std::string clock = clock_text(picture); !clock.empty()) out << clock << '\n';
        if (const std::string result = result_text(update); !result.empty()) out << result << '\n';
    }
    if (update.state() == v1::TABLE_STATE_BETWEEN_HOLES || update.state() == v1::TABLE_STATE_FINISHED) {
        if (update.state() == v1::TABLE_STATE_FINISHED) out << "match over\n";
        out << plain_scorecard(update);
    }
    return out.str();
}

std::string screen_frame(const table_picture& picture, const screen_style& style) {
    const int width = std::max(style.width, 40);
    const int height = std::max(style.height, 10);
    std::vector<screen_line> top;
    std::vector<screen_line> middle;
    std::vector<screen_line> bottom;

    screen_line header;
    header.add(" golf ", "\x1b[1;30;42m");
    if (!picture.update) {
        header.add("  connecting to " + picture.url);
        top.push_back(header);
    } else {
        const v1::TableUpdate& update = *picture.update;
        std::string title = "  table " + update.code() + "  " + picture.preset + "  " + state_name(update.state());
        if (update.has_hand() && update.state() != v1::TABLE_STATE_WAITING)
            title += "  hole " + std::to_string(update.hand().hole());
        if (update.spectators() > 0) title += "  " + std::to_string(update.spectators()) + " watching";
        header.add(title);
        const std::string clock = clock_text(picture);
        if (!clock.empty()) {
            header.pad_to(width - static_cast<int>(clock.size()) - 1);
            header.add(clock, "\x1b[1;33m");
        }
        top.push_back(header);
        top.emplace_back();

        // Seats side by side, as many to a row as the width allows.
        // Blocks share the width (names and tags fit better), within reason.
        int block_width = std::clamp(width / std::max(update.seats_size(), 1) - 2, 20, 32);
        if (update.has_hand()) block_width = std::max(block_width, static_cast<int>(update.hand().cols()) * 4 + 4);
        const int per_row = std::max(1, width / (block_width + 2));
        for (int first = 0; first < update.seats_size(); first += per_row) {
            std::vector<std::vector<screen_line>> blocks;
            std::size_t tallest = 0;
            for (int s = first; s < std::min(update.seats_size(), first + per_row); ++s) {
                blocks.push_back(seat_block(picture, s, block_width, style));
                tallest = std::max(tallest, blocks.back().size());
            }
            for (std::size_t i = 0; i < tallest; ++i) {
                screen_line line;
                for (std::size_t b = 0; b < blocks.size(); ++b) {
                    line.pad_to(static_cast<int>(b) * (block_width + 2));
                    if (i < blocks[b].size()) {
                        line.text += blocks[b][i].text;
                        line.width += blocks[b][i].width;
                    }
                }
                top.push_back(line);
            }
        }
        top.emplace_back();
        if (update.has_hand() && update.state() != v1::TABLE_STATE_WAITING) {
            const v1::HandView& hand = update.hand();
            screen_line piles;
            piles.add("stock " + std::to_string(hand.stock_count()) + "   discard ");
            if (hand.has_top_discard()) {
                v1::Position shown;
                shown.set_face_up(true);
                *shown.mutable_card() = hand.top_discard();
                add_card(piles, shown, style);
            } else {
                piles.add("none");
            }
            if (hand.holding()) {
                piles.add("   " + seat_name(update, hand.current_seat()) + " holds ");
                if (hand.has_held()) {
                    v1::Position shown;
                    shown.set_face_up(true);
                    *shown.mutable_card() = hand.held();
                    add_card(piles, shown, style);
                } else {
                    piles.add(style.utf8 ? "\u2592\u2592\u2592" : "###", "\x1b[34m");
                }
                piles.add(hand.held_from_discard() ? " (from the discards)" : " (from the stock)");
            }
            top.push_back(piles);
            if (hand.final_round() && hand_in_play(update)) {
                screen_line banner;
                banner.add(" " + final_round_text(update) + " ", "\x1b[1;30;43m");
                top.push_back(banner);
            }
            if (const std::string power = power_line(update); !power.empty())
                add_wrapped(top, power, width, "\x1b[1;35m");
            if (const std::string claims = claim_window_line(picture); !claims.empty()) {
                screen_line bar;
                bar.add(claims + " ", "\x1b[1;33m");
                // The countdown as a bar that empties.
                const long long whole = std::max<long long>(update.claim_window().window_ms(), 1);
                const auto passed = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - picture.update_at);
                const long long left =
                    std::max<long long>(0, static_cast<long long>(update.claim_window().remaining_ms()) -
                                               passed.count());
                const int cells = static_cast<int>(std::clamp<long long>(20 * left / whole, 0, 20));
                std::string cells_text;
                for (int i = 0; i < cells; ++i) cells_text += style.utf8 ? "\u2588" : "=";
                bar.add(cells_text, "\x1b[33m");
                top.push_back(bar);
            }
            if (const std::string claim = claim_outcome_line(update); !claim.empty())
                add_wrapped(top, claim, width, "\x1b[1m");
            if (const std::string result = result_text(update); !result.empty()) {
                std::istringstream lines(result);
                for (std::string line; std::getline(lines, line);) add_wrapped(top, line, width);
            }
        }
        if (!update.note().empty()) add_wrapped(top, update.note(), width, "\x1b[2m");

        // The scorecard: names, the latest holes, totals.
        if (update.scorecard().holes_size() > 0) {
            std::istringstream lines(plain_scorecard(update));
            std::vector<std::string> rows;
            for (std::string line; std::getline(lines, line);) rows.push_back(line);
            for (const std::string& row : rows) add_wrapped(middle, clip(row, static_cast<std::size_t>(width)), width,
                                                           row == "scorecard:" ? "\x1b[1m" : "");
        }
        if (!picture.chat.empty()) {
            screen_line title_line;
            title_line.add("chat:", "\x1b[1m");
            middle.push_back(title_line);
            for (const std::string& line : picture.chat) add_wrapped(middle, "  " + line, width);
        }

        const auto moves = move_choices(update, picture.rules ? &*picture.rules : nullptr);
        if (!moves.empty()) {
            screen_line line;
            for (std::size_t i = 0; i < moves.size(); ++i) {
                const std::string number = std::to_string(i + 1);
                const std::string item = " " + moves[i].label + "   ";
                if (line.width > 0 && line.width + static_cast<int>(number.size() + item.size()) > width) {
                    bottom.push_back(line);
                    line = {};
                }
                line.add(number, "\x1b[1;7m");
                line.add(item);
            }
            bottom.push_back(line);
        }
    }
    if (!picture.notice.empty()) add_wrapped(bottom, picture.notice, width, "\x1b[1;31m");
    screen_line prompt;
    prompt.add(clip(prompt_line(picture), static_cast<std::size_t>(width)), "\x1b[2m");
    bottom.push_back(prompt);
    screen_line input;
    input.add("> ", "\x1b[1m");
    input.add(picture.input);
    bottom.push_back(input);

    // Keep the table and the prompt; the scorecard and chat get what room is left (the latest chat lines).
    const int room = height - static_cast<int>(top.size() + bottom.size());
    if (room < static_cast<int>(middle.size())) {
        const std::size_t keep = static_cast<std::size_t>(std::max(room, 0));
        middle.erase(middle.begin(), middle.end() - static_cast<std::ptrdiff_t>(keep));
    }
    std::vector<screen_line> all = std::move(top);
    all.insert(all.end(), middle.begin(), middle.end());
    const int free_lines = height - static_cast<int>(all.size() + bottom.size());
    for (int i = 0; i < free_lines; ++i) all.emplace_back();
    if (all.size() + bottom.size() > static_cast<std::size_t>(height))
        all.resize(static_cast<std::size_t>(std::max<int>(0, height - static_cast<int>(bottom.size()))));
    all.insert(all.end(), bottom.begin(), bottom.end());
    if (all.size() > static_cast<std::size_t>(height)) all.erase(all.begin(), all.end() - height);

    std::string frame = "\x1b[H";
    for (std::size_t i = 0; i < all.size(); ++i) {
        frame += all[i].text;
        frame += "\x1b[K";
        if (i + 1 < all.size()) frame += "\r\n";
    }
    frame += "\x1b[?25h";  // the cursor stays after the input, where the user types
    return frame;
}

}  // namespace golf::cli
