// The plain values persistence stores and gives back: tables, matches, seats, holes and results.
// They hold no engine types (a ruleset is its preset name or text, actions are encoded bytes), so persistence
// depends on nothing of ours and the caller decides how a hand is encoded for replay.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace golf::persistence {

using match_id = std::int64_t;

struct table_record {
    std::string code;     // the table's join code
    std::string ruleset;  // preset name or encoded ruleset
    std::int64_t created_at = 0;  // unix seconds, supplied by the caller
};

struct seat_record {
    int seat = 0;
    std::string display_name;
    std::string token_hash;  // a hash of the seat/player token, never the token itself
};

struct match_start {
    std::string table_code;  // empty when the match has no recorded table
    std::string ruleset;
    std::vector<seat_record> seats;
    std::int64_t started_at = 0;
};

struct hole_record {
    match_id match = 0;
    int hole = 0;  // the hole's number within the match, as the caller counts
    std::uint64_t seed = 0;
    int dealer = 0;
    std::optional<int> caller;        // who called or knocked, if anyone
    std::vector<int> hand_scores;     // by seat
    std::vector<int> running_totals;  // by seat, after this hole
    std::string actions;              // the hand's action list, encoded by the caller (bytes or text)

    friend bool operator==(const hole_record&, const hole_record&) = default;
};

struct match_result {
    match_id match = 0;
    std::int64_t ended_at = 0;
    std::optional<int> winner_seat;  // none for a shared win
    std::vector<int> final_totals;   // by seat
};

struct match_summary {
    match_id id = 0;
    std::string table_code;
    std::string ruleset;
    std::int64_t started_at = 0;
    std::optional<std::int64_t> ended_at;  // none while the match is unfinished
    std::optional<int> winner_seat;
    std::vector<seat_record> seats;
    std::vector<std::optional<int>> final_totals;  // by seat; none until finished
};

struct match_detail {
    match_summary summary;
    std::vector<hole_record> holes;  // in hole order
};

}  // namespace golf::persistence
