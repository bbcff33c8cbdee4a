// Tests of what only the PostgreSQL store does, on the tests' own server (a database per test): its schema
// version and migration (twice at once, as nodes starting together would), match ids from a shared sequence, each
// refusal with its sentence (a newer schema, a wrong password, a missing database, an unreachable server; never the
// password), a connection cut mid-write and a database that stays away for a while (retried, nothing lost), a
// server turned read-only as a demoted primary is (left, and connected to again), and read-only stores.
#include <future>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "persistence/open_store.hpp"
#include "persistence/postgres/pg_schema.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "tests/persistence/sample_records.hpp"
#include "tests/support/pg_database.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
using namespace test_support;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class pg_store_test : public ::testing::Test {
protected:
    void SetUp() override {
        if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
        db_ = std::make_unique<golf::testing::pg_database>();
    }
    pg_options options() const {
        pg_options o;
        o.url = db_->url();
        return o;
    }
    // Cuts every connection a store has to this database (the writer's and the reader's), as a restarted or
    // failed-over database server would.
    void cut_store_connections() const {
        db_->admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + db_->name() +
                   "' AND application_name = 'golf-server'");
    }
    // The store_error a store's opening throws (kind and sentence), or none.
    static std::optional<store_error> opening_error(pg_options o) {
        try {
            pg_store store(std::move(o));
        } catch (const store_error& e) {
            return e;
        }
        return std::nullopt;
    }

    std::unique_ptr<golf::testing::pg_database> db_;
};

TEST_F(pg_store_test, an_empty_database_is_migrated_and_two_stores_opening_together_migrate_it_once) {
    std::unique_ptr<pg_store> first, second;
    std::thread other([&] { second = std::make_unique<pg_store>(options()); });
    first = std::make_unique<pg_store>(options());
    other.join();
    EXPECT_EQ(db_->run("SELECT COUNT(*) FROM golf_schema"), "1");
    EXPECT_EQ(db_->run("SELECT version FROM golf_schema"), std::to_string(detail::pg_schema_version));
    EXPECT_TRUE(first->unfinished_matches().empty());
    EXPECT_TRUE(contains(first->where(), db_->name())) << first->where();
}

TEST_F(pg_store_test, two_stores_on_one_database_never_hand_out_the_same_match_id) {
    pg_store a(options());
    pg_store b(options());
    std::set<match_id> ids;
    for (int i = 0; i < 250; ++i) {  // more than two blocks each
        EXPECT_TRUE(ids.insert(a.start_match(two_player_match())).second);
        EXPECT_TRUE(ids.insert(b.start_match(two_player_match())).second);
    }
    ASSERT_TRUE(a.flush(flush_limit));
    ASSERT_TRUE(b.flush(flush_limit));
    EXPECT_EQ(a.health().dropped + b.health().dropped, 0u);
    EXPECT_EQ(db_->run("SELECT COUNT(*) FROM matches"), "500");
    // Both see each other's matches: the database is the one authority.
    EXPECT_EQ(a.unfinished_matches().size(), 500u);
}

TEST_F(pg_store_test, ids_continue_after_a_restart) {
    match_id last = 0;
    {
        pg_store store(options());
        for (int i = 0; i < 3; ++i) last = store.start_match(two_player_match());
    }
    pg_store again(options());
    EXPECT_GT(again.start_match(two_player_match()), last);
}

// Version 1 (before the lobby across nodes and accounts) is migrated to the current version when a server opens
// it, its records kept.
TEST_F(pg_store_test, a_database_of_schema_version_1_is_migrated_to_the_current_version) {
    {
        pg_store store(options());
        store.start_match(two_player_match());
        ASSERT_TRUE(store.flush(flush_limit));
    }
    db_->run(
        "DROP TABLE tournaments, rating_history, ratings, api_keys, account_sessions, sanctions, moderation_log, "
        "reports, leaves, match_bars; ALTER TABLE tables DROP COLUMN tournament_id, DROP COLUMN deal_key; "
        "ALTER TABLE match_seats DROP COLUMN "
        "account_id; DROP TABLE accounts; DROP TABLE lobby; ALTER TABLE tables DROP COLUMN between_holes_ms; "
        "ALTER TABLE nodes DROP COLUMN retired; ALTER TABLE tables DROP COLUMN quick_play; "
        "UPDATE golf_schema SET version = 1");
    pg_store store(options());
    EXPECT_EQ(db_->run("SELECT version FROM golf_schema"), std::to_string(detail::pg_schema_version));
    EXPECT_EQ(db_->run("SELECT to_regclass('lobby') IS NOT NULL"), "t");
    EXPECT_EQ(db_->run("SELECT to_regclass('accounts') IS NOT NULL"), "t");
    EXPECT_EQ(db_->run("SELECT to_regclass('reports') IS NOT NULL"), "t");
    EXPECT_EQ(db_->run("SELECT to_regclass('match_bars') IS NOT NULL"), "t");
    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 1u);
    EXPECT_EQ(unfinished[0].summary.seats, two_player_match().seats);  // no account at either seat
}

TEST_F(pg_store_test, a_database_of_a_newer_schema_is_refused_and_left_alone) {
    { pg_store store(options()); }
    db_->run("UPDATE golf_schema SET version = 99");
    const auto error = opening_error(options());
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->kind(), store_error_kind::newer_schema);
    EXPECT_TRUE(contains(error->what(),
                         "schema version 99, newer than this server's " + std::to_string(detail::pg_schema_version)))
        << error->what();
    EXPECT_EQ(db_->run("SELECT version FROM golf_schema"), "99");
}

TEST_F(pg_store_test, a_wrong_password_is_refused_at_once_with_a_sentence_that_never_shows_it) {
    auto o = options();
    o.url = db_->tcp_url("not-the-password-7c1e");
    o.open_retry_for = 30s;  // a refused login is not retried: it would fail the same way
    const auto started = std::chrono::steady_clock::now();
    const auto error = opening_error(o);
    ASSERT_TRUE(error.has_value());
    EXPECT_LT(std::chrono::steady_clock::now() - started, 20s);  // a bound, not a timing assertion
    EXPECT_EQ(error->kind(), store_error_kind::authentication);
    EXPECT_TRUE(contains(error->what(), "password authentication failed")) << error->what();
    EXPECT_FALSE(contains(error->what(), "not-the-password-7c1e")) << error->what();
    EXPECT_EQ(printable_db(o.url).find("not-the-password-7c1e"), std::string::npos) << printable_db(o.url);

    o.url = db_->tcp_url();  // the right password over TCP works
    pg_store store(o);
    EXPECT_TRUE(store.unfinished_matches().empty());
}

TEST_F(pg_store_test, a_missing_database_is_refused_with_a_sentence) {
    auto o = options();
    o.url.replace(o.url.find(db_->name()), db_->name().size(), "no_such_database");
    const auto error = opening_error(o);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->kind(), store_error_kind::cannot_open);
    EXPECT_TRUE(contains(error->what(), "\"no_such_database\" does not exist")) << error->what();
}

TEST_F(pg_store_test, an_unreachable_server_is_tried_again_then_refused_with_a_sentence) {
    pg_options o;
    o.url = "postgresql://golf:secret-3b9f@127.0.0.1:1/golf?connect_timeout=2";  // nothing listens on port 1
    o.open_retry_for = 500ms;
    const auto error = opening_error(o);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->kind(), store_error_kind::unreachable);
    EXPECT_TRUE(contains(error->what(), "cannot reach")) << error->what();
    EXPECT_TRUE(contains(error->what(), "127.0.0.1")) << error->what();
    EXPECT_FALSE(contains(error->what(), "secret-3b9f")) << error->what();
}

TEST_F(pg_store_test, a_connection_cut_mid_write_is_made_anew_and_nothing_enqueued_is_lost) {
    pg_store store(options());
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    {
        // The writer waits for our lock inside its transaction when its connection is cut.
        golf::testing::pg_database::lock blocker(*db_, "holes");
        for (int n = 1; n <= 50; ++n) store.record_hole(hole(id, n));
        for (int i = 0; i < 600 && db_->waiting_for_locks() == "0"; ++i) std::this_thread::sleep_for(10ms);
        cut_store_connections();
    }
    ASSERT_TRUE(store.flush(flush_limit));
    const auto h = store.health();
    EXPECT_TRUE(h.ok);
    EXPECT_GE(h.failed_attempts, 1u);
    EXPECT_EQ(h.dropped, 0u);
    // The reader's connection was cut too: it is made anew on the next read.
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 50u);
    for (int n = 1; n <= 50; ++n) EXPECT_EQ(detail->holes[n - 1], hole(id, n)) << "hole " << n;
}

TEST_F(pg_store_test, records_made_while_the_database_is_away_are_written_when_it_is_back) {
    pg_store store(options());
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    db_->refuse_connections(true);
    cut_store_connections();
    store.record_hole(hole(id, 1));
    store.record_hand_progress(progress(id, 2, 4));
    // Bounded wait until the writer has failed at least twice (a reconnect refused): the health says why.
    for (int i = 0; i < 3000 && store.health().failed_attempts < 2; ++i) std::this_thread::sleep_for(10ms);
    const auto failing = store.health();
    EXPECT_FALSE(failing.ok);
    EXPECT_GE(failing.failed_attempts, 2u);
    EXPECT_EQ(failing.pending, 2u);
    EXPECT_TRUE(contains(failing.last_error, "not currently accepting connections")) << failing.last_error;
    store.record_hole(hole(id, 2));  // recording never waits for the database

    db_->refuse_connections(false);
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_TRUE(store.health().ok);
    EXPECT_EQ(store.health().dropped, 0u);
    const auto detail = store.match(id);
    ASSERT_EQ(detail->holes.size(), 2u);
    EXPECT_EQ(detail->holes[1], hole(id, 2));
    EXPECT_FALSE(detail->in_play.has_value());  // hole 2's record came after its progress
}

// A primary demoted to a standby refuses writes as read-only (SQLSTATE 25006) on connections that stay open,
// and a stale route can land a new connection there: the writer leaves such a connection and connects again
// rather than retrying on it forever. Here new sessions are read-only until the setting is lifted.
TEST_F(pg_store_test, a_writer_on_a_server_turned_read_only_connects_again_and_loses_nothing) {
    pg_store store(options());
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    db_->admin("ALTER DATABASE " + db_->name() + " SET default_transaction_read_only = on");
    cut_store_connections();
    store.record_hole(hole(id, 1));
    for (int i = 0; i < 3000 && store.health().failed_attempts < 2; ++i) std::this_thread::sleep_for(10ms);
    const auto failing = store.health();
    EXPECT_FALSE(failing.ok);
    EXPECT_TRUE(contains(failing.last_error, "read-only transaction")) << failing.last_error;
    // Without a new connection the writer would stay on its read-only session, and the flush would never end.
    db_->admin("ALTER DATABASE " + db_->name() + " RESET default_transaction_read_only");
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_TRUE(store.health().ok);
    EXPECT_EQ(store.health().dropped, 0u);
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->holes[0], hole(id, 1));
}

TEST_F(pg_store_test, a_read_only_store_reads_and_never_writes_or_migrates) {
    auto o = options();
    o.read_only = true;
    const auto unmigrated = opening_error(o);
    ASSERT_TRUE(unmigrated.has_value());
    EXPECT_EQ(unmigrated->kind(), store_error_kind::older_schema);
    EXPECT_EQ(db_->run("SELECT to_regclass('golf_schema')"), "");  // nothing was created

    match_id id = 0;
    {
        pg_store writer(options());
        id = writer.start_match(two_player_match());
        writer.record_hole(hole(id, 1));
    }
    pg_store reader(o);
    ASSERT_TRUE(reader.match(id).has_value());
    EXPECT_EQ(reader.match(id)->holes.at(0), hole(id, 1));
    EXPECT_THROW(reader.record_hole(hole(id, 2)), std::logic_error);
    EXPECT_THROW(reader.start_match(two_player_match()), std::logic_error);
}

TEST_F(pg_store_test, open_store_picks_the_backend_by_the_db_text) {
    const auto store = open_store({.db = db_->url()});
    EXPECT_NE(dynamic_cast<pg_store*>(store.get()), nullptr);
    EXPECT_TRUE(is_postgres("postgres://x/y"));
    EXPECT_FALSE(is_postgres("golf.db"));
    EXPECT_FALSE(is_postgres("./postgresql://not-a-url"));
    EXPECT_EQ(printable_db("postgresql://golf:s3cret@db:5432/golf?password=other&sslmode=disable"),
              "postgresql://golf:***@db:5432/golf?password=***&sslmode=disable");
    EXPECT_EQ(printable_db("postgresql://golf@db/golf"), "postgresql://golf@db/golf");
    EXPECT_EQ(printable_db("/var/lib/golf/golf.db"), "/var/lib/golf/golf.db");
    try {
        open_store({.db = "golf.db", .node = "n1"});
        ADD_FAILURE() << "a node on a SQLite file";
    } catch (const store_error& e) {
        EXPECT_TRUE(contains(e.what(), "--node needs --db postgresql://")) << e.what();
    }
}

}  // namespace
}  // namespace golf::persistence
