// Rating one finished match, the pure part: from the accounts at it, their final totals and their prior ratings
// with its preset, to their new ratings. The match writers of both backends (which only read and write rows) and
// the rebuild (rating_rebuild.hpp) all rate through here, so a rebuild replays exactly what live play wrote.
// Guests and bots never reach it: only seats with an account are passed in.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/account_store.hpp"

namespace golf::persistence {

// Whether a match recorded with `ruleset_text` (golf::to_text's lines) was played by its preset's own rules. Only
// those are rated, under the preset's name: a rating says how one plays the preset, and a one-hole match where
// every card is worth 0 says nothing of that. A match with house rules is still recorded and in every history.
bool plays_preset_rules(std::string_view preset, std::string_view ruleset_text);

// Two accounts count at most this many rated matches of a preset together within a day (by the matches' ends);
// a later one is recorded, in every history, but not rated. Two accounts cannot farm a rating off each other
// (nor reach the leaderboard's 5 matches playing only each other inside a day), while an evening of friends'
// matches is still rated. Live play and the rebuild both apply it, in the order matches were rated.
inline constexpr int pair_rated_per_day = 5;
inline constexpr std::int64_t pair_window_s = 24 * 3600;

// A seat of a finished match that an account played.
struct rated_seat {
    account_id account = 0;
    int final_total = 0;

    friend bool operator==(const rated_seat&, const rated_seat&) = default;
};

// An account's rating after a match.
struct rating_change {
    account_id account = 0;
    int place = 0;  // 1 for the lowest total; equal totals share a place
    double mu = 0;
    double sigma = 0;
    int matches = 0;  // rated matches with the preset, this one included

    friend bool operator==(const rating_change&, const rating_change&) = default;
};

// The seats a match rates, in seat order: one per account (an account at two seats, which the server does not
// allow, counts once, at its first); none when fewer than two accounts played.
std::vector<rated_seat> seats_to_rate(std::span<const rated_seat> seats);

// Places by final total, lowest best: 1 + how many totals are lower, so equal totals tie.
std::vector<int> places_by_total(std::span<const rated_seat> seats);

// The rating of an account never rated with `preset`: the model's starting mu and sigma, no matches.
rating_record initial_rating(std::string preset);

// Whether two of `seats` (from seats_to_rate) already have pair_rated_per_day rated matches of the preset
// together in the day before the match: `rated_together(a, b)` counts them (a query live, a tally in the rebuild).
bool pair_cap_reached(std::span<const rated_seat> seats,
                      const std::function<std::int64_t(account_id, account_id)>& rated_together);

// The new ratings of `seats` (from seats_to_rate), `before[i]` being seats[i]'s prior with the match's preset.
// Both spans have the same size, at least 2.
std::vector<rating_change> rate_seats(std::span<const rated_seat> seats, std::span<const rating_record> before);

}  // namespace golf::persistence
