// Tests of the rating rebuild on SQLite and on PostgreSQL: after live play the check finds the stored ratings equal
// to the recomputed ones (exactly), replaying matches in the order they were rated; a rating altered or deleted in
// the database is reported and the rebuild restores it and its history; a read-only store checks but does not
// rebuild; and (PostgreSQL) two nodes rating matches that share an account at once rate each from the other's
// result.
#include <thread>

#include <gtest/gtest.h>

#include "persistence/open_store.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/rating_rebuild.hpp"
#include "tests/persistence/rated_play.hpp"

namespace golf::persistence {
namespace {

using namespace test_support;

constexpr std::int64_t rebuild_t0 = 1'700'000'000;

class rating_rebuild_test : public rated_play {
protected:
    rating_archive& archive() {
        auto* a = store_->ratings_archive();
        if (a == nullptr) throw std::logic_error("the store has no rating archive");
        return *a;
    }

    // Four accounts, guests and a bot over two presets, with an abandoned match and one with a single account.
    void play_a_season() {
        for (const char* name : {"ann", "bob", "cat", "dan"}) ids_.push_back(make_account(name));
        const auto seat = [&](int s, int who) { return account_seat(s, "p" + std::to_string(who), ids_[who]); };
        std::int64_t at = rebuild_t0;
        for (int m = 0; m < 12; ++m) {
            const std::string preset = m % 3 == 0 ? "four-card" : "six-card";
            const int a = m % 4, b = (m + 1 + m / 4) % 4;  // never the same
            std::vector<seat_record> seats{seat(0, a), guest_seat(1, "guest"), seat(2, b), bot_seat(3, "Robo")};
            std::vector<int> totals{(m * 7) % 11, 5, (m * 5) % 13, 4};
            play(preset, seats, totals, at += 600, m == 5);
        }
        play("six-card", {seat(0, 0), guest_seat(1, "guest")}, {1, 2}, at += 600);
    }

    std::vector<account_id> ids_;
};

TEST_P(rating_rebuild_test, after_live_play_the_check_finds_the_stored_ratings_exactly_equal) {
    play_a_season();
    const auto report = check_ratings(archive());
    EXPECT_TRUE(report.same()) << report.differing << " differ";
    EXPECT_EQ(report.matches, std::stoul(query("SELECT COUNT(DISTINCT match_id) FROM rating_history")));
    EXPECT_EQ(report.matches, 11u);  // 13, less the abandoned one and the one with a single account
    EXPECT_EQ(report.accounts, 4u);
    EXPECT_EQ(report.ratings, std::stoul(query("SELECT COUNT(*) FROM ratings")));
    EXPECT_EQ(report.largest_difference, 0.0);  // the same doubles, read back exactly
}

TEST_P(rating_rebuild_test, matches_are_replayed_in_the_order_they_were_rated_not_the_order_they_ended) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    // Finished (and rated) first, though recorded as ending later: a node's clock, or a result held back.
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {1, 9}, rebuild_t0 + 5000);
    play("six-card", {account_seat(0, "ann", ann), account_seat(1, "bob", bob)}, {9, 1}, rebuild_t0);
    EXPECT_TRUE(check_ratings(archive()).same());
    EXPECT_TRUE(rebuild_ratings(archive()).same());
    EXPECT_TRUE(check_ratings(archive()).same());
}

TEST_P(rating_rebuild_test, an_altered_rating_is_reported_and_the_rebuild_restores_it) {
    play_a_season();
    const auto ann = ids_[0];
    const auto before = accounts().ratings(ann);
    const auto history = accounts().rating_history(ann, "six-card", 100);
    execute("UPDATE ratings SET mu = mu + 0.5 WHERE account_id = " + std::to_string(ann) + " AND preset = 'six-card'");

    const auto report = check_ratings(archive());
    EXPECT_FALSE(report.same());
    ASSERT_EQ(report.differing, 1u);
    const auto& d = report.differences.front();
    EXPECT_EQ(d.account, ann);
    EXPECT_EQ(d.preset, "six-card");
    ASSERT_TRUE(d.stored && d.recomputed);
    EXPECT_NEAR(d.stored->mu - d.recomputed->mu, 0.5, 1e-9);
    EXPECT_NEAR(report.largest_difference, 0.5, 1e-9);

    const auto rebuilt = rebuild_ratings(archive());
    EXPECT_EQ(rebuilt.differing, 1u);  // what it found before replacing
    EXPECT_TRUE(check_ratings(archive()).same());
    EXPECT_EQ(accounts().ratings(ann), before);
    EXPECT_EQ(accounts().rating_history(ann, "six-card", 100), history);
}

TEST_P(rating_rebuild_test, deleted_ratings_and_history_are_reported_and_restored) {
    play_a_season();
    const auto bob = ids_[1];
    const auto before = accounts().ratings(bob);
    const auto history = accounts().rating_history(bob, "four-card", 100);
    const auto rows = query("SELECT COUNT(*) FROM rating_history");
    execute("DELETE FROM ratings WHERE account_id = " + std::to_string(bob));
    execute("DELETE FROM rating_history");

    const auto report = check_ratings(archive());
    EXPECT_EQ(report.differing, before.size());
    EXPECT_FALSE(report.differences.front().stored.has_value());
    // Never rated now, the matches are replayed by ended_at: the order they were played in.
    rebuild_ratings(archive());
    EXPECT_TRUE(check_ratings(archive()).same());
    EXPECT_EQ(accounts().ratings(bob), before);
    EXPECT_EQ(accounts().rating_history(bob, "four-card", 100), history);
    EXPECT_EQ(query("SELECT COUNT(*) FROM rating_history"), rows);
}

TEST_P(rating_rebuild_test, a_read_only_store_checks_but_does_not_rebuild) {
    play_a_season();
    const auto reader = open_store({.db = db(), .read_only = true});
    ASSERT_NE(reader->ratings_archive(), nullptr);
    EXPECT_TRUE(check_ratings(*reader->ratings_archive()).same());
    try {
        rebuild_ratings(*reader->ratings_archive());
        ADD_FAILURE() << "a read-only store rebuilt the ratings";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::read_only);
    }
}

TEST_P(rating_rebuild_test, two_nodes_rating_matches_that_share_an_account_at_once_build_on_each_other) {
    if (!postgres()) GTEST_SKIP() << "one SQLite file has one server";
    const auto ann = make_account("ann");
    constexpr int per_node = 15;
    std::vector<account_id> others;  // a new opponent each match: no pair reaches pair_rated_per_day
    for (int i = 0; i < 2 * per_node; ++i) others.push_back(make_account("other" + std::to_string(i)));
    auto second = open();  // another node's store on the same database
    const auto run = [&](match_store& store, int node) {
        for (int m = 0; m < per_node; ++m) {
            const auto other = others[static_cast<std::size_t>(node * per_node + m)];
            const auto id = store.start_match({"",
                                               "six-card",
                                               preset_rules_text("six-card"),
                                               {account_seat(0, "ann", ann), account_seat(1, "x", other)},
                                               rebuild_t0});
            store.finish_match({id, rebuild_t0 + m, std::nullopt, {m % 3, 1}, false});
            store.flush(flush_limit);  // one match per transaction: the nodes' transactions interleave
        }
    };
    std::thread a([&] { run(*store_, 0); });
    std::thread b([&] { run(*second, 1); });
    a.join();
    b.join();
    EXPECT_EQ(store_->health().dropped + second->health().dropped, 0u);
    EXPECT_EQ(rating_of(ann, "six-card")->matches, 2 * per_node);  // none computed from a stale prior
    const auto report = check_ratings(archive());
    EXPECT_TRUE(report.same()) << report.differing << " differ, by up to " << report.largest_difference;
    EXPECT_EQ(report.matches, 2u * per_node);
}

// Two accounts count pair_rated_per_day rated matches together a day: later ones are recorded but not rated,
// another pair is rated, and a day later the two are rated again; the rebuild agrees with every step.
TEST_P(rating_rebuild_test, two_accounts_count_so_many_rated_matches_together_a_day_and_the_rebuild_agrees) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto cat = make_account("cat");
    const auto play = [&](account_id a, account_id b, std::int64_t at) {
        const auto id = store_->start_match(
            {"", "six-card", preset_rules_text("six-card"), {account_seat(0, "a", a), account_seat(1, "b", b)}, at});
        store_->finish_match({id, at, std::nullopt, {1, 2}, false});
        store_->flush(flush_limit);
    };
    const int played = pair_rated_per_day + 2;
    for (int m = 0; m < played; ++m) play(ann, bob, rebuild_t0 + m * 60);
    EXPECT_EQ(rating_of(ann, "six-card")->matches, pair_rated_per_day);
    EXPECT_EQ(query("SELECT COUNT(*) FROM matches WHERE ended_at IS NOT NULL"), std::to_string(played))
        << "every match recorded";
    play(ann, cat, rebuild_t0 + 600);
    EXPECT_EQ(rating_of(ann, "six-card")->matches, pair_rated_per_day + 1) << "another pair is rated";
    play(ann, bob, rebuild_t0 + pair_window_s + 60);
    EXPECT_EQ(rating_of(bob, "six-card")->matches, pair_rated_per_day + 1) << "a day later, rated again";
    const auto report = check_ratings(archive());
    EXPECT_TRUE(report.same()) << report.differing << " differ, by up to " << report.largest_difference;
    EXPECT_EQ(report.matches, static_cast<std::size_t>(pair_rated_per_day) + 2);
}

INSTANTIATE_TEST_SUITE_P(backends, rating_rebuild_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

}  // namespace
}  // namespace golf::persistence
