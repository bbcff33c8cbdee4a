// Schema version 1 exactly as the first release wrote it, with a finished match (7) and an unfinished one (8):
// what the migrations must carry over (sqlite_store_test) and what golf restore takes back (tests/cli).
#pragma once

namespace golf::persistence::testing {

inline constexpr const char* schema_v1 = R"sql(
CREATE TABLE players (id INTEGER PRIMARY KEY, display_name TEXT NOT NULL, token_hash TEXT UNIQUE);
CREATE INDEX players_by_name ON players(display_name);
CREATE TABLE tables (code TEXT PRIMARY KEY, ruleset TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE matches (id INTEGER PRIMARY KEY, table_code TEXT REFERENCES tables(code), ruleset TEXT NOT NULL,
  started_at INTEGER NOT NULL, ended_at INTEGER, winner_seat INTEGER);
CREATE INDEX matches_unfinished ON matches(id) WHERE ended_at IS NULL;
CREATE TABLE match_seats (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id), final_total INTEGER, PRIMARY KEY (match_id, seat));
CREATE INDEX match_seats_by_player ON match_seats(player_id);
CREATE TABLE holes (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, hole INTEGER NOT NULL,
  seed INTEGER NOT NULL, dealer INTEGER NOT NULL, caller INTEGER, actions BLOB NOT NULL,
  PRIMARY KEY (match_id, hole));
CREATE TABLE hole_scores (match_id INTEGER NOT NULL, hole INTEGER NOT NULL, seat INTEGER NOT NULL,
  hand_score INTEGER NOT NULL, running_total INTEGER NOT NULL, PRIMARY KEY (match_id, hole, seat),
  FOREIGN KEY (match_id, hole) REFERENCES holes(match_id, hole) ON DELETE CASCADE);
PRAGMA user_version = 1;
INSERT INTO players VALUES (1, 'ann', 'hash-ann'), (2, 'bob', 'hash-bob');
INSERT INTO tables VALUES ('ABCD', 'six-card', 1699999999);
INSERT INTO matches VALUES (7, 'ABCD', 'six-card', 1700000000, 1700000500, 1), (8, 'ABCD', 'six-card', 1700000600,
  NULL, NULL);
INSERT INTO match_seats VALUES (7, 0, 1, 6), (7, 1, 2, -6), (8, 0, 1, NULL), (8, 1, 2, NULL);
INSERT INTO holes VALUES (7, 1, -81985529216486895, 1, NULL, X'0A0B'), (8, 1, 12345, 0, 1, '0:flip:0');
INSERT INTO hole_scores VALUES (7, 1, 0, 6, 6), (7, 1, 1, -6, -6), (8, 1, 0, 3, 3), (8, 1, 1, 4, 4);
)sql";

}  // namespace golf::persistence::testing
