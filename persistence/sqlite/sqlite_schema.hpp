// The SQLite store's schema (internal to persistence/): the numbered migrations, the version check and the
// connection settings a writer needs (WAL, synchronous, foreign keys).
#pragma once

#include <filesystem>

#include <sqlite3.h>

namespace golf::persistence::detail {

// A read-only connection's check: the file must be at exactly this build's schema; throws store_error if not.
void check_schema_for_reading(sqlite3* db, const std::filesystem::path& path);

// Readies the writer connection: refuses a read-only file or a newer schema, switches to WAL, sets synchronous and
// foreign keys, and migrates to this build's schema inside a write transaction (so a database another server holds
// is refused now, not retried forever). Throws sqlite_failure or store_error.
void prepare_for_writing(sqlite3* db, const std::filesystem::path& path, bool synchronous_full);

}  // namespace golf::persistence::detail
