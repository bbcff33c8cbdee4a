// The I/O threads. The first runs the io_context all the time; the others join it only while that is not enough.
// Why: a thread inside io_context::run is woken for every handler posted while it idles (a futex and two context
// switches), and at the loads servers mostly see, that cost more than the work itself (docs/PERFORMANCE.md,
// "Cost per move", has the figures). A watcher measures the running threads' CPU time every tenth of a
// second and adds a thread when they are busy, parks one when they are idle or when they only take turns on a
// core another process holds: at saturation on a machine with cores to spare all of them run.
#pragma once

#include <sys/types.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace golf::server {

// When to add or park a thread, from how the running ones spent the last look's period (shares of wall time, 0 to
// 1 each): busy (running handlers) and waiting (runnable, but waiting for a core).
struct io_thread_rule {
    double join_above = 0.6;   // the running threads' mean busy share above which one more joins
    double park_below = 0.25;  // below which one leaves: the rest are then about half as busy as the join mark
    // With more than one running, a mean waiting share above this means the machine has no core for the extra
    // thread (another process holds it): the threads only take turns, paying for the switches. One parks, and
    // none joins for a hold that starts at first_hold and doubles each time up to longest_hold; a look with more
    // than one running and not crowded ends the doubling (docs/PERFORMANCE.md shows the waits that set it).
    double crowded_above = 0.25;
    std::chrono::milliseconds first_hold{1000};
    std::chrono::milliseconds longest_hold{60000};
};

// The rule and its hold, with the time passed in, so that tests check it without clocks.
class io_thread_pacer {
public:
    using time_point = std::chrono::steady_clock::time_point;
    explicit io_thread_pacer(io_thread_rule rule = {}) : rule_(rule), hold_(rule.first_hold) {}
    // How many threads should run next, from `running` (1 to most) and their mean busy and waiting shares.
    int next(int running, int most, double busy, double waiting, time_point now);

private:
    io_thread_rule rule_;
    std::chrono::milliseconds hold_;
    time_point held_until_{};
};

class io_threads {
public:
    // most: the --threads limit (at least 1). on_change(running) is told every change, from the watcher's thread.
    io_threads(boost::asio::io_context& io, int most, std::function<void(int)> on_change = {},
               io_thread_rule rule = {});
    ~io_threads();  // joins the threads (run() normally has)
    io_threads(const io_threads&) = delete;
    io_threads& operator=(const io_threads&) = delete;

    // Runs the io_context on the calling thread, with the others as the load asks, until it has stopped or run out
    // of work; `run_one` runs it once on a thread and returns when it returns (it catches what handlers throw).
    void run(const std::function<void()>& run_one);

private:
    struct worker {
        clockid_t clock{};      // the thread's CPU-time clock
        pid_t tid = 0;          // its kernel id, for its run-queue wait (0 until the thread has started)
        double last_cpu = 0;    // its CPU seconds at the last look
        double last_wait = -1;  // its seconds waiting for a core at the last look (-1: not known)
    };

    void extra(std::size_t index);  // an extra thread: parked until wanted, then in the io_context a slice at a time
    void watch();                   // the watcher thread: measures every period and decides

    boost::asio::io_context& io_;
    const int most_;
    std::function<void(int)> on_change_;
    io_thread_pacer pacer_;

    std::mutex mutex_;
    std::condition_variable changed_;
    int running_ = 1;  // threads that should be in the io_context: the first, and extras 1 to running_ - 1
    bool done_ = false;
    std::vector<worker> workers_;  // [0] is the calling thread
    std::vector<std::thread> threads_;
};

}  // namespace golf::server
