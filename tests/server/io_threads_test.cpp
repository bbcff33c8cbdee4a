// The I/O threads (server/net/io_threads.hpp): the rule that adds and parks threads, and the threads themselves on a
// real io_context. No test here depends on how fast the machine is: the rules given make every look decide.
#include "server/net/io_threads.hpp"

#include <gtest/gtest.h>
#include <sched.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace golf::server {
namespace {

namespace net = boost::asio;

using steady = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST(IoThreadRule, AddsAThreadWhenBusyAndParksOneWhenIdle) {
    io_thread_pacer pacer;  // join above 0.6, park below 0.25
    const steady::time_point t{};
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t), 2);
    EXPECT_EQ(pacer.next(2, 4, 0.7, 0.0, t), 3);
    EXPECT_EQ(pacer.next(2, 2, 0.9, 0.0, t), 2);  // never above --threads
    EXPECT_EQ(pacer.next(2, 2, 0.1, 0.0, t), 1);
    EXPECT_EQ(pacer.next(1, 2, 0.0, 0.0, t), 1);  // the first thread never parks
    EXPECT_EQ(pacer.next(2, 2, 0.4, 0.0, t), 2);  // between the marks nothing changes
    EXPECT_EQ(pacer.next(1, 1, 1.0, 0.0, t), 1);  // --threads 1: one thread, however busy
}

TEST(IoThreadRule, KeepsWithinOneAndTheLimit) {
    io_thread_pacer pacer;
    const steady::time_point t{};
    EXPECT_EQ(pacer.next(5, 2, 0.4, 0.0, t), 2);
    EXPECT_EQ(pacer.next(0, 2, 0.4, 0.0, t), 1);
    EXPECT_EQ(pacer.next(1, 0, 0.9, 0.0, t), 1);
}

// Two threads busy but waiting for a core as long as they run: one parks, and none joins until the hold is over.
TEST(IoThreadRule, ParksAThreadThatFindsNoCoreAndHoldsOffLonger) {
    io_thread_pacer pacer;  // crowded above 0.25, holds of 1 s doubling
    steady::time_point t{};
    EXPECT_EQ(pacer.next(2, 2, 0.9, 0.4, t), 1);
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t + milliseconds(999)), 1);  // busy, but held
    t += milliseconds(1000);
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t), 2);  // the hold is over: it tries again
    EXPECT_EQ(pacer.next(2, 2, 0.9, 0.4, t), 1);  // still crowded: now held twice as long
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t + milliseconds(1999)), 1);
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t + milliseconds(2000)), 2);
    EXPECT_EQ(pacer.next(2, 3, 0.9, 0.2, t + milliseconds(2100)), 3);  // waiting under the mark: joins go on
}

TEST(IoThreadRule, AJoinThatFindsACoreEndsTheDoubling) {
    io_thread_pacer pacer(io_thread_rule{0.6, 0.25, 0.25, milliseconds(100), milliseconds(400)});
    steady::time_point t{};
    for (int i = 0; i < 5; ++i) {  // crowded again and again: 100, 200, 400, 400, 400 ms
        EXPECT_EQ(pacer.next(2, 2, 0.9, 0.5, t), 1);
        t += milliseconds(i < 2 ? 100 << i : 400);
        EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t - milliseconds(1)), 1);
    }
    EXPECT_EQ(pacer.next(2, 2, 0.9, 0.1, t), 2);  // found a core (another process let go)
    EXPECT_EQ(pacer.next(2, 2, 0.9, 0.5, t), 1);
    EXPECT_EQ(pacer.next(1, 2, 0.9, 0.0, t + milliseconds(100)), 2);  // held 100 ms again, not 400
}

TEST(IoThreads, OneThreadRunsEverythingAndReturnsWhenTheWorkIsDone) {
    net::io_context io;
    std::atomic<int> ran{0};
    std::set<std::thread::id> seen;
    std::mutex seen_mutex;
    for (int i = 0; i < 1000; ++i)
        net::post(io, [&] {
            ++ran;
            std::lock_guard lock(seen_mutex);
            seen.insert(std::this_thread::get_id());
        });
    io_threads threads(io, 1);
    threads.run([&] { io.run(); });
    EXPECT_EQ(ran.load(), 1000);
    EXPECT_EQ(seen.size(), 1u);
}

// A rule that always asks for one more thread and never finds the threads crowded (ctest runs tests side by side):
// the watcher's first look adds the second, which then runs handlers.
TEST(IoThreads, AnAddedThreadRunsHandlersAndEveryThreadEndsWithTheWork) {
    net::io_context io;
    auto guard = net::make_work_guard(io);
    std::atomic<int> running{1};
    std::set<std::thread::id> seen;
    std::mutex seen_mutex;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    // Each handler notes its thread and posts the next; once two threads have run handlers, the work ends.
    std::function<void()> step = [&] {
        bool both = false;
        {
            std::lock_guard lock(seen_mutex);
            seen.insert(std::this_thread::get_id());
            both = seen.size() >= 2;
        }
        if (both || std::chrono::steady_clock::now() > deadline) return guard.reset();
        std::this_thread::sleep_for(std::chrono::microseconds(200));  // leaves the other thread room to take one
        net::post(io, step);
        net::post(io, [] {});
    };
    net::post(io, step);
    io_threads threads(
        io, 2, [&](int n) { running = n; }, io_thread_rule{-1.0, -2.0, 2.0});
    threads.run([&] { io.run(); });  // returns: the guard is gone and the queue empty
    EXPECT_EQ(running.load(), 2);
    EXPECT_EQ(seen.size(), 2u);
}

// A rule that always parks: with two allowed, only the first thread ever runs a handler.
TEST(IoThreads, AParkedThreadRunsNothing) {
    net::io_context io;
    std::set<std::thread::id> seen;
    std::mutex seen_mutex;
    for (int i = 0; i < 200; ++i)
        net::post(io, [&] {
            std::this_thread::sleep_for(std::chrono::microseconds(500));
            std::lock_guard lock(seen_mutex);
            seen.insert(std::this_thread::get_id());
        });
    io_threads threads(io, 2, {}, io_thread_rule{2.0, 2.0});
    threads.run([&] { io.run(); });
    EXPECT_EQ(seen.size(), 1u);
}

// Two threads pinned to one core take turns on it: the watcher parks the second, though this rule would keep it.
TEST(IoThreads, TwoThreadsOnOneCoreParkTheSecond) {
    if (std::FILE* f = std::fopen("/proc/self/schedstat", "r")) std::fclose(f);
    else GTEST_SKIP() << "this kernel keeps no scheduler statistics";
    cpu_set_t before;
    ASSERT_EQ(sched_getaffinity(0, sizeof before, &before), 0);
    int first = 0;
    while (first < CPU_SETSIZE && !CPU_ISSET(first, &before)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);  // the threads started below inherit it

    net::io_context io;
    auto guard = net::make_work_guard(io);
    std::mutex changes_mutex;
    std::vector<int> changes;
    std::atomic<bool> parked{false};
    std::atomic<bool> ended{false};  // the two spins run at once: only one may drop the guard
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    std::function<void()> spin = [&] {  // a millisecond of CPU, then again, until the second thread has parked
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1);
        while (std::chrono::steady_clock::now() < until) {}
        if (parked || std::chrono::steady_clock::now() > deadline) {
            if (!ended.exchange(true)) guard.reset();
            return;
        }
        net::post(io, spin);
    };
    net::post(io, spin);
    net::post(io, spin);  // work for two
    io_threads threads(
        io, 2,
        [&](int n) {
            std::lock_guard lock(changes_mutex);
            changes.push_back(n);
            if (n == 1) parked = true;
        },
        io_thread_rule{-1.0, -2.0});  // always join, never park for idleness
    threads.run([&] { io.run(); });
    sched_setaffinity(0, sizeof before, &before);
    ASSERT_GE(changes.size(), 2u);
    EXPECT_EQ(changes[0], 2);
    EXPECT_EQ(changes[1], 1);
}

}  // namespace
}  // namespace golf::server
