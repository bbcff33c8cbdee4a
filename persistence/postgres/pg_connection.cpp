// The PostgreSQL connection: connecting with a timeout and our application name, prepared statements cached per
// connection, results read as text, and failures with their SQLSTATE.
#include "persistence/postgres/pg_connection.hpp"

#include <libpq-fe.h>

#include <charconv>
#include <stdexcept>
#include <utility>

namespace golf::persistence::detail {

namespace {

// libpq's messages end in a newline and may run over several lines; a log line wants the first.
std::string first_line(const char* message) {
    std::string text = message != nullptr ? message : "";
    if (const auto end = text.find('\n'); end != std::string::npos) text.resize(end);
    return text.empty() ? "unknown error" : text;
}

std::string describe_target(pg_conn* conn) {
    const auto value = [](const char* v) { return std::string(v != nullptr && *v != '\0' ? v : "?"); };
    std::string host = value(PQhost(conn));
    if (!host.empty() && host.front() == '/') host = "socket " + host;
    return "database " + value(PQdb(conn)) + " at " + host + ":" + value(PQport(conn)) + " as " + value(PQuser(conn));
}

void ignore_notice(void*, const char*) {}  // "relation already exists, skipping" and the like are not news

constexpr std::string_view read_only_server = "25006";  // read_only_sql_transaction

}  // namespace

bool pg_failure::permanent() const {
    return sqlstate.starts_with("22") || sqlstate.starts_with("23") || sqlstate == "P0002" || sqlstate == "GF001";
}

pg_params& pg_params::text(std::string_view value) {
    values_.emplace_back(std::string(value));
    formats_.push_back(0);
    return *this;
}

pg_params& pg_params::bytes(std::string_view value) {
    values_.emplace_back(std::string(value));
    formats_.push_back(1);
    return *this;
}

pg_params& pg_params::number(std::int64_t value) { return text(std::to_string(value)); }

pg_params& pg_params::optional_number(const std::optional<int>& value) { return value ? number(*value) : null(); }

pg_params& pg_params::real(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return this->text(std::string_view(text, static_cast<std::size_t>(end - text)));
}

pg_params& pg_params::id_or_null(std::int64_t id) { return id != 0 ? number(id) : null(); }

pg_params& pg_params::null() {
    values_.emplace_back(std::nullopt);
    formats_.push_back(0);
    return *this;
}

std::vector<const char*> pg_params::pointers() const {
    std::vector<const char*> out;
    for (const auto& v : values_) out.push_back(v ? v->data() : nullptr);
    return out;
}

std::vector<int> pg_params::lengths() const {
    std::vector<int> out;
    for (const auto& v : values_) out.push_back(v ? static_cast<int>(v->size()) : 0);
    return out;
}

std::vector<int> pg_params::formats() const { return formats_; }

pg_rows::pg_rows(pg_result* result) : result_(result) {}
pg_rows::~pg_rows() { PQclear(result_); }
pg_rows::pg_rows(pg_rows&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}

int pg_rows::size() const { return PQntuples(result_); }
bool pg_rows::is_null(int row, int column) const { return PQgetisnull(result_, row, column) != 0; }
std::string pg_rows::text(int row, int column) const {
    return std::string(PQgetvalue(result_, row, column), static_cast<std::size_t>(PQgetlength(result_, row, column)));
}

std::int64_t pg_rows::int64(int row, int column) const {
    if (is_null(row, column)) return 0;
    const char* v = PQgetvalue(result_, row, column);
    std::int64_t out = 0;
    std::from_chars(v, v + PQgetlength(result_, row, column), out);
    return out;
}

std::optional<int> pg_rows::optional_int(int row, int column) const {
    if (is_null(row, column)) return std::nullopt;
    return integer(row, column);
}

double pg_rows::real(int row, int column) const { return is_null(row, column) ? 0 : std::stod(text(row, column)); }
bool pg_rows::boolean(int row, int column) const { return text(row, column) == "t"; }

std::string pg_rows::bytes(int row, int column) const {
    std::size_t length = 0;
    unsigned char* raw =
        PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(result_, row, column)), &length);
    if (raw == nullptr) throw pg_failure{"", "a bytea value could not be decoded"};
    std::string out(reinterpret_cast<const char*>(raw), length);
    PQfreemem(raw);
    return out;
}

std::int64_t pg_rows::affected() const {
    const char* n = PQcmdTuples(result_);
    std::int64_t out = 0;
    std::from_chars(n, n + std::char_traits<char>::length(n), out);
    return out;
}

pg_connection::pg_connection(std::string url, std::chrono::seconds connect_timeout)
    : pg_connection(std::move(url), connect_timeout, {}) {}

pg_connection::pg_connection(std::string url, std::chrono::seconds connect_timeout, std::string session)
    : url_(std::move(url)), connect_timeout_(connect_timeout), session_(std::move(session)) {
    connect();
}

pg_connection::~pg_connection() { PQfinish(conn_); }

void pg_connection::connect() {
    PQfinish(std::exchange(conn_, nullptr));
    prepared_.clear();
    const std::string timeout = std::to_string(std::max<std::int64_t>(1, connect_timeout_.count()));
    // Ours come first: the URL's own settings (expanded from dbname) override them.
    const char* keys[] = {"connect_timeout", "fallback_application_name", "dbname", nullptr};
    const char* values[] = {timeout.c_str(), "golf-server", url_.c_str(), nullptr};
    conn_ = PQconnectdbParams(keys, values, 1);
    if (conn_ == nullptr) throw pg_failure{"", "out of memory", true};
    where_ = describe_target(conn_);
    if (PQstatus(conn_) != CONNECTION_OK) {
        pg_failure failed{"", first_line(PQerrorMessage(conn_)), true};
        PQfinish(std::exchange(conn_, nullptr));  // a constructor that throws runs no destructor
        throw failed;
    }
    PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
    if (session_.empty()) return;
    try {
        exec(session_.c_str());
    } catch (...) {
        PQfinish(std::exchange(conn_, nullptr));
        throw;
    }
}

bool pg_connection::alive() const { return conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK; }

void pg_connection::reconnect() { connect(); }

void pg_connection::fail(pg_result* result) {
    pg_failure f{"", "", !alive()};
    if (result != nullptr) {
        const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
        f.sqlstate = state != nullptr ? state : "";
        f.message = first_line(PQresultErrorMessage(result));
        PQclear(result);
    }
    if (f.message.empty() || f.message == "unknown error") f.message = first_line(PQerrorMessage(conn_));
    // Classes 08 (connection exception) and 57P (the server shutting down) mean the connection must be made anew,
    // and so does 25006, a write refused as read-only: this server is a standby now (a demoted primary, or a stale
    // route to one). Closed here, nothing more is tried on it; the next try connects again, and through HAProxy's
    // check of Patroni's /primary that reaches whichever server is primary now.
    if (f.sqlstate.starts_with("08") || f.sqlstate.starts_with("57P") || f.sqlstate == read_only_server) {
        f.connection_lost = true;
        PQfinish(std::exchange(conn_, nullptr));
        prepared_.clear();
    }
    throw f;
}

pg_rows pg_connection::checked(pg_result* result) {
    const auto status = result != nullptr ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(result);
    return pg_rows(result);
}

void pg_connection::exec(const char* sql) {
    if (!alive()) throw pg_failure{"", "the connection to the " + where_ + " is closed", true};
    checked(PQexec(conn_, sql));
}

pg_rows pg_connection::run(const char* sql, const pg_params& params) {
    if (!alive()) throw pg_failure{"", "the connection to the " + where_ + " is closed", true};
    auto found = prepared_.find(sql);
    if (found == prepared_.end()) {
        std::string name = "golf_" + std::to_string(prepared_.size());
        checked(PQprepare(conn_, name.c_str(), sql, params.size(), nullptr));
        found = prepared_.emplace(sql, std::move(name)).first;
    }
    const auto values = params.pointers();
    const auto lengths = params.lengths();
    const auto formats = params.formats();
    return checked(
        PQexecPrepared(conn_, found->second.c_str(), params.size(), values.data(), lengths.data(), formats.data(), 0));
}

int pg_connection::socket() const { return conn_ != nullptr ? PQsocket(conn_) : -1; }

std::vector<std::string> pg_connection::notifications() {
    if (!alive() || PQconsumeInput(conn_) == 0)
        throw pg_failure{"", "the connection to the " + where_ + " is closed", true};
    std::vector<std::string> payloads;
    while (PGnotify* n = PQnotifies(conn_)) {
        payloads.emplace_back(n->extra);
        PQfreemem(n);
    }
    return payloads;
}

void pg_connection::rollback() noexcept {
    if (!alive()) return;
    PQclear(PQexec(conn_, "ROLLBACK"));
}

bool is_postgres_url(std::string_view db) { return db.starts_with("postgresql://") || db.starts_with("postgres://"); }

store_error describe(const std::string& where, const pg_failure& f) {
    const std::string target = where.empty() ? "PostgreSQL" : "the PostgreSQL " + where;
    const auto& m = f.message;
    if (m.find("password authentication failed") != std::string::npos ||
        m.find("no password supplied") != std::string::npos || m.find("authentication failed") != std::string::npos) {
        return store_error(store_error_kind::authentication,
                           "PostgreSQL refused the login (" + m + "); check the user and password in --db");
    }
    if (m.find("does not exist") != std::string::npos) {
        return store_error(store_error_kind::cannot_open,
                           "cannot open " + target + ": " + m + "; create it first (createdb) or name another in --db");
    }
    if (f.sqlstate == read_only_server) {
        return store_error(store_error_kind::unreachable,
                           target + " is read-only (a standby, or a primary since demoted): " + m +
                               "; point --db at the primary, e.g. through HAProxy's check of Patroni's /primary");
    }
    if (f.connection_lost) {
        return store_error(store_error_kind::unreachable,
                           "cannot reach " + target + ": " + m + "; is the server running and the address right?");
    }
    return store_error(store_error_kind::io, "reading " + target + " failed: " + m);
}

}  // namespace golf::persistence::detail
