// The search bot (see search_bot.hpp): determinized playouts of each candidate move, spread by successive halving.
#include "engine/search_bot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

namespace golf {

namespace {

constexpr int max_playout_moves = 4000;  // far above any real hand: a playout cut here is scored as it stands
// A budget of N playouts also caps the moves simulated at N times this: early in a hand, or in long hands (nine
// cards, many seats), playouts are long, and the cap keeps a decision's time near what the budget promises.
constexpr int moves_per_playout = 24;
// Another move replaces the heuristic bot's choice only when its mean is lower by this many standard errors of the
// paired differences (the same samples): playouts are noisy, and a move that only looks better by chance is worse
// than the heuristic's on average (in four-card, without this, the bot scored 0.3-0.5 a hand worse than it).
constexpr double confidence_z = 1.0;
// Below this budget the bot trusts its few playouts and so plays like a beginner, some moves inspired and some
// careless ("easy", 24 playouts, scores worse than the heuristic bot); from it on it is careful as above.
constexpr int careful_from = 48;

// One candidate move and what its playouts gave, sample by sample (a candidate plays every sample of the rounds it
// survives, so its outcomes are the first of the samples drawn).
struct candidate {
    action move;
    bool base = false;             // the heuristic bot's choice: never dropped, and left only for a clearly better move
    std::vector<double> outcomes;  // lower is better
    double total = 0;
    double mean() const { return outcomes.empty() ? 0.0 : total / static_cast<double>(outcomes.size()); }
};

// Plays a sampled hand to its end, every seat deciding with the heuristic bot from its own view of the sample.
class playout {
public:
    playout(const ruleset& rules, bool difference) : rules_(rules), difference_(difference) {}

    // The outcome for `me` of `move` in `world` (a copy: the sample is reused by the other candidates).
    double outcome(hand world, int me, action move) {
        if (world.apply(me, move) != action_error::none) return 1e9;  // never: candidates come from view.legal
        for (int moves = 0; !world.over() && moves < max_playout_moves; ++moves, ++moves_) {
            const std::vector<int> seats = world.seats_to_act();
            if (seats.empty()) break;
            const int seat = seats.front();
            world.view_into(seat, scratch_, recall::perfect);
            if (scratch_.legal.empty()) break;
            if (world.apply(seat, policy_.choose(rules_, scratch_, random_)) != action_error::none) break;
        }
        return score_for(world, me);
    }

    long moves() const { return moves_; }  // simulated so far, by every playout

private:
    // The bot's own hand score, what a scorecard counts; or, where only the end is left to win
    // (ending_is_all_to_win), that less the others' mean. (Subtracting half the others' mean in six-card, to hurt
    // the leader, scored 0.9 points a hand worse: 300 hands, 4 seats, 300 playouts.)
    double score_for(const hand& world, int me) const {
        if (!difference_) return seat_score(world, me);
        double others = 0;
        for (int s = 0; s < world.players(); ++s)
            if (s != me) others += seat_score(world, s);
        return seat_score(world, me) - others / std::max(1, world.players() - 1);
    }
    double seat_score(const hand& world, int seat) const {
        if (world.over()) return world.result().scores[static_cast<std::size_t>(seat)];
        return layout_points(rules_, world.cells_of(seat));  // cut short: the layout as it lies
    }

    const ruleset& rules_;
    bool difference_;
    heuristic_bot policy_;
    random_source random_;  // the heuristic bot draws nothing from it; kept for the interface
    hand_view scratch_;
    long moves_ = 0;
};

// Past the heuristic bot's patience (its own turns beyond 2 x slots + 8) play ends when the heuristic bot would end
// it: every playout sees a little to gain from one more turn, and a table of search bots would never knock.
bool impatient_end(const ruleset& rules, const hand_view& view, action base) {
    const int turns = view.seats[static_cast<std::size_t>(view.viewer)].turns_taken;
    return turns >= 2 * rules.slots() + 8 && (base.kind == action_kind::knock || base.kind == action_kind::reveal_all);
}

// Where a layout scores the plain sum of its cards and a turn can do no more than draw, keep and end play (no pairs
// or bonuses, no powers, matches, claims or looks), the heuristic bot's card play is as good as the search's
// (four-card, 4,000 hands: -0.07 [-0.24, +0.09]). What is left to win is when play ends, and that is zero-sum, so
// there the playouts count the bot's score less the others' mean: it knocks when ahead (four-card, 2 players,
// 2,000 hands: -0.64 [-0.93, -0.35]). Elsewhere the search outplays the table and ending early throws that away,
// so it plays for its own score (Dacz and Powers lost 3.3 and 4.6 points a hand playing for the difference).
bool ending_is_all_to_win(const ruleset& r) {
    const bool can_end = r.knocking || r.call_after_turn || r.reveal_all_turn;
    const bool plain_sum = !r.cancel_column && !r.cancel_row && !r.cancel_diagonal && !r.cancel_pairs_anywhere &&
                           !r.cancel_adjacent_pairs && !r.one_eyed_jacks_wild && r.bonus_equal_column_pairs == 0 &&
                           r.bonus_square_block == 0 && r.bonus_all_equal == 0 && r.bonus_row_of_kings == 0 &&
                           r.others_penalty_side_by_side_pairs == 0 && !r.straight_score && !r.shoot_the_moon;
    const bool no_powers =
        std::all_of(r.rank_power.begin(), r.rank_power.end(), [](power_kind p) { return p == power_kind::none; });
    const bool plain_turns = no_powers && r.matching == match_rule::none && r.claims == claim_rule::none &&
                             r.look_cost == 0 && !r.jack_skips_next;
    return can_end && plain_sum && plain_turns;
}

// The search at the root: successive halving over the candidates on common samples.
class root_search {
public:
    root_search(const ruleset& rules, const hand_view& view, int playouts, std::uint64_t seed,
                std::optional<action> base, bool difference)
        : view_(view),
          rules_(std::make_shared<const ruleset>(rules)),
          play_(*rules_, difference),
          playouts_(playouts),
          seed_(seed) {
        for (action a : view.legal)
            if (a.kind != action_kind::claim) alive_.push_back({a, base == a, {}});
    }

    std::optional<action> run() {
        // Successive halving (Karnin, Koren and Somekh 2013): equal shares per round, the better half goes on.
        const int rounds = std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(alive_.size())))));
        const long moves_per_round = static_cast<long>(playouts_) * moves_per_playout / rounds;
        for (int round = 0; round < rounds && alive_.size() > 1; ++round) {
            const int each = std::max(1, playouts_ / rounds / static_cast<int>(alive_.size()));
            const long round_end = play_.moves() + moves_per_round;
            for (int i = 0; i < each && (i == 0 || play_.moves() < round_end); ++i)
                if (!play_sample()) return std::nullopt;
            halve();
        }
        return pick();
    }

private:
    bool play_sample() {
        random_source sampler(seed_ ^ (0x9E3779B97F4A7C15ULL * ++samples_));
        const std::optional<hand> world = hand::sampled_from(rules_, view_, sampler);
        if (!world) return false;
        for (candidate& c : alive_) {
            c.outcomes.push_back(play_.outcome(*world, view_.viewer, c.move));
            c.total += c.outcomes.back();
        }
        return true;
    }

    // The better half of the candidates goes on, and the heuristic bot's choice with them.
    void halve() {
        std::stable_sort(alive_.begin(), alive_.end(), [](const candidate& a, const candidate& b) {
            return a.base != b.base ? a.base : a.mean() < b.mean();
        });
        const bool has_base = !alive_.empty() && alive_.front().base;
        const std::size_t others = alive_.size() - (has_base ? 1 : 0);
        alive_.resize((has_base ? 1 : 0) + std::max<std::size_t>(1, (others + 1) / 2));
    }

    // The best candidate, if it beats the heuristic bot's choice on the samples both played by more than the noise.
    action pick() const {
        const candidate* base = nullptr;
        const candidate* best = nullptr;
        for (const candidate& c : alive_) {
            if (c.base) base = &c;
            else if (!best || c.mean() < best->mean()) best = &c;
        }
        if (!base || !best) return (best ? best : base)->move;
        const std::size_t n = best->outcomes.size();
        double sum = 0, squares = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const double d = best->outcomes[j] - base->outcomes[j];
            sum += d;
            squares += d * d;
        }
        const double mean = sum / static_cast<double>(n);
        const double variance = n > 1 ? (squares - sum * mean) / static_cast<double>(n - 1) : 0.0;
        return mean + confidence_z * std::sqrt(std::max(0.0, variance) / static_cast<double>(n)) < 0 ? best->move
                                                                                                     : base->move;
    }

    const hand_view& view_;
    std::shared_ptr<const ruleset> rules_;
    playout play_;
    int playouts_;
    std::uint64_t seed_;
    std::uint64_t samples_ = 0;
    std::vector<candidate> alive_;
};

}  // namespace

action search_bot::choose(const ruleset& rules, const hand_view& view, random_source& random) {
    if (view.viewer < 0 || view.viewer >= static_cast<int>(view.seats.size()) || view.legal.size() == 1)
        return view.legal.front();
    if (auto claim = sure_claim(rules, view)) return *claim;
    const action base = heuristic_bot().choose(rules, view, random);  // asked once: the end check and the search
    if (impatient_end(rules, view, base)) return base;
    root_search search(rules, view, playouts_, random.next(),
                       playouts_ >= careful_from ? std::optional<action>(base) : std::nullopt,
                       ending_is_all_to_win(rules));
    return search.run().value_or(base);  // nothing: a view no hand could show
}

}  // namespace golf
