// Quick play's matchmaking, pure logic: one queue per (preset, seat count); players of similar conservative rating
// are seated together, each player's acceptable gap (its window) widening with its wait; a player who asked for bots
// is seated with bots once its chosen wait has passed. No sockets, no clock reads (time is passed in): the server
// owns one of these on one strand, calls match() a few times per second and opens a table for each seating returned.
// Deterministic: the same calls with the same times give the same seatings.
#pragma once

#include <chrono>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace golf::server {

// Which queue a player waits in: only players asking for the same preset and seat count are seated together.
struct queue_key {
    std::string preset;
    int seats = 2;

    friend auto operator<=>(const queue_key&, const queue_key&) = default;
};

struct quick_play_settings {
    // Ratings here are mu - 3 sigma on the Weng-Lin scale (mu 25, sigma 25/3, beta 25/6): new players sit at 0 and
    // established ones mostly between 0 and 40. 2 points is about half a beta, a near-even game.
    double base_window = 2.0;
    // Widening by 0.5 a second reaches 3 beta (12.5) in about 20 s: a short wait buys a fair game, not a long one.
    double window_growth_per_second = 0.5;
    // Reached after 46 s: a new player (0) may then meet a strong one (25), never a 40, however long the wait.
    double max_window = 25.0;
    // Bounds memory and match()'s worst case: about n^2 pair checks in one queue, a million (1.5 ms measured).
    std::size_t max_waiting = 1000;
};

class quick_play_queue {
public:
    using clock = std::chrono::steady_clock;
    using time_point = clock::time_point;
    using duration = clock::duration;

    struct entry {
        std::uint64_t id = 0;  // the caller's handle for the waiting connection
        double rating = 0.0;   // conservative (mu - 3 sigma); a guest or a new account passes 0
        time_point joined{};
        std::optional<duration> bots_after;  // fill with bots after this wait; nullopt: people only
    };

    // A table to open: `players` (ids, the oldest waiting first) and `bots` make key.seats.
    struct seating {
        queue_key key;
        std::vector<std::uint64_t> players;
        int bots = 0;

        friend bool operator==(const seating&, const seating&) = default;
    };

    // What a waiting player is told.
    struct wait_status {
        std::size_t waiting = 0;  // in its queue, itself included
        duration waited{};
        double window = 0.0;              // the rating gap it accepts now
        std::optional<duration> bots_in;  // until bots fill its seats (zero once due); nullopt if it asked for none
    };

    explicit quick_play_queue(quick_play_settings settings = {}) : settings_(settings) {}

    // Waits `e.id` in `key`'s queue, replacing any earlier wait of that id (in any queue; the wait starts again at
    // e.joined). False, and nothing changed, when the queues are full, key.seats < 2 or the rating is not finite.
    bool join(const queue_key& key, const entry& e);
    // Stops `id` waiting; false if it was not.
    bool leave(std::uint64_t id);
    // Removes and returns the groups to seat now: all-human groups first, the longest-waiting served first, then
    // those whose bots are due and who found no full group, with whoever fits and is due too.
    std::vector<seating> match(time_point now);
    // nullopt if `id` is not waiting.
    std::optional<wait_status> status(std::uint64_t id, time_point now) const;

    std::size_t size() const { return where_.size(); }
    const quick_play_settings& settings() const { return settings_; }
    // The rating gap a player accepts after waiting `waited`.
    double window(duration waited) const;

private:
    struct waiting {
        entry e;
        std::uint64_t order = 0;  // join order: breaks ties between equal join times
    };
    using queue = std::vector<waiting>;  // the oldest first

    // match() for one queue: removes the seated from `q` and returns their seatings.
    std::vector<seating> match_queue(const queue_key& key, queue& q, time_point now) const;

    quick_play_settings settings_;
    std::map<queue_key, queue> queues_;  // ordered, so match() visits queues in the same order every time
    std::unordered_map<std::uint64_t, queue_key> where_;
    std::uint64_t next_order_ = 0;
};

}  // namespace golf::server

template <>
struct std::hash<golf::server::queue_key> {
    std::size_t operator()(const golf::server::queue_key& k) const noexcept {
        return std::hash<std::string>{}(k.preset) * 31 + std::hash<int>{}(k.seats);
    }
};
