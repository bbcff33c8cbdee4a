// A tournament round's points (pure, as the engine): places at a table, and Duplicate Golf's comparison of the
// seats that held the same cards.
//
// Place points: at a table of n the lowest total takes n - 1 points, the next n - 2, ... the highest 0; seats that
// tie share their places' points equally (two tied for first at a table of four take 2.5 each).
//
// Duplicate Golf: every table of a round plays the same deals, seat s of each holding the same cards, so a seat is
// scored against the same seat at the other tables, not against the luck of its own deal:
//   matchpoints(t, s) = 2 * (tables whose seat s finished higher) + (tables whose seat s tied)   (bridge's way)
//   percent(t, s)     = 100 * matchpoints / (2 * (tables - 1))        (50 with a single table)
//   versus_field(t, s) = mean of seat s's totals over every table - the total at (t, s)   (positive is better)
#pragma once

#include <optional>
#include <span>
#include <vector>

namespace golf::competition {

std::vector<double> place_points(std::span<const int> totals);

struct duplicate_scores {
    std::vector<std::vector<int>> matchpoints;  // [table][seat]
    std::vector<std::vector<double>> percent;
    std::vector<std::vector<double>> versus_field;
};
// `totals[t][s]`: the match total of seat s at table t. nullopt unless every table has the same number of seats
// (two or more) and there is a table.
std::optional<duplicate_scores> score_duplicate(const std::vector<std::vector<int>>& totals);

}  // namespace golf::competition
