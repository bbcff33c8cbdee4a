// What the fault harness records while it runs, for the checker (checker.hpp): per match, every move the server
// acknowledged and every move whose answer never came, every time a node seated someone at the table, and every
// frame each receiver got; per fault, when it began, healed and settled. Times are the machine's wall clock in
// milliseconds, which the database's timestamps share (everything runs on one machine).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/ruleset.hpp"
#include "golf/v1/messages.pb.h"

namespace golf::faults {

using wall_ms = double;

inline wall_ms now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// HH:MM:SS.mmm in local time, as golf-server's log lines say it, so a report's times can be found in the logs.
inline std::string clock_text(wall_ms at) {
    const std::time_t seconds = static_cast<std::time_t>(at / 1000);
    std::tm parts{};
    ::localtime_r(&seconds, &parts);
    char text[32];
    std::snprintf(text, sizeof text, "%02d:%02d:%02d.%03d", parts.tm_hour, parts.tm_min, parts.tm_sec,
                  static_cast<int>(static_cast<std::int64_t>(at) % 1000));
    return text;
}

// A move whose Act was answered without an Error: `before` is the hand_version it was sent with (the server checks
// it, so the move is the hand's change number before + 1), `shown` the version of the first update showing it.
struct acknowledged {
    int seat = 0;
    int hole = 0;
    action act{};
    std::uint64_t before = 0;
    std::uint64_t shown = 0;
    std::string node;  // the node the mover's connection reached (its Welcome)
    wall_ms sent = 0;
    wall_ms answered = 0;
};

// A move sent whose answer never came (the connection was lost or the wait ran out): it may or may not have been
// made, and either is allowed.
struct unanswered {
    int seat = 0;
    int hole = 0;
    action act{};
    std::uint64_t before = 0;
    wall_ms sent = 0;
};

// A node seated someone at the table (made it, a join, a reclaim, a probing spectator) between `from` and `to`.
struct seating {
    std::string node;
    wall_ms from = 0;
    wall_ms to = 0;
    std::string what;
};

// A spectator that joined through one node to see who seats it, and the first update it was sent.
struct probe {
    seating seated;
    std::optional<v1::TableUpdate> first;
};

// Why a driver left a table whose node died before the match's first deal reached the database (the table went
// with it: its seat tokens are answered BAD_TOKEN, rightly).
inline constexpr const char* left_before_deal = "the table went with its node before its first deal was recorded";

struct match_history {
    int driver = 0;
    std::string code;
    std::string preset;
    std::optional<ruleset> rules;
    int players = 0;
    std::vector<std::string> names;
    std::uint64_t match_id = 0;  // from hand_version (the record's id above its change count); 0 before the start
    std::vector<acknowledged> acks;
    std::vector<unanswered> unknown;
    std::vector<seating> seatings;
    std::vector<probe> probes;
    std::vector<std::vector<v1::ServerMessage>> received;  // per receiver: the seats, then the spectator
    std::optional<v1::Scorecard> final_card;               // once the match ended
    std::vector<std::string> problems;                     // what the client saw that must not happen
    std::string gave_up;  // why the driver left the table before its end ("" when it played it through)
    wall_ms started = 0;
    wall_ms ended = 0;
};

// How the clients fared, over every table (refusals a client must expect during a failover, and the rest).
struct client_tally {
    std::int64_t acknowledged = 0;
    std::int64_t unanswered = 0;
    std::int64_t stale = 0;
    std::int64_t unavailable = 0;       // ERROR_CODE_UNAVAILABLE answers
    std::int64_t bad_token = 0;         // a valid token refused: must never happen
    std::int64_t lost_before_deal = 0;  // tables whose node died before their first deal was recorded
    std::int64_t proxy_refused = 0;     // HTTP 502/503 from HAProxy on a WebSocket connect
    std::int64_t connect_failed = 0;    // no connection or no Welcome in time
    std::int64_t reclaims = 0;
    std::int64_t silences = 0;  // connections given up after nothing came for a while
    std::int64_t probes = 0;
    void add(const client_tally& o);
};

inline void client_tally::add(const client_tally& o) {
    for (auto field :
         {&client_tally::acknowledged, &client_tally::unanswered, &client_tally::stale, &client_tally::unavailable,
          &client_tally::bad_token, &client_tally::lost_before_deal, &client_tally::proxy_refused,
          &client_tally::connect_failed, &client_tally::reclaims, &client_tally::silences, &client_tally::probes})
        this->*field += o.*field;
}

// One fault of the schedule as it ran.
struct fault_record {
    std::string kind;                // e.g. "kill -9 a node"
    std::string what;                // the targets and amounts, e.g. "n2 for 2000 ms"
    std::vector<std::string> nodes;  // the nodes it struck (none for the proxy or the database)
    wall_ms start = 0;
    wall_ms healed = 0;
    wall_ms settled = 0;  // every node healthy and every table moving again; 0 when it never was
    std::string stuck;    // what had not recovered when the wait for it ran out
};

}  // namespace golf::faults
