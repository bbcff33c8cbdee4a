// History from the database, over the protocol (ListMatches, GetMatch, GetReplay, GetLeaderboard, GetPlayerStats)
// and as JSON over HTTP (/api/matches?player=NAME, /api/matches/ID, /api/matches/ID/holes/N,
// /api/leaderboard?rules=PRESET, /api/players/NAME). Queries
// run on history's own thread, never on a network thread; answers come back through a callback on that thread.
// The JSON is the protobuf JSON mapping of the same messages the protocol sends, so there is one schema for both.
#pragma once

#include <atomic>
#include <boost/asio/thread_pool.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "golf/v1/messages.pb.h"
#include "persistence/match_store.hpp"

namespace golf::server {

// The HTTP API's bodies: a reply as JSON (field names as in the .proto, every field), and a refusal.
std::string to_json(const google::protobuf::Message& message);
std::string json_error(std::string_view text);

class history {
public:
    explicit history(std::shared_ptr<persistence::match_store> store);
    ~history();  // waits for queries in progress
    history(const history&) = delete;
    history& operator=(const history&) = delete;

    // A ClientMessage whose body is one of the history requests. `done` gets the reply (or an Error) without its
    // request_id, on the history thread.
    void answer(const v1::ClientMessage& request, std::function<void(v1::ServerMessage)> done);

    struct http_reply {
        unsigned status = 200;
        std::string body;  // JSON
    };
    static bool is_api_path(std::string_view path) { return path == "/api" || path.starts_with("/api/"); }
    // `target` is the request target with its query. `done` runs on the history thread.
    void answer_http(std::string target, std::function<void(http_reply)> done);

    // Queries waiting or running; beyond the limit new ones are refused with UNAVAILABLE / 503.
    static constexpr int max_pending = 256;

private:
    bool admit();
    // A duplicate round's match while other tables of the round still deal its cards (tournament_rules::holds_back).
    bool held_back(const persistence::match_detail& detail) const;
    // GetMatch (no hole) and GetReplay (that hole step by step) of recorded match `id`, or the refusal.
    v1::ServerMessage recorded(std::int64_t id, std::optional<std::uint32_t> hole) const;
    static constexpr std::string_view held_back_words =
        "that match is a duplicate round's: it is shown once every table of the round has finished";

    std::shared_ptr<persistence::match_store> store_;
    std::atomic<int> pending_{0};
    boost::asio::thread_pool pool_{1};
};

}  // namespace golf::server
