// Copies of a golf-server database taken while a server runs, and the checks a copy passes before it is put back
// (golf backup and golf restore). SQLite is copied with its online backup API from one WAL snapshot, so the
// server's writer is never blocked; PostgreSQL is copied by pg_dump and pg_restore (cli/), which share the
// snapshot summarised here. Every failure is a store_error whose sentence names the file or database.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "persistence/match_store.hpp"

namespace golf::persistence {

// What a database or a backup holds, for the line golf backup and golf restore print.
struct database_summary {
    int schema_version = 0;
    std::int64_t matches = 0;
};

// The schema version this build writes: SQLite's user_version, or PostgreSQL's golf_schema.
int known_schema_version(bool postgres);

// SQLite: copies the database at `source` (never created, never written to) into `destination` (replaced if it
// is there) from one snapshot, page steps at a time; a busy or locked step is retried for up to `busy_limit`.
// The copy is a file of its own (no -wal beside it), synced before this returns. Throws store_error: corrupt or
// cannot_open when `source` is not a golf-server database, locked when it stayed busy, io otherwise.
database_summary backup_sqlite(const std::filesystem::path& source, const std::filesystem::path& destination,
                               std::chrono::milliseconds busy_limit);

// SQLite: reads the backup `file` without changing it and checks it can be restored by this build: it opens,
// PRAGMA integrity_check says ok, and its schema version is one this build knows. Throws store_error: corrupt,
// cannot_open (not a golf-server database) or newer_schema.
database_summary check_sqlite_backup(const std::filesystem::path& file);

// SQLite: makes sure no process has `target` open, then folds its write-ahead log into the file so the file alone
// is the database and can be moved aside. Throws store_error: locked when a process (a server) has it open.
void settle_sqlite_target(const std::filesystem::path& target);

// PostgreSQL: a read-only transaction held open while pg_dump copies from the same snapshot (pg_dump
// --snapshot), so the summary counts exactly what the dump holds.
class pg_snapshot {
public:
    // Connects (waiting at most `connect_timeout`); throws store_error (unreachable, authentication, cannot_open).
    pg_snapshot(const std::string& url, std::chrono::seconds connect_timeout);
    ~pg_snapshot();
    pg_snapshot(const pg_snapshot&) = delete;
    pg_snapshot& operator=(const pg_snapshot&) = delete;

    // The exported snapshot's name, for pg_dump --snapshot.
    const std::string& id() const;
    // What the database holds in this snapshot; nullopt when it holds no golf-server schema.
    const std::optional<database_summary>& summary() const;

private:
    struct state;
    std::unique_ptr<state> state_;
};

}  // namespace golf::persistence
