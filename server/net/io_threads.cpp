#include "server/net/io_threads.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <spdlog/spdlog.h>

namespace golf::server {

namespace {

// How often the watcher looks: often enough to follow a rising load within a fifth of a second, rarely enough to
// cost nothing (ten wake-ups a second).
constexpr std::chrono::milliseconds watch_period{100};
// An extra thread stays in the io_context this long at a time, so it leaves within this much of being parked.
constexpr std::chrono::milliseconds slice{200};

double seconds_of(clockid_t clock) {
    timespec t{};
    if (clock_gettime(clock, &t) != 0) return 0;
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

clockid_t cpu_clock_of(pthread_t thread) {
    clockid_t clock{};
    if (pthread_getcpuclockid(thread, &clock) != 0) return CLOCK_THREAD_CPUTIME_ID;  // never on Linux
    return clock;
}

// Seconds the thread has spent runnable but waiting for a core (schedstat's second field), or -1 when the kernel
// does not tell (built without scheduler statistics): the rule then sees no waiting, as before it read them.
double wait_seconds_of(pid_t tid) {
    if (tid == 0) return -1;
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", static_cast<int>(tid));
    std::FILE* file = std::fopen(path, "r");
    if (!file) return -1;
    unsigned long long ran = 0, waited = 0;
    const int read = std::fscanf(file, "%llu %llu", &ran, &waited);
    std::fclose(file);
    return read == 2 ? static_cast<double>(waited) * 1e-9 : -1;
}

}  // namespace

int io_thread_pacer::next(int running, int most, double busy, double waiting, time_point now) {
    most = std::max(1, most);
    running = std::clamp(running, 1, most);
    if (running > 1 && waiting > rule_.crowded_above) {
        held_until_ = now + hold_;
        hold_ = std::min(hold_ * 2, rule_.longest_hold);
        return running - 1;
    }
    if (running > 1) hold_ = rule_.first_hold;  // the threads running found their cores
    if (busy > rule_.join_above && running < most && now >= held_until_) return running + 1;
    if (busy < rule_.park_below && running > 1) return running - 1;
    return running;
}

io_threads::io_threads(boost::asio::io_context& io, int most, std::function<void(int)> on_change, io_thread_rule rule)
    : io_(io), most_(std::max(1, most)), on_change_(std::move(on_change)), pacer_(rule) {}

io_threads::~io_threads() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    changed_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
}

void io_threads::run(const std::function<void()>& run_one) {
    workers_.assign(static_cast<std::size_t>(most_), worker{});
    workers_[0].clock = cpu_clock_of(pthread_self());
    workers_[0].tid = gettid();
    for (int i = 1; i < most_; ++i) {
        threads_.emplace_back([this, i] { extra(static_cast<std::size_t>(i)); });
        workers_[static_cast<std::size_t>(i)].clock = cpu_clock_of(threads_.back().native_handle());
    }
    if (most_ > 1) threads_.emplace_back([this] { watch(); });
    run_one();
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    changed_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
}

void io_threads::extra(std::size_t index) {
    {
        std::lock_guard lock(mutex_);
        workers_[index].tid = gettid();
    }
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return done_ || static_cast<int>(index) < running_; });
            if (done_) return;
        }
        try {
            io_.run_for(slice);
        } catch (const std::exception& e) {
            spdlog::error("uncaught exception in an I/O handler: {}", e.what());
        }
        if (io_.stopped()) {  // stopped or out of work: the first thread returns too and ends the others
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return done_; });
            return;
        }
    }
}

void io_threads::watch() {
    std::unique_lock lock(mutex_);
    auto last = std::chrono::steady_clock::now();
    for (worker& w : workers_) {
        w.last_cpu = seconds_of(w.clock);
        w.last_wait = wait_seconds_of(w.tid);
    }
    while (!changed_.wait_for(lock, watch_period, [&] { return done_; })) {
        const auto now = std::chrono::steady_clock::now();
        const double wall = std::chrono::duration<double>(now - last).count();
        last = now;
        // By every thread: one parked during the period still counts what it did before.
        double used = 0, waited = 0;
        for (worker& w : workers_) {
            const double cpu = seconds_of(w.clock);
            used += std::max(0.0, cpu - w.last_cpu);
            w.last_cpu = cpu;
            const double wait = wait_seconds_of(w.tid);
            if (wait >= 0 && w.last_wait >= 0) waited += std::max(0.0, wait - w.last_wait);
            w.last_wait = wait;
        }
        if (wall <= 0) continue;
        const double share = wall * running_;
        const int next = pacer_.next(running_, most_, used / share, waited / share, now);
        if (next == running_) continue;
        running_ = next;
        changed_.notify_all();
        if (on_change_) on_change_(next);
    }
}

}  // namespace golf::server
