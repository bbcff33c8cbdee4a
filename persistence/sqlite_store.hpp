// The SQLite match_store: WAL, a busy timeout, foreign keys, schema migrations numbered by PRAGMA user_version.
// One writer thread drains a queue into batched transactions; reads use their own connection.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <thread>
#include <variant>

#include "persistence/match_store.hpp"

struct sqlite3;

namespace golf::persistence {

struct sqlite_options {
    std::filesystem::path path;
    std::chrono::milliseconds busy_timeout{5000};
    bool synchronous_full = false;     // NORMAL loses at most the last commits on power loss, never on a crash
    std::size_t max_batch = 1000;      // records per transaction
    std::size_t shutdown_retries = 5;  // failed attempts tolerated while stopping before giving up (logged)
};

// The schema version this build writes; a database with a higher user_version is refused.
inline constexpr int schema_version = 1;

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
    void finish_match(match_result result) override;
    bool flush(std::chrono::milliseconds timeout) override;
    store_health health() const override;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit) override;
    std::optional<match_detail> match(match_id id) override;
    std::vector<match_detail> unfinished_matches() override;

    // "ok" when PRAGMA integrity_check finds nothing wrong, otherwise its report.
    std::string integrity_check();

private:
    struct started_match {
        match_id id;
        match_start match;
    };
    using write_op = std::variant<table_record, started_match, hole_record, match_result>;
    struct connection_deleter {
        void operator()(sqlite3* db) const noexcept;
    };
    using connection = std::unique_ptr<sqlite3, connection_deleter>;

    void enqueue(write_op op);
    void writer_loop();
    void write_batch(const std::vector<write_op>& batch);
    std::optional<match_summary> read_summary(match_id id);
    std::vector<hole_record> read_holes(match_id id);

    sqlite_options options_;
    connection writer_db_;
    connection reader_db_;
    std::mutex reader_mutex_;

    mutable std::mutex mutex_;
    std::condition_variable work_cv_;
    std::condition_variable done_cv_;
    std::deque<write_op> queue_;
    std::uint64_t enqueued_ = 0;
    std::uint64_t completed_ = 0;  // written or dropped (each drop logged)
    bool stopping_ = false;
    match_id next_match_id_ = 1;
    store_health health_;
    std::thread writer_;
};

}  // namespace golf::persistence
