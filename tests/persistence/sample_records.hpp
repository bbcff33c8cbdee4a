// Records the store tests write and read back, shared by the tests of every backend and SQLite's own.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <thread>

#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/match_store.hpp"

namespace golf::persistence::test_support {

using namespace std::chrono_literals;

constexpr auto flush_limit = 60s;  // a bound for a hung writer, not a timing assertion

// A preset's own rules as a match records them: the only matches that are rated (plays_preset_rules).
inline std::string preset_rules_text(const std::string& preset) { return to_text(find_preset(preset)->rules); }

inline match_start two_player_match() {
    return {"ABCD", "six-card", "standard", {{0, "ann", "hash-ann", ""}, {1, "bob", "hash-bob", ""}}, 1'700'000'000};
}

// Table "ABCD" with only the fields version 1 knew, and a seat count.
inline table_record bare_table(std::int64_t created_at, int seats) {
    table_record t;
    t.code = "ABCD";
    t.preset = "six-card";
    t.ruleset = "standard";
    t.created_at = created_at;
    t.seats = seats;
    return t;
}

inline hole_record hole(match_id id, int number) {
    hole_record h;
    h.match = id;
    h.hole = number;
    h.seed = 0xFEDC'BA98'7654'3210ULL + static_cast<std::uint64_t>(number);  // above INT64_MAX on purpose
    h.dealer = number % 2;
    if (number % 3 == 0) h.caller = 1;
    h.hand_scores = {number, -2};
    h.running_totals = {number * (number + 1) / 2, -2 * number};
    h.actions = std::string("\x01\x00\x07\xff", 4) + std::to_string(number);  // bytes, including a NUL
    return h;
}

inline table_record full_table() {
    return {"QK7M2X",
            "six-card",
            "six-card knocking=true",
            1'699'999'000,
            4,
            true,
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            30'000,
            true,
            1'500,
            45'000,
            true,
            7,
            "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"};
}

inline match_start match_with_a_bot() {
    return {"QK7M2X",
            "six-card",
            "six-card knocking=true",
            {{0, "ann", "hash-ann", ""}, {1, "Robo", "", "heuristic"}, {2, "Randy", "", "random"}},
            1'700'000'000};
}

inline hand_progress progress(match_id id, int hole, std::size_t moves) {
    std::string actions;
    for (std::size_t i = 0; i < moves; ++i) actions += (i == 0 ? "" : " ") + std::to_string(i % 3) + ":draw_stock";
    return {id, hole, 0x8C3F'09D1'A2B4'E670ULL + static_cast<std::uint64_t>(hole), hole % 3, actions};
}

// Polled, not flushed (a flush wakes the writer): true once nothing is pending.
inline bool written_without_flush(const match_store& store) {
    const auto deadline = std::chrono::steady_clock::now() + flush_limit;
    while (store.health().pending > 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
    return store.health().pending == 0;
}

}  // namespace golf::persistence::test_support
