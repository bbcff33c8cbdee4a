// Counters and a latency histogram for GET /metrics (Prometheus text format, names starting golf_).
// Everything is atomic: any thread may count; rendering reads a consistent-enough snapshot.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "persistence/match_store.hpp"

namespace golf::server {

struct table_counts {
    std::int64_t waiting = 0, playing = 0, between_holes = 0, finished = 0;
};

class metrics {
public:
    std::atomic<std::int64_t> connections_open{0};
    std::atomic<std::int64_t> connections_total{0};
    std::atomic<std::int64_t> connections_refused{0};  // per-address limit, server full
    std::atomic<std::int64_t> messages_in{0};
    std::atomic<std::int64_t> frames_out{0};
    std::atomic<std::int64_t> actions{0};  // engine actions applied (people and bots)
    std::atomic<std::int64_t> errors{0};   // Error replies sent
    std::atomic<std::int64_t> slow_clients_cut{0};
    std::atomic<std::int64_t> idle_closed{0};  // nothing heard, not even a pong, for idle_timeout
    std::atomic<std::int64_t> bad_frames{0};   // undecodable, text or oversized frames
    // Search bots' decisions (server/tables/bot_thinking.hpp): thought on the bot threads; decided by the heuristic bot
    // on the table's strand because the queue was full; thought for a point the hand had left by the answer (dropped).
    std::atomic<std::int64_t> bot_thoughts{0};
    std::atomic<std::int64_t> bot_thoughts_refused{0};
    std::atomic<std::int64_t> bot_thoughts_stale{0};
    std::atomic<std::int64_t> io_threads_running{1};  // of the --threads at most (server/net/io_threads.hpp)

    // Time from a request's arrival to its replies being queued, in seconds.
    void observe_latency(std::chrono::steady_clock::duration d);

    // The Prometheus exposition text; `resident_bytes` is read from /proc by the caller, `database` is the store's
    // health (the golf_db_ lines), null without a store.
    std::string render(const table_counts& tables, std::int64_t resident_bytes,
                       const persistence::store_health* database = nullptr) const;

    static constexpr std::array<double, 12> latency_buckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                            0.01,   0.025,   0.05,   0.1,   0.25,   1.0};

private:
    std::array<std::atomic<std::int64_t>, latency_buckets.size() + 1> latency_counts_{};
    std::atomic<std::int64_t> latency_sum_ns_{0};
};

// The server process's resident set size, from /proc/self/statm (0 when unreadable).
std::int64_t resident_bytes();
// CPU time the process has used (all its threads), in seconds (zeros when unreadable). The system part is the
// kernel's work for it: on loopback that includes delivering every frame it sends, which bounds what any server can
// do on the machine.
struct cpu_time {
    double user = 0;
    double system = 0;
    double total() const { return user + system; }
};
cpu_time process_cpu_time();

}  // namespace golf::server
