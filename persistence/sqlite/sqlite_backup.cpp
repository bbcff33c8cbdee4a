// SQLite's side of golf backup and golf restore: the online backup API from one read snapshot, the checks of a
// backup before it is restored, and a target made ready to be moved aside.
#include "persistence/database_backup.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <sqlite3.h>

#include <algorithm>
#include <thread>

#include "persistence/postgres/pg_schema.hpp"
#include "persistence/sqlite/sqlite_connection.hpp"
#include "persistence/sqlite/sqlite_store.hpp"

namespace golf::persistence {

namespace {

namespace fs = std::filesystem;
using detail::exec;
using detail::single_int;
using detail::sqlite_failure;

constexpr int pages_per_step = 1024;  // 4 MiB of 4 KiB pages between looks at the clock
constexpr int max_restarts = 100;     // a source changed under a copy without a snapshot starts it again

struct connection {
    sqlite3* db = nullptr;
    connection(const fs::path& path, int flags) {
        const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
        if (rc != SQLITE_OK) detail::fail(db, rc);
        sqlite3_extended_result_codes(db, 0);
    }
    ~connection() { sqlite3_close_v2(db); }
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;
};

store_error not_golf(const fs::path& path) {
    return {store_error_kind::cannot_open, path.string() + " is a SQLite database but not a golf-server database"};
}

// A failure on `path` as a sentence; `what` names it ("the database", "the backup").
store_error describe(const std::string& what, const fs::path& path, const sqlite_failure& f) {
    const std::string where = what + " " + path.string();
    switch (f.code) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return {store_error_kind::locked, where + " stayed locked by another process: " + f.message};
        case SQLITE_NOTADB:
        case SQLITE_CORRUPT:
            return {store_error_kind::corrupt, where + " is not a SQLite database or is corrupt: " + f.message};
        case SQLITE_CANTOPEN: return {store_error_kind::cannot_open, "cannot open " + where + ": " + f.message};
        default: return {store_error_kind::io, where + " could not be copied: " + f.message};
    }
}

database_summary summarize(sqlite3* db, const fs::path& path) {
    const auto version = static_cast<int>(single_int(db, "PRAGMA user_version"));  // a corrupt file fails here
    if (version == 0 ||
        single_int(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'matches'") == 0)
        throw not_golf(path);
    return {version, single_int(db, "SELECT count(*) FROM matches")};
}

// Copies every page, retrying busy steps until `busy_limit` has passed; throws sqlite_failure.
void copy_pages(sqlite3* source, sqlite3* destination, std::chrono::milliseconds busy_limit) {
    sqlite3_backup* backup = sqlite3_backup_init(destination, "main", source, "main");
    if (backup == nullptr) detail::fail(destination, sqlite3_errcode(destination));
    const auto deadline = std::chrono::steady_clock::now() + busy_limit;
    int restarts = 0;
    int remaining = -1;
    int rc = SQLITE_OK;
    for (;;) {
        rc = sqlite3_backup_step(backup, pages_per_step);
        if (rc == SQLITE_OK) {
            if (remaining >= 0 && sqlite3_backup_remaining(backup) > remaining && ++restarts > max_restarts) break;
            remaining = sqlite3_backup_remaining(backup);
            continue;
        }
        if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        break;
    }
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) throw sqlite_failure{rc & 0xff, sqlite3_errstr(rc)};
}

// A read transaction on a WAL database keeps one snapshot for the whole copy, and blocks no writer.
void hold_snapshot(sqlite3* source) {
    if (detail::statement mode(source, "PRAGMA journal_mode"); !mode.step() || mode.text(0) != "wal") return;
    exec(source, "BEGIN");
    single_int(source, "SELECT count(*) FROM sqlite_master");
}

void sync_file(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    if (!synced) throw store_error(store_error_kind::io, "could not sync " + path.string() + " to disk");
}

}  // namespace

int known_schema_version(bool postgres) { return postgres ? detail::pg_schema_version : schema_version; }

database_summary backup_sqlite(const fs::path& source, const fs::path& destination,
                               std::chrono::milliseconds busy_limit) {
    std::optional<connection> from;
    try {
        // Read-write (never create) so that, as the last connection, it removes the -wal and -shm it opened;
        // query_only keeps it from writing anything else. A file we may not write opens read-only.
        from.emplace(source, SQLITE_OPEN_READWRITE);
        exec(from->db, "PRAGMA query_only = 1");
        sqlite3_busy_timeout(from->db, static_cast<int>(std::min<std::int64_t>(busy_limit.count(), 60'000)));
        summarize(from->db, source);  // refuses what is not ours before anything is written
        hold_snapshot(from->db);
    } catch (const sqlite_failure& f) {
        throw describe("the database", source, f);
    }
    std::error_code ignored;
    fs::remove(destination, ignored);  // a copy left by a run that died: ours, and never the final name
    database_summary summary;
    try {
        connection to(destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        try {
            copy_pages(from->db, to.db, busy_limit);
        } catch (const sqlite_failure& f) {
            throw describe("the database", source, f);
        }
        if (detail::statement mode(to.db, "PRAGMA journal_mode = DELETE"); !mode.step() || mode.text(0) != "delete")
            throw sqlite_failure{SQLITE_IOERR, "its journal could not be made part of the file"};
        summary = summarize(to.db, destination);
    } catch (const sqlite_failure& f) {
        throw describe("the copy", destination, f);
    }
    sync_file(destination);
    return summary;
}

database_summary check_sqlite_backup(const fs::path& file) {
    try {
        connection backup(file, SQLITE_OPEN_READONLY);
        {
            detail::statement check(backup.db, "PRAGMA integrity_check");
            std::string verdict = check.step() ? check.text(0) : "no answer";
            std::replace(verdict.begin(), verdict.end(), '\n', ' ');  // one line: the sentence is printed as is
            if (verdict != "ok")
                throw store_error(store_error_kind::corrupt,
                                  "the backup " + file.string() + " is corrupt (integrity_check: " + verdict + ")");
        }
        const database_summary summary = summarize(backup.db, file);
        if (summary.schema_version > schema_version) {
            throw store_error(store_error_kind::newer_schema,
                              "the backup " + file.string() + " has schema version " +
                                  std::to_string(summary.schema_version) + ", newer than the version " +
                                  std::to_string(schema_version) + " this golf knows; restore it with a newer golf");
        }
        return summary;
    } catch (const sqlite_failure& f) {
        throw describe("the backup", file, f);
    }
}

void settle_sqlite_target(const fs::path& target) {
    try {
        connection db(target, SQLITE_OPEN_READWRITE);
        // Exclusive locking takes the file's own lock, which every open connection of a WAL database shares.
        exec(db.db, "PRAGMA locking_mode = EXCLUSIVE");
        try {
            exec(db.db, "BEGIN EXCLUSIVE");
            exec(db.db, "COMMIT");
        } catch (const sqlite_failure& f) {
            if (f.code != SQLITE_BUSY && f.code != SQLITE_LOCKED) throw;
            throw store_error(store_error_kind::locked,
                              "the database " + target.string() +
                                  " is in use by another process (is golf-server running on it? stop it first)");
        }
        if (detail::statement mode(db.db, "PRAGMA journal_mode = DELETE"); !mode.step() || mode.text(0) != "delete")
            throw sqlite_failure{SQLITE_IOERR, "its write-ahead log could not be folded into the file"};
    } catch (const sqlite_failure& f) {
        throw describe("the database", target, f);
    }
}

}  // namespace golf::persistence
