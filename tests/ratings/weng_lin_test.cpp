// Weng-Lin Plackett-Luce ratings: two matches worked by hand from the paper's Algorithm 4, agreement with
// openskill.js on every match of openskill_reference.txt, the properties the model promises, and bad input.
#include "ratings/weng_lin.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace golf::ratings {
namespace {

constexpr double tolerance = 1e-9;

void expect_near(const rating& actual, const rating& expected, double within = tolerance) {
    EXPECT_NEAR(actual.mu, expected.mu, within);
    EXPECT_NEAR(actual.sigma, expected.sigma, within);
}

// Two new players (mu 25, sigma 25/3), A first. tau widens each sigma first:
//   sigma^2 = (25/3)^2 + (25/300)^2 = 69.451388889, sigma = 8.333749990; beta^2 = (25/6)^2 = 17.361111111
//   c = sqrt(sum of sigma^2 + beta^2) = sqrt(2 * 86.8125) = 13.176683953
//   equal mu, so exp(mu/c) = e for both; sum over C_A = {A, B} is 2e, over C_B = {B} is e; every A_q = 1
//   A: q in {A}:    omega = 1 - e/2e = 1/2;            delta = (1/2)(1/2) = 1/4
//   B: q in {A, B}: omega = -e/2e + (1 - e/e) = -1/2;  delta = 1/4 + 1 * 0 = 1/4
//   Omega = sigma^2/c * omega = 5.270778986 * omega = +2.635389493 (A), -2.635389493 (B)
//   Delta = gamma sigma^2/c^2 delta with gamma = sigma/c = 0.632461856, sigma^2/c^2 = 0.400007999: 0.063247450 both
//   mu' = 25 + Omega; sigma' = sigma sqrt(max(1 - Delta, kappa)) = 8.333749990 * sqrt(0.936752550) = 8.065901414
TEST(WengLin, TwoNewPlayersByHand) {
    const std::vector<rating> before{{}, {}};
    const std::vector<int> ranks{1, 2};
    const auto after = rate(before, ranks);
    ASSERT_EQ(after.size(), 2u);
    expect_near(after[0], {27.635389493140497, 8.06590141354368});
    expect_near(after[1], {22.364610506859503, 8.06590141354368});
}

// Three new players, A first, B and C tied second. sigma^2 = 69.451388889 as above.
//   c = sqrt(3 * 86.8125) = 16.138076094; sigma^2/c = 4.303573021; gamma = sigma/c = 0.516402943;
//   sigma^2/c^2 = 0.266672000
//   sums: C_A = {A, B, C}: 3e; C_B = C_C = {B, C}: 2e. A_A = 1, A_B = A_C = 2 (B and C share a rank)
//   A: q in {A}:       omega = 1 - 1/3 = 2/3;                       delta = (1/3)(2/3) = 2/9
//   B: q in {A, B, C}: omega = -1/3 + (1 - 1/2)/2 + (-1/2)/2 = -1/3; delta = 2/9 + (1/4)/2 + (1/4)/2 = 17/36
//   C: as B
//   Omega: A +2.869048681, B and C -1.434524340 (they sum to 0)
//   Delta: A 2/9 * 0.266672000 * 0.516402943 = 0.030602268; B and C 17/36 * ... = 0.065029819
//   mu': A 27.869048681, B and C 23.565475660; sigma': A 8.205243377, B and C 8.058224223
TEST(WengLin, ThreePlayersWithATieByHand) {
    const std::vector<rating> before{{}, {}, {}};
    const std::vector<int> ranks{1, 2, 2};
    const auto after = rate(before, ranks);
    ASSERT_EQ(after.size(), 3u);
    expect_near(after[0], {27.869048680749426, 8.205243377397993});
    expect_near(after[1], {23.565475659625285, 8.058224222802378});
    expect_near(after[2], {23.565475659625285, 8.058224222802378});
}

// One line of openskill_reference.txt: the model, the players before with their ranks, and openskill.js's result.
struct reference_match {
    model m;
    std::vector<rating> before;
    std::vector<int> ranks;
    std::vector<rating> after;
};

std::vector<reference_match> read_reference(const std::string& path) {
    std::ifstream in(path);
    std::vector<reference_match> matches;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        reference_match r;
        int limit = 0;
        std::size_t n = 0;
        fields >> r.m.beta >> r.m.kappa >> r.m.tau >> limit >> n;
        r.m.limit_sigma = limit != 0;
        r.before.resize(n);
        r.ranks.resize(n);
        r.after.resize(n);
        for (std::size_t i = 0; i < n; ++i) fields >> r.before[i].mu >> r.before[i].sigma >> r.ranks[i];
        for (std::size_t i = 0; i < n; ++i) fields >> r.after[i].mu >> r.after[i].sigma;
        EXPECT_TRUE(fields && (fields >> std::ws).eof()) << "malformed reference line: " << line;
        matches.push_back(std::move(r));
    }
    return matches;
}

TEST(WengLin, MatchesOpenSkillJs) {
    const auto matches = read_reference(GOLF_OPENSKILL_REFERENCE);
    ASSERT_GE(matches.size(), 40u) << "cannot read " << GOLF_OPENSKILL_REFERENCE;
    for (std::size_t k = 0; k < matches.size(); ++k) {
        SCOPED_TRACE("reference match " + std::to_string(k + 1));
        const reference_match& r = matches[k];
        const auto after = rate(r.before, r.ranks, r.m);
        ASSERT_EQ(after.size(), r.after.size());
        for (std::size_t i = 0; i < after.size(); ++i) expect_near(after[i], r.after[i]);
    }
}

// Seeded matches for the properties: n players with random priors (or new ones) and random ranks, ties likely.
struct match {
    std::vector<rating> before;
    std::vector<int> ranks;
};

match random_match(std::mt19937& gen, std::size_t n, bool fresh) {
    std::uniform_real_distribution<double> mu(0.0, 50.0);
    std::uniform_real_distribution<double> sigma(0.5, 10.0);
    std::uniform_int_distribution<int> rank(1, static_cast<int>(n));
    match m;
    for (std::size_t i = 0; i < n; ++i) {
        m.before.push_back(fresh ? rating{} : rating{mu(gen), sigma(gen)});
        m.ranks.push_back(rank(gen));
    }
    return m;
}

TEST(WengLin, LoneWinnerRisesAndLoneLoserFalls) {
    std::mt19937 gen(7);
    for (int trial = 0; trial < 200; ++trial) {
        match m = random_match(gen, 2 + trial % 7, false);
        const auto [best, worst] = std::minmax_element(m.ranks.begin(), m.ranks.end());
        if (std::count(m.ranks.begin(), m.ranks.end(), *best) > 1) continue;  // a shared first need not rise
        const auto winner = static_cast<std::size_t>(best - m.ranks.begin());
        const auto after = rate(m.before, m.ranks);
        EXPECT_GT(after[winner].mu, m.before[winner].mu);
        if (std::count(m.ranks.begin(), m.ranks.end(), *worst) == 1) {
            const auto loser = static_cast<std::size_t>(worst - m.ranks.begin());
            EXPECT_LT(after[loser].mu, m.before[loser].mu);
        }
    }
}

TEST(WengLin, NewPlayersSigmaShrinks) {
    std::mt19937 gen(11);
    for (int trial = 0; trial < 100; ++trial) {
        match m = random_match(gen, 2 + trial % 7, true);
        for (const rating& r : rate(m.before, m.ranks)) EXPECT_LT(r.sigma, model{}.sigma);
    }
}

// tau widens sigma before the update; for a well-known player the update takes back less than tau added.
TEST(WengLin, EstablishedPlayersSigmaGrowsByLessThanTau) {
    const model m;
    const std::vector<rating> before{{25.0, 1.0}, {25.0, 1.0}};
    const std::vector<int> ranks{1, 2};
    for (const rating& r : rate(before, ranks, m)) {
        EXPECT_GT(r.sigma, 1.0);
        EXPECT_LT(r.sigma, std::sqrt(1.0 + m.tau * m.tau));
    }
}

TEST(WengLin, LimitSigmaNeverRaisesSigma) {
    model m;
    m.limit_sigma = true;
    std::mt19937 gen(13);
    for (int trial = 0; trial < 100; ++trial) {
        match x = random_match(gen, 2 + trial % 7, false);
        const auto after = rate(x.before, x.ranks, m);
        for (std::size_t i = 0; i < after.size(); ++i) EXPECT_LE(after[i].sigma, x.before[i].sigma);
    }
}

// A player the match says almost everything about would lose nearly all sigma; kappa keeps sqrt(kappa) of it.
TEST(WengLin, KappaFloorsTheShrink) {
    const model m;
    std::vector<rating> before(7, rating{25.0, 1.0});
    before.push_back({-100.0, 1000.0});
    const std::vector<int> ranks{1, 2, 3, 4, 5, 6, 7, 8};
    const auto after = rate(before, ranks, m);
    EXPECT_NEAR(after[7].sigma, std::sqrt(m.kappa) * std::sqrt(1000.0 * 1000.0 + m.tau * m.tau), tolerance);
}

TEST(WengLin, FullTieOfEqualPlayersKeepsMu) {
    for (std::size_t n = 2; n <= 8; ++n) {
        const std::vector<rating> before(n, rating{31.0, 4.0});
        const std::vector<int> ranks(n, 1);
        for (const rating& r : rate(before, ranks)) {
            EXPECT_NEAR(r.mu, 31.0, tolerance);
            EXPECT_LT(r.sigma, 4.0);  // a tie is news too
        }
    }
}

TEST(WengLin, ReorderingPlayersWithTheirRanksChangesNothing) {
    std::mt19937 gen(17);
    for (int trial = 0; trial < 100; ++trial) {
        const match m = random_match(gen, 2 + trial % 7, false);
        std::vector<std::size_t> order(m.before.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::shuffle(order.begin(), order.end(), gen);
        match shuffled;
        for (std::size_t i : order) {
            shuffled.before.push_back(m.before[i]);
            shuffled.ranks.push_back(m.ranks[i]);
        }
        const auto after = rate(m.before, m.ranks);
        const auto after_shuffled = rate(shuffled.before, shuffled.ranks);
        // Tied players may be summed in another order, so equal up to rounding only.
        for (std::size_t k = 0; k < order.size(); ++k) expect_near(after_shuffled[k], after[order[k]], 1e-12);
    }
}

TEST(WengLin, MuChangesSumToZeroForEqualSigmas) {
    std::mt19937 gen(19);
    std::uniform_real_distribution<double> sigma(0.5, 10.0);
    for (int trial = 0; trial < 100; ++trial) {
        match m = random_match(gen, 2 + trial % 7, false);
        const double shared = sigma(gen);
        for (rating& r : m.before) r.sigma = shared;
        const auto after = rate(m.before, m.ranks);
        double change = 0.0;
        for (std::size_t i = 0; i < after.size(); ++i) change += after[i].mu - m.before[i].mu;
        EXPECT_NEAR(change, 0.0, tolerance);
    }
}

TEST(WengLin, OnlyTheOrderOfRanksMatters) {
    const std::vector<rating> before{{20.0, 3.0}, {28.0, 7.0}, {25.0, 1.5}, {33.0, 5.0}};
    const auto expected = rate(before, std::vector<int>{1, 2, 2, 4});
    EXPECT_EQ(rate(before, std::vector<int>{0, 1, 1, 2}), expected);
    EXPECT_EQ(rate(before, std::vector<int>{-5, 10, 10, 99}), expected);
}

TEST(WengLin, RejectsSpansOfDifferentSizes) {
    const std::vector<rating> before{{}, {}, {}};
    EXPECT_THROW(rate(before, std::vector<int>{1, 2}), std::invalid_argument);
    EXPECT_THROW(rate(before, std::vector<int>{1, 2, 3, 4}), std::invalid_argument);
}

TEST(WengLin, RejectsFewerThanTwoPlayers) {
    EXPECT_THROW(rate(std::vector<rating>{{}}, std::vector<int>{1}), std::invalid_argument);
    EXPECT_THROW(rate(std::vector<rating>{}, std::vector<int>{}), std::invalid_argument);
}

TEST(WengLin, ConservativeIsOpenSkillsOrdinal) {
    EXPECT_NEAR(conservative(rating{}), 0.0, tolerance);  // a new player: 25 - 3 * 25/3
    EXPECT_DOUBLE_EQ(conservative({30.0, 2.0}), 24.0);
    EXPECT_DOUBLE_EQ(conservative({30.0, 2.0}, 2.0), 26.0);
}

}  // namespace
}  // namespace golf::ratings
