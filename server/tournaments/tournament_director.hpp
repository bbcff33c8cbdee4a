// The tournament director: the protocol's tournament requests, the HTTP API's /api/tournaments, and the rounds.
// Everything runs on the director's own thread, in order, because each step reads and saves the tournament's row
// (persistence/tournament_store.hpp) and waits for the database. Once a second it reads every running tournament:
// the tables of the round in play whose match has been recorded as finished give their results, and a finished
// round seats the next one at new tables (server/tables/table_tournament.cpp). Since all of it is read back from
// the database, a restart or another node taking over carries on where the last save left it; with several nodes
// one node directs each tournament (the cluster names it), and a save over a stale read is refused anyway.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "persistence/match_store.hpp"
#include "persistence/tournament_store.hpp"
#include "server/client_link.hpp"
#include "server/registry/history.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace golf::server {

class registry;
class table;
class accounts;

class tournament_director : public std::enable_shared_from_this<tournament_director> {
public:
    // `directs(id)`: whether this node runs tournament id's rounds (always, with a single node).
    tournament_director(std::weak_ptr<registry> tables, std::shared_ptr<persistence::match_store> store,
                        std::shared_ptr<accounts> service, std::function<bool(std::int64_t)> directs);
    ~tournament_director();
    tournament_director(const tournament_director&) = delete;
    tournament_director& operator=(const tournament_director&) = delete;

    // The rounds' tick begins (after the tables were restored); stop() ends it and waits for the thread.
    void start();
    void stop();

    static bool handles(v1::ClientMessage::BodyCase body);
    void handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    void disconnected(const std::shared_ptr<client_link>& link);

    static bool is_api_path(std::string_view path) {
        return path == "/api/tournaments" || path.starts_with("/api/tournaments/");
    }
    // GET /api/tournaments[?ended=1] and /api/tournaments/ID, as JSON; `done` runs on the director's thread.
    void answer_http(std::string target, std::function<void(history::http_reply)> done);

    static constexpr std::chrono::milliseconds tick{1000};
    static std::int64_t now_s() { return static_cast<std::int64_t>(std::time(nullptr)); }
    static constexpr std::size_t list_limit = 100;

private:
    struct loaded {
        persistence::tournament_row row;
        v1::Tournament t;
    };
    std::optional<loaded> load(std::int64_t id);
    bool save(loaded& l, std::int64_t now);  // false: saved by someone else since (reload and try again)
    v1::ServerMessage answer(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    v1::ServerMessage create(const std::shared_ptr<client_link>& link, const v1::CreateTournament& request);
    v1::ServerMessage change(const std::shared_ptr<client_link>& link, std::int64_t id,
                             const std::function<std::optional<v1::ServerMessage>(loaded&)>& step,
                             std::optional<tournament_rules::entrant_key> reader = std::nullopt);
    v1::ServerMessage join(const std::shared_ptr<client_link>& link, const v1::JoinTournament& request);
    static std::optional<tournament_rules::entrant_key> key_of(const link_identity& who,
                                                               const std::string& entry_token);
    v1::ServerMessage manage(const std::shared_ptr<client_link>& link, const v1::ManageTournament& request);
    v1::ServerMessage list(bool include_ended);
    v1::ServerMessage info_for(const v1::Tournament& t, const tournament_rules::entrant_key& reader) const;

    // The rounds (tournament_rounds.cpp).
    void arm();
    void on_tick();
    // A round's results in, the next round seated: true when `l` changed.
    bool direct(loaded& l, std::int64_t now);
    bool collect_results(loaded& l);
    // Opens the round's tables and seats them; false (none left open) when the server has no room.
    bool open_tables(loaded& l, int round, const std::vector<int>& only = {});  // `only` these tables, if given
    bool reseat_lost_tables(loaded& l, std::int64_t now);
    bool alive(const std::string& code, std::int64_t round_started);  // playing or finished, here or elsewhere
    bool seat_arena(loaded& l, std::int64_t now);
    static bool start_time_come(const persistence::tournament_row& row);  // read from the listed row alone
    bool start_on_time(loaded& l, std::int64_t now);
    static void finished(v1::Tournament& t);  // the note and the log line
    static void seated(v1::Tournament& t);
    void end_tables(const v1::TournamentRound& round, const std::string& reason);
    void end_opened(const std::string& reason);  // the tables open_tables opened in this tick
    void tell_watchers(const loaded& l);
    void refresh_watched();

    std::weak_ptr<registry> tables_;
    std::shared_ptr<persistence::match_store> store_;
    persistence::tournament_store* tournaments_ = nullptr;  // the store's; null without accounts
    std::shared_ptr<accounts> accounts_;
    std::function<bool(std::int64_t)> directs_;
    boost::asio::thread_pool thread_{1};
    boost::asio::steady_timer timer_{thread_};
    bool stopped_ = false;  // the thread only
    struct watcher {
        std::weak_ptr<client_link> link;  // told as whoever it is signed in as then (your_table)
        std::string entry_hash;           // or, a guest, as the entrant with this entry token
    };
    struct watched {
        std::vector<watcher> watchers;
        std::int64_t version = 0;  // the last one told
    };
    std::map<std::int64_t, watched> watched_;  // by tournament id; the thread only
    // By tournament id: when each unfinished table of its round in play is next looked for; the thread only.
    std::map<std::int64_t, std::map<std::string, std::int64_t>> lost_checks_;
    std::vector<std::shared_ptr<table>> opened_;  // by open_tables in this tick; the thread only
};

}  // namespace golf::server
