// Roles, sanctions, reports and the moderation log on PostgreSQL (internal to persistence/): each runs inside a transaction
// the account store opened (moderation_store.hpp says what each does) and throws pg_failure.
#pragma once

#include "persistence/moderation_store.hpp"

namespace golf::persistence::detail {

class pg_connection;

std::optional<account_record> read_account_named(pg_connection& db, std::string_view name);
staff_role read_role(pg_connection& db, account_id id);
role_change write_role(pg_connection& db, account_id id, staff_role role, const std::string& actor, std::int64_t now);
std::vector<staff_member> read_staff(pg_connection& db);
sanction_record insert_sanction(pg_connection& db, const sanction_record& sanction);
std::optional<sanction_record> lift(pg_connection& db, std::int64_t id, const std::string& actor, std::int64_t now);
std::vector<sanction_record> read_active_sanctions(pg_connection& db, account_id id, std::int64_t now);
std::vector<sanction_record> read_address_sanctions(pg_connection& db, std::string_view address, std::int64_t now);
std::vector<sanction_record> read_sanctions(pg_connection& db, account_id id, std::size_t limit);
std::vector<sanction_record> read_sanctions_after(pg_connection& db, std::int64_t after, std::size_t limit);
std::vector<moderation_entry> read_moderation_log(pg_connection& db, std::size_t limit);
std::int64_t insert_log_line(pg_connection& db, const moderation_entry& entry);
std::vector<moderation_entry> read_log_after(pg_connection& db, std::int64_t after, std::string_view action,
                                             std::size_t limit);
std::int64_t insert_report(pg_connection& db, const report_record& report);
void insert_leave(pg_connection& db, account_id account, std::string_view address, std::int64_t at);
std::vector<std::int64_t> read_leaves(pg_connection& db, account_id account, std::string_view address,
                                      std::int64_t since);
std::optional<report_record> read_report(pg_connection& db, std::int64_t id);
std::vector<report_record> read_reports(pg_connection& db, bool include_closed, std::size_t limit);
std::optional<report_record> close(pg_connection& db, std::int64_t id, const std::string& actor,
                                   const std::string& resolution, std::int64_t now);

}  // namespace golf::persistence::detail
