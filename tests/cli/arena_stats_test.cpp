// golf arena's statistics (cli/arena/arena_stats.hpp) against values worked out by hand: means, sample standard
// deviations and 95 % intervals of plain and scaled observations, merging, 128-bit sums, shared wins, and decision-time
// percentiles by nearest rank.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <vector>

#include "cli/arena/arena_stats.hpp"

namespace golf::cli {
namespace {

using std::chrono::nanoseconds;

TEST(arena_observations, mean_deviation_and_interval_of_one_to_four) {
    observations values;
    for (const int v : {1, 2, 3, 4}) values.add(v);
    EXPECT_EQ(values.count(), 4);
    EXPECT_DOUBLE_EQ(values.mean(), 2.5);
    // Σ(x - 2.5)² = 2.25 + 0.25 + 0.25 + 2.25 = 5; s² = 5 / 3.
    EXPECT_NEAR(values.standard_deviation(), 1.2909944487358056, 1e-12);
    // 1.96 · 1.2909944487358056 / √4 = 1.2651745597610895
    EXPECT_NEAR(values.ci95().low, 1.2348254402389105, 1e-12);
    EXPECT_NEAR(values.ci95().high, 3.7651745597610895, 1e-12);
}

TEST(arena_observations, scaled_values_are_divided_by_their_scale) {
    observations values(2);  // 1.5, 2.5 and 4: the means of two seats' scores 1+2, 2+3 and 4+4
    for (const int v : {3, 5, 8}) values.add(v);
    EXPECT_EQ(values.scale(), 2);
    EXPECT_NEAR(values.mean(), 8.0 / 3.0, 1e-12);
    // Deviations -7/6, -1/6, 4/3: Σ² = 49/36 + 1/36 + 64/36 = 114/36; s² = 114/72.
    EXPECT_NEAR(values.standard_deviation(), std::sqrt(114.0 / 72.0), 1e-12);
    const double half = 1.96 * std::sqrt(114.0 / 72.0) / std::sqrt(3.0);
    EXPECT_NEAR(values.ci95().low, 8.0 / 3.0 - half, 1e-12);
    EXPECT_NEAR(values.ci95().high, 8.0 / 3.0 + half, 1e-12);
}

TEST(arena_observations, fewer_than_two_values_have_no_spread) {
    const observations none;
    EXPECT_EQ(none.count(), 0);
    EXPECT_EQ(none.mean(), 0.0);
    EXPECT_EQ(none.standard_deviation(), 0.0);
    observations one;
    one.add(-7);
    EXPECT_EQ(one.mean(), -7.0);
    EXPECT_EQ(one.standard_deviation(), 0.0);
    EXPECT_EQ(one.ci95(), (interval{-7.0, -7.0}));
}

TEST(arena_observations, merging_parts_equals_adding_everything) {
    observations whole(3), first(3), second(3);
    const std::vector<int> values{4, -2, 9, 9, 0, 13, -5};
    for (std::size_t i = 0; i < values.size(); ++i) {
        whole.add(values[i]);
        (i < 3 ? first : second).add(values[i]);
    }
    first.merge(second);
    EXPECT_EQ(first, whole);
    EXPECT_EQ(first.mean(), whole.mean());
    EXPECT_EQ(first.ci95(), whole.ci95());
}

TEST(arena_observations, squares_past_64_bits_stay_exact) {
    observations values;
    const std::int64_t big = 3'000'000'000'000;  // its square, 9e24, is far past 2^63
    for (int i = 0; i < 3; ++i) values.add(big);
    EXPECT_DOUBLE_EQ(values.mean(), 3e12);
    EXPECT_EQ(values.standard_deviation(), 0.0);
    values.add(big + 2);  // 3e12 × 3 and 3e12 + 2: mean 3e12 + 0.5, s² = (3 · 0.25 + 2.25) / 3 = 1
    EXPECT_NEAR(values.standard_deviation(), 1.0, 1e-9);
}

TEST(arena_wins, the_lowest_score_wins_and_ties_share) {
    EXPECT_EQ(win_shares(std::vector<int>{5, 3, 7}), (std::vector<std::int64_t>{0, win_unit, 0}));
    EXPECT_EQ(win_shares(std::vector<int>{5, 3, 3, 7}), (std::vector<std::int64_t>{0, win_unit / 2, win_unit / 2, 0}));
    EXPECT_EQ(win_shares(std::vector<int>{-2, -2, -2}), (std::vector<std::int64_t>(3, win_unit / 3)));
    EXPECT_EQ(win_shares(std::vector<int>{-1, 4}), (std::vector<std::int64_t>{win_unit, 0}));
    EXPECT_TRUE(win_shares(std::vector<int>{}).empty());
}

TEST(arena_wins, every_split_up_to_sixteen_seats_is_whole) {
    for (int seats = 1; seats <= 16; ++seats) {
        const std::vector<int> tied(static_cast<std::size_t>(seats), 4);
        std::int64_t total = 0;
        for (const std::int64_t share : win_shares(tied)) total += share;
        EXPECT_EQ(total, win_unit) << seats;
    }
}

TEST(arena_decision_times, percentiles_by_nearest_rank) {
    decision_times times;
    for (int ns = 100; ns >= 1; --ns) times.record(nanoseconds(ns));  // order does not matter
    EXPECT_EQ(times.count(), 100);
    EXPECT_NEAR(times.mean_ms(), 50.5e-6, 1e-15);
    EXPECT_NEAR(times.quantile_ms(0.5), 50e-6, 1e-15);  // the 50th smallest
    EXPECT_NEAR(times.quantile_ms(0.99), 99e-6, 1e-15);
    EXPECT_NEAR(times.quantile_ms(1.0), 100e-6, 1e-15);
    EXPECT_NEAR(times.quantile_ms(0.0), 1e-6, 1e-15);  // at least the first
}

TEST(arena_decision_times, a_few_values_round_up_to_the_next_rank) {
    decision_times times;
    for (const int ns : {10, 20, 30}) times.record(nanoseconds(ns));
    EXPECT_NEAR(times.quantile_ms(0.5), 20e-6, 1e-15);   // ceil(1.5) = 2nd
    EXPECT_NEAR(times.quantile_ms(0.99), 30e-6, 1e-15);  // ceil(2.97) = 3rd
    EXPECT_NEAR(times.mean_ms(), 20e-6, 1e-15);
}

TEST(arena_decision_times, long_times_are_known_to_a_sixty_fourth) {
    decision_times times;
    for (const std::int64_t ns : {1'000'000LL, 52'345'678LL, 3'000'000'000LL}) {
        decision_times one;
        one.record(nanoseconds(ns));
        const double ms = static_cast<double>(ns) / 1e6;
        EXPECT_NEAR(one.quantile_ms(0.5), ms, ms / 64) << ns;
        EXPECT_DOUBLE_EQ(one.mean_ms(), ms) << ns;  // the mean is exact
        times.merge(one);
    }
    EXPECT_EQ(times.count(), 3);
    EXPECT_NEAR(times.quantile_ms(0.5), 52.345678, 52.345678 / 64);
    EXPECT_NEAR(times.mean_ms(), (1.0 + 52.345678 + 3000.0) / 3, 1e-9);
}

TEST(arena_decision_times, merging_parts_equals_recording_everything) {
    decision_times whole, first, second;
    for (int i = 0; i < 500; ++i) {
        const nanoseconds time((i * 7919) % 100'000);
        whole.record(time);
        (i % 3 == 0 ? first : second).record(time);
    }
    first.merge(second);
    EXPECT_EQ(first, whole);
}

TEST(arena_decision_times, nothing_recorded_is_zero) {
    const decision_times none;
    EXPECT_EQ(none.count(), 0);
    EXPECT_EQ(none.mean_ms(), 0.0);
    EXPECT_EQ(none.quantile_ms(0.99), 0.0);
}

}  // namespace
}  // namespace golf::cli
