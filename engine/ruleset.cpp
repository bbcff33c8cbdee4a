#include "engine/ruleset.hpp"

#include <algorithm>
#include <string_view>

namespace golf {

namespace {

// Names as spelled in the options table, so every message starts with what the player would type.
constexpr std::array<std::string_view, 14> rank_value_names{
    "value_joker", "value_ace",   "value_two",  "value_three", "value_four",  "value_five",  "value_six",
    "value_seven", "value_eight", "value_nine", "value_ten",   "value_jack",  "value_queen", "value_king",
};

constexpr int points_limit = 1000;

std::optional<std::string> check_range(std::string_view name, int value, int low, int high) {
    if (value >= low && value <= high) return std::nullopt;
    return std::string(name) + " must be between " + std::to_string(low) + " and " + std::to_string(high) +
           " (got " + std::to_string(value) + ")";
}

// Choices can arrive from the wire as raw numbers, so each enum is checked against its last value.
template <typename Enum>
std::optional<std::string> check_choice(std::string_view name, Enum value, Enum last) {
    if (static_cast<int>(value) > static_cast<int>(last))
        return std::string(name) + " is not a known choice (got " + std::to_string(static_cast<int>(value)) + ")";
    return std::nullopt;
}

bool valid_card(card c) {
    if (c.is_joker()) return c.suit_ == suit::none;
    return c.rank <= 13 && c.suit_ != suit::none && static_cast<int>(c.suit_) < static_cast<int>(suit::none);
}

std::string card_text(card c) {
    if (valid_card(c)) return to_string(c);
    return "rank " + std::to_string(static_cast<int>(c.rank)) + " suit " + std::to_string(static_cast<int>(c.suit_));
}

std::string join(const std::vector<int>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ',';
        out += std::to_string(values[i]);
    }
    return out;
}

std::optional<std::string> check_each_option(const ruleset& r) {
    if (auto e = check_range("min_players", r.min_players, 2, max_seats_limit)) return e;
    if (auto e = check_range("max_players", r.max_players, r.min_players, max_seats_limit)) return e;
    if (auto e = check_range("base_packs", r.base_packs, 1, 8)) return e;
    if (r.extra_pack_above.size() > 8)
        return "extra_pack_above may list at most 8 player counts (got " + std::to_string(r.extra_pack_above.size()) +
               ")";
    for (std::size_t i = 0; i < r.extra_pack_above.size(); ++i) {
        const int above = r.extra_pack_above[i];
        if (above < 2 || above > max_seats_limit || (i > 0 && above <= r.extra_pack_above[i - 1]))
            return "extra_pack_above must list strictly increasing player counts between 2 and 16 (got " +
                   join(r.extra_pack_above) + ")";
    }
    if (auto e = check_range("jokers_per_pack", r.jokers_per_pack, 0, 4)) return e;
    if (auto e = check_range("rows", r.rows, 1, max_rows_limit)) return e;
    if (auto e = check_range("cols", r.cols, 1, max_cols_limit)) return e;
    if (r.slots() < 2)
        return "rows and cols must give a layout of at least 2 cards (got " + std::to_string(r.rows) + "x" +
               std::to_string(r.cols) + ")";
    if (auto e = check_choice("start", r.start, start_action::peek)) return e;
    if (auto e = check_range("start_count", r.start_count, 0, r.slots())) return e;
    if (auto e = check_choice("start_where", r.start_where, start_pattern::nearest_row)) return e;
    if (auto e = check_choice("start_when", r.start_when, start_timing::first_turn)) return e;
    if (auto e = check_choice("discard_flip", r.discard_flip, discard_flip_rule::compulsory_unless_one_left)) return e;
    if (auto e = check_range("look_cost", r.look_cost, 0, 100)) return e;
    if (auto e = check_range("turn_limit", r.turn_limit, 0, 100000)) return e;
    if (auto e = check_choice("all_face_up", r.all_face_up, all_face_up_rule::nothing)) return e;
    if (auto e = check_choice("empty_stock", r.empty_stock, empty_stock_rule::end_hand)) return e;
    for (std::size_t rank = 0; rank < r.rank_value.size(); ++rank)
        if (auto e = check_range(rank_value_names[rank], r.rank_value[rank], -points_limit, points_limit)) return e;
    for (std::size_t i = 0; i < r.card_value_overrides.size(); ++i) {
        const auto& [c, value] = r.card_value_overrides[i];
        if (!valid_card(c)) return "card_value_overrides holds something that is not a card (" + card_text(c) + ")";
        if (value < -points_limit || value > points_limit)
            return "card_value_overrides values must be between -1000 and 1000 (got " + to_string(c) + ":" +
                   std::to_string(value) + ")";
        for (std::size_t j = 0; j < i; ++j)
            if (r.card_value_overrides[j].first == c)
                return "card_value_overrides lists " + to_string(c) + " more than once";
    }
    if (auto e = check_range("bonus_equal_column_pairs", r.bonus_equal_column_pairs, -points_limit, points_limit))
        return e;
    if (auto e = check_range("bonus_square_block", r.bonus_square_block, -points_limit, points_limit)) return e;
    if (auto e = check_range("bonus_all_equal", r.bonus_all_equal, -points_limit, points_limit)) return e;
    if (auto e = check_range("bonus_row_of_kings", r.bonus_row_of_kings, -points_limit, points_limit)) return e;
    if (auto e = check_range("others_penalty_side_by_side_pairs", r.others_penalty_side_by_side_pairs, -points_limit,
                             points_limit))
        return e;
    if (r.straight_score)
        if (auto e = check_range("straight_score", *r.straight_score, -points_limit, points_limit)) return e;
    if (r.shoot_the_moon)
        if (auto e = check_range("shoot_the_moon", *r.shoot_the_moon, -points_limit, points_limit)) return e;
    if (auto e = check_choice("caller_penalty", r.caller_penalty, caller_penalty_rule::add_lowest)) return e;
    if (auto e = check_range("caller_penalty_points", r.caller_penalty_points, -points_limit, points_limit)) return e;
    if (auto e = check_choice("caller_bonus", r.caller_bonus, caller_bonus_rule::set_to_points)) return e;
    if (auto e = check_range("caller_bonus_points", r.caller_bonus_points, -points_limit, points_limit)) return e;
    if (auto e = check_choice("caller_tie", r.caller_tie, caller_tie_rule::add_tie_points)) return e;
    if (auto e = check_range("caller_tie_points", r.caller_tie_points, -points_limit, points_limit)) return e;
    if (auto e = check_range("holes", r.holes, 0, 1000)) return e;
    if (auto e = check_range("target_score", r.target_score, 0, 100000)) return e;
    if (auto e = check_choice("match_tie", r.match_tie, match_tie_rule::play_off)) return e;
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
            return "start_where same_column needs start_count at most rows (" + std::to_string(r.rows) + ")" + count;
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
            return "start_where nearest_row needs start_count at most cols (" + std::to_string(r.cols) + ")" + count;
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
    if (auto e = check_each_option(rules)) return e;
    if (auto e = check_start(rules)) return e;
    if (rules.cancel_diagonal && rules.rows != rules.cols)
        return "cancel_diagonal needs a square layout (got " + std::to_string(rules.rows) + "x" +
               std::to_string(rules.cols) + ")";
    if (rules.all_face_up == all_face_up_rule::nothing && !rules.knocking && !rules.reveal_all_turn &&
        rules.empty_stock == empty_stock_rule::reshuffle && rules.turn_limit == 0)
        return std::string("all_face_up nothing needs knocking, reveal_all_turn, empty_stock end_hand or a "
                           "turn_limit, or a hand could never end");
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
