// The PostgreSQL store's schema: migrations numbered in golf_schema, run under an advisory lock so that several
// nodes starting at once migrate the database exactly once.
#include "persistence/postgres/pg_schema.hpp"

#include <iterator>
#include <string>

#include <spdlog/spdlog.h>

#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence::detail {

namespace {

// Migration i takes a database from version i to i + 1; append, never edit a shipped one. Version 1 holds what
// SQLite's schema 3 holds, and the nodes of a cluster, with PostgreSQL's types (bytea for action logs, bigint for seeds and times) and a
// sequence for match ids, so that several nodes never hand out the same one.
constexpr const char* migrations[] = {
    R"sql(
CREATE TABLE players (
  id BIGSERIAL PRIMARY KEY,
  display_name TEXT NOT NULL,
  token_hash TEXT UNIQUE
);
CREATE INDEX players_by_name ON players(display_name);
-- Bots and token-less seats share one row per name, whichever node records them first.
CREATE UNIQUE INDEX players_tokenless ON players(display_name) WHERE token_hash IS NULL;
CREATE TABLE tables (
  code TEXT PRIMARY KEY,
  preset TEXT NOT NULL DEFAULT '',
  ruleset TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  seats INTEGER NOT NULL DEFAULT 0,
  is_public BOOLEAN NOT NULL DEFAULT FALSE,
  password_hash TEXT NOT NULL DEFAULT '',
  turn_clock_ms BIGINT NOT NULL DEFAULT 0,
  forfeit_when_away BOOLEAN NOT NULL DEFAULT FALSE,
  claim_window_ms BIGINT NOT NULL DEFAULT 0,
  -- FALSE for the placeholder row a match at an unrecorded table needs.
  recorded BOOLEAN NOT NULL DEFAULT TRUE,
  -- The node (and its incarnation) that plays the table; NULL with a single node.
  owner_node TEXT,
  owner_incarnation BIGINT
);
-- Each nextval is a block of match_id_block ids for one store (pg_schema.hpp).
CREATE SEQUENCE match_ids INCREMENT BY 100;
CREATE TABLE matches (
  id BIGINT PRIMARY KEY,
  table_code TEXT REFERENCES tables(code),
  preset TEXT NOT NULL DEFAULT '',
  ruleset TEXT NOT NULL,
  started_at BIGINT NOT NULL,
  ended_at BIGINT,
  winner_seat INTEGER,
  abandoned BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX matches_unfinished ON matches(id) WHERE ended_at IS NULL;
CREATE INDEX matches_by_start ON matches(started_at, id);
CREATE INDEX matches_finished_by_preset ON matches(preset) WHERE ended_at IS NOT NULL;
CREATE TABLE match_seats (
  match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  seat INTEGER NOT NULL,
  player_id BIGINT NOT NULL REFERENCES players(id),
  final_total INTEGER,
  bot TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_by_player ON match_seats(player_id, match_id);
CREATE TABLE holes (
  match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  hole INTEGER NOT NULL,
  seed BIGINT NOT NULL,
  dealer INTEGER NOT NULL,
  caller INTEGER,
  actions BYTEA NOT NULL,
  PRIMARY KEY (match_id, hole)
);
CREATE TABLE hole_scores (
  match_id BIGINT NOT NULL,
  hole INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  hand_score INTEGER NOT NULL,
  running_total INTEGER NOT NULL,
  PRIMARY KEY (match_id, hole, seat),
  FOREIGN KEY (match_id, hole) REFERENCES holes(match_id, hole) ON DELETE CASCADE
);
CREATE TABLE hands_in_play (
  match_id BIGINT PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
  hole INTEGER NOT NULL,
  seed BIGINT NOT NULL,
  dealer INTEGER NOT NULL,
  actions BYTEA NOT NULL
);
-- Several nodes on one database (node_directory.hpp): each node's incarnation and heartbeat, and each table's owner.
CREATE TABLE nodes (
  name TEXT PRIMARY KEY,
  incarnation BIGINT NOT NULL,
  heartbeat_at TIMESTAMPTZ NOT NULL,
  tables INTEGER NOT NULL DEFAULT 0,
  draining BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX tables_by_owner ON tables(owner_node, owner_incarnation);
)sql",
    // 2: the lobby across nodes (node_directory.hpp): each node's listed tables, one line each.
    R"sql(
CREATE TABLE lobby (
  code TEXT PRIMARY KEY,
  node TEXT NOT NULL,
  line BYTEA NOT NULL
);
)sql",
    // 3: accounts, sessions, API keys, the account a seat was played by, and ratings (as SQLite's schema 4).
    R"sql(
CREATE TABLE accounts (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE account_sessions (
  token_hash TEXT PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX account_sessions_by_account ON account_sessions(account_id);
CREATE TABLE api_keys (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_by_account ON api_keys(account_id, id);
ALTER TABLE match_seats ADD COLUMN account_id BIGINT REFERENCES accounts(id);
CREATE INDEX match_seats_by_account ON match_seats(account_id, match_id) WHERE account_id IS NOT NULL;
CREATE TABLE ratings (
  account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  preset TEXT NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL,
  matches INTEGER NOT NULL,
  PRIMARY KEY (account_id, preset)
);
CREATE INDEX ratings_by_preset ON ratings(preset, matches);
CREATE TABLE rating_history (
  id BIGSERIAL PRIMARY KEY,
  match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  preset TEXT NOT NULL,
  rated_at BIGINT NOT NULL,
  mu DOUBLE PRECISION NOT NULL,
  sigma DOUBLE PRECISION NOT NULL
);
CREATE INDEX rating_history_by_account ON rating_history(account_id, preset, id);
CREATE INDEX rating_history_by_match ON rating_history(match_id);
)sql",
    // 4: the table's own wait between holes, so that a table taken over keeps the one its host chose.
    R"sql(
ALTER TABLE tables ADD COLUMN between_holes_ms BIGINT NOT NULL DEFAULT 0;
)sql",
    // 5: an incarnation a claim has judged dead is retired and never heartbeats again (docs/ownership.md).
    R"sql(
ALTER TABLE nodes ADD COLUMN retired BOOLEAN NOT NULL DEFAULT FALSE;
)sql",
    // 6: moderation (moderation_store.hpp): each account's role, the sanctions given to accounts, and the log of
    // every change to either.
    R"sql(
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'player';
CREATE INDEX accounts_by_name ON accounts(name);
CREATE TABLE sanctions (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  given_by TEXT NOT NULL,
  lifted_at BIGINT NOT NULL DEFAULT 0,
  lifted_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sanctions_by_account ON sanctions(account_id, id);
CREATE TABLE moderation_log (
  id BIGSERIAL PRIMARY KEY,
  at BIGINT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT NOT NULL
);
)sql",
    // 7: whether quick play made the table, so that a table taken over still removes people by vote.
    R"sql(
ALTER TABLE tables ADD COLUMN quick_play BOOLEAN NOT NULL DEFAULT FALSE;
)sql",
    // 8: players' reports of one another for moderators (moderation_store.hpp), the open ones read as a queue.
    R"sql(
CREATE TABLE reports (
  id BIGSERIAL PRIMARY KEY,
  created_at BIGINT NOT NULL,
  reporter TEXT NOT NULL,
  reporter_account BIGINT NOT NULL,
  reported TEXT NOT NULL,
  reported_account BIGINT NOT NULL,
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  table_code TEXT NOT NULL,
  match_id BIGINT NOT NULL,
  hole INTEGER NOT NULL,
  chat TEXT NOT NULL,
  closed_at BIGINT NOT NULL DEFAULT 0,
  closed_by TEXT NOT NULL DEFAULT '',
  resolution TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_open ON reports(closed_at, id);
)sql",
    // 9: sanctions for a guests' address (no account), the address of a guest reported, which staff act on
    // without reading it, and the matches with strangers people left early (quick play waits after repeats).
    R"sql(
ALTER TABLE sanctions ALTER COLUMN account_id DROP NOT NULL;
ALTER TABLE sanctions ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX sanctions_by_address ON sanctions(address, id) WHERE account_id IS NULL;
ALTER TABLE reports ADD COLUMN reported_address TEXT NOT NULL DEFAULT '';
CREATE TABLE leaves (
  id BIGSERIAL PRIMARY KEY,
  account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,
  address TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX leaves_by_account ON leaves(account_id, at) WHERE account_id IS NOT NULL;
CREATE INDEX leaves_by_address ON leaves(address, at) WHERE account_id IS NULL;
)sql",
    // 10: who was removed from a match's table, kept out of it after a restart or on another node.
    R"sql(
CREATE TABLE match_bars (
  match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
  account_id BIGINT,
  address TEXT NOT NULL
);
CREATE INDEX match_bars_by_match ON match_bars(match_id);
)sql",
    // 11: tournaments, each one row rewritten at every change; a table made for one names it (and a duplicate
    // round's secret deal key).
    R"sql(
CREATE TABLE tournaments (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  state TEXT NOT NULL,
  organiser BIGINT NOT NULL REFERENCES accounts(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version BIGINT NOT NULL,
  body BYTEA NOT NULL
);
CREATE INDEX tournaments_by_state ON tournaments(state, id);
ALTER TABLE tables ADD COLUMN tournament_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN deal_key TEXT NOT NULL DEFAULT '';
)sql",
};
static_assert(std::size(migrations) == pg_schema_version);

// Any number will do as long as nothing else in the database takes the same advisory lock.
constexpr const char* lock_migrations = "SELECT pg_advisory_xact_lock(7140551)";
constexpr const char* version_table = "CREATE TABLE IF NOT EXISTS golf_schema (version INTEGER NOT NULL)";
constexpr const char* read_version = "SELECT COALESCE(MAX(version), 0) FROM golf_schema";
constexpr const char* has_version_table = "SELECT to_regclass('golf_schema') IS NOT NULL";

int current_version(pg_connection& db, const char* sql) { return db.run(sql).integer(0, 0); }

store_error newer(const pg_connection& db, int version) {
    return store_error(store_error_kind::newer_schema, "the PostgreSQL " + db.where() + " has schema version " +
                                                           std::to_string(version) + ", newer than this server's " +
                                                           std::to_string(pg_schema_version) +
                                                           "; upgrade the server or use another --db");
}

}  // namespace

void check_pg_schema_for_reading(pg_connection& db) {
    const int version = db.run(has_version_table).boolean(0, 0) ? current_version(db, read_version) : 0;
    if (version > pg_schema_version) throw newer(db, version);
    if (version < pg_schema_version) {
        throw store_error(store_error_kind::older_schema, "the PostgreSQL " + db.where() + " has schema version " +
                                                              std::to_string(version) + ", this build reads version " +
                                                              std::to_string(pg_schema_version) +
                                                              "; start golf-server on it once to migrate it");
    }
}

match_id reserve_match_id_block(pg_connection& db) {
    static constexpr const char* reserve = "SELECT nextval('match_ids')";
    return db.run(reserve).int64(0, 0);
}

void migrate_pg_schema(pg_connection& db) {
    db.in_transaction("BEGIN", [&] {
        db.run(lock_migrations);  // the second node to start waits here, then finds nothing left to do
        db.exec(version_table);
        const int version = current_version(db, read_version);
        if (version > pg_schema_version) throw newer(db, version);
        for (int v = version; v < pg_schema_version; ++v) {
            db.exec(migrations[v]);
            db.exec(
                ("DELETE FROM golf_schema; INSERT INTO golf_schema VALUES (" + std::to_string(v + 1) + ")").c_str());
            spdlog::info("PostgreSQL {} migrated to schema version {}", db.where(), v + 1);
        }
    });
}

}  // namespace golf::persistence::detail
