// Roles, sanctions, reports and the moderation log on SQLite (internal to persistence/): each runs inside a transaction
// the account store opened (moderation_store.hpp says what each does) and throws sqlite_failure.
#pragma once

#include "persistence/moderation_store.hpp"

namespace golf::persistence::detail {

struct sqlite_database;

std::optional<account_record> read_account_named(sqlite_database& db, std::string_view name);
staff_role read_role(sqlite_database& db, account_id id);
role_change write_role(sqlite_database& db, account_id id, staff_role role, const std::string& actor, std::int64_t now);
std::vector<staff_member> read_staff(sqlite_database& db);
sanction_record insert_sanction(sqlite_database& db, const sanction_record& sanction);
std::optional<sanction_record> lift(sqlite_database& db, std::int64_t id, const std::string& actor, std::int64_t now);
std::vector<sanction_record> read_active_sanctions(sqlite_database& db, account_id id, std::int64_t now);
std::vector<sanction_record> read_address_sanctions(sqlite_database& db, std::string_view address, std::int64_t now);
std::vector<sanction_record> read_sanctions(sqlite_database& db, account_id id, std::size_t limit);
std::vector<sanction_record> read_sanctions_after(sqlite_database& db, std::int64_t after, std::size_t limit);
std::vector<moderation_entry> read_moderation_log(sqlite_database& db, std::size_t limit);
std::int64_t insert_log_line(sqlite_database& db, const moderation_entry& entry);
std::vector<moderation_entry> read_log_after(sqlite_database& db, std::int64_t after, std::string_view action,
                                             std::size_t limit);
std::int64_t insert_report(sqlite_database& db, const report_record& report);
void insert_leave(sqlite_database& db, account_id account, std::string_view address, std::int64_t at);
std::vector<std::int64_t> read_leaves(sqlite_database& db, account_id account, std::string_view address,
                                      std::int64_t since);
std::optional<report_record> read_report(sqlite_database& db, std::int64_t id);
std::vector<report_record> read_reports(sqlite_database& db, bool include_closed, std::size_t limit);
std::optional<report_record> close(sqlite_database& db, std::int64_t id, const std::string& actor,
                                   const std::string& resolution, std::int64_t now);

}  // namespace golf::persistence::detail
