// The PostgreSQL rating rows (internal to persistence/): a finished match rated inside the match writer's
// transaction, and the rebuild's snapshot and replacement (run by the account store on its connection). Each runs
// inside a transaction its caller opened and throws pg_failure. Several nodes may rate matches sharing an account
// at once, so the rows are locked, in account order, before anything is computed from them.
#pragma once

#include "persistence/rating_archive.hpp"

namespace golf::persistence::detail {

class pg_connection;

// Rates the accounts at a finished, not abandoned match among themselves (rating_update.hpp) and writes their
// ratings and history; nothing when fewer than two accounts played or the match was rated already (a batch written
// again after its COMMIT's answer was lost).
void rate_finished_match(pg_connection& db, match_id id);

rating_snapshot read_rating_snapshot(pg_connection& db);
// Locks the ratings against the match writers of every node (they wait), reads the snapshot, and replaces every
// ratings and rating_history row with what `recompute` makes of it.
void replace_rating_tables(pg_connection& db, const std::function<rating_tables(const rating_snapshot&)>& recompute);

}  // namespace golf::persistence::detail
