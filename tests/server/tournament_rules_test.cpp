// A tournament's rules on hand-made records (server/tournaments/tournament_rules.hpp): settings and their defaults,
// sign-ups and withdrawals, byes and their points, places shared on a full tie, the end when too few are left, the
// start time's bounds and the bots that fill a field.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/presets.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace tournament_rules_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

namespace v1 = golf::v1;
namespace rules = golf::server::tournament_rules;

v1::Tournament open_tournament(int seats, int min_seats, int rounds) {
    v1::Tournament t;
    auto& s = *t.mutable_settings();
    s.set_name("Test");
    s.set_preset("four-card");
    s.set_seats(static_cast<std::uint32_t>(seats));
    s.set_min_seats(static_cast<std::uint32_t>(min_seats));
    s.set_rounds(static_cast<std::uint32_t>(rounds));
    EXPECT_EQ(rules::settle(s, golf::find_preset("four-card")->rules), std::nullopt);
    t.set_state(v1::TOURNAMENT_STATE_OPEN);
    return t;
}

void sign_up(v1::Tournament& t, int players) {
    for (int i = 1; i <= players; ++i)
        ASSERT_EQ(rules::sign_up(t, i, "p" + std::to_string(i), 100.0 - i), std::nullopt);
}

TEST(TournamentRules, SettingsGetTheirDefaultsAndAbsurdOnesAreRefused) {
    v1::TournamentSettings s;
    s.set_name("Friday");
    s.set_seats(4);
    s.set_rounds(3);
    const auto& four = golf::find_preset("four-card")->rules;
    ASSERT_EQ(rules::settle(s, four), std::nullopt);
    EXPECT_EQ(s.min_seats(), 3u) << "one fewer than the most";
    EXPECT_EQ(s.max_players(), 256u);
    EXPECT_EQ(s.turn_clock_seconds(), 60u);
    s.set_turn_clock_seconds(4);
    EXPECT_NE(rules::settle(s, four), std::nullopt);
    s.set_turn_clock_seconds(30);
    s.set_min_seats(5);
    EXPECT_NE(rules::settle(s, four), std::nullopt) << "the fewest above the most";
    s.set_min_seats(2);
    s.set_format(v1::TOURNAMENT_FORMAT_DUPLICATE);
    ASSERT_EQ(rules::settle(s, four), std::nullopt);
    EXPECT_EQ(s.min_seats(), 4u) << "a duplicate round's tables are all full";
    EXPECT_NE(rules::settle(s, golf::find_preset("cactus")->rules), std::nullopt)
        << "Cactus lets the winner play first: the deals would part";
}

TEST(TournamentRules, AWithdrawalBeforeTheStartRemovesTheEntryAndAfterItKeepsTheResults) {
    auto t = open_tournament(2, 2, 3);
    sign_up(t, 4);
    EXPECT_NE(rules::sign_up(t, 1, "p1", 0), std::nullopt) << "twice";
    ASSERT_EQ(rules::withdraw(t, 4), std::nullopt);
    EXPECT_EQ(t.entrants_size(), 3);
    EXPECT_NE(rules::start(t, 0), std::nullopt) << "three are too few";
    ASSERT_EQ(rules::sign_up(t, 4, "p4", 0), std::nullopt) << "back again";
    ASSERT_EQ(rules::sign_up(t, 5, "p5", 0), std::nullopt);
    ASSERT_EQ(rules::start(t, 0), std::nullopt);
    EXPECT_NE(rules::sign_up(t, 9, "late", 0), std::nullopt) << "no late entries unless allowed";
    ASSERT_EQ(rules::withdraw(t, 5), std::nullopt);
    EXPECT_EQ(t.entrants_size(), 5) << "kept, marked withdrawn";
}

TEST(TournamentRules, ByesScoreTheMiddleAndEveryoneTiedOnEveryKeySharesAPlace) {
    auto t = open_tournament(2, 2, 2);
    sign_up(t, 5);
    ASSERT_EQ(rules::start(t, 0), std::nullopt);
    const auto* round = rules::seat_next_round(t, 1000);
    ASSERT_NE(round, nullptr);
    ASSERT_EQ(round->tables_size(), 2);
    ASSERT_EQ(round->byes_size(), 1);
    EXPECT_EQ(round->byes(0), "p5") << "the lowest rated sits out first";
    rules::record_table(t, t.rounds_size() - 1, 0, std::vector<int>{10, 10}, {false, false}, 1);
    EXPECT_FALSE(rules::round_in_play(t)->finished());
    rules::record_table(t, t.rounds_size() - 1, 1, std::vector<int>{4, 9}, {false, true}, 2);
    EXPECT_EQ(rules::round_in_play(t), nullptr) << "the round finished with its last table";
    std::map<std::string, const v1::TournamentEntrant*> by_name;
    for (const auto& e : t.entrants()) by_name[e.name()] = &e;
    EXPECT_DOUBLE_EQ(by_name["p5"]->points(), 0.5) << "a bye at tables of 2: half a win";
    const auto& first = t.rounds(0).tables(0);
    EXPECT_DOUBLE_EQ(first.seats(0).points(), 0.5);
    EXPECT_DOUBLE_EQ(first.seats(1).points(), 0.5);
    EXPECT_TRUE(t.rounds(0).tables(1).seats(1).played_by_bot());
    EXPECT_EQ(t.entrants(0).place(), 1u);
    for (int i = 1; i < t.entrants_size(); ++i) EXPECT_GE(t.entrants(i).place(), t.entrants(i - 1).place());

    v1::Tournament tied;
    for (const char* name : {"Zed", "Amy", "Bo"}) {
        auto* e = tied.add_entrants();
        e->set_name(name);
        e->set_points(name[0] == 'B' ? 1 : 2);
    }
    rules::restand(tied);
    EXPECT_EQ(tied.entrants(0).name(), "Amy") << "the name orders a full tie";
    EXPECT_EQ(tied.entrants(0).place(), 1u);
    EXPECT_EQ(tied.entrants(1).place(), 1u) << "but they share the place";
    EXPECT_EQ(tied.entrants(2).place(), 3u);
}

TEST(TournamentRules, ATournamentFinishesAfterItsRoundsOrWhenTooFewAreLeft) {
    auto t = open_tournament(2, 2, 5);
    sign_up(t, 4);
    ASSERT_EQ(rules::start(t, 0), std::nullopt);
    ASSERT_NE(rules::seat_next_round(t, 0), nullptr);
    rules::record_table(t, t.rounds_size() - 1, 0, std::vector<int>{1, 2}, {false, false}, 1);
    rules::record_table(t, t.rounds_size() - 1, 1, std::vector<int>{1, 2}, {false, false}, 2);
    for (int account = 1; account <= 3; ++account) ASSERT_EQ(rules::withdraw(t, account), std::nullopt);
    EXPECT_EQ(rules::seat_next_round(t, 0), nullptr) << "one left cannot make a table";
    EXPECT_EQ(t.state(), v1::TOURNAMENT_STATE_FINISHED);
}

TEST(TournamentRules, AStartTimeIsAfterNowAndWithinThirtyDays) {
    v1::TournamentSettings s;
    const std::int64_t now = 1'000'000;
    EXPECT_EQ(rules::check_start_time(s, now), std::nullopt) << "none: the organiser starts it";
    s.set_starts_at_unix_s(now + 1);
    EXPECT_EQ(rules::check_start_time(s, now), std::nullopt);
    s.set_starts_at_unix_s(now + 30 * 24 * 3600);
    EXPECT_EQ(rules::check_start_time(s, now), std::nullopt);
    for (const std::int64_t at : {now, now - 3600, now + 30 * 24 * 3600 + 1, std::int64_t{-1}}) {
        s.set_starts_at_unix_s(at);
        EXPECT_NE(rules::check_start_time(s, now), std::nullopt) << at;
    }
}

TEST(TournamentRules, BotsFillTheFieldToTheFewestAndTheLastTableToItsSeats) {
    const auto fillers = [](const v1::Tournament& t) {
        return std::count_if(t.entrants().begin(), t.entrants().end(), [](const auto& e) { return e.bot(); });
    };
    auto alone = open_tournament(4, 2, 1);
    alone.mutable_settings()->set_bot_fillers(true);
    EXPECT_NE(rules::start(alone, 0), std::nullopt) << "nobody signed up: no tournament of bots alone";
    EXPECT_EQ(alone.entrants_size(), 0);

    auto two = open_tournament(4, 2, 1);
    EXPECT_NE(rules::start(two, 0), std::nullopt) << "without fillers, two are too few";
    two.mutable_settings()->set_bot_fillers(true);
    sign_up(two, 2);
    ASSERT_EQ(rules::start(two, 0), std::nullopt);
    EXPECT_EQ(two.entrants_size(), 4) << "the fewest a tournament takes";
    EXPECT_EQ(fillers(two), 2);

    auto five = open_tournament(4, 3, 2);
    five.mutable_settings()->set_bot_fillers(true);
    sign_up(five, 5);
    ASSERT_EQ(rules::start(five, 0), std::nullopt);
    ASSERT_EQ(five.entrants_size(), 8) << "two whole tables of four";
    std::set<std::int64_t> accounts;
    for (const auto& e : five.entrants()) {
        if (e.bot()) {
            EXPECT_EQ(e.name().rfind("Bot #", 0), 0u) << e.name();
        }
        EXPECT_EQ(e.bot(), e.account_id() < 0) << "a filler has no account";
        accounts.insert(e.account_id());
    }
    EXPECT_EQ(accounts.size(), 8u);
    const auto* round = rules::seat_next_round(five, 0);
    ASSERT_NE(round, nullptr);
    ASSERT_EQ(round->tables_size(), 2);
    EXPECT_TRUE(round->byes().empty());
    for (const auto& table : round->tables()) EXPECT_EQ(table.seats_size(), 4);

    // A filler's seat is a bot's by nature: never "played by a bot" for an entrant who did not come.
    const auto& first = round->tables(0);
    std::vector<bool> by_bot;
    for (const auto& seat : first.seats()) by_bot.push_back(seat.name().rfind("Bot #", 0) == 0);
    rules::record_table(five, 0, 0, std::vector<int>{5, 6, 7, 8}, by_bot, 1);
    for (const auto& seat : five.rounds(0).tables(0).seats()) EXPECT_FALSE(seat.played_by_bot()) << seat.name();
}

TEST(TournamentRules, GuestsSignUpUnderANameByTheirEntryKeyWhereTheTournamentTakesThem) {
    auto t = open_tournament(4, 2, 1);
    const auto gus = rules::entrant_key::guest("hash-of-gus");
    EXPECT_NE(rules::sign_up(t, gus, "Gus", 0), std::nullopt) << "signed-in players only";
    t.mutable_settings()->set_guests(true);
    ASSERT_EQ(rules::sign_up(t, gus, "Gus", 0), std::nullopt);
    ASSERT_EQ(t.entrants_size(), 1);
    EXPECT_TRUE(t.entrants(0).guest());
    EXPECT_EQ(t.entrants(0).account_id(), 0);
    EXPECT_NE(rules::sign_up(t, gus, "", 0), std::nullopt) << "twice, by the same key";
    EXPECT_NE(rules::sign_up(t, rules::entrant_key::guest("another"), "GUS", 0), std::nullopt)
        << "a name a reader would mistake for one in already";
    EXPECT_NE(rules::sign_up(t, rules::entrant_key::guest("nobody"), "", 0), std::nullopt) << "a token of nobody's";
    EXPECT_NE(rules::withdraw(t, rules::entrant_key::guest("nobody")), std::nullopt);
    EXPECT_NE(rules::withdraw(t, 0), std::nullopt) << "account 0 is nobody";
    ASSERT_EQ(rules::withdraw(t, gus), std::nullopt);
    EXPECT_EQ(t.entrants_size(), 0);
}

}  // namespace
}  // namespace tournament_rules_tests
