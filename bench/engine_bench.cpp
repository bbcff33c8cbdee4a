// Engine speed: seeded self-play (random choices straight from legal_actions, and heuristic bots through
// views), replaying recorded hands, and scoring layouts. Items are actions applied (layouts for scoring).
// The target is 2,000,000 actions a second on one thread for six-card Golf with four players.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/bot.hpp"
#include "engine/card.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/scoring.hpp"

namespace {

constexpr int max_actions_per_hand = 100000;  // a guard: a hand this long means the engine loops

std::shared_ptr<const golf::ruleset> six_card() {
    static const std::shared_ptr<const golf::ruleset> rules = [] {
        const golf::preset* p = golf::find_preset("six-card");
        if (!p) throw std::runtime_error("no six-card preset");
        return std::make_shared<const golf::ruleset>(p->rules);
    }();
    return rules;
}

// The seat to act and its legal actions: the current seat in play, or the first seat owing a start action.
int seat_to_act(const golf::hand& h, std::vector<golf::action>& legal) {
    if (h.current_phase() != golf::phase::start) {
        legal.clear();
        h.legal_actions(h.current_seat(), legal);
        return h.current_seat();
    }
    for (int seat = 0; seat < h.players(); ++seat) {
        legal.clear();
        h.legal_actions(seat, legal);
        if (!legal.empty()) return seat;
    }
    return -1;
}

// Plays a hand to its end with uniform choices; returns the number of actions, or -1 if stuck.
std::int64_t play_random(golf::hand& h, golf::random_source& random, std::vector<golf::action>& legal) {
    std::int64_t actions = 0;
    while (!h.over()) {
        const int seat = seat_to_act(h, legal);
        if (seat < 0 || legal.empty() || actions >= max_actions_per_hand) return -1;
        h.apply(seat, legal[static_cast<std::size_t>(random.below(legal.size()))]);
        ++actions;
    }
    return actions;
}

void BM_self_play_six_card_4p(benchmark::State& state) {
    const auto rules = six_card();
    golf::random_source random(42);
    std::vector<golf::action> legal;
    legal.reserve(64);
    std::uint64_t seed = 1;
    std::int64_t actions = 0;
    std::int64_t hands = 0;
    for (auto _ : state) {
        golf::hand h(rules, 4, static_cast<int>(seed % 4), seed);
        ++seed;
        const std::int64_t n = play_random(h, random, legal);
        if (n < 0) {
            state.SkipWithError("a hand did not end");
            return;
        }
        actions += n;
        ++hands;
        benchmark::DoNotOptimize(h.result());
    }
    state.SetItemsProcessed(actions);
    state.counters["actions_per_hand"] = hands > 0 ? static_cast<double>(actions) / static_cast<double>(hands) : 0;
}
BENCHMARK(BM_self_play_six_card_4p);

void BM_self_play_heuristic(benchmark::State& state) {
    const auto rules = six_card();
    golf::heuristic_bot bot;
    golf::random_source random(42);
    std::uint64_t seed = 1;
    std::int64_t actions = 0;
    for (auto _ : state) {
        golf::hand h(rules, 4, static_cast<int>(seed % 4), seed);
        ++seed;
        for (int in_hand = 0; !h.over(); ++in_hand) {
            const std::vector<int> seats = h.seats_to_act();
            if (seats.empty() || in_hand >= max_actions_per_hand) {
                state.SkipWithError("a hand did not end");
                return;
            }
            const int seat = seats.front();
            const golf::hand_view view = h.view_for(seat);
            h.apply(seat, bot.choose(*rules, view, random));
            ++actions;
        }
        benchmark::DoNotOptimize(h.result());
    }
    state.SetItemsProcessed(actions);
}
BENCHMARK(BM_self_play_heuristic);

struct recorded_hand {
    int dealer;
    std::uint64_t seed;
    std::vector<golf::logged_action> log;
};

void BM_replay(benchmark::State& state) {
    const auto rules = six_card();
    golf::random_source random(7);
    std::vector<golf::action> legal;
    std::vector<recorded_hand> records;
    for (std::uint64_t seed = 1; seed <= 64; ++seed) {
        golf::hand h(rules, 4, static_cast<int>(seed % 4), seed);
        if (play_random(h, random, legal) < 0) {
            state.SkipWithError("a hand did not end");
            return;
        }
        records.push_back({h.dealer(), seed, h.log()});
    }
    std::int64_t actions = 0;
    std::size_t next = 0;
    for (auto _ : state) {
        const recorded_hand& r = records[next];
        next = (next + 1) % records.size();
        std::optional<golf::hand> h = golf::hand::replay(rules, 4, r.dealer, r.seed, r.log);
        if (!h || !h->over()) {
            state.SkipWithError("a recorded hand did not replay");
            return;
        }
        actions += static_cast<std::int64_t>(r.log.size());
        benchmark::DoNotOptimize(h);
    }
    state.SetItemsProcessed(actions);
}
BENCHMARK(BM_replay);

void BM_score_layout(benchmark::State& state) {
    const auto rules = six_card();
    golf::random_source random(3);
    std::vector<golf::card> deck = golf::make_deck(1, rules->jokers_per_pack);
    std::vector<golf::layout_cells> layouts;
    for (int i = 0; i < 1024; ++i) {
        random.shuffle(std::span<golf::card>(deck));
        golf::layout_cells cells;
        for (int slot = 0; slot < rules->slots(); ++slot) cells.emplace_back(deck[static_cast<std::size_t>(slot)]);
        layouts.push_back(std::move(cells));
    }
    std::size_t next = 0;
    for (auto _ : state) {
        const golf::layout_score score = golf::score_layout(*rules, layouts[next]);
        benchmark::DoNotOptimize(score.points);
        next = (next + 1) % layouts.size();
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_score_layout);

}  // namespace

BENCHMARK_MAIN();
