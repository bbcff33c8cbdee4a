// The arena format's rules on hand-made records (server/tournaments/arena_rules.cpp): its settings and clock, who is
// seated when (whole tables while others play, everyone free once nobody plays or someone has waited), points
// doubled on fire, a seat a bot played pausing its entrant until they sign up again, filler bots that wait for a
// person, and the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/presets.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace arena_rules_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

namespace v1 = golf::v1;
namespace rules = golf::server::tournament_rules;

constexpr std::int64_t start_s = 1000;

// An arena of `players` (p1 the highest rated), tables of `seats`, started at start_s for 30 minutes.
v1::Tournament running_arena(int players, int seats) {
    v1::Tournament t;
    auto& s = *t.mutable_settings();
    s.set_name("Arena");
    s.set_preset("four-card");
    s.set_seats(static_cast<std::uint32_t>(seats));
    s.set_min_seats(2);
    s.set_format(v1::TOURNAMENT_FORMAT_ARENA);
    EXPECT_EQ(rules::settle(s, golf::find_preset("four-card")->rules), std::nullopt);
    t.set_state(v1::TOURNAMENT_STATE_OPEN);
    for (int i = 1; i <= players; ++i)
        EXPECT_EQ(rules::sign_up(t, i, "p" + std::to_string(i), 100.0 - i), std::nullopt);
    EXPECT_EQ(rules::start(t, start_s), std::nullopt);
    return t;
}

int seated_now(const v1::Tournament& t) {
    int n = 0;
    for (const auto& e : t.entrants()) n += rules::table_at(t, e.name()) != nullptr;
    return n;
}

const v1::TournamentEntrant& entrant(const v1::Tournament& t, const std::string& name) {
    for (const auto& e : t.entrants())
        if (e.name() == name) return e;
    ADD_FAILURE() << "no entrant " << name;
    return t.entrants(0);
}

// Every table in play finishes: `winner` (when there) alone with the lowest total, else seat 0; `bots` are seats
// (by name) a bot played from start to end. Returns the seat `winner` played, if any.
const v1::TournamentSeat* finish_all(v1::Tournament& t, const std::string& winner,
                                     const std::vector<std::string>& bots = {}) {
    std::pair<int, int> at{-1, -1};
    int seat_of_winner = -1;
    for (const int r : rules::unfinished_rounds(t))
        for (int n = 0; n < t.rounds(r).tables_size(); ++n) {
            const auto& table = t.rounds(r).tables(n);
            if (table.finished()) continue;
            std::vector<int> totals;
            std::vector<bool> by_bot;
            int low = 0;
            for (int s = 0; s < table.seats_size(); ++s)
                if (table.seats(s).name() == winner) low = s;
            for (int s = 0; s < table.seats_size(); ++s) {
                totals.push_back(s == low ? 1 : 10 + s);
                by_bot.push_back(std::find(bots.begin(), bots.end(), table.seats(s).name()) != bots.end());
                if (table.seats(s).name() == winner) {
                    at = {r, n};
                    seat_of_winner = s;
                }
            }
            rules::record_table(t, r, n, totals, by_bot, 1);
        }
    return at.first < 0 ? nullptr : &t.rounds(at.first).tables(at.second).seats(seat_of_winner);
}

TEST(ArenaRules, SettingsTakeMinutesInsteadOfRoundsAndTheStartSetsTheEnd) {
    v1::TournamentSettings s;
    s.set_name("Arena");
    s.set_seats(4);
    s.set_rounds(5);
    s.set_format(v1::TOURNAMENT_FORMAT_ARENA);
    const auto& four = golf::find_preset("four-card")->rules;
    ASSERT_EQ(rules::settle(s, four), std::nullopt);
    EXPECT_EQ(s.arena_minutes(), 30u);
    EXPECT_EQ(s.rounds(), 0u) << "each seating is a round of its own";
    s.set_arena_minutes(721);
    EXPECT_NE(rules::settle(s, four), std::nullopt);
    s.set_format(static_cast<v1::TournamentFormat>(99));
    EXPECT_NE(rules::settle(s, four), std::nullopt) << "no such format";
    const auto t = running_arena(4, 2);
    EXPECT_EQ(t.ends_at_unix_s(), start_s + 30 * 60);
}

TEST(ArenaRules, WholeTablesWhileOthersPlayEveryoneFreeOnceNobodyPlaysOrSomeoneHasWaited) {
    auto t = running_arena(5, 2);
    auto step = rules::seat_arena(t, start_s);
    ASSERT_NE(step.seated, nullptr) << "nobody plays: everyone free is seated";
    EXPECT_EQ(step.seated->tables_size(), 2);
    EXPECT_EQ(seated_now(t), 4) << "five at tables of two: one waits";

    // One table finishes while the other plays: its two and the one waiting make three free; only a whole table
    // goes (the top two of them by standing), the third waits.
    const auto& first = t.rounds(0).tables(0);
    const std::string winner = first.seats(0).name();
    std::vector<int> totals{1, 9};
    rules::record_table(t, 0, 0, totals, {false, false}, 1);
    EXPECT_EQ(entrant(t, winner).points(), 1.0);
    step = rules::seat_arena(t, start_s + 5);
    ASSERT_NE(step.seated, nullptr);
    ASSERT_EQ(step.seated->tables_size(), 1);
    EXPECT_EQ(step.seated->tables(0).seats_size(), 2);
    EXPECT_EQ(rules::table_at(t, winner), &step.seated->tables(0)) << "the leader is seated first";
    EXPECT_EQ(seated_now(t), 4);

    // The one left over is alone: nothing until another is free, then at once, having waited 20 s.
    EXPECT_EQ(rules::seat_arena(t, start_s + 30).seated, nullptr);
    rules::record_table(t, 0, 1, totals, {false, false}, 2);
    step = rules::seat_arena(t, start_s + 31);
    ASSERT_NE(step.seated, nullptr) << "three free, one has waited: seated though others play";
    EXPECT_EQ(step.seated->tables_size(), 1) << "three at tables of two: one table, one waits";
    EXPECT_EQ(seated_now(t), 4);
}

TEST(ArenaRules, TwoWinsInARowSetAnEntrantOnFireAndABotPlayedSeatPausesItsEntrant) {
    auto t = running_arena(4, 2);
    std::int64_t now = start_s;
    for (int table = 1; table <= 2; ++table) {
        ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
        const auto* won = finish_all(t, "p1");
        ASSERT_NE(won, nullptr);
        EXPECT_FALSE(won->on_fire());
        EXPECT_EQ(won->points(), 1.0);
    }
    EXPECT_EQ(entrant(t, "p1").streak(), 2u);
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    const auto* third = finish_all(t, "p1");
    ASSERT_NE(third, nullptr);
    EXPECT_TRUE(third->on_fire());
    EXPECT_EQ(third->points(), 2.0) << "a win on fire counts twice";
    EXPECT_EQ(entrant(t, "p1").points(), 4.0);
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    const auto* with = rules::table_at(t, "p1");
    ASSERT_NE(with, nullptr);
    finish_all(t, with->seats(with->seats(0).name() == "p1" ? 1 : 0).name());
    EXPECT_EQ(entrant(t, "p1").streak(), 0u) << "a table not won ends the streak";

    // p4 never comes to the next table: no points for it, and no table for p4 until p4 signs up again.
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    const double before = entrant(t, "p4").points();
    const auto strokes = entrant(t, "p4").strokes();
    finish_all(t, "p4", {"p4"});
    EXPECT_EQ(entrant(t, "p4").points(), before);
    EXPECT_EQ(entrant(t, "p4").strokes(), strokes) << "the bot's strokes are not p4's";
    EXPECT_TRUE(entrant(t, "p4").paused());
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    EXPECT_EQ(rules::table_at(t, "p4"), nullptr) << "a paused entrant is not seated";
    finish_all(t, "p1");
    EXPECT_EQ(rules::sign_up(t, 4, "p4", 0), std::nullopt) << "back";
    EXPECT_FALSE(entrant(t, "p4").paused());
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    EXPECT_NE(rules::table_at(t, "p4"), nullptr);
}

TEST(ArenaRules, NobodyIsSeatedAfterTheEndAndTheArenaFinishesWithItsLastTable) {
    auto t = running_arena(4, 2);
    const std::int64_t end = t.ends_at_unix_s();
    ASSERT_NE(rules::seat_arena(t, end - 1).seated, nullptr);
    EXPECT_FALSE(rules::finish_arena(t, end)) << "its tables are still in play";
    finish_all(t, "p2");
    EXPECT_EQ(rules::seat_arena(t, end).seated, nullptr) << "the time is up";
    EXPECT_FALSE(rules::finish_arena(t, end - 1));
    EXPECT_TRUE(rules::finish_arena(t, end));
    EXPECT_EQ(t.state(), v1::TOURNAMENT_STATE_FINISHED);
    EXPECT_EQ(t.entrants(0).points(), 1.0) << "every table's result counted";
}

TEST(ArenaRules, FillerBotsAreNeverPausedAndWaitForAPerson) {
    v1::Tournament t;
    auto& s = *t.mutable_settings();
    s.set_name("Arena");
    s.set_preset("four-card");
    s.set_seats(2);
    s.set_min_seats(2);
    s.set_format(v1::TOURNAMENT_FORMAT_ARENA);
    s.set_bot_fillers(true);
    ASSERT_EQ(rules::settle(s, golf::find_preset("four-card")->rules), std::nullopt);
    t.set_state(v1::TOURNAMENT_STATE_OPEN);
    ASSERT_EQ(rules::sign_up(t, 1, "p1", 50), std::nullopt);
    ASSERT_EQ(rules::start(t, start_s), std::nullopt);
    ASSERT_EQ(t.entrants_size(), 4) << "p1 and three bots";
    std::int64_t now = start_s;
    ASSERT_NE(rules::seat_arena(t, now++).seated, nullptr);
    EXPECT_NE(rules::table_at(t, "p1"), nullptr);
    finish_all(t, "p1", {"Bot #1", "Bot #2", "Bot #3"});
    for (const auto& e : t.entrants()) EXPECT_FALSE(e.paused()) << e.name() << ": a filler is a bot by nature";
    ASSERT_EQ(rules::withdraw(t, 1), std::nullopt);
    EXPECT_EQ(rules::seat_arena(t, now + rules::arena_wait_s).seated, nullptr) << "no table of bots alone";
}

}  // namespace
}  // namespace arena_rules_tests
