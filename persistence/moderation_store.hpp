// Keeping order among strangers: the roles of accounts (moderator, admin, owner), the sanctions given to accounts
// (a chat mute, a ban from public play, a ban), and the log of every change to either. The server reads an
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

    bool active_at(std::int64_t now) const { return lifted_at == 0 && (expires_at == 0 || expires_at > now); }
    friend bool operator==(const sanction_record&, const sanction_record&) = default;
};

struct moderation_entry {
    std::int64_t id = 0;
    std::int64_t at = 0;
    std::string actor;   // who did it
    std::string action;  // "role", "mute", "public_ban", "ban", "lift"
    std::string target;  // the account's name
    std::string detail;  // the new role; a sanction's id, length and reason

    friend bool operator==(const moderation_entry&, const moderation_entry&) = default;
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
    // Newest first, at most `limit`: one account's sanctions, or everyone's (account 0), lifted and ended ones too.
    virtual std::vector<sanction_record> sanctions(account_id id, std::size_t limit) = 0;
    // The moderation log, newest first, at most `limit` lines.
    virtual std::vector<moderation_entry> moderation_log(std::size_t limit) = 0;
};

}  // namespace golf::persistence
