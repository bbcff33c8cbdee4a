// quick_play_queue with times passed in: close ratings pair at once, far ones at the exact instant both windows
// reach the gap; the oldest is served first; bots fill only after a player's chosen wait and only for those who asked;
// leave, re-join, separate queues, status, the bound; and the same calls always give the same seatings.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <vector>

#include "server/registry/quick_play_queue.hpp"

namespace golf::server {
namespace quick_play_queue_tests {  // its own scope, like the other server test files
namespace {

using namespace std::chrono_literals;
using queue = quick_play_queue;
using seating = queue::seating;

const queue::time_point t0 = queue::time_point{} + 1h;
const queue_key pairs{"classic", 2};
const queue_key fours{"classic", 4};

queue::entry player(std::uint64_t id, double rating, queue::time_point joined = t0,
                    std::optional<queue::duration> bots_after = std::nullopt) {
    return {id, rating, joined, bots_after};
}

TEST(QuickPlayQueue, PairsCloseRatingsAtOnce) {
    queue q;
    ASSERT_TRUE(q.join(pairs, player(1, 10.0)));
    ASSERT_TRUE(q.join(pairs, player(2, 11.5)));
    EXPECT_EQ(q.match(t0), (std::vector<seating>{{pairs, {1, 2}, 0}}));
    EXPECT_EQ(q.size(), 0u);
    EXPECT_TRUE(q.match(t0 + 1s).empty());
}

TEST(QuickPlayQueue, FarRatingsPairExactlyWhenTheWindowReachesTheGap) {
    queue q;  // window = 2 + 0.5 s: a gap of 10 is accepted after 16 s
    q.join(pairs, player(1, 0.0));
    q.join(pairs, player(2, 10.0));
    EXPECT_TRUE(q.match(t0).empty());
    EXPECT_TRUE(q.match(t0 + 16s - 1ns).empty());
    EXPECT_EQ(q.size(), 2u);
    EXPECT_EQ(q.match(t0 + 16s), (std::vector<seating>{{pairs, {1, 2}, 0}}));
}

TEST(QuickPlayQueue, TheLaterJoinersWindowMustAcceptToo) {
    queue q;  // player 1 accepts the gap of 10 at t0 + 16 s, player 2 (joined 4 s later) only at t0 + 20 s
    q.join(pairs, player(1, 0.0));
    q.join(pairs, player(2, 10.0, t0 + 4s));
    EXPECT_TRUE(q.match(t0 + 19s).empty());
    EXPECT_TRUE(q.match(t0 + 20s - 1ns).empty());
    EXPECT_EQ(q.match(t0 + 20s), (std::vector<seating>{{pairs, {1, 2}, 0}}));
}

TEST(QuickPlayQueue, TheWindowIsCapped) {
    queue q;
    EXPECT_DOUBLE_EQ(q.window(0s), 2.0);
    EXPECT_DOUBLE_EQ(q.window(10s), 7.0);
    EXPECT_DOUBLE_EQ(q.window(1h), 25.0);
    q.join(pairs, player(1, 0.0));
    q.join(pairs, player(2, 25.5));
    EXPECT_TRUE(q.match(t0 + 24h).empty());  // wider than the cap: never together
}

TEST(QuickPlayQueue, TheOldestIsServedFirst) {
    queue q;  // 2 and 3 are the closest pair, but 1 waited longest and 2 fits it
    q.join(pairs, player(3, 11.2, t0 + 2s));
    q.join(pairs, player(1, 10.0, t0));
    q.join(pairs, player(2, 11.0, t0 + 1s));
    EXPECT_EQ(q.match(t0 + 2s), (std::vector<seating>{{pairs, {1, 2}, 0}}));
    EXPECT_EQ(q.status(3, t0 + 2s)->waiting, 1u);
}

TEST(QuickPlayQueue, TheClosestRatingIsPreferredAndTiesGoToTheLongerWait) {
    queue closest;
    closest.join(pairs, player(1, 10.0));
    closest.join(pairs, player(2, 11.5, t0 + 1s));
    closest.join(pairs, player(3, 10.5, t0 + 2s));
    EXPECT_EQ(closest.match(t0 + 2s), (std::vector<seating>{{pairs, {1, 3}, 0}}));

    queue tie;
    tie.join(pairs, player(1, 10.0));
    tie.join(pairs, player(3, 11.0, t0 + 2s));
    tie.join(pairs, player(2, 9.0, t0 + 1s));
    EXPECT_EQ(tie.match(t0 + 2s), (std::vector<seating>{{pairs, {1, 2}, 0}}));
}

TEST(QuickPlayQueue, SeatsGroupsOfFour) {
    queue q;
    q.join(fours, player(1, 10.0));
    q.join(fours, player(2, 10.5));
    q.join(fours, player(3, 30.0));
    q.join(fours, player(4, 11.0));
    EXPECT_TRUE(q.match(t0).empty());  // three close players are not a table of four
    q.join(fours, player(5, 9.5));
    EXPECT_EQ(q.match(t0), (std::vector<seating>{{fours, {1, 2, 4, 5}, 0}}));
    EXPECT_EQ(q.size(), 1u);
}

TEST(QuickPlayQueue, EveryPairInAGroupMustFit) {
    queue q;  // 2 and 3 each fit 1 (gap 2) but not each other (gap 4): no table of three yet
    const queue_key threes{"classic", 3};
    q.join(threes, player(1, 10.0));
    q.join(threes, player(2, 8.0));
    q.join(threes, player(3, 12.0));
    EXPECT_TRUE(q.match(t0).empty());
    EXPECT_TRUE(q.match(t0 + 4s - 1ns).empty());  // a window of 4 needs 4 s
    EXPECT_EQ(q.match(t0 + 4s), (std::vector<seating>{{threes, {1, 2, 3}, 0}}));
}

TEST(QuickPlayQueue, BotsFillAfterTheChosenWaitAndNotBefore) {
    queue q;
    q.join(fours, player(1, 10.0, t0, 30s));
    EXPECT_TRUE(q.match(t0 + 30s - 1ns).empty());
    EXPECT_EQ(q.match(t0 + 30s), (std::vector<seating>{{fours, {1}, 3}}));
    EXPECT_EQ(q.size(), 0u);
}

TEST(QuickPlayQueue, BotTablesTakeOnlyPlayersWhoseBotsAreDue) {
    queue q;  // 1 is due at 10 s and takes 2 (due at 5 s); 3 asked for none, 4 is not due yet, 5 is too far
    const queue_key fives{"classic", 5};
    q.join(fives, player(1, 10.0, t0, 10s));
    q.join(fives, player(2, 11.0, t0, 5s));
    q.join(fives, player(3, 10.5));
    q.join(fives, player(4, 10.2, t0, 60s));
    q.join(fives, player(5, 40.0, t0, 1s));
    const std::vector<seating> expected{{fives, {1, 2}, 3}, {fives, {5}, 4}};
    EXPECT_EQ(q.match(t0 + 10s), expected);
    EXPECT_EQ(q.size(), 2u);
    EXPECT_TRUE(q.match(t0 + 60s - 1ns).empty());
    EXPECT_EQ(q.match(t0 + 60s), (std::vector<seating>{{fives, {4}, 4}}));
}

TEST(QuickPlayQueue, AFullHumanTableComesBeforeBots) {
    queue q;  // 1's bots are due, but four people fit: they play each other
    q.join(fours, player(1, 10.0, t0, 1s));
    for (std::uint64_t id = 2; id <= 4; ++id) q.join(fours, player(id, 10.0 + static_cast<double>(id) / 10));
    EXPECT_EQ(q.match(t0 + 1s), (std::vector<seating>{{fours, {1, 2, 3, 4}, 0}}));
}

TEST(QuickPlayQueue, APlayerWithoutBotsAfterNeverGetsBots) {
    queue q;
    q.join(fours, player(1, 10.0));
    q.join(fours, player(2, 10.0, t0, 0s));
    EXPECT_EQ(q.match(t0 + 24h), (std::vector<seating>{{fours, {2}, 3}}));
    EXPECT_TRUE(q.match(t0 + 48h).empty());
    EXPECT_TRUE(q.status(1, t0 + 48h).has_value());
}

TEST(QuickPlayQueue, LeaveRemoves) {
    queue q;
    q.join(pairs, player(1, 10.0));
    q.join(pairs, player(2, 10.0));
    EXPECT_TRUE(q.leave(1));
    EXPECT_FALSE(q.leave(1));
    EXPECT_FALSE(q.leave(99));
    EXPECT_EQ(q.size(), 1u);
    EXPECT_FALSE(q.status(1, t0).has_value());
    EXPECT_TRUE(q.match(t0 + 1h).empty());
    q.join(pairs, player(3, 10.0));
    EXPECT_EQ(q.match(t0), (std::vector<seating>{{pairs, {2, 3}, 0}}));
}

TEST(QuickPlayQueue, JoiningAgainReplacesTheEarlierWait) {
    queue q;
    const queue_key other{"six_card", 2};
    q.join(pairs, player(1, 10.0));
    q.join(other, player(1, 30.0, t0 + 5s));
    EXPECT_EQ(q.size(), 1u);
    const auto s = q.status(1, t0 + 10s);
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(s->waited, 5s);
    q.join(pairs, player(2, 10.0));
    EXPECT_TRUE(q.match(t0 + 10s).empty());  // 1 waits in `other` now, with its new rating
    q.join(other, player(3, 30.0));
    EXPECT_EQ(q.match(t0 + 10s), (std::vector<seating>{{other, {3, 1}, 0}}));
}

TEST(QuickPlayQueue, QueuesNeverMix) {
    queue q;
    const queue_key a2{"a", 2}, b2{"b", 2}, a3{"a", 3};
    q.join(a2, player(1, 10.0));
    q.join(b2, player(2, 10.0));
    q.join(a3, player(3, 10.0));
    q.join(a3, player(4, 10.0));
    EXPECT_TRUE(q.match(t0 + 1h).empty());
    q.join(a2, player(5, 10.0));
    q.join(b2, player(6, 10.0));
    q.join(a3, player(7, 10.0));
    const std::vector<seating> expected{{a2, {1, 5}, 0}, {a3, {3, 4, 7}, 0}, {b2, {2, 6}, 0}};
    EXPECT_EQ(q.match(t0 + 1h), expected);
}

TEST(QuickPlayQueue, StatusTellsTheWait) {
    queue q;
    q.join(pairs, player(1, 0.0, t0, 30s));
    q.join(pairs, player(2, 20.0, t0 + 5s));
    const auto first = q.status(1, t0 + 10s);
    ASSERT_TRUE(first.has_value());
    EXPECT_EQ(first->waiting, 2u);
    EXPECT_EQ(first->waited, 10s);
    EXPECT_DOUBLE_EQ(first->window, 7.0);
    EXPECT_EQ(first->bots_in, std::optional<queue::duration>(20s));
    const auto second = q.status(2, t0 + 10s);
    ASSERT_TRUE(second.has_value());
    EXPECT_EQ(second->waited, 5s);
    EXPECT_DOUBLE_EQ(second->window, 4.5);
    EXPECT_FALSE(second->bots_in.has_value());
    EXPECT_EQ(q.status(1, t0 + 40s)->bots_in, std::optional<queue::duration>(0s));
    EXPECT_EQ(q.status(2, t0)->waited, 0s);  // asked before it joined: no wait yet
    EXPECT_FALSE(q.status(3, t0).has_value());
}

TEST(QuickPlayQueue, AFullQueueRefusesNewcomersButNotReplacements) {
    queue q({.max_waiting = 2});
    EXPECT_TRUE(q.join(pairs, player(1, 0.0)));
    EXPECT_TRUE(q.join(fours, player(2, 40.0)));
    EXPECT_FALSE(q.join(pairs, player(3, 0.0)));
    EXPECT_FALSE(q.status(3, t0).has_value());
    EXPECT_TRUE(q.join(fours, player(1, 0.0)));
    EXPECT_EQ(q.size(), 2u);
    q.leave(2);
    EXPECT_TRUE(q.join(pairs, player(3, 0.0)));
}

TEST(QuickPlayQueue, RefusesNonsense) {
    queue q;
    EXPECT_FALSE(q.join({"classic", 1}, player(1, 10.0)));
    EXPECT_FALSE(q.join(pairs, player(2, std::nan(""))));
    EXPECT_FALSE(q.join(pairs, player(3, INFINITY)));
    EXPECT_EQ(q.size(), 0u);
    q.join(pairs, player(4, 10.0));
    EXPECT_FALSE(q.join({"classic", 0}, player(4, 10.0)));
    EXPECT_TRUE(q.status(4, t0).has_value());  // a refused re-join keeps the earlier wait
}

// Random joins, leaves and ticks, played twice: the same seatings each time, and every seating obeys the rules.
std::vector<seating> play(std::uint32_t seed, std::map<std::uint64_t, queue::entry>& joined) {
    std::mt19937 random(seed);
    queue q;
    std::vector<seating> all;
    const std::vector<queue_key> keys{pairs, fours, {"six_card", 3}};
    auto now = t0;
    for (int step = 0; step < 2000; ++step) {
        now += std::chrono::milliseconds(random() % 700);
        const std::uint64_t id = random() % 300;
        if (random() % 5 == 0) {
            q.leave(id);
        } else {
            const std::optional<queue::duration> bots =
                random() % 2 ? std::optional<queue::duration>(std::chrono::seconds(random() % 60)) : std::nullopt;
            const queue::entry e = player(id, static_cast<double>(random() % 4000) / 100, now, bots);
            if (q.join(keys[random() % keys.size()], e)) joined[id] = e;
        }
        for (seating& s : q.match(now)) {
            EXPECT_EQ(static_cast<int>(s.players.size()) + s.bots, s.key.seats);
            EXPECT_EQ(std::set(s.players.begin(), s.players.end()).size(), s.players.size());
            for (std::uint64_t a : s.players) {
                const queue::entry& ea = joined.at(a);
                EXPECT_TRUE(s.bots == 0 || (ea.bots_after && now - ea.joined >= *ea.bots_after));
                for (std::uint64_t b : s.players) {
                    EXPECT_LE(std::abs(ea.rating - joined.at(b).rating), q.window(now - ea.joined));
                }
            }
            all.push_back(std::move(s));
        }
    }
    return all;
}

TEST(QuickPlayQueue, SameCallsGiveTheSameSeatings) {
    std::map<std::uint64_t, queue::entry> first_joins, second_joins;
    const auto first = play(7, first_joins);
    const auto second = play(7, second_joins);
    EXPECT_GT(first.size(), 100u);
    EXPECT_EQ(first, second);
    const auto with_bots = std::count_if(first.begin(), first.end(), [](const seating& s) { return s.bots > 0; });
    EXPECT_GT(with_bots, 0);  // the run exercised both kinds of table
    EXPECT_LT(with_bots, static_cast<std::ptrdiff_t>(first.size()));
}

}  // namespace
}  // namespace quick_play_queue_tests
}  // namespace golf::server
