// The leak oracle at scale (at least 10,000 hands in the CI run): matches of every preset, in a seeded
// rotation of presets and seat counts, played through one real golf-server by real client connections (every
// seat and a spectator), several tables at once, each hole checked frame by frame by tests/support/leak_oracle.hpp
// (the same oracle as secrets_test.cpp, claims included). GOLF_LEAK_HANDS sets how many hands (10,000 by default;
// CTest runs this as its own test, LeakOracle.TenThousandHands, in the plain build only).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/leak_oracle.hpp"

namespace {

using namespace std::chrono_literals;
using golf::server::e2e::running_server;
namespace leak = golf::testing::leak;

std::int64_t wanted_hands() {
    const char* text = std::getenv("GOLF_LEAK_HANDS");
    if (!text || !*text) return 10000;
    const long long n = std::atoll(text);
    return n > 0 ? n : 10000;
}

TEST(LeakOracle, TenThousandHands) {
    const std::int64_t target = wanted_hands();
    constexpr int tables_at_once = 4;
    constexpr int holes_per_match = 8;
    const auto started = std::chrono::steady_clock::now();

    // seat_grace long: no bot ever stands in for a seat, so every move is one the oracle saw made.
    running_server server(600s);
    std::vector<std::string> names;
    for (const golf::preset& p : golf::presets()) names.emplace_back(p.name);
    ASSERT_FALSE(names.empty());

    std::atomic<std::int64_t> next_plan{0};
    std::atomic<std::int64_t> hands_checked{0};
    std::mutex lock;  // guards everything below
    leak::tally total;
    leak::problems found;
    std::map<std::string, std::int64_t> hands_by_preset;
    std::map<int, std::int64_t> hands_by_players;

    const auto drive = [&] {
        while (hands_checked.load() < target) {
            {
                const std::lock_guard guard(lock);
                if (found.count >= 20) return;  // enough to go on
            }
            const std::int64_t i = next_plan++;
            // A seeded rotation: every preset in turn (shuffled per round), seat counts from 2 to 4.
            golf::random_source order(static_cast<std::uint64_t>(i / static_cast<std::int64_t>(names.size())) + 1);
            std::vector<std::string> round = names;
            order.shuffle(std::span<std::string>(round));
            golf::random_source pick(static_cast<std::uint64_t>(i) * 7919 + 17);
            leak::table_plan plan;
            plan.preset = round[static_cast<std::size_t>(i % static_cast<std::int64_t>(names.size()))];
            const golf::preset* p = golf::find_preset(plan.preset);
            const int low = std::max(2, p->rules.min_players);
            const int high = std::max(low, std::min(4, p->rules.max_players));
            plan.players = low + static_cast<int>(pick.below(static_cast<std::uint64_t>(high - low + 1)));
            plan.holes = holes_per_match;
            plan.seed = pick.next();
            leak::problems here;
            const leak::tally counts = leak::play_and_check(server.url(), plan, here);
            hands_checked += counts.hands;
            const std::lock_guard guard(lock);
            total.add(counts);
            hands_by_preset[plan.preset] += counts.hands;
            hands_by_players[plan.players] += counts.hands;
            for (const std::string& problem : here.list) found.add(problem);
            found.count += here.count - static_cast<int>(here.list.size());
        }
    };
    std::vector<std::thread> tables;
    for (int t = 0; t < tables_at_once; ++t) tables.emplace_back(drive);
    for (std::thread& t : tables) t.join();

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf(
        "leak oracle: %lld hands played and checked, %lld frames checked, %lld moves (%lld claims won, %lld "
        "of them wrong; %lld races, %lld claims sent, %lld refused; %lld replays of a hole in play, %lld steps, "
        "checked; %lld asked before the record had the hole) in %.1f s\n",
        static_cast<long long>(total.hands), static_cast<long long>(total.frames), static_cast<long long>(total.moves),
        static_cast<long long>(total.claims_won), static_cast<long long>(total.claims_wrong),
        static_cast<long long>(total.races), static_cast<long long>(total.claims_sent),
        static_cast<long long>(total.claims_refused), static_cast<long long>(total.replays_in_play),
        static_cast<long long>(total.replay_steps), static_cast<long long>(total.replays_behind), seconds);
    for (const auto& [name, n] : hands_by_preset)
        std::printf("  %-18s %lld hands\n", name.c_str(), static_cast<long long>(n));
    for (const auto& [n, hands] : hands_by_players)
        std::printf("  %d seats: %lld hands\n", n, static_cast<long long>(hands));
    std::fflush(stdout);

    EXPECT_TRUE(found.empty()) << found.text();
    EXPECT_GE(total.hands, target);
    for (const std::string& name : names) EXPECT_GT(hands_by_preset[name], 0) << name << " was never played";
    EXPECT_GT(total.claims_won, 0);
    EXPECT_GT(total.claims_wrong, 0) << "no wrong claim was ever made";
    EXPECT_GT(total.claims_won - total.claims_wrong, 0) << "no right claim was ever made";
    EXPECT_GT(total.claims_refused, 0) << "no race was ever lost";
    EXPECT_GT(total.replays_in_play, 0) << "no replay of a hole in play was ever asked for";
    EXPECT_GT(total.replay_steps, total.replays_in_play) << "no replay in play had a move";
}

}  // namespace
