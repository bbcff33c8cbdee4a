// The PostgreSQL account store: the SQL of accounts, sessions, API keys and the rating reads (as SQLite's, in
// PostgreSQL's dialect), each call one transaction on the store's own connection; the rebuild's snapshot and
// replacement are pg_ratings'.
#include "persistence/postgres/pg_accounts.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_moderation.hpp"
#include "persistence/postgres/pg_ratings.hpp"
#include "persistence/postgres/pg_tournaments.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every account read and write; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* read_only = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
constexpr const char* read_write = "BEGIN";
// A taken name_key inserts nothing and returns no row.
constexpr const char* insert_account =
    "INSERT INTO accounts(name, name_key, password_hash, created_at) VALUES($1, $2, $3, $4) "
    "ON CONFLICT(name_key) DO NOTHING RETURNING id";
constexpr const char* account_by_key =
    "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE name_key = $1";
constexpr const char* account_by_id =
    "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE id = $1";
constexpr const char* set_password = "UPDATE accounts SET password_hash = $2 WHERE id = $1";
// The account's expired sessions go when it signs in again, so abandoned tokens do not pile up.
constexpr const char* drop_expired_sessions = "DELETE FROM account_sessions WHERE account_id = $1 AND expires_at <= $2";
constexpr const char* insert_session =
    "INSERT INTO account_sessions(token_hash, account_id, created_at, expires_at) VALUES($1, $2, $3, $4)";
constexpr const char* extend_session =
    "UPDATE account_sessions SET expires_at = $3 WHERE token_hash = $1 AND expires_at > $2 RETURNING account_id";
constexpr const char* remove_session = "DELETE FROM account_sessions WHERE token_hash = $1";
constexpr const char* remove_sessions = "DELETE FROM account_sessions WHERE account_id = $1 AND token_hash <> $2";
constexpr const char* insert_key =
    "INSERT INTO api_keys(account_id, key_hash, prefix, label, created_at) VALUES($1, $2, $3, $4, $5) RETURNING id";
constexpr const char* keys_of_account =
    "SELECT id, account_id, label, prefix, created_at, last_used_at FROM api_keys WHERE account_id = $1 "
    "ORDER BY id DESC";
constexpr const char* revoke_key = "DELETE FROM api_keys WHERE id = $2 AND account_id = $1";
constexpr const char* use_key = "UPDATE api_keys SET last_used_at = $2 WHERE key_hash = $1 RETURNING account_id";
constexpr const char* ratings_of_account =
    "SELECT preset, mu, sigma, matches FROM ratings WHERE account_id = $1 ORDER BY preset COLLATE \"C\"";
constexpr const char* history_of_account =
    "SELECT match_id, rated_at, mu, sigma FROM (SELECT id, match_id, rated_at, mu, sigma FROM rating_history "
    "WHERE account_id = $1 AND preset = $2 ORDER BY id DESC LIMIT $3) newest ORDER BY id";
// mu - 3 sigma: golf::ratings::conservative's default.
constexpr const char* leaderboard =
    "SELECT a.id, a.name, r.preset, r.mu, r.sigma, r.matches FROM ratings r JOIN accounts a ON a.id = r.account_id "
    "WHERE r.preset = $1 AND r.matches >= $2 ORDER BY r.mu - 3 * r.sigma DESC, a.name COLLATE \"C\", a.id LIMIT $3";

}  // namespace sql

std::optional<account_record> account_from(const pg_rows& rows) {
    if (rows.size() == 0) return std::nullopt;
    return account_record{rows.int64(0, 0), rows.text(0, 1), rows.text(0, 2), rows.text(0, 3), rows.int64(0, 4)};
}

std::optional<account_record> find_account(pg_connection& db, account_id id) {
    return account_from(db.run(sql::account_by_id, pg_params().number(id)));
}

std::int64_t as_row_limit(std::size_t limit) {
    return static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX));
}

// describe()'s sentences, except that a write is not a read.
store_error failure(const std::string& where, const pg_failure& f) {
    store_error error = describe(where, f);
    if (error.kind() != store_error_kind::io) return error;
    return store_error(store_error_kind::io, "the PostgreSQL " + where + " failed: " + f.message);
}

}  // namespace

pg_accounts::pg_accounts(std::unique_ptr<pg_connection> db, bool read_only)
    : db_(std::move(db)), read_only_(read_only) {}

pg_accounts::~pg_accounts() = default;

template <typename F>
auto pg_accounts::transaction(const char* begin, F&& body) {
    std::lock_guard lock(mutex_);
    using result = decltype(body(*db_));
    std::optional<std::conditional_t<std::is_void_v<result>, int, result>> out;
    const auto attempt = [&](bool& started) {
        db_->in_transaction(begin, [&] {
            started = true;
            if constexpr (std::is_void_v<result>) body(*db_);
            else out.emplace(body(*db_));
        });
    };
    try {
        if (!db_->alive()) db_->reconnect();
        bool started = false;
        try {
            attempt(started);
        } catch (const pg_failure& f) {
            if (!f.connection_lost || started) throw;
            db_->reconnect();  // lost while idle (a restarted server): found at BEGIN, before anything was sent
            attempt(started);
        }
    } catch (const pg_failure& f) {
        throw failure(db_->where(), f);
    }
    if constexpr (!std::is_void_v<result>) return std::move(*out);
}

template <typename F>
auto pg_accounts::read(F&& body) {
    return transaction(sql::read_only, std::forward<F>(body));
}

template <typename F>
auto pg_accounts::write(F&& body) {
    if (read_only_) {
        throw store_error(store_error_kind::read_only, "the PostgreSQL " + db_->where() +
                                                           " was opened read-only; accounts and ratings cannot change");
    }
    return transaction(sql::read_write, std::forward<F>(body));
}

std::optional<account_record> pg_accounts::create_account(const std::string& name, const std::string& name_key,
                                                          const std::string& password_hash, std::int64_t now) {
    return write([&](pg_connection& db) -> std::optional<account_record> {
        const auto rows =
            db.run(sql::insert_account, pg_params().text(name).text(name_key).text(password_hash).number(now));
        if (rows.size() == 0) return std::nullopt;  // the name is taken
        return account_record{rows.int64(0, 0), name, name_key, password_hash, now};
    });
}

std::optional<account_record> pg_accounts::account_by_key(std::string_view name_key) {
    return read(
        [&](pg_connection& db) { return account_from(db.run(sql::account_by_key, pg_params().text(name_key))); });
}

std::optional<account_record> pg_accounts::account_by_id(account_id id) {
    return read([&](pg_connection& db) { return find_account(db, id); });
}

void pg_accounts::set_password_hash(account_id id, const std::string& password_hash) {
    write([&](pg_connection& db) { db.run(sql::set_password, pg_params().number(id).text(password_hash)); });
}

void pg_accounts::add_session(account_id id, const std::string& token_hash, std::int64_t now, std::int64_t expires_at) {
    write([&](pg_connection& db) {
        db.run(sql::drop_expired_sessions, pg_params().number(id).number(now));
        db.run(sql::insert_session, pg_params().text(token_hash).number(id).number(now).number(expires_at));
    });
}

std::optional<account_record> pg_accounts::use_session(const std::string& token_hash, std::int64_t now,
                                                       std::int64_t expires_at) {
    return write([&](pg_connection& db) -> std::optional<account_record> {
        const auto rows = db.run(sql::extend_session, pg_params().text(token_hash).number(now).number(expires_at));
        if (rows.size() == 0) {
            db.run(sql::remove_session, pg_params().text(token_hash));  // expired (or unknown)
            return std::nullopt;
        }
        return find_account(db, rows.int64(0, 0));
    });
}

void pg_accounts::remove_session(const std::string& token_hash) {
    write([&](pg_connection& db) { db.run(sql::remove_session, pg_params().text(token_hash)); });
}

void pg_accounts::remove_sessions(account_id id, const std::string& keep_hash) {
    write([&](pg_connection& db) { db.run(sql::remove_sessions, pg_params().number(id).text(keep_hash)); });
}

api_key_record pg_accounts::add_api_key(account_id id, const std::string& key_hash, const std::string& prefix,
                                        const std::string& label, std::int64_t now) {
    return write([&](pg_connection& db) {
        const auto rows =
            db.run(sql::insert_key, pg_params().number(id).text(key_hash).text(prefix).text(label).number(now));
        if (rows.size() != 1) throw pg_failure{"P0002", "no API key id returned"};
        return api_key_record{rows.int64(0, 0), id, label, prefix, now, 0};
    });
}

std::vector<api_key_record> pg_accounts::api_keys(account_id id) {
    return read([&](pg_connection& db) {
        std::vector<api_key_record> out;
        const auto q = db.run(sql::keys_of_account, pg_params().number(id));
        for (int r = 0; r < q.size(); ++r) {
            out.push_back({q.int64(r, 0), q.int64(r, 1), q.text(r, 2), q.text(r, 3), q.int64(r, 4), q.int64(r, 5)});
        }
        return out;
    });
}

bool pg_accounts::revoke_api_key(account_id id, std::int64_t key_id) {
    return write([&](pg_connection& db) {
        return db.run(sql::revoke_key, pg_params().number(id).number(key_id)).affected() > 0;
    });
}

std::optional<account_record> pg_accounts::use_api_key(const std::string& key_hash, std::int64_t now) {
    return write([&](pg_connection& db) -> std::optional<account_record> {
        const auto rows = db.run(sql::use_key, pg_params().text(key_hash).number(now));
        if (rows.size() == 0) return std::nullopt;
        return find_account(db, rows.int64(0, 0));
    });
}

std::vector<rating_record> pg_accounts::ratings(account_id id) {
    return read([&](pg_connection& db) {
        std::vector<rating_record> out;
        const auto q = db.run(sql::ratings_of_account, pg_params().number(id));
        for (int r = 0; r < q.size(); ++r) out.push_back({q.text(r, 0), q.real(r, 1), q.real(r, 2), q.integer(r, 3)});
        return out;
    });
}

std::vector<rating_point> pg_accounts::rating_history(account_id id, std::string_view preset, std::size_t limit) {
    return read([&](pg_connection& db) {
        std::vector<rating_point> out;
        const auto q = db.run(sql::history_of_account, pg_params().number(id).text(preset).number(as_row_limit(limit)));
        for (int r = 0; r < q.size(); ++r) out.push_back({q.int64(r, 0), q.int64(r, 1), q.real(r, 2), q.real(r, 3)});
        return out;
    });
}

std::vector<rated_entry> pg_accounts::rating_leaderboard(std::string_view preset, int min_matches, std::size_t limit) {
    return read([&](pg_connection& db) {
        std::vector<rated_entry> out;
        const auto q =
            db.run(sql::leaderboard, pg_params().text(preset).number(min_matches).number(as_row_limit(limit)));
        for (int r = 0; r < q.size(); ++r) {
            out.push_back({q.int64(r, 0), q.text(r, 1), {q.text(r, 2), q.real(r, 3), q.real(r, 4), q.integer(r, 5)}});
        }
        return out;
    });
}

std::optional<account_record> pg_accounts::account_named(std::string_view name) {
    return read([&](pg_connection& db) { return read_account_named(db, name); });
}

staff_role pg_accounts::role_of(account_id id) {
    return read([&](pg_connection& db) { return read_role(db, id); });
}

role_change pg_accounts::set_role(account_id id, staff_role role, const std::string& actor, std::int64_t now) {
    return write([&](pg_connection& db) { return write_role(db, id, role, actor, now); });
}

std::vector<staff_member> pg_accounts::staff() {
    return read([&](pg_connection& db) { return read_staff(db); });
}

sanction_record pg_accounts::add_sanction(const sanction_record& sanction) {
    return write([&](pg_connection& db) { return insert_sanction(db, sanction); });
}

std::optional<sanction_record> pg_accounts::lift_sanction(std::int64_t id, const std::string& actor, std::int64_t now) {
    return write([&](pg_connection& db) { return lift(db, id, actor, now); });
}

std::vector<sanction_record> pg_accounts::active_sanctions(account_id id, std::int64_t now) {
    return read([&](pg_connection& db) { return read_active_sanctions(db, id, now); });
}

std::vector<sanction_record> pg_accounts::active_address_sanctions(std::string_view address, std::int64_t now) {
    return read([&](pg_connection& db) { return read_address_sanctions(db, address, now); });
}

std::vector<sanction_record> pg_accounts::sanctions_after(std::int64_t after, std::size_t limit) {
    return read([&](pg_connection& db) { return read_sanctions_after(db, after, limit); });
}

std::vector<sanction_record> pg_accounts::sanctions(account_id id, std::size_t limit) {
    return read([&](pg_connection& db) { return read_sanctions(db, id, limit); });
}

std::vector<moderation_entry> pg_accounts::moderation_log(std::size_t limit) {
    return read([&](pg_connection& db) { return read_moderation_log(db, limit); });
}

std::int64_t pg_accounts::add_log_line(const moderation_entry& entry) {
    return write([&](pg_connection& db) { return insert_log_line(db, entry); });
}

std::vector<moderation_entry> pg_accounts::log_after(std::int64_t after, std::string_view action, std::size_t limit) {
    return read([&](pg_connection& db) { return read_log_after(db, after, action, limit); });
}

std::int64_t pg_accounts::add_report(const report_record& report) {
    return write([&](pg_connection& db) { return insert_report(db, report); });
}

void pg_accounts::add_leave(account_id account, std::string_view address, std::int64_t at) {
    write([&](pg_connection& db) { insert_leave(db, account, address, at); });
}

std::vector<std::int64_t> pg_accounts::leaves_since(account_id account, std::string_view address, std::int64_t since) {
    return read([&](pg_connection& db) { return read_leaves(db, account, address, since); });
}

std::optional<report_record> pg_accounts::report(std::int64_t id) {
    return read([&](pg_connection& db) { return read_report(db, id); });
}

std::vector<report_record> pg_accounts::reports(bool include_closed, std::size_t limit) {
    return read([&](pg_connection& db) { return read_reports(db, include_closed, limit); });
}

std::optional<report_record> pg_accounts::close_report(std::int64_t id, const std::string& actor,
                                                       const std::string& resolution, std::int64_t now) {
    return write([&](pg_connection& db) { return close(db, id, actor, resolution, now); });
}

rating_snapshot pg_accounts::read_ratings() {
    return read([&](pg_connection& db) { return read_rating_snapshot(db); });
}

void pg_accounts::replace_ratings(const std::function<rating_tables(const rating_snapshot&)>& recompute) {
    write([&](pg_connection& db) { replace_rating_tables(db, recompute); });
}

tournament_row pg_accounts::add_tournament(const tournament_row& row) {
    return write([&](pg_connection& db) { return insert_tournament(db, row); });
}

bool pg_accounts::save_tournament(const tournament_row& row) {
    return write([&](pg_connection& db) { return update_tournament(db, row); });
}

std::optional<tournament_row> pg_accounts::tournament(std::int64_t id) {
    return read([&](pg_connection& db) { return read_tournament(db, id); });
}

std::vector<tournament_row> pg_accounts::tournaments(bool include_ended, std::size_t limit) {
    return read([&](pg_connection& db) { return read_tournaments(db, include_ended, limit); });
}

}  // namespace golf::persistence::detail
