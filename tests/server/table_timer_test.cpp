// table_timer on a real io_context: a firing runs on the strand, once; cancel() and a new arm() make an earlier
// firing stale, so it does nothing; the owner kept alive by a wait is let go once the wait completes.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "server/tables/table_timer.hpp"

namespace golf::server {
namespace table_timer_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;

struct fixture {
    boost::asio::io_context io;
    table_timer::strand_type strand = boost::asio::make_strand(io);
    table_timer timer{strand};
    std::string fired;  // which handlers ran, in order
    bool off_strand = false;

    auto mark(char c) {
        return [this, c] {
            off_strand = off_strand || !strand.running_in_this_thread();
            fired += c;
        };
    }
    void on_strand(auto work) { boost::asio::post(strand, std::move(work)); }
};

TEST(TableTimer, FiresOnceOnTheStrand) {
    fixture f;
    f.on_strand([&] {
        f.timer.arm(1ms, nullptr, f.mark('a'));
        EXPECT_TRUE(f.timer.pending());
    });
    f.io.run();
    EXPECT_EQ(f.fired, "a");
    EXPECT_FALSE(f.off_strand);
    EXPECT_FALSE(f.timer.pending());
}

TEST(TableTimer, CancelledFiringDoesNothing) {
    fixture f;
    f.on_strand([&] {
        f.timer.arm(1ms, nullptr, f.mark('a'));
        f.timer.cancel();
        EXPECT_FALSE(f.timer.pending());
    });
    f.io.run();
    EXPECT_EQ(f.fired, "");
}

TEST(TableTimer, ReArmingMakesTheEarlierFiringStale) {
    fixture f;
    f.on_strand([&] {
        f.timer.arm(1ms, nullptr, f.mark('a'));
        f.timer.arm(2ms, nullptr, f.mark('b'));
    });
    f.io.run();
    EXPECT_EQ(f.fired, "b");
}

// The wait has already completed (its firing is queued on the strand behind the work that cancels it): still stale.
TEST(TableTimer, ExpiredButQueuedFiringIsStaleAfterCancel) {
    fixture f;
    // Both pieces of work are queued on the strand before any thread runs, so the cancel always comes after the
    // arm and before the firing can: the firing is queued behind it (or, if no thread reached the timer in the
    // 20 ms, aborted). A helper thread runs the timer's completion while the strand sleeps.
    f.on_strand([&] { f.timer.arm_at(table_timer::clock::now() - 1ms, nullptr, f.mark('a')); });
    f.on_strand([&] {
        std::this_thread::sleep_for(20ms);
        f.timer.cancel();
    });
    std::thread helper([&] { f.io.run_for(200ms); });
    f.io.run();
    helper.join();
    EXPECT_EQ(f.fired, "");
}

TEST(TableTimer, GenerationChangesWithEveryArmAndCancel) {
    fixture f;
    const auto first = f.timer.generation();
    f.on_strand([&] {
        f.timer.arm(1h, nullptr, f.mark('a'));
        const auto armed = f.timer.generation();
        EXPECT_NE(armed, first);
        f.timer.cancel();
        EXPECT_NE(f.timer.generation(), armed);
    });
    f.io.run();
    EXPECT_EQ(f.fired, "");
}

TEST(TableTimer, KeepsItsOwnerAliveUntilTheWaitCompletes) {
    fixture f;
    auto owner = std::make_shared<int>(7);
    const std::weak_ptr<int> watch = owner;
    f.on_strand([&, keep = std::move(owner)]() mutable { f.timer.arm(1ms, std::move(keep), f.mark('a')); });
    f.io.run_one();  // the arm itself
    EXPECT_FALSE(watch.expired());
    f.io.run();
    EXPECT_EQ(f.fired, "a");
    EXPECT_TRUE(watch.expired());
}

}  // namespace
}  // namespace table_timer_tests
}  // namespace golf::server
