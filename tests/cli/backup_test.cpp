// golf backup and golf restore on SQLite through the real binary: a copy that holds what the database holds and
// is restored into a new file or over an old one (kept beside), and each refusal: its sentence, its exit status,
// and every file left as it was (no FILE.partial, no target created or changed).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "cli/backup/backup_files.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/cli/golf_runs.hpp"
#include "tests/persistence/played_match.hpp"
#include "tests/persistence/schema_v1.hpp"
#include "tests/support/sqlite_query.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf {
namespace backup_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

namespace fs = std::filesystem;
using test::contains;
using test::count_lines;
using test::expect_bad_input;
using test::expect_error_line;
using test::run;
using test::run_result;
using testing::query_text;

std::string file_bytes(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const fs::path& file, const std::string& bytes) { std::ofstream(file, std::ios::binary) << bytes; }

// Runs SQL on `path` with a connection of the test's own; fails the test on an error.
void execute(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
}

// Every file in `dir` with a hash of its bytes, for "nothing changed".
std::map<std::string, std::size_t> snapshot(const fs::path& dir) {
    std::map<std::string, std::size_t> files;
    for (const auto& entry : fs::directory_iterator(dir))
        files[entry.path().filename()] = std::hash<std::string>{}(file_bytes(entry.path()));
    return files;
}

// A database the real store wrote: `matches` finished self-played matches.
class Backup : public ::testing::Test {
protected:
    void SetUp() override {
        persistence::sqlite_options options;
        options.path = db();
        persistence::sqlite_store store(options);
        for (int m = 0; m < 2; ++m) {
            persistence::testing::play_options play;
            play.players = 2;
            play.seed = 20 + static_cast<std::uint64_t>(m);
            play.max_holes = 2;
            auto detail = persistence::testing::play_match("six-card", play).detail;
            persistence::match_start start;
            start.table_code = detail.summary.table_code;
            start.preset = detail.summary.preset;
            start.ruleset = detail.summary.ruleset;
            start.seats = detail.summary.seats;
            start.started_at = detail.summary.started_at;
            const auto id = store.start_match(start);
            for (persistence::hole_record hole : detail.holes) {
                hole.match = id;
                store.record_hole(hole);
            }
            persistence::match_result result;
            result.match = id;
            result.ended_at = detail.summary.started_at + 60;
            result.final_totals = {0, 0};
            store.finish_match(result);
        }
        ASSERT_TRUE(store.flush(std::chrono::seconds(30)));
    }

    fs::path db() const { return dir_.path() / "golf.db"; }
    fs::path path(const std::string& name) const { return dir_.path() / name; }

    // A backup at `name`, made by golf backup.
    fs::path backup(const std::string& name = "golf.bak") {
        const run_result r = run({"backup", "--db", db(), "--out", path(name)});
        EXPECT_EQ(r.status, 0) << r.err;
        return path(name);
    }

    golf::testing::temp_dir dir_;
};

TEST_F(Backup, WritesACopyThatHoldsTheMatchesAndSaysWhatItWrote) {
    const run_result r = run({"backup", "--db", db(), "--out", path("golf.bak")});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::string size = std::to_string(fs::file_size(path("golf.bak")));
    EXPECT_EQ(r.out, "wrote " + path("golf.bak").string() + " (" + size + " bytes): 2 matches, schema version " +
                         std::to_string(persistence::schema_version) + "\n");
    EXPECT_EQ(query_text(path("golf.bak"), "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(query_text(path("golf.bak"), "SELECT count(*) FROM holes"),
              query_text(db(), "SELECT count(*) FROM holes"));
    EXPECT_EQ(query_text(path("golf.bak"), "PRAGMA journal_mode"), "delete") << "a backup is one file, no -wal";
    EXPECT_FALSE(fs::exists(path("golf.bak.partial")));
    EXPECT_FALSE(fs::exists(path("golf.bak-wal")));
}

// A server's writer in the middle of a transaction neither waits for the backup nor is waited for: the copy is
// the last committed state.
TEST_F(Backup, AWriterHoldingTheWriteLockDoesNotHoldUpTheBackup) {
    sqlite3* writer = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &writer), SQLITE_OK);
    ASSERT_EQ(
        sqlite3_exec(writer, "BEGIN IMMEDIATE; DELETE FROM hole_scores; DELETE FROM holes", nullptr, nullptr, nullptr),
        SQLITE_OK);
    const auto started = std::chrono::steady_clock::now();
    const run_result r = run({"backup", "--db", db(), "--out", path("golf.bak")});
    const auto took = std::chrono::steady_clock::now() - started;
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_LT(took, std::chrono::seconds(10)) << "the backup waited for the writer";
    EXPECT_EQ(sqlite3_exec(writer, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK) << "the writer was held up";
    sqlite3_close(writer);
    EXPECT_NE(query_text(path("golf.bak"), "SELECT count(*) FROM holes"), "0") << "the copy took uncommitted work";
    EXPECT_EQ(query_text(db(), "SELECT count(*) FROM holes"), "0");
}

TEST_F(Backup, RefusesBadInputLeavingEveryFileAsItWas) {
    const auto before = snapshot(dir_.path());
    const auto as_before = [&] { EXPECT_TRUE(snapshot(dir_.path()) == before) << "a refused backup changed a file"; };
    expect_bad_input({"backup", "--out", path("x.bak")}, {"missing --db"});
    expect_bad_input({"backup", "--db", db()}, {"missing --out"});
    expect_bad_input({"backup", "--db", db(), "--out", path("no-such-dir/x.bak")},
                     {"golf backup: the directory of --out", "does not exist"});
    expect_bad_input({"backup", "--db", path("missing.db"), "--out", path("x.bak")},
                     {"golf backup: there is no database at --db", "missing.db (nothing was created)"});
    EXPECT_FALSE(fs::exists(path("missing.db"))) << "a missing --db was created";
    write_file(path("notes.txt"), "not a database, but long enough to be read as one if SQLite tried hard enough");
    const auto with_notes = snapshot(dir_.path());
    expect_bad_input({"backup", "--db", path("notes.txt"), "--out", path("x.bak")},
                     {"golf backup: the database", "notes.txt is not a SQLite database or is corrupt"});
    EXPECT_TRUE(snapshot(dir_.path()) == with_notes);
    fs::remove(path("notes.txt"));
    execute(path("other.db"), "CREATE TABLE t (x INTEGER)");
    expect_bad_input({"backup", "--db", path("other.db"), "--out", path("x.bak")},
                     {"other.db is a SQLite database but not a golf-server database"});
    fs::remove(path("other.db"));
    as_before();

    write_file(path("old.bak"), "an older backup");
    expect_bad_input({"backup", "--db", db(), "--out", path("old.bak")},
                     {"golf backup: ", "old.bak already exists; pass --force to replace it"});
    EXPECT_EQ(file_bytes(path("old.bak")), "an older backup");
    const run_result forced = run({"backup", "--db", db(), "--out", path("old.bak"), "--force"});
    EXPECT_EQ(forced.status, 0) << forced.err;
    EXPECT_EQ(query_text(path("old.bak"), "SELECT count(*) FROM matches"), "2");
}

// Root writes anywhere its mode bits forbid: a read-only file system is what refuses it.
TEST_F(Backup, AnOutDirectoryThatCannotBeWrittenIsRefused) {
    const fs::path locked = path("locked");
    fs::create_directories(locked);
    bool mounted = false;
    if (::geteuid() == 0) {
        golf::testing::child_process mount({"/bin/mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", locked.string()});
        mounted = mount.wait_exit() == 0;
        if (!mounted) GTEST_SKIP() << "cannot mount a read-only tmpfs here: " << mount.err();
    } else {
        fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
    }
    expect_bad_input({"backup", "--db", db(), "--out", (locked / "x.bak").string()},
                     {"golf backup: cannot write in ", "locked, the directory of --out"});
    if (mounted) golf::testing::child_process({"/bin/umount", locked.string()}).wait_exit();
    fs::permissions(locked, fs::perms::owner_all);
    EXPECT_TRUE(fs::is_empty(locked));
}

TEST_F(Backup, RestoresIntoANewFileAndOverAnOldOneKeptBeside) {
    const fs::path bak = backup();
    const run_result fresh = run({"restore", "--from", bak, "--db", path("new.db")});
    ASSERT_EQ(fresh.status, 0) << fresh.err;
    EXPECT_EQ(fresh.out, "restored " + bak.string() + " into " + path("new.db").string() +
                             ": 2 matches, schema version " + std::to_string(persistence::schema_version) + "\n");
    EXPECT_EQ(query_text(path("new.db"), "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(query_text(path("new.db"), "SELECT count(*) FROM matches"), "2");
    EXPECT_FALSE(fs::exists(path("new.db.restoring")));

    execute(db(), "DELETE FROM hole_scores; DELETE FROM holes; DELETE FROM match_seats; DELETE FROM matches");
    const std::string changed = query_text(db(), "SELECT count(*) FROM matches");
    ASSERT_EQ(changed, "0");
    expect_bad_input({"restore", "--from", bak, "--db", db()},
                     {"golf restore: ", "golf.db already exists; pass --force"});
    EXPECT_EQ(query_text(db(), "SELECT count(*) FROM matches"), "0");
    const run_result forced = run({"restore", "--from", bak, "--db", db(), "--force"});
    ASSERT_EQ(forced.status, 0) << forced.err;
    EXPECT_TRUE(contains(forced.out, "the old database is kept as " + path("golf.db.before-restore").string()))
        << forced.out;
    EXPECT_EQ(query_text(db(), "SELECT count(*) FROM matches"), "2");
    EXPECT_EQ(query_text(path("golf.db.before-restore"), "SELECT count(*) FROM matches"), "0");
    EXPECT_FALSE(fs::exists(path("golf.db-wal"))) << "the old database's log must not meet the new file";
    expect_bad_input({"restore", "--from", bak, "--db", db(), "--force"},
                     {"golf.db.before-restore already exists; move it away first"});
}

TEST_F(Backup, ABackupOfANewerSchemaIsRefusedAndNothingChanges) {
    const fs::path bak = backup();
    const fs::path newer = path("newer.bak");
    fs::copy_file(bak, newer);
    const int version = persistence::schema_version + 1;
    execute(newer, "PRAGMA user_version = " + std::to_string(version));
    const auto before = snapshot(dir_.path());
    expect_bad_input(
        {"restore", "--from", newer, "--db", path("new.db")},
        {"golf restore: the backup ", "newer.bak has schema version " + std::to_string(version) +
                                          ", newer than the version " + std::to_string(persistence::schema_version) +
                                          " this golf knows; restore it with a newer golf"});
    expect_bad_input({"restore", "--from", newer, "--db", db(), "--force"}, {"has schema version"});
    EXPECT_TRUE(snapshot(dir_.path()) == before) << "a refused restore changed a file";
}

TEST_F(Backup, ACorruptBackupIsRefusedAndNothingChanges) {
    const fs::path bak = backup();
    std::string bytes = file_bytes(bak);
    ASSERT_GT(bytes.size(), 3u * 4096);
    for (std::size_t i = 4096; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(i * 7);  // pages 2 and 3
    write_file(path("corrupt.bak"), bytes);
    write_file(path("header.bak"), "SQLite format 3" + std::string(200, 'z'));
    const auto before = snapshot(dir_.path());
    for (const char* name : {"corrupt.bak", "header.bak"}) {
        SCOPED_TRACE(name);
        expect_bad_input({"restore", "--from", path(name), "--db", db(), "--force"},
                         {"golf restore: the backup ", name});
        expect_bad_input({"restore", "--from", path(name), "--db", path("new.db")}, {"corrupt"});
    }
    expect_bad_input({"restore", "--from", path("none.bak"), "--db", path("new.db")}, {"there is no backup at --from"});
    EXPECT_TRUE(snapshot(dir_.path()) == before) << "a refused restore changed a file";
}

// A backup of an older schema is restored as it is; the store (the server) migrates it when it opens it.
TEST_F(Backup, ABackupOfAnOlderSchemaIsRestoredAndMigratedWhenOpened) {
    execute(path("v1.bak"), persistence::testing::schema_v1);
    const run_result r = run({"restore", "--from", path("v1.bak"), "--db", path("new.db")});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "restored " + path("v1.bak").string() + " into " + path("new.db").string() +
                         ": 2 matches, schema version 1 (golf-server migrates it to version " +
                         std::to_string(persistence::schema_version) + " when it starts)\n");
    persistence::sqlite_options options;
    options.path = path("new.db");
    persistence::sqlite_store store(options);
    EXPECT_EQ(query_text(path("new.db"), "PRAGMA user_version"), std::to_string(persistence::schema_version));
    const auto finished = store.match(7);
    ASSERT_TRUE(finished);
    EXPECT_EQ(finished->holes.size(), 1u);
}

// PostgreSQL's tools come from PATH or the server package's folder; a missing one is named with its package, and
// one that never ends is stopped.
TEST(BackupTools, AMissingToolIsNamedWithThePackageThatHasIt) {
    EXPECT_FALSE(cli::backup::find_pg_tool("pg_no_such_tool"));
    EXPECT_EQ(cli::backup::missing_pg_tool("pg_dump"),
              "pg_dump was not found on PATH nor in /usr/lib/postgresql/15/bin; install the package "
              "postgresql-client-15");
    const auto sh = cli::backup::find_pg_tool("sh");  // any program on PATH is found the same way
    ASSERT_TRUE(sh);
    EXPECT_EQ(cli::backup::run_tool({sh->string(), "-c", "echo out; echo err >&2; exit 3"}).first_line(), "err");
    EXPECT_EQ(cli::backup::run_tool({sh->string(), "-c", "exit 3"}).status, 3);
    const auto stuck = cli::backup::run_tool({sh->string(), "-c", "sleep 60"}, std::chrono::seconds(1));
    EXPECT_EQ(stuck.status, -1);
    EXPECT_EQ(stuck.first_line(), sh->string() + " did not finish within 1 s and was stopped");
}

// The password leaves the URL a tool gets on its command line and reaches it as PGPASSWORD instead.
TEST(BackupTools, APasswordNeverReachesAToolsCommandLine) {
    using cli::backup::url_for_tool;
    ::unsetenv("PGPASSWORD");
    EXPECT_EQ(url_for_tool("postgresql://golf@/golf?host=/tmp"), "postgresql://golf@/golf?host=/tmp");
    EXPECT_EQ(std::getenv("PGPASSWORD"), nullptr);
    EXPECT_EQ(url_for_tool("postgresql://golf:p%40ss@127.0.0.1:5432/golf?sslmode=disable"),
              "postgresql://golf@127.0.0.1:5432/golf?sslmode=disable");
    EXPECT_STREQ(std::getenv("PGPASSWORD"), "p@ss");
    EXPECT_EQ(url_for_tool("postgres://golf@/golf?host=/tmp&password=s3cret&port=5"),
              "postgres://golf@/golf?host=/tmp&port=5");
    EXPECT_STREQ(std::getenv("PGPASSWORD"), "s3cret");
    EXPECT_EQ(url_for_tool("postgresql://h/golf?password=x"), "postgresql://h/golf");
    ::unsetenv("PGPASSWORD");
}

// A server holds its database open; restoring over it is refused until it stops.
TEST_F(Backup, RestoreRefusesADatabaseInUse) {
    const fs::path bak = backup();
    const auto before = snapshot(dir_.path());  // read before the connection opens: closing a file drops its locks
    sqlite3* server = nullptr;
    ASSERT_EQ(sqlite3_open(db().c_str(), &server), SQLITE_OK);
    ASSERT_EQ(
        sqlite3_exec(server, "PRAGMA journal_mode = WAL; SELECT count(*) FROM matches", nullptr, nullptr, nullptr),
        SQLITE_OK);
    expect_error_line({"restore", "--from", bak, "--db", db(), "--force"}, 1,
                      {"golf restore: the database ", "is in use by another process", "stop it first"});
    EXPECT_FALSE(fs::exists(path("golf.db.before-restore")));
    EXPECT_FALSE(fs::exists(path("golf.db.restoring")));
    sqlite3_close(server);
    const auto after = snapshot(dir_.path());
    for (const auto& [name, hash] : after) EXPECT_EQ(before.count(name) ? before.at(name) : 0, hash) << name;
    EXPECT_TRUE(after == before) << "a refused restore changed a file";
    EXPECT_EQ(run({"restore", "--from", bak, "--db", db(), "--force"}).status, 0);
}

}  // namespace
}  // namespace backup_tests
}  // namespace golf
