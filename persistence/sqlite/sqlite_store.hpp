// The SQLite match_store: WAL, a busy timeout, foreign keys, schema migrations numbered by PRAGMA user_version.
// The write queue (write_queue.hpp: one writer thread, batches, retries) writes into the SQLite writer's connection;
// reads use their own connection, and accounts another (sqlite_accounts.hpp: written at once, not queued). Each
// connection prepares each statement once and reuses it. A checkpointer thread with a connection of its own copies
// the log into the database file, so no commit waits for the disk's syncs.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/queued_store.hpp"

namespace golf::persistence {

namespace detail {
class sqlite_writer;        // the write_backend: the writer connection and the writes (sqlite_writer.cpp)
class sqlite_reader;        // the read connection and the queries (sqlite_reader.cpp)
class sqlite_checkpointer;  // the checkpointer thread and its connection (sqlite_checkpointer.cpp)
class sqlite_accounts;      // the account store and rating archive on a connection of its own (sqlite_accounts.cpp)
}  // namespace detail

struct sqlite_options {
    std::filesystem::path path;
    std::chrono::milliseconds busy_timeout{5000};
    bool synchronous_full = false;  // NORMAL loses at most the last commits on power loss, never on a crash
    std::size_t max_batch = 1000;   // records per transaction
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
    // migrated or locked, so a running server is not disturbed. Recording into such a store throws logic_error; its
    // account store reads and refuses every write (store_error_kind::read_only).
    bool read_only = false;
};

// The schema version this build writes; a database with a higher user_version is refused.
inline constexpr int schema_version = 11;

class sqlite_store final : public queued_store {
public:
    // Opens (creating if needed) and migrates; throws store_error with a clear sentence on failure.
    explicit sqlite_store(sqlite_options options);
    ~sqlite_store() override;  // drains the queue, then joins the writer
    sqlite_store(const sqlite_store&) = delete;
    sqlite_store& operator=(const sqlite_store&) = delete;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit) override;
    std::optional<match_detail> match(match_id id) override;
    std::vector<match_detail> unfinished_matches() override;
    std::optional<match_detail> finished_match_at(const std::string& table_code, std::int64_t ended_since) override;
    std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit) override;
    std::vector<preset_stats> player_stats(std::string_view display_name) override;

    account_store* accounts() override;
    moderation_store* moderation() override;
    tournament_store* tournaments() override;
    rating_archive* ratings_archive() override;

    // "ok" when PRAGMA integrity_check finds nothing wrong, otherwise its report.
    std::string integrity_check();

private:
    match_id next_match_id() override { return next_match_id_++; }
    void add_backend_health(store_health& health) const override;

    sqlite_options options_;
    std::atomic<match_id> next_match_id_{1};
    // Declared in the order they are opened; closed in reverse, so the writer's connection closes last.
    std::unique_ptr<detail::sqlite_writer> writer_;
    std::unique_ptr<detail::sqlite_reader> reader_;
    std::unique_ptr<detail::sqlite_checkpointer> checkpointer_;
    std::unique_ptr<detail::sqlite_accounts> accounts_;
};

}  // namespace golf::persistence
