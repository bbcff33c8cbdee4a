// The account service: Register, SignIn, SignOut, ChangePassword and the API-key requests, and the checks the
// registry and quick play need (may a guest sit down under this name; an account's rating). Every request runs on
// the service's own small pool, never on a network thread: an argon2id hash takes tens of milliseconds and 64 MiB,
// and each answer needs the database. Answers go straight to the connection. Sign-ins are throttled per name and
// per address, registrations per address (attempt_throttle.hpp).
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "golf/v1/messages.pb.h"
#include <boost/asio/strand.hpp>

#include "persistence/account_store.hpp"
#include "persistence/match_store.hpp"
#include "persistence/moderation_store.hpp"
#include "server/accounts/attempt_throttle.hpp"
#include "server/accounts/leaver_rules.hpp"
#include "server/accounts/people_online.hpp"
#include "server/accounts/sanction_rules.hpp"
#include "server/client_link.hpp"

namespace golf::server {

class accounts {
public:
    using refusal = std::pair<v1::ErrorCode, std::string>;

    // `store` may be null (no database): account requests are then refused and every guest name is free.
    explicit accounts(std::shared_ptr<persistence::match_store> store);
    ~accounts();  // waits for requests in progress
    // Waits for requests in progress; later ones are refused. Called before the registry goes.
    void stop();
    accounts(const accounts&) = delete;
    accounts& operator=(const accounts&) = delete;

    static bool handles(v1::ClientMessage::BodyCase body);
    // One of the account requests; the reply (or an Error) goes to `link` with the request's id.
    void handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);

    // Whether `link` may sit down as `name` (the registry has settled it): a guest not under a registered name nor
    // one confusable with it; a signed-in connection only while its sign-in has not ended elsewhere and no
    // sanction forbids it (`in_public`: at a public table or in quick play). `done` gets nullopt or the refusal,
    // on the service's thread.
    void check_seat_name(std::shared_ptr<client_link> link, std::string name, bool in_public,
                         std::function<void(std::optional<refusal>)> done);
    // Whether a guest at `address` may enter a tournament as `name`, as they could sit down under it: not a
    // registered name nor one confusable with it, and no sanction for guests there. Any thread but a network
    // one: it waits for the database.
    std::optional<refusal> guest_may_enter(const std::string& address, const std::string& name);
    // Whether `link` may chat: a guest may; an account unless a mute or a ban is in force. `done` gets nullopt or
    // the refusal, on the service's thread; checks run one at a time, so a connection's lines keep their order.
    void check_chat(std::shared_ptr<client_link> link, std::function<void(std::optional<refusal>)> done);
    // Stores a report a table filled in (tables/table_reports.cpp), then answers `link` with Ok or an Error.
    void file_report(const std::shared_ptr<client_link>& link, std::uint32_t rid, persistence::report_record report);
    // A staff request the registry carries out on its tables (ListLiveTables, EndTable, Announce): once the
    // connection is found signed in as a moderator or above, `next` runs on the service's thread with the staff
    // member's name and returns the answer, or nullopt when it answers `link` itself later. A refusal, or a
    // database that cannot answer, is sent to `link` instead.
    void as_staff(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                  std::function<std::optional<v1::ServerMessage>(const std::string& staff)> next);
    // Writes a staff action that changes nothing in the database to the moderation log; returns the line's id.
    // Any thread but a network one: it waits for the database.
    std::int64_t log_staff_action(const persistence::moderation_entry& entry);
    // Announcements logged after line `after` by any node, oldest first; and the newest line's id (0 for none),
    // where a node starts. The moderation round's thread.
    std::vector<persistence::moderation_entry> announcements_after(std::int64_t after);
    std::int64_t newest_log_line();
    // The sanctions given after sanction `after` on any node or from the command line, oldest first; and the
    // newest one's id (0 for none). The moderation round's thread.
    std::vector<persistence::sanction_record> sanctions_after(std::int64_t after);
    std::int64_t newest_sanction();
    // A single node's moderation round (moderation_rounds.cpp): `round` runs on the service's thread every
    // `period` until stop(); a failure is logged once until a round succeeds. With several nodes the cluster's
    // round does it instead.
    void every(std::chrono::milliseconds period, std::function<void()> round);
    // The accounts signed in on this node now (ListLiveTables).
    std::vector<v1::OnlinePerson> online_now() { return online_.now(); }
    // The account's conservative rating with `preset` (0 for none yet, as a new account's); on the service's thread.
    void conservative_rating(std::int64_t account, std::string preset, std::function<void(double)> done);
    // The same, read now: any thread but a network one (a new account's when none, or on failure).
    double rating_with(std::int64_t account, const std::string& preset);
    // Quick play (leavers.cpp): the rating as above and where the connection stands as a leaver (its account's
    // leaves, a guest's by address); on the service's thread.
    struct quick_play_standing {
        double rating = 0;
        leaver_standing leaver;
    };
    void standing_for_quick_play(std::shared_ptr<client_link> link, std::string preset,
                                 std::function<void(quick_play_standing)> done);
    // A match with strangers left early, recorded for the account or a guest's address (a failure is logged).
    void note_leaver(std::int64_t account, std::string address);

    static constexpr std::int64_t session_lifetime_s = 30 * 24 * 3600;  // from the last use
    static constexpr int max_api_keys = 20;
    static constexpr int max_pending = 256;

private:
    // Runs `work` on the pool, or refuses `message` with UNAVAILABLE when too many wait.
    void submit(const std::shared_ptr<client_link>& link, std::uint32_t rid, std::function<v1::ServerMessage()> work);

    v1::ServerMessage register_account(const std::shared_ptr<client_link>& link, const v1::Register& request);
    v1::ServerMessage sign_in(const std::shared_ptr<client_link>& link, const v1::SignIn& request);
    v1::ServerMessage sign_in_with_password(const std::shared_ptr<client_link>& link, const v1::SignIn& request);
    v1::ServerMessage sign_out(const std::shared_ptr<client_link>& link, const v1::SignOut& request);
    v1::ServerMessage change_password(const std::shared_ptr<client_link>& link, const v1::ChangePassword& request);
    v1::ServerMessage create_api_key(const std::shared_ptr<client_link>& link, const v1::CreateApiKey& request);
    v1::ServerMessage list_api_keys(const std::shared_ptr<client_link>& link);
    v1::ServerMessage revoke_api_key(const std::shared_ptr<client_link>& link, const v1::RevokeApiKey& request);
    // The staff's requests (reports.cpp, staff_requests.cpp): refused unless the connection's account has a role.
    v1::ServerMessage list_reports(const std::shared_ptr<client_link>& link, const v1::ListReports& request);
    v1::ServerMessage close_report(const std::shared_ptr<client_link>& link, const v1::CloseReport& request);
    v1::ServerMessage give_sanction(const std::shared_ptr<client_link>& link, const v1::GiveSanction& request);
    v1::ServerMessage lift_sanction(const std::shared_ptr<client_link>& link, const v1::LiftSanction& request);
    v1::ServerMessage list_sanctions(const std::shared_ptr<client_link>& link, const v1::ListSanctions& request);
    v1::ServerMessage moderation_log(const std::shared_ptr<client_link>& link, const v1::GetModerationLog& request);
    v1::ServerMessage set_role(const std::shared_ptr<client_link>& link, const v1::SetRole& request);
    struct staff_identity {
        std::int64_t account = 0;
        std::string name;
        persistence::staff_role role = persistence::staff_role::player;
    };
    // Who the connection is signed in as, if a moderator or above; else the refusal it gets.
    std::variant<staff_identity, refusal> staff_of(const std::shared_ptr<client_link>& link);
    // The connection's identity, checked against the database: one whose session or key has ended is signed out.
    link_identity current_identity(const std::shared_ptr<client_link>& link);
    std::optional<refusal> refusal_if_signed_out(const std::shared_ptr<client_link>& link);
    std::optional<refusal> refusal_for_guest(const std::string& name);
    // What the account's sanctions in force forbid of `act`, read from the database now.
    std::optional<refusal> sanctioned(std::int64_t account, sanctioned_act act);
    // What the sanctions in force for guests at `address` forbid of `act` (a guest there; accounts are not held).
    std::optional<refusal> guest_sanctioned(const std::string& address, sanctioned_act act);
    // The connection now plays as `account`; the reply names it (and the new session token, if one was made).
    v1::ServerMessage signed_in(const std::shared_ptr<client_link>& link, const persistence::account_record& account,
                                const std::string& token, const std::string& session_hash, bool by_api_key);

    std::shared_ptr<persistence::match_store> store_;
    persistence::account_store* accounts_ = nullptr;  // the store's; null without a database
    persistence::moderation_store* moderation_ = nullptr;
    attempt_throttle names_;          // failed sign-ins per name
    attempt_throttle addresses_;      // failed sign-ins per address
    attempt_throttle registrations_;  // registrations per address
    std::atomic<int> pending_{0};
    std::atomic<bool> stopped_{false};
    people_online online_;
    boost::asio::thread_pool pool_{2};
    boost::asio::strand<boost::asio::thread_pool::executor_type> chat_checks_{pool_.get_executor()};
    // The moderation round's timer (every), on a strand of its own so stop() can cancel it from any thread.
    boost::asio::strand<boost::asio::thread_pool::executor_type> rounds_{pool_.get_executor()};
    boost::asio::steady_timer round_timer_{rounds_};
    bool round_failing_ = false;  // rounds_ only
    void next_round(std::chrono::milliseconds period, std::function<void()> round);
};

}  // namespace golf::server
