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
    // Power cards and their relatives (see hand.hpp). These name a seat: `target` (and `other_target`).
    use_power,   // holding a power card from the stock: discard it and use its power; at the start of a turn
                 // (discard_power_reuse): use the power of the top discard
    power_peek,  // the power in use: look at target's card at slot
    power_swap,  // the power in use: exchange target's slot with other_target's other, unseen
    shuffle,     // the power in use: shuffle target's face-down cards
    match,       // try the held card against target's card at slot; other: your card given when target is not you
    claim,       // out of turn: throw target's card at slot on the top discard; other as for match
    // The rest of Powers' table: steps of the power in use (see ruleset.hpp's power_kind).
    power_place,   // swap_in: the power card replaces target's slot (other 0); draw_two_keep_one: card `other` (0 the
                   // power card, 1 and 2 the cards drawn) replaces your slot (target is you)
    power_flip,    // turn_card: turn target's face-down card at slot up, or, target being you, your face-up one down
    power_lines,   // swap_lines: exchange two lines of target's layout: two rows named by their positions in the
                   // first column (slot, other: multiples of cols), or two columns by theirs in the first row
    power_add,     // add_or_remove: the top stock card goes, unseen, into target's first empty position
    power_remove,  // add_or_remove: your card at slot goes face up onto the discard pile
    choose_power,  // two_powers: use the power whose power_kind number is slot next
};

struct action {
    action_kind kind = action_kind::draw_stock;
    std::uint8_t slot = 0;    // a position (row-major) in the actor's own layout, or in target's for the kinds above
    std::uint8_t other = 0;   // swap_own: the second position (> slot); power_swap: in other_target's layout;
                              // match, claim: the actor's own card given in exchange when target is another seat
    std::uint8_t target = 0;  // a seat, for the kinds that reach any layout
    std::uint8_t other_target = 0;  // power_swap's second seat; (target, slot) < (other_target, other)
    friend constexpr bool operator==(action, action) = default;
};

// The action kinds that name a seat in `target`.
constexpr bool names_target(action_kind kind) {
    return kind == action_kind::power_peek || kind == action_kind::power_swap || kind == action_kind::shuffle ||
           kind == action_kind::match || kind == action_kind::claim || kind == action_kind::power_place ||
           kind == action_kind::power_flip || kind == action_kind::power_lines || kind == action_kind::power_add;
}

std::string_view to_string(action_kind kind);
// Fields a kind does not use are zero, so one move has one spelling in logs, replays and comparisons.
bool well_formed(action a);

enum class action_error : std::uint8_t {
    none,
    hand_over,      // the hand has ended
    not_a_seat,     // the seat number is not at this table
    not_your_turn,  // another seat is to act
    wrong_phase,    // this kind of action is not possible at this point of the turn
    bad_position,   // the position is outside the layout, empty, or not allowed by the rule in force
    not_allowed,    // the ruleset does not allow it here (e.g. knocking in the final round)
    malformed,      // the action sets a field its kind does not use (kept canonical for logs and replays)
    no_room,        // the layout has no empty position left for the card this move may add
};

std::string_view to_string(action_error error);

enum class event_kind : std::uint8_t {
    flipped,
    peeked,
    swapped_own,
    ready,
    drew_stock,
    took_discard,
    placed,
    discarded,
    passed,
    knocked,
    revealed_all,
    looked,
    turn_skipped,
    stock_reshuffled,
    final_round,
    lines_removed,
    exposed,
    hand_over,
    // Powers, matches and claims: `target` (and `other_target`) name the layouts touched.
    power_used,    // seat used the power of card_shown
    peeked_at,     // seat looked at target's slot (the value goes only to seat's view)
    swapped,       // target's slot and other_target's other exchanged, each with what seats knew of it
    shuffled,      // target's face-down cards were shuffled: nobody knows them any more
    shown,         // target's slot was shown to everyone (a match or claim tried it): card_shown
    thrown,        // target's slot went onto the discard pile: card_shown; the position is now empty
    gave,          // seat's slot moved, unseen, into target's other (the place a thrown card left)
    added,         // a card joined target's layout at slot: card_shown when everyone knows it; known to seat
                   // when seat >= 0 (their own drawn card), else to nobody (a penalty card)
    match_failed,  // seat's match or claim did not match
    called,        // seat called at the end of a turn (as knocked)
    layout_emptied,
    call_cancelled,  // seat's power cancelled the call in force: play goes on as if nobody had called
    offered,         // seat privately looked at the next `other` stock cards (draw_two_keep_one; the cards are in
                     // seat's view only)
    shield_kept,     // seat kept card_shown face up beside its layout as a shield
    blocked,         // target's shield (card_shown, now on the discard pile) blocked seat's power, which is spent
    turned_up,       // seat turned target's slot face up: card_shown
    turned_down,     // seat turned its own slot face down; everyone saw it: card_shown
    lines_swapped,   // seat exchanged the lines of target's layout through positions slot and other (each pair of
                     // positions is also a `swapped` event)
    power_chosen,    // seat chose the power whose power_kind number is `slot` (two_powers)
};

// `card_shown` is set when the event puts a card in everyone's sight; `card_seen` when only `seat` saw it (a peek, a
// look, a draw from the stock, a card it put in face down). The engine hands events out; event_for() cuts them.
struct event {
    event_kind kind;
    std::int8_t seat = -1;
    std::uint8_t slot = 0;
    std::uint8_t other = 0;
    std::optional<card> card_shown;
    std::int8_t target = -1;
    std::int8_t other_target = -1;
    std::optional<card> card_seen;
    friend bool operator==(const event&, const event&) = default;
};

// What `viewer` (a seat, or -1 for a spectator) may know of `e`: the card only its actor saw is cut for everyone else.
inline event event_for(event e, int viewer) {
    if (viewer < 0 || viewer != e.seat) e.card_seen.reset();
    return e;
}

}  // namespace golf
