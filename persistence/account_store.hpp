// Accounts, their sessions and API keys, and the ratings the writer keeps for them: the reads and writes the
// server's account service makes (server/accounts/accounts.hpp), each answered at once. They run on that service's own
// thread with a connection of their own, never on a network thread; account writes are rare and each needs its
// answer (a name already taken), so they are not queued behind the match writer. Ratings are written by the
// match writer when a match finishes (rating_update.hpp) and only read here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/records.hpp"

namespace golf::persistence {

using account_id = std::int64_t;

struct account_record {
    account_id id = 0;
    std::string name;           // as registered
    std::string name_key;       // the name's confusable skeleton (server/accounts/player_names.hpp): unique
    std::string password_hash;  // argon2id, libsodium's crypto_pwhash_str format
    std::int64_t created_at = 0;

    friend bool operator==(const account_record&, const account_record&) = default;
};

struct api_key_record {
    std::int64_t id = 0;
    account_id account = 0;
    std::string label;
    std::string prefix;  // the key's first characters, shown in lists
    std::int64_t created_at = 0;
    std::int64_t last_used_at = 0;  // 0: never

    friend bool operator==(const api_key_record&, const api_key_record&) = default;
};

struct rating_record {
    std::string preset;
    double mu = 0;
    double sigma = 0;
    int matches = 0;

    friend bool operator==(const rating_record&, const rating_record&) = default;
};

struct rating_point {
    match_id match = 0;
    std::int64_t at = 0;  // when the match ended (unix seconds)
    double mu = 0;
    double sigma = 0;

    friend bool operator==(const rating_point&, const rating_point&) = default;
};

struct rated_entry {
    account_id account = 0;
    std::string name;
    rating_record rating;

    friend bool operator==(const rated_entry&, const rated_entry&) = default;
};

// Every method throws store_error when the database cannot answer; nothing is changed then.
class account_store {
public:
    virtual ~account_store() = default;

    // Null when an account with the same name_key exists (the name is taken); otherwise the new account.
    virtual std::optional<account_record> create_account(const std::string& name, const std::string& name_key,
                                                         const std::string& password_hash, std::int64_t now) = 0;
    virtual std::optional<account_record> account_by_key(std::string_view name_key) = 0;
    virtual std::optional<account_record> account_by_id(account_id id) = 0;
    virtual void set_password_hash(account_id id, const std::string& password_hash) = 0;

    // Sessions: a token is stored only as its hash. A session ends `lifetime` seconds after it was last used.
    virtual void add_session(account_id id, const std::string& token_hash, std::int64_t now,
                             std::int64_t expires_at) = 0;
    // The account a live session belongs to; each use moves its expiry to `expires_at`. Null if unknown or expired.
    virtual std::optional<account_record> use_session(const std::string& token_hash, std::int64_t now,
                                                      std::int64_t expires_at) = 0;
    virtual void remove_session(const std::string& token_hash) = 0;
    // Every session of the account except the one with `keep_hash` (empty: all).
    virtual void remove_sessions(account_id id, const std::string& keep_hash) = 0;

    // API keys: stored only as hashes; a revoked key is gone.
    virtual api_key_record add_api_key(account_id id, const std::string& key_hash, const std::string& prefix,
                                       const std::string& label, std::int64_t now) = 0;
    virtual std::vector<api_key_record> api_keys(account_id id) = 0;      // newest first
    virtual bool revoke_api_key(account_id id, std::int64_t key_id) = 0;  // false: no such key of this account
    virtual std::optional<account_record> use_api_key(const std::string& key_hash, std::int64_t now) = 0;

    // Ratings (written by the match writer): every preset's, by preset name; a preset's history oldest first,
    // at most `limit` points, the newest kept; accounts with at least `min_matches` rated matches of a preset,
    // by mu - 3 sigma highest first, then name.
    virtual std::vector<rating_record> ratings(account_id id) = 0;
    virtual std::vector<rating_point> rating_history(account_id id, std::string_view preset, std::size_t limit) = 0;
    virtual std::vector<rated_entry> rating_leaderboard(std::string_view preset, int min_matches,
                                                        std::size_t limit) = 0;
};

}  // namespace golf::persistence
