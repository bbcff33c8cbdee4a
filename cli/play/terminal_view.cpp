#include "cli/play/terminal_view.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "cli/play/event_text.hpp"
#include "cli/play/move_keys.hpp"
#include "cli/play/screen_panes.hpp"
#include "proto/bot_levels.hpp"

namespace golf::cli {

namespace {

// A card in running text: the same name as in the move log ("Q♦", "10♣", "joker").
std::string card_text(const v1::Card& c, bool utf8) { return card_name(c, utf8); }

std::string state_name(v1::TableState state) {
    switch (state) {
        case v1::TABLE_STATE_WAITING: return "waiting for players";
        case v1::TABLE_STATE_PLAYING: return "playing";
        case v1::TABLE_STATE_BETWEEN_HOLES: return "between holes";
        case v1::TABLE_STATE_FINISHED: return "match over";
        default: return "unknown state";
    }
}

// " Bob" after a seat's number, nothing for a seat nobody has taken.
std::string listed_name(const v1::TableUpdate& update, int s) {
    return update.seats(s).name().empty() ? std::string() : " " + update.seats(s).name();
}

std::string seat_tags(const table_picture& picture, const v1::TableUpdate& update, int s) {
    const v1::SeatInfo& info = update.seats(s);
    std::vector<std::string> tags;
    if (s == picture.seat) tags.emplace_back("you");
    if (static_cast<int>(update.host_seat()) == s) tags.emplace_back("host");
    if (info.occupied() && info.bot() == v1::BOT_LEVEL_UNSPECIFIED && !info.registered()) tags.emplace_back("guest");
    if (!info.occupied()) tags.emplace_back("free");
    else if (info.bot() == v1::BOT_LEVEL_HEURISTIC || !v1::BotLevel_IsValid(info.bot())) tags.emplace_back("bot");
    else if (info.bot() != v1::BOT_LEVEL_UNSPECIFIED)  // "random bot", "hard bot", "search 5000 bot"
        tags.emplace_back(wire::bot_label({info.bot(), info.search_budget()}) + " bot");
    else if (info.open()) tags.emplace_back("open: a bot plays until someone joins");
    else if (info.forfeited()) tags.emplace_back("forfeited");
    else if (info.bot_standing_in()) tags.emplace_back("away, a bot plays");
    else if (!info.connected()) tags.emplace_back("away");
    std::string out;
    for (const std::string& t : tags) out += (out.empty() ? "" : ", ") + t;
    return out.empty() ? out : " (" + out + ")";
}

bool hand_in_play(const v1::TableUpdate& update) {
    return update.has_hand() && update.hand().phase() != v1::PHASE_OVER && update.state() == v1::TABLE_STATE_PLAYING;
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
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
    const long long left_ms =
        std::max<long long>(0, static_cast<long long>(update.clock().remaining_ms()) - passed.count());
    const long long seconds = (left_ms + 999) / 1000;
    std::ostringstream out;
    out << "clock: " << (update.clock().seat() >= 0 ? seat_name(update, update.clock().seat()) : "everyone") << ' '
        << seconds / 60 << ':' << std::setw(2) << std::setfill('0') << seconds % 60;
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

// "power: Bob is using a power (look at one of their own cards); looked at your top-left card", in the reader's
// point of view.
std::string power_line(const v1::TableUpdate& update, bool utf8) {
    const v1::HandView& hand = update.hand();
    if (!hand_in_play(update) || hand.phase() != v1::PHASE_POWER || !hand.has_power()) return {};
    const v1::PowerInUse& power = hand.power();
    const int user = hand.current_seat();
    const bool mine = user == hand.viewer();
    const auto words = [&](v1::PowerKind kind) { return mine ? power_text(kind) : power_text_of_others(kind); };
    const auto whose = [&](int seat) {
        return seat == hand.viewer() ? std::string("your") : seat == user ? "their" : seat_name(update, seat) + "'s";
    };
    std::string out = "power: " + (mine ? std::string("you are") : seat_name(update, user) + " is") +
                      " using a power (" + words(power.kind()) + ")";
    std::vector<std::string> seen;
    if (power.own_position() >= 0)
        seen.push_back(card_at(whose(user), static_cast<std::uint32_t>(power.own_position()), shape_of(hand, user)));
    if (power.seat() >= 0 && power.position() >= 0)
        seen.push_back(
            card_at(whose(power.seat()), static_cast<std::uint32_t>(power.position()), shape_of(hand, power.seat())));
    for (std::size_t i = 0; i < seen.size(); ++i) out += (i == 0 ? "; looked at " : " and ") + seen[i];
    if (power.kind() == v1::POWER_KIND_TWO_POWERS)
        out += power.picks_left() >= 2 ? "; choose the first of two powers"
                                       : "; after " + words(power.first_pick()) + ", a second power may follow";
    if (hand.offered_size() > 0) {
        out += "; you drew";
        for (const v1::Card& c : hand.offered()) out += " " + card_text(c, utf8);
    }
    return out;
}

// "claims open: 2.4s left" while the window runs (counted down from the update's arrival).
std::string claim_window_line(const table_picture& picture) {
    const v1::TableUpdate& update = *picture.update;
    if (!update.has_claim_window() || !hand_in_play(update)) return {};
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
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
    std::string out = "claim: " + (mine ? std::string("you") : seat_name(update, claim.seat())) +
                      " claimed first and " +
                      (claim.correct() ? "the card matched" : "the card did not match (penalty)");
    if (claim.refused() > 0)
        out += " (" + std::to_string(claim.refused()) + (claim.refused() == 1 ? " later claim" : " later claims") +
               " refused)";
    return out;
}

// ---- the screen ----

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
    std::string face = card_name(c, style.utf8);  // the same name as everywhere, right-aligned
    std::string colour = "\x1b[1m";
    if (c.rank() == 0 || c.rank() > 13) {
        face = style.utf8 ? "Jk\u2605" : "Jk*";  // "joker" does not fit three columns
        colour = "\x1b[1;35m";
    } else {
        if (c.rank() != 10) face = " " + face;
        if (c.suit() == v1::SUIT_DIAMONDS || c.suit() == v1::SUIT_HEARTS) colour = "\x1b[1;31m";
    }
    if (!p.face_up()) colour += "\x1b[4;2m";  // face down but known to you: underlined and dim
    if (cancelled) colour += "\x1b[9;2m";
    line.add(face, colour);
}

std::vector<screen_line> seat_block(const table_picture& picture, int s, int block_width, const screen_style& style) {
    const v1::TableUpdate& update = *picture.update;
    std::vector<screen_line> lines;
    const bool turn =
        hand_in_play(update) && update.hand().current_seat() == s && update.hand().phase() != v1::PHASE_START;
    screen_line name;
    name.add(turn ? (style.utf8 ? "\u25b6 " : "> ") : "  ", "\x1b[1;33m");
    // The seat's number (from 1) comes first: it starts the keys of its cards ("l 2a2"). The colon keeps it apart
    // from a name with a number of its own, as the server's bots have ("2: bot 1 (heuristic)").
    name.add(clip(seat_number(s) + ":" + listed_name(update, s) + seat_tags(picture, update, s),
                  static_cast<std::size_t>(block_width - 2)),
             s == picture.seat ? "\x1b[1;36m" : (turn ? "\x1b[1m" : ""));
    lines.push_back(name);
    if (update.has_hand() && s < update.hand().seats_size()) {
        const v1::HandView& hand = update.hand();
        const v1::SeatLayout& layout = hand.seats(s);
        const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
        const v1::LayoutScore* score =
            hand.phase() == v1::PHASE_OVER && hand.has_result() && s < hand.result().layouts_size()
                ? &hand.result().layouts(s)
                : nullptr;
        screen_line letters;  // column letters over the cards and row numbers beside them: the places' keys
        letters.add("  ");
        for (int c = 0; c < cols; ++c) letters.add(" " + std::string(1, static_cast<char>('a' + c)) + "  ", "\x1b[2m");
        lines.push_back(letters);
        for (int r = 0; r * cols < layout.positions_size(); ++r) {
            screen_line row;
            row.add(std::to_string(r + 1) + (r < 9 ? " " : ""), "\x1b[2m");
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
            words += "  holds " + (hand.has_held() ? card_text(hand.held(), style.utf8) : std::string("a card"));
        status.add(clip(words, static_cast<std::size_t>(block_width - 2)), "\x1b[2m");
        lines.push_back(status);
    }
    return lines;
}

}  // namespace

bool is_host(const table_picture& picture) {
    return picture.update && picture.seat >= 0 && static_cast<int>(picture.update->host_seat()) == picture.seat;
}

bool all_seats_filled(const v1::TableUpdate& update) {
    for (const v1::SeatInfo& seat : update.seats())
        if (!seat.occupied()) return false;
    return update.seats_size() > 0;
}

std::vector<move_choice> picture_moves(const table_picture& picture) {
    if (!picture.update) return {};
    return move_choices(*picture.update, picture.rules ? &*picture.rules : nullptr, picture.utf8);
}

std::string next_hole_line(const table_picture& picture) {
    if (!picture.update || !picture.update->has_next_hole()) return {};
    const v1::TableUpdate& update = *picture.update;
    const v1::NextHoleWait& wait = update.next_hole();
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
    const long long seconds =
        (std::max<long long>(0, static_cast<long long>(wait.remaining_ms()) - passed.count()) + 999) / 1000;
    std::ostringstream out;
    out << "next hole in " << seconds / 60 << ':' << std::setw(2) << std::setfill('0') << seconds % 60;
    std::string names;
    for (const std::uint32_t s : wait.waiting())
        names += (names.empty() ? "" : ", ") +
                 (static_cast<int>(s) == picture.seat ? std::string("you") : seat_name(update, static_cast<int>(s)));
    if (!names.empty()) out << ", still reading: " << names;
    const auto& ready = wait.ready();
    const bool sent = std::find(ready.begin(), ready.end(), static_cast<std::uint32_t>(picture.seat)) != ready.end();
    if (picture.seat >= 0) out << (sent ? " (you are ready)" : " (n when you are ready)");
    return out.str();
}

std::string prompt_line(const table_picture& picture) {
    if (!picture.update) return "connecting... (q to quit)";
    const v1::TableUpdate& update = *picture.update;
    const auto moves = picture_moves(picture);
    if (!moves.empty())
        return "move? 1-" + std::to_string(moves.size()) + " or a key (? for the keys, c TEXT to chat, q to quit)";
    switch (update.state()) {
        case v1::TABLE_STATE_WAITING:
            if (!is_host(picture)) return "waiting for the host to start (c TEXT to chat, q to quit)";
            if (all_seats_filled(update)) return "every seat is filled: s to start, c TEXT to chat, q to quit";
            return "waiting for players to join with the code " + update.code() +
                   ": b to add a bot, c TEXT to chat, q to quit";
        case v1::TABLE_STATE_FINISHED:
            return std::string("the match is over: ") + (is_host(picture) ? "a for a rematch, " : "") +
                   "c TEXT to chat, q to quit";
        case v1::TABLE_STATE_BETWEEN_HOLES:
            if (picture.seat >= 0 && update.has_next_hole())
                return "n for the next hole, c TEXT to chat, ? for the keys, q to quit";
            return "the next hole starts shortly (c TEXT to chat, q to quit)";
        default:
            if (picture.seat < 0) return "watching (c TEXT to chat, q to quit)";
            if (update.has_hand())
                return "waiting for " + seat_name(update, update.hand().current_seat()) +
                       " (c TEXT to chat, q to quit)";
            return "waiting (c TEXT to chat, q to quit)";
    }
}

std::string plain_card(const v1::Position& p, bool utf8) {
    if (p.empty()) return "--";
    if (!p.has_card()) return "##";
    return p.face_up() ? card_text(p.card(), utf8) : "(" + card_text(p.card(), utf8) + ")";
}

std::string plain_scorecard(const v1::TableUpdate& update, bool utf8) {
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
                out << ' ' << seat_name(update, static_cast<int>(draw.seat())) << ' ' << card_text(draw.card(), utf8);
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
    for (std::size_t i = 0; i < moves.size(); ++i)
        out += "  " + std::to_string(i + 1) + ". " + moves[i].label + "  [" + moves[i].key + "]\n";
    return out;
}

std::string plain_help(const table_picture& picture) {
    std::string out;
    const v1::HandView* hand = picture.update && picture.update->has_hand() ? &picture.update->hand() : nullptr;
    for (const std::string& line : key_help(hand)) out += line + "\n";
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
        out << "seat " << seat_number(s) << listed_name(update, s) << seat_tags(picture, update, s);
        if (show_hand && s < update.hand().seats_size()) {
            const v1::HandView& hand = update.hand();
            if (hand_in_play(update) && hand.current_seat() == s && hand.phase() != v1::PHASE_START) out << " to play";
            out << ':';
            const v1::SeatLayout& layout = hand.seats(s);
            const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
            for (int i = 0; i < layout.positions_size(); ++i)
                out << (i > 0 && i % cols == 0 ? " / " : " ") << plain_card(layout.positions(i), picture.utf8);
            if (hand.phase() == v1::PHASE_START && layout.start_left() > 0)
                out << " (" << layout.start_left() << " to turn)";
            for (int i = 0; i < layout.shields_size(); ++i)
                out << (i == 0 ? "; shield" : ",") << ' ' << card_text(layout.shields(i), picture.utf8);
        }
        out << '\n';
    }
    if (show_hand) {
        const v1::HandView& hand = update.hand();
        out << "stock " << hand.stock_count() << ", discard "
            << (hand.has_top_discard() ? card_text(hand.top_discard(), picture.utf8) : std::string("none")) << " ("
            << hand.discard_count() << (hand.discard_count() == 1 ? " card)" : " cards)");
        if (hand.holding())
            out << ", " << seat_name(update, hand.current_seat()) << " holds "
                << (hand.has_held() ? card_text(hand.held(), picture.utf8) : std::string("a card")) << " from the "
                << (hand.held_from_discard() ? "discards" : "stock");
        out << '\n';
        if (const std::string power = power_line(update, picture.utf8); !power.empty()) out << power << '\n';
        if (const std::string claims = claim_window_line(picture); !claims.empty()) out << claims << '\n';
        if (const std::string claim = claim_outcome_line(update); !claim.empty()) out << claim << '\n';
        if (hand.final_round() && hand_in_play(update)) out << final_round_text(update) << '\n';
        if (const std::string clock = clock_text(picture); !clock.empty()) out << clock << '\n';
        if (const std::string result = result_text(update); !result.empty()) out << result << '\n';
    }
    if (update.state() == v1::TABLE_STATE_BETWEEN_HOLES || update.state() == v1::TABLE_STATE_FINISHED) {
        if (update.state() == v1::TABLE_STATE_FINISHED) out << "match over\n";
        out << plain_scorecard(update, picture.utf8);
    }
    if (const std::string wait = next_hole_line(picture); !wait.empty()) out << wait << '\n';
    return out.str();
}

std::string plain_log(const table_picture& picture, std::span<const v1::TableEvent> fresh) {
    if (!picture.update || fresh.empty()) return {};
    std::string out;
    const log_reader reader = reader_for(*picture.update, picture.rules ? &*picture.rules : nullptr, picture.utf8);
    for (const log_line& line : log_lines(fresh, reader)) out += "log: " + line.text + "\n";
    return out;
}

namespace {

// Seats side by side, as many to a row as the width allows; blocks share the width (names and tags fit better),
// within reason.
void add_seats(std::vector<screen_line>& top, const table_picture& picture, const screen_style& style, int width) {
    const v1::TableUpdate& update = *picture.update;
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
}

// The piles, the held card, the final round, the power in use, the claims and a finished hole's scores.
void add_hand(std::vector<screen_line>& top, const table_picture& picture, const screen_style& style, int width) {
    const v1::TableUpdate& update = *picture.update;
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
        if (const std::string power = power_line(update, style.utf8); !power.empty())
            add_wrapped(top, power, width, "\x1b[1;35m");
        if (const std::string claims = claim_window_line(picture); !claims.empty()) {
            screen_line bar;
            bar.add(claims + " ", "\x1b[1;33m");
            // The countdown as a bar that empties.
            const long long whole = std::max<long long>(update.claim_window().window_ms(), 1);
            const auto passed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                                      picture.update_at);
            const long long left =
                std::max<long long>(0, static_cast<long long>(update.claim_window().remaining_ms()) - passed.count());
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
}

// The header, every seat's layout, the piles and what is going on (power, claims, final round, scores, notes).
std::vector<screen_line> table_lines(const table_picture& picture, const screen_style& style, int width) {
    std::vector<screen_line> top;
    screen_line header;
    header.add(" golf ", "\x1b[1;30;42m");
    if (!picture.update) {
        header.add("  connecting to " + picture.url);
        top.push_back(header);
        return top;
    }
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
    add_seats(top, picture, style, width);
    top.emplace_back();
    add_hand(top, picture, style, width);
    if (!update.note().empty()) add_wrapped(top, update.note(), width, "\x1b[2m");
    for (const std::string& glimpse : picture.glimpses)
        add_wrapped(top, "seen once, remember it: " + glimpse, width, "\x1b[1;35m");
    if (const std::string wait = next_hole_line(picture); !wait.empty()) add_wrapped(top, wait, width, "\x1b[1;33m");
    return top;
}

// The log, the scorecard and the chat, sharing what the table and the prompt leave: during a hole the log comes
// first, between holes the scorecard.
std::vector<screen_line> middle_lines(const table_picture& picture, const screen_style& style, int width, int room) {
    const v1::TableUpdate& update = *picture.update;
    const bool playing = update.state() == v1::TABLE_STATE_PLAYING;
    pane scores{{}, playing ? 2 : 0, playing ? 0 : 4, false};
    if (update.scorecard().holes_size() > 0) {
        std::istringstream lines(plain_scorecard(update, style.utf8));
        for (std::string line; std::getline(lines, line);)
            add_wrapped(scores.lines, clip(line, static_cast<std::size_t>(width)), width,
                        line == "scorecard:" ? "\x1b[1m" : "");
    }
    pane log{log_pane(picture, style, width), playing ? 0 : 1, 4, true};
    pane chat{{}, 1, 3, true};
    if (!picture.chat.shown().empty()) {
        screen_line title_line;
        title_line.add("chat:", "\x1b[1m");
        chat.lines.push_back(title_line);
        for (const std::string& line : picture.chat.shown()) add_wrapped(chat.lines, "  " + line, width, {}, "    ");
    }
    return share_room({scores, log, chat}, room);
}

}  // namespace

std::string screen_frame(const table_picture& picture, const screen_style& style) {
    const int width = std::max(style.width, 40);
    const int height = std::max(style.height, 10);
    std::vector<screen_line> top;
    std::vector<screen_line> bottom;
    if (picture.help) {
        top = table_lines(picture, style, width);
        top.resize(1);  // the header; the keys take the rest
        const std::vector<screen_line> help = help_pane(picture, width);
        top.insert(top.end(), help.begin(), help.end());
    } else {
        top = table_lines(picture, style, width);
        if (picture.update) bottom = moves_pane(picture_moves(picture), width, std::max(3, height / 5));
    }
    if (!picture.notice.empty()) add_wrapped(bottom, picture.notice, width, "\x1b[1;31m");
    screen_line prompt;
    prompt.add(clip(picture.help ? std::string("Enter closes the keys") : prompt_line(picture),
                    static_cast<std::size_t>(width)),
               "\x1b[2m");
    bottom.push_back(prompt);
    screen_line input;
    input.add("> ", "\x1b[1m");
    input.add(picture.input);
    bottom.push_back(input);

    // Keep the table and the prompt; the log, the scorecard and the chat get what room is left.
    std::vector<screen_line> all = std::move(top);
    if (picture.update && !picture.help) {
        const std::vector<screen_line> middle =
            middle_lines(picture, style, width, height - static_cast<int>(all.size() + bottom.size()));
        all.insert(all.end(), middle.begin(), middle.end());
    }
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
