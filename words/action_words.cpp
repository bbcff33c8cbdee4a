#include "words/action_words.hpp"

#include <algorithm>
#include <utility>

namespace golf::words {

namespace {

// Words for the moves of one scene.
struct move_words {
    const action_scene& scene;

    bool sees_hand() const { return scene.hand != nullptr; }
    std::string card(const v1::Card& c) const { return card_name(c, scene.utf8); }
    std::string held() const {
        return sees_hand() && scene.hand->has_held() ? "the " + card(scene.hand->held()) : "the card";
    }
    // "your" for the reader's own seat, "their" for the mover's, else "Bob's".
    std::string whose(std::uint32_t seat) const {
        const int s = static_cast<int>(seat);
        if (s == scene.reader) return "your";
        if (s == scene.actor) return "their";
        return scene.seat_name(s) + "'s";
    }
    // "your top-left card", "Bob's card at row 2, card 4".
    std::string spot(std::uint32_t seat, std::uint32_t position) const {
        return card_at(whose(seat), position, scene.shape(static_cast<int>(seat)));
    }
    // What the reader knows of their own card at `position` when the move is theirs: " (the 5♥)", " (face down)".
    std::string now_there(std::uint32_t position) const {
        if (!sees_hand() || scene.reader < 0 || scene.reader != scene.actor) return {};
        const v1::HandView& hand = *scene.hand;
        if (scene.reader >= hand.seats_size()) return {};
        const v1::SeatLayout& layout = hand.seats(scene.reader);
        if (static_cast<int>(position) >= layout.positions_size()) return {};
        const v1::Position& p = layout.positions(static_cast<int>(position));
        if (p.empty()) return " (empty)";
        if (!p.has_card()) return " (face down)";
        return " (the " + card(p.card()) + (p.face_up() ? ")" : ", face down)");
    }
    // DRAW_TWO_KEEP_ONE's choice: the power card (0) or the first or second card it looked at.
    std::string offered(std::uint32_t which) const {
        if (which == 0) return held();
        const int i = static_cast<int>(which) - 1;
        return sees_hand() && i < scene.hand->offered_size() ? "the " + card(scene.hand->offered(i))
                                                             : "drawn card " + std::to_string(which);
    }
    // POWER_LINES's rows (positions in the first column) or columns (in the first row), named as the keys name them.
    std::string lines(std::uint32_t seat, std::uint32_t a, std::uint32_t b) const {
        const std::uint32_t cols = std::max<std::uint32_t>(scene.shape(static_cast<int>(seat)).cols, 1);
        if (b < cols)
            return "columns " + std::string(1, static_cast<char>('a' + a)) + " and " +
                   std::string(1, static_cast<char>('a' + b));
        return "rows " + std::to_string(a / cols + 1) + " and " + std::to_string(b / cols + 1);
    }
    std::string use_power() const {
        if (!sees_hand()) return "use the card's power";
        const v1::HandView& hand = *scene.hand;
        const bool holding = hand.phase() == v1::PHASE_HOLDING && hand.has_held();
        if (!holding && !hand.has_top_discard()) return "use the card's power";
        const v1::Card& c = holding ? hand.held() : hand.top_discard();
        const std::string what = power_text(power_of(scene.rules, c));
        return holding ? "use the " + card(c) + "'s power: " + what
                       : "use the power of the " + card(c) + " on the discards: " + what;
    }
    std::string pass() const {
        switch (sees_hand() ? scene.hand->phase() : v1::PHASE_UNSPECIFIED) {
            case v1::PHASE_POWER:
                return scene.hand->has_power() && scene.hand->power().kind() == v1::POWER_KIND_TWO_POWERS
                           ? "no second power"
                           : "don't swap (end the power)";
            case v1::PHASE_MATCHING: return "done matching";
            case v1::PHASE_CALLING: return "don't call";
            case v1::PHASE_UNSPECIFIED: return "pass";
            default: return "don't flip";
        }
    }
    std::string knock() const {
        return sees_hand() && scene.hand->phase() == v1::PHASE_CALLING ? "call (everyone else has one more turn)"
                                                                       : "knock (everyone else has one more turn)";
    }
    std::string discard_pile() const {
        return sees_hand() && scene.hand->has_top_discard() ? card(scene.hand->top_discard()) : std::string("discard");
    }
    std::string giving(const v1::Action& a) const {
        return static_cast<int>(a.target_seat()) == scene.actor ? std::string()
                                                                : ", giving " + spot(actor(), a.other());
    }
    std::uint32_t actor() const { return static_cast<std::uint32_t>(std::max(scene.actor, 0)); }

    std::string power_move(const v1::Action& a) const;
    std::string label(const v1::Action& a) const;
};

std::string move_words::power_move(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_POWER_PEEK: return "look at " + spot(a.target_seat(), a.position());
        case v1::ACTION_KIND_POWER_SWAP: {
            std::string first = spot(a.target_seat(), a.position());
            std::string second = spot(a.other_seat(), a.other());
            if (a.other_seat() == actor() && a.target_seat() != actor()) std::swap(first, second);  // the mover's first
            return "swap " + first + " with " + second + ", unseen";
        }
        case v1::ACTION_KIND_SHUFFLE: return "shuffle " + whose(a.target_seat()) + " face-down cards";
        case v1::ACTION_KIND_POWER_PLACE:
            if (a.target_seat() == actor())
                return "keep " + offered(a.other()) + " in place of " + spot(actor(), a.position()) +
                       now_there(a.position()) + ", throw away the rest";
            return "put " + held() + " in place of " + spot(a.target_seat(), a.position());
        case v1::ACTION_KIND_POWER_FLIP:
            return a.target_seat() == actor() ? "turn " + spot(actor(), a.position()) + " face down"
                                              : "turn " + spot(a.target_seat(), a.position()) + " face up";
        case v1::ACTION_KIND_POWER_LINES:
            return "swap " + whose(a.target_seat()) + " " + lines(a.target_seat(), a.position(), a.other());
        case v1::ACTION_KIND_POWER_ADD:
            return "add the top stock card, unseen, to " + whose(a.target_seat()) + " cards";
        case v1::ACTION_KIND_POWER_REMOVE: return "throw away " + spot(actor(), a.position()) + " face up";
        case v1::ACTION_KIND_CHOOSE_POWER:
            return "choose the power: " + power_text(static_cast<v1::PowerKind>(a.position()));
        default: return "move " + std::to_string(static_cast<int>(a.kind()));
    }
}

std::string move_words::label(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_FLIP: return "turn " + spot(actor(), a.position()) + " face up";
        case v1::ACTION_KIND_PEEK: return "peek at " + spot(actor(), a.position());
        case v1::ACTION_KIND_SWAP_OWN:
            return "swap " + spot(actor(), a.position()) + " with " + spot(actor(), a.other()) + ", unseen";
        case v1::ACTION_KIND_READY: return "done rearranging";
        case v1::ACTION_KIND_DRAW_STOCK: return "draw from the stock";
        case v1::ACTION_KIND_TAKE_DISCARD:
            return sees_hand() && scene.hand->has_top_discard()
                       ? "take the " + card(scene.hand->top_discard()) + " from the discards"
                       : "take the discard";
        case v1::ACTION_KIND_PLACE:
            return "put " + held() + " in place of " + spot(actor(), a.position()) + now_there(a.position());
        case v1::ACTION_KIND_DISCARD: return "throw away " + held();
        case v1::ACTION_KIND_PASS: return pass();
        case v1::ACTION_KIND_KNOCK: return knock();
        case v1::ACTION_KIND_REVEAL_ALL: return "turn all " + whose(actor()) + " cards up";
        case v1::ACTION_KIND_LOOK: return "pay to look at " + spot(actor(), a.position());
        case v1::ACTION_KIND_USE_POWER: return use_power();
        case v1::ACTION_KIND_MATCH:
            return "match " + held() + " with " + spot(a.target_seat(), a.position()) + giving(a);
        case v1::ACTION_KIND_CLAIM:
            return "claim: throw " + spot(a.target_seat(), a.position()) + " on the " + discard_pile() + giving(a);
        default: return power_move(a);
    }
}

}  // namespace

action_scene scene_of(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    const v1::HandView& hand = update.hand();
    const int viewer = std::max(hand.viewer(), 0);
    return action_scene{viewer,
                        viewer,
                        [&update](int s) { return seat_name(update, s); },
                        [&hand](int s) { return shape_of(hand, s); },
                        &hand,
                        rules,
                        utf8};
}

std::string action_words(const v1::Action& a, const action_scene& scene) { return move_words{scene}.label(a); }

}  // namespace golf::words
