// Where the server's search bots think: a few threads of their own (--bot-threads), never a table's strand or an
// I/O thread, because one decision of the search bot takes up to a few hundred milliseconds of CPU. A job owns
// everything it reads (its seat's view, the shared read-only ruleset, its playouts and its random seed), so a
// pool thread touches nothing of the table; its answer goes to the job's `done`, which posts it to the table's
// strand. The queue is bounded: when it is full submit() refuses at once and the table decides that one move
// itself with the heuristic bot (server/tables/table_bots.cpp), so a flood of bot tables degrades their bots' play for
// a moment instead of delaying every table's bots behind a queue that only grows.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/action.hpp"
#include "engine/hand.hpp"
#include "engine/ruleset.hpp"

namespace golf::server {

// Where a hand stood when a server bot began thinking about its move. The answer is applied only if the hand is
// still exactly there: a move by anyone (a claim by a person included), a new hole or match, or a change of who
// sits where in between makes it stale, and the table thinks again.
struct bot_point {
    int match = 0;                   // the table's match number
    int hole = 0;                    // 1-based
    std::size_t moves = 0;           // actions in the hole's log
    int seat = -1;                   // whose move
    std::uint64_t seat_changes = 0;  // the table's count of changes of who sits where
    friend bool operator==(const bot_point&, const bot_point&) = default;
};

class bot_thinking {
public:
    struct job {
        hand_view view;                        // the seat's view: all it may know
        std::shared_ptr<const ruleset> rules;  // shared, read-only
        int playouts = 1;                      // the search bot's playouts per decision
        std::uint64_t seed = 0;                // its random_source, drawn from the seat's own on the table's strand
        std::function<void(action)> done;      // on a pool thread; posts the answer to the table's strand
    };

    // Jobs waiting beyond those being thought about, per thread: a decision waits behind at most this many (at
    // "hard", 26 ms each on the project machine: about 0.2 s) or its table decides for it instead.
    static constexpr std::size_t queue_per_thread = 8;

    // How a job is decided: the search bot with the job's playouts and seed (tests put in one they control).
    using thinker = std::function<action(const job&)>;
    static action search(const job& j);

    // `threads` threads (at least 1); at most `queue_limit` jobs wait.
    bot_thinking(int threads, std::size_t queue_limit, thinker think = search);
    ~bot_thinking();
    bot_thinking(const bot_thinking&) = delete;
    bot_thinking& operator=(const bot_thinking&) = delete;

    // Queues `j`; false (and `j` is dropped unrun) when the queue is full or the pool has stopped. Any thread.
    bool submit(job j);
    // Refuses new jobs, drops the waiting ones (their `done` never runs: their tables have closed), lets the
    // running ones finish and joins the threads. Idempotent; not from a pool thread.
    void stop();

    int threads() const { return static_cast<int>(threads_.size()); }
    std::size_t queue_limit() const { return queue_limit_; }
    // Jobs waiting for a thread now. Any thread.
    std::size_t waiting() const;

private:
    void work();

    const std::size_t queue_limit_;
    const thinker think_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<job> queue_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;  // last: started once the rest is ready
};

}  // namespace golf::server
