#include "engine/ruleset.hpp"

#include <algorithm>
#include <string_view>

#include "engine/ruleset_options.hpp"

namespace golf {

namespace {

// For a range whose bound is another option; ranges of one option alone live in the options table.
std::optional<std::string> check_range(std::string_view name, int value, int low, int high) {
    if (value >= low && value <= high) return std::nullopt;
    return std::string(name) + " must be between " + std::to_string(low) + " and " + std::to_string(high) + " (got " +
           std::to_string(value) + ")";
}

// Runs after check_option_ranges(), so each option is already within its own range.
std::optional<std::string> check_between_options(const ruleset& r) {
    if (auto e = check_range("max_players", r.max_players, r.min_players, max_seats_limit)) return e;
    if (r.slots() < 2)
        return "rows and cols must give a layout of at least 2 cards (got " + std::to_string(r.rows) + "x" +
               std::to_string(r.cols) + ")";
    if (auto e = check_range("start_count", r.start_count, 0, r.slots())) return e;
    return std::nullopt;
}

std::optional<std::string> check_start(const ruleset& r) {
    const std::string count = " (got start_count " + std::to_string(r.start_count) + ")";
    if (r.start == start_action::none) {
        if (r.start_count != 0)
            return "start_count must be 0 when start is none (got " + std::to_string(r.start_count) + ")";
        if (r.start_when == start_timing::first_turn)
            return std::string("start_when first_turn needs start flip or peek");
        if (r.rearrange_after_start) return std::string("rearrange_after_start needs a start action (start is none)");
        return std::nullopt;  // with nothing to flip or peek, the pattern never applies
    }
    if (r.start_count < 1)
        return std::string("start_count must be at least 1 when start is ") +
               (r.start == start_action::flip ? "flip" : "peek") + " (got 0)";
    switch (r.start_where) {
        case start_pattern::any: break;
        case start_pattern::same_column:
            if (r.start_count > r.rows)
                return "start_where same_column needs start_count at most rows (" + std::to_string(r.rows) + ")" +
                       count;
            break;
        case start_pattern::different_columns:
            if (r.start_count > r.cols)
                return "start_where different_columns needs start_count at most cols (" + std::to_string(r.cols) + ")" +
                       count;
            break;
        case start_pattern::middle_and_outer:
            if (r.cols < 3 || r.cols % 2 == 0)
                return "start_where middle_and_outer needs an odd number of cols, at least 3 (got cols " +
                       std::to_string(r.cols) + ")";
            if (r.start_count != 2) return "start_where middle_and_outer needs start_count 2" + count;
            break;
        case start_pattern::nearest_row:
            if (r.start_count > r.cols)
                return "start_where nearest_row needs start_count at most cols (" + std::to_string(r.cols) + ")" +
                       count;
            break;
    }
    return std::nullopt;
}

}  // namespace

int ruleset::packs_for(int players) const {
    const auto extra = std::count_if(extra_pack_above.begin(), extra_pack_above.end(),
                                     [players](int above) { return players > above; });
    return base_packs + static_cast<int>(extra);
}

int ruleset::deck_size(int players) const { return packs_for(players) * (52 + jokers_per_pack); }

int ruleset::value_of(card c) const {
    for (const auto& [overridden, value] : card_value_overrides) {
        if (overridden == c || (overridden.is_joker() && c.is_joker())) return value;
    }
    return rank_value[c.rank < rank_value.size() ? c.rank : 0];
}

std::optional<std::string> validate(const ruleset& rules) {
    if (auto e = check_option_ranges(rules)) return e;
    if (auto e = check_between_options(rules)) return e;
    if (auto e = check_start(rules)) return e;
    if (rules.cancel_diagonal && rules.rows != rules.cols)
        return "cancel_diagonal needs a square layout (got " + std::to_string(rules.rows) + "x" +
               std::to_string(rules.cols) + ")";
    if (rules.positions() > max_positions_limit)
        return "extra_rows gives " + std::to_string(rules.positions()) + " positions, more than " +
               std::to_string(max_positions_limit) + " (rows plus extra_rows, times cols)";
    if (rules.all_face_up == all_face_up_rule::nothing && !rules.knocking && !rules.call_after_turn &&
        !rules.reveal_all_turn && rules.empty_stock == empty_stock_rule::reshuffle && rules.turn_limit == 0)
        return std::string(
            "all_face_up nothing needs knocking, call_after_turn, reveal_all_turn, empty_stock "
            "end_hand or a turn_limit, or a hand could never end");
    if (rules.holes == 0 && rules.target_score == 0)
        return std::string("holes and target_score cannot both be 0, or the match would never end");
    return std::nullopt;
}

std::optional<std::string> validate_for_players(const ruleset& rules, int players) {
    if (auto e = validate(rules)) return e;
    if (players < rules.min_players || players > rules.max_players)
        return "players must be between " + std::to_string(rules.min_players) + " and " +
               std::to_string(rules.max_players) + " for this ruleset (got " + std::to_string(players) + ")";
    const int needed = players * rules.slots() + (rules.initial_discard ? 1 : 0) + 1;
    if (needed > rules.deck_size(players))
        return "base_packs gives " + std::to_string(rules.deck_size(players)) + " cards, too few for " +
               std::to_string(players) + " players with " + std::to_string(rules.slots()) + " cards each";
    return std::nullopt;
}

}  // namespace golf
