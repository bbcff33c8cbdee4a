// Rating one finished match: which seats count, their places, and Weng-Lin's update (ratings/weng_lin.hpp) with
// the model's default constants.
#include "persistence/rating_update.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <variant>

#include "engine/presets.hpp"
#include "persistence/match_replay.hpp"
#include "ratings/weng_lin.hpp"

namespace golf::persistence {

namespace {

// One model for live play and the rebuild: changing it is what the rebuild is for.
const golf::ratings::model& rating_model() {
    static const golf::ratings::model model{};
    return model;
}

}  // namespace

bool plays_preset_rules(std::string_view preset, std::string_view ruleset_text) {
    const golf::preset* base = find_preset(preset);
    if (!base) return false;
    const auto rules = parse_ruleset_text(ruleset_text);
    return std::holds_alternative<ruleset>(rules) && std::get<ruleset>(rules) == base->rules;
}

std::vector<rated_seat> seats_to_rate(std::span<const rated_seat> seats) {
    std::vector<rated_seat> out;
    for (const auto& seat : seats) {
        if (seat.account == 0) continue;
        const bool seen =
            std::any_of(out.begin(), out.end(), [&](const rated_seat& s) { return s.account == seat.account; });
        if (!seen) out.push_back(seat);
    }
    if (out.size() < 2) out.clear();
    return out;
}

std::vector<int> places_by_total(std::span<const rated_seat> seats) {
    std::vector<int> places;
    for (const auto& seat : seats) {
        const auto lower = std::count_if(seats.begin(), seats.end(),
                                         [&](const rated_seat& other) { return other.final_total < seat.final_total; });
        places.push_back(1 + static_cast<int>(lower));
    }
    return places;
}

rating_record initial_rating(std::string preset) {
    const auto start = rating_model().initial();
    return {std::move(preset), start.mu, start.sigma, 0};
}

bool pair_cap_reached(std::span<const rated_seat> seats,
                      const std::function<std::int64_t(account_id, account_id)>& rated_together) {
    for (std::size_t i = 0; i < seats.size(); ++i)
        for (std::size_t j = i + 1; j < seats.size(); ++j)
            if (rated_together(seats[i].account, seats[j].account) >= pair_rated_per_day) return true;
    return false;
}

std::vector<rating_change> rate_seats(std::span<const rated_seat> seats, std::span<const rating_record> before) {
    if (seats.size() != before.size() || seats.size() < 2)
        throw std::invalid_argument("rate_seats needs a prior rating for each of at least two seats");
    std::vector<golf::ratings::rating> priors;
    for (const auto& r : before) priors.push_back({r.mu, r.sigma});
    const auto places = places_by_total(seats);
    const auto after = golf::ratings::rate(priors, places, rating_model());
    std::vector<rating_change> out;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        out.push_back({seats[i].account, places[i], after[i].mu, after[i].sigma, before[i].matches + 1});
    }
    return out;
}

}  // namespace golf::persistence
