// Swiss seating for tables on hand-made standings (competition/seating.hpp): table sizes within one seat, byes to
// the lowest with the fewest, no pair sharing a table again where that can be avoided, the fewest repeats where it
// cannot, people of the same level together, no seat twice, and the same answer every time.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "competition/scoring.hpp"
#include "competition/seating.hpp"

namespace {

using namespace golf::competition;

std::vector<entrant> field_of(int n) {
    std::vector<entrant> field;
    for (int i = 0; i < n; ++i) {
        entrant e;
        e.id = "p" + std::to_string(i < 10 ? 0 : 1) + std::to_string(i);
        e.rating = 100 - i;  // p00 is the strongest
        field.push_back(e);
    }
    return field;
}

std::vector<std::string> ids(const std::vector<entrant>& field, const std::vector<int>& table) {
    std::vector<std::string> out;
    for (const int i : table) out.push_back(field[static_cast<std::size_t>(i)].id);
    return out;
}

int repeats(const std::vector<entrant>& field, const meetings& met, const round_seating& round) {
    int count = 0;
    for (const auto& table : round.tables)
        for (std::size_t i = 0; i < table.size(); ++i)
            for (std::size_t j = i + 1; j < table.size(); ++j)
                count += times_met(met, field[static_cast<std::size_t>(table[i])].id,
                                   field[static_cast<std::size_t>(table[j])].id);
    return count;
}

// Plays a round as seated: records who met whom and the seats taken.
void play(std::vector<entrant>& field, meetings& met, const round_seating& round) {
    for (const auto& table : round.tables) {
        note_table(met, ids(field, table));
        for (std::size_t seat = 0; seat < table.size(); ++seat) {
            auto& taken = field[static_cast<std::size_t>(table[seat])].seats_taken;
            if (taken.size() <= seat) taken.resize(seat + 1, 0);
            ++taken[seat];
        }
    }
    for (const int b : round.byes) ++field[static_cast<std::size_t>(b)].byes;
}

TEST(PlanTables, SizesStayWithinOneSeatAndByesAreTheFewestPossible) {
    const auto plan = [](int players, int seats, int min_seats) { return plan_tables(players, {seats, min_seats}); };
    EXPECT_EQ(plan(10, 4, 2).sizes, (std::vector<int>{4, 3, 3}));
    EXPECT_EQ(plan(10, 4, 2).byes, 0);
    EXPECT_EQ(plan(9, 4, 3).sizes, (std::vector<int>{3, 3, 3}));
    EXPECT_EQ(plan(5, 2, 2).sizes, (std::vector<int>{2, 2}));
    EXPECT_EQ(plan(5, 2, 2).byes, 1) << "head to head: an odd one out";
    EXPECT_EQ(plan(7, 3, 3).sizes, (std::vector<int>{3, 3}));
    EXPECT_EQ(plan(7, 3, 3).byes, 1);
    EXPECT_EQ(plan(64, 8, 2).sizes, std::vector<int>(8, 8));
    EXPECT_EQ(plan(1, 4, 2).byes, 1);
    EXPECT_TRUE(plan(1, 4, 2).sizes.empty());
    for (int players = 2; players <= 256; ++players)
        for (int seats = 2; seats <= 8; ++seats) {
            const auto p = plan(players, seats, 2);
            const auto [low, high] = std::minmax_element(p.sizes.begin(), p.sizes.end());
            EXPECT_LE(*high - *low, 1) << players << " at tables of " << seats;
            EXPECT_LE(*high, seats);
            // Tables of 2 to 3 or more always fit everyone; head to head, an odd field leaves one out.
            EXPECT_EQ(p.byes, seats == 2 ? players % 2 : 0) << players << " at tables of " << seats;
        }
}

TEST(SeatRound, TheFirstRoundSeatsByRatingAndTheNextMeetsNewPeopleWhereItCan) {
    auto field = field_of(12);
    meetings met;
    const auto first = seat_round(field, met, {3, 3});
    ASSERT_EQ(first.tables.size(), 4u);
    EXPECT_TRUE(first.byes.empty());
    std::vector<std::string> top = ids(field, first.tables[0]);
    std::sort(top.begin(), top.end());
    EXPECT_EQ(top, (std::vector<std::string>{"p00", "p01", "p02"})) << "the strongest together";
    play(field, met, first);
    for (int round = 2; round <= 4; ++round) {
        const auto next = seat_round(field, met, {3, 3});
        EXPECT_EQ(repeats(field, met, next), 0) << "round " << round << ": 12 people at tables of 3 meet anew";
        play(field, met, next);
    }
}

TEST(SeatRound, WhereRepeatsCannotBeAvoidedItTakesTheFewest) {
    // 8 at two tables of 4: any second round repeats at least 2 pairs at each table (2 + 2 from each old table).
    auto field = field_of(8);
    meetings met;
    play(field, met, seat_round(field, met, {4, 4}));
    const auto second = seat_round(field, met, {4, 4});
    EXPECT_EQ(repeats(field, met, second), 4);
}

TEST(SeatRound, PeopleOfTheSameLevelSitTogetherWhenNothingElseDiffers) {
    auto field = field_of(8);
    for (int i = 0; i < 8; ++i) field[static_cast<std::size_t>(i)].points = i % 2 == 0 ? 3 : 0;
    const auto round = seat_round(field, {}, {4, 4});
    for (const auto& table : round.tables) {
        std::set<double> points;
        for (const int i : table) points.insert(field[static_cast<std::size_t>(i)].points);
        EXPECT_EQ(points.size(), 1u) << "the leaders play the leaders";
    }
}

TEST(SeatRound, NobodyTakesTheSameSeatTwiceWhereItCanBeAvoided) {
    auto field = field_of(4);
    meetings met;
    for (int round = 1; round <= 4; ++round) play(field, met, seat_round(field, met, {4, 4}));
    for (const entrant& e : field) {
        ASSERT_EQ(e.seats_taken.size(), 4u);
        EXPECT_EQ(e.seats_taken, (std::vector<int>{1, 1, 1, 1})) << e.id << " played from every seat once";
    }
}

TEST(SeatRound, ByesGoToTheLowestWithTheFewestByes) {
    auto field = field_of(5);
    meetings met;
    const auto first = seat_round(field, met, {2, 2});
    ASSERT_EQ(first.byes.size(), 1u);
    EXPECT_EQ(field[static_cast<std::size_t>(first.byes[0])].id, "p04") << "the lowest rated";
    play(field, met, first);
    const auto second = seat_round(field, met, {2, 2});
    ASSERT_EQ(second.byes.size(), 1u);
    EXPECT_EQ(field[static_cast<std::size_t>(second.byes[0])].id, "p03") << "not the same person twice";
}

TEST(SeatRound, TheSameStandingsGiveTheSameSeatingAndBadRulesAreRefused) {
    auto field = field_of(64);
    meetings met;
    for (int round = 1; round <= 3; ++round) play(field, met, seat_round(field, met, {5, 3}));
    const auto once = seat_round(field, met, {5, 3});
    const auto again = seat_round(field, met, {5, 3});
    EXPECT_EQ(once.tables, again.tables);
    EXPECT_EQ(once.byes, again.byes);
    EXPECT_THROW(seat_round(field, met, {9, 2}), std::invalid_argument);
    EXPECT_THROW(seat_round(field, met, {4, 5}), std::invalid_argument);
    EXPECT_THROW(seat_round(field, met, {4, 1}), std::invalid_argument);
}

// A 64-player Swiss of six rounds at tables of 4, points by place from made-up totals: nobody meets anyone twice
// and nobody plays from one seat more than twice.
TEST(SeatRound, ASixtyFourPlayerSwissMeetsNobodyTwiceAndSpreadsTheSeats) {
    auto field = field_of(64);
    meetings met;
    std::uint32_t lcg = 7;
    for (int round = 1; round <= 6; ++round) {
        const auto seated = seat_round(field, met, {4, 4});
        EXPECT_EQ(repeats(field, met, seated), 0) << "round " << round;
        play(field, met, seated);
        for (const auto& table : seated.tables) {
            std::vector<int> totals;
            for (std::size_t s = 0; s < table.size(); ++s)
                totals.push_back(static_cast<int>((lcg = lcg * 1103515245 + 12345) >> 26));
            const auto points = golf::competition::place_points(totals);
            for (std::size_t s = 0; s < table.size(); ++s)
                field[static_cast<std::size_t>(table[s])].points += points[s];
        }
    }
    for (const entrant& e : field)
        for (const int times : e.seats_taken) EXPECT_LE(times, 2) << e.id;
}

TEST(Standing, PointsThenOpponentsThenFewerStrokesThenRatingThenName) {
    std::vector<entrant> field(5);
    const std::vector<std::string> names{"ann", "bob", "cat", "dan", "eve"};
    for (std::size_t i = 0; i < 5; ++i) field[i].id = names[i];
    field[0].points = 3;
    field[1].points = 5;
    field[2].points = 3, field[2].opponent_points = 9;
    field[3].points = 3, field[3].opponent_points = 9, field[3].strokes = -4;
    field[4].points = 3, field[4].rating = 50;
    EXPECT_EQ(standing(field), (std::vector<int>{1, 3, 2, 4, 0}));
}

}  // namespace
