// What a seat can do, what the engine says back when it can't, and the public record of what happened.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/card.hpp"

namespace golf {

enum class action_kind : std::uint8_t {
    flip,          // turn one of your face-down cards up (start, a flip-only turn, after discarding)
    peek,          // look privately at one of your face-down cards during the start
    swap_own,      // while rearranging after the start: exchange two of your positions without looking
    ready,         // finish rearranging
    draw_stock,    // take the top card of the stock
    take_discard,  // take the top card of the discard pile
    place,         // put the card you hold at a position; the card there goes to the discard pile
    discard,       // put the card you drew from the stock on the discard pile
    pass,          // decline the optional flip after discarding
    knock,         // end your part in play: everyone else has one more turn
    reveal_all,    // turn all your remaining cards face up, which starts the end of play
    look,          // pay look_cost points to look at one of your face-down cards during your turn
};

struct action {
    action_kind kind = action_kind::draw_stock;
    std::uint8_t slot = 0;   // a position in the actor's own layout (row-major), where the kind takes one
    std::uint8_t other = 0;  // the second position of swap_own (always greater than slot)
    friend constexpr bool operator==(action, action) = default;
};

std::string_view to_string(action_kind kind);
// Fields a kind does not use are zero, so one move has one spelling in logs, replays and comparisons.
bool well_formed(action a);

enum class action_error : std::uint8_t {
    none,
    hand_over,        // the hand has ended
    not_a_seat,       // the seat number is not at this table
    not_your_turn,    // another seat is to act
    wrong_phase,      // this kind of action is not possible at this point of the turn
    bad_position,     // the position is outside the layout, empty, or not allowed by the rule in force
    not_allowed,      // the ruleset does not allow it here (e.g. knocking in the final round)
    malformed,        // the action sets a field its kind does not use (kept canonical for logs and replays)
};

std::string_view to_string(action_error error);

enum class event_kind : std::uint8_t {
    flipped, peeked, swapped_own, ready, drew_stock, took_discard, placed, discarded, passed, knocked,
    revealed_all, looked, turn_skipped, stock_reshuffled, final_round, lines_removed, exposed, hand_over,
};

// Public information only: `card_shown` is set when the event puts a card in everyone's sight.
struct event {
    event_kind kind;
    std::int8_t seat = -1;
    std::uint8_t slot = 0;
    std::uint8_t other = 0;
    std::optional<card> card_shown;
    friend bool operator==(const event&, const event&) = default;
};

}  // namespace golf
