// The powers of power cards, one descriptor each (ruleset.hpp's power_kind says what each does in words): when it
// may be used, what happens as it starts, how each of its steps is checked and which steps legal_actions offers,
// whether its card stays in hand, and how the heuristic bot weighs it. Adding a power is its enumerator in
// power_kind and one entry in powers.cpp's table; the steps themselves (peek, swap, place...) are action kinds,
// done by hand::do_power whichever power takes them.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/action.hpp"
#include "engine/ruleset.hpp"

namespace golf {

class hand;

constexpr int power_kind_count = static_cast<int>(power_kind::two_powers) + 1;

// When the heuristic bot thinks a power worth a turn's card (bot.cpp weighs each against what its view shows).
enum class power_appeal : std::uint8_t {
    never,
    always,
    own_unknown,          // while some of its own cards are unknown
    own_unknown_or_high,  // as own_unknown, or while a known card of its own is worse than an unseen one
    own_high,             // while a known card of its own is clearly worse than an unseen one (a blind swap)
    held_high,            // while the power card in hand is worse than an unseen one (it is given away)
    leader_ahead,         // while another seat looks set to beat it
    leader_level,         // while another seat looks no worse than it
};

struct power_rule {
    power_kind kind;
    bool keeps_card;        // the power card stays in hand while the power is used (placed, kept, or discarded after)
    bool shown_on_use;      // a card kept in hand is shown to everyone as its power is used (a shield)
    bool pickable;          // a two_powers card may choose it
    int picks;              // powers its card chooses and uses one after the other (two_powers)
    int peeks_before_swap;  // power_peek steps that lead on to a swap instead of ending the power
    // Offered only when its first step, and any card a later step needs, exist. card_in_hand: the power card is held
    // (not when the power comes from the top discard, nor once a two_powers card has been placed or kept).
    bool (*possible)(const hand& h, int seat, bool card_in_hand);
    // Done as the power starts (nullptr: nothing); true when that is the whole power.
    bool (*start)(hand& h, std::vector<event>* events);
    // The step `a` of the power in use, at its current step (power_view::step).
    action_error (*check_step)(const hand& h, action a);
    // The power in use's steps that check_step allows, appended to `out` in legal_actions' order.
    void (*list_steps)(const hand& h, std::vector<action>& out);
    power_appeal appeal;
    double pick_value;  // how much the bot wants it from a two_powers card, when its appeal holds
};

const power_rule& rule_of(power_kind kind);

// swap_lines: the two positions name two rows (both in the first column, rows of the dealt grid) or two columns (both
// in the first row, whole columns); the pairs of positions that exchange, or nothing when they name no two lines.
std::vector<std::pair<int, int>> line_pairs(const ruleset& r, int a, int b);

}  // namespace golf
