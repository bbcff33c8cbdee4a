// A SQLite connection as the SQLite store's parts use it (internal to persistence/): the connection with its cache
// of prepared statements, one use of a statement, transactions, and a failed call as a value (sqlite_failure) that
// the open and the reads turn into a store_error and the writes into a retry or a refusal.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include <sqlite3.h>

#include "persistence/match_store.hpp"

namespace golf::persistence::detail {

// A failed SQLite call; `code` is the primary result code.
struct sqlite_failure {
    int code;
    std::string message;
};

[[noreturn]] void fail(sqlite3* db, int code);
void exec(sqlite3* db, const char* sql);
std::int64_t single_int(sqlite3* db, const char* sql);  // the first column of the first row, 0 if none
// A failure while opening or reading the database at `path` as a sentence a host can act on.
store_error describe(const std::filesystem::path& path, const sqlite_failure& f);

// Statements are prepared on first use and kept, keyed by the address of their SQL constant.
struct sqlite_database {
    sqlite3* db = nullptr;
    std::unordered_map<const char*, sqlite3_stmt*> prepared;

    sqlite_database() = default;
    sqlite_database(const sqlite_database&) = delete;
    sqlite_database& operator=(const sqlite_database&) = delete;
    ~sqlite_database();

    sqlite3_stmt* statement_for(const char* text);
};

// Opens `path` with `flags` and the busy timeout; throws sqlite_failure.
std::unique_ptr<sqlite_database> open_database(const std::filesystem::path& path, int flags, int busy_timeout_ms);

// One use of a statement: a cached one (reset when the use ends) or, for one-off SQL, one of its own.
class statement {
public:
    statement(sqlite_database& db, const char* sql) : db_(db.db), stmt_(db.statement_for(sql)), owned_(false) {}
    statement(sqlite3* db, const char* sql) : db_(db), owned_(true) {
        if (int rc = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); rc != SQLITE_OK) fail(db, rc);
    }
    ~statement() {
        if (owned_) {
            sqlite3_finalize(stmt_);
        } else {
            sqlite3_reset(stmt_);
            sqlite3_clear_bindings(stmt_);
        }
    }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;

    statement& bind(int index, std::int64_t value) { return check(sqlite3_bind_int64(stmt_, index, value)); }
    statement& bind(int index, int value) { return check(sqlite3_bind_int(stmt_, index, value)); }
    statement& bind(int index, bool value) { return bind(index, value ? 1 : 0); }
    statement& bind(int index, std::optional<int> value) {
        return value ? bind(index, *value) : check(sqlite3_bind_null(stmt_, index));
    }
    statement& bind_real(int index, double value) { return check(sqlite3_bind_double(stmt_, index, value)); }
    statement& bind_id_or_null(int index, std::int64_t id) {  // 0, no row referred to, is NULL
        return id != 0 ? bind(index, id) : check(sqlite3_bind_null(stmt_, index));
    }
    statement& bind_text(int index, std::string_view text) {
        return check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
    }
    statement& bind_text_or_null(int index, std::string_view text) {
        return text.empty() ? check(sqlite3_bind_null(stmt_, index)) : bind_text(index, text);
    }
    statement& bind_blob(int index, std::string_view bytes) {
        // Bound without a copy: every caller steps the statement while the bytes are alive.
        return check(sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_STATIC));
    }
    statement& bind_limit(int index, std::size_t limit) {
        return bind(index, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
    }

    statement& reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
        return *this;
    }

    // True while there is a row; false when done.
    bool step() {
        int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail(db_, rc);
    }
    void run() {
        while (step()) {}
    }

    std::int64_t int64(int column) const { return sqlite3_column_int64(stmt_, column); }
    int integer(int column) const { return sqlite3_column_int(stmt_, column); }
    double real(int column) const { return sqlite3_column_double(stmt_, column); }
    bool is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
    std::optional<int> optional_int(int column) const {
        return is_null(column) ? std::nullopt : std::optional<int>(integer(column));
    }
    std::string text(int column) const {
        auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
        return data != nullptr ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                               : std::string();
    }
    std::string blob(int column) const {
        auto* data = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
        return data != nullptr ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                               : std::string();
    }

private:
    statement& check(int rc) {
        if (rc != SQLITE_OK) fail(db_, rc);
        return *this;
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool owned_;
};

// Runs `body` between `begin` and COMMIT; rolls back and rethrows if it throws.
template <typename F>
void in_transaction(sqlite3* db, const char* begin, F&& body) {
    exec(db, begin);
    try {
        body();
        exec(db, "COMMIT");
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);  // may fail if SQLite already rolled back
        throw;
    }
}

}  // namespace golf::persistence::detail
