// The I/O threads (server/io_threads.hpp): the rule that adds and parks threads, and the threads themselves on a
// real io_context. No test here depends on how fast the machine is: the rules given make every look decide.
#include "server/io_threads.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

namespace golf::server {
namespace {

namespace net = boost::asio;

TEST(IoThreadRule, AddsAThreadWhenBusyAndParksOneWhenIdle) {
    const io_thread_rule rule;  // join above 0.6, park below 0.25
    EXPECT_EQ(rule.next(1, 2, 0.9), 2);
    EXPECT_EQ(rule.next(2, 4, 0.7), 3);
    EXPECT_EQ(rule.next(2, 2, 0.9), 2);  // never above --threads
    EXPECT_EQ(rule.next(2, 2, 0.1), 1);
    EXPECT_EQ(rule.next(1, 2, 0.0), 1);  // the first thread never parks
    EXPECT_EQ(rule.next(2, 2, 0.4), 2);  // between the marks nothing changes
    EXPECT_EQ(rule.next(1, 1, 1.0), 1);  // --threads 1: one thread, however busy
}

TEST(IoThreadRule, KeepsWithinOneAndTheLimit) {
    const io_thread_rule rule;
    EXPECT_EQ(rule.next(5, 2, 0.4), 2);
    EXPECT_EQ(rule.next(0, 2, 0.4), 1);
    EXPECT_EQ(rule.next(1, 0, 0.9), 1);
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

// A rule that always asks for one more thread: the watcher's first look adds the second, which then runs handlers.
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
        io, 2, [&](int n) { running = n; }, io_thread_rule{-1.0, -2.0});
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

}  // namespace
}  // namespace golf::server
