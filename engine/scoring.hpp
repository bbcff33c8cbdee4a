// Scoring of final layouts and of a whole hand. Pure functions of the ruleset and the cards, shared by the
// engine at the end of a hand, `golf score`, bots estimating their layouts, and replays checking records.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/ruleset.hpp"

namespace golf {

// One line of a hand's scoring as data, so that each client says it in its reader's language; note_text says it
// in English (the `notes` beside it, for clients that show those).
enum class score_note_kind : std::uint8_t {
    equal_column_pairs = 1,  // a layout's bonus: `count` times
    square_block,
    all_equal,
    row_of_kings,
    side_by_side_pairs,     // a layout's equal column pairs side by side: `points` to every other player
    straight,               // the layout scored the straight's points instead of its cards
    pays_for_side_by_side,  // hand: `seat` pays for `other`'s side-by-side pairs
    shot_the_moon,          // hand: `other` shot the moon with `figure`; `seat` scores `target`
    caller_lowest,          // hand: `seat` called and was lowest
    caller_not_lowest,
    caller_tied,
    at_or_below_caller,  // hand: `seat` was at or below the caller's layout and scores 0
    lowest_scores_zero,  // hand: `seat` had the lowest score, recorded as 0
};

struct score_note {
    score_note_kind kind{};
    int points = 0;  // what it adds to the score (a bonus is negative)
    int count = 1;   // how many of the shape
    int seat = -1;   // the seat whose score it changes (a hand's lines)
    int other = -1;  // the seat it comes from: the one paid for, the one who shot the moon
    int figure = 0;  // shot the moon: the shooter's layout points
    int target = 0;  // shot the moon: the score `seat` is given
    friend bool operator==(const score_note&, const score_note&) = default;
};

// "two equal column pairs x2 -20", "seat 1 called and was lowest: -4" (seats from 0, as in the engine).
std::string note_text(const score_note& note);

// A layout as rows * cols cells in row-major order, top row first; nullopt is an empty position
// (a card removed from play).
using layout_cells = std::vector<std::optional<card>>;

struct layout_score {
    int points = 0;                  // the layout's score: cards after cancelling, plus bonuses
    std::vector<int> column_points;  // per column: the cards' values after cancelling (no bonuses)
    std::vector<bool> cancelled;     // per cell: scored zero by a cancelling pattern
    int bonus = 0;                   // sum of the layout bonuses included in points
    int others_penalty = 0;          // points this layout adds to every other player's score
    bool four_of_a_kind = false;     // four cards of one rank (for four_of_a_kind_wins_match)
    bool straight = false;           // scored straight_score instead of its cards
    std::vector<std::string> notes;  // what each bonus was for, e.g. "two equal column pairs -10"
    std::vector<score_note> why;     // the same lines as data
    friend bool operator==(const layout_score&, const layout_score&) = default;
};

layout_score score_layout(const ruleset& rules, std::span<const std::optional<card>> cells);
// score_layout(rules, cells).points without the detail and without allocating: bots ask it thousands of times a move.
int layout_points(const ruleset& rules, std::span<const std::optional<card>> cells);

// A full line (column, row or diagonal, as the cancel_* options enable) or, when it earns bonus_square_block,
// a 2x2 block whose cards are all equal. Cells that are nullopt never complete a group, so a caller can pass
// only the cards it wants considered (e.g. the face-up ones, to take completed lines out of play).
struct equal_group {
    std::vector<int> cells;  // indices into the layout, row-major
    int bonus = 0;           // the bonus this group earns on its own (blocks), else 0
};
std::vector<equal_group> completed_groups(const ruleset& rules, std::span<const std::optional<card>> cells);

struct hand_score {
    std::vector<layout_score> layouts;  // per seat
    std::vector<int> adjustments;       // per seat: caller rules, other players' penalties, moon, lowest-zero
    std::vector<int> extra;             // per seat: the extra points passed in (looks, removed-line bonuses)
    std::vector<int> scores;            // per seat: the hand score that goes on the scorecard
    int match_winner = -1;              // a seat whose layout wins the match outright, else -1
    std::vector<std::string> notes;     // one line for each adjustment
    std::vector<score_note> why;        // the same lines as data
    friend bool operator==(const hand_score&, const hand_score&) = default;
};

// caller: the seat that knocked or first went out, or -1. extra: per-seat points added last (may be empty).
// Order: layouts; penalties to others; shooting the moon; caller rules; lowest-scores-zero; extra points.
hand_score score_hand(const ruleset& rules, std::span<const layout_cells> layouts, int caller,
                      std::span<const int> extra = {});

}  // namespace golf
