#include "competition/seating.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace golf::competition {

namespace {

constexpr std::int64_t repeat_weight = 1000;
constexpr std::int64_t level_weight = 10;
constexpr std::int64_t seat_weight = 100;
constexpr int improving_passes = 100;  // a bound: each pass that swaps lowers the cost, and few passes are needed
constexpr int restarts = 24;           // more starts of the local search while pairs would meet again

std::pair<std::string, std::string> pair_key(const std::string& a, const std::string& b) {
    return a < b ? std::pair(a, b) : std::pair(b, a);
}

int seat_count(const entrant& e, std::size_t seat) { return seat < e.seats_taken.size() ? e.seats_taken[seat] : 0; }

// The seat order of one table with the fewest seats its entrants have had before; ties to the order given.
std::vector<int> best_seat_order(std::span<const entrant> field, std::vector<int> table) {
    std::vector<int> order(table.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> best = order;
    std::int64_t lowest = std::numeric_limits<std::int64_t>::max();
    do {
        std::int64_t cost = 0;
        for (std::size_t seat = 0; seat < order.size(); ++seat) {
            const auto sitting = static_cast<std::size_t>(table[static_cast<std::size_t>(order[seat])]);
            cost += seat_weight * seat_count(field[sitting], seat);
        }
        if (cost < lowest) {
            lowest = cost;
            best = order;
        }
    } while (lowest > 0 && std::next_permutation(order.begin(), order.end()));
    std::vector<int> seated;
    for (const int i : best) seated.push_back(table[static_cast<std::size_t>(i)]);
    return seated;
}

// The pair costs of one round, from the field and the meetings, as a matrix: the local search reads it often.
class pair_costs {
public:
    pair_costs(std::span<const entrant> field, const meetings& met)
        : n_(field.size()), cost_(n_ * n_, 0), met_(n_ * n_, false) {
        for (std::size_t a = 0; a < n_; ++a)
            for (std::size_t b = a + 1; b < n_; ++b) {
                const std::int64_t times = times_met(met, field[a].id, field[b].id);
                const std::int64_t cost = repeat_weight * times * times +
                                          std::llround(level_weight * std::abs(field[a].points - field[b].points));
                cost_[a * n_ + b] = cost_[b * n_ + a] = cost;
                met_[a * n_ + b] = met_[b * n_ + a] = times > 0;
            }
    }
    std::int64_t table(std::span<const int> seated) const {
        std::int64_t sum = 0;
        for (std::size_t i = 0; i < seated.size(); ++i)
            for (std::size_t j = i + 1; j < seated.size(); ++j)
                sum += cost_[static_cast<std::size_t>(seated[i]) * n_ + static_cast<std::size_t>(seated[j])];
        return sum;
    }
    std::int64_t round(const std::vector<std::vector<int>>& tables) const {
        std::int64_t sum = 0;
        for (const auto& t : tables) sum += table(t);
        return sum;
    }
    // Whether any table seats a pair that has met before.
    bool repeats(const std::vector<std::vector<int>>& tables) const {
        for (const auto& t : tables)
            for (std::size_t i = 0; i < t.size(); ++i)
                for (std::size_t j = i + 1; j < t.size(); ++j)
                    if (met_[static_cast<std::size_t>(t[i]) * n_ + static_cast<std::size_t>(t[j])]) return true;
        return false;
    }

private:
    std::size_t n_;
    std::vector<std::int64_t> cost_;
    std::vector<bool> met_;
};

// Swaps entrants between tables while a swap lowers the two tables' cost; every swap lowers it, so this ends.
void improve(const pair_costs& costs, std::vector<std::vector<int>>& tables) {
    for (int pass = 0; pass < improving_passes; ++pass) {
        bool swapped = false;
        for (std::size_t a = 0; a < tables.size(); ++a)
            for (std::size_t b = a + 1; b < tables.size(); ++b)
                for (std::size_t i = 0; i < tables[a].size(); ++i)
                    for (std::size_t j = 0; j < tables[b].size(); ++j) {
                        const std::int64_t before = costs.table(tables[a]) + costs.table(tables[b]);
                        std::swap(tables[a][i], tables[b][j]);
                        if (costs.table(tables[a]) + costs.table(tables[b]) < before) {
                            swapped = true;
                        } else {
                            std::swap(tables[a][i], tables[b][j]);
                        }
                    }
        if (!swapped) return;
    }
}

// `order` dealt into tables of `sizes`, in order.
std::vector<std::vector<int>> fill(const std::vector<int>& order, const std::vector<int>& sizes) {
    std::vector<std::vector<int>> tables;
    std::size_t next = 0;
    for (const int size : sizes) {
        const auto from = order.begin() + static_cast<std::ptrdiff_t>(next);
        tables.emplace_back(from, from + size);
        next += static_cast<std::size_t>(size);
    }
    return tables;
}

// The local search from the standing order, then (while the best still seats a pair together again) from
// `restarts` reshuffles of it by a fixed sequence: the best seating found, the earliest on ties.
std::vector<std::vector<int>> search(const pair_costs& costs, const std::vector<int>& order,
                                     const std::vector<int>& sizes) {
    auto best = fill(order, sizes);
    improve(costs, best);
    std::int64_t lowest = costs.round(best);
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (int r = 0; r < restarts && costs.repeats(best); ++r) {
        std::vector<int> shuffled = order;
        for (std::size_t i = shuffled.size(); i > 1; --i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
            std::swap(shuffled[i - 1], shuffled[(state >> 33) % i]);
        }
        auto tables = fill(shuffled, sizes);
        improve(costs, tables);
        if (const std::int64_t cost = costs.round(tables); cost < lowest) {
            lowest = cost;
            best = std::move(tables);
        }
    }
    return best;
}

// The standing less `count` byes: from its bottom, among those with the fewest byes so far (into `byes`).
std::vector<int> take_byes(std::span<const entrant> field, int count, std::vector<int>& byes) {
    std::vector<int> order = standing(field);
    for (int left = count; left > 0; --left) {
        auto fewest = order.rbegin();
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            if (field[static_cast<std::size_t>(*it)].byes < field[static_cast<std::size_t>(*fewest)].byes) fewest = it;
        byes.push_back(*fewest);
        order.erase(std::next(fewest).base());
    }
    return order;
}

}  // namespace

void note_table(meetings& met, std::span<const std::string> ids) {
    for (std::size_t i = 0; i < ids.size(); ++i)
        for (std::size_t j = i + 1; j < ids.size(); ++j) ++met[pair_key(ids[i], ids[j])];
}

int times_met(const meetings& met, const std::string& a, const std::string& b) {
    const auto found = met.find(pair_key(a, b));
    return found == met.end() ? 0 : found->second;
}

std::vector<int> standing(std::span<const entrant> field) {
    std::vector<int> order(field.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const entrant& x = field[static_cast<std::size_t>(a)];
        const entrant& y = field[static_cast<std::size_t>(b)];
        return std::tie(y.points, y.opponent_points, x.strokes, y.rating, x.id) <
               std::tie(x.points, x.opponent_points, y.strokes, x.rating, y.id);
    });
    return order;
}

table_plan plan_tables(int players, const seating_rules& rules) {
    for (int byes = 0; byes < players; ++byes) {
        const int seated = players - byes;
        const int tables = (seated + rules.seats - 1) / rules.seats;
        if (seated / tables < rules.min_seats) continue;
        table_plan plan{std::vector<int>(static_cast<std::size_t>(tables), seated / tables), byes};
        for (int t = 0; t < seated % tables; ++t) ++plan.sizes[static_cast<std::size_t>(t)];
        return plan;
    }
    return {{}, players};
}

round_seating seat_round(std::span<const entrant> field, const meetings& met, const seating_rules& rules) {
    if (rules.seats < 2 || rules.seats > 8 || rules.min_seats < 2 || rules.min_seats > rules.seats)
        throw std::invalid_argument("a table seats 2 to 8, and its fewest 2 to its most");
    const table_plan plan = plan_tables(static_cast<int>(field.size()), rules);
    round_seating out;
    std::vector<int> order = take_byes(field, plan.byes, out.byes);
    const pair_costs costs(field, met);
    out.tables = search(costs, order, plan.sizes);
    for (auto& table : out.tables) table = best_seat_order(field, std::move(table));
    return out;
}

}  // namespace golf::competition
