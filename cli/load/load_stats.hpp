// What every driver of a `golf load` run counts, read by the run's progress line and its report. Atomics and one
// lock-free histogram per latency, since drivers run on all the I/O threads.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

#include "cli/load/load_histogram.hpp"
#include "cli/load/load_settings.hpp"

namespace golf::cli::load {

struct shared_stats {
    latency_histogram latency;
    // The same moves split in two: a hole's last move is answered only once the hole is on disk (and the next
    // deal follows it), so its latency is a different thing from a move in the middle of a hole.
    latency_histogram hole_end_latency;
    latency_histogram mid_hole_latency;
    // From when a move was written rather than when it was due: the server's and the network's part alone. In open
    // loop the difference is the tool's own lateness (a timer that fired late, a thread that was busy).
    latency_histogram from_sent_latency;
    std::atomic<bool> measuring{false};
    std::atomic<bool> stopping{false};
    std::atomic<std::int64_t> measure_start_ns{0};
    std::atomic<std::uint64_t> moves{0};       // completed in the measurement window
    std::atomic<std::uint64_t> frames_in{0};   // frames received by the clients, in the window
    std::atomic<std::uint64_t> frames_out{0};  // frames sent by the clients, in the window
    std::atomic<std::uint64_t> errors{0};
    // Joins answered ERROR_CODE_TABLE_ELSEWHERE (several nodes behind a proxy) and followed to the table's node.
    std::atomic<std::uint64_t> node_hops{0};
    // Updates the hosts of the bot tables (--bot-tables) received in the window: the server's bots played.
    std::atomic<std::uint64_t> bot_table_updates{0};
    std::atomic<std::int64_t> open{0};  // connections open now
    std::atomic<int> connecting{0};     // connections being set up now
    std::atomic<int> ready{0};          // tables playing (or echo/idle connections open)
    std::atomic<int> failed{0};         // tables or connections that could not be set up
    std::mutex mutex;
    std::string first_error;

    void error(const std::string& what) {
        errors.fetch_add(1, std::memory_order_relaxed);
        std::lock_guard lock(mutex);
        if (first_error.empty()) first_error = what;
    }
    bool in_window(clock_type::time_point t) const {
        return measuring.load(std::memory_order_relaxed) &&
               t.time_since_epoch().count() >= measure_start_ns.load(std::memory_order_relaxed);
    }
};

// A latency as the progress line and the report print it.
inline double ms(std::chrono::nanoseconds d) { return static_cast<double>(d.count()) / 1e6; }

}  // namespace golf::cli::load
