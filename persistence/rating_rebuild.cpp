// The rebuild: the recorded matches replayed through rating_update, and the result compared with (or put in place
// of) the stored ratings.
#include "persistence/rating_rebuild.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace golf::persistence {

namespace {

using rating_key = std::pair<account_id, std::string>;  // an account's rating with a preset

// The larger difference in mu or sigma.
double difference(const rating_record& a, const rating_record& b) {
    return std::max(std::abs(a.mu - b.mu), std::abs(a.sigma - b.sigma));
}

}  // namespace

rating_tables recompute_ratings(std::span<const archived_match> matches) {
    std::map<rating_key, rating_record> current;
    std::map<std::tuple<account_id, account_id, std::string>, std::vector<std::int64_t>> together;  // rated ends
    const auto pair_of = [](account_id a, account_id b, const std::string& preset) {
        return std::tuple{std::min(a, b), std::max(a, b), preset};
    };
    rating_tables out;
    for (const auto& m : matches) {
        if (!m.preset_rules) continue;
        const auto seats = seats_to_rate(m.seats);
        if (seats.empty()) continue;
        const auto recent = [&](account_id a, account_id b) -> std::int64_t {
            const auto& ends = together[pair_of(a, b, m.preset)];
            return std::count_if(ends.begin(), ends.end(),
                                 [&](std::int64_t t) { return t > m.ended_at - pair_window_s; });
        };
        if (pair_cap_reached(seats, recent)) continue;
        for (std::size_t i = 0; i < seats.size(); ++i)
            for (std::size_t j = i + 1; j < seats.size(); ++j)
                together[pair_of(seats[i].account, seats[j].account, m.preset)].push_back(m.ended_at);
        std::vector<rating_record> before;
        for (const auto& s : seats) {
            const auto found = current.find({s.account, m.preset});
            before.push_back(found != current.end() ? found->second : initial_rating(m.preset));
        }
        for (const auto& c : rate_seats(seats, before)) {
            current[{c.account, m.preset}] = {m.preset, c.mu, c.sigma, c.matches};
            out.history.push_back({m.id, c.account, m.preset, m.ended_at, c.mu, c.sigma});
        }
    }
    for (auto& [key, rating] : current) out.ratings.push_back({key.first, std::move(rating)});
    return out;
}

rebuild_report compare_ratings(std::span<const account_rating> stored, const rating_tables& recomputed) {
    rebuild_report report;
    std::set<match_id> matches;
    for (const auto& h : recomputed.history) matches.insert(h.match);
    std::set<account_id> accounts;
    for (const auto& r : recomputed.ratings) accounts.insert(r.account);
    report.matches = matches.size();
    report.accounts = accounts.size();
    report.ratings = recomputed.ratings.size();

    std::map<rating_key, rating_difference> both;
    for (const auto& s : stored) {
        auto& d = both[{s.account, s.rating.preset}];
        d.account = s.account;
        d.preset = s.rating.preset;
        d.stored = s.rating;
    }
    for (const auto& r : recomputed.ratings) {
        auto& d = both[{r.account, r.rating.preset}];
        d.account = r.account;
        d.preset = r.rating.preset;
        d.recomputed = r.rating;
    }
    for (auto& [key, d] : both) {
        bool differs = !d.stored || !d.recomputed;
        if (!differs) {
            const double by = difference(*d.stored, *d.recomputed);
            report.largest_difference = std::max(report.largest_difference, by);
            differs = by > rating_tolerance || d.stored->matches != d.recomputed->matches;
        }
        if (differs) report.differences.push_back(std::move(d));
    }
    report.differing = report.differences.size();
    return report;
}

rebuild_report check_ratings(rating_archive& archive) {
    const auto snapshot = archive.read_ratings();
    return compare_ratings(snapshot.ratings, recompute_ratings(snapshot.matches));
}

rebuild_report rebuild_ratings(rating_archive& archive) {
    rebuild_report report;
    archive.replace_ratings([&](const rating_snapshot& snapshot) {
        auto tables = recompute_ratings(snapshot.matches);
        report = compare_ratings(snapshot.ratings, tables);
        return tables;
    });
    return report;
}

}  // namespace golf::persistence
