// The SQLite account store: the SQL of accounts, sessions, API keys and the rating reads, each call one
// transaction on the store's own connection; the rebuild's snapshot and replacement are sqlite_ratings'.
#include "persistence/sqlite/sqlite_accounts.hpp"

#include <optional>
#include <type_traits>
#include <utility>

#include "persistence/sqlite/sqlite_connection.hpp"
#include "persistence/sqlite/sqlite_moderation.hpp"
#include "persistence/sqlite/sqlite_ratings.hpp"
#include "persistence/sqlite/sqlite_tournaments.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every account read and write; each constant's address is its key in the statement cache.
namespace sql {

// A taken name_key inserts nothing and returns no row.
constexpr const char* insert_account =
    "INSERT INTO accounts(name, name_key, password_hash, created_at) VALUES(?, ?, ?, ?) "
    "ON CONFLICT(name_key) DO NOTHING RETURNING id";
constexpr const char* account_by_key =
    "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE name_key = ?";
constexpr const char* account_by_id = "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE id = ?";
constexpr const char* set_password = "UPDATE accounts SET password_hash = ? WHERE id = ?";
// The account's expired sessions go when it signs in again, so abandoned tokens do not pile up.
constexpr const char* drop_expired_sessions = "DELETE FROM account_sessions WHERE account_id = ? AND expires_at <= ?";
constexpr const char* insert_session =
    "INSERT INTO account_sessions(token_hash, account_id, created_at, expires_at) VALUES(?, ?, ?, ?)";
constexpr const char* extend_session =
    "UPDATE account_sessions SET expires_at = ?3 WHERE token_hash = ?1 AND expires_at > ?2 RETURNING account_id";
constexpr const char* remove_session = "DELETE FROM account_sessions WHERE token_hash = ?";
constexpr const char* remove_sessions = "DELETE FROM account_sessions WHERE account_id = ? AND token_hash <> ?";
constexpr const char* insert_key =
    "INSERT INTO api_keys(account_id, key_hash, prefix, label, created_at) VALUES(?, ?, ?, ?, ?) RETURNING id";
constexpr const char* keys_of_account =
    "SELECT id, account_id, label, prefix, created_at, last_used_at FROM api_keys WHERE account_id = ? "
    "ORDER BY id DESC";
constexpr const char* revoke_key = "DELETE FROM api_keys WHERE id = ? AND account_id = ?";
constexpr const char* use_key = "UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? RETURNING account_id";
constexpr const char* ratings_of_account =
    "SELECT preset, mu, sigma, matches FROM ratings WHERE account_id = ? ORDER BY preset";
constexpr const char* history_of_account =
    "SELECT match_id, rated_at, mu, sigma FROM (SELECT id, match_id, rated_at, mu, sigma FROM rating_history "
    "WHERE account_id = ? AND preset = ? ORDER BY id DESC LIMIT ?) ORDER BY id";
// mu - 3 sigma: golf::ratings::conservative's default.
constexpr const char* leaderboard =
    "SELECT a.id, a.name, r.preset, r.mu, r.sigma, r.matches FROM ratings r JOIN accounts a ON a.id = r.account_id "
    "WHERE r.preset = ? AND r.matches >= ? ORDER BY r.mu - 3 * r.sigma DESC, a.name, a.id LIMIT ?";

}  // namespace sql

std::optional<account_record> find_account(sqlite_database& db, const char* sql, auto key) {
    statement q(db, sql);
    if constexpr (std::is_same_v<decltype(key), std::string_view>) q.bind_text(1, key);
    else q.bind(1, key);
    if (!q.step()) return std::nullopt;
    return account_record{q.int64(0), q.text(1), q.text(2), q.text(3), q.int64(4)};
}

// The id an UPDATE ... RETURNING account_id gave, if it changed a row.
std::optional<account_id> returned_account(statement& q) {
    if (!q.step()) return std::nullopt;
    const account_id id = q.int64(0);
    q.run();
    return id;
}

}  // namespace

sqlite_accounts::sqlite_accounts(std::unique_ptr<sqlite_database> db, std::filesystem::path path, bool read_only)
    : db_(std::move(db)), path_(std::move(path)), read_only_(read_only) {
    if (!read_only_) exec(db_->db, "PRAGMA foreign_keys = ON");  // a session or key of a missing account is refused
}

sqlite_accounts::~sqlite_accounts() = default;

template <typename F>
auto sqlite_accounts::transaction(const char* begin, F&& body) {
    std::lock_guard lock(mutex_);
    try {
        using result = decltype(body(*db_));
        if constexpr (std::is_void_v<result>) {
            in_transaction(db_->db, begin, [&] { body(*db_); });
        } else {
            std::optional<result> out;
            in_transaction(db_->db, begin, [&] { out.emplace(body(*db_)); });
            return std::move(*out);
        }
    } catch (const sqlite_failure& f) {
        throw describe(path_, f);
    }
}

template <typename F>
auto sqlite_accounts::read(F&& body) {
    return transaction("BEGIN", std::forward<F>(body));
}

template <typename F>
auto sqlite_accounts::write(F&& body) {
    if (read_only_) {
        throw store_error(store_error_kind::read_only, "the database " + path_.string() +
                                                           " was opened read-only; accounts and ratings cannot change");
    }
    return transaction("BEGIN IMMEDIATE", std::forward<F>(body));
}

std::optional<account_record> sqlite_accounts::create_account(const std::string& name, const std::string& name_key,
                                                              const std::string& password_hash, std::int64_t now) {
    return write([&](sqlite_database& db) -> std::optional<account_record> {
        statement q(db, sql::insert_account);
        q.bind_text(1, name).bind_text(2, name_key).bind_text(3, password_hash).bind(4, now);
        if (!q.step()) return std::nullopt;  // the name is taken
        const account_id id = q.int64(0);
        q.run();
        return account_record{id, name, name_key, password_hash, now};
    });
}

std::optional<account_record> sqlite_accounts::account_by_key(std::string_view name_key) {
    return read([&](sqlite_database& db) { return find_account(db, sql::account_by_key, name_key); });
}

std::optional<account_record> sqlite_accounts::account_by_id(account_id id) {
    return read([&](sqlite_database& db) { return find_account(db, sql::account_by_id, id); });
}

void sqlite_accounts::set_password_hash(account_id id, const std::string& password_hash) {
    write([&](sqlite_database& db) { statement(db, sql::set_password).bind_text(1, password_hash).bind(2, id).run(); });
}

void sqlite_accounts::add_session(account_id id, const std::string& token_hash, std::int64_t now,
                                  std::int64_t expires_at) {
    write([&](sqlite_database& db) {
        statement(db, sql::drop_expired_sessions).bind(1, id).bind(2, now).run();
        statement(db, sql::insert_session).bind_text(1, token_hash).bind(2, id).bind(3, now).bind(4, expires_at).run();
    });
}

std::optional<account_record> sqlite_accounts::use_session(const std::string& token_hash, std::int64_t now,
                                                           std::int64_t expires_at) {
    return write([&](sqlite_database& db) -> std::optional<account_record> {
        std::optional<account_id> id;
        {
            statement q(db, sql::extend_session);
            q.bind_text(1, token_hash).bind(2, now).bind(3, expires_at);
            id = returned_account(q);
        }
        if (!id) {
            statement(db, sql::remove_session).bind_text(1, token_hash).run();  // expired (or unknown)
            return std::nullopt;
        }
        return find_account(db, sql::account_by_id, *id);
    });
}

void sqlite_accounts::remove_session(const std::string& token_hash) {
    write([&](sqlite_database& db) { statement(db, sql::remove_session).bind_text(1, token_hash).run(); });
}

void sqlite_accounts::remove_sessions(account_id id, const std::string& keep_hash) {
    write([&](sqlite_database& db) { statement(db, sql::remove_sessions).bind(1, id).bind_text(2, keep_hash).run(); });
}

api_key_record sqlite_accounts::add_api_key(account_id id, const std::string& key_hash, const std::string& prefix,
                                            const std::string& label, std::int64_t now) {
    return write([&](sqlite_database& db) {
        statement q(db, sql::insert_key);
        q.bind(1, id).bind_text(2, key_hash).bind_text(3, prefix).bind_text(4, label).bind(5, now);
        if (!q.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no API key id returned"};
        api_key_record key{q.int64(0), id, label, prefix, now, 0};
        q.run();
        return key;
    });
}

std::vector<api_key_record> sqlite_accounts::api_keys(account_id id) {
    return read([&](sqlite_database& db) {
        std::vector<api_key_record> out;
        statement q(db, sql::keys_of_account);
        q.bind(1, id);
        while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.int64(4), q.int64(5)});
        return out;
    });
}

bool sqlite_accounts::revoke_api_key(account_id id, std::int64_t key_id) {
    return write([&](sqlite_database& db) {
        statement(db, sql::revoke_key).bind(1, key_id).bind(2, id).run();
        return sqlite3_changes(db.db) > 0;
    });
}

std::optional<account_record> sqlite_accounts::use_api_key(const std::string& key_hash, std::int64_t now) {
    return write([&](sqlite_database& db) -> std::optional<account_record> {
        std::optional<account_id> id;
        {
            statement q(db, sql::use_key);
            q.bind(1, now).bind_text(2, key_hash);
            id = returned_account(q);
        }
        if (!id) return std::nullopt;
        return find_account(db, sql::account_by_id, *id);
    });
}

std::vector<rating_record> sqlite_accounts::ratings(account_id id) {
    return read([&](sqlite_database& db) {
        std::vector<rating_record> out;
        statement q(db, sql::ratings_of_account);
        q.bind(1, id);
        while (q.step()) out.push_back({q.text(0), q.real(1), q.real(2), q.integer(3)});
        return out;
    });
}

std::vector<rating_point> sqlite_accounts::rating_history(account_id id, std::string_view preset, std::size_t limit) {
    return read([&](sqlite_database& db) {
        std::vector<rating_point> out;
        statement q(db, sql::history_of_account);
        q.bind(1, id).bind_text(2, preset).bind_limit(3, limit);
        while (q.step()) out.push_back({q.int64(0), q.int64(1), q.real(2), q.real(3)});
        return out;
    });
}

std::vector<rated_entry> sqlite_accounts::rating_leaderboard(std::string_view preset, int min_matches,
                                                             std::size_t limit) {
    return read([&](sqlite_database& db) {
        std::vector<rated_entry> out;
        statement q(db, sql::leaderboard);
        q.bind_text(1, preset).bind(2, min_matches).bind_limit(3, limit);
        while (q.step()) out.push_back({q.int64(0), q.text(1), {q.text(2), q.real(3), q.real(4), q.integer(5)}});
        return out;
    });
}

std::optional<account_record> sqlite_accounts::account_named(std::string_view name) {
    return read([&](sqlite_database& db) { return read_account_named(db, name); });
}

staff_role sqlite_accounts::role_of(account_id id) {
    return read([&](sqlite_database& db) { return read_role(db, id); });
}

role_change sqlite_accounts::set_role(account_id id, staff_role role, const std::string& actor, std::int64_t now) {
    return write([&](sqlite_database& db) { return write_role(db, id, role, actor, now); });
}

std::vector<staff_member> sqlite_accounts::staff() {
    return read([&](sqlite_database& db) { return read_staff(db); });
}

sanction_record sqlite_accounts::add_sanction(const sanction_record& sanction) {
    return write([&](sqlite_database& db) { return insert_sanction(db, sanction); });
}

std::optional<sanction_record> sqlite_accounts::lift_sanction(std::int64_t id, const std::string& actor,
                                                              std::int64_t now) {
    return write([&](sqlite_database& db) { return lift(db, id, actor, now); });
}

std::vector<sanction_record> sqlite_accounts::active_sanctions(account_id id, std::int64_t now) {
    return read([&](sqlite_database& db) { return read_active_sanctions(db, id, now); });
}

std::vector<sanction_record> sqlite_accounts::active_address_sanctions(std::string_view address, std::int64_t now) {
    return read([&](sqlite_database& db) { return read_address_sanctions(db, address, now); });
}

std::vector<sanction_record> sqlite_accounts::sanctions_after(std::int64_t after, std::size_t limit) {
    return read([&](sqlite_database& db) { return read_sanctions_after(db, after, limit); });
}

std::vector<sanction_record> sqlite_accounts::sanctions(account_id id, std::size_t limit) {
    return read([&](sqlite_database& db) { return read_sanctions(db, id, limit); });
}

std::vector<moderation_entry> sqlite_accounts::moderation_log(std::size_t limit) {
    return read([&](sqlite_database& db) { return read_moderation_log(db, limit); });
}

std::int64_t sqlite_accounts::add_log_line(const moderation_entry& entry) {
    return write([&](sqlite_database& db) { return insert_log_line(db, entry); });
}

std::vector<moderation_entry> sqlite_accounts::log_after(std::int64_t after, std::string_view action,
                                                         std::size_t limit) {
    return read([&](sqlite_database& db) { return read_log_after(db, after, action, limit); });
}

std::int64_t sqlite_accounts::add_report(const report_record& report) {
    return write([&](sqlite_database& db) { return insert_report(db, report); });
}

void sqlite_accounts::add_leave(account_id account, std::string_view address, std::int64_t at) {
    write([&](sqlite_database& db) { insert_leave(db, account, address, at); });
}

std::vector<std::int64_t> sqlite_accounts::leaves_since(account_id account, std::string_view address,
                                                        std::int64_t since) {
    return read([&](sqlite_database& db) { return read_leaves(db, account, address, since); });
}

std::optional<report_record> sqlite_accounts::report(std::int64_t id) {
    return read([&](sqlite_database& db) { return read_report(db, id); });
}

std::vector<report_record> sqlite_accounts::reports(bool include_closed, std::size_t limit) {
    return read([&](sqlite_database& db) { return read_reports(db, include_closed, limit); });
}

std::optional<report_record> sqlite_accounts::close_report(std::int64_t id, const std::string& actor,
                                                           const std::string& resolution, std::int64_t now) {
    return write([&](sqlite_database& db) { return close(db, id, actor, resolution, now); });
}

rating_snapshot sqlite_accounts::read_ratings() {
    return read([&](sqlite_database& db) { return read_rating_snapshot(db); });
}

void sqlite_accounts::replace_ratings(const std::function<rating_tables(const rating_snapshot&)>& recompute) {
    write([&](sqlite_database& db) { write_rating_tables(db, recompute(read_rating_snapshot(db))); });
}

tournament_row sqlite_accounts::add_tournament(const tournament_row& row) {
    return write([&](sqlite_database& db) { return insert_tournament(db, row); });
}

bool sqlite_accounts::save_tournament(const tournament_row& row) {
    return write([&](sqlite_database& db) { return update_tournament(db, row); });
}

std::optional<tournament_row> sqlite_accounts::tournament(std::int64_t id) {
    return read([&](sqlite_database& db) { return read_tournament(db, id); });
}

std::vector<tournament_row> sqlite_accounts::tournaments(bool include_ended, std::size_t limit) {
    return read([&](sqlite_database& db) { return read_tournaments(db, include_ended, limit); });
}

}  // namespace golf::persistence::detail
