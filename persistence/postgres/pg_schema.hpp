// The PostgreSQL store's schema (internal to persistence/): its version and migrations.
#pragma once

#include "persistence/records.hpp"

namespace golf::persistence::detail {

class pg_connection;

// The schema version this build writes; a database with a higher version is refused.
inline constexpr int pg_schema_version = 11;

// Match ids come in blocks from one sequence, so several nodes never hand out the same id and none waits for the
// database to start a match: a block is [first, first + match_id_block).
inline constexpr match_id match_id_block = 100;
// The first id of a block nobody else will be given; throws pg_failure.
match_id reserve_match_id_block(pg_connection& db);

// Creates or migrates the schema under an advisory lock (several nodes may start at once); throws store_error
// (newer_schema) or pg_failure.
void migrate_pg_schema(pg_connection& db);
// Reads only: the database must be at this build's version; throws store_error otherwise.
void check_pg_schema_for_reading(pg_connection& db);

}  // namespace golf::persistence::detail
