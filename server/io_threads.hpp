// The I/O threads. The first runs the io_context all the time; the others join it only while that is not enough.
// Why: a thread inside io_context::run is woken for every handler posted while it idles (a futex and two context
// switches), and at the loads servers mostly see, that cost more than the work itself. At 2,000 moves/s on two
// cores the server spent 87-100 µs of CPU a move with both threads inside run() and 62-76 µs with this
// (docs/PERFORMANCE.md, "Cost per move"). A watcher measures the running threads' CPU time every tenth of a
// second and adds a thread when they are busy, parks one when they are idle: at saturation all of them run.
#pragma once

#include <boost/asio/io_context.hpp>
#include <condition_variable>
#include <ctime>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace golf::server {

// When to add or park a thread, from how busy the running ones were (CPU time over wall time, 0 to 1 each).
// A pure rule, so that tests check it without clocks.
struct io_thread_rule {
    double join_above = 0.6;   // the running threads' mean busy share above which one more joins
    double park_below = 0.25;  // below which one leaves: the rest are then about half as busy as the join mark
    // How many threads should run next, from `running` (1 to most) and their mean busy share.
    int next(int running, int most, double busy) const;
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
        clockid_t clock{};    // the thread's CPU-time clock
        double last_cpu = 0;  // its CPU seconds at the last look
    };

    void extra(std::size_t index);  // an extra thread: parked until wanted, then in the io_context a slice at a time
    void watch();                   // the watcher thread: measures every period and decides

    boost::asio::io_context& io_;
    const int most_;
    std::function<void(int)> on_change_;
    io_thread_rule rule_;

    std::mutex mutex_;
    std::condition_variable changed_;
    int running_ = 1;  // threads that should be in the io_context: the first, and extras 1 to running_ - 1
    bool done_ = false;
    std::vector<worker> workers_;  // [0] is the calling thread
    std::vector<std::thread> threads_;
};

}  // namespace golf::server
