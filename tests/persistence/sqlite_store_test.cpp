// Tests for the SQLite match_store: migrations (empty and version 1), round trips of every field, durability after
// flush, when_written, the hand in play (coalescing, cleared by its hole and by the end), restore queries, refusing bad databases
// (corrupt, newer, locked, read-only, missing) with a sentence, batching, retries and dropped records.
#include "persistence/sqlite_store.hpp"

#include <cstdlib>
#include <fstream>
#include <future>
#include <random>
#include <thread>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "tests/persistence/temp_database.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr auto flush_limit = 60s;  // a bound for a hung writer, not a timing assertion

using sqlite_store_test = test_support::temp_database;

match_start two_player_match() {
    return {"ABCD", "six-card", "standard", {{0, "ann", "hash-ann", ""}, {1, "bob", "hash-bob", ""}}, 1'700'000'000};
}

// Table "ABCD" with only the fields version 1 knew, and a seat count.
table_record bare_table(std::int64_t created_at, int seats) {
    table_record t;
    t.code = "ABCD";
    t.preset = "six-card";
    t.ruleset = "standard";
    t.created_at = created_at;
    t.seats = seats;
    return t;
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
    store.record_table(bare_table(1'699'999'999, 0));
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

// --- when_written ---

TEST_F(sqlite_store_test, when_written_reports_true_from_the_writer_thread_once_the_records_are_committed) {
    auto o = options();
    o.busy_timeout = 20ms;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(o.path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);

    store.record_hole(hole(id, 1));
    std::promise<std::pair<bool, std::size_t>> answer;  // written, and the holes on disk at that moment
    std::thread::id caller;
    store.when_written([&](bool written) {
        caller = std::this_thread::get_id();
        answer.set_value({written, store.match(id)->holes.size()});
    });
    auto result = answer.get_future();
    // Never waits: the call returned while the hole cannot be written.
    EXPECT_EQ(result.wait_for(50ms), std::future_status::timeout);
    ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);

    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_EQ(result.get(), (std::pair<bool, std::size_t>{true, 1}));
    EXPECT_NE(caller, std::this_thread::get_id());
}

TEST_F(sqlite_store_test, when_written_with_nothing_pending_answers_true) {
    sqlite_store store(options());
    std::promise<bool> answer;
    store.when_written([&](bool written) { answer.set_value(written); });
    auto result = answer.get_future();
    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(result.get());
}

TEST_F(sqlite_store_test, when_written_reports_false_when_a_record_it_waited_for_was_dropped) {
    sqlite_store store(options());
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id + 99, 1));  // no such match: refused and dropped
    std::promise<bool> first;
    store.when_written([&](bool written) { first.set_value(written); });
    auto first_result = first.get_future();
    ASSERT_EQ(first_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_FALSE(first_result.get());

    // A drop before the call does not spoil the next answer.
    store.record_hole(hole(id, 1));
    std::promise<bool> second;
    store.when_written([&](bool written) { second.set_value(written); });
    auto second_result = second.get_future();
    ASSERT_EQ(second_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(second_result.get());
}

TEST_F(sqlite_store_test, when_written_callbacks_still_pending_run_before_the_store_is_gone) {
    std::promise<bool> answer;
    auto result = answer.get_future();
    {
        sqlite_store store(options());
        const auto id = store.start_match(two_player_match());
        for (int n = 1; n <= 100; ++n) store.record_hole(hole(id, n));
        store.when_written([&](bool written) { answer.set_value(written); });
    }
    ASSERT_EQ(result.wait_for(0ms), std::future_status::ready);
    EXPECT_TRUE(result.get());
}

// --- version 2: tables, presets, bots, the hand in play ---

table_record full_table() {
    return {"QK7M2X",
            "six-card",
            "six-card knocking=true",
            1'699'999'000,
            4,
            true,
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            30'000,
            true,
            1'500};
}

match_start match_with_a_bot() {
    return {"QK7M2X",
            "six-card",
            "six-card knocking=true",
            {{0, "ann", "hash-ann", ""}, {1, "Robo", "", "heuristic"}, {2, "Randy", "", "random"}},
            1'700'000'000};
}

hand_progress progress(match_id id, int hole, std::size_t moves) {
    std::string actions;
    for (std::size_t i = 0; i < moves; ++i) actions += (i == 0 ? "" : " ") + std::to_string(i % 3) + ":draw_stock";
    return {id, hole, 0x8C3F'09D1'A2B4'E670ULL + static_cast<std::uint64_t>(hole), hole % 3, actions};
}

TEST_F(sqlite_store_test, every_new_field_round_trips) {
    sqlite_store store(options());
    store.record_table(full_table());
    const auto id = store.start_match(match_with_a_bot());
    store.record_hand_progress(progress(id, 1, 5));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.preset, "six-card");
    EXPECT_EQ(detail->summary.ruleset, "six-card knocking=true");
    EXPECT_EQ(detail->summary.seats, match_with_a_bot().seats);
    ASSERT_TRUE(detail->table.has_value());
    EXPECT_EQ(*detail->table, full_table());
    ASSERT_TRUE(detail->in_play.has_value());
    EXPECT_EQ(*detail->in_play, progress(id, 1, 5));

    // A table recorded again (same code) takes the new values.
    auto changed = full_table();
    changed.is_public = false;
    changed.password_hash.clear();
    changed.turn_clock_ms = 0;
    changed.forfeit_when_away = false;
    changed.claim_window_ms = 0;
    changed.seats = 2;
    store.record_table(changed);
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->table, changed);
}

TEST_F(sqlite_store_test, a_match_at_an_unrecorded_table_has_no_table) {
    sqlite_store store(options());
    const auto id = store.start_match(two_player_match());  // table "ABCD" was never recorded
    ASSERT_TRUE(store.flush(flush_limit));
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.table_code, "ABCD");
    EXPECT_FALSE(detail->table.has_value());
    EXPECT_FALSE(detail->in_play.has_value());

    // Recording the table afterwards makes it the match's table.
    store.record_table(bare_table(1'700'000'100, 2));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->table.has_value());
    EXPECT_EQ(store.match(id)->table->seats, 2);
}

TEST_F(sqlite_store_test, bots_share_one_player_row_per_name) {
    sqlite_store store(options());
    for (int i = 0; i < 5; ++i) store.start_match(match_with_a_bot());
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(raw_query(options().path, "SELECT COUNT(*) FROM players"), "3");  // ann, Robo, Randy
}

TEST_F(sqlite_store_test, many_progress_records_coalesce_and_the_row_holds_the_newest) {
    auto o = options();
    o.busy_timeout = 20ms;
    sqlite_store store(o);
    const auto a = store.start_match(two_player_match());
    const auto b = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));

    // Another writer stalls the disk while the moves arrive: the queue must not grow with them.
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(o.path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    for (std::size_t move = 1; move <= 2000; ++move) {
        store.record_hand_progress(progress(a, 1, move));
        store.record_hand_progress(progress(b, 3, move / 2));
    }
    // Per match at most one record being written and one waiting.
    EXPECT_LE(store.health().pending, 4u);
    ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);

    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().pending, 0u);
    EXPECT_EQ(store.health().dropped, 0u);
    EXPECT_EQ(store.match(a)->in_play, progress(a, 1, 2000));
    EXPECT_EQ(store.match(b)->in_play, progress(b, 3, 1000));
    EXPECT_EQ(raw_query(o.path, "SELECT COUNT(*) FROM hands_in_play"), "2");
}

// Polled, not flushed (a flush wakes the writer): true once nothing is pending.
bool written_without_flush(const sqlite_store& store) {
    const auto deadline = std::chrono::steady_clock::now() + flush_limit;
    while (store.health().pending > 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
    return store.health().pending == 0;
}

// With progress_delay, a move alone waits (so a busy server writes many in one transaction); anything else that is
// recorded, a waiter or a flush takes it along at once, and the delay itself is a bound.
TEST_F(sqlite_store_test, a_delayed_move_waits_alone_and_goes_with_the_next_record_a_waiter_or_a_flush) {
    auto o = options();
    o.progress_delay = 1h;  // "never", for the length of this test
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    const auto in_play = [&] { return raw_query(o.path, "SELECT COUNT(*) FROM hands_in_play"); };

    store.record_hand_progress(progress(id, 1, 4));
    std::this_thread::sleep_for(200ms);  // the writer would have written it long since without the delay
    EXPECT_EQ(in_play(), "0");
    EXPECT_EQ(store.health().pending, 1u);

    // Another record wakes the writer, and the waiting move goes in the same transaction.
    std::promise<bool> written;
    store.record_table(bare_table(1'700'000'000, 2));
    store.when_written([&](bool ok) { written.set_value(ok); });
    auto result = written.get_future();
    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(result.get());
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 4));

    // A waiter alone does too.
    store.record_hand_progress(progress(id, 1, 5));
    std::promise<bool> waited;
    store.when_written([&](bool ok) { waited.set_value(ok); });
    auto waited_result = waited.get_future();
    ASSERT_EQ(waited_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 5));

    // And a flush.
    store.record_hand_progress(progress(id, 1, 6));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 6));
    EXPECT_EQ(store.health().pending, 0u);
}

TEST_F(sqlite_store_test, a_delayed_move_is_written_once_its_delay_is_over) {
    auto o = options();
    o.progress_delay = 50ms;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    store.record_hand_progress(progress(id, 1, 3));
    store.record_hand_progress(progress(id, 1, 7));  // replaces the waiting one
    EXPECT_TRUE(written_without_flush(store));
    EXPECT_EQ(raw_query(o.path, "SELECT COUNT(*) FROM hands_in_play"), "1");
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 7));
}

TEST_F(sqlite_store_test, delayed_moves_of_many_matches_are_written_together_once_a_batch_is_full) {
    auto o = options();
    o.progress_delay = 1h;
    o.max_batch = 8;
    sqlite_store store(o);
    std::vector<match_id> ids;
    for (int i = 0; i < 8; ++i) ids.push_back(store.start_match(two_player_match()));
    ASSERT_TRUE(store.flush(flush_limit));
    for (const auto id : ids) store.record_hand_progress(progress(id, 1, 2));  // the eighth fills a batch
    EXPECT_TRUE(written_without_flush(store));
    EXPECT_EQ(raw_query(o.path, "SELECT COUNT(*) FROM hands_in_play"), "8");
}

TEST_F(sqlite_store_test, a_hole_record_clears_the_progress_of_its_hole) {
    sqlite_store store(options());
    const auto id = store.start_match(two_player_match());
    store.record_hand_progress(progress(id, 1, 12));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->in_play.has_value());

    store.record_hole(hole(id, 1));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());

    // A late progress record of a hole already recorded does not bring the hand back.
    store.record_hand_progress(progress(id, 1, 13));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());
    EXPECT_EQ(store.health().dropped, 0u);

    // The next hole's progress is kept.
    store.record_hand_progress(progress(id, 2, 3));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->in_play, progress(id, 2, 3));
}

TEST_F(sqlite_store_test, the_next_holes_progress_survives_the_previous_hole_record_queued_behind_it) {
    auto o = options();
    o.busy_timeout = 20ms;
    sqlite_store store(o);
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(o.path.c_str(), &other), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    // Hole 2's first move replaces hole 1's waiting progress, which sits before hole 1's record in the queue.
    store.record_hand_progress(progress(id, 1, 40));
    store.record_hand_progress(progress(id, 1, 41));
    store.record_hole(hole(id, 1));
    store.record_hand_progress(progress(id, 2, 1));
    ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(other);
    ASSERT_TRUE(store.flush(flush_limit));
    const auto detail = store.match(id);
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->in_play, progress(id, 2, 1));
}

TEST_F(sqlite_store_test, finishing_a_match_clears_its_progress) {
    sqlite_store store(options());
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id, 1));
    store.record_hand_progress(progress(id, 2, 7));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->in_play.has_value());
    store.finish_match({id, 1'700'000'900, 0, {1, -2}});
    store.record_hand_progress(progress(id, 2, 8));  // a straggler after the end is ignored too
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());
    EXPECT_EQ(raw_query(options().path, "SELECT COUNT(*) FROM hands_in_play"), "0");
}

TEST_F(sqlite_store_test, progress_for_an_unknown_match_is_dropped_and_counted) {
    sqlite_store store(options());
    store.record_hand_progress(progress(42, 1, 3));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 1u);
}

TEST_F(sqlite_store_test, unfinished_matches_come_oldest_first_with_their_table_and_hand_in_play) {
    sqlite_store store(options());
    store.record_table(full_table());
    const auto done = store.start_match(match_with_a_bot());
    const auto playing = store.start_match(match_with_a_bot());
    auto elsewhere = two_player_match();
    elsewhere.table_code.clear();
    const auto tableless = store.start_match(elsewhere);
    store.finish_match({done, 1'700'000'100, 0, {1, 2, 3}});
    store.record_hole(hole(playing, 1));
    store.record_hand_progress(progress(playing, 2, 9));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 2u);
    EXPECT_EQ(unfinished[0].summary.id, playing);
    EXPECT_EQ(unfinished[0].summary.preset, "six-card");
    EXPECT_EQ(unfinished[0].summary.seats, match_with_a_bot().seats);
    EXPECT_EQ(unfinished[0].holes.size(), 1u);
    EXPECT_EQ(unfinished[0].table, full_table());
    EXPECT_EQ(unfinished[0].in_play, progress(playing, 2, 9));
    EXPECT_EQ(unfinished[1].summary.id, tableless);
    EXPECT_TRUE(unfinished[1].summary.table_code.empty());
    EXPECT_FALSE(unfinished[1].table.has_value());
    EXPECT_FALSE(unfinished[1].in_play.has_value());
}

// Schema version 1 exactly as the first release wrote it; migration 2 must carry its rows over.
constexpr const char* schema_v1 = R"sql(
CREATE TABLE players (id INTEGER PRIMARY KEY, display_name TEXT NOT NULL, token_hash TEXT UNIQUE);
CREATE INDEX players_by_name ON players(display_name);
CREATE TABLE tables (code TEXT PRIMARY KEY, ruleset TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE matches (id INTEGER PRIMARY KEY, table_code TEXT REFERENCES tables(code), ruleset TEXT NOT NULL,
  started_at INTEGER NOT NULL, ended_at INTEGER, winner_seat INTEGER);
CREATE INDEX matches_unfinished ON matches(id) WHERE ended_at IS NULL;
CREATE TABLE match_seats (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id), final_total INTEGER, PRIMARY KEY (match_id, seat));
CREATE INDEX match_seats_by_player ON match_seats(player_id);
CREATE TABLE holes (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, hole INTEGER NOT NULL,
  seed INTEGER NOT NULL, dealer INTEGER NOT NULL, caller INTEGER, actions BLOB NOT NULL,
  PRIMARY KEY (match_id, hole));
CREATE TABLE hole_scores (match_id INTEGER NOT NULL, hole INTEGER NOT NULL, seat INTEGER NOT NULL,
  hand_score INTEGER NOT NULL, running_total INTEGER NOT NULL, PRIMARY KEY (match_id, hole, seat),
  FOREIGN KEY (match_id, hole) REFERENCES holes(match_id, hole) ON DELETE CASCADE);
PRAGMA user_version = 1;
INSERT INTO players VALUES (1, 'ann', 'hash-ann'), (2, 'bob', 'hash-bob');
INSERT INTO tables VALUES ('ABCD', 'six-card', 1699999999);
INSERT INTO matches VALUES (7, 'ABCD', 'six-card', 1700000000, 1700000500, 1), (8, 'ABCD', 'six-card', 1700000600,
  NULL, NULL);
INSERT INTO match_seats VALUES (7, 0, 1, 6), (7, 1, 2, -6), (8, 0, 1, NULL), (8, 1, 2, NULL);
INSERT INTO holes VALUES (7, 1, -81985529216486895, 1, NULL, X'0A0B'), (8, 1, 12345, 0, 1, '0:flip:0');
INSERT INTO hole_scores VALUES (7, 1, 0, 6, 6), (7, 1, 1, -6, -6), (8, 1, 0, 3, 3), (8, 1, 1, 4, 4);
)sql";

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
