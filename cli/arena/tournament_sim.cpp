// golf arena --tournaments' play (tournament_sim.hpp): each tournament is played once Swiss and once duplicate by
// the same field, from the same seed; places are the standing's (competition/seating.hpp) at the end.
#include "cli/arena/tournament_sim.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <tuple>

#include "competition/scoring.hpp"
#include "competition/seating.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/random.hpp"

namespace golf::cli {

namespace {

constexpr int max_actions_per_hole = 5000;

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
    random_source r(a ^ (0x9E3779B97F4A7C15ULL * (b + 1)));
    return r.next();
}

// The next move at `h`: a claim by the first seat sure of one (as the server's bots claim), else the first seat to
// act, decided by its bot with all it has seen.
std::optional<std::pair<int, action>> next_move(const ruleset& rules, const hand& h, std::vector<bot*>& bots,
                                                std::vector<random_source>& randoms, hand_view& view) {
    if (rules.claims != claim_rule::none && h.claim_open())
        for (int s = 0; s < h.players(); ++s) {
            h.view_into(s, view, recall::perfect);
            const auto chosen = sure_claim(rules, view);
            if (chosen && std::find(view.legal.begin(), view.legal.end(), *chosen) != view.legal.end())
                return std::pair(s, *chosen);
        }
    const std::vector<int> seats = h.seats_to_act();
    if (seats.empty()) return std::nullopt;
    const int s = seats.front();
    h.view_into(s, view, recall::perfect);
    if (view.legal.empty()) return std::nullopt;
    const auto i = static_cast<std::size_t>(s);
    return std::pair(s, bots[i]->choose(rules, view, randoms[i]));
}

// One match at one table; its totals by seat, or empty with `failure` set. `hole_seed(h)` deals hole h (1-based).
template <typename Seed>
std::vector<int> play_match(const std::shared_ptr<const ruleset>& rules, std::vector<bot*> bots, const Seed& hole_seed,
                            std::uint64_t bot_seed, std::int64_t& hands, std::string& failure) {
    match m(rules, static_cast<int>(bots.size()), 0);
    std::vector<random_source> randoms;
    for (std::size_t s = 0; s < bots.size(); ++s) randoms.emplace_back(mix(bot_seed, s));
    hand_view view;
    while (!m.over()) {
        if (!m.start_hole(hole_seed(static_cast<int>(m.holes().size()) + 1))) break;
        ++hands;
        for (int actions = 0; m.hole_in_play(); ++actions) {
            const auto move = actions < max_actions_per_hole ? next_move(*rules, *m.current_hand(), bots, randoms, view)
                                                             : std::nullopt;
            if (!move || m.apply(move->first, move->second) != action_error::none) {
                failure = "a bot's hole could not go on (" + std::to_string(actions) + " actions)";
                return {};
            }
        }
    }
    return m.totals();
}

struct field_state {
    std::vector<competition::entrant> entrants;
    std::vector<std::vector<int>> partners;  // [entrant]: everyone they sat with, once a round each
    competition::meetings met;
};

// Round points for one round's tables: place points (Swiss); duplicate, (n - 1) * matchpoint percentage / 100, or
// the strokes a seat beat its seat's mean over the tables by.
std::vector<std::vector<double>> round_points(const std::vector<std::vector<int>>& totals, bool duplicate,
                                              bool versus_field) {
    std::vector<std::vector<double>> out;
    const auto scored = duplicate ? competition::score_duplicate(totals) : std::nullopt;
    for (std::size_t t = 0; t < totals.size(); ++t) {
        if (!scored) {
            out.push_back(competition::place_points(totals[t]));
            continue;
        }
        out.emplace_back();
        const double most = static_cast<double>(totals[t].size()) - 1;
        for (std::size_t s = 0; s < totals[t].size(); ++s)
            out.back().push_back(versus_field ? scored->versus_field[t][s] : most * scored->percent[t][s] / 100);
    }
    return out;
}

// The final places (1-based; equal on points, opponents' points and strokes share one).
std::vector<double> places_of(const field_state& f) {
    const auto order = competition::standing(f.entrants);
    std::vector<double> places(f.entrants.size());
    const auto key = [&](int i) {
        const auto& e = f.entrants[static_cast<std::size_t>(i)];
        return std::tuple(e.points, e.opponent_points, e.strokes);
    };
    for (std::size_t k = 0; k < order.size(); ++k) {
        const bool tied = k > 0 && key(order[k]) == key(order[k - 1]);
        places[static_cast<std::size_t>(order[k])] =
            tied ? places[static_cast<std::size_t>(order[k - 1])] : static_cast<double>(k + 1);
    }
    return places;
}

}  // namespace

tournament_sim_result simulate_tournaments(const tournament_sim_setup& setup) {
    const auto started = std::chrono::steady_clock::now();
    tournament_sim_result out;
    out.places.assign(2, std::vector<std::vector<double>>(setup.field.size()));
    std::vector<std::unique_ptr<bot>> brains;
    for (const auto& name : setup.field) brains.push_back(make_bot(name));
    const competition::seating_rules rules{setup.seats, setup.seats};
    for (int t = 0; t < setup.tournaments && out.failure.empty(); ++t)
        for (int format = 0; format < 2 && out.failure.empty(); ++format) {
            field_state f;
            for (std::size_t e = 0; e < setup.field.size(); ++e)
                f.entrants.push_back({"e" + std::to_string(e + 100), 0, 0, 0, 0, 0, {}});
            f.partners.resize(setup.field.size());
            const std::uint64_t base = mix(setup.seed, static_cast<std::uint64_t>(t));
            for (int r = 0; r < setup.rounds && out.failure.empty(); ++r) {
                const auto seating = competition::seat_round(f.entrants, f.met, rules);
                std::vector<std::vector<int>> totals;
                for (std::size_t n = 0; n < seating.tables.size() && out.failure.empty(); ++n) {
                    std::vector<bot*> bots;
                    for (const int e : seating.tables[n]) bots.push_back(brains[static_cast<std::size_t>(e)].get());
                    const std::uint64_t deals =
                        mix(base, static_cast<std::uint64_t>(r) * 1000 + (format == 1 ? 999 : n));
                    const auto seed_of = [&](int hole) { return mix(deals, static_cast<std::uint64_t>(hole)); };
                    totals.push_back(play_match(setup.rules, bots, seed_of, mix(deals, 7 + n), out.hands, out.failure));
                }
                if (!out.failure.empty()) break;
                const auto points = round_points(totals, format == 1, setup.versus_field);
                for (std::size_t n = 0; n < seating.tables.size(); ++n) {
                    std::vector<std::string> ids;
                    for (std::size_t s = 0; s < seating.tables[n].size(); ++s) {
                        auto& e = f.entrants[static_cast<std::size_t>(seating.tables[n][s])];
                        e.points += points[n][s];
                        e.strokes += totals[n][s];
                        if (e.seats_taken.size() <= s) e.seats_taken.resize(s + 1);
                        ++e.seats_taken[s];
                        ids.push_back(e.id);
                        for (const int other : seating.tables[n])
                            if (other != seating.tables[n][s])
                                f.partners[static_cast<std::size_t>(seating.tables[n][s])].push_back(other);
                    }
                    competition::note_table(f.met, ids);
                }
                for (const int b : seating.byes) {
                    // A bye: an average result (half a win; no strokes either way against the field).
                    f.entrants[static_cast<std::size_t>(b)].points +=
                        format == 1 && setup.versus_field ? 0.0 : (setup.seats - 1) / 2.0;
                    ++f.entrants[static_cast<std::size_t>(b)].byes;
                }
                for (std::size_t e = 0; e < f.entrants.size(); ++e) {
                    double sum = 0;
                    for (const int p : f.partners[e]) sum += f.entrants[static_cast<std::size_t>(p)].points;
                    f.entrants[e].opponent_points = sum;
                }
            }
            const auto places = places_of(f);
            for (std::size_t e = 0; e < places.size(); ++e)
                out.places[static_cast<std::size_t>(format)][e].push_back(places[e]);
        }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace golf::cli
