// The SQL of roles, sanctions, reports and the moderation log on PostgreSQL (as SQLite's, in PostgreSQL's dialect). Every
// change writes its log line in the same transaction; demotions lock every owner's row first, so two at once
// cannot leave the server without an owner.
#include "persistence/postgres/pg_moderation.hpp"

#include <algorithm>

#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence::detail {

namespace {

// Named for this file: in a unity build it shares a translation unit with the other backend's.
namespace pg_moderation_sql {

constexpr const char* account_named =
    "SELECT id, name, name_key, password_hash, created_at FROM accounts WHERE name = $1 ORDER BY id LIMIT 1";
constexpr const char* role_of = "SELECT role FROM accounts WHERE id = $1";
constexpr const char* lock_owners = "SELECT id FROM accounts WHERE role = 'owner' ORDER BY id FOR UPDATE";
constexpr const char* set_role = "UPDATE accounts SET role = $2 WHERE id = $1";
constexpr const char* name_of = "SELECT name FROM accounts WHERE id = $1";
constexpr const char* staff =
    "SELECT id, name, name_key, password_hash, created_at, role FROM accounts WHERE role <> 'player' "
    "ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, name, id";
constexpr const char* insert_sanction =
    "INSERT INTO sanctions(account_id, kind, reason, created_at, expires_at, given_by, address) "
    "VALUES(NULLIF($1::bigint, 0), $2, $3, $4, $5, $6, $7) RETURNING id";
#define GOLF_SANCTION_COLUMNS \
    "id, COALESCE(account_id, 0), kind, reason, created_at, expires_at, given_by, lifted_at, lifted_by, address"
constexpr const char* lift =
    "UPDATE sanctions SET lifted_at = $2, lifted_by = $3 WHERE id = $1 AND lifted_at = 0 AND (expires_at = 0 OR "
    "expires_at > $2) RETURNING " GOLF_SANCTION_COLUMNS;
constexpr const char* active = "SELECT " GOLF_SANCTION_COLUMNS
                               " FROM sanctions WHERE account_id = $1 AND lifted_at = 0 AND (expires_at = 0 "
                               "OR expires_at > $2) ORDER BY id";
constexpr const char* active_at_address = "SELECT " GOLF_SANCTION_COLUMNS
                                          " FROM sanctions WHERE address = $1 AND account_id IS NULL AND "
                                          "lifted_at = 0 AND (expires_at = 0 OR expires_at > $2) ORDER BY id";
constexpr const char* history =
    "SELECT " GOLF_SANCTION_COLUMNS " FROM sanctions WHERE $1 = 0 OR account_id = $1 ORDER BY id DESC LIMIT $2";
constexpr const char* given_after =
    "SELECT " GOLF_SANCTION_COLUMNS " FROM sanctions WHERE id > $1 ORDER BY id LIMIT $2";
#undef GOLF_SANCTION_COLUMNS
constexpr const char* log_line =
    "INSERT INTO moderation_log(at, actor, action, target, detail) VALUES($1, $2, $3, $4, $5)";
constexpr const char* log =
    "SELECT id, at, actor, action, target, detail FROM moderation_log ORDER BY id DESC LIMIT $1";
constexpr const char* log_line_id =
    "INSERT INTO moderation_log(at, actor, action, target, detail) VALUES($1, $2, $3, $4, $5) RETURNING id";
constexpr const char* log_after =
    "SELECT id, at, actor, action, target, detail FROM moderation_log "
    "WHERE id > $1 AND action = $2 ORDER BY id LIMIT $3";

constexpr const char* insert_leave =
    "INSERT INTO leaves(account_id, address, at) VALUES(NULLIF($1::bigint, 0), $2, $3)";
constexpr const char* leaves_of_account = "SELECT at FROM leaves WHERE account_id = $1 AND at >= $2 ORDER BY at";
constexpr const char* leaves_at_address =
    "SELECT at FROM leaves WHERE address = $1 AND account_id IS NULL AND at >= $2 ORDER BY at";

#define GOLF_REPORT_COLUMNS                                                                                        \
    "id, created_at, reporter, reporter_account, reported, reported_account, reason, text, table_code, match_id, " \
    "hole, chat, closed_at, closed_by, resolution, reported_address"
constexpr const char* insert_report =
    "INSERT INTO reports(created_at, reporter, reporter_account, reported, reported_account, reason, text, "
    "table_code, match_id, hole, chat, reported_address) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
    "RETURNING id";
constexpr const char* report_by_id = "SELECT " GOLF_REPORT_COLUMNS " FROM reports WHERE id = $1";
// The queue (open, oldest first), then the closed ones, newest first.
constexpr const char* reports = "SELECT " GOLF_REPORT_COLUMNS
                                " FROM reports WHERE $1 OR closed_at = 0 ORDER BY closed_at <> 0, "
                                "CASE WHEN closed_at = 0 THEN id ELSE -id END LIMIT $2";
constexpr const char* close_report =
    "UPDATE reports SET closed_at = $2, closed_by = $3, resolution = $4 WHERE id = "
    "$1 AND closed_at = 0 RETURNING " GOLF_REPORT_COLUMNS;
#undef GOLF_REPORT_COLUMNS

}  // namespace pg_moderation_sql

std::vector<report_record> reports_from(const pg_rows& q) {
    std::vector<report_record> out;
    for (int r = 0; r < q.size(); ++r)
        out.push_back({q.int64(r, 0), q.int64(r, 1), q.text(r, 2), q.int64(r, 3), q.text(r, 4), q.int64(r, 5),
                       report_reason_named(q.text(r, 6)).value_or(report_reason::conduct), q.text(r, 7), q.text(r, 8),
                       q.int64(r, 9), static_cast<int>(q.int64(r, 10)), q.text(r, 11), q.int64(r, 12), q.text(r, 13),
                       q.text(r, 14), q.text(r, 15)});
    return out;
}

std::int64_t row_limit(std::size_t limit) { return static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)); }

std::optional<std::string> account_name(pg_connection& db, account_id id) {
    const auto rows = db.run(pg_moderation_sql::name_of, pg_params().number(id));
    if (rows.size() == 0) return std::nullopt;
    return rows.text(0, 0);
}

void write_log(pg_connection& db, const moderation_entry& e) {
    db.run(pg_moderation_sql::log_line,
           pg_params().number(e.at).text(e.actor).text(e.action).text(e.target).text(e.detail));
}

std::vector<sanction_record> sanctions_from(const pg_rows& q) {
    std::vector<sanction_record> out;
    for (int r = 0; r < q.size(); ++r)
        // An unknown kind could only come from a newer server, whose schema this build refuses; held as the
        // strictest.
        out.push_back({q.int64(r, 0), q.int64(r, 1), sanction_named(q.text(r, 2)).value_or(sanction_kind::ban),
                       q.text(r, 3), q.int64(r, 4), q.int64(r, 5), q.text(r, 6), q.int64(r, 7), q.text(r, 8),
                       q.text(r, 9)});
    return out;
}

}  // namespace

std::optional<account_record> read_account_named(pg_connection& db, std::string_view name) {
    const auto q = db.run(pg_moderation_sql::account_named, pg_params().text(name));
    if (q.size() == 0) return std::nullopt;
    return account_record{q.int64(0, 0), q.text(0, 1), q.text(0, 2), q.text(0, 3), q.int64(0, 4)};
}

staff_role read_role(pg_connection& db, account_id id) {
    const auto rows = db.run(pg_moderation_sql::role_of, pg_params().number(id));
    return rows.size() == 1 ? role_named(rows.text(0, 0)).value_or(staff_role::player) : staff_role::player;
}

role_change write_role(pg_connection& db, account_id id, staff_role role, const std::string& actor, std::int64_t now) {
    const auto name = account_name(db, id);
    if (!name) return role_change::no_such_account;
    const auto owners = db.run(pg_moderation_sql::lock_owners);
    if (role != staff_role::owner && owners.size() == 1 && owners.int64(0, 0) == id) return role_change::last_owner;
    db.run(pg_moderation_sql::set_role, pg_params().number(id).text(role_name(role)));
    write_log(db, {0, now, actor, "role", *name, std::string(role_name(role))});
    return role_change::done;
}

std::vector<staff_member> read_staff(pg_connection& db) {
    std::vector<staff_member> out;
    const auto q = db.run(pg_moderation_sql::staff);
    for (int r = 0; r < q.size(); ++r)
        out.push_back({{q.int64(r, 0), q.text(r, 1), q.text(r, 2), q.text(r, 3), q.int64(r, 4)},
                       role_named(q.text(r, 5)).value_or(staff_role::player)});
    return out;
}

sanction_record insert_sanction(pg_connection& db, const sanction_record& sanction) {
    sanction_record out = sanction;
    out.lifted_at = 0;
    out.lifted_by.clear();
    const auto rows =
        db.run(pg_moderation_sql::insert_sanction, pg_params()
                                                       .number(out.account)
                                                       .text(sanction_name(out.kind))
                                                       .text(out.reason)
                                                       .number(out.created_at)
                                                       .number(out.expires_at)
                                                       .text(out.given_by)
                                                       .text(out.account == 0 ? out.address : std::string()));
    if (rows.size() != 1) throw pg_failure{"P0002", "no sanction id returned"};
    out.id = rows.int64(0, 0);
    write_log(db,
              {0, out.created_at, out.given_by, std::string(sanction_name(out.kind)),
               sanction_target(out, account_name(db, out.account).value_or("account " + std::to_string(out.account))),
               sanction_detail(out)});
    return out;
}

std::optional<sanction_record> lift(pg_connection& db, std::int64_t id, const std::string& actor, std::int64_t now) {
    auto lifted = sanctions_from(db.run(pg_moderation_sql::lift, pg_params().number(id).number(now).text(actor)));
    if (lifted.empty()) return std::nullopt;
    write_log(db, {0, now, actor, "lift", sanction_target(lifted[0], account_name(db, lifted[0].account).value_or("")),
                   "sanction " + std::to_string(id) + " (" + std::string(sanction_name(lifted[0].kind)) + ")"});
    return lifted[0];
}

std::vector<sanction_record> read_active_sanctions(pg_connection& db, account_id id, std::int64_t now) {
    return sanctions_from(db.run(pg_moderation_sql::active, pg_params().number(id).number(now)));
}

std::vector<sanction_record> read_address_sanctions(pg_connection& db, std::string_view address, std::int64_t now) {
    return sanctions_from(db.run(pg_moderation_sql::active_at_address, pg_params().text(address).number(now)));
}

std::vector<sanction_record> read_sanctions_after(pg_connection& db, std::int64_t after, std::size_t limit) {
    return sanctions_from(db.run(pg_moderation_sql::given_after, pg_params().number(after).number(row_limit(limit))));
}

std::vector<sanction_record> read_sanctions(pg_connection& db, account_id id, std::size_t limit) {
    return sanctions_from(db.run(pg_moderation_sql::history, pg_params().number(id).number(row_limit(limit))));
}

std::vector<moderation_entry> read_moderation_log(pg_connection& db, std::size_t limit) {
    std::vector<moderation_entry> out;
    const auto q = db.run(pg_moderation_sql::log, pg_params().number(row_limit(limit)));
    for (int r = 0; r < q.size(); ++r)
        out.push_back({q.int64(r, 0), q.int64(r, 1), q.text(r, 2), q.text(r, 3), q.text(r, 4), q.text(r, 5)});
    return out;
}

std::int64_t insert_log_line(pg_connection& db, const moderation_entry& e) {
    const auto rows = db.run(pg_moderation_sql::log_line_id,
                             pg_params().number(e.at).text(e.actor).text(e.action).text(e.target).text(e.detail));
    if (rows.size() != 1) throw pg_failure{"P0002", "no log line id returned"};
    return rows.int64(0, 0);
}

std::vector<moderation_entry> read_log_after(pg_connection& db, std::int64_t after, std::string_view action,
                                             std::size_t limit) {
    std::vector<moderation_entry> out;
    const auto q = db.run(pg_moderation_sql::log_after,
                          pg_params().number(after).text(std::string(action)).number(row_limit(limit)));
    for (int r = 0; r < q.size(); ++r)
        out.push_back({q.int64(r, 0), q.int64(r, 1), q.text(r, 2), q.text(r, 3), q.text(r, 4), q.text(r, 5)});
    return out;
}

std::int64_t insert_report(pg_connection& db, const report_record& r) {
    const auto rows = db.run(pg_moderation_sql::insert_report, pg_params()
                                                                   .number(r.created_at)
                                                                   .text(r.reporter)
                                                                   .number(r.reporter_account)
                                                                   .text(r.reported)
                                                                   .number(r.reported_account)
                                                                   .text(report_reason_name(r.reason))
                                                                   .text(r.text)
                                                                   .text(r.table_code)
                                                                   .number(r.match_id)
                                                                   .number(r.hole)
                                                                   .text(r.chat)
                                                                   .text(r.reported_address));
    if (rows.size() != 1) throw pg_failure{"P0002", "no report id returned"};
    return rows.int64(0, 0);
}

void insert_leave(pg_connection& db, account_id account, std::string_view address, std::int64_t at) {
    db.run(pg_moderation_sql::insert_leave, pg_params().number(account).text(address).number(at));
}

std::vector<std::int64_t> read_leaves(pg_connection& db, account_id account, std::string_view address,
                                      std::int64_t since) {
    const auto q = account != 0
                       ? db.run(pg_moderation_sql::leaves_of_account, pg_params().number(account).number(since))
                       : db.run(pg_moderation_sql::leaves_at_address, pg_params().text(address).number(since));
    std::vector<std::int64_t> out;
    for (int r = 0; r < q.size(); ++r) out.push_back(q.int64(r, 0));
    return out;
}

std::optional<report_record> read_report(pg_connection& db, std::int64_t id) {
    auto found = reports_from(db.run(pg_moderation_sql::report_by_id, pg_params().number(id)));
    if (found.empty()) return std::nullopt;
    return found[0];
}

std::vector<report_record> read_reports(pg_connection& db, bool include_closed, std::size_t limit) {
    return reports_from(db.run(pg_moderation_sql::reports,
                               pg_params().text(include_closed ? "true" : "false").number(row_limit(limit))));
}

std::optional<report_record> close(pg_connection& db, std::int64_t id, const std::string& actor,
                                   const std::string& resolution, std::int64_t now) {
    auto closed = reports_from(
        db.run(pg_moderation_sql::close_report, pg_params().number(id).number(now).text(actor).text(resolution)));
    if (closed.empty()) return std::nullopt;
    write_log(db, {0, now, actor, "close_report", closed[0].reported, report_closing_detail(closed[0])});
    return closed[0];
}

}  // namespace golf::persistence::detail
