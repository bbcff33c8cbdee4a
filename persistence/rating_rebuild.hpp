// Ratings recomputed from the recorded matches: every finished, not abandoned match that accounts played, replayed
// in the order live play rated them, through rating_update from scratch. After a change of method or a bug fix
// the rebuild replaces the stored ratings and their history with the result; the check only compares, and after
// live play finds them equal (same inputs, same order, same arithmetic). `golf ratings` runs both.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "persistence/rating_archive.hpp"

namespace golf::persistence {

// How far a stored mu or sigma may be from its recomputed value and still count as equal (a database that prints
// doubles with fewer digits than they have; ours read them back exactly).
inline constexpr double rating_tolerance = 1e-9;

// A stored rating that is not what the recorded matches give.
struct rating_difference {
    account_id account = 0;
    std::string preset;
    std::optional<rating_record> stored;      // none: the database has no such rating
    std::optional<rating_record> recomputed;  // none: no recorded match gives one

    friend bool operator==(const rating_difference&, const rating_difference&) = default;
};

struct rebuild_report {
    std::size_t matches = 0;   // matches replayed (those with at least two accounts)
    std::size_t accounts = 0;  // accounts with a recomputed rating
    std::size_t ratings = 0;   // recomputed ratings (an account's with one preset)
    // Compared with the stored ratings (before a rebuild replaced them): how many differ and how.
    std::size_t differing = 0;
    double largest_difference = 0;  // the largest difference in mu or sigma between a stored and a recomputed rating
    std::vector<rating_difference> differences;  // every differing rating, by account then preset

    bool same() const { return differing == 0; }
};

// Every rating, and the history row of every rated account of every match, replayed in the matches' order.
rating_tables recompute_ratings(std::span<const archived_match> matches);

// `recomputed` against the `stored` ratings.
rebuild_report compare_ratings(std::span<const account_rating> stored, const rating_tables& recomputed);

// Reads, recomputes and compares; changes nothing.
rebuild_report check_ratings(rating_archive& archive);

// Recomputes and, in one transaction, replaces every rating and history row; the report compares with what was
// stored before. Throws store_error (nothing changed) when the database fails.
rebuild_report rebuild_ratings(rating_archive& archive);

}  // namespace golf::persistence
