// Persistence speed: finished hands persisted per second through the public match_store interface, with WAL and
// synchronous NORMAL or FULL. Each iteration enqueues N realistic six-card, four-seat holes (about 60 action tokens,
// scores and running totals) spread over 64 live tables, then waits for flush(); the time is wall-clock from the
// first enqueue to flush() returning. Items are holes. Goals on the reference machine: 10,000/s NORMAL, 500/s FULL.
// BM_holes_with_moves adds one hand_progress per move before each hole (items are still holes); BM_hole_per_commit
// flushes after every hole (one commit each: the floor when holes arrive one at a time); BM_moves_trickling flushes
// after every round of moves at all tables, so no progress record is coalesced away (items are moves written).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "persistence/sqlite/sqlite_store.hpp"

namespace {

namespace fs = std::filesystem;
using golf::persistence::hand_progress;
using golf::persistence::hole_record;
using golf::persistence::match_id;
using golf::persistence::match_start;
using golf::persistence::sqlite_options;
using golf::persistence::sqlite_store;

constexpr int tables = 64;
constexpr int seats = 4;
constexpr auto flush_limit = std::chrono::minutes(10);  // a guard against a hung writer

// A plausible six-card hand for four seats: two flips each, then turns of draw-and-place or take-and-place,
// about 60 tokens in all, as golf::encode_action_log writes them.
std::vector<std::string> hand_tokens(std::mt19937& rng) {
    std::vector<std::string> tokens;
    for (int seat = 0; seat < seats; ++seat) {
        tokens.push_back(std::to_string(seat) + ":flip:" + std::to_string(rng() % 3));
        tokens.push_back(std::to_string(seat) + ":flip:" + std::to_string(3 + rng() % 3));
    }
    for (int turn = 0; tokens.size() < 60; ++turn) {
        const auto seat = std::to_string(turn % seats);
        const auto kind = rng() % 3;
        if (kind == 0) {
            tokens.push_back(seat + ":take_discard");
            tokens.push_back(seat + ":place:" + std::to_string(rng() % 6));
        } else if (kind == 1) {
            tokens.push_back(seat + ":draw_stock");
            tokens.push_back(seat + ":place:" + std::to_string(rng() % 6));
        } else {
            tokens.push_back(seat + ":draw_stock");
            tokens.push_back(seat + ":discard");
        }
    }
    return tokens;
}

std::string join(const std::vector<std::string>& tokens, std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count && i < tokens.size(); ++i) {
        if (i > 0) out += ' ';
        out += tokens[i];
    }
    return out;
}

// The hands every benchmark cycles through, made once so generating them is never measured.
const std::vector<std::vector<std::string>>& hands() {
    static const auto pool = [] {
        std::mt19937 rng(20240601);
        std::vector<std::vector<std::string>> out;
        for (int i = 0; i < 256; ++i) out.push_back(hand_tokens(rng));
        return out;
    }();
    return pool;
}

hole_record make_hole(match_id match, int number, std::uint64_t seed, std::string actions) {
    hole_record h;
    h.match = match;
    h.hole = number;
    h.seed = seed * 0x9E37'79B9'7F4A'7C15ULL;
    h.dealer = number % seats;
    if (number % 4 == 0) h.caller = number % seats;
    int total = 0;
    for (int seat = 0; seat < seats; ++seat) {
        const int score = static_cast<int>((seed + static_cast<std::uint64_t>(seat) * 7) % 25) - 4;
        h.hand_scores.push_back(score);
        total += score;
        h.running_totals.push_back(total * number);
    }
    h.actions = std::move(actions);
    return h;
}

// A fresh database in its own directory with `tables` matches started and written; removed afterwards.
class bench_database {
public:
    explicit bench_database(bool synchronous_full) {
        std::random_device rd;
        dir_ = fs::temp_directory_path() / ("golf-persistence-bench-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(dir_);
        sqlite_options o;
        o.path = dir_ / "golf.db";
        o.synchronous_full = synchronous_full;
        store_ = std::make_unique<sqlite_store>(o);
        for (int t = 0; t < tables; ++t) {
            match_start m;
            m.table_code = "T" + std::to_string(t);
            m.preset = "six-card";
            m.ruleset = "six-card";
            for (int seat = 0; seat < seats; ++seat) {
                m.seats.push_back({seat, "player-" + std::to_string(t * seats + seat),
                                   "hash-" + std::to_string(t * seats + seat), ""});
            }
            m.started_at = 1'700'000'000 + t;
            matches_.push_back(store_->start_match(std::move(m)));
        }
        if (!store_->flush(flush_limit)) throw std::runtime_error("the benchmark database did not flush");
    }
    ~bench_database() {
        store_.reset();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    bench_database(const bench_database&) = delete;
    bench_database& operator=(const bench_database&) = delete;

    sqlite_store& store() { return *store_; }
    match_id match(int table) const { return matches_[static_cast<std::size_t>(table)]; }

private:
    fs::path dir_;
    std::unique_ptr<sqlite_store> store_;
    std::vector<match_id> matches_;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Args: synchronous FULL (1) or NORMAL (0); holes per iteration.
void BM_holes(benchmark::State& state) {
    const bool full = state.range(0) != 0;
    const auto holes = static_cast<int>(state.range(1));
    const auto& pool = hands();
    for (auto _ : state) {
        bench_database db(full);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < holes; ++i) {
            const int table = i % tables;
            db.store().record_hole(make_hole(db.match(table), i / tables + 1, static_cast<std::uint64_t>(i),
                                             join(pool[static_cast<std::size_t>(i) % pool.size()], 60)));
        }
        if (!db.store().flush(flush_limit)) state.SkipWithError("flush timed out");
        state.SetIterationTime(seconds_since(start));
        if (db.store().health().dropped != 0) state.SkipWithError("records were dropped");
    }
    state.SetItemsProcessed(state.iterations() * holes);
    state.SetLabel(full ? "synchronous=FULL" : "synchronous=NORMAL");
}

// As BM_holes, with one hand_progress per move of every hole (the live tables' hot path) before its hole_record.
void BM_holes_with_moves(benchmark::State& state) {
    const bool full = state.range(0) != 0;
    const auto holes = static_cast<int>(state.range(1));
    const auto& pool = hands();
    std::int64_t moves = 0;
    for (auto _ : state) {
        bench_database db(full);
        const auto start = std::chrono::steady_clock::now();
        // Every table plays its hole move by move, interleaved as live tables are.
        for (int round = 0; round * tables < holes; ++round) {
            const int in_round = std::min(tables, holes - round * tables);
            for (std::size_t move = 1; move <= 60; ++move) {
                for (int table = 0; table < in_round; ++table) {
                    const auto i = static_cast<std::size_t>(round * tables + table);
                    db.store().record_hand_progress(
                        {db.match(table), round + 1, i, round % seats, join(pool[i % pool.size()], move)});
                    ++moves;
                }
            }
            for (int table = 0; table < in_round; ++table) {
                const auto i = static_cast<std::size_t>(round * tables + table);
                db.store().record_hole(make_hole(db.match(table), round + 1, i, join(pool[i % pool.size()], 60)));
            }
        }
        if (!db.store().flush(flush_limit)) state.SkipWithError("flush timed out");
        state.SetIterationTime(seconds_since(start));
        if (db.store().health().dropped != 0) state.SkipWithError("records were dropped");
    }
    state.SetItemsProcessed(state.iterations() * holes);
    state.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
    state.SetLabel(full ? "synchronous=FULL" : "synchronous=NORMAL");
}

// Every table makes one move, then flush(): one transaction per round, nothing coalesced. Args: FULL, rounds.
void BM_moves_trickling(benchmark::State& state) {
    const bool full = state.range(0) != 0;
    const auto rounds = static_cast<int>(state.range(1));
    const auto& pool = hands();
    for (auto _ : state) {
        bench_database db(full);
        const auto start = std::chrono::steady_clock::now();
        for (int round = 0; round < rounds; ++round) {
            const auto move = static_cast<std::size_t>(round % 60) + 1;
            for (int table = 0; table < tables; ++table) {
                const auto i = static_cast<std::size_t>(table);
                db.store().record_hand_progress(
                    {db.match(table), 1 + round / 60, i, 0, join(pool[i % pool.size()], move)});
            }
            if (!db.store().flush(flush_limit)) state.SkipWithError("flush timed out");
        }
        state.SetIterationTime(seconds_since(start));
        if (db.store().health().dropped != 0) state.SkipWithError("records were dropped");
    }
    state.SetItemsProcessed(state.iterations() * rounds * tables);
    state.SetLabel(full ? "synchronous=FULL" : "synchronous=NORMAL");
}

// Each hole flushed before the next: one commit per hole, the latency floor when holes arrive one at a time.
void BM_hole_per_commit(benchmark::State& state) {
    const bool full = state.range(0) != 0;
    const auto holes = static_cast<int>(state.range(1));
    const auto& pool = hands();
    for (auto _ : state) {
        bench_database db(full);
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < holes; ++i) {
            const int table = i % tables;
            db.store().record_hole(make_hole(db.match(table), i / tables + 1, static_cast<std::uint64_t>(i),
                                             join(pool[static_cast<std::size_t>(i) % pool.size()], 60)));
            if (!db.store().flush(flush_limit)) state.SkipWithError("flush timed out");
        }
        state.SetIterationTime(seconds_since(start));
        if (db.store().health().dropped != 0) state.SkipWithError("records were dropped");
    }
    state.SetItemsProcessed(state.iterations() * holes);
    state.SetLabel(full ? "synchronous=FULL" : "synchronous=NORMAL");
}

BENCHMARK(BM_holes)->Args({0, 10'000})->Args({1, 10'000})->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_holes_with_moves)->Args({0, 2'000})->Args({1, 2'000})->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_hole_per_commit)->Args({0, 200})->Args({1, 200})->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_moves_trickling)->Args({0, 200})->Args({1, 200})->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
