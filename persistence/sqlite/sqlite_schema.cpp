// The SQLite store's schema: migrations numbered by PRAGMA user_version, and readying a connection to read or write.
#include "persistence/sqlite/sqlite_schema.hpp"

#include <iterator>
#include <string>

#include <spdlog/spdlog.h>

#include "persistence/sqlite/sqlite_connection.hpp"
#include "persistence/sqlite/sqlite_store.hpp"

namespace golf::persistence::detail {

namespace {

// Migration i takes a database from user_version i to i + 1; append, never edit a shipped one.
constexpr const char* migrations[] = {
    R"sql(
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  display_name TEXT NOT NULL,
  token_hash TEXT UNIQUE
);
CREATE INDEX players_by_name ON players(display_name);
CREATE TABLE tables (
  code TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  table_code TEXT REFERENCES tables(code),
  ruleset TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  ended_at INTEGER,
  winner_seat INTEGER
);
CREATE INDEX matches_unfinished ON matches(id) WHERE ended_at IS NULL;
CREATE TABLE match_seats (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id),
  final_total INTEGER,
  PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_by_player ON match_seats(player_id);
CREATE TABLE holes (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  hole INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  dealer INTEGER NOT NULL,
  caller INTEGER,
  actions BLOB NOT NULL,
  PRIMARY KEY (match_id, hole)
);
CREATE TABLE hole_scores (
  match_id INTEGER NOT NULL,
  hole INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  hand_score INTEGER NOT NULL,
  running_total INTEGER NOT NULL,
  PRIMARY KEY (match_id, hole, seat),
  FOREIGN KEY (match_id, hole) REFERENCES holes(match_id, hole) ON DELETE CASCADE
);
)sql",
    R"sql(
ALTER TABLE tables ADD COLUMN preset TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN seats INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN is_public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN password_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN turn_clock_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN forfeit_when_away INTEGER NOT NULL DEFAULT 0;
-- 0 for the placeholder row a match at an unrecorded table needs; version-1 rows cannot tell and count as recorded.
ALTER TABLE tables ADD COLUMN recorded INTEGER NOT NULL DEFAULT 1;
ALTER TABLE matches ADD COLUMN preset TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_seats ADD COLUMN bot TEXT NOT NULL DEFAULT '';
CREATE TABLE hands_in_play (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  hole INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  dealer INTEGER NOT NULL,
  actions BLOB NOT NULL
);
CREATE INDEX matches_by_start ON matches(started_at, id);
CREATE INDEX matches_finished_by_preset ON matches(preset) WHERE ended_at IS NOT NULL;
DROP INDEX match_seats_by_player;
CREATE INDEX match_seats_by_player ON match_seats(player_id, match_id);
)sql",
    R"sql(
-- 0: the server's default claim window (a table recorded before version 3 had no other).
ALTER TABLE tables ADD COLUMN claim_window_ms INTEGER NOT NULL DEFAULT 0;
)sql",
    // 4: accounts (account_store.hpp), their sessions and API keys (stored as hashes), the account a seat was
    // played by, and Weng-Lin ratings per account and preset with their history.
    R"sql(
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE account_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX account_sessions_by_account ON account_sessions(account_id);
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_by_account ON api_keys(account_id, id);
ALTER TABLE match_seats ADD COLUMN account_id INTEGER REFERENCES accounts(id);
CREATE INDEX match_seats_by_account ON match_seats(account_id, match_id) WHERE account_id IS NOT NULL;
CREATE TABLE ratings (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  preset TEXT NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  matches INTEGER NOT NULL,
  PRIMARY KEY (account_id, preset)
);
CREATE INDEX ratings_by_preset ON ratings(preset, matches);
-- One row per rated account per rated match; ids give the order matches were rated in, which a rebuild replays.
CREATE TABLE rating_history (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  preset TEXT NOT NULL,
  rated_at INTEGER NOT NULL,
  mu REAL NOT NULL,
  sigma REAL NOT NULL
);
CREATE INDEX rating_history_by_account ON rating_history(account_id, preset, id);
CREATE INDEX rating_history_by_match ON rating_history(match_id);
)sql",
    // 5: the table's own wait between holes, so that a restored table keeps the one its host chose.
    R"sql(
ALTER TABLE tables ADD COLUMN between_holes_ms INTEGER NOT NULL DEFAULT 0;
)sql",
    // 6: moderation (moderation_store.hpp): each account's role, the sanctions given to accounts, and the log of
    // every change to either.
    R"sql(
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
CREATE INDEX accounts_by_name ON accounts(name);
CREATE TABLE sanctions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  given_by TEXT NOT NULL,
  lifted_at INTEGER NOT NULL DEFAULT 0,
  lifted_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sanctions_by_account ON sanctions(account_id, id);
CREATE TABLE moderation_log (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql",
    // 7: whether quick play made the table, so that a restored one still removes people by vote, not by its host.
    R"sql(
ALTER TABLE tables ADD COLUMN quick_play INTEGER NOT NULL DEFAULT 0;
)sql",
    // 8: players' reports of one another for moderators (moderation_store.hpp), the open ones read as a queue.
    R"sql(
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  created_at INTEGER NOT NULL,
  reporter TEXT NOT NULL,
  reporter_account INTEGER NOT NULL,
  reported TEXT NOT NULL,
  reported_account INTEGER NOT NULL,
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  table_code TEXT NOT NULL,
  match_id INTEGER NOT NULL,
  hole INTEGER NOT NULL,
  chat TEXT NOT NULL,
  closed_at INTEGER NOT NULL DEFAULT 0,
  closed_by TEXT NOT NULL DEFAULT '',
  resolution TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_open ON reports(closed_at, id);
)sql",
    // 9: sanctions for a guests' address (no account: SQLite loosens NOT NULL only by copying the table), the
    // address of a guest reported, which staff act on without reading it, and the matches with strangers people
    // left early (quick play waits after repeats).
    R"sql(
CREATE TABLE sanctions_9 (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  given_by TEXT NOT NULL,
  lifted_at INTEGER NOT NULL DEFAULT 0,
  lifted_by TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT ''
);
INSERT INTO sanctions_9(id, account_id, kind, reason, created_at, expires_at, given_by, lifted_at, lifted_by)
  SELECT id, account_id, kind, reason, created_at, expires_at, given_by, lifted_at, lifted_by FROM sanctions;
DROP TABLE sanctions;
ALTER TABLE sanctions_9 RENAME TO sanctions;
CREATE INDEX sanctions_by_account ON sanctions(account_id, id);
CREATE INDEX sanctions_by_address ON sanctions(address, id) WHERE account_id IS NULL;
ALTER TABLE reports ADD COLUMN reported_address TEXT NOT NULL DEFAULT '';
CREATE TABLE leaves (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX leaves_by_account ON leaves(account_id, at) WHERE account_id IS NOT NULL;
CREATE INDEX leaves_by_address ON leaves(address, at) WHERE account_id IS NULL;
)sql",
    // 10: who was removed from a match's table, kept out of it after a restart or on another node.
    R"sql(
CREATE TABLE match_bars (
  match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  account_id INTEGER,
  address TEXT NOT NULL
);
CREATE INDEX match_bars_by_match ON match_bars(match_id);
)sql",
    // 11: tournaments, each one row rewritten at every change; a table made for one names it (and a duplicate
    // round's secret deal key).
    R"sql(
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  state TEXT NOT NULL,
  organiser INTEGER NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  body BLOB NOT NULL
);
CREATE INDEX tournaments_by_state ON tournaments(state, id);
ALTER TABLE tables ADD COLUMN tournament_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN deal_key TEXT NOT NULL DEFAULT '';
)sql",
};
static_assert(std::size(migrations) == schema_version);

}  // namespace

void check_schema_for_reading(sqlite3* db, const std::filesystem::path& path) {
    const auto version = single_int(db, "PRAGMA user_version");
    if (version != schema_version) {
        throw store_error(
            version > schema_version ? store_error_kind::newer_schema : store_error_kind::older_schema,
            "the database " + path.string() + " has schema version " + std::to_string(version) +
                ", this build reads version " + std::to_string(schema_version) +
                (version > schema_version ? "; use a newer golf" : "; start golf-server on it once to migrate it"));
    }
}

void prepare_for_writing(sqlite3* db, const std::filesystem::path& path, bool synchronous_full) {
    if (sqlite3_db_readonly(db, "main") == 1) throw sqlite_failure{SQLITE_READONLY, "opened read-only"};
    const auto version = single_int(db, "PRAGMA user_version");  // the first read: a corrupt file fails here
    if (version > schema_version) {
        throw store_error(store_error_kind::newer_schema, "the database " + path.string() + " has schema version " +
                                                              std::to_string(version) + ", newer than this server's " +
                                                              std::to_string(schema_version) +
                                                              "; upgrade the server or use another --db");
    }
    {
        statement mode(db, "PRAGMA journal_mode = WAL");
        if (!mode.step() || mode.text(0) != "wal") {
            throw sqlite_failure{SQLITE_IOERR, "could not switch the journal to WAL"};
        }
    }
    exec(db, synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    exec(db, "PRAGMA foreign_keys = ON");
    // Taking the write lock now turns "another server holds it" into a start-up error, not endless retries.
    in_transaction(db, "BEGIN IMMEDIATE", [&] {
        for (auto v = version; v < schema_version; ++v) {
            exec(db, migrations[v]);
            exec(db, ("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
            spdlog::info("database {} migrated to schema version {}", path.string(), v + 1);
        }
    });
}

}  // namespace golf::persistence::detail
