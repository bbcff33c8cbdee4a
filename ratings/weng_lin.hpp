// Weng-Lin Bayesian ratings (Weng & Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011), the
// Plackett-Luce model (their Algorithm 4) as the OpenSkill libraries implement it, one player per team: built for
// matches of any number of players with ties, which Golf is. Pure maths: no I/O, deterministic.
#pragma once

#include <span>
#include <vector>

namespace golf::ratings {

struct rating {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;

    friend bool operator==(const rating&, const rating&) = default;
};

// The model's constants, OpenSkill's defaults.
struct model {
    double mu = 25.0;
    double sigma = 25.0 / 3.0;
    double beta = 25.0 / 6.0;   // the spread of performance around skill
    double kappa = 0.0001;      // floors 1 - Delta: one match leaves sigma at least sqrt(kappa) of itself
    double tau = 25.0 / 300.0;  // added to sigma before each match, so a rating never freezes
    bool limit_sigma = false;   // OpenSkill's option: never let a match raise sigma

    rating initial() const { return {mu, sigma}; }
};

// The ratings after one match, in the players' order. `before[i]` is player i's rating, `ranks[i]` their place
// (lower is better, equal ranks tie; only the order matters, so 1 2 2 4 and 0 1 1 2 rate alike). Each sigma first
// widens to sqrt(sigma^2 + tau^2), so a player whose sigma is already small may leave with a larger one, unless
// m.limit_sigma. Agrees with openskill.js 5.0.1's rate() (PlackettLuce) to rounding, 1e-15 relative on the
// matches of tests/ratings.
// Throws std::invalid_argument when the spans differ in size or hold fewer than 2 players: a caller's mistake,
// not a result (openskill.js would rate a lone player, widening only their sigma).
std::vector<rating> rate(std::span<const rating> before, std::span<const int> ranks, const model& m = {});

// What leaderboards rank by: mu - z sigma (OpenSkill's ordinal), a rating the player very likely has at least.
inline double conservative(const rating& r, double z = 3.0) { return r.mu - z * r.sigma; }

}  // namespace golf::ratings
