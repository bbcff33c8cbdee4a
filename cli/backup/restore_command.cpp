// golf restore: puts a backup made by golf backup back. A SQLite backup is checked first (integrity, a schema
// version this build knows), copied beside the target under TARGET.restoring and renamed into place, the old
// database kept as TARGET.before-restore; a PostgreSQL dump goes through pg_restore in one transaction. Either way
// a refused or failed restore leaves the target as it was.
#include <charconv>
#include <iostream>
#include <optional>
#include <sstream>
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

struct restore_request {
    fs::path from;
    std::string db;
    bool force = false;
};

void rename_or_fail(const fs::path& from, const fs::path& to) {
    std::error_code error;
    fs::rename(from, to, error);
    if (error) throw run_failure("could not rename " + from.string() + " to " + to.string() + ": " + error.message());
}

// The checked copy is renamed into place; the old database (settled: no -wal beside it) is kept beside.
void swap_in(const fs::path& target, backup::partial_file& copy, const std::optional<fs::path>& keep) {
    if (keep) {
        try {
            persistence::settle_sqlite_target(target);
        } catch (const store_error& e) {
            if (e.kind() != store_error_kind::corrupt) throw run_failure(e.what());  // not a database: moved as it is
        }
        std::error_code error;
        if (fs::exists(backup::with_suffix(target, "-wal"), error))  // it would be replayed into the new file
            throw run_failure("the write-ahead log " + backup::with_suffix(target, "-wal").string() +
                              " could not be folded into its database; move both away first");
        rename_or_fail(target, *keep);
        std::error_code ignored;
        fs::remove(backup::with_suffix(target, "-shm"), ignored);  // the old WAL index: nobody holds it any more
    }
    try {
        copy.publish();
    } catch (const std::runtime_error& e) {
        if (keep) rename_or_fail(*keep, target);
        throw run_failure(e.what());
    }
}

database_summary restore_sqlite(const restore_request& r, std::string& kept) {
    const fs::path target = r.db;
    backup::check_writable_place(target, "--db");
    std::error_code error;
    const bool exists = fs::exists(target, error);
    if (exists && !r.force) throw refusal(target.string() + " already exists; pass --force to replace it");
    if (exists && fs::equivalent(target, r.from, error)) throw refusal("--from and --db are the same file");
    for (const char* side : {"-wal", "-journal"}) {
        if (!exists && fs::exists(backup::with_suffix(target, side), error))
            throw refusal("a stale " + backup::with_suffix(target, side).string() + " is there; remove it first");
    }
    const std::optional<fs::path> keep =
        exists ? std::optional(backup::with_suffix(target, ".before-restore")) : std::nullopt;
    if (keep && fs::exists(*keep, error)) throw refusal(keep->string() + " already exists; move it away first");
    database_summary summary;
    backup::partial_file copy(target, ".restoring");
    try {
        summary = persistence::check_sqlite_backup(r.from);
        persistence::backup_sqlite(r.from, copy.path(), busy_limit);
    } catch (const store_error& e) {
        rethrow(e);
    }
    swap_in(target, copy, keep);
    if (keep) kept = keep->string();
    return summary;
}

// The schema version recorded in a pg_dump archive (the rows of golf_schema); 0 when it holds none.
int archive_schema_version(const fs::path& pg_restore, const fs::path& file) {
    const auto listed =
        backup::run_tool({pg_restore.string(), "--data-only", "--table=golf_schema", "--file=-", file.string()});
    if (listed.status != 0)
        throw refusal(file.string() + " is not a pg_dump archive pg_restore can read: " + listed.first_line());
    std::istringstream lines(listed.out);
    int version = 0;
    bool in_copy = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("COPY ")) in_copy = line.find("golf_schema") != std::string::npos;
        else if (line == "\\.") in_copy = false;
        else if (int v = 0; in_copy && std::from_chars(line.data(), line.data() + line.size(), v).ec == std::errc{})
            version = std::max(version, v);
    }
    return version;
}

database_summary restore_postgres(const restore_request& r) {
    const auto pg_restore = backup::find_pg_tool("pg_restore");
    if (!pg_restore) throw run_failure(backup::missing_pg_tool("pg_restore"));
    const int version = archive_schema_version(*pg_restore, r.from);
    const int known = persistence::known_schema_version(true);
    if (version == 0) throw refusal("the backup " + r.from.string() + " holds no golf-server database");
    if (version > known)
        throw refusal("the backup " + r.from.string() + " has schema version " + std::to_string(version) +
                      ", newer than the version " + std::to_string(known) +
                      " this golf knows; restore it with a newer golf");
    const std::string where = persistence::printable_db(r.db);
    try {
        if (persistence::pg_snapshot(r.db, connect_timeout).summary() && !r.force)
            throw refusal("the PostgreSQL database " + where +
                          " already holds a golf-server database; pass --force "
                          "to replace it");
    } catch (const store_error& e) {
        throw run_failure(e.what());
    }
    // One transaction: a restore that fails part way leaves the database as it was.
    const auto restored =
        backup::run_tool({pg_restore->string(), "--clean", "--if-exists", "--no-owner", "--single-transaction",
                          "--exit-on-error", "--dbname", backup::url_for_tool(r.db), r.from.string()});
    if (restored.status != 0) throw run_failure("pg_restore failed (nothing changed): " + restored.first_line());
    try {
        return persistence::pg_snapshot(r.db, connect_timeout).summary().value_or(database_summary{version, 0});
    } catch (const store_error& e) {
        throw run_failure(e.what());
    }
}

int run(const restore_request& r) {
    backup::check_existing_file(r.from, "--from", "backup");
    const bool postgres = persistence::is_postgres(r.db);
    std::string kept;
    const database_summary summary = postgres ? restore_postgres(r) : restore_sqlite(r, kept);
    const int known = persistence::known_schema_version(postgres);
    std::cout << "restored " << r.from.string() << " into " << persistence::printable_db(r.db) << ": "
              << summary.matches << (summary.matches == 1 ? " match" : " matches") << ", schema version "
              << summary.schema_version;
    if (summary.schema_version < known)
        std::cout << " (golf-server migrates it to version " << known << " when it starts)";
    if (!kept.empty()) std::cout << "; the old database is kept as " << kept;
    std::cout << '\n';
    return exit_ok;
}

}  // namespace

std::string_view restore_usage() {
    return "usage: golf restore --from FILE --db DB [--force]\n"
           "\n"
           "Puts back a backup made by golf backup. Stop golf-server first: a SQLite database in use is refused.\n"
           "A SQLite backup is checked (it opens, PRAGMA integrity_check is ok, its schema version is one this golf\n"
           "knows), copied beside DB as DB.restoring and renamed into place; with --force an existing DB is kept as\n"
           "DB.before-restore. A postgresql:// DB gets pg_restore --clean --if-exists --no-owner in one\n"
           "transaction (pg_restore from PATH or /usr/lib/postgresql/15/bin; package postgresql-client-15). A\n"
           "backup of an older schema is restored as it is and golf-server migrates it when it starts; one of a\n"
           "newer schema than this golf knows is refused.\n"
           "\n"
           "  --from FILE  the backup\n"
           "  --db DB      where it goes: a SQLite file (its directory must exist) or a postgresql:// URL\n"
           "  --force      replace an existing database (SQLite: kept as DB.before-restore)\n"
           "\n"
           "Exit status: 0 restored; 1 the restore failed (the database is in use, PostgreSQL cannot be reached,\n"
           "pg_restore is missing or failed, a write failed); 2 bad input (a missing flag, --from missing, corrupt,\n"
           "not a golf-server backup or of a newer schema, DB existing without --force, DB.before-restore existing,\n"
           "or DB's directory missing or not writable). The target is left as it was when it fails.\n";
}

int run_restore(std::span<const std::string_view> words) {
    restore_request r;
    std::optional<std::string> from;
    std::optional<std::string> db;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
        const std::string_view flag = line.word();
        if (flag == "--from") from = std::string(line.value());
        else if (flag == "--db") db = std::string(line.value());
        else if (flag == "--force") r.force = line.switch_on();
        else line.unknown_flag();
    }
    if (!from || from->empty()) throw usage_error("missing --from FILE");
    if (!db || db->empty()) throw usage_error("missing --db DB");
    r.from = *from;
    r.db = *db;
    quiet_store_logs();
    return backup::run_reporting("restore", [&] { return run(r); });
}

}  // namespace golf::cli
