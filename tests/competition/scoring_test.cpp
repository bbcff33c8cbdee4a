// Place points and Duplicate Golf's matchpoints on hand-made totals (competition/scoring.hpp).
#include <gtest/gtest.h>

#include <vector>

#include "competition/scoring.hpp"

namespace {

using golf::competition::place_points;
using golf::competition::score_duplicate;

TEST(PlacePoints, TheLowestTotalTakesTheMostAndTiesShareTheirPlaces) {
    EXPECT_EQ(place_points(std::vector{12, 30, 5, 18}), (std::vector<double>{2, 0, 3, 1}));
    EXPECT_EQ(place_points(std::vector{10, 10, 20, 30}), (std::vector<double>{2.5, 2.5, 1, 0}));
    EXPECT_EQ(place_points(std::vector{7, 7, 7}), (std::vector<double>{1, 1, 1})) << "a three-way tie shares 2+1+0";
    EXPECT_EQ(place_points(std::vector{3, -4}), (std::vector<double>{0, 1}));
    const std::vector<double> eight = place_points(std::vector{1, 2, 3, 4, 5, 6, 7, 8});
    EXPECT_EQ(eight.front(), 7);
    EXPECT_EQ(eight.back(), 0);
}

TEST(Duplicate, EachSeatIsComparedWithTheSameSeatAtTheOtherTables) {
    // Three tables of two played the same deals: seat 0's cards were better everywhere, yet it is compared with
    // seat 0 elsewhere only.
    const std::vector<std::vector<int>> totals{{10, 30}, {14, 26}, {10, 40}};
    const auto scored = score_duplicate(totals);
    ASSERT_TRUE(scored.has_value());
    EXPECT_EQ(scored->matchpoints[0], (std::vector<int>{3, 2})) << "seat 0: tie with table 2, better than table 1";
    EXPECT_EQ(scored->matchpoints[1], (std::vector<int>{0, 4})) << "seat 1 lost at its table and is the best seat 1";
    EXPECT_EQ(scored->matchpoints[2], (std::vector<int>{3, 0}));
    EXPECT_DOUBLE_EQ(scored->percent[1][1], 100.0);
    EXPECT_DOUBLE_EQ(scored->percent[0][1], 50.0);
    EXPECT_DOUBLE_EQ(scored->percent[1][0], 0.0);
    EXPECT_DOUBLE_EQ(scored->percent[2][0], 75.0);
    // Seat 0's mean is 34/3; table 1's seat 0 is 14: 8/3 worse than the field.
    EXPECT_NEAR(scored->versus_field[1][0], 34.0 / 3 - 14, 1e-9);
    EXPECT_NEAR(scored->versus_field[0][1], 32 - 30, 1e-9);
    // Matchpoints at a seat add up to tables * (tables - 1), whatever the totals.
    for (std::size_t s = 0; s < 2; ++s) {
        int sum = 0;
        for (const auto& table : scored->matchpoints) sum += table[s];
        EXPECT_EQ(sum, 6);
    }
}

TEST(Duplicate, OneTableScoresFiftyPercentAndMismatchedTablesAreRefused) {
    const auto alone = score_duplicate({{10, 20, 30}});
    ASSERT_TRUE(alone.has_value());
    EXPECT_EQ(alone->percent[0], (std::vector<double>{50, 50, 50}));
    EXPECT_FALSE(score_duplicate({}).has_value());
    EXPECT_FALSE(score_duplicate({{10, 20}, {10, 20, 30}}).has_value()) << "the same deals need the same seats";
    EXPECT_FALSE(score_duplicate({{10}}).has_value());
}

}  // namespace
