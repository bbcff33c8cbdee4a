// Tournaments on SQLite (internal to persistence/): each runs inside a transaction the account store opened
// (tournament_store.hpp says what each does) and throws sqlite_failure.
#pragma once

#include "persistence/tournament_store.hpp"

namespace golf::persistence::detail {

struct sqlite_database;

tournament_row insert_tournament(sqlite_database& db, const tournament_row& row);
bool update_tournament(sqlite_database& db, const tournament_row& row);
std::optional<tournament_row> read_tournament(sqlite_database& db, std::int64_t id);
std::vector<tournament_row> read_tournaments(sqlite_database& db, bool include_ended, std::size_t limit);

}  // namespace golf::persistence::detail
