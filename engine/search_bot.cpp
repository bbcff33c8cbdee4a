// The search bot (see search_bot.hpp): determinized playouts of each candidate move, spread by successive halving.
#include "engine/search_bot.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace golf {

namespace {

constexpr int max_playout_moves = 4000;  // far above any real hand: a playout cut here is scored as it stands
// A budget of N playouts also caps the moves simulated at N times this: early in a hand, or in long hands (nine
// cards, many seats), playouts are long, and the cap keeps a decision's time near what the budget promises.
constexpr int moves_per_playout = 24;

// One candidate move and what its playouts gave.
struct candidate {
    action move;
    double total = 0;  // sum of outcomes (lower is better)
    int playouts = 0;
    double mean() const { return playouts > 0 ? total / playouts : 0.0; }
};

// Plays a sampled hand to its end, every seat deciding with the heuristic bot from its own view of the sample.
class playout {
public:
    explicit playout(const ruleset& rules) : rules_(rules) {}

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
    // The bot's own hand score: what the arena and a scorecard count. (Subtracting half the others' mean, to hurt
    // the leader, scored 0.9 points a hand worse in six-card: 300 hands, 4 seats, 300 playouts.)
    double score_for(const hand& world, int me) const {
        if (world.over()) return world.result().scores[static_cast<std::size_t>(me)];
        return score_layout(rules_, world.cells_of(me)).points;  // cut short: the layout as it lies
    }

    const ruleset& rules_;
    heuristic_bot policy_;
    random_source random_;  // the heuristic bot draws nothing from it; kept for the interface
    hand_view scratch_;
    long moves_ = 0;
};

// The moves worth searching: every legal move but claims (a claim is taken only when sure, as the heuristic does).
std::vector<candidate> candidates_of(const hand_view& view) {
    std::vector<candidate> out;
    for (action a : view.legal)
        if (a.kind != action_kind::claim) out.push_back({a});
    return out;
}

// Past the heuristic bot's patience (its own turns beyond 2 x slots + 8) play ends when the heuristic bot would end
// it: every playout sees a little to gain from one more turn, and a table of search bots would never knock.
std::optional<action> impatient_end(const ruleset& rules, const hand_view& view, random_source& random) {
    const int turns = view.seats[static_cast<std::size_t>(view.viewer)].turns_taken;
    if (turns < 2 * rules.slots() + 8) return std::nullopt;
    const action a = heuristic_bot().choose(rules, view, random);
    if (a.kind == action_kind::knock || a.kind == action_kind::reveal_all) return a;
    return std::nullopt;
}

}  // namespace

action search_bot::choose(const ruleset& rules, const hand_view& view, random_source& random) {
    if (view.viewer < 0 || view.viewer >= static_cast<int>(view.seats.size()) || view.legal.size() == 1)
        return view.legal.front();
    if (auto claim = sure_claim(rules, view)) return *claim;
    if (auto end = impatient_end(rules, view, random)) return *end;
    std::vector<candidate> alive = candidates_of(view);
    if (alive.size() <= 1) return alive.empty() ? view.legal.front() : alive.front().move;

    const auto shared_rules = std::make_shared<const ruleset>(rules);
    const std::uint64_t seed = random.next();
    playout play(rules);
    // Successive halving (Karnin, Koren and Somekh 2013): equal shares per round, the better half goes on.
    const int rounds = std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(alive.size())))));
    std::uint64_t sample_number = 0;
    const long moves_per_round = static_cast<long>(playouts_) * moves_per_playout / rounds;
    for (int round = 0; round < rounds && alive.size() > 1; ++round) {
        const int each = std::max(1, playouts_ / rounds / static_cast<int>(alive.size()));
        const long round_end = play.moves() + moves_per_round;
        for (int i = 0; i < each && (i == 0 || play.moves() < round_end); ++i) {
            random_source sampler(seed ^ (0x9E3779B97F4A7C15ULL * ++sample_number));
            const std::optional<hand> world = hand::sampled_from(shared_rules, view, sampler);
            if (!world) return heuristic_bot().choose(rules, view, random);  // a view no hand could show
            for (candidate& c : alive) {
                c.total += play.outcome(*world, view.viewer, c.move);
                ++c.playouts;
            }
        }
        std::stable_sort(alive.begin(), alive.end(),
                         [](const candidate& a, const candidate& b) { return a.mean() < b.mean(); });
        alive.resize((alive.size() + 1) / 2);
    }
    return alive.front().move;
}

}  // namespace golf
