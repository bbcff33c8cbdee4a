#include "competition/scoring.hpp"

namespace golf::competition {

std::vector<double> place_points(std::span<const int> totals) {
    const auto n = static_cast<int>(totals.size());
    std::vector<double> points(totals.size());
    for (std::size_t s = 0; s < totals.size(); ++s) {
        int better = 0;
        int tied = 0;  // itself included
        for (const int other : totals) {
            better += other < totals[s] ? 1 : 0;
            tied += other == totals[s] ? 1 : 0;
        }
        // Places better .. better + tied - 1 are worth n - 1 - place each; shared equally.
        points[s] = (n - 1 - better) - (tied - 1) / 2.0;
    }
    return points;
}

std::optional<duplicate_scores> score_duplicate(const std::vector<std::vector<int>>& totals) {
    if (totals.empty() || totals[0].size() < 2) return std::nullopt;
    const std::size_t seats = totals[0].size();
    for (const auto& table : totals)
        if (table.size() != seats) return std::nullopt;
    const std::size_t tables = totals.size();
    duplicate_scores out;
    out.matchpoints.assign(tables, std::vector<int>(seats, 0));
    out.percent.assign(tables, std::vector<double>(seats, 50.0));
    out.versus_field.assign(tables, std::vector<double>(seats, 0.0));
    for (std::size_t s = 0; s < seats; ++s) {
        double sum = 0;
        for (const auto& table : totals) sum += table[s];
        const double mean = sum / static_cast<double>(tables);
        for (std::size_t t = 0; t < tables; ++t) {
            int mp = 0;
            for (std::size_t o = 0; o < tables; ++o)
                if (o != t) mp += totals[o][s] > totals[t][s] ? 2 : totals[o][s] == totals[t][s] ? 1 : 0;
            out.matchpoints[t][s] = mp;
            if (tables > 1) out.percent[t][s] = 100.0 * mp / (2.0 * static_cast<double>(tables - 1));
            out.versus_field[t][s] = mean - totals[t][s];
        }
    }
    return out;
}

}  // namespace golf::competition
