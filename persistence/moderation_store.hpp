// Keeping order among strangers: the roles of accounts (moderator, admin, owner), the sanctions given to accounts
// (a chat mute, a ban from public play, a ban), players' reports for moderators, and the log of every change. The server reads an
// account's sanctions at every sign-in, seating and chat line, so one given on any node holds on every node at
// once; `golf admin` changes them. Each change and its log line are one transaction. Implemented by the account
// stores (sqlite_accounts, pg_accounts); every method throws store_error when the database cannot answer, and
// nothing is changed then.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/account_store.hpp"

namespace golf::persistence {

// Each may do what the ones before it may.
enum class staff_role { player, moderator, admin, owner };
std::string_view role_name(staff_role role);
std::optional<staff_role> role_named(std::string_view name);

enum class sanction_kind {
    mute,        // may not chat
    public_ban,  // may not play at public tables or in quick play
    ban,         // may not sign in, sit down or chat
};
std::string_view sanction_name(sanction_kind kind);
std::optional<sanction_kind> sanction_named(std::string_view name);

struct sanction_record {
    std::int64_t id = 0;
    account_id account = 0;
    sanction_kind kind = sanction_kind::mute;
    std::string reason;           // shown to the person
    std::int64_t created_at = 0;  // unix seconds
    std::int64_t expires_at = 0;  // unix seconds; 0: until lifted
    std::string given_by;         // an account's name, or "the command line"
    std::int64_t lifted_at = 0;   // 0: not lifted
    std::string lifted_by;
    // With account 0: the address whose guests it holds for (accounts signed in there are not held).
    std::string address;

    bool active_at(std::int64_t now) const { return lifted_at == 0 && (expires_at == 0 || expires_at > now); }
    friend bool operator==(const sanction_record&, const sanction_record&) = default;
};

struct moderation_entry {
    std::int64_t id = 0;
    std::int64_t at = 0;
    std::string actor;   // who did it
    std::string action;  // "role", "mute", "public_ban", "ban", "lift", "close_report", "end_table", "announce"
    std::string target;  // the account's name; a table's code
    std::string detail;  // the new role; a sanction's id, length and reason; the words said

    friend bool operator==(const moderation_entry&, const moderation_entry&) = default;
};

enum class report_reason { chat, name, conduct };
std::string_view report_reason_name(report_reason reason);
std::optional<report_reason> report_reason_named(std::string_view name);

// A player's report of another person at their table, with what the table showed then: its recent chat, and the
// match and hole being played (whose record holds the moves).
struct report_record {
    std::int64_t id = 0;
    std::int64_t created_at = 0;      // unix seconds
    std::string reporter;             // the names they sat under
    account_id reporter_account = 0;  // 0: a guest
    std::string reported;
    account_id reported_account = 0;
    report_reason reason = report_reason::conduct;
    std::string text;  // the reporter's words
    std::string table_code;
    std::int64_t match_id = 0;   // 0: no match yet
    int hole = 0;                // 1-based; 0: no hole dealt
    std::string chat;            // the table's last lines, one a line ("12:01:02 Ann: hello")
    std::int64_t closed_at = 0;  // 0: open
    std::string closed_by;
    std::string resolution;        // what the moderator did, in their words
    std::string reported_address;  // a guest's address when reported (never shown: guest_address_label)

    friend bool operator==(const report_record&, const report_record&) = default;
};

struct staff_member {
    account_record account;
    staff_role role = staff_role::player;
};

enum class role_change { done, no_such_account, last_owner };

// "2026-12-12 10:00 UTC": when a sanction ends, in the sentences people read.
std::string utc_minute(std::int64_t unix_seconds);
// The log's detail for a sanction given: "sanction 12, until 2026-12-12 10:00 UTC: spamming" (both stores).
std::string sanction_detail(const sanction_record& sanction);
// How staff read a guests' address: "guests at 203.0.113.x" (IPv6: the first three groups), never the whole of it.
std::string guest_address_label(std::string_view address);
// Whom a sanction holds: the account's name (as given), or the guests' address label.
std::string sanction_target(const sanction_record& sanction, const std::string& account_name);
// The log's detail for a report closed: "report 4 (chat, by Ann): muted for a day" (both stores).
std::string report_closing_detail(const report_record& report);

class moderation_store {
public:
    virtual ~moderation_store() = default;

    // The account with exactly this name (not its confusable key): how moderators name people.
    virtual std::optional<account_record> account_named(std::string_view name) = 0;
    virtual staff_role role_of(account_id id) = 0;
    // Gives the account `role` and logs it as `actor`'s; refused (nothing changed) when it would leave no owner
    // while there was one.
    virtual role_change set_role(account_id id, staff_role role, const std::string& actor, std::int64_t now) = 0;
    // Every account above player, the highest role first, then by name.
    virtual std::vector<staff_member> staff() = 0;

    // Records the sanction (id, lifted_at and lifted_by as given are ignored) and logs it; returns it with its id.
    virtual sanction_record add_sanction(const sanction_record& sanction) = 0;
    // Lifts an active sanction and logs it; nullopt (nothing changed) when no active sanction has that id.
    virtual std::optional<sanction_record> lift_sanction(std::int64_t id, const std::string& actor,
                                                         std::int64_t now) = 0;
    // The account's sanctions in force at `now`, oldest first.
    virtual std::vector<sanction_record> active_sanctions(account_id id, std::int64_t now) = 0;
    // The sanctions in force at `now` for guests at `address`, oldest first.
    virtual std::vector<sanction_record> active_address_sanctions(std::string_view address, std::int64_t now) = 0;
    // Newest first, at most `limit`: one account's sanctions, or everyone's (account 0), lifted and ended ones too.
    virtual std::vector<sanction_record> sanctions(account_id id, std::size_t limit) = 0;
    // The sanctions given after sanction `after` (lifted ones too), oldest first, at most `limit`: how every node
    // hears of a ban given on another, to take the seats it forbids.
    virtual std::vector<sanction_record> sanctions_after(std::int64_t after, std::size_t limit) = 0;
    // The moderation log, newest first, at most `limit` lines.
    virtual std::vector<moderation_entry> moderation_log(std::size_t limit) = 0;
    // Logs a staff action that changes nothing in the database (a table ended, an announcement); returns its id.
    virtual std::int64_t add_log_line(const moderation_entry& entry) = 0;
    // The log's lines of one action after line `after`, oldest first, at most `limit`: how every node of a server
    // hears of an announcement made on another.
    virtual std::vector<moderation_entry> log_after(std::int64_t after, std::string_view action, std::size_t limit) = 0;

    // A match with strangers left early (the seat still the server's when it ended): by the account, or for a
    // guest (account 0) by the address. Not logged: nobody decided it.
    virtual void add_leave(account_id account, std::string_view address, std::int64_t at) = 0;
    // When the account (or, for 0, the guests at `address`) left matches early, at or after `since`, oldest first.
    virtual std::vector<std::int64_t> leaves_since(account_id account, std::string_view address,
                                                   std::int64_t since) = 0;

    // Files a report (id and the closing fields as given are ignored); returns its id. Not logged: the log is of
    // what staff did.
    virtual std::int64_t add_report(const report_record& report) = 0;
    // One report, open or closed.
    virtual std::optional<report_record> report(std::int64_t id) = 0;
    // Open reports oldest first (the queue), then, with `include_closed`, closed ones newest first; at most `limit`.
    virtual std::vector<report_record> reports(bool include_closed, std::size_t limit) = 0;
    // Closes an open report and logs it as `actor`'s; nullopt (nothing changed) when no open report has that id.
    virtual std::optional<report_record> close_report(std::int64_t id, const std::string& actor,
                                                      const std::string& resolution, std::int64_t now) = 0;
};

}  // namespace golf::persistence
