// Tests of the ratings the match writer keeps, run on SQLite and on PostgreSQL: a finished match rates its accounts
// among themselves (guests and bots left out) exactly as golf::ratings::rate does, ties, what is not rated
// (abandoned, a single account, a result recorded twice), the history and the leaderboard; and, on SQLite, a
// schema-3 database migrating to accounts with its matches intact.
#include <gtest/gtest.h>

#include "ratings/weng_lin.hpp"
#include "tests/persistence/rated_play.hpp"
#include "tests/persistence/temp_database.hpp"

namespace golf::persistence {
namespace {

using namespace test_support;
using golf::ratings::rating;

using ratings_store_test = rated_play;

constexpr std::int64_t t0 = 1'700'000'000;
constexpr double exact = 1e-12;

void expect_rating(const std::optional<rating_record>& got, const rating& want, int matches) {
    ASSERT_TRUE(got.has_value());
    EXPECT_NEAR(got->mu, want.mu, exact);
    EXPECT_NEAR(got->sigma, want.sigma, exact);
    EXPECT_EQ(got->matches, matches);
}

TEST_P(ratings_store_test, a_finished_match_rates_only_its_accounts) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto id =
        play("six-card",
             {account_seat(0, "ann", ann), guest_seat(1, "carl"), account_seat(2, "bob", bob), bot_seat(3, "Robo")},
             {12, 3, 20, -1}, t0);

    // The guest and the bot scored lowest; among the accounts ann (12) beat bob (20).
    const auto want = golf::ratings::rate(std::vector<rating>{{}, {}}, std::vector<int>{1, 2});
    expect_rating(rating_of(ann, "six-card"), want[0], 1);
    expect_rating(rating_of(bob, "six-card"), want[1], 1);
    EXPECT_GT(rating_of(ann, "six-card")->mu, 25.0);
    EXPECT_EQ(query("SELECT COUNT(*) FROM ratings"), "2");
    EXPECT_EQ(query("SELECT COUNT(*) FROM rating_history"), "2");

    // The seats' accounts read back, so history can mark the registered ones.
    const auto seats = store_->match(id)->summary.seats;
    ASSERT_EQ(seats.size(), 4u);
    EXPECT_EQ(seats[0].account_id, ann);
    EXPECT_EQ(seats[1].account_id, 0);
    EXPECT_EQ(seats[2].account_id, bob);
    EXPECT_EQ(seats[3].account_id, 0);
    EXPECT_EQ(store_->matches_by_player("bob", 5).front().seats[2], account_seat(2, "bob", bob));
}

TEST_P(ratings_store_test, equal_totals_tie) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto cat = make_account("cat");
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {7, 7}, t0);
    const auto pair = golf::ratings::rate(std::vector<rating>{{}, {}}, std::vector<int>{1, 1});
    expect_rating(rating_of(ann, "six-card"), pair[0], 1);
    expect_rating(rating_of(bob, "six-card"), pair[1], 1);
    EXPECT_EQ(rating_of(ann, "six-card"), rating_of(bob, "six-card"));

    play("four-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob), account_seat(2, "cat", cat)},
         {5, 9, 5}, t0 + 100);
    const auto three = golf::ratings::rate(std::vector<rating>{{}, {}, {}}, std::vector<int>{1, 3, 1});
    expect_rating(rating_of(ann, "four-card"), three[0], 1);
    expect_rating(rating_of(bob, "four-card"), three[1], 1);
    expect_rating(rating_of(cat, "four-card"), three[2], 1);
}

TEST_P(ratings_store_test, an_abandoned_match_or_one_with_a_single_account_is_not_rated) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {3, 9}, t0, true);
    play("six-card", {account_seat(0, "ann", ann), guest_seat(1, "carl"), bot_seat(2, "Robo")}, {3, 9, 4}, t0 + 60);
    play("six-card", {guest_seat(0, "carl"), guest_seat(1, "dora")}, {3, 9}, t0 + 120);
    EXPECT_TRUE(accounts().ratings(ann).empty());
    EXPECT_TRUE(accounts().ratings(bob).empty());
    EXPECT_EQ(query("SELECT COUNT(*) FROM ratings"), "0");
    EXPECT_EQ(query("SELECT COUNT(*) FROM rating_history"), "0");
    EXPECT_TRUE(accounts().rating_leaderboard("six-card", 0, 10).empty());
}

TEST_P(ratings_store_test, a_result_recorded_twice_is_rated_once) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto id = play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {3, 9}, t0);
    store_->finish_match({id, t0, std::nullopt, {3, 9}, false});
    ASSERT_TRUE(store_->flush(flush_limit));
    EXPECT_EQ(rating_of(ann, "six-card")->matches, 1);
    EXPECT_EQ(query("SELECT COUNT(*) FROM rating_history"), "2");
}

TEST_P(ratings_store_test, each_match_moves_the_rating_on_from_the_last_and_the_history_keeps_every_step) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto first = play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {1, 2}, t0);
    const auto second = play("six-card", {account_seat(0, "bob", bob), account_seat(1, "ann", ann)}, {3, 5}, t0 + 900);
    const auto after_first = golf::ratings::rate(std::vector<rating>{{}, {}}, std::vector<int>{1, 2});
    // Seat order of the second match: bob first, and bob won.
    const auto after_second =
        golf::ratings::rate(std::vector<rating>{after_first[1], after_first[0]}, std::vector<int>{1, 2});
    expect_rating(rating_of(ann, "six-card"), after_second[1], 2);
    expect_rating(rating_of(bob, "six-card"), after_second[0], 2);

    const auto history = accounts().rating_history(ann, "six-card", 10);
    ASSERT_EQ(history.size(), 2u);  // oldest first
    EXPECT_EQ(history[0].match, first);
    EXPECT_EQ(history[0].at, t0);
    EXPECT_NEAR(history[0].mu, after_first[0].mu, exact);
    EXPECT_NEAR(history[0].sigma, after_first[0].sigma, exact);
    EXPECT_EQ(history[1].match, second);
    EXPECT_EQ(history[1].at, t0 + 900);
    EXPECT_NEAR(history[1].mu, after_second[1].mu, exact);
    EXPECT_EQ(accounts().rating_history(ann, "six-card", 1), (std::vector<rating_point>{history[1]}));
    EXPECT_TRUE(accounts().rating_history(ann, "four-card", 10).empty());
}

TEST_P(ratings_store_test, each_preset_has_its_own_rating) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {1, 2}, t0);
    play("four-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {9, 2}, t0 + 60);
    const auto ratings = accounts().ratings(ann);
    ASSERT_EQ(ratings.size(), 2u);  // by preset name
    EXPECT_EQ(ratings[0].preset, "four-card");
    EXPECT_EQ(ratings[1].preset, "six-card");
    const auto won = golf::ratings::rate(std::vector<rating>{{}, {}}, std::vector<int>{1, 2});
    expect_rating(ratings[0], won[1], 1);  // ann lost the four-card match from the start
    expect_rating(ratings[1], won[0], 1);
}

TEST_P(ratings_store_test, the_leaderboard_ranks_by_mu_minus_three_sigma_then_name_and_honours_min_matches) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto cat = make_account("cat");
    play("six-card", {account_seat(0, "cat", cat), account_seat(1, "bob", bob), account_seat(2, "ann", ann)},
         {30, 20, 10}, t0);
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {1, 2}, t0 + 60);

    const auto all = accounts().rating_leaderboard("six-card", 1, 10);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].name, "ann");
    EXPECT_EQ(all[1].name, "bob");
    EXPECT_EQ(all[2].name, "cat");
    EXPECT_EQ(all[0].account, ann);
    EXPECT_EQ(all[0].rating, rating_of(ann, "six-card"));
    EXPECT_EQ(all[2].rating.matches, 1);

    const auto regulars = accounts().rating_leaderboard("six-card", 2, 10);
    ASSERT_EQ(regulars.size(), 2u);  // cat played once
    EXPECT_EQ(regulars[1].name, "bob");
    EXPECT_EQ(accounts().rating_leaderboard("six-card", 1, 2).size(), 2u);
    EXPECT_TRUE(accounts().rating_leaderboard("four-card", 1, 10).empty());

    // Equal ratings: by name, whatever the order the accounts were made in.
    const auto zed = make_account("zed");
    const auto amy = make_account("amy");
    play("four-card", {account_seat(0, "zed", zed), account_seat(1, "amy", amy)}, {4, 4}, t0 + 120);
    const auto tied = accounts().rating_leaderboard("four-card", 0, 10);
    ASSERT_EQ(tied.size(), 2u);
    EXPECT_EQ(tied[0].name, "amy");
    EXPECT_EQ(tied[1].name, "zed");
}

INSTANTIATE_TEST_SUITE_P(backends, ratings_store_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

// Schema version 3 as the release before accounts wrote it; migration 4 must carry its rows over.
constexpr const char* schema_v3 = R"sql(
CREATE TABLE players (id INTEGER PRIMARY KEY, display_name TEXT NOT NULL, token_hash TEXT UNIQUE);
CREATE INDEX players_by_name ON players(display_name);
CREATE TABLE tables (code TEXT PRIMARY KEY, ruleset TEXT NOT NULL, created_at INTEGER NOT NULL,
  preset TEXT NOT NULL DEFAULT '', seats INTEGER NOT NULL DEFAULT 0, is_public INTEGER NOT NULL DEFAULT 0,
  password_hash TEXT NOT NULL DEFAULT '', turn_clock_ms INTEGER NOT NULL DEFAULT 0,
  forfeit_when_away INTEGER NOT NULL DEFAULT 0, recorded INTEGER NOT NULL DEFAULT 1,
  claim_window_ms INTEGER NOT NULL DEFAULT 0);
CREATE TABLE matches (id INTEGER PRIMARY KEY, table_code TEXT REFERENCES tables(code), ruleset TEXT NOT NULL,
  started_at INTEGER NOT NULL, ended_at INTEGER, winner_seat INTEGER, preset TEXT NOT NULL DEFAULT '',
  abandoned INTEGER NOT NULL DEFAULT 0);
CREATE INDEX matches_unfinished ON matches(id) WHERE ended_at IS NULL;
CREATE TABLE match_seats (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id), final_total INTEGER, bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat));
CREATE INDEX match_seats_by_player ON match_seats(player_id, match_id);
CREATE TABLE holes (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, hole INTEGER NOT NULL,
  seed INTEGER NOT NULL, dealer INTEGER NOT NULL, caller INTEGER, actions BLOB NOT NULL,
  PRIMARY KEY (match_id, hole));
CREATE TABLE hole_scores (match_id INTEGER NOT NULL, hole INTEGER NOT NULL, seat INTEGER NOT NULL,
  hand_score INTEGER NOT NULL, running_total INTEGER NOT NULL, PRIMARY KEY (match_id, hole, seat),
  FOREIGN KEY (match_id, hole) REFERENCES holes(match_id, hole) ON DELETE CASCADE);
CREATE TABLE hands_in_play (match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  hole INTEGER NOT NULL, seed INTEGER NOT NULL, dealer INTEGER NOT NULL, actions BLOB NOT NULL);
CREATE INDEX matches_by_start ON matches(started_at, id);
CREATE INDEX matches_finished_by_preset ON matches(preset) WHERE ended_at IS NOT NULL;
PRAGMA user_version = 3;
INSERT INTO players VALUES (1, 'ann', 'hash-ann'), (2, 'bob', 'hash-bob');
INSERT INTO tables(code, ruleset, created_at, preset, seats, claim_window_ms)
  VALUES ('ABCD', 'standard', 1699999999, 'six-card', 2, 1500);
INSERT INTO matches VALUES (7, 'ABCD', 'standard', 1700000000, 1700000500, 1, 'six-card', 0);
INSERT INTO match_seats VALUES (7, 0, 1, 6, ''), (7, 1, 2, -6, '');
INSERT INTO holes VALUES (7, 1, 12345, 1, NULL, X'0A0B');
INSERT INTO hole_scores VALUES (7, 1, 0, 6, 6), (7, 1, 1, -6, -6);
)sql";

using account_migration_test = temp_database;

TEST_F(account_migration_test, a_version_3_database_migrates_to_accounts_with_its_matches_intact) {
    raw_exec(options().path, schema_v3);
    sqlite_store store(options());
    EXPECT_EQ(raw_query(options().path, "PRAGMA user_version"), std::to_string(schema_version));
    EXPECT_EQ(store.integrity_check(), "ok");

    const auto old = store.match(7);
    ASSERT_TRUE(old.has_value());
    EXPECT_EQ(old->summary.seats,
              (std::vector<seat_record>{{0, "ann", "hash-ann", "", 0}, {1, "bob", "hash-bob", "", 0}}));
    EXPECT_EQ(old->summary.final_totals, (std::vector<std::optional<int>>{6, -6}));
    EXPECT_EQ(old->table->claim_window_ms, 1500);
    ASSERT_EQ(old->holes.size(), 1u);
    EXPECT_EQ(old->holes[0].hand_scores, (std::vector<int>{6, -6}));
    EXPECT_EQ(store.leaderboard("six-card", 10).size(), 2u);

    // The migrated database takes accounts, and their matches are rated; the old match, without accounts, is not.
    auto& accounts = *store.accounts();
    const auto ann = accounts.create_account("ann", "ann", "h", t0)->id;
    const auto bob = accounts.create_account("bob", "bob", "h", t0)->id;
    const auto id = store.start_match({"ABCD",
                                       "six-card",
                                       preset_rules_text("six-card"),
                                       {account_seat(0, "ann", ann), account_seat(1, "bob", bob)},
                                       t0 + 1000});
    EXPECT_EQ(id, 8);
    store.finish_match({id, t0 + 2000, 1, {9, 4}, false});
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 0u);
    EXPECT_EQ(accounts.ratings(bob).size(), 1u);
    EXPECT_EQ(accounts.rating_history(ann, "six-card", 10).front().match, id);
    EXPECT_EQ(raw_query(options().path, "SELECT COUNT(*) FROM rating_history"), "2");
}

}  // namespace
}  // namespace golf::persistence
