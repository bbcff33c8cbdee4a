// The plain values persistence stores and gives back: tables, matches, seats, holes, the hand in play and results.
// They hold no engine types (a ruleset is its option text, actions are the engine's action-log text), so the
// database layer needs nothing of ours; match_replay.hpp turns them back into engine state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace golf::persistence {

using match_id = std::int64_t;

// A table as created, with what a restart needs to open it again.
struct table_record {
    std::string code;             // the table's join code
    std::string preset;           // the preset it was made from
    std::string ruleset;          // every option, as golf::to_text(ruleset) writes it
    std::int64_t created_at = 0;  // unix seconds, supplied by the caller
    int seats = 0;
    bool is_public = false;
    std::string password_hash;  // SHA-256 hex of the password; empty: none
    std::int64_t turn_clock_ms = 0;
    bool forfeit_when_away = false;
    std::int64_t claim_window_ms = 0;   // 0: the server's default
    std::int64_t between_holes_ms = 0;  // the longest wait for every NextHole; 0: the server's default
    bool quick_play = false;            // made by quick play (its people are strangers, as at a public table)
    std::int64_t tournament_id = 0;     // made for a round of this tournament; 0: none
    std::string deal_key;               // a duplicate round's secret key (hex): every hole's seed derives from it

    friend bool operator==(const table_record&, const table_record&) = default;
};

struct seat_record {
    int seat = 0;
    std::string display_name;
    std::string token_hash;  // a hash of the seat/player token, never the token itself; empty for a bot
    std::string bot;         // empty for a person; a server bot's level as make_bot names it ("hard", "search:500")
    std::int64_t account_id = 0;  // the signed-in account that sat here; 0 for a guest or a bot

    friend bool operator==(const seat_record&, const seat_record&) = default;
};

struct match_start {
    std::string table_code;  // empty when the match has no recorded table
    std::string preset;
    std::string ruleset;  // every option, as golf::to_text(ruleset) writes it
    std::vector<seat_record> seats;
    std::int64_t started_at = 0;
};

struct hole_record {
    match_id match = 0;
    int hole = 0;  // 1-based, the hole's number within the match
    std::uint64_t seed = 0;
    int dealer = 0;
    std::optional<int> caller;        // who called or knocked, if anyone
    std::vector<int> hand_scores;     // by seat
    std::vector<int> running_totals;  // by seat, after this hole
    std::string actions;              // golf::encode_action_log of the hand

    friend bool operator==(const hole_record&, const hole_record&) = default;
};

// The hole being played: replaced with every move (the writer keeps only the newest per match in a batch) and
// removed when that hole's hole_record is written. A restart replays it to resume mid-hand.
struct hand_progress {
    match_id match = 0;
    int hole = 0;  // 1-based
    std::uint64_t seed = 0;
    int dealer = 0;
    std::string actions;  // golf::encode_action_log so far

    friend bool operator==(const hand_progress&, const hand_progress&) = default;
};

// A seat that changed hands mid-match: the host opened it (no token reclaims it) or a newcomer sat down in it. The
// seat's place, scores and totals stay; who it belongs to is `seat`.
struct seat_change {
    match_id match = 0;
    seat_record seat;  // an empty token_hash: the seat is open

    friend bool operator==(const seat_change&, const seat_change&) = default;
};

// A person removed from the table during a match (by its host or a vote): they may not come back to it, even
// after a restart or on another node. An account by its id; a guest (account 0) by the address it played from.
struct table_bar {
    match_id match = 0;
    std::int64_t account_id = 0;
    std::string address;

    friend bool operator==(const table_bar&, const table_bar&) = default;
};

struct match_result {
    match_id match = 0;
    std::int64_t ended_at = 0;
    std::optional<int> winner_seat;  // none for a shared win (or an abandoned match)
    std::vector<int> final_totals;   // by seat (for an abandoned match: the totals when it was given up)
    // Everyone left before the end and the table closed: not restored after a restart, not ranked.
    bool abandoned = false;
};

struct match_summary {
    match_id id = 0;
    std::string table_code;
    std::string preset;
    std::string ruleset;
    std::int64_t started_at = 0;
    std::optional<std::int64_t> ended_at;  // none while the match is unfinished
    std::optional<int> winner_seat;
    bool abandoned = false;  // ended_at is when it was given up
    std::vector<seat_record> seats;
    std::vector<std::optional<int>> final_totals;  // by seat; none until finished
};

struct match_detail {
    match_summary summary;
    std::vector<hole_record> holes;        // in hole order
    std::optional<hand_progress> in_play;  // the unfinished hole, if one was being played
    std::optional<table_record> table;     // the table it was played at, if recorded
    std::vector<table_bar> bars;           // who may not come back to its table
};

// Finished matches only; seats played by server bots are not ranked. A seat wins a match when its final total
// is the lowest (shared wins count for everyone tied).
struct leaderboard_entry {
    std::string display_name;
    int matches = 0;
    int wins = 0;
    double average_total = 0;  // mean final total per match
    double average_hole = 0;   // mean hand score per hole

    friend bool operator==(const leaderboard_entry&, const leaderboard_entry&) = default;
};

// One player's record with one preset.
struct preset_stats {
    std::string preset;
    int matches = 0;
    int wins = 0;
    double average_total = 0;
    double average_hole = 0;

    friend bool operator==(const preset_stats&, const preset_stats&) = default;
};

}  // namespace golf::persistence
