// golf arena's play (arena_run.hpp): each thread plays a contiguous block of hands with bots of its own and keeps
// its own tallies; the tallies are added up once every thread is done.
#include "cli/arena/arena_run.hpp"
#include "cli/commands.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/random.hpp"

namespace golf::cli {

namespace {

using clock_type = std::chrono::steady_clock;

struct seat_action {
    int seat = 0;
    action act;
};

// The seed of a seat's bot in a hand: apart from the hand's own shuffle (random_source(hand_seed)), and the same
// whichever thread plays the hand.
std::uint64_t seat_seed(std::uint64_t hand_seed, int seat) {
    random_source mix(hand_seed ^ (0xD1B54A32D192ED03ULL * static_cast<std::uint64_t>(seat + 1)));
    return mix.next();
}

// The tallies before any hand: the distinct names in order of first appearance, their seats, every pair a < b.
// `entry_bot` gets, per entry of seat_bots, its name's index.
arena_result empty_tally(const arena_setup& setup, std::vector<int>& entry_bot) {
    arena_result tally;
    entry_bot.clear();
    for (const std::string& name : setup.seat_bots) {
        const auto found =
            std::find_if(tally.bots.begin(), tally.bots.end(), [&](const arena_bot& b) { return b.name == name; });
        entry_bot.push_back(static_cast<int>(found - tally.bots.begin()));
        if (found == tally.bots.end()) tally.bots.push_back(arena_bot{name, 0, {}, 0, {}, {}});
        ++tally.bots[static_cast<std::size_t>(entry_bot.back())].seats_per_hand;
    }
    for (arena_bot& b : tally.bots) b.scores = b.gains = observations(b.seats_per_hand);
    const int count = static_cast<int>(tally.bots.size());
    for (int a = 0; a < count; ++a) {
        for (int b = a + 1; b < count; ++b) {
            const std::int64_t scale = std::int64_t{tally.bots[static_cast<std::size_t>(a)].seats_per_hand} *
                                       tally.bots[static_cast<std::size_t>(b)].seats_per_hand;
            tally.differences.push_back(arena_difference{a, b, observations(scale)});
        }
    }
    return tally;
}

// What the threads share: the earliest hand that failed so far (a thread past it stops: the run's answer is that
// failure or an earlier one), the hands done, and who has finished.
class shared_state {
public:
    explicit shared_state(std::int64_t hands) : first_failure_(hands) {}

    bool past_a_failure(std::int64_t hand_number) const {
        return hand_number > first_failure_.load(std::memory_order_relaxed);
    }
    void failed_at(std::int64_t hand_number) {
        std::int64_t seen = first_failure_.load(std::memory_order_relaxed);
        while (hand_number < seen && !first_failure_.compare_exchange_weak(seen, hand_number)) {}
    }
    void one_done() { done_.fetch_add(1, std::memory_order_relaxed); }
    void thread_finished() {
        const std::lock_guard lock(mutex_);
        ++finished_;
        all_finished_.notify_one();
    }
    // Waits for `threads` threads to finish, reporting progress about ten times a second.
    void wait(int threads, const std::function<void(std::int64_t)>& progress) {
        std::unique_lock lock(mutex_);
        while (!all_finished_.wait_for(lock, std::chrono::milliseconds(100), [&] { return finished_ == threads; }))
            if (progress) progress(done_.load(std::memory_order_relaxed));
    }

private:
    std::atomic<std::int64_t> first_failure_;
    std::atomic<std::int64_t> done_{0};
    std::mutex mutex_;
    std::condition_variable all_finished_;
    int finished_ = 0;
};

// One thread's share: its bots (one per entry of seat_bots), its seats' random sources and its tallies.
class worker {
public:
    worker(const arena_setup& setup, arena_result tally, std::vector<int> entry_bot, shared_state& shared)
        : setup_(setup), tally_(std::move(tally)), entry_bot_(std::move(entry_bot)), shared_(shared) {
        for (const std::string& name : setup.seat_bots) bots_.push_back(make_bot(name));
        if (!setup.baseline.empty()) baseline_ = make_bot(setup.baseline);
        seat_random_.resize(static_cast<std::size_t>(setup.players));
    }

    void play(std::int64_t begin, std::int64_t end) {
        random_source seeds(setup_.seed);
        for (std::int64_t h = 0; h < begin; ++h) seeds.next();  // the seeds of the hands before this block
        for (std::int64_t h = begin; h < end && !shared_.past_a_failure(h); ++h) {
            const std::string why = play_hand(h, seeds.next());
            if (!why.empty()) {
                failed_hand_ = h;
                tally_.failure = "hand " + std::to_string(h + 1) + ": " + why;
                shared_.failed_at(h);
                return;
            }
            ++tally_.hands;
            shared_.one_done();
        }
    }

    const arena_result& tally() const { return tally_; }
    std::int64_t failed_hand() const { return failed_hand_; }

private:
    std::string play_hand(std::int64_t h, std::uint64_t hand_seed);
    std::string play_deal(std::int64_t h, std::uint64_t hand_seed, bool baseline, hand_score& result);
    std::optional<seat_action> sure_claim_of_any_seat(const hand& play);
    std::optional<seat_action> bot_move(const hand& play, std::int64_t h, bool baseline, std::string& why);
    void count_result(const hand_score& result, std::int64_t h);
    void count_gains(const hand_score& result, const hand_score& baseline, std::int64_t h);

    const arena_setup& setup_;
    arena_result tally_;
    std::vector<int> entry_bot_;  // per entry of seat_bots: its index in tally_.bots
    shared_state& shared_;
    std::vector<std::unique_ptr<bot>> bots_;
    std::unique_ptr<bot> baseline_;  // with --baseline: plays every seat of each deal's second playing
    std::vector<random_source> seat_random_;
    hand_view view_;  // reused for every view, so a move allocates little
    std::int64_t failed_hand_ = -1;
};

// Plays hand h to its end and counts it (and, with a baseline, its deal again with the baseline in every seat);
// what went wrong otherwise.
std::string worker::play_hand(std::int64_t h, std::uint64_t hand_seed) {
    hand_score result;
    if (std::string why = play_deal(h, hand_seed, false, result); !why.empty()) return why;
    count_result(result, h);
    if (!baseline_) return {};
    hand_score baseline;
    if (std::string why = play_deal(h, hand_seed, true, baseline); !why.empty()) return "the baseline's play: " + why;
    count_gains(result, baseline, h);
    return {};
}

// Plays hand h's deal to its end, by the seats' bots or (baseline) by the baseline bot in every seat.
std::string worker::play_deal(std::int64_t h, std::uint64_t hand_seed, bool baseline, hand_score& result) {
    const int players = setup_.players;
    hand play(setup_.rules, players, static_cast<int>(h % players), hand_seed);
    for (int s = 0; s < players; ++s)
        seat_random_[static_cast<std::size_t>(s)] = random_source(seat_seed(hand_seed, s));
    for (int actions = 1; !play.over(); ++actions) {
        if (actions > max_actions_per_hand)
            return "still going after " + std::to_string(max_actions_per_hand) + " actions";
        std::string why;
        std::optional<seat_action> next = sure_claim_of_any_seat(play);
        if (!next) next = bot_move(play, h, baseline, why);
        if (!next) return why;
        if (const action_error error = play.apply(next->seat, next->act); error != action_error::none)
            return "seat " + std::to_string(next->seat) + "'s bot (" +
                   (baseline ? setup_.baseline
                             : setup_.seat_bots[static_cast<std::size_t>(arena_entry_at(next->seat, h, players))]) +
                   ") chose a refused action (" + std::string(to_string(next->act.kind)) + ": " +
                   std::string(to_string(error)) + ")";
        if (!baseline) ++tally_.actions;
    }
    if (play.result().scores.size() != static_cast<std::size_t>(players)) return "the hand ended without every score";
    result = play.result();
    return {};
}

// As the server does for its bots: while the top discard may be claimed, the first seat (in seat order) sure of a
// matching card claims it.
std::optional<seat_action> worker::sure_claim_of_any_seat(const hand& play) {
    if (play.rules().claims == claim_rule::none || !play.claim_open()) return std::nullopt;
    for (int s = 0; s < play.players(); ++s) {
        play.view_into(s, view_, recall::perfect);
        const std::optional<action> chosen = sure_claim(play.rules(), view_);
        if (chosen && std::find(view_.legal.begin(), view_.legal.end(), *chosen) != view_.legal.end())
            return seat_action{s, *chosen};
    }
    return std::nullopt;
}

// The move of the first seat to act, chosen (and timed) by the bot sitting there.
std::optional<seat_action> worker::bot_move(const hand& play, std::int64_t h, bool baseline, std::string& why) {
    const std::vector<int> seats = play.seats_to_act();
    if (seats.empty()) {
        why = "no seat may act in phase " + std::string(to_string(play.current_phase()));
        return std::nullopt;
    }
    const int seat = seats.front();
    play.view_into(seat, view_, recall::perfect);  // bots remember all they saw
    if (view_.legal.empty()) {
        why = "seat " + std::to_string(seat) + " has no legal action";
        return std::nullopt;
    }
    random_source& random = seat_random_[static_cast<std::size_t>(seat)];
    if (baseline) return seat_action{seat, baseline_->choose(play.rules(), view_, random)};  // not timed
    const auto entry = static_cast<std::size_t>(arena_entry_at(seat, h, setup_.players));
    const auto start = clock_type::now();
    const action chosen = bots_[entry]->choose(play.rules(), view_, random);
    tally_.bots[static_cast<std::size_t>(entry_bot_[entry])].times.record(clock_type::now() - start);
    return seat_action{seat, chosen};
}

// One observation per bot name (the sum of its seats' scores over its seats per hand), its win shares, and one
// per pair: a's value minus b's, as (sum_a * seats_b - sum_b * seats_a) / (seats_a * seats_b).
void worker::count_result(const hand_score& result, std::int64_t h) {
    std::vector<std::int64_t> sums(tally_.bots.size(), 0);
    const std::vector<std::int64_t> shares = win_shares(result.scores);
    for (int s = 0; s < setup_.players; ++s) {
        const auto b =
            static_cast<std::size_t>(entry_bot_[static_cast<std::size_t>(arena_entry_at(s, h, setup_.players))]);
        sums[b] += result.scores[static_cast<std::size_t>(s)];
        tally_.bots[b].win_units += shares[static_cast<std::size_t>(s)];
    }
    for (std::size_t b = 0; b < sums.size(); ++b) tally_.bots[b].scores.add(sums[b]);
    for (arena_difference& d : tally_.differences) {
        const arena_bot& a = tally_.bots[static_cast<std::size_t>(d.a)];
        const arena_bot& b = tally_.bots[static_cast<std::size_t>(d.b)];
        d.values.add(sums[static_cast<std::size_t>(d.a)] * b.seats_per_hand -
                     sums[static_cast<std::size_t>(d.b)] * a.seats_per_hand);
    }
}

// Per bot name, its seats' scores minus the baseline's in the same seats on the same deal.
void worker::count_gains(const hand_score& result, const hand_score& baseline, std::int64_t h) {
    std::vector<std::int64_t> sums(tally_.bots.size(), 0);
    for (int s = 0; s < setup_.players; ++s) {
        const auto b =
            static_cast<std::size_t>(entry_bot_[static_cast<std::size_t>(arena_entry_at(s, h, setup_.players))]);
        sums[b] += result.scores[static_cast<std::size_t>(s)] - baseline.scores[static_cast<std::size_t>(s)];
    }
    for (std::size_t b = 0; b < sums.size(); ++b) tally_.bots[b].gains.add(sums[b]);
}

void add_tally(arena_result& into, const arena_result& from) {
    for (std::size_t b = 0; b < into.bots.size(); ++b) {
        into.bots[b].scores.merge(from.bots[b].scores);
        into.bots[b].gains.merge(from.bots[b].gains);
        into.bots[b].win_units += from.bots[b].win_units;
        into.bots[b].times.merge(from.bots[b].times);
    }
    for (std::size_t d = 0; d < into.differences.size(); ++d)
        into.differences[d].values.merge(from.differences[d].values);
    into.hands += from.hands;
    into.actions += from.actions;
}

}  // namespace

// Hand h is dealt by seat h % players, so within each run of `players` hands every entry sits once at each distance
// from the dealer (deals once, plays first once, ...); between runs the seats turn by one. Turning them every hand
// as well would undo half of that when the seats are even: an entry's distance from the dealer would then change
// by two a hand, and with `--bots a,b` at four seats b would always play first or last.
int arena_entry_at(int seat, std::int64_t hand_number, int players) {
    return static_cast<int>((seat + hand_number / players) % players);
}

arena_result play_arena(const arena_setup& setup, const std::function<void(std::int64_t)>& progress) {
    std::vector<int> entry_bot;
    const arena_result empty = empty_tally(setup, entry_bot);
    const int threads = std::max(setup.threads, 1);
    shared_state shared(setup.hands);
    std::vector<std::unique_ptr<worker>> workers;
    for (int t = 0; t < threads; ++t) workers.push_back(std::make_unique<worker>(setup, empty, entry_bot, shared));

    const auto start = clock_type::now();
    {
        std::vector<std::jthread> running;  // joined on leaving this block, even if starting one throws
        for (int t = 0; t < threads; ++t) {
            const std::int64_t begin = setup.hands * t / threads;
            const std::int64_t end = setup.hands * (t + 1) / threads;
            running.emplace_back([&, t, begin, end] {
                workers[static_cast<std::size_t>(t)]->play(begin, end);
                shared.thread_finished();
            });
        }
        shared.wait(threads, progress);
    }
    arena_result result = empty;
    result.seconds = std::chrono::duration<double>(clock_type::now() - start).count();
    const worker* first_failed = nullptr;
    for (const auto& w : workers) {
        add_tally(result, w->tally());
        if (w->failed_hand() >= 0 && (!first_failed || w->failed_hand() < first_failed->failed_hand()))
            first_failed = w.get();
    }
    if (first_failed) result.failure = first_failed->tally().failure;
    return result;
}

}  // namespace golf::cli
