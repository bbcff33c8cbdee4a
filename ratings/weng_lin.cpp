// The Plackett-Luce update of Weng & Lin (2011), Algorithm 4, for one-player teams, computed step for step as
// openskill.js 5.0.1 does (src/rate.ts, src/models/plackett-luce.ts, src/util.ts), in the same order of
// summation, so that results agree with it to the last bits rather than merely to the maths.
#include "ratings/weng_lin.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace golf::ratings {
namespace {

// One player as the update sees them: sigma already widened by tau.
struct entrant {
    std::size_t index;  // position in the caller's spans
    double mu;
    double sigma;
    double sigma_sq;
    int rank;
};

// The players, best first. Stable, as Array.prototype.sort is, so tied players are summed in the order openskill.js
// sums them.
std::vector<entrant> in_finishing_order(std::span<const rating> before, std::span<const int> ranks, double tau) {
    std::vector<entrant> order;
    order.reserve(before.size());
    for (std::size_t i = 0; i < before.size(); ++i) {
        // openskill.js squares the widened sigma again rather than keeping sigma^2 + tau^2; so do we.
        const double sigma = std::sqrt(before[i].sigma * before[i].sigma + tau * tau);
        order.push_back({i, before[i].mu, sigma, sigma * sigma, ranks[i]});
    }
    std::stable_sort(order.begin(), order.end(), [](const entrant& a, const entrant& b) { return a.rank < b.rank; });
    return order;
}

// The terms shared by every player's update: c, each q's sum over C_q of exp(mu/c), and A_q (how many tie with q).
struct match_terms {
    double c = 0.0;
    std::vector<double> exp_mu;  // exp(mu_i / c)
    std::vector<double> sum_q;   // sum of exp(mu_i / c) over the players ranked no better than q
    std::vector<int> a;          // A_q: the players sharing q's rank, q included
};

match_terms terms_of(const std::vector<entrant>& players, double beta) {
    match_terms t;
    double c_sq = 0.0;
    for (const entrant& p : players) c_sq += p.sigma_sq + beta * beta;
    t.c = std::sqrt(c_sq);
    for (const entrant& p : players) t.exp_mu.push_back(std::exp(p.mu / t.c));
    for (const entrant& q : players) {
        double sum = 0.0;
        int tied = 0;
        for (std::size_t i = 0; i < players.size(); ++i) {
            if (players[i].rank >= q.rank) sum += t.exp_mu[i];
            if (players[i].rank == q.rank) ++tied;
        }
        t.sum_q.push_back(sum);
        t.a.push_back(tied);
    }
    return t;
}

// Player i's new rating: Omega_i and Delta_i sum over every q ranked no worse than i (ties included), each term
// divided by A_q, which is how OpenSkill spreads a tie over the players in it.
rating updated(const std::vector<entrant>& players, const match_terms& t, std::size_t i, const model& m) {
    const entrant& p = players[i];
    double omega_sum = 0.0;
    double delta_sum = 0.0;
    for (std::size_t q = 0; q < players.size(); ++q) {
        if (players[q].rank > p.rank) continue;
        const double quotient = t.exp_mu[i] / t.sum_q[q];
        omega_sum += (i == q ? 1.0 - quotient : -quotient) / t.a[q];
        delta_sum += quotient * (1.0 - quotient) / t.a[q];
    }
    const double gamma = std::sqrt(p.sigma_sq) / t.c;  // OpenSkill's default gamma_q = sigma_q / c
    const double omega = omega_sum * (p.sigma_sq / t.c);
    const double delta = delta_sum * (p.sigma_sq / (t.c * t.c)) * gamma;
    // The team's share of the update is sigma^2 / sigma_team^2, which is 1 for a team of one.
    return {p.mu + omega, p.sigma * std::sqrt(std::max(1.0 - delta, m.kappa))};
}

}  // namespace

std::vector<rating> rate(std::span<const rating> before, std::span<const int> ranks, const model& m) {
    if (before.size() != ranks.size()) throw std::invalid_argument("ratings::rate: one rank per player");
    if (before.size() < 2) throw std::invalid_argument("ratings::rate: a match needs at least two players");

    const std::vector<entrant> players = in_finishing_order(before, ranks, m.tau);
    const match_terms terms = terms_of(players, m.beta);
    std::vector<rating> after(before.size());
    for (std::size_t i = 0; i < players.size(); ++i) {
        rating r = updated(players, terms, i, m);
        // As openskill.js: the limit only matters when tau could have raised sigma.
        if (m.limit_sigma && m.tau != 0.0) r.sigma = std::min(r.sigma, before[players[i].index].sigma);
        after[players[i].index] = r;
    }
    return after;
}

}  // namespace golf::ratings
