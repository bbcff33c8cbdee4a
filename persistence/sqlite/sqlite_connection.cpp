// A SQLite connection and its statement cache, and a failed call told as a sentence.
#include "persistence/sqlite/sqlite_connection.hpp"

#include <system_error>

#include <unistd.h>

namespace golf::persistence::detail {

namespace {

// An existing database in a directory we cannot write: WAL needs files beside it.
bool directory_is_read_only(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return false;
    const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    return ::access(dir.c_str(), W_OK) != 0;
}

}  // namespace

void fail(sqlite3* db, int code) {
    throw sqlite_failure{code & 0xff, db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code)};
}

void exec(sqlite3* db, const char* sql) {
    if (int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr); rc != SQLITE_OK) fail(db, rc);
}

std::int64_t single_int(sqlite3* db, const char* sql) {
    statement s(db, sql);
    return s.step() ? s.int64(0) : 0;
}

store_error describe(const std::filesystem::path& path, const sqlite_failure& f) {
    const std::string where = "the database " + path.string();
    switch (f.code) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return {store_error_kind::locked,
                    where + " is locked by another process (is another server using it?): " + f.message};
        case SQLITE_READONLY:
            return {store_error_kind::read_only,
                    where + " is read-only; the server must be able to write the file and its directory: " + f.message};
        case SQLITE_CANTOPEN:
            if (directory_is_read_only(path)) {
                return {store_error_kind::read_only, "the directory of " + where +
                                                         " is read-only; the server must be able to create the -wal " +
                                                         "and -shm files beside the database: " + f.message};
            }
            return {store_error_kind::cannot_open,
                    "cannot open " + where + " (does its directory exist and is it writable?): " + f.message};
        case SQLITE_NOTADB:
        case SQLITE_CORRUPT:
            return {store_error_kind::corrupt, where + " is not a SQLite database or is corrupt: " + f.message};
        default: return {store_error_kind::io, where + " failed: " + f.message};
    }
}

sqlite_database::~sqlite_database() {
    for (auto& entry : prepared) sqlite3_finalize(entry.second);
    sqlite3_close_v2(db);  // after the statements: a close with statements left would only defer
}

sqlite3_stmt* sqlite_database::statement_for(const char* text) {
    auto& stmt = prepared[text];
    if (stmt == nullptr) {
        if (int rc = sqlite3_prepare_v3(db, text, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr); rc != SQLITE_OK) {
            prepared.erase(text);
            fail(db, rc);
        }
    }
    return stmt;
}

std::unique_ptr<sqlite_database> open_database(const std::filesystem::path& path, int flags, int busy_timeout_ms) {
    auto db = std::make_unique<sqlite_database>();
    const int rc = sqlite3_open_v2(path.c_str(), &db->db, flags, nullptr);
    if (rc != SQLITE_OK) fail(db->db, rc);
    sqlite3_busy_timeout(db->db, busy_timeout_ms);
    return db;
}

}  // namespace golf::persistence::detail
