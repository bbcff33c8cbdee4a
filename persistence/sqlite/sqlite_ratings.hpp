// The SQLite rating rows (internal to persistence/): a finished match rated inside the match writer's transaction,
// and the rebuild's snapshot and replacement (run by the account store on its connection). Each runs inside a
// transaction its caller opened and throws sqlite_failure.
#pragma once

#include "persistence/rating_archive.hpp"

namespace golf::persistence::detail {

struct sqlite_database;

// Rates the accounts at a finished, not abandoned match among themselves (rating_update.hpp) and writes their
// ratings and history; nothing when fewer than two accounts played or the match was rated already (a result
// recorded twice).
void rate_finished_match(sqlite_database& db, match_id id);

rating_snapshot read_rating_snapshot(sqlite_database& db);
// Every ratings and rating_history row replaced with `tables`.
void write_rating_tables(sqlite_database& db, const rating_tables& tables);

}  // namespace golf::persistence::detail
