// What an account costs the server: an argon2id hash (Register, ChangePassword) and a verify (SignIn by password)
// at libsodium's interactive limits, the confusable key every guest's name is checked by, one Weng-Lin update of a
// match, and one round of quick play's matching with many people waiting. The targets: a sign-in well under a
// tenth of a second on one core (two run at once on the service's pool); the rest far below a millisecond.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <vector>

#include "ratings/weng_lin.hpp"
#include "server/accounts/passwords.hpp"
#include "server/accounts/player_names.hpp"
#include "server/registry/quick_play_queue.hpp"

namespace {

void hash_password(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(golf::server::passwords::hash("correct horse battery staple"));
}
BENCHMARK(hash_password)->Unit(benchmark::kMillisecond)->UseRealTime();

void verify_password(benchmark::State& state) {
    const std::string stored = golf::server::passwords::hash("correct horse battery staple");
    for (auto _ : state)
        benchmark::DoNotOptimize(golf::server::passwords::verify(stored, "correct horse battery staple"));
}
BENCHMARK(verify_password)->Unit(benchmark::kMillisecond)->UseRealTime();

void name_key(benchmark::State& state) {
    const std::vector<std::string> names = {"Ann", "Marguerite-Lou", "\xD0\x90nn", "J.R. Smith", "bob_42"};
    std::size_t i = 0;
    for (auto _ : state) benchmark::DoNotOptimize(golf::server::player_names::key(names[i++ % names.size()]));
}
BENCHMARK(name_key)->Unit(benchmark::kMicrosecond);

void rate_match(benchmark::State& state) {
    const int players = static_cast<int>(state.range(0));
    std::vector<golf::ratings::rating> before(static_cast<std::size_t>(players));
    std::vector<int> ranks;
    for (int p = 0; p < players; ++p) ranks.push_back(p / 2);  // pairs tie
    for (auto _ : state) benchmark::DoNotOptimize(golf::ratings::rate(before, ranks));
}
BENCHMARK(rate_match)->Arg(2)->Arg(4)->Arg(8)->Unit(benchmark::kMicrosecond);

// One tick of quick play with `n` people waiting in one queue, ratings spread too far apart for any to meet (the
// worst case: every anchor looks at everyone).
void quick_play_tick(benchmark::State& state) {
    using golf::server::quick_play_queue;
    const auto n = static_cast<std::uint64_t>(state.range(0));
    quick_play_queue queue;
    const auto start = quick_play_queue::clock::now();
    for (std::uint64_t id = 1; id <= n; ++id)
        queue.join({"six-card", 4}, {id, static_cast<double>(id) * 30.0, start, std::nullopt});
    for (auto _ : state) benchmark::DoNotOptimize(queue.match(start + std::chrono::seconds(1)));
}
BENCHMARK(quick_play_tick)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
