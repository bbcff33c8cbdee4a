// Tests of the pure part of rating (no database): which seats a match rates, their places, the update against
// golf::ratings itself, and the rebuild's replay and comparison.
#include <gtest/gtest.h>

#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/rating_rebuild.hpp"
#include "persistence/rating_update.hpp"
#include "ratings/weng_lin.hpp"

namespace golf::persistence {
namespace {

using golf::ratings::rating;

TEST(rating_update, only_accounts_are_rated_each_once_and_only_with_another) {
    const std::vector<rated_seat> seats{{0, 3}, {7, 10}, {0, 1}, {9, 4}, {7, 2}};
    EXPECT_EQ(seats_to_rate(seats), (std::vector<rated_seat>{{7, 10}, {9, 4}}));
    EXPECT_TRUE(seats_to_rate(std::vector<rated_seat>{{7, 10}, {0, 4}}).empty());
    EXPECT_TRUE(seats_to_rate(std::vector<rated_seat>{{7, 10}, {7, 4}}).empty());
}

TEST(rating_update, places_follow_totals_lowest_first_and_equal_totals_share_a_place) {
    EXPECT_EQ(places_by_total(std::vector<rated_seat>{{1, 20}, {2, 5}, {3, 12}}), (std::vector<int>{3, 1, 2}));
    EXPECT_EQ(places_by_total(std::vector<rated_seat>{{1, 5}, {2, 9}, {3, 5}}), (std::vector<int>{1, 3, 1}));
    EXPECT_EQ(places_by_total(std::vector<rated_seat>{{1, -4}, {2, -4}}), (std::vector<int>{1, 1}));
}

TEST(rating_update, the_new_ratings_are_weng_lins_and_count_the_match) {
    const std::vector<rated_seat> seats{{4, 12}, {5, 8}, {6, 30}};
    const std::vector<rating_record> before{
        {"six-card", 27.5, 6.0, 3}, initial_rating("six-card"), {"six-card", 21.0, 4.5, 10}};
    const auto want = golf::ratings::rate(std::vector<rating>{{27.5, 6.0}, {}, {21.0, 4.5}}, std::vector<int>{2, 1, 3});
    const auto got = rate_seats(seats, before);
    ASSERT_EQ(got.size(), 3u);
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].account, seats[i].account);
        EXPECT_EQ(got[i].mu, want[i].mu);
        EXPECT_EQ(got[i].sigma, want[i].sigma);
        EXPECT_EQ(got[i].matches, before[i].matches + 1);
    }
    EXPECT_EQ(got[1].place, 1);
    EXPECT_EQ(initial_rating("x"), (rating_record{"x", 25.0, 25.0 / 3.0, 0}));
}

// A rating says how one plays a preset: a match with house rules (even one hole fewer) is recorded, never rated.
TEST(rating_update, only_a_match_played_by_its_presets_own_rules_is_rated) {
    const ruleset six = find_preset("six-card")->rules;
    EXPECT_TRUE(plays_preset_rules("six-card", to_text(six)));
    ruleset one_hole = six;
    one_hole.holes = 1;
    EXPECT_FALSE(plays_preset_rules("six-card", to_text(one_hole)));
    EXPECT_FALSE(plays_preset_rules("six-card", to_text(find_preset("nine-card")->rules)));
    EXPECT_FALSE(plays_preset_rules("no-such-preset", to_text(six)));
    EXPECT_FALSE(plays_preset_rules("six-card", "not a ruleset"));

    // The rebuild leaves such a match out, as live play does.
    const std::vector<archived_match> matches{{1, "six-card", 100, {{1, 5}, {2, 9}}, /*preset_rules=*/false}};
    const auto tables = recompute_ratings(matches);
    EXPECT_TRUE(tables.ratings.empty());
    EXPECT_TRUE(tables.history.empty());
}

TEST(rating_rebuild, a_replay_chains_each_accounts_rating_through_its_matches_per_preset) {
    const std::vector<archived_match> matches{
        {1, "six-card", 100, {{1, 5}, {2, 9}}},
        {2, "four-card", 200, {{1, 9}, {2, 5}}},
        {3, "six-card", 300, {{2, 3}, {3, 3}, {1, 8}}},
        {4, "six-card", 400, {{3, 3}}},  // a single account: not rated
    };
    const auto tables = recompute_ratings(matches);
    const auto first = golf::ratings::rate(std::vector<rating>{{}, {}}, std::vector<int>{1, 2});
    const auto third = golf::ratings::rate(std::vector<rating>{first[1], {}, first[0]}, std::vector<int>{1, 1, 3});
    ASSERT_EQ(tables.history.size(), 7u);
    EXPECT_EQ(tables.history[4], (rating_history_row{3, 2, "six-card", 300, third[0].mu, third[0].sigma}));
    ASSERT_EQ(tables.ratings.size(), 5u);  // by account, then preset
    EXPECT_EQ(tables.ratings[1], (account_rating{1, {"six-card", third[2].mu, third[2].sigma, 2}}));
    EXPECT_EQ(tables.ratings[4], (account_rating{3, {"six-card", third[1].mu, third[1].sigma, 1}}));

    const auto same = compare_ratings(tables.ratings, tables);
    EXPECT_TRUE(same.same());
    EXPECT_EQ(same.matches, 3u);
    EXPECT_EQ(same.accounts, 3u);
    EXPECT_EQ(same.ratings, 5u);

    auto stored = tables.ratings;
    stored[0].rating.sigma += 1e-12;  // within the tolerance
    stored[1].rating.matches = 7;
    stored.pop_back();
    const auto differ = compare_ratings(stored, tables);
    EXPECT_EQ(differ.differing, 2u);
    EXPECT_EQ(differ.differences[0].account, 1);
    EXPECT_EQ(differ.differences[1].account, 3);
    EXPECT_FALSE(differ.differences[1].stored.has_value());
    EXPECT_NEAR(differ.largest_difference, 1e-12, 1e-15);
}

}  // namespace
}  // namespace golf::persistence
