// The SQL of roles, sanctions, reports and the moderation log on SQLite. Every change writes its log line in the same
// transaction, so the log never misses one nor tells of one that did not happen.
#include "persistence/sqlite/sqlite_moderation.hpp"

#include "persistence/sqlite/sqlite_connection.hpp"

namespace golf::persistence::detail {

namespace {

// Named for this file: in a unity build it shares a translation unit with the other backend's.
namespace moderation_sql {

constexpr const char* account_named =
    "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE name = ? ORDER BY id LIMIT 1";
constexpr const char* role_of = "SELECT role FROM accounts WHERE id = ?";
constexpr const char* other_owners = "SELECT COUNT(*) FROM accounts WHERE role = 'owner' AND id <> ?";
constexpr const char* set_role = "UPDATE accounts SET role = ? WHERE id = ?";
constexpr const char* name_of = "SELECT name FROM accounts WHERE id = ?";
constexpr const char* staff =
    "SELECT id, name, name_key, password_hash, created_at, role FROM accounts WHERE role <> 'player' "
    "ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, name, id";
constexpr const char* insert_sanction =
    "INSERT INTO sanctions(account_id, kind, reason, created_at, expires_at, given_by, address) "
    "VALUES(NULLIF(?, 0), ?, ?, ?, ?, ?, ?) RETURNING id";
#define GOLF_SANCTION_COLUMNS \
    "id, COALESCE(account_id, 0), kind, reason, created_at, expires_at, given_by, lifted_at, lifted_by, address"
constexpr const char* lift =
    "UPDATE sanctions SET lifted_at = ?2, lifted_by = ?3 WHERE id = ?1 AND lifted_at = 0 AND (expires_at = 0 OR "
    "expires_at > ?2) RETURNING " GOLF_SANCTION_COLUMNS;
constexpr const char* active = "SELECT " GOLF_SANCTION_COLUMNS
                               " FROM sanctions WHERE account_id = ?1 AND lifted_at = 0 AND (expires_at = 0 "
                               "OR expires_at > ?2) ORDER BY id";
constexpr const char* active_at_address = "SELECT " GOLF_SANCTION_COLUMNS
                                          " FROM sanctions WHERE address = ?1 AND account_id IS NULL AND "
                                          "lifted_at = 0 AND (expires_at = 0 OR expires_at > ?2) ORDER BY id";
constexpr const char* history =
    "SELECT " GOLF_SANCTION_COLUMNS " FROM sanctions WHERE ?1 = 0 OR account_id = ?1 ORDER BY id DESC LIMIT ?2";
constexpr const char* given_after =
    "SELECT " GOLF_SANCTION_COLUMNS " FROM sanctions WHERE id > ?1 ORDER BY id LIMIT ?2";
#undef GOLF_SANCTION_COLUMNS
constexpr const char* log_line = "INSERT INTO moderation_log(at, actor, action, target, detail) VALUES(?, ?, ?, ?, ?)";
constexpr const char* log = "SELECT id, at, actor, action, target, detail FROM moderation_log ORDER BY id DESC LIMIT ?";
constexpr const char* log_line_id =
    "INSERT INTO moderation_log(at, actor, action, target, detail) VALUES(?, ?, ?, ?, ?) RETURNING id";
constexpr const char* log_after =
    "SELECT id, at, actor, action, target, detail FROM moderation_log "
    "WHERE id > ? AND action = ? ORDER BY id LIMIT ?";

constexpr const char* insert_leave = "INSERT INTO leaves(account_id, address, at) VALUES(NULLIF(?, 0), ?, ?)";
constexpr const char* leaves_of_account = "SELECT at FROM leaves WHERE account_id = ? AND at >= ? ORDER BY at";
constexpr const char* leaves_at_address =
    "SELECT at FROM leaves WHERE address = ? AND account_id IS NULL AND at >= ? ORDER BY at";

#define GOLF_REPORT_COLUMNS                                                                                        \
    "id, created_at, reporter, reporter_account, reported, reported_account, reason, text, table_code, match_id, " \
    "hole, chat, closed_at, closed_by, resolution, reported_address"
constexpr const char* insert_report =
    "INSERT INTO reports(created_at, reporter, reporter_account, reported, reported_account, reason, text, "
    "table_code, match_id, hole, chat, reported_address) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";
constexpr const char* report_by_id = "SELECT " GOLF_REPORT_COLUMNS " FROM reports WHERE id = ?";
// The queue (open, oldest first), then the closed ones, newest first.
constexpr const char* reports = "SELECT " GOLF_REPORT_COLUMNS
                                " FROM reports WHERE ?1 OR closed_at = 0 ORDER BY closed_at <> 0, "
                                "CASE WHEN closed_at = 0 THEN id ELSE -id END LIMIT ?2";
constexpr const char* close_report =
    "UPDATE reports SET closed_at = ?2, closed_by = ?3, resolution = ?4 WHERE id = "
    "?1 AND closed_at = 0 RETURNING " GOLF_REPORT_COLUMNS;
#undef GOLF_REPORT_COLUMNS

}  // namespace moderation_sql

report_record report_from(const statement& q) {
    return {q.int64(0),
            q.int64(1),
            q.text(2),
            q.int64(3),
            q.text(4),
            q.int64(5),
            report_reason_named(q.text(6)).value_or(report_reason::conduct),
            q.text(7),
            q.text(8),
            q.int64(9),
            static_cast<int>(q.int64(10)),
            q.text(11),
            q.int64(12),
            q.text(13),
            q.text(14),
            q.text(15)};
}

std::optional<std::string> account_name(sqlite_database& db, account_id id) {
    statement q(db, moderation_sql::name_of);
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return q.text(0);
}

void write_log(sqlite_database& db, const moderation_entry& e) {
    statement(db, moderation_sql::log_line)
        .bind(1, e.at)
        .bind_text(2, e.actor)
        .bind_text(3, e.action)
        .bind_text(4, e.target)
        .bind_text(5, e.detail)
        .run();
}

sanction_record sanction_from(const statement& q) {
    // An unknown kind could only come from a newer server, whose schema this build refuses; held as the strictest.
    return {q.int64(0), q.int64(1), sanction_named(q.text(2)).value_or(sanction_kind::ban),
            q.text(3),  q.int64(4), q.int64(5),
            q.text(6),  q.int64(7), q.text(8),
            q.text(9)};
}

std::vector<sanction_record> sanctions_of(statement& q) {
    std::vector<sanction_record> out;
    while (q.step()) out.push_back(sanction_from(q));
    return out;
}

}  // namespace

std::optional<account_record> read_account_named(sqlite_database& db, std::string_view name) {
    statement q(db, moderation_sql::account_named);
    q.bind_text(1, name);
    if (!q.step()) return std::nullopt;
    return account_record{q.int64(0), q.text(1), q.text(2), q.text(3), q.int64(4)};
}

staff_role read_role(sqlite_database& db, account_id id) {
    statement q(db, moderation_sql::role_of);
    q.bind(1, id);
    return q.step() ? role_named(q.text(0)).value_or(staff_role::player) : staff_role::player;
}

role_change write_role(sqlite_database& db, account_id id, staff_role role, const std::string& actor,
                       std::int64_t now) {
    const auto name = account_name(db, id);
    if (!name) return role_change::no_such_account;
    if (read_role(db, id) == staff_role::owner && role != staff_role::owner) {
        statement q(db, moderation_sql::other_owners);
        q.bind(1, id);
        if (q.step() && q.int64(0) == 0) return role_change::last_owner;
    }
    statement(db, moderation_sql::set_role).bind_text(1, role_name(role)).bind(2, id).run();
    write_log(db, {0, now, actor, "role", *name, std::string(role_name(role))});
    return role_change::done;
}

std::vector<staff_member> read_staff(sqlite_database& db) {
    std::vector<staff_member> out;
    statement q(db, moderation_sql::staff);
    while (q.step())
        out.push_back({{q.int64(0), q.text(1), q.text(2), q.text(3), q.int64(4)},
                       role_named(q.text(5)).value_or(staff_role::player)});
    return out;
}

sanction_record insert_sanction(sqlite_database& db, const sanction_record& sanction) {
    sanction_record out = sanction;
    out.lifted_at = 0;
    out.lifted_by.clear();
    {
        statement q(db, moderation_sql::insert_sanction);
        q.bind(1, out.account)
            .bind_text(2, sanction_name(out.kind))
            .bind_text(3, out.reason)
            .bind(4, out.created_at)
            .bind(5, out.expires_at)
            .bind_text(6, out.given_by)
            .bind_text(7, out.account == 0 ? out.address : std::string());
        if (!q.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no sanction id returned"};
        out.id = q.int64(0);
        q.run();
    }
    write_log(db,
              {0, out.created_at, out.given_by, std::string(sanction_name(out.kind)),
               sanction_target(out, account_name(db, out.account).value_or("account " + std::to_string(out.account))),
               sanction_detail(out)});
    return out;
}

std::optional<sanction_record> lift(sqlite_database& db, std::int64_t id, const std::string& actor, std::int64_t now) {
    std::optional<sanction_record> lifted;
    {
        statement q(db, moderation_sql::lift);
        q.bind(1, id).bind(2, now).bind_text(3, actor);
        if (!q.step()) return std::nullopt;
        lifted = sanction_from(q);
        q.run();
    }
    write_log(db, {0, now, actor, "lift", sanction_target(*lifted, account_name(db, lifted->account).value_or("")),
                   "sanction " + std::to_string(id) + " (" + std::string(sanction_name(lifted->kind)) + ")"});
    return lifted;
}

std::vector<sanction_record> read_active_sanctions(sqlite_database& db, account_id id, std::int64_t now) {
    statement q(db, moderation_sql::active);
    q.bind(1, id).bind(2, now);
    return sanctions_of(q);
}

std::vector<sanction_record> read_address_sanctions(sqlite_database& db, std::string_view address, std::int64_t now) {
    statement q(db, moderation_sql::active_at_address);
    q.bind_text(1, address).bind(2, now);
    return sanctions_of(q);
}

std::vector<sanction_record> read_sanctions(sqlite_database& db, account_id id, std::size_t limit) {
    statement q(db, moderation_sql::history);
    q.bind(1, id).bind_limit(2, limit);
    return sanctions_of(q);
}

std::vector<sanction_record> read_sanctions_after(sqlite_database& db, std::int64_t after, std::size_t limit) {
    statement q(db, moderation_sql::given_after);
    q.bind(1, after).bind_limit(2, limit);
    return sanctions_of(q);
}

std::vector<moderation_entry> read_moderation_log(sqlite_database& db, std::size_t limit) {
    std::vector<moderation_entry> out;
    statement q(db, moderation_sql::log);
    q.bind_limit(1, limit);
    while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.text(4), q.text(5)});
    return out;
}

std::int64_t insert_log_line(sqlite_database& db, const moderation_entry& e) {
    statement q(db, moderation_sql::log_line_id);
    q.bind(1, e.at).bind_text(2, e.actor).bind_text(3, e.action).bind_text(4, e.target).bind_text(5, e.detail);
    if (!q.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no log line id returned"};
    const std::int64_t id = q.int64(0);
    q.run();
    return id;
}

std::vector<moderation_entry> read_log_after(sqlite_database& db, std::int64_t after, std::string_view action,
                                             std::size_t limit) {
    std::vector<moderation_entry> out;
    statement q(db, moderation_sql::log_after);
    q.bind(1, after).bind_text(2, action).bind_limit(3, limit);
    while (q.step()) out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.text(4), q.text(5)});
    return out;
}

std::int64_t insert_report(sqlite_database& db, const report_record& r) {
    statement q(db, moderation_sql::insert_report);
    q.bind(1, r.created_at)
        .bind_text(2, r.reporter)
        .bind(3, r.reporter_account)
        .bind_text(4, r.reported)
        .bind(5, r.reported_account)
        .bind_text(6, report_reason_name(r.reason))
        .bind_text(7, r.text)
        .bind_text(8, r.table_code)
        .bind(9, r.match_id)
        .bind(10, r.hole)
        .bind_text(11, r.chat)
        .bind_text(12, r.reported_address);
    if (!q.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no report id returned"};
    const std::int64_t id = q.int64(0);
    q.run();
    return id;
}

void insert_leave(sqlite_database& db, account_id account, std::string_view address, std::int64_t at) {
    statement(db, moderation_sql::insert_leave).bind(1, account).bind_text(2, address).bind(3, at).run();
}

std::vector<std::int64_t> read_leaves(sqlite_database& db, account_id account, std::string_view address,
                                      std::int64_t since) {
    std::vector<std::int64_t> out;
    statement q(db, account != 0 ? moderation_sql::leaves_of_account : moderation_sql::leaves_at_address);
    if (account != 0) q.bind(1, account);
    else q.bind_text(1, address);
    q.bind(2, since);
    while (q.step()) out.push_back(q.int64(0));
    return out;
}

std::optional<report_record> read_report(sqlite_database& db, std::int64_t id) {
    statement q(db, moderation_sql::report_by_id);
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return report_from(q);
}

std::vector<report_record> read_reports(sqlite_database& db, bool include_closed, std::size_t limit) {
    std::vector<report_record> out;
    statement q(db, moderation_sql::reports);
    q.bind(1, include_closed ? 1 : 0).bind_limit(2, limit);
    while (q.step()) out.push_back(report_from(q));
    return out;
}

std::optional<report_record> close(sqlite_database& db, std::int64_t id, const std::string& actor,
                                   const std::string& resolution, std::int64_t now) {
    std::optional<report_record> closed;
    {
        statement q(db, moderation_sql::close_report);
        q.bind(1, id).bind(2, now).bind_text(3, actor).bind_text(4, resolution);
        if (!q.step()) return std::nullopt;
        closed = report_from(q);
        q.run();
    }
    write_log(db, {0, now, actor, "close_report", closed->reported, report_closing_detail(*closed)});
    return closed;
}

}  // namespace golf::persistence::detail
