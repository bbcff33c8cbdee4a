// golf arena's play: single hands between named bots, on one or more threads, tallied per bot name.
// It promises the same tallies (scores, wins, differences, decision counts) for the same setup whatever the number
// of threads: hand h's seed is the h-th draw of random_source(seed), each seat's bot draws from a random_source
// made from that hand's seed and the seat, and tallies are exact integer sums. Only the times differ between runs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/arena/arena_stats.hpp"
#include "engine/ruleset.hpp"

namespace golf::cli {

struct arena_setup {
    std::shared_ptr<const ruleset> rules;  // valid for `players` (validate_for_players)
    int players = 0;
    std::int64_t hands = 0;
    std::uint64_t seed = 1;
    std::vector<std::string> seat_bots;  // one name per seat, each accepted by make_bot: the bot list cycled
    int threads = 1;
    // Empty, or a bot (accepted by make_bot) that also plays every hand's deal alone, in every seat: the duplicate
    // comparison, as in duplicate bridge. Each bot is then compared with it seat for seat on the same cards.
    std::string baseline;
};

// One bot name, every seat it plays grouped.
struct arena_bot {
    std::string name;
    int seats_per_hand = 0;
    observations scores;         // one per hand: the mean of its seats' scores in that hand (scale: seats_per_hand)
    std::int64_t win_units = 0;  // hand wins in win_units (arena_stats.hpp), ties split
    decision_times times;        // each bot::choose call
    // With a baseline: one per hand, its seats' scores minus the baseline's in those seats on the same deal
    // (scale: seats_per_hand). Negative: it scored lower than the baseline would have in its place.
    observations gains;
};

// The paired per-hand difference of bots a and b (indices into arena_result::bots, a < b): a's value minus b's.
struct arena_difference {
    int a = 0;
    int b = 0;
    observations values;
};

struct arena_result {
    std::vector<arena_bot> bots;                // the distinct names in order of first appearance in seat_bots
    std::vector<arena_difference> differences;  // every pair a < b, in order
    std::int64_t hands = 0;                     // hands played to the end
    std::int64_t actions = 0;                   // moves and claims applied
    double seconds = 0;
    std::string failure;  // empty, or what went wrong in the earliest hand that failed
};

// Which entry of seat_bots plays `seat` in hand `hand_number`; hand h is dealt by seat h % players.
int arena_entry_at(int seat, std::int64_t hand_number, int players);

// Plays setup.hands hands. `progress`, when set, is called on the calling thread now and then with the hands done.
arena_result play_arena(const arena_setup& setup, const std::function<void(std::int64_t)>& progress = {});

}  // namespace golf::cli
