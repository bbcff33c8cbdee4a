// The PostgreSQL account store (internal to persistence/): accounts, sessions, API keys and the rating reads on a
// connection of its own, one caller at a time, each call one transaction. Its writes go straight to the database,
// not through the match write queue (account_store.hpp says why). A connection found lost when a transaction
// begins is made anew and the call goes on; one lost later fails the call (a COMMIT that may have happened is never
// repeated). It is also the PostgreSQL rating_archive of the rebuild. A store opened read-only reads and refuses
// every write (store_error_kind::read_only).
#pragma once

#include <memory>
#include <mutex>

#include "persistence/account_store.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/rating_archive.hpp"
#include "persistence/tournament_store.hpp"

namespace golf::persistence::detail {

class pg_connection;

class pg_accounts final : public account_store,
                          public moderation_store,
                          public rating_archive,
                          public tournament_store {
public:
    // `db` is a connection to a database at this build's schema.
    pg_accounts(std::unique_ptr<pg_connection> db, bool read_only);
    ~pg_accounts() override;
    pg_accounts(const pg_accounts&) = delete;
    pg_accounts& operator=(const pg_accounts&) = delete;

    std::optional<account_record> create_account(const std::string& name, const std::string& name_key,
                                                 const std::string& password_hash, std::int64_t now) override;
    std::optional<account_record> account_by_key(std::string_view name_key) override;
    std::optional<account_record> account_by_id(account_id id) override;
    void set_password_hash(account_id id, const std::string& password_hash) override;

    void add_session(account_id id, const std::string& token_hash, std::int64_t now, std::int64_t expires_at) override;
    std::optional<account_record> use_session(const std::string& token_hash, std::int64_t now,
                                              std::int64_t expires_at) override;
    void remove_session(const std::string& token_hash) override;
    void remove_sessions(account_id id, const std::string& keep_hash) override;

    api_key_record add_api_key(account_id id, const std::string& key_hash, const std::string& prefix,
                               const std::string& label, std::int64_t now) override;
    std::vector<api_key_record> api_keys(account_id id) override;
    bool revoke_api_key(account_id id, std::int64_t key_id) override;
    std::optional<account_record> use_api_key(const std::string& key_hash, std::int64_t now) override;

    std::vector<rating_record> ratings(account_id id) override;
    std::vector<rating_point> rating_history(account_id id, std::string_view preset, std::size_t limit) override;
    std::vector<rated_entry> rating_leaderboard(std::string_view preset, int min_matches, std::size_t limit) override;

    std::optional<account_record> account_named(std::string_view name) override;
    staff_role role_of(account_id id) override;
    role_change set_role(account_id id, staff_role role, const std::string& actor, std::int64_t now) override;
    std::vector<staff_member> staff() override;
    sanction_record add_sanction(const sanction_record& sanction) override;
    std::optional<sanction_record> lift_sanction(std::int64_t id, const std::string& actor, std::int64_t now) override;
    std::vector<sanction_record> active_sanctions(account_id id, std::int64_t now) override;
    std::vector<sanction_record> active_address_sanctions(std::string_view address, std::int64_t now) override;
    std::vector<sanction_record> sanctions(account_id id, std::size_t limit) override;
    std::vector<sanction_record> sanctions_after(std::int64_t after, std::size_t limit) override;
    std::vector<moderation_entry> moderation_log(std::size_t limit) override;
    std::int64_t add_log_line(const moderation_entry& entry) override;
    std::vector<moderation_entry> log_after(std::int64_t after, std::string_view action, std::size_t limit) override;
    std::int64_t add_report(const report_record& report) override;
    std::optional<report_record> report(std::int64_t id) override;
    void add_leave(account_id account, std::string_view address, std::int64_t at) override;
    std::vector<std::int64_t> leaves_since(account_id account, std::string_view address, std::int64_t since) override;
    std::vector<report_record> reports(bool include_closed, std::size_t limit) override;
    std::optional<report_record> close_report(std::int64_t id, const std::string& actor, const std::string& resolution,
                                              std::int64_t now) override;

    tournament_row add_tournament(const tournament_row& row) override;
    bool save_tournament(const tournament_row& row) override;
    std::optional<tournament_row> tournament(std::int64_t id) override;
    std::vector<tournament_row> tournaments(bool include_ended, std::size_t limit) override;

    rating_snapshot read_ratings() override;
    void replace_ratings(const std::function<rating_tables(const rating_snapshot&)>& recompute) override;

private:
    // `body(db)` in one transaction under the lock; a failure comes out as a store_error.
    template <typename F>
    auto read(F&& body);
    template <typename F>
    auto write(F&& body);  // refused on a read-only store
    template <typename F>
    auto transaction(const char* begin, F&& body);

    std::unique_ptr<pg_connection> db_;
    bool read_only_;
    std::mutex mutex_;
};

}  // namespace golf::persistence::detail
