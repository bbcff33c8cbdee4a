// Tests for the SQLite match_store: migration, round trips, durability after flush, restore queries, refusing
// bad databases with a sentence, batching many writes, and retrying a write the database was too busy for.
#include "persistence/sqlite_store.hpp"

#include <fstream>
#include <random>
#include <thread>

#include <gtest/gtest.h>
#include <sqlite3.h>

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr auto flush_limit = 60s;  // a bound for a hung writer, not a timing assertion

class sqlite_store_test : public ::testing::Test {
protected:
    void SetUp() override {
        std::random_device rd;
        dir_ = fs::temp_directory_path() / ("golf-persistence-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(dir_);
    }
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    sqlite_options options() const {
        sqlite_options o;
        o.path = dir_ / "golf.db";
        return o;
    }
    // Runs one statement on a connection of our own, for setting up and checking behind the store's back.
    static void raw_exec(const fs::path& path, const std::string& sql) {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        char* error = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        sqlite3_close(db);
        ASSERT_EQ(rc, SQLITE_OK) << message;
    }

    fs::path dir_;
};

match_start two_player_match() {
    return {"ABCD", "standard", {{0, "ann", "hash-ann"}, {1, "bob", "hash-bob"}}, 1'700'000'000};
}

hole_record hole(match_id id, int number) {
    hole_record h;
    h.match = id;
    h.hole = number;
    h.seed = 0xFEDC'BA98'7654'3210ULL + static_cast<std::uint64_t>(number);  // above INT64_MAX on purpose
    h.dealer = number % 2;
    if (number % 3 == 0) h.caller = 1;
    h.hand_scores = {number, -2};
    h.running_totals = {number * (number + 1) / 2, -2 * number};
    h.actions = std::string("\x01\x00\x07\xff", 4) + std::to_string(number);  // bytes, including a NUL
    return h;
}

TEST_F(sqlite_store_test, migrates_an_empty_database_to_the_current_schema) {
    { sqlite_store store(options()); }
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(options().path.c_str(), &db), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    EXPECT_EQ(sqlite3_column_int(stmt, 0), schema_version);
    sqlite3_finalize(stmt);
    ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)), "wal");
    sqlite3_finalize(stmt);
    sqlite3_close(db);

    sqlite_store again(options());  // reopening an up-to-date database migrates nothing and works
    EXPECT_TRUE(again.unfinished_matches().empty());
    EXPECT_EQ(again.integrity_check(), "ok");
}

TEST_F(sqlite_store_test, a_recorded_match_round_trips_with_holes_and_actions) {
    sqlite_store store(options());
    store.record_table({"ABCD", "standard", 1'699'999'999});
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id, 1));
    store.record_hole(hole(id, 2));
    store.record_hole(hole(id, 3));
    store.finish_match({id, 1'700'000'500, 1, {6, -6}});
    ASSERT_TRUE(store.flush(flush_limit));

    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.table_code, "ABCD");
    EXPECT_EQ(detail->summary.ruleset, "standard");
    EXPECT_EQ(detail->summary.started_at, 1'700'000'000);
    EXPECT_EQ(detail->summary.ended_at, 1'700'000'500);
    EXPECT_EQ(detail->summary.winner_seat, 1);
    ASSERT_EQ(detail->summary.seats.size(), 2u);
    EXPECT_EQ(detail->summary.seats[0].display_name, "ann");
    EXPECT_EQ(detail->summary.seats[1].token_hash, "hash-bob");
    EXPECT_EQ(detail->summary.final_totals, (std::vector<std::optional<int>>{6, -6}));
    ASSERT_EQ(detail->holes.size(), 3u);
    for (int n = 1; n <= 3; ++n) EXPECT_EQ(detail->holes[n - 1], hole(id, n)) << "hole " << n;

    const auto anns = store.matches_by_player("ann", 10);
    ASSERT_EQ(anns.size(), 1u);
    EXPECT_EQ(anns[0].id, id);
    EXPECT_TRUE(store.matches_by_player("nobody", 10).empty());
    EXPECT_FALSE(store.match(id + 100).has_value());
    EXPECT_TRUE(store.health().ok);
    EXPECT_EQ(store.health().dropped, 0u);
}

TEST_F(sqlite_store_test, a_flushed_hole_is_durable_across_reopening) {
    match_id id = 0;
    {
        sqlite_store store(options());
        id = store.start_match(two_player_match());
        store.record_hole(hole(id, 1));
        ASSERT_TRUE(store.flush(flush_limit));
    }
    sqlite_store reopened(options());
    EXPECT_EQ(reopened.integrity_check(), "ok");
    const auto detail = reopened.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->holes[0], hole(id, 1));
    // Ids continue after the recorded ones, so a restarted server never reuses one.
    EXPECT_GT(reopened.start_match(two_player_match()), id);
}

TEST_F(sqlite_store_test, unfinished_matches_are_listed_with_their_holes) {
    sqlite_store store(options());
    const auto finished = store.start_match(two_player_match());
    const auto running = store.start_match(two_player_match());
    const auto fresh = store.start_match(two_player_match());
    store.record_hole(hole(finished, 1));
    store.finish_match({finished, 1'700'000'100, 0, {1, -2}});
    store.record_hole(hole(running, 1));
    store.record_hole(hole(running, 2));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 2u);
    EXPECT_EQ(unfinished[0].summary.id, running);
    EXPECT_FALSE(unfinished[0].summary.ended_at.has_value());
    ASSERT_EQ(unfinished[0].holes.size(), 2u);
    EXPECT_EQ(unfinished[0].holes[1], hole(running, 2));
    EXPECT_EQ(unfinished[1].summary.id, fresh);
    EXPECT_TRUE(unfinished[1].holes.empty());
}

TEST_F(sqlite_store_test, a_corrupt_file_is_refused_with_a_sentence) {
    {
        std::ofstream out(options().path, std::ios::binary);
        std::mt19937 gen(7);
        for (int i = 0; i < 8192; ++i) out.put(static_cast<char>(gen() & 0xff));
    }
    try {
        sqlite_store store(options());
        FAIL() << "a file of random bytes was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::corrupt);
        EXPECT_NE(std::string(e.what()).find("not a SQLite database or is corrupt"), std::string::npos) << e.what();
    }
}

TEST_F(sqlite_store_test, a_database_from_a_newer_schema_is_refused_and_left_alone) {
    raw_exec(options().path, "PRAGMA user_version = " + std::to_string(schema_version + 1));
    try {
        sqlite_store store(options());
        FAIL() << "a newer schema was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::newer_schema);
        EXPECT_NE(std::string(e.what()).find("newer than this server"), std::string::npos) << e.what();
    }
    raw_exec(options().path, "SELECT 1");  // still a valid database
}

TEST_F(sqlite_store_test, a_database_locked_by_another_writer_is_refused_with_a_sentence) {
    { sqlite_store store(options()); }
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(options().path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    auto o = options();
    o.busy_timeout = 50ms;
    try {
        sqlite_store store(o);
        ADD_FAILURE() << "a locked database was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::locked);
        EXPECT_NE(std::string(e.what()).find("locked by another process"), std::string::npos) << e.what();
    }
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
}

TEST_F(sqlite_store_test, a_missing_directory_is_refused_with_a_sentence) {
    auto o = options();
    o.path = dir_ / "no-such-dir" / "golf.db";
    try {
        sqlite_store store(o);
        FAIL() << "a database in a missing directory was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::cannot_open);
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos) << e.what();
    }
}

TEST_F(sqlite_store_test, ten_thousand_holes_are_written_in_batches) {
    auto o = options();
    o.max_batch = 1000;
    o.busy_timeout = 20ms;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    const auto before = store.health().transactions;

    // Another writer holds the lock while we enqueue, so the records queue up whatever the machine's speed;
    // enqueueing must not wait for the database meanwhile.
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(o.path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    for (int n = 1; n <= 10'000; ++n) store.record_hole(hole(id, n));
    EXPECT_GT(store.health().pending, 0u);
    ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);

    ASSERT_TRUE(store.flush(flush_limit));
    const auto h = store.health();
    EXPECT_EQ(h.pending, 0u);
    EXPECT_EQ(h.dropped, 0u);
    // The batch taken before the lock showed, then at most 10 full batches: not one transaction per hole.
    EXPECT_LE(h.transactions - before, 11u);
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 10'000u);
    EXPECT_EQ(detail->holes.back(), hole(id, 10'000));
    EXPECT_EQ(store.integrity_check(), "ok");
}

TEST_F(sqlite_store_test, synchronous_full_is_an_option) {
    auto o = options();
    o.synchronous_full = true;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id, 1));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->holes.size(), 1u);
}

TEST_F(sqlite_store_test, a_write_blocked_by_another_writer_is_retried_not_lost) {
    auto o = options();
    o.busy_timeout = 20ms;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));

    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(o.path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    store.record_hole(hole(id, 1));
    // Wait (bounded) until the writer has seen the failure; the health flag must say so.
    for (int i = 0; i < 6000 && store.health().failed_attempts == 0; ++i) std::this_thread::sleep_for(10ms);
    const auto failing = store.health();
    EXPECT_FALSE(failing.ok);
    EXPECT_GE(failing.failed_attempts, 1u);
    EXPECT_EQ(failing.pending, 1u);
    EXPECT_FALSE(failing.last_error.empty());
    ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);

    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_TRUE(store.health().ok);
    EXPECT_EQ(store.health().dropped, 0u);
    ASSERT_EQ(store.match(id)->holes.size(), 1u);
}

TEST_F(sqlite_store_test, a_record_the_database_refuses_is_dropped_and_counted_without_losing_its_batch) {
    sqlite_store store(options());
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    store.record_hole(hole(id, 1));
    store.record_hole(hole(id + 99, 1));  // no such match: the foreign key refuses it
    store.record_hole(hole(id, 2));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 1u);
    EXPECT_EQ(store.match(id)->holes.size(), 2u);
}

}  // namespace
}  // namespace golf::persistence
