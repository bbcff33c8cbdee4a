// Tests of what only the SQLite match_store does: migrations (empty and version 1), WAL and its checkpointer,
// synchronous=FULL, a write blocked by another writer retried, refusing bad files (corrupt, newer, locked, read-only,
// missing) with a sentence, and read-only stores. What every store does is in store_test.cpp, run on SQLite too.
#include "persistence/sqlite/sqlite_store.hpp"

#include <cstdlib>
#include <fstream>
#include <future>
#include <random>
#include <thread>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "tests/persistence/sample_records.hpp"
#include "tests/persistence/schema_v1.hpp"
#include "tests/persistence/temp_database.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

using namespace test_support;

using sqlite_store_test = test_support::temp_database;
using testing::schema_v1;

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

// The checkpointer copies the log into the file beside the writer: checkpoints are counted, and the log stays near
// its mark (16 times it at most, where the writer steps in) over hundreds of commits that would otherwise leave
// thousands of pages in it (SQLite's own mark is 1,000).
TEST_F(sqlite_store_test, the_log_is_checkpointed_beside_the_writer_and_stays_near_its_mark) {
    auto o = options();
    o.checkpoint_pages = 8;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    int holes = 0;
    for (int commit = 0; commit < 300; ++commit) {
        for (int i = 0; i < 20; ++i) store.record_hole(hole(id, ++holes));
        ASSERT_TRUE(store.flush(flush_limit));
    }
    const auto deadline = std::chrono::steady_clock::now() + flush_limit;
    while (store.health().checkpoints == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);
    EXPECT_GT(store.health().checkpoints, 0u);
    const fs::path log = o.path.string() + "-wal";
    ASSERT_TRUE(fs::exists(log));
    const std::uintmax_t page_bytes = 4096 + 24;  // a log frame: a page and its header
    // 16 times the mark, and one more commit before the writer steps in.
    EXPECT_LT(fs::file_size(log), (16 * o.checkpoint_pages + 128) * page_bytes) << "the log was not checkpointed";
    EXPECT_EQ(store.match(id)->holes.size(), static_cast<std::size_t>(holes));
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

TEST_F(sqlite_store_test, a_version_1_database_migrates_with_its_rows_intact) {
    raw_exec(options().path, schema_v1);
    sqlite_store store(options());
    EXPECT_EQ(raw_query(options().path, "PRAGMA user_version"), std::to_string(schema_version));
    EXPECT_EQ(store.integrity_check(), "ok");

    const auto finished = store.match(7);
    ASSERT_TRUE(finished.has_value());
    EXPECT_EQ(finished->summary.ruleset, "six-card");
    EXPECT_EQ(finished->summary.preset, "");  // version 1 did not record it
    EXPECT_EQ(finished->summary.ended_at, 1'700'000'500);
    EXPECT_EQ(finished->summary.winner_seat, 1);
    EXPECT_EQ(finished->summary.seats,
              (std::vector<seat_record>{{0, "ann", "hash-ann", ""}, {1, "bob", "hash-bob", ""}}));
    EXPECT_EQ(finished->summary.final_totals, (std::vector<std::optional<int>>{6, -6}));
    ASSERT_EQ(finished->holes.size(), 1u);
    EXPECT_EQ(finished->holes[0].seed, 0xFEDC'BA98'7654'3211ULL);
    EXPECT_EQ(finished->holes[0].actions, "\x0a\x0b");
    EXPECT_EQ(finished->holes[0].hand_scores, (std::vector<int>{6, -6}));
    ASSERT_TRUE(finished->table.has_value());
    EXPECT_EQ(finished->table->ruleset, "six-card");
    EXPECT_EQ(finished->table->created_at, 1'699'999'999);
    EXPECT_EQ(finished->table->claim_window_ms, 0);  // version 3's column: the server's default
    EXPECT_FALSE(finished->in_play.has_value());

    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 1u);
    EXPECT_EQ(unfinished[0].summary.id, 8);
    ASSERT_EQ(unfinished[0].holes.size(), 1u);
    EXPECT_EQ(unfinished[0].holes[0].caller, 1);
    EXPECT_EQ(unfinished[0].holes[0].actions, "0:flip:0");
    EXPECT_EQ(store.matches_by_player("ann", 10).size(), 2u);

    // The migrated database takes version-2 records, and ids continue after the old ones.
    store.record_hand_progress(progress(8, 2, 4));
    const auto next = store.start_match(match_with_a_bot());
    EXPECT_EQ(next, 9);
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 0u);
    EXPECT_EQ(store.match(8)->in_play, progress(8, 2, 4));
    EXPECT_EQ(store.match(next)->summary.seats, match_with_a_bot().seats);
}

// Root ignores file modes, so a read-only file is made with the immutable attribute where the filesystem has it.
class immutable_file {
public:
    explicit immutable_file(fs::path path) : path_(std::move(path)) {
        set_ = std::system(("chattr +i '" + path_.string() + "' 2>/dev/null").c_str()) == 0;
    }
    ~immutable_file() {
        if (set_ && std::system(("chattr -i '" + path_.string() + "'").c_str()) != 0) {
            ADD_FAILURE() << "could not undo chattr +i on " << path_;
        }
    }
    immutable_file(const immutable_file&) = delete;
    immutable_file& operator=(const immutable_file&) = delete;
    bool set() const { return set_; }

private:
    fs::path path_;
    bool set_ = false;
};

TEST_F(sqlite_store_test, a_read_only_database_is_refused_with_a_sentence) {
    { sqlite_store store(options()); }
    immutable_file read_only(options().path);
    if (!read_only.set()) GTEST_SKIP() << "chattr +i does not work here (not root, or the filesystem lacks it)";
    try {
        sqlite_store store(options());
        FAIL() << "a read-only database was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::read_only);
        EXPECT_NE(std::string(e.what()).find("is read-only"), std::string::npos) << e.what();
    }
}

TEST_F(sqlite_store_test, a_database_in_a_read_only_directory_is_refused_with_a_sentence) {
    { sqlite_store store(options()); }
    immutable_file read_only(dir_);  // the file is writable, but its WAL cannot be created
    if (!read_only.set()) GTEST_SKIP() << "chattr +i does not work here (not root, or the filesystem lacks it)";
    try {
        sqlite_store store(options());
        FAIL() << "a database whose directory is read-only was opened";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::read_only) << e.what();
        EXPECT_NE(std::string(e.what()).find("directory of the database"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace golf::persistence

namespace golf::persistence {
namespace {

// --- read-only stores (golf replay, golf export) ---

TEST_F(sqlite_store_test, a_read_only_store_reads_beside_a_writer_holding_the_lock_and_never_writes) {
    match_id id = 0;
    {
        sqlite_store store(options());
        store.record_table(bare_table(1'699'999'999, 2));
        id = store.start_match(two_player_match());
        store.record_hole(hole(id, 1));
        ASSERT_TRUE(store.flush(flush_limit));
    }
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(options().path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);

    auto o = options();
    o.read_only = true;
    o.busy_timeout = 50ms;
    sqlite_store reader(o);  // a read-write open would have been refused as locked
    const auto detail = reader.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->holes[0].seed, hole(id, 1).seed);
    EXPECT_THROW(reader.record_hole(hole(id, 2)), std::logic_error);
    EXPECT_TRUE(reader.flush(1s));
    bool answered = false;
    reader.when_written([&](bool written) { answered = written; });
    EXPECT_TRUE(answered);
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
}

TEST_F(sqlite_store_test, a_read_only_store_refuses_an_older_schema_and_leaves_it_unmigrated) {
    raw_exec(options().path, "CREATE TABLE t(x); PRAGMA user_version = 1;");
    auto o = options();
    o.read_only = true;
    try {
        sqlite_store store(o);
        ADD_FAILURE() << "an old database was opened read-only";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::older_schema);
        EXPECT_NE(std::string(e.what()).find("start golf-server on it once"), std::string::npos) << e.what();
    }
    EXPECT_EQ(raw_query(options().path, "PRAGMA user_version"), "1");
}

TEST_F(sqlite_store_test, a_read_only_store_never_creates_a_missing_file) {
    auto o = options();
    o.read_only = true;
    EXPECT_THROW(sqlite_store store(o), store_error);
    EXPECT_FALSE(fs::exists(o.path));
}

}  // namespace
}  // namespace golf::persistence
