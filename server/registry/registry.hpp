// The registry: every table by its join code, and the lobby (server/registry/lobby.hpp) of open public tables. Sessions
// hand it every decoded message after Hello; it answers table-less requests itself (presets, create, join,
// reclaim, lobby) and passes the rest to the table the connection is at, on that table's strand. Maps are guarded
// by one mutex; frames are sent outside it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/ruleset.hpp"
#include "golf/v1/messages.pb.h"
#include "persistence/match_store.hpp"
#include "persistence/moderation_store.hpp"
#include "server/client_link.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/cluster/table_router.hpp"
#include "server/common/metrics.hpp"
#include "server/config.hpp"
#include "server/tables/table_settings.hpp"

namespace golf::server {

class table;
class history;
class lobby;
class accounts;
class quick_play;
class bot_thinking;
class tournament_director;

class registry : public std::enable_shared_from_this<registry> {
public:
    // `store` records what tables do (null: nothing is recorded); `past` answers history requests (null: refused).
    registry(boost::asio::io_context& io, const server_config& config, metrics& counters,
             std::shared_ptr<persistence::match_store> store = nullptr, std::shared_ptr<history> past = nullptr);
    ~registry();

    // At start-up, before accepting: each recorded unfinished match is replayed and its table opened again under
    // its code, seats held for their owners' tokens. A record that does not replay is logged and left alone.
    // Returns how many matches were restored. `claimed_by`: the incarnation whose claim gave this node the tables;
    // none is restored unless the lease is still held by it.
    int restore(const std::vector<persistence::match_detail>& unfinished,
                std::optional<std::int64_t> claimed_by = std::nullopt);

    // Called from the session for every message after the handshake; `received` is when its frame arrived.
    void handle(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                std::chrono::steady_clock::time_point received);
    // The connection is gone: its seat (if any) starts its grace period.
    void disconnected(const std::shared_ptr<client_link>& link);
    // Graceful shutdown: every table tells its clients and stops its timers.
    void shutdown();
    // The bot threads (server/tables/bot_thinking.hpp) stop and are joined: after shutdown(), once the I/O threads have
    // returned and before the registry goes, so no thread is thinking for a table while it is destroyed.
    void stop_thinking();
    // Several nodes: where to look for a table that is not here (set before accepting; none with a single node).
    void set_router(std::shared_ptr<table_router> router) { router_ = std::move(router); }
    // Whether this node still holds its tables: every table reads it before a change, the cluster renews it.
    const std::shared_ptr<node_lease>& lease() const { return lease_; }
    // The account service (null: no accounts; guests may take any name) and quick play, which reads its ratings.
    // Set before accepting; without it QuickPlay is refused.
    void set_accounts(std::shared_ptr<accounts> service);
    // Tournaments (server/tournaments/); without a director their requests are refused. Set before accepting.
    void set_tournaments(std::shared_ptr<tournament_director> director) { tournaments_ = std::move(director); }
    const std::shared_ptr<tournament_director>& tournaments() const { return tournaments_; }
    // Where table `code` is played (GET /api/tables/CODE): `done` gets the location, `node` naming this node when
    // it is here; on the router's thread, or at once with a single node.
    void locate_table(const std::string& code, std::function<void(table_router::location)> done);
    // This node no longer holds its tables (it stepped down): each closes and tells its clients `reason`, the
    // matches stay unfinished in the database for another node to take over; the registry goes on serving.
    void hand_over(std::string_view reason);

    // Quick play: a private table with default settings for a group it formed (null: the server is full or
    // shutting down).
    std::shared_ptr<table> open_quick_table(const std::string& preset, int seats);
    // A table nobody created by request (quick play, a tournament's round), not yet seated; null as above.
    std::shared_ptr<table> open_private_table(std::string preset, std::shared_ptr<const ruleset> rules, int seats,
                                              table_settings settings);

    table_counts count_tables() const;
    // Each moderation round (the cluster's, or a single node's on the account service's thread): announcements
    // made on any node since the last round reach this node's tables and lobby watchers, and bans given since
    // take the seats they forbid here (staff_tables.cpp). The first call, before the node accepts, only notes
    // where the moderation log and the sanctions stand.
    void relay_moderation();
    // The lobby of this node's public tables (with several nodes, server/cluster/lobby_sync.hpp adds the others').
    const std::shared_ptr<lobby>& public_tables() const { return lobby_; }

    // Used by tables.
    // A table's summary after a change: its state (for count_tables) and, when `listed`, its lobby entry.
    // A lobby update goes to the watchers only when a listed entry changed.
    void publish(const std::string& code, const v1::LobbyTable& summary, bool listed);
    void forget(const std::string& code);
    std::shared_ptr<table> find(const std::string& code) const;
    // `seat_token` in clear; the registry keeps only SHA-256 digests, and the table compares in constant time.
    std::shared_ptr<table> find_by_token(const std::string& seat_token) const;
    void add_token(const std::string& token_hash, const std::string& code);
    void remove_token(const std::string& token_hash);
    // A report a table filled in (Report): stored by the account service, which answers `link`.
    void file_report(const std::shared_ptr<client_link>& link, std::uint32_t rid, persistence::report_record report);
    // A person left a match with strangers early (the account's, or a guest's address): quick play remembers.
    void note_leaver(std::int64_t account, const std::string& address);
    const server_config& config() const { return config_; }
    metrics& counters() { return metrics_; }

private:
    struct impl;
    // One method per request, as table::handle has.
    void list_presets(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void create_table(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    // `located`: asked again after the router took the table over here (registry_routing.cpp); not routed twice.
    void join_table(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, bool located = false);
    // `code`, once located: the table the router found the token at, whose seats' tokens may still be on their way
    // to its strand after a take-over (the table checks the token itself).
    void reclaim_seat(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, bool located = false,
                      const std::string& code = {});
    // Asks the router where the table of a JoinTable or ReclaimSeat is, then answers (registry_routing.cpp).
    void route(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, std::string code,
               std::string token_hash);
    void watch_lobby(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    void to_table(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                  std::chrono::steady_clock::time_point received);
    void ask_history(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    // CreateTable and JoinTable sit down under the account's name when signed in; a guest's name must not be a
    // registered one. `next` gets the request with its name settled (registry_accounts.cpp).
    void settle_name(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                     std::function<void(v1::ClientMessage)> next);
    bool in_public(const v1::ClientMessage& message) const;
    // ListLiveTables, EndTable, Announce, once the account service found the connection's role (staff_tables.cpp).
    void staff_request(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    void list_live_tables(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void end_table(const std::shared_ptr<client_link>& link, std::uint32_t rid, const std::string& code,
                   const std::string& reason, const std::string& staff);
    void announce(const v1::Announcement& said);
    std::vector<std::shared_ptr<table>> all_tables() const;
    void chat_if_allowed(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                         std::chrono::steady_clock::time_point received);
    // Several nodes: a QuickPlay whose queue another node keeps is answered TABLE_ELSEWHERE naming it (true).
    bool quick_play_elsewhere(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    bool refuse_seating(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    void close_all(std::string_view reason, bool for_good);
    void refuse(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, v1::ErrorCode code,
                std::string_view text);
    std::shared_ptr<table> open_table_locked(const std::string& code, std::string preset,
                                             std::shared_ptr<const ruleset> rules, int seats, table_settings settings,
                                             v1::TableState state);

    boost::asio::io_context& io_;
    const server_config& config_;
    metrics& metrics_;
    std::shared_ptr<persistence::match_store> store_;
    std::shared_ptr<history> history_;
    std::unique_ptr<impl> impl_;
    std::shared_ptr<lobby> lobby_;  // the public tables and who watches them
    std::shared_ptr<table_router> router_;
    const std::shared_ptr<node_lease> lease_ = std::make_shared<node_lease>();
    std::shared_ptr<accounts> accounts_;
    std::shared_ptr<quick_play> quick_play_;
    std::shared_ptr<tournament_director> tournaments_;
    // Where every table's search bots think (config.bot_threads threads; null with 0: they think on the strand).
    std::shared_ptr<bot_thinking> thinking_;
    struct moderation_seen {
        std::int64_t log_line = 0;  // the last announcement relayed
        std::int64_t sanction = 0;  // the last sanction enforced
    };
    std::optional<moderation_seen> relayed_up_to_;  // the moderation round's thread only
    void take_banned_seats(const persistence::sanction_record& ban);
};

}  // namespace golf::server
