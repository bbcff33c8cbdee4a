// A ruleset is a plain value that says everything about how a table plays: layout, deck, start, turns, end,
// scoring and the match. The engine reads these fields and never a preset's name (presets.hpp only fills them in).
// Every field is reachable by name through ruleset_options.hpp, which is how `--set`, JSON and the wire
// protocol see it; validate() refuses contradictory or out-of-range values with a message naming the option.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.hpp"

namespace golf {

// The hard limits a ruleset may ask for; they keep positions in a byte and seat sets in a bit mask.
inline constexpr int max_seats_limit = 16;
inline constexpr int max_rows_limit = 6;
inline constexpr int max_cols_limit = 6;
inline constexpr int max_positions_limit = 60;  // grid plus extra rows: positions stay below 64 (logs, masks)

// What a player does with some of their own cards before or at the start of play.
enum class start_action : std::uint8_t {
    none,  // every card stays unknown
    flip,  // turn cards face up for everyone
    peek,  // look privately; the card stays face down, known to its owner
};

// Which cards the start action may touch.
enum class start_pattern : std::uint8_t {
    any,                // any positions
    same_column,        // all in one column (a whole column when the count equals the rows)
    different_columns,  // no two in the same column
    middle_and_outer,   // one from the middle column and one from an outer column (odd column counts)
    nearest_row,        // only the row nearest the player (the bottom row)
};

enum class start_timing : std::uint8_t {
    before_play,  // everyone does it after the deal, before the first turn
    first_turn,   // each player does it at the start of their own first turn
};

// After discarding a card drawn from the stock, must the player turn one of their face-down cards up?
enum class discard_flip_rule : std::uint8_t {
    none,                        // no: the turn ends
    optional,                    // they may
    compulsory,                  // they must, while any card is face down
    compulsory_unless_one_left,  // they must, unless only one card is face down
};

// What happens when one player's layout is entirely face up.
enum class all_face_up_rule : std::uint8_t {
    ends_immediately,  // the hand ends at once
    final_round,       // every other player has one more turn
    when_everyone,     // the hand ends when every layout is face up
    nothing,           // it does not end the hand (knocking or the stock ends it)
};

enum class empty_stock_rule : std::uint8_t {
    reshuffle,  // the discards under the top card are shuffled into a new stock
    end_hand,   // the hand ends
};

// The caller is the player who knocked, or who first had their whole layout face up.
enum class caller_penalty_rule : std::uint8_t {
    none,
    add_points,          // + caller_penalty_points
    double_plus_points,  // 2 x score + caller_penalty_points (0 gives plain doubling)
    set_to_highest,      // the highest hand score of the hand
    add_highest,         // + the highest opponent's score
    add_twice_players,   // + 2 x the number of players
    add_lowest,          // + the lowest opponent's score (9-card)
};

enum class caller_bonus_rule : std::uint8_t {
    none,
    zero,           // a positive score becomes zero
    minus_players,  // - the number of players
    minus_points,   // - caller_bonus_points
    set_to_points,  // exactly caller_bonus_points (e.g. -10)
};

// When the caller ties with the lowest opponent.
enum class caller_tie_rule : std::uint8_t {
    as_lowest,       // the bonus applies
    as_not_lowest,   // the penalty applies
    no_adjustment,   // neither
    add_tie_points,  // + caller_tie_points
};

// What a power card does when it is drawn from the stock and its power is used (it is then discarded).
// "Opponent" is any other seat. Blind swaps move cards with whatever each seat knew about them.
enum class power_kind : std::uint8_t {
    none,
    peek_own,           // look privately at one of your cards
    peek_opponent,      // look privately at one card of another seat
    peek_any,           // look privately at any one card on the table
    swap_own_opponent,  // exchange one of your cards with another seat's card, neither seen
    swap_any,           // exchange any two cards on the table, neither seen
    peek_then_swap,     // look at another seat's card, then exchange it with one of yours unseen (Pablo's 7)
    peek_both_swap,     // look at one of yours and one of another seat's, then exchange them or not (Cumbia's J)
    shuffle_opponent,   // another seat's face-down cards are shuffled: nobody knows which is where any more
    cancel_call,        // offered only while a call (knock) is in force: the call is cancelled and play goes on
                        // as if nobody had called (Powers' black king)
    // The rest of Powers' table (001/002 Wikipedia). "The power card" is the card being used, held until it is
    // placed (swap_in, draw_two_keep_one) or kept (shield); one that is left over goes to the discard pile.
    swap_in,            // the power card goes face down, known to its user, in place of another seat's card, which
                        // goes face up to the discard pile (Powers' 9)
    draw_two_keep_one,  // look privately at the next two stock cards and put one of them, or the power card, in
                        // place of one of yours; the rest go face up to the discard pile (Powers' 8)
    swap_lines,         // two rows, or two columns, of another seat's layout exchange places (Powers' 7)
    shield,             // the power card is kept face up beside your layout (it does not score) and blocks the
                        // next power another seat aims at you; both are then spent (Powers' 5)
    turn_card,          // turn one of another seat's face-down cards face up, or one of yours face down (Powers' 4)
    add_or_remove,      // the top stock card goes face down, unseen, into another seat's first empty position, or
                        // one of your cards goes face up to the discard pile (Powers' ace)
    two_powers,         // use two different powers of the ranks 3 to king in the ruleset, one after the other
                        // (Powers' 2)
};

// How the seat that plays first in the next hole is found when the hand's winner plays first.
enum class winner_tie_rule : std::uint8_t {
    draw_cards,    // seats tied on the lowest layout each draw a card: the lowest card plays first
    caller_loses,  // a caller tied for lowest loses the tie; other seats still tied draw cards (Cactus)
};

// Using the held card against cards in layouts instead of placing or discarding it.
enum class match_rule : std::uint8_t {
    none,
    own_equal_set,  // replace two or more equal cards of your own with it; if they are not equal they stay and the
                    // held card joins your layout (Pablo)
    any_layout,     // discard equal cards from any layout (a card taken from another seat is replaced by one of
                    // yours, unseen); each wrong try adds an unseen stock card to your layout (Cabo)
};

// Out-of-turn claims: a seat other than (or as well as) the current one throws a matching card.
enum class claim_rule : std::uint8_t {
    none,
    own_matching_top,  // any seat throws one of its own cards equal to the top discard (Cactus)
    any_matching_top,  // any seat throws any layout's card equal to the top discard; taking another seat's card
                       // gives that seat one of yours, unseen (Cumbia)
};

enum class match_tie_rule : std::uint8_t {
    shared,    // every player tied on the lowest total wins
    play_off,  // further holes are played until one player is lowest
};

struct ruleset {
    // Table
    int min_players = 2;
    int max_players = 8;

    // Cards: packs = base_packs, plus one for each entry of extra_pack_above that the player count exceeds.
    int base_packs = 1;
    std::vector<int> extra_pack_above;
    int jokers_per_pack = 0;

    // Layout
    int rows = 2;
    int cols = 3;
    int extra_rows = 0;  // rows below the grid that start empty and hold the cards a layout gains (never cancel)

    // Start of a hand
    start_action start = start_action::flip;
    int start_count = 2;
    start_pattern start_where = start_pattern::any;
    start_timing start_when = start_timing::before_play;
    bool rearrange_after_start = false;  // move own cards around without looking, after the start action
    bool peeks_shown_once = false;       // a face-down card a seat looks at is in its view once: a memory game

    // Turns
    bool initial_discard = true;   // the top of the stock is turned up to start the discard pile
    bool new_card_face_up = true;  // else it goes face down, known to its owner (4-card Golf)
    discard_flip_rule discard_flip = discard_flip_rule::none;
    bool taken_discard_must_be_used = true;
    bool flip_only_turn = false;       // a turn may be just turning one face-down card up
    bool knocking = false;             // a turn may be a knock: everyone else has one more turn
    bool reveal_all_turn = false;      // a turn may be turning every remaining card up, which ends play
    bool face_up_locked = false;       // a face-up card cannot be replaced
    bool frozen_columns = false;       // a column whose cards are all face up cannot be changed
    bool unseen_replace_once = false;  // a position not looked at during the start may be replaced once only
    int look_cost = 0;  // >0: a player may look at an own face-down card during their turn for this many points
    bool jack_skips_next = false;  // a Jack put on the discard pile makes the next player miss a turn
    int turn_limit = 0;            // >0: the hand ends after this many turns (a guard against stalling)

    // Power cards (a power works only when its card comes from the stock; see hand.hpp)
    std::array<power_kind, 14> rank_power{};  // by rank, index 0 joker, 1 ace .. 13 king
    bool power_cards_unplaceable = false;     // a card with a power can never go into a layout (Cumbia)
    bool discard_power_reuse = false;  // a turn may use the power of a top discard whose power was not used (Cactus)
    match_rule matching = match_rule::none;
    claim_rule claims = claim_rule::none;
    bool match_by_value = false;          // cards match when their values are equal, not their ranks (Cumbia)
    int wrong_claim_cards = 0;            // unseen stock cards added to the layout of a seat whose claim is wrong
    int wrong_claim_points = 0;           // points for a wrong claim on another seat's card
    bool call_after_turn = false;         // at the end of a turn its player may call: everyone else has one more turn
    bool red_kings_powerless = false;     // the kings' power is the black kings' only (Powers: a red king scores -1)
    bool turned_up_cancels_call = false;  // a cancel_call card that a power turns face up in a layout cancels the
                                          // call in force (Powers' black king "turned over from the opponent's hand")

    // End of a hand
    all_face_up_rule all_face_up = all_face_up_rule::ends_immediately;
    bool final_turn_stock_only = false;  // in the final round, draw only from the stock (004)
    bool expose_on_end = false;          // when play starts to end, everyone else turns their cards up (003, 004)
    empty_stock_rule empty_stock = empty_stock_rule::reshuffle;
    bool empty_layout_ends = false;  // the hand ends as soon as a layout has no card left (Cabo)

    // Scoring: values indexed by rank (0 joker, 1 ace .. 13 king), then per-card overrides.
    std::array<int, 14> rank_value{-2, 1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0};
    std::vector<std::pair<card, int>> card_value_overrides;  // e.g. queen of spades 40
    bool cancel_column = true;                               // a full column of equal cards scores zero
    bool cancel_row = false;                                 // a full row of equal cards scores zero
    bool cancel_diagonal = false;                 // a full diagonal of equal cards (square layouts) scores zero
    bool cancel_pairs_anywhere = false;           // equal cards anywhere cancel in pairs
    bool cancel_adjacent_pairs = false;           // equal cards side by side or one above the other score zero
    bool cancelled_negatives_keep_value = false;  // a cancelled card worth less than zero keeps its value
    bool one_eyed_jacks_wild = false;             // the jacks of spades and hearts match any card
    int bonus_equal_column_pairs = 0;             // for each two cancelled columns of one rank (e.g. -10)
    int bonus_square_block = 0;  // for each 2x2 block of equal cards, in place of them (overlaps count)
    int bonus_all_equal = 0;     // for a whole layout of one rank (six equal: -20)
    int bonus_row_of_kings = 0;  // for each full row of kings (four kings on one side: -16)
    int others_penalty_side_by_side_pairs =
        0;                              // added to every other player per two equal column pairs side by side (004: 10)
    std::optional<int> straight_score;  // a layout forming one straight of distinct ranks scores this instead (-12)
    std::optional<int> shoot_the_moon;  // a layout scoring at least this scores 0 and everyone else scores this
    bool four_of_a_kind_wins_match = false;
    caller_penalty_rule caller_penalty = caller_penalty_rule::none;
    int caller_penalty_points = 0;
    caller_bonus_rule caller_bonus = caller_bonus_rule::none;
    int caller_bonus_points = 0;
    caller_tie_rule caller_tie = caller_tie_rule::as_lowest;
    int caller_tie_points = 0;
    bool at_or_below_caller_scores_zero =
        false;                            // a seat whose layout scores no more than the caller's scores 0 (Cactus)
    bool lowest_scores_zero = false;      // the lowest hand score is recorded as zero (9-card)
    bool remove_completed_lines = false;  // full cancelling lines leave the layout as soon as they are face up

    // Match
    int holes = 9;         // 0: no fixed number
    int target_score = 0;  // >0: the match ends after a hole in which someone reaches this total
    match_tie_rule match_tie = match_tie_rule::shared;
    bool winner_plays_first = false;  // the lowest layout of a hole plays first in the next (Cactus); else the deal
                                      // passes to the left
    winner_tie_rule winner_tie = winner_tie_rule::draw_cards;

    int slots() const { return rows * cols; }                     // the dealt grid
    int positions() const { return (rows + extra_rows) * cols; }  // the grid and the rows it may grow into
    power_kind power_of(card c) const {
        if (red_kings_powerless && c.rank == 13 && c.is_red()) return power_kind::none;
        return rank_power[c.rank < rank_power.size() ? c.rank : 0];
    }
    int packs_for(int players) const;
    int deck_size(int players) const;
    int value_of(card c) const;

    friend bool operator==(const ruleset&, const ruleset&) = default;
};

// nullopt when the ruleset is playable; otherwise one sentence naming the offending option.
std::optional<std::string> validate(const ruleset& rules);
// As validate(), plus the checks that depend on the number of players.
std::optional<std::string> validate_for_players(const ruleset& rules, int players);

}  // namespace golf
