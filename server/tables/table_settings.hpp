// What a table is created with besides its rules: listing, password, clocks and waits. Set by CreateTable (or a
// restored table's record) and fixed for the table's life.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace golf::server {

struct table_settings {
    bool is_public = false;
    bool quick_play = false;         // made by quick play: strangers, as at a public table
    std::int64_t tournament_id = 0;  // a tournament's round (table_tournament.cpp); 0: none
    std::string deal_key;       // a duplicate round's secret (raw bytes): every hole's seed is secure::hole_seed of it
    std::string password_hash;  // SHA-256 of the password; empty: none
    std::chrono::milliseconds turn_clock{0};  // 0: none. The protocol allows 5..3600 s; tests may set less
    bool forfeit_when_away = false;
    std::chrono::milliseconds claim_window{3000};  // rulesets with claims: how long after a discard they are taken
    std::chrono::milliseconds between_holes{0};    // the longest wait for NextHole; 0: the server's --between-holes-ms
    static constexpr std::uint32_t max_between_holes_seconds = 600;

    // The claim windows a table may have (CreateTable.claim_window_ms; a restored table's record).
    static constexpr std::int64_t min_claim_window_ms = 500;
    static constexpr std::int64_t max_claim_window_ms = 30000;
    static bool claim_window_allowed(std::int64_t ms) { return ms >= min_claim_window_ms && ms <= max_claim_window_ms; }
};

}  // namespace golf::server
