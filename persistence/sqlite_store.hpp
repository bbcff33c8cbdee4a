// The SQLite match_store: WAL, a busy timeout, foreign keys, schema migrations numbered by PRAGMA user_version.
// One writer thread drains a queue into batched transactions; reads use their own connection. Both connections
// prepare each statement once and reuse it. A checkpointer thread with a connection of its own copies the log into
// the database file, so no commit waits for the disk's syncs. The queue holds at most one hand_progress per match
// (a newer one replaces the waiting one), so a stalled disk cannot make the per-move records pile up in memory.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <unordered_map>
#include <variant>
#include <vector>

#include "persistence/match_store.hpp"

struct sqlite3;  // <sqlite3.h>: the WAL hook's argument

namespace golf::persistence {

namespace detail {
struct sqlite_database;  // a connection and its prepared statements (sqlite_store.cpp)
}

struct sqlite_options {
    std::filesystem::path path;
    std::chrono::milliseconds busy_timeout{5000};
    bool synchronous_full = false;     // NORMAL loses at most the last commits on power loss, never on a crash
    std::size_t max_batch = 1000;      // records per transaction
    // How long the hand in play may wait to be written after a move. Every other record (tables, matches, holes)
    // wakes the writer at once and takes whatever is queued with it; a move alone waits up to this long, so a busy
    // server writes the moves of many tables (and many moves of each, newest kept) in one transaction instead of
    // one per move. 0: at once. A crash loses at most this much play in the hole being played, never a hole.
    std::chrono::milliseconds progress_delay{0};
    // Log pages after which the checkpointer copies the log into the database file (SQLite's own mark). SQLite would
    // run that checkpoint inside the commit that crossed the mark, syncing the log and the file on the writer thread
    // while the hole ends queued behind it wait (8-20 ms on the project machine); ours runs beside the writer
    // (PASSIVE: it never blocks a commit). Only if the log reaches 16 times this mark, the checkpointer unable to
    // catch up, does the writer checkpoint itself after a commit, as SQLite would. At least 1.
    std::size_t checkpoint_pages = 1000;
    std::size_t shutdown_retries = 5;  // failed attempts tolerated while stopping before giving up (logged)
    // Reads only (golf replay, golf export): the file must exist at this build's schema; it is never created,
    // migrated or locked, so a running server is not disturbed. Recording into such a store throws logic_error.
    bool read_only = false;
};

// The schema version this build writes; a database with a higher user_version is refused.
inline constexpr int schema_version = 3;

class sqlite_store final : public match_store {
public:
    // Opens (creating if needed) and migrates; throws store_error with a clear sentence on failure.
    explicit sqlite_store(sqlite_options options);
    ~sqlite_store() override;  // drains the queue, then joins the writer
    sqlite_store(const sqlite_store&) = delete;
    sqlite_store& operator=(const sqlite_store&) = delete;

    void record_table(table_record table) override;
    match_id start_match(match_start match) override;
    void record_hole(hole_record hole) override;
    void record_hand_progress(hand_progress progress) override;
    void finish_match(match_result result) override;
    bool flush(std::chrono::milliseconds timeout) override;
    // `done` runs on the writer thread, outside the store's locks: it may read or enqueue, never flush().
    void when_written(std::function<void(bool written)> done) override;
    store_health health() const override;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit) override;
    std::optional<match_detail> match(match_id id) override;
    std::vector<match_detail> unfinished_matches() override;
    std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit) override;
    std::vector<preset_stats> player_stats(std::string_view display_name) override;

    // "ok" when PRAGMA integrity_check finds nothing wrong, otherwise its report.
    std::string integrity_check();

private:
    struct started_match {
        match_id id;
        match_start match;
    };
    using write_op = std::variant<table_record, started_match, hole_record, hand_progress, match_result>;
    // A when_written callback: records [from, target) by sequence number were pending when it was asked for.
    struct written_waiter {
        std::uint64_t from;
        std::uint64_t target;
        bool failed;
        std::function<void(bool)> done;
    };

    void enqueue(write_op op);
    void writer_loop();
    void write_batch(std::span<const write_op> batch, std::uint64_t first_seq);
    void count_dropped(std::uint64_t first_seq, std::size_t count);  // with mutex_ held
    void run_ready_waiters();
    void checkpointer_loop();
    // The writer connection's WAL hook: after each commit, with the log's size in pages.
    static int on_commit(void* store, ::sqlite3* db, const char* schema, int log_pages);
    std::optional<match_detail> read_detail(match_id id);

    sqlite_options options_;
    std::unique_ptr<detail::sqlite_database> writer_db_;
    std::unique_ptr<detail::sqlite_database> reader_db_;
    std::unique_ptr<detail::sqlite_database> checkpoint_db_;
    std::mutex reader_mutex_;

    mutable std::mutex mutex_;
    std::condition_variable work_cv_;
    std::condition_variable done_cv_;
    std::deque<write_op> queue_;
    std::uint64_t taken_ = 0;  // records taken off the queue's front so far: queue_[seq - taken_] is record seq
    std::unordered_map<match_id, std::uint64_t> queued_progress_;  // match -> seq of its waiting hand_progress
    std::uint64_t enqueued_ = 0;
    std::size_t urgent_queued_ = 0;  // queued records other than hand_progress: the writer goes at once
    std::uint64_t flush_target_ = 0;  // flush() waits for records [0, flush_target_): the writer goes at once
    // When the oldest waiting hand_progress must be written (options_.progress_delay after it was queued).
    std::chrono::steady_clock::time_point progress_due_ = std::chrono::steady_clock::time_point::max();
    std::uint64_t completed_ = 0;  // written or dropped (each drop logged); records [0, completed_) are done
    std::vector<written_waiter> waiters_;
    bool stopping_ = false;
    match_id next_match_id_ = 1;
    store_health health_;
    bool checkpoint_wanted_ = false;  // the log passed checkpoint_pages: the checkpointer goes
    std::mutex checkpoint_running_;   // held for each checkpoint, so the writer's own never finds one running
    std::atomic<bool> writer_wants_checkpoint_{false};  // the log reached 16 times the mark: the checkpointer yields
    bool checkpointer_stopping_ = false;
    std::condition_variable checkpoint_cv_;
    std::thread writer_;
    std::thread checkpointer_;
};

}  // namespace golf::persistence
