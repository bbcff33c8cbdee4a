#include "cli/move_choices.hpp"

#include <algorithm>

#include "cli/move_keys.hpp"
#include "cli/names.hpp"

namespace golf::cli {

namespace {

// Words for the moves of one update, as its viewer reads them.
struct move_words {
    const v1::TableUpdate& update;
    const v1::Ruleset* rules;
    bool utf8;

    const v1::HandView& hand() const { return update.hand(); }
    std::uint32_t me() const { return static_cast<std::uint32_t>(std::max(hand().viewer(), 0)); }
    std::string card(const v1::Card& c) const { return card_name(c, utf8); }
    std::string held() const { return hand().has_held() ? "the " + card(hand().held()) : "the card"; }
    // "your" for the viewer's own seat, else "Bob's".
    std::string whose(std::uint32_t seat) const {
        return seat == me() ? "your" : seat_name(update, static_cast<int>(seat)) + "'s";
    }
    // "your top-left card", "Bob's card at row 2, card 4".
    std::string spot(std::uint32_t seat, std::uint32_t position) const {
        return card_at(whose(seat), position, shape_of(hand(), static_cast<int>(seat)));
    }
    // What the viewer knows of their own card at `position`: " (the 5♥)", " (face down)".
    std::string now_there(std::uint32_t position) const {
        const v1::SeatLayout* layout =
            hand().viewer() >= 0 && hand().viewer() < hand().seats_size() ? &hand().seats(hand().viewer()) : nullptr;
        if (!layout || static_cast<int>(position) >= layout->positions_size()) return {};
        const v1::Position& p = layout->positions(static_cast<int>(position));
        if (p.empty()) return " (empty)";
        if (!p.has_card()) return " (face down)";
        return " (the " + card(p.card()) + (p.face_up() ? ")" : ", face down)");
    }
    // DRAW_TWO_KEEP_ONE's choice: the power card (0) or the first or second card it looked at.
    std::string offered(std::uint32_t which) const {
        if (which == 0) return held();
        const int i = static_cast<int>(which) - 1;
        return i < hand().offered_size() ? "the " + card(hand().offered(i)) : "drawn card " + std::to_string(which);
    }
    // POWER_LINES's rows (positions in the first column) or columns (in the first row), named as the keys name them.
    std::string lines(std::uint32_t a, std::uint32_t b) const {
        const std::uint32_t cols = std::max<std::uint32_t>(hand().cols(), 1);
        if (b < cols)
            return "columns " + std::string(1, static_cast<char>('a' + a)) + " and " +
                   std::string(1, static_cast<char>('a' + b));
        return "rows " + std::to_string(a / cols + 1) + " and " + std::to_string(b / cols + 1);
    }
    std::string use_power() const {
        const bool holding = hand().phase() == v1::PHASE_HOLDING && hand().has_held();
        if (!holding && !hand().has_top_discard()) return "use the card's power";
        const v1::Card& c = holding ? hand().held() : hand().top_discard();
        const std::string what = power_text(power_of(rules, c));
        return holding ? "use the " + card(c) + "'s power: " + what
                       : "use the power of the " + card(c) + " on the discards: " + what;
    }
    std::string pass() const {
        switch (hand().phase()) {
            case v1::PHASE_POWER:
                return hand().has_power() && hand().power().kind() == v1::POWER_KIND_TWO_POWERS
                           ? "no second power"
                           : "don't swap (end the power)";
            case v1::PHASE_MATCHING: return "done matching";
            case v1::PHASE_CALLING: return "don't call";
            default: return "don't flip";
        }
    }
    std::string giving(const v1::Action& a) const {
        return a.target_seat() == me() ? std::string() : ", giving " + spot(me(), a.other());
    }

    std::string power_move(const v1::Action& a) const;
    std::string label(const v1::Action& a) const;
};

std::string move_words::power_move(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_POWER_PEEK: return "look at " + spot(a.target_seat(), a.position());
        case v1::ACTION_KIND_POWER_SWAP: {
            std::string first = spot(a.target_seat(), a.position());
            std::string second = spot(a.other_seat(), a.other());
            if (a.other_seat() == me() && a.target_seat() != me()) std::swap(first, second);  // yours first
            return "swap " + first + " with " + second + ", unseen";
        }
        case v1::ACTION_KIND_SHUFFLE: return "shuffle " + whose(a.target_seat()) + " face-down cards";
        case v1::ACTION_KIND_POWER_PLACE:
            if (a.target_seat() == me())
                return "keep " + offered(a.other()) + " in place of " + spot(me(), a.position()) +
                       now_there(a.position()) + ", throw away the rest";
            return "put " + held() + " in place of " + spot(a.target_seat(), a.position());
        case v1::ACTION_KIND_POWER_FLIP:
            return a.target_seat() == me() ? "turn " + spot(me(), a.position()) + " face down"
                                           : "turn " + spot(a.target_seat(), a.position()) + " face up";
        case v1::ACTION_KIND_POWER_LINES:
            return "swap " + whose(a.target_seat()) + " " + lines(a.position(), a.other());
        case v1::ACTION_KIND_POWER_ADD:
            return "add the top stock card, unseen, to " + whose(a.target_seat()) + " cards";
        case v1::ACTION_KIND_POWER_REMOVE: return "throw away " + spot(me(), a.position()) + " face up";
        case v1::ACTION_KIND_CHOOSE_POWER:
            return "choose the power: " + power_text(static_cast<v1::PowerKind>(a.position()));
        default: return "move " + std::to_string(static_cast<int>(a.kind()));
    }
}

std::string move_words::label(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_FLIP: return "turn " + spot(me(), a.position()) + " face up";
        case v1::ACTION_KIND_PEEK: return "peek at " + spot(me(), a.position());
        case v1::ACTION_KIND_SWAP_OWN:
            return "swap " + spot(me(), a.position()) + " with " + spot(me(), a.other()) + ", unseen";
        case v1::ACTION_KIND_READY: return "done rearranging";
        case v1::ACTION_KIND_DRAW_STOCK: return "draw from the stock";
        case v1::ACTION_KIND_TAKE_DISCARD:
            return hand().has_top_discard() ? "take the " + card(hand().top_discard()) + " from the discards"
                                            : "take the discard";
        case v1::ACTION_KIND_PLACE:
            return "put " + held() + " in place of " + spot(me(), a.position()) + now_there(a.position());
        case v1::ACTION_KIND_DISCARD: return "throw away " + held();
        case v1::ACTION_KIND_PASS: return pass();
        case v1::ACTION_KIND_KNOCK:
            return hand().phase() == v1::PHASE_CALLING ? "call (everyone else has one more turn)"
                                                       : "knock (everyone else has one more turn)";
        case v1::ACTION_KIND_REVEAL_ALL: return "turn all your cards up";
        case v1::ACTION_KIND_LOOK: return "pay to look at " + spot(me(), a.position());
        case v1::ACTION_KIND_USE_POWER: return use_power();
        case v1::ACTION_KIND_MATCH:
            return "match " + held() + " with " + spot(a.target_seat(), a.position()) + giving(a);
        case v1::ACTION_KIND_CLAIM:
            return "claim: throw " + spot(a.target_seat(), a.position()) + " on the " +
                   (hand().has_top_discard() ? card(hand().top_discard()) : std::string("discard")) + giving(a);
        default: return power_move(a);
    }
}

}  // namespace

std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    std::vector<move_choice> out;
    if (!update.has_hand() || update.state() != v1::TABLE_STATE_PLAYING) return out;
    const move_words words{update, rules, utf8};
    for (const v1::Action& a : update.hand().legal())
        out.push_back({a, move_key(a, update.hand()), move_key_aliases(a, update.hand()), words.label(a)});
    return out;
}

std::string kind_words(v1::ActionKind kind) {
    switch (kind) {
        case v1::ACTION_KIND_FLIP: return "turn one of your cards face up";
        case v1::ACTION_KIND_PEEK: return "peek at one of your cards";
        case v1::ACTION_KIND_LOOK: return "pay to look at one of your cards";
        case v1::ACTION_KIND_SWAP_OWN: return "swap two of your cards, unseen";
        case v1::ACTION_KIND_PLACE: return "put the card you hold in place of one of yours";
        case v1::ACTION_KIND_POWER_PEEK: return "look at that card";
        case v1::ACTION_KIND_POWER_SWAP: return "swap those two cards, unseen";
        case v1::ACTION_KIND_SHUFFLE: return "shuffle that seat's face-down cards";
        case v1::ACTION_KIND_POWER_PLACE: return "put the card there";
        case v1::ACTION_KIND_POWER_FLIP: return "turn that card over";
        case v1::ACTION_KIND_POWER_LINES: return "swap those rows or columns";
        case v1::ACTION_KIND_POWER_ADD: return "add an unseen card to that seat's cards";
        case v1::ACTION_KIND_POWER_REMOVE: return "throw that card of yours away, face up";
        case v1::ACTION_KIND_CHOOSE_POWER: return "choose that power";
        case v1::ACTION_KIND_MATCH: return "match the card you hold with that card";
        case v1::ACTION_KIND_CLAIM: return "claim: throw that card on the matching discard";
        default: return {};
    }
}

std::optional<std::size_t> find_move(const std::vector<move_choice>& moves, std::string_view typed) {
    const std::string key = normalized_key(typed);
    if (key.empty()) return std::nullopt;
    if (key.size() <= 4 && std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const std::size_t number = std::stoul(key);
        if (number >= 1 && number <= moves.size()) return number - 1;
        return std::nullopt;
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (normalized_key(moves[i].key) == key) return i;
        for (const std::string& alias : moves[i].aliases)
            if (normalized_key(alias) == key) return i;
    }
    return std::nullopt;
}

}  // namespace golf::cli
