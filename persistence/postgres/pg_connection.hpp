// A PostgreSQL connection as the PostgreSQL store's parts use it (internal to persistence/): libpq's connection with
// its cache of prepared statements, parameters and results as values, transactions, and a failed call as a value
// (pg_failure) that the open and the reads turn into a store_error and the writes into a retry or a refusal. The
// connection string may hold a password: nothing here ever prints it (where() names host, port, database, user).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "persistence/match_store.hpp"

struct pg_conn;
struct pg_result;

namespace golf::persistence::detail {

// A failed call: the SQLSTATE ("" when the connection itself failed) and libpq's first line.
struct pg_failure {
    std::string sqlstate;
    std::string message;
    // The connection is gone, or was closed because the server turned read-only (a demoted primary): reconnect
    // before the next try.
    bool connection_lost = false;

    // A failure the database will repeat however often it is retried: the data itself is refused (classes 22, 23)
    // or the record has nothing to apply to ("P0002", ours) or is for a table another node owns ("GF001", ours).
    bool permanent() const;
};

// The parameters of one statement: text, or bytes sent as binary (bytea); nullopt is NULL.
class pg_params {
public:
    pg_params& text(std::string_view value);
    pg_params& bytes(std::string_view value);
    pg_params& number(std::int64_t value);
    pg_params& optional_number(const std::optional<int>& value);
    pg_params& real(double value);           // the shortest text that reads back as the same double
    pg_params& id_or_null(std::int64_t id);  // 0, no row referred to, is NULL
    pg_params& null();

    int size() const { return static_cast<int>(values_.size()); }
    std::vector<const char*> pointers() const;
    std::vector<int> lengths() const;
    std::vector<int> formats() const;

private:
    std::vector<std::optional<std::string>> values_;
    std::vector<int> formats_;
};

// The rows of a query, read as text (bytea columns decoded).
class pg_rows {
public:
    explicit pg_rows(pg_result* result);
    ~pg_rows();
    pg_rows(pg_rows&& other) noexcept;
    pg_rows(const pg_rows&) = delete;
    pg_rows& operator=(const pg_rows&) = delete;
    pg_rows& operator=(pg_rows&&) = delete;

    int size() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const;
    std::int64_t int64(int row, int column) const;
    int integer(int row, int column) const { return static_cast<int>(int64(row, column)); }
    std::optional<int> optional_int(int row, int column) const;
    double real(int row, int column) const;
    bool boolean(int row, int column) const;
    std::string bytes(int row, int column) const;
    std::int64_t affected() const;  // rows an INSERT, UPDATE or DELETE changed

private:
    pg_result* result_;
};

class pg_connection {
public:
    // Connects; throws pg_failure (connection_lost) when it cannot. `url` is a libpq URI or key=value string.
    pg_connection(std::string url, std::chrono::seconds connect_timeout);
    // Also runs `session` (SET statements) on this connection and on every one it makes anew.
    pg_connection(std::string url, std::chrono::seconds connect_timeout, std::string session);
    ~pg_connection();
    pg_connection(const pg_connection&) = delete;
    pg_connection& operator=(const pg_connection&) = delete;

    // "database golf at 127.0.0.1:5432 as golf": the target without the password.
    const std::string& where() const { return where_; }
    bool alive() const;
    // Drops the connection and its prepared statements and connects again; throws pg_failure.
    void reconnect();

    // One or more statements without parameters.
    void exec(const char* sql);
    // A statement prepared on first use and kept, keyed by the address of its SQL constant.
    pg_rows run(const char* sql, const pg_params& params = {});
    // LISTEN/NOTIFY: the socket to wait on, and the payloads of the notifications that have arrived (none when
    // nothing has); throws pg_failure (connection_lost) when the connection is gone.
    int socket() const;
    std::vector<std::string> notifications();

    // `body` inside BEGIN (with `begin`'s words) ... COMMIT; rolled back if it throws.
    template <typename F>
    void in_transaction(const char* begin, F&& body) {
        exec(begin);
        try {
            body();
        } catch (...) {
            rollback();
            throw;
        }
        exec("COMMIT");
    }

private:
    void connect();
    void rollback() noexcept;
    [[noreturn]] void fail(pg_result* result);
    pg_rows checked(pg_result* result);

    std::string url_;
    std::chrono::seconds connect_timeout_;
    std::string session_;
    pg_conn* conn_ = nullptr;
    std::string where_;
    std::unordered_map<const char*, std::string> prepared_;  // SQL constant -> statement name on this connection
};

// A failure while opening or reading as a sentence a host can act on (never with the password).
store_error describe(const std::string& where, const pg_failure& f);

// `body(db)`, making the connection anew first when it was lost, and once more when it is lost during the call (a
// restarted server is worth one more try at once); any failure comes out as a store_error. Callers hold their lock.
template <typename F>
auto with_reconnect(pg_connection& db, F&& body) {
    for (int attempt = 1;; ++attempt) {
        try {
            if (!db.alive()) db.reconnect();
            return body(db);
        } catch (const pg_failure& f) {
            if (!f.connection_lost || attempt >= 2) throw describe(db.where(), f);
        }
    }
}

// Whether `db` names a PostgreSQL database (a postgresql:// or postgres:// URI) rather than a SQLite file.
bool is_postgres_url(std::string_view db);

}  // namespace golf::persistence::detail
