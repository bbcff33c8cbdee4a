// What the rating rebuild (rating_rebuild.hpp) reads and replaces: the recorded matches that accounts played, in
// the order they were rated, and the stored ratings. Each backend's account store supplies it on a connection of
// its own (match_store::ratings_archive()); it is a maintenance tool's interface, not the server's.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "persistence/account_store.hpp"
#include "persistence/rating_update.hpp"

namespace golf::persistence {

// A finished, not abandoned match with at least one account at it, as the rebuild replays it.
struct archived_match {
    match_id id = 0;
    std::string preset;
    std::int64_t ended_at = 0;
    std::vector<rated_seat> seats;  // the seats with an account and a final total, in seat order
    bool preset_rules = true;       // played by its preset's rules (plays_preset_rules): only those are rated

    friend bool operator==(const archived_match&, const archived_match&) = default;
};

// One row of the ratings table.
struct account_rating {
    account_id account = 0;
    rating_record rating;

    friend bool operator==(const account_rating&, const account_rating&) = default;
};

// One row of the rating history: an account's rating after a match.
struct rating_history_row {
    match_id match = 0;
    account_id account = 0;
    std::string preset;
    std::int64_t rated_at = 0;  // the match's ended_at
    double mu = 0;
    double sigma = 0;

    friend bool operator==(const rating_history_row&, const rating_history_row&) = default;
};

// Read in one snapshot, so a match finished meanwhile is either in both parts or in neither.
struct rating_snapshot {
    // By the id of each match's first rating_history row (the order live play rated them in); matches never
    // rated come after, by ended_at then id.
    std::vector<archived_match> matches;
    std::vector<account_rating> ratings;  // every stored rating, by account then preset
};

// What replaces the ratings and their history.
struct rating_tables {
    std::vector<account_rating> ratings;
    std::vector<rating_history_row> history;  // written in this order (its ids give the next rebuild's order)
};

// Every method throws store_error when the database cannot answer; nothing is changed then.
class rating_archive {
public:
    virtual ~rating_archive() = default;

    virtual rating_snapshot read_ratings() = 0;
    // In one write transaction that match writers wait for (a match they rate meanwhile would otherwise be lost
    // from the result): reads the snapshot, hands it to `recompute`, and replaces every ratings and rating_history
    // row with what it returns. A store opened read-only refuses (store_error_kind::read_only).
    virtual void replace_ratings(const std::function<rating_tables(const rating_snapshot&)>& recompute) = 0;
};

}  // namespace golf::persistence
