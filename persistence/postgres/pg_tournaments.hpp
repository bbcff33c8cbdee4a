// Tournaments on PostgreSQL (internal to persistence/): each runs inside a transaction the account store opened
// (tournament_store.hpp says what each does) and throws pg_failure.
#pragma once

#include "persistence/tournament_store.hpp"

namespace golf::persistence::detail {

class pg_connection;

tournament_row insert_tournament(pg_connection& db, const tournament_row& row);
bool update_tournament(pg_connection& db, const tournament_row& row);
std::optional<tournament_row> read_tournament(pg_connection& db, std::int64_t id);
std::vector<tournament_row> read_tournaments(pg_connection& db, bool include_ended, std::size_t limit);

}  // namespace golf::persistence::detail
