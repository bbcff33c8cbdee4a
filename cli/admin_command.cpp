// golf admin: roles and sanctions on a golf-server database from its host's terminal (moderation_store.hpp). This
// is how a server gets its first owner; every change is logged as the command line's. The server reads sanctions
// at every sign-in, seating and chat line, so one given here holds at once, on every node, without a restart.
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "cli/admin_live.hpp"
#include "cli/commands.hpp"
#include "persistence/account_store.hpp"
#include "persistence/match_store.hpp"
#include "persistence/moderation_store.hpp"

namespace golf::cli {

namespace {

using persistence::moderation_store;
using persistence::sanction_kind;
using persistence::sanction_record;
using persistence::staff_role;

const std::string command_line_actor = "the command line";
constexpr std::size_t admin_listed = 50;
constexpr std::int64_t longest_sanction_s = 10LL * 366 * 24 * 3600;  // ten years: longer is "until lifted"
constexpr std::size_t longest_reason_chars = 200;

struct admin_request {
    std::string action;
    std::vector<std::string> arguments;
    std::string db;
    std::string server;  // tables, end-table, announce: a running server's URL
    std::string reason;
    std::optional<std::int64_t> seconds;  // --for; none: until lifted
    std::optional<std::uint64_t> report;  // --report: the guests at a reported guest's address, not an account
};

std::int64_t now_s() { return static_cast<std::int64_t>(std::time(nullptr)); }

// "30m", "12h", "7d", "2w": from a minute to ten years.
std::int64_t parse_duration(std::string_view text) {
    const auto fail = [&]() -> std::int64_t {
        throw usage_error("--for: expected a number and a unit m, h, d or w, from 1m to 10 years (got '" +
                          std::string(text) + "')");
    };
    if (text.size() < 2) return fail();
    std::int64_t unit = 0;
    switch (text.back()) {
        case 'm': unit = 60; break;
        case 'h': unit = 3600; break;
        case 'd': unit = 24 * 3600; break;
        case 'w': unit = 7 * 24 * 3600; break;
        default: return fail();
    }
    std::int64_t count = 0;
    for (const char c : text.substr(0, text.size() - 1)) {
        if (c < '0' || c > '9' || count > longest_sanction_s) return fail();
        count = count * 10 + (c - '0');
    }
    if (count < 1 || count > longest_sanction_s / unit) return fail();
    return count * unit;
}

std::string checked_reason(std::string_view text) {
    if (text.empty() || text.size() > longest_reason_chars)
        throw usage_error("--reason: say why in 1 to " + std::to_string(longest_reason_chars) +
                          " characters; it is shown to "
                          "the person");
    for (const char c : text)
        if (static_cast<unsigned char>(c) < 0x20) throw usage_error("--reason: one line of text, please");
    return std::string(text);
}

admin_request parse(std::span<const std::string_view> words) {
    admin_request r;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) {
            if (r.action.empty()) r.action = std::string(line.word());
            else r.arguments.emplace_back(line.word());
            continue;
        }
        const std::string_view flag = line.word();
        if (flag == "--db") r.db = std::string(line.value());
        else if (flag == "--server") r.server = std::string(line.value());
        else if (flag == "--reason") r.reason = checked_reason(line.value());
        else if (flag == "--for") r.seconds = parse_duration(line.value());
        else if (flag == "--report") r.report = parse_uint64("--report", line.value());
        else line.unknown_flag();
    }
    if (r.action.empty())
        throw usage_error(
            "missing an action: grant, staff, mute, ban-public, ban, lift, sanctions, log, reports, "
            "close-report, tables, end-table or announce (see golf admin --help)");
    if (is_admin_live_action(r.action)) {
        if (r.server.empty()) throw usage_error("missing --server URL: " + r.action + " asks the running server");
    } else if (r.db.empty()) {
        throw usage_error("missing --db DB");
    }
    return r;
}

void expect_arguments(const admin_request& r, std::size_t least, std::size_t most, std::string_view shape) {
    if (r.arguments.size() < least || r.arguments.size() > most)
        throw usage_error("usage: golf admin " + r.action + " " + std::string(shape) + " --db DB");
}

persistence::account_record account_named_or_throw(moderation_store& m, const std::string& name) {
    auto account = m.account_named(name);
    if (!account) throw run_failure{"no account is named '" + printable(name) + "' (names are matched exactly)"};
    return *account;
}

int admin_grant(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 2, 2, "NAME ROLE");
    const auto role = persistence::role_named(r.arguments[1]);
    if (!role) throw usage_error("ROLE: owner, admin, moderator or player (got '" + printable(r.arguments[1]) + "')");
    const auto account = account_named_or_throw(m, r.arguments[0]);
    switch (m.set_role(account.id, *role, command_line_actor, now_s())) {
        case persistence::role_change::done: break;
        case persistence::role_change::no_such_account: throw run_failure{"the account is gone"};
        case persistence::role_change::last_owner:
            throw run_failure{printable(account.name) + " is the last owner: make another owner first"};
    }
    std::cout << printable(account.name) << " is now " << persistence::role_name(*role) << '\n';
    return exit_ok;
}

int admin_staff(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 0, 0, "");
    const auto members = m.staff();
    if (members.empty()) std::cout << "no account has a role yet: golf admin grant NAME owner --db DB\n";
    for (const auto& s : members)
        std::cout << persistence::role_name(s.role) << "  " << printable(s.account.name) << '\n';
    return exit_ok;
}

// The guests at the address of the guest reported in `report`: its label and the address, never printed.
std::pair<std::string, std::string> reported_guests(moderation_store& m, std::uint64_t report) {
    const auto found = m.report(static_cast<std::int64_t>(std::min<std::uint64_t>(report, INT64_MAX)));
    if (!found) throw run_failure{"there is no report " + std::to_string(report) + " (see golf admin reports all)"};
    if (found->reported_account != 0)
        throw run_failure{"report " + std::to_string(report) + " is about " + printable(found->reported) +
                          "'s account: sanction it by name"};
    if (found->reported_address.empty()) throw run_failure{"report " + std::to_string(report) + " kept no address"};
    return {persistence::guest_address_label(found->reported_address), found->reported_address};
}

int admin_sanction(moderation_store& m, const admin_request& r, sanction_kind kind) {
    if (r.report) expect_arguments(r, 0, 0, "--report ID --reason TEXT [--for DURATION]");
    else expect_arguments(r, 1, 1, "NAME --reason TEXT [--for DURATION]");
    if (r.reason.empty()) throw usage_error("missing --reason TEXT: it is shown to the person");
    persistence::account_id id = 0;
    std::string target;
    std::string address;
    if (r.report) {
        std::tie(target, address) = reported_guests(m, *r.report);
    } else {
        const auto account = account_named_or_throw(m, r.arguments[0]);
        if (m.role_of(account.id) != staff_role::player)
            throw run_failure{printable(account.name) +
                              " has a role: take it away first (golf admin grant NAME player)"};
        id = account.id;
        target = account.name;
    }
    const std::int64_t now = now_s();
    const auto given = m.add_sanction(
        {0, id, kind, r.reason, now, r.seconds ? now + *r.seconds : 0, command_line_actor, 0, "", address});
    std::cout << "sanction " << given.id << ": " << persistence::sanction_name(kind) << " of " << printable(target)
              << ", " << (given.expires_at == 0 ? "until lifted" : "until " + persistence::utc_minute(given.expires_at))
              << '\n';
    return exit_ok;
}

int admin_lift(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 1, 1, "ID");
    const auto id = parse_uint64("ID", r.arguments[0]);
    const auto lifted = m.lift_sanction(static_cast<std::int64_t>(id), command_line_actor, now_s());
    if (!lifted) throw run_failure{"no sanction " + r.arguments[0] + " is in force (see golf admin sanctions)"};
    std::cout << "sanction " << id << " (" << persistence::sanction_name(lifted->kind) << ") lifted\n";
    return exit_ok;
}

std::string sanction_state(const sanction_record& s, std::int64_t now) {
    if (s.lifted_at != 0) return "lifted " + persistence::utc_minute(s.lifted_at) + " by " + printable(s.lifted_by);
    if (!s.active_at(now)) return "ended " + persistence::utc_minute(s.expires_at);
    return s.expires_at == 0 ? "in force until lifted" : "in force until " + persistence::utc_minute(s.expires_at);
}

int admin_sanctions(moderation_store& m, persistence::account_store& accounts, const admin_request& r) {
    expect_arguments(r, 0, 1, "[NAME]");
    const auto account = r.arguments.empty() ? std::nullopt : std::optional(account_named_or_throw(m, r.arguments[0]));
    const auto found = m.sanctions(account ? account->id : 0, admin_listed);
    if (found.empty()) std::cout << "no sanctions\n";
    const std::int64_t now = now_s();
    for (const auto& s : found) {
        const auto who = s.account == 0 ? std::nullopt : accounts.account_by_id(s.account);
        std::cout << s.id << "  " << persistence::sanction_name(s.kind) << "  "
                  << printable(
                         persistence::sanction_target(s, who ? who->name : "account " + std::to_string(s.account)))
                  << "  " << persistence::utc_minute(s.created_at) << " by " << printable(s.given_by) << "  "
                  << sanction_state(s, now) << "  \"" << printable(s.reason) << "\"\n";
    }
    return exit_ok;
}

int admin_log(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 0, 0, "");
    const auto lines = m.moderation_log(admin_listed);
    if (lines.empty()) std::cout << "nothing logged yet\n";
    for (const auto& e : lines)
        std::cout << persistence::utc_minute(e.at) << "  " << printable(e.actor) << "  " << e.action << "  "
                  << printable(e.target) << "  " << printable(e.detail) << '\n';
    return exit_ok;
}

// One report as moderators read it: a head line, the reporter's words, then the table's chat indented.
void print_report(const persistence::report_record& r) {
    std::cout << r.id << "  " << persistence::utc_minute(r.created_at) << "  "
              << persistence::report_reason_name(r.reason) << "  " << printable(r.reporter) << " reported "
              << printable(r.reported) << (r.reported_account != 0 ? " (account)" : " (guest)") << " at table "
              << printable(r.table_code);
    if (r.match_id != 0) std::cout << ", match " << r.match_id << " hole " << r.hole;
    std::cout << '\n';
    if (!r.text.empty()) std::cout << "    \"" << printable(r.text) << "\"\n";
    std::size_t from = 0;
    for (std::size_t at = r.chat.find('\n'); at != std::string::npos; from = at + 1, at = r.chat.find('\n', from))
        std::cout << "    | " << printable(r.chat.substr(from, at - from)) << '\n';
    if (r.closed_at != 0)
        std::cout << "    closed " << persistence::utc_minute(r.closed_at) << " by " << printable(r.closed_by) << ": "
                  << printable(r.resolution) << '\n';
}

int admin_reports(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 0, 1, "[all]");
    const bool all = !r.arguments.empty();
    if (all && r.arguments[0] != "all") throw usage_error("usage: golf admin reports [all] --db DB");
    const auto found = m.reports(all, admin_listed);
    if (found.empty()) std::cout << (all ? "no reports\n" : "no open reports\n");
    for (const auto& report : found) print_report(report);
    return exit_ok;
}

int admin_close_report(moderation_store& m, const admin_request& r) {
    expect_arguments(r, 1, 1, "ID --reason TEXT");
    if (r.reason.empty()) throw usage_error("missing --reason TEXT: what was done about it");
    const auto id = parse_uint64("ID", r.arguments[0]);
    const auto closed = m.close_report(static_cast<std::int64_t>(id), command_line_actor, r.reason, now_s());
    if (!closed) throw run_failure{"no report " + r.arguments[0] + " is open (see golf admin reports all)"};
    std::cout << "report " << id << " closed\n";
    return exit_ok;
}

int run_action(moderation_store& m, persistence::account_store& accounts, const admin_request& r) {
    if (r.action == "grant") return admin_grant(m, r);
    if (r.action == "staff") return admin_staff(m, r);
    if (r.action == "mute") return admin_sanction(m, r, sanction_kind::mute);
    if (r.action == "ban-public") return admin_sanction(m, r, sanction_kind::public_ban);
    if (r.action == "ban") return admin_sanction(m, r, sanction_kind::ban);
    if (r.action == "lift") return admin_lift(m, r);
    if (r.action == "sanctions") return admin_sanctions(m, accounts, r);
    if (r.action == "log") return admin_log(m, r);
    if (r.action == "reports") return admin_reports(m, r);
    if (r.action == "close-report") return admin_close_report(m, r);
    throw usage_error("unknown action '" + printable(r.action) +
                      "': grant, staff, mute, ban-public, ban, lift, sanctions, log, reports or close-report");
}

}  // namespace

std::string_view admin_usage() {
    return "usage: golf admin ACTION [ARGS...] --db DB\n"
           "\n"
           "Roles, sanctions and players' reports on a golf-server database, from its host's terminal; each change\n"
           "is written to the moderation log as the command line's. A sanction holds at once on every node of the\n"
           "server: at sign-in, when sitting down, and for every chat line.\n"
           "\n"
           "  grant NAME ROLE          give an account a role: owner, admin, moderator, or player (no role); the\n"
           "                           last owner cannot be demoted\n"
           "  staff                    the accounts with a role\n"
           "  mute NAME                may not chat\n"
           "  ban-public NAME          may not play at public tables or in quick play\n"
           "  ban NAME                 may not sign in, sit down or chat\n"
           "      --reason TEXT        why, shown to the person (1 to 200 characters; required)\n"
           "      --for DURATION       30m, 12h, 7d, 2w: from a minute to ten years (default: until lifted)\n"
           "      --report ID          instead of NAME: the guests at the address of the guest reported in report\n"
           "                           ID (never shown; accounts signed in there are not held)\n"
           "  lift ID                  end a sanction now\n"
           "  sanctions [NAME]         the sanctions given (to NAME), newest first, the last 50\n"
           "  log                      the moderation log, newest first, the last 50\n"
           "  reports [all]            players' reports: the open ones, oldest first (all: then the closed ones),\n"
           "                           each with the table's recent chat\n"
           "  close-report ID          close a report; --reason TEXT says what was done (logged)\n"
           "\n"
           "  --db DB                  a golf-server database (a SQLite file or a postgresql:// URL)\n"
           "\n"
           "A running server's tables, over the protocol as a moderator (GOLF_API_KEY: an API key of an account\n"
           "with a moderator's role or above; with several nodes, each node's own tables):\n"
           "  tables                   the tables now and who sits where (never a card)\n"
           "  end-table CODE           end a table for everyone at it; --reason TEXT is what they read (logged)\n"
           "  announce TEXT            a line to every table and the lobby, on every node (logged)\n"
           "  --server URL             the server, e.g. ws://127.0.0.1:8080/ws\n"
           "\n"
           "NAME is an account's name exactly as registered. Accounts with a role cannot be sanctioned.\n";
}

int run_admin(std::span<const std::string_view> words) {
    const admin_request request = parse(words);
    try {
#ifdef GOLF_HAVE_CLIENT
        if (is_admin_live_action(request.action))
            return run_admin_live(request.action, request.arguments, request.server, request.reason);
#else
        if (is_admin_live_action(request.action)) throw run_failure{"this golf was built without the client library"};
#endif
        const auto store = open_existing_database(request.db, false);
        moderation_store* moderation = store->moderation();
        if (moderation == nullptr) throw run_failure{"this database keeps no accounts"};
        return run_action(*moderation, *store->accounts(), request);
    } catch (const run_failure& failure) {
        std::cout.flush();
        std::cerr << "golf admin: " << failure.what() << '\n';
        return exit_failure;
    } catch (const persistence::store_error& e) {
        std::cout.flush();
        std::cerr << "golf admin: nothing changed: " << e.what() << '\n';
        return exit_failure;
    }
}

}  // namespace golf::cli
