#include "engine/action.hpp"

namespace golf {

std::string_view to_string(action_kind kind) {
    switch (kind) {
        case action_kind::flip: return "flip";
        case action_kind::peek: return "peek";
        case action_kind::swap_own: return "swap_own";
        case action_kind::ready: return "ready";
        case action_kind::draw_stock: return "draw_stock";
        case action_kind::take_discard: return "take_discard";
        case action_kind::place: return "place";
        case action_kind::discard: return "discard";
        case action_kind::pass: return "pass";
        case action_kind::knock: return "knock";
        case action_kind::reveal_all: return "reveal_all";
        case action_kind::look: return "look";
        case action_kind::use_power: return "use_power";
        case action_kind::power_peek: return "power_peek";
        case action_kind::power_swap: return "power_swap";
        case action_kind::shuffle: return "shuffle";
        case action_kind::match: return "match";
        case action_kind::claim: return "claim";
        case action_kind::power_place: return "power_place";
        case action_kind::power_flip: return "power_flip";
        case action_kind::power_lines: return "power_lines";
        case action_kind::power_add: return "power_add";
        case action_kind::power_remove: return "power_remove";
        case action_kind::choose_power: return "choose_power";
    }
    return "unknown";
}

bool well_formed(action a) {
    if (!names_target(a.kind) && (a.target != 0 || a.other_target != 0)) return false;
    switch (a.kind) {
        case action_kind::power_peek: return a.other == 0 && a.other_target == 0;
        case action_kind::power_swap:  // one spelling per pair of positions
            return a.target < a.other_target || (a.target == a.other_target && a.slot < a.other);
        case action_kind::shuffle: return a.slot == 0 && a.other == 0 && a.other_target == 0;
        case action_kind::match:
        case action_kind::claim: return a.other_target == 0;
        case action_kind::swap_own: return a.slot < a.other;  // one spelling per pair
        case action_kind::power_place: return a.other_target == 0 && a.other <= 2;
        case action_kind::power_flip: return a.other == 0 && a.other_target == 0;
        case action_kind::power_lines: return a.other_target == 0 && a.slot < a.other;
        case action_kind::power_add: return a.slot == 0 && a.other == 0 && a.other_target == 0;
        case action_kind::power_remove:
        case action_kind::choose_power:
        case action_kind::flip:
        case action_kind::peek:
        case action_kind::place:
        case action_kind::look: return a.other == 0;
        default: return a.slot == 0 && a.other == 0;
    }
}

std::string_view to_string(action_error error) {
    switch (error) {
        case action_error::none: return "ok";
        case action_error::hand_over: return "the hand is over";
        case action_error::not_a_seat: return "no such seat at this table";
        case action_error::not_your_turn: return "it is not your turn";
        case action_error::wrong_phase: return "that move is not possible at this point of the turn";
        case action_error::bad_position: return "that position cannot be used for this move";
        case action_error::not_allowed: return "the rules in force do not allow that move now";
        case action_error::malformed: return "the move carries a position its kind does not use";
        case action_error::no_room: return "the layout has no room for the card this move may add";
    }
    return "unknown error";
}

}  // namespace golf
