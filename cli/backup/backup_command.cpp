// golf backup: a consistent copy of a golf-server database while the server runs. SQLite goes through its online
// backup API from one snapshot (the server's writer is never blocked); PostgreSQL through pg_dump in its custom
// format, sharing a snapshot with the count of matches we print. Either is written under FILE.partial, synced and
// renamed, so a half-written backup never has the final name.
#include <chrono>
#include <iostream>
#include <optional>
#include <string>

#include "cli/backup/backup_files.hpp"
#include "cli/commands.hpp"
#include "persistence/database_backup.hpp"
#include "persistence/open_store.hpp"

namespace golf::cli {

namespace {

namespace fs = std::filesystem;
using backup::busy_limit;
using backup::connect_timeout;
using backup::refusal;
using backup::rethrow;
using persistence::database_summary;
using persistence::store_error;
using persistence::store_error_kind;

struct backup_request {
    std::string db;
    fs::path out;
    bool force = false;
};

database_summary backup_sqlite(const backup_request& r, backup::partial_file& partial) {
    backup::check_existing_file(r.db, "--db", "database");
    std::error_code error;
    if (fs::equivalent(r.db, r.out, error)) throw refusal("--out " + r.out.string() + " is the database itself");
    try {
        return persistence::backup_sqlite(r.db, partial.path(), busy_limit);
    } catch (const store_error& e) {
        rethrow(e);
    }
}

database_summary backup_postgres(const backup_request& r, backup::partial_file& partial) {
    const auto pg_dump = backup::find_pg_tool("pg_dump");
    if (!pg_dump) throw run_failure(backup::missing_pg_tool("pg_dump"));
    std::optional<persistence::pg_snapshot> snapshot;
    try {
        snapshot.emplace(r.db, connect_timeout);
    } catch (const store_error& e) {
        rethrow(e);
    }
    if (!snapshot->summary())
        throw refusal("the PostgreSQL database " + persistence::printable_db(r.db) + " holds no golf-server database");
    const auto dumped = backup::run_tool({pg_dump->string(), "--format=custom", "--snapshot=" + snapshot->id(),
                                          "--file=" + partial.path().string(), backup::url_for_tool(r.db)});
    if (dumped.status != 0) throw run_failure("pg_dump failed: " + dumped.first_line());
    return *snapshot->summary();
}

int run(const backup_request& r) {
    backup::check_writable_place(r.out, "--out");
    std::error_code error;
    if (fs::exists(r.out, error) && !r.force)
        throw refusal(r.out.string() + " already exists; pass --force to replace it");
    const bool postgres = persistence::is_postgres(r.db);
    backup::partial_file partial(r.out);
    const database_summary summary = postgres ? backup_postgres(r, partial) : backup_sqlite(r, partial);
    try {
        partial.publish();
    } catch (const std::runtime_error& e) {
        throw run_failure(e.what());
    }
    const auto bytes = fs::file_size(r.out, error);
    std::cout << "wrote " << r.out.string() << " (" << bytes << " bytes" << (postgres ? ", pg_dump custom format" : "")
              << "): " << summary.matches << (summary.matches == 1 ? " match" : " matches") << ", schema version "
              << summary.schema_version << '\n';
    return exit_ok;
}

}  // namespace

std::string_view backup_usage() {
    return "usage: golf backup --db DB --out FILE [--force]\n"
           "\n"
           "Copies a golf-server database while the server runs. A SQLite file is copied with SQLite's online\n"
           "backup API from one snapshot (the server keeps writing meanwhile); a postgresql:// URL is dumped with\n"
           "pg_dump --format=custom (from PATH or /usr/lib/postgresql/15/bin; package postgresql-client-15). The copy\n"
           "is written as FILE.partial, synced and renamed to FILE, so FILE is never half written. Prints what it\n"
           "wrote: the path, its size, how many matches it holds and its schema version.\n"
           "\n"
           "  --db DB     the database: a SQLite file (never created) or a postgresql:// URL\n"
           "  --out FILE  where the backup goes; its directory must exist\n"
           "  --force     replace FILE if it exists (otherwise an existing FILE is refused)\n"
           "\n"
           "Exit status: 0 written; 1 the copy failed (the database stayed locked, PostgreSQL cannot be reached,\n"
           "pg_dump is missing or failed, a write failed); 2 bad input (a missing flag, --db missing or not a\n"
           "golf-server database, --out existing or in a directory that does not exist or cannot be written).\n"
           "Nothing is left behind when it fails.\n";
}

int run_backup(std::span<const std::string_view> words) {
    backup_request r;
    std::optional<std::string> db;
    std::optional<std::string> out;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
        const std::string_view flag = line.word();
        if (flag == "--db") db = std::string(line.value());
        else if (flag == "--out") out = std::string(line.value());
        else if (flag == "--force") r.force = line.switch_on();
        else line.unknown_flag();
    }
    if (!db || db->empty()) throw usage_error("missing --db DB");
    if (!out || out->empty()) throw usage_error("missing --out FILE");
    r.db = *db;
    r.out = *out;
    quiet_store_logs();
    return backup::run_reporting("backup", [&] { return run(r); });
}

}  // namespace golf::cli
