// The SQLite match_store: opening and migrating the database, the writer thread that batches queued records into
// transactions (retrying failures, logging what it cannot write), the read queries and the statement cache.
#include "persistence/sqlite_store.hpp"

#include <algorithm>
#include <bit>
#include <iterator>
#include <map>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <spdlog/spdlog.h>
#include <sqlite3.h>
#include <unistd.h>

namespace golf::persistence {

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
};
static_assert(std::size(migrations) == schema_version);

// A failed SQLite call inside this file; turned into store_error (open, reads) or a retry (writes).
struct sqlite_failure {
    int code;
    std::string message;
};

[[noreturn]] void fail(sqlite3* db, int code) {
    throw sqlite_failure{code & 0xff, db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(code)};
}

void exec(sqlite3* db, const char* sql) {
    if (int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr); rc != SQLITE_OK) fail(db, rc);
}

}  // namespace

namespace detail {

// Statements are prepared on first use and kept, keyed by the address of their SQL constant.
struct sqlite_database {
    sqlite3* db = nullptr;
    std::unordered_map<const char*, sqlite3_stmt*> prepared;

    sqlite_database() = default;
    sqlite_database(const sqlite_database&) = delete;
    sqlite_database& operator=(const sqlite_database&) = delete;
    ~sqlite_database() {
        for (auto& entry : prepared) sqlite3_finalize(entry.second);
        sqlite3_close_v2(db);  // after the statements: a close with statements left would only defer
    }

    sqlite3_stmt* statement_for(const char* text) {
        auto& stmt = prepared[text];
        if (stmt == nullptr) {
            if (int rc = sqlite3_prepare_v3(db, text, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr); rc != SQLITE_OK) {
                prepared.erase(text);
                fail(db, rc);
            }
        }
        return stmt;
    }
};

}  // namespace detail

namespace {

using detail::sqlite_database;

// One use of a statement: a cached one (reset when the use ends) or, for one-off SQL, one of its own.
class statement {
public:
    statement(sqlite_database& db, const char* sql) : db_(db.db), stmt_(db.statement_for(sql)), owned_(false) {}
    statement(sqlite3* db, const char* sql) : db_(db), owned_(true) {
        if (int rc = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); rc != SQLITE_OK) fail(db, rc);
    }
    ~statement() {
        if (owned_) {
            sqlite3_finalize(stmt_);
        } else {
            sqlite3_reset(stmt_);
            sqlite3_clear_bindings(stmt_);
        }
    }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;

    statement& bind(int index, std::int64_t value) { return check(sqlite3_bind_int64(stmt_, index, value)); }
    statement& bind(int index, int value) { return check(sqlite3_bind_int(stmt_, index, value)); }
    statement& bind(int index, bool value) { return bind(index, value ? 1 : 0); }
    statement& bind(int index, std::optional<int> value) {
        return value ? bind(index, *value) : check(sqlite3_bind_null(stmt_, index));
    }
    statement& bind_text(int index, std::string_view text) {
        return check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
    }
    statement& bind_text_or_null(int index, std::string_view text) {
        return text.empty() ? check(sqlite3_bind_null(stmt_, index)) : bind_text(index, text);
    }
    statement& bind_blob(int index, std::string_view bytes) {
        // Bound without a copy: every caller steps the statement while the bytes are alive.
        return check(sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_STATIC));
    }
    statement& bind_limit(int index, std::size_t limit) {
        return bind(index, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
    }

    statement& reset() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
        return *this;
    }

    // True while there is a row; false when done.
    bool step() {
        int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail(db_, rc);
    }
    void run() {
        while (step()) {
        }
    }

    std::int64_t int64(int column) const { return sqlite3_column_int64(stmt_, column); }
    int integer(int column) const { return sqlite3_column_int(stmt_, column); }
    double real(int column) const { return sqlite3_column_double(stmt_, column); }
    bool is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
    std::optional<int> optional_int(int column) const {
        return is_null(column) ? std::nullopt : std::optional<int>(integer(column));
    }
    std::string text(int column) const {
        auto* data = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
        return data != nullptr ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                               : std::string();
    }
    std::string blob(int column) const {
        auto* data = static_cast<const char*>(sqlite3_column_blob(stmt_, column));
        return data != nullptr ? std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                               : std::string();
    }

private:
    statement& check(int rc) {
        if (rc != SQLITE_OK) fail(db_, rc);
        return *this;
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    bool owned_;
};

template <typename F>
void in_transaction(sqlite3* db, const char* begin, F&& body) {
    exec(db, begin);
    try {
        body();
        exec(db, "COMMIT");
    } catch (...) {
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);  // may fail if SQLite already rolled back
        throw;
    }
}

// Failures the database will repeat however often we retry: the record itself is refused.
bool is_permanent(int code) {
    return code == SQLITE_CONSTRAINT || code == SQLITE_MISMATCH || code == SQLITE_RANGE || code == SQLITE_TOOBIG ||
           code == SQLITE_NOTFOUND;
}

// An existing database in a directory we cannot write: WAL needs files beside it.
bool directory_is_read_only(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return false;
    const auto dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    return ::access(dir.c_str(), W_OK) != 0;
}

store_error describe(const std::filesystem::path& path, const sqlite_failure& f) {
    const std::string where = "the database " + path.string();
    switch (f.code) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return {store_error_kind::locked,
                    where + " is locked by another process (is another server using it?): " + f.message};
        case SQLITE_READONLY:
            return {store_error_kind::read_only,
                    where + " is read-only; the server must be able to write the file and its directory: " +
                        f.message};
        case SQLITE_CANTOPEN:
            if (directory_is_read_only(path)) {
                return {store_error_kind::read_only,
                        "the directory of " + where + " is read-only; the server must be able to create the -wal " +
                            "and -shm files beside the database: " + f.message};
            }
            return {store_error_kind::cannot_open,
                    "cannot open " + where + " (does its directory exist and is it writable?): " + f.message};
        case SQLITE_NOTADB:
        case SQLITE_CORRUPT:
            return {store_error_kind::corrupt, where + " is not a SQLite database or is corrupt: " + f.message};
        default:
            return {store_error_kind::io, where + " failed: " + f.message};
    }
}

std::int64_t single_int(sqlite3* db, const char* sql) {
    statement s(db, sql);
    return s.step() ? s.int64(0) : 0;
}

// The SQL of every cached statement; each constant's address is its key in the cache.
namespace sql {

constexpr const char* upsert_table =
    "INSERT INTO tables(code, preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, "
    "forfeit_when_away, claim_window_ms, recorded) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) "
    "ON CONFLICT(code) DO UPDATE SET preset = excluded.preset, ruleset = excluded.ruleset, "
    "created_at = excluded.created_at, seats = excluded.seats, is_public = excluded.is_public, "
    "password_hash = excluded.password_hash, turn_clock_ms = excluded.turn_clock_ms, "
    "forfeit_when_away = excluded.forfeit_when_away, claim_window_ms = excluded.claim_window_ms, recorded = 1";
constexpr const char* placeholder_table =
    "INSERT OR IGNORE INTO tables(code, preset, ruleset, created_at, recorded) VALUES(?, ?, ?, ?, 0)";
constexpr const char* insert_match =
    "INSERT INTO matches(id, table_code, preset, ruleset, started_at) VALUES(?, ?, ?, ?, ?)";
constexpr const char* upsert_player =
    "INSERT INTO players(display_name, token_hash) VALUES(?, ?) "
    "ON CONFLICT(token_hash) DO UPDATE SET display_name = excluded.display_name RETURNING id";
constexpr const char* find_tokenless_player =
    "SELECT id FROM players WHERE display_name = ? AND token_hash IS NULL LIMIT 1";
constexpr const char* insert_tokenless_player = "INSERT INTO players(display_name) VALUES(?) RETURNING id";
constexpr const char* insert_seat = "INSERT INTO match_seats(match_id, seat, player_id, bot) VALUES(?, ?, ?, ?)";
constexpr const char* insert_hole =
    "INSERT INTO holes(match_id, hole, seed, dealer, caller, actions) VALUES(?, ?, ?, ?, ?, ?)";
constexpr const char* insert_score =
    "INSERT INTO hole_scores(match_id, hole, seat, hand_score, running_total) VALUES(?, ?, ?, ?, ?)";
constexpr const char* clear_progress_through = "DELETE FROM hands_in_play WHERE match_id = ? AND hole <= ?";
// A progress record that arrives after its hole or its match was recorded is stale: it must not resurrect a hand.
constexpr const char* upsert_progress =
    "INSERT OR REPLACE INTO hands_in_play(match_id, hole, seed, dealer, actions) SELECT ?1, ?2, ?3, ?4, ?5 "
    "WHERE NOT EXISTS (SELECT 1 FROM holes WHERE match_id = ?1 AND hole >= ?2) "
    "AND NOT EXISTS (SELECT 1 FROM matches WHERE id = ?1 AND ended_at IS NOT NULL)";
constexpr const char* end_match = "UPDATE matches SET ended_at = ?, winner_seat = ?, abandoned = ? WHERE id = ?";
constexpr const char* set_final_total = "UPDATE match_seats SET final_total = ? WHERE match_id = ? AND seat = ?";
constexpr const char* clear_progress = "DELETE FROM hands_in_play WHERE match_id = ?";

constexpr const char* select_match =
    "SELECT table_code, preset, ruleset, started_at, ended_at, winner_seat, abandoned FROM matches WHERE id = ?";
constexpr const char* select_seats =
    "SELECT s.seat, p.display_name, p.token_hash, s.bot, s.final_total FROM match_seats s "
    "JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat";
constexpr const char* select_holes =
    "SELECT hole, seed, dealer, caller, actions FROM holes WHERE match_id = ? ORDER BY hole";
constexpr const char* select_scores =
    "SELECT hole, hand_score, running_total FROM hole_scores WHERE match_id = ? ORDER BY hole, seat";
constexpr const char* select_progress = "SELECT hole, seed, dealer, actions FROM hands_in_play WHERE match_id = ?";
constexpr const char* select_table =
    "SELECT preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, forfeit_when_away, "
    "claim_window_ms FROM tables WHERE code = ? AND recorded = 1";
constexpr const char* matches_of_player =
    "SELECT id FROM matches WHERE id IN (SELECT s.match_id FROM players p JOIN match_seats s ON s.player_id = p.id "
    "WHERE p.display_name = ?) ORDER BY started_at DESC, id DESC LIMIT ?";
constexpr const char* all_matches = "SELECT id FROM matches ORDER BY started_at DESC, id DESC LIMIT ?";
constexpr const char* unfinished = "SELECT id FROM matches WHERE ended_at IS NULL ORDER BY id";

// Every ranked seat of every finished match (of one preset, or of all), with whether it had the lowest total.
#define GOLF_RANKED_SEATS(preset_filter)                                                                       \
    "WITH ranked AS (SELECT p.display_name AS name, m.preset AS preset, s.match_id, s.seat, s.final_total, "  \
    "s.final_total = (SELECT MIN(o.final_total) FROM match_seats o WHERE o.match_id = s.match_id) AS won "    \
    "FROM matches m JOIN match_seats s ON s.match_id = m.id JOIN players p ON p.id = s.player_id "             \
    "WHERE m.ended_at IS NOT NULL AND m.abandoned = 0 " preset_filter " AND s.bot = '') "
#define GOLF_LEADERBOARD(preset_filter)                                                                        \
    GOLF_RANKED_SEATS(preset_filter)                                                                           \
    ", hole_means AS (SELECT r.name, AVG(h.hand_score) AS average_hole FROM ranked r "                         \
    "JOIN hole_scores h ON h.match_id = r.match_id AND h.seat = r.seat GROUP BY r.name) "                     \
    "SELECT r.name, COUNT(*), COALESCE(SUM(r.won), 0) AS wins, COALESCE(AVG(r.final_total), 0) AS average, "  \
    "COALESCE(MAX(hm.average_hole), 0) FROM ranked r LEFT JOIN hole_means hm ON hm.name = r.name "            \
    "GROUP BY r.name ORDER BY wins DESC, average ASC, r.name ASC LIMIT ?2"
constexpr const char* leaderboard_of_preset = GOLF_LEADERBOARD("AND m.preset = ?1");
constexpr const char* leaderboard_of_all = GOLF_LEADERBOARD("AND ?1 = ''");
constexpr const char* stats_of_player =
    GOLF_RANKED_SEATS("AND s.player_id IN (SELECT id FROM players WHERE display_name = ?1)")
    ", hole_means AS (SELECT r.preset, AVG(h.hand_score) AS average_hole FROM ranked r "
    "JOIN hole_scores h ON h.match_id = r.match_id AND h.seat = r.seat GROUP BY r.preset) "
    "SELECT r.preset, COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(AVG(r.final_total), 0), "
    "COALESCE(MAX(hm.average_hole), 0) FROM ranked r LEFT JOIN hole_means hm ON hm.preset = r.preset "
    "GROUP BY r.preset ORDER BY r.preset";
#undef GOLF_LEADERBOARD
#undef GOLF_RANKED_SEATS

}  // namespace sql

void apply(sqlite_database& db, const table_record& t) {
    statement(db, sql::upsert_table)
        .bind_text(1, t.code)
        .bind_text(2, t.preset)
        .bind_text(3, t.ruleset)
        .bind(4, t.created_at)
        .bind(5, t.seats)
        .bind(6, t.is_public)
        .bind_text(7, t.password_hash)
        .bind(8, t.turn_clock_ms)
        .bind(9, t.forfeit_when_away)
        .bind(10, t.claim_window_ms)
        .run();
}

std::int64_t player_id(sqlite_database& db, const seat_record& s) {
    if (!s.token_hash.empty()) {
        statement player(db, sql::upsert_player);
        player.bind_text(1, s.display_name).bind_text(2, s.token_hash);
        if (!player.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no player id returned"};
        const auto id = player.int64(0);
        player.run();
        return id;
    }
    // Bots and token-less seats share one row per name instead of a new row per seat.
    statement find(db, sql::find_tokenless_player);
    if (find.bind_text(1, s.display_name).step()) return find.int64(0);
    statement insert(db, sql::insert_tokenless_player);
    if (!insert.bind_text(1, s.display_name).step()) throw sqlite_failure{SQLITE_NOTFOUND, "no player id returned"};
    const auto id = insert.int64(0);
    insert.run();
    return id;
}

void apply(sqlite_database& db, match_id id, const match_start& m) {
    if (!m.table_code.empty()) {
        // A match may start at a table nobody recorded; keep the reference valid.
        statement(db, sql::placeholder_table)
            .bind_text(1, m.table_code)
            .bind_text(2, m.preset)
            .bind_text(3, m.ruleset)
            .bind(4, m.started_at)
            .run();
    }
    statement(db, sql::insert_match)
        .bind(1, id)
        .bind_text_or_null(2, m.table_code)
        .bind_text(3, m.preset)
        .bind_text(4, m.ruleset)
        .bind(5, m.started_at)
        .run();
    for (const auto& s : m.seats) {
        const auto player = player_id(db, s);
        statement(db, sql::insert_seat).bind(1, id).bind(2, s.seat).bind(3, player).bind_text(4, s.bot).run();
    }
}

void apply(sqlite_database& db, const hole_record& h) {
    statement(db, sql::insert_hole)
        .bind(1, h.match)
        .bind(2, h.hole)
        .bind(3, std::bit_cast<std::int64_t>(h.seed))
        .bind(4, h.dealer)
        .bind(5, h.caller)
        .bind_blob(6, h.actions)
        .run();
    statement score(db, sql::insert_score);
    for (std::size_t seat = 0; seat < h.hand_scores.size(); ++seat) {
        const int total = seat < h.running_totals.size() ? h.running_totals[seat] : 0;
        score.reset()
            .bind(1, h.match)
            .bind(2, h.hole)
            .bind(3, static_cast<int>(seat))
            .bind(4, h.hand_scores[seat])
            .bind(5, total)
            .run();
    }
    statement(db, sql::clear_progress_through).bind(1, h.match).bind(2, h.hole).run();
}

void apply(sqlite_database& db, const hand_progress& p) {
    statement(db, sql::upsert_progress)
        .bind(1, p.match)
        .bind(2, p.hole)
        .bind(3, std::bit_cast<std::int64_t>(p.seed))
        .bind(4, p.dealer)
        .bind_blob(5, p.actions)
        .run();
}

void apply(sqlite_database& db, const match_result& r) {
    statement(db, sql::end_match)
        .bind(1, r.ended_at)
        .bind(2, r.winner_seat)
        .bind(3, r.abandoned ? 1 : 0)
        .bind(4, r.match)
        .run();
    if (sqlite3_changes(db.db) == 0) throw sqlite_failure{SQLITE_NOTFOUND, "no match " + std::to_string(r.match)};
    statement total(db, sql::set_final_total);
    for (std::size_t seat = 0; seat < r.final_totals.size(); ++seat) {
        total.reset().bind(1, r.final_totals[seat]).bind(2, r.match).bind(3, static_cast<int>(seat)).run();
    }
    statement(db, sql::clear_progress).bind(1, r.match).run();
}

const char* describe_op(const auto& op) {
    using T = std::decay_t<decltype(op)>;
    if constexpr (std::is_same_v<T, table_record>) return "table";
    else if constexpr (std::is_same_v<T, hole_record>) return "hole";
    else if constexpr (std::is_same_v<T, hand_progress>) return "hand progress";
    else if constexpr (std::is_same_v<T, match_result>) return "match result";
    else return "match start";
}

}  // namespace

sqlite_store::sqlite_store(sqlite_options options) : options_(std::move(options)) {
    const auto open = [&](int flags) {
        auto db = std::make_unique<sqlite_database>();
        const int rc = sqlite3_open_v2(options_.path.c_str(), &db->db, flags, nullptr);
        if (rc != SQLITE_OK) fail(db->db, rc);
        sqlite3_busy_timeout(db->db, static_cast<int>(options_.busy_timeout.count()));
        return db;
    };
    try {
        if (options_.read_only) {
            reader_db_ = open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
            const auto version = single_int(reader_db_->db, "PRAGMA user_version");
            if (version != schema_version) {
                throw store_error(version > schema_version ? store_error_kind::newer_schema : store_error_kind::older_schema,
                                  "the database " + options_.path.string() + " has schema version " +
                                      std::to_string(version) + ", this build reads version " +
                                      std::to_string(schema_version) +
                                      (version > schema_version ? "; use a newer golf"
                                                                : "; start golf-server on it once to migrate it"));
            }
            return;  // no writer thread: nothing is ever written
        }
        writer_db_ = open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
        sqlite3* db = writer_db_->db;
        if (sqlite3_db_readonly(db, "main") == 1) throw sqlite_failure{SQLITE_READONLY, "opened read-only"};
        const auto version = single_int(db, "PRAGMA user_version");  // the first read: a corrupt file fails here
        if (version > schema_version) {
            throw store_error(store_error_kind::newer_schema,
                              "the database " + options_.path.string() + " has schema version " +
                                  std::to_string(version) + ", newer than this server's " +
                                  std::to_string(schema_version) + "; upgrade the server or use another --db");
        }
        {
            statement mode(db, "PRAGMA journal_mode = WAL");
            if (!mode.step() || mode.text(0) != "wal") {
                throw sqlite_failure{SQLITE_IOERR, "could not switch the journal to WAL"};
            }
        }
        exec(db, options_.synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        exec(db, "PRAGMA foreign_keys = ON");
        // Taking the write lock now turns "another server holds it" into a start-up error, not endless retries.
        in_transaction(db, "BEGIN IMMEDIATE", [&] {
            for (auto v = version; v < schema_version; ++v) {
                exec(db, migrations[v]);
                exec(db, ("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
                spdlog::info("database {} migrated to schema version {}", options_.path.string(), v + 1);
            }
        });
        next_match_id_ = single_int(db, "SELECT COALESCE(MAX(id), 0) + 1 FROM matches");
        reader_db_ = open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
        checkpoint_db_ = open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX);
        // A connection learns that the file keeps a log only on its first read; until then a checkpoint is a no-op.
        single_int(checkpoint_db_->db, "PRAGMA user_version");
        // Our hook replaces SQLite's automatic checkpoint, which is this same hook checkpointing in the commit.
        options_.checkpoint_pages = std::max<std::size_t>(options_.checkpoint_pages, 1);
        sqlite3_wal_hook(db, &sqlite_store::on_commit, this);
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    writer_ = std::thread([this] { writer_loop(); });
    checkpointer_ = std::thread([this] { checkpointer_loop(); });
}

sqlite_store::~sqlite_store() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_cv_.notify_all();
    if (writer_.joinable()) writer_.join();  // a read-only store has none
    {
        std::lock_guard lock(mutex_);
        checkpointer_stopping_ = true;  // after the writer: its last commits may still have asked for one
    }
    checkpoint_cv_.notify_all();
    if (checkpointer_.joinable()) checkpointer_.join();
    // The last connection to close checkpoints whatever is left and removes the log.
}

int sqlite_store::on_commit(void* store, ::sqlite3* db, const char* schema, int log_pages) {
    auto& self = *static_cast<sqlite_store*>(store);
    const auto pages = static_cast<std::size_t>(std::max(log_pages, 0));
    if (pages >= 16 * self.options_.checkpoint_pages) {
        // The checkpointer cannot catch up (SQLite restarts the log only when a checkpoint finished between two
        // commits): wait for its round to end and copy the whole log here, as SQLite's own checkpoint would. The
        // only writer's checkpoint is complete (unless a reader still needs the log), so the next commit restarts
        // the log and it cannot grow without bound. SQLite itself would not wait: a second checkpoint is refused.
        self.writer_wants_checkpoint_ = true;
        std::lock_guard running(self.checkpoint_running_);
        self.writer_wants_checkpoint_ = false;
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        return SQLITE_OK;
    }
    if (pages < self.options_.checkpoint_pages) return SQLITE_OK;
    {
        std::lock_guard lock(self.mutex_);
        if (self.checkpoint_wanted_) return SQLITE_OK;  // asked already: no wake-up per commit
        self.checkpoint_wanted_ = true;
    }
    self.checkpoint_cv_.notify_one();
    return SQLITE_OK;
}

void sqlite_store::checkpointer_loop() {
    int last_failure = SQLITE_OK;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            checkpoint_cv_.wait(lock, [&] { return checkpoint_wanted_ || checkpointer_stopping_; });
            if (checkpointer_stopping_) return;
            checkpoint_wanted_ = false;
        }
        // PASSIVE: copies what no reader still needs and never waits for the writer, nor makes it wait. SQLite
        // restarts the log only when a commit finds all of it copied, so the checkpointer chases the writer: the
        // first round syncs the whole log (tens of ms), each next one only what was committed meanwhile (about a
        // millisecond), until one ends between two commits. It stops when a round copies nothing new (a reader
        // still needs the rest) and after 8 rounds; the next commit past the mark starts it again.
        int rc = SQLITE_OK;
        int copied_before = -1;
        for (int round = 0; round < 8 && !writer_wants_checkpoint_; ++round) {
            int log_frames = 0;
            int copied = 0;
            {
                std::lock_guard running(checkpoint_running_);
                rc = sqlite3_wal_checkpoint_v2(checkpoint_db_->db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_frames,
                                               &copied);
            }
            if (rc != SQLITE_OK) break;
            if (copied > copied_before && copied > 0) {
                std::lock_guard lock(mutex_);
                ++health_.checkpoints;
            }
            if (copied >= log_frames || copied <= copied_before) break;
            copied_before = copied;
        }
        if (rc == SQLITE_OK) {
            if (last_failure != SQLITE_OK) spdlog::info("database checkpoints succeed again");
            last_failure = SQLITE_OK;
        } else if (rc != SQLITE_BUSY && rc != last_failure) {  // busy: the writer is in one; the next commit asks again
            // Commits go on into the log meanwhile; it grows until a checkpoint succeeds.
            spdlog::warn("database checkpoint failed ({}); the write-ahead log grows until one succeeds",
                         sqlite3_errmsg(checkpoint_db_->db));
            last_failure = rc;
        }
    }
}

void sqlite_store::enqueue(write_op op) {
    if (options_.read_only) throw std::logic_error("a read-only store cannot record (" + options_.path.string() + ")");
    {
        std::lock_guard lock(mutex_);
        if (auto* progress = std::get_if<hand_progress>(&op)) {
            // A newer move replaces the one still waiting: it holds the whole hand so far.
            const auto [it, fresh] = queued_progress_.try_emplace(progress->match, taken_ + queue_.size());
            if (!fresh) {
                queue_[it->second - taken_] = std::move(op);
                return;  // nothing new to wake the writer for
            }
            queue_.push_back(std::move(op));
            ++enqueued_;
            // The first move to wait starts the writer's clock (it may be asleep with nothing to do); the rest
            // wait with it: no wake-up per move. The writer goes when that move is due, or sooner for another
            // record.
            const bool first_waiting = progress_due_ == std::chrono::steady_clock::time_point::max();
            if (first_waiting) progress_due_ = std::chrono::steady_clock::now() + options_.progress_delay;
            if (!first_waiting && queue_.size() < options_.max_batch) return;
        } else {
            queue_.push_back(std::move(op));
            ++enqueued_;
            ++urgent_queued_;
        }
    }
    work_cv_.notify_one();
}

void sqlite_store::record_table(table_record table) { enqueue(std::move(table)); }

match_id sqlite_store::start_match(match_start match) {
    match_id id = 0;
    {
        std::lock_guard lock(mutex_);
        id = next_match_id_++;
    }
    enqueue(started_match{id, std::move(match)});
    return id;
}

void sqlite_store::record_hole(hole_record hole) { enqueue(std::move(hole)); }

void sqlite_store::record_hand_progress(hand_progress progress) { enqueue(std::move(progress)); }

void sqlite_store::finish_match(match_result result) { enqueue(std::move(result)); }

bool sqlite_store::flush(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    const auto target = enqueued_;
    if (completed_ >= target) return true;
    flush_target_ = std::max(flush_target_, target);  // moves waiting out progress_delay are written now
    work_cv_.notify_one();
    return done_cv_.wait_for(lock, timeout, [&] { return completed_ >= target; });
}

store_health sqlite_store::health() const {
    std::lock_guard lock(mutex_);
    auto h = health_;
    h.pending = enqueued_ - completed_;
    return h;
}

void sqlite_store::when_written(std::function<void(bool written)> done) {
    if (options_.read_only) {
        done(true);  // nothing is ever pending, and no writer thread would answer
        return;
    }
    {
        std::lock_guard lock(mutex_);
        waiters_.push_back({completed_, enqueued_, false, std::move(done)});
    }
    work_cv_.notify_one();  // with nothing pending the writer answers at once
}

void sqlite_store::run_ready_waiters() {
    std::vector<written_waiter> ready;
    {
        std::lock_guard lock(mutex_);
        const auto done = std::stable_partition(waiters_.begin(), waiters_.end(),
                                                [&](const written_waiter& w) { return w.target > completed_; });
        std::move(done, waiters_.end(), std::back_inserter(ready));
        waiters_.erase(done, waiters_.end());
    }
    for (auto& w : ready) {
        try {
            w.done(!w.failed);
        } catch (const std::exception& e) {
            spdlog::error("a when_written callback threw: {}", e.what());
        } catch (...) {
            spdlog::error("a when_written callback threw");
        }
    }
}

void sqlite_store::count_dropped(std::uint64_t first_seq, std::size_t count) {
    health_.dropped += count;
    for (auto& w : waiters_) {
        if (first_seq < w.target && w.from < first_seq + count) w.failed = true;
    }
}

void sqlite_store::writer_loop() {
    std::vector<write_op> batch;
    for (;;) {
        std::uint64_t first_seq = 0;
        {
            std::unique_lock lock(mutex_);
            // Anything but moves alone (or a waiter, which waits for whatever is queued) is written at once;
            // moves alone once the oldest is due.
            const auto write_now = [&] {
                return stopping_ || urgent_queued_ > 0 || !waiters_.empty() || flush_target_ > taken_ ||
                       queue_.size() >= options_.max_batch ||
                       (!queue_.empty() && std::chrono::steady_clock::now() >= progress_due_);
            };
            while (!write_now()) {
                if (queue_.empty()) work_cv_.wait(lock);
                else work_cv_.wait_until(lock, progress_due_);
            }
            if (queue_.empty() && stopping_ && waiters_.empty()) return;  // stopping with nothing left
            first_seq = taken_;
            const auto n = std::min(queue_.size(), std::max<std::size_t>(options_.max_batch, 1));
            for (std::size_t i = 0; i < n; ++i) {
                // Once taken, a match's progress is no longer replaceable: the next one queues anew. So a batch
                // holds at most one progress per match, the newest at the time it was taken.
                if (auto* progress = std::get_if<hand_progress>(&queue_.front())) {
                    queued_progress_.erase(progress->match);
                } else {
                    --urgent_queued_;
                }
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
                ++taken_;
            }
            if (queue_.empty()) progress_due_ = std::chrono::steady_clock::time_point::max();
        }
        if (!batch.empty()) {
            write_batch(batch, first_seq);
            {
                std::lock_guard lock(mutex_);
                completed_ += batch.size();
            }
            done_cv_.notify_all();
            batch.clear();
        }
        run_ready_waiters();
    }
}

void sqlite_store::write_batch(std::span<const write_op> batch, std::uint64_t first_seq) {
    sqlite_database& db = *writer_db_;
    for (std::size_t attempt = 1;; ++attempt) {
        try {
            in_transaction(db.db, "BEGIN IMMEDIATE", [&] {
                for (const auto& op : batch) {
                    std::visit(
                        [&](const auto& record) {
                            if constexpr (std::is_same_v<std::decay_t<decltype(record)>, started_match>) {
                                apply(db, record.id, record.match);
                            } else {
                                apply(db, record);
                            }
                        },
                        op);
                }
            });
            std::lock_guard lock(mutex_);
            if (!health_.ok) spdlog::info("database writes succeed again");
            health_.ok = true;
            ++health_.transactions;
            return;
        } catch (const sqlite_failure& f) {
            bool stopping = false;
            {
                std::lock_guard lock(mutex_);
                health_.ok = false;
                ++health_.failed_attempts;
                health_.last_error = f.message;
                stopping = stopping_;
            }
            if (is_permanent(f.code)) {
                if (batch.size() > 1) {
                    // Find the refused record: write the others one by one.
                    for (std::size_t i = 0; i < batch.size(); ++i) write_batch(batch.subspan(i, 1), first_seq + i);
                } else {
                    spdlog::error("database refused a {} record, dropped: {}",
                                  std::visit([](const auto& r) { return describe_op(r); }, batch.front()), f.message);
                    std::lock_guard lock(mutex_);
                    count_dropped(first_seq, 1);
                }
                return;
            }
            if (stopping && attempt >= options_.shutdown_retries) {
                spdlog::error("shutting down: giving up on {} records after {} failed writes: {}", batch.size(),
                              attempt, f.message);
                std::lock_guard lock(mutex_);
                count_dropped(first_seq, batch.size());
                return;
            }
            const auto delay = std::min(std::chrono::milliseconds(25) * (1 << std::min<std::size_t>(attempt, 6)),
                                        std::chrono::milliseconds(1000));
            spdlog::warn("writing {} records failed ({}); retry {} in {} ms", batch.size(), f.message, attempt,
                         delay.count());
            std::this_thread::sleep_for(delay);
        }
    }
}

namespace {

std::optional<match_summary> read_summary(sqlite_database& db, match_id id) {
    statement m(db, sql::select_match);
    m.bind(1, id);
    if (!m.step()) return std::nullopt;
    match_summary s;
    s.id = id;
    s.table_code = m.text(0);
    s.preset = m.text(1);
    s.ruleset = m.text(2);
    s.started_at = m.int64(3);
    if (!m.is_null(4)) s.ended_at = m.int64(4);
    s.winner_seat = m.optional_int(5);
    s.abandoned = m.integer(6) != 0;
    statement seats(db, sql::select_seats);
    seats.bind(1, id);
    while (seats.step()) {
        s.seats.push_back({seats.integer(0), seats.text(1), seats.text(2), seats.text(3)});
        s.final_totals.push_back(seats.optional_int(4));
    }
    return s;
}

std::vector<hole_record> read_holes(sqlite_database& db, match_id id) {
    std::vector<hole_record> holes;
    std::map<int, std::size_t> index;
    statement h(db, sql::select_holes);
    h.bind(1, id);
    while (h.step()) {
        hole_record r;
        r.match = id;
        r.hole = h.integer(0);
        r.seed = std::bit_cast<std::uint64_t>(h.int64(1));
        r.dealer = h.integer(2);
        r.caller = h.optional_int(3);
        r.actions = h.blob(4);
        index[r.hole] = holes.size();
        holes.push_back(std::move(r));
    }
    statement s(db, sql::select_scores);
    s.bind(1, id);
    while (s.step()) {
        auto& r = holes[index.at(s.integer(0))];
        r.hand_scores.push_back(s.integer(1));
        r.running_totals.push_back(s.integer(2));
    }
    return holes;
}

std::optional<hand_progress> read_progress(sqlite_database& db, match_id id) {
    statement p(db, sql::select_progress);
    if (!p.bind(1, id).step()) return std::nullopt;
    return hand_progress{id, p.integer(0), std::bit_cast<std::uint64_t>(p.int64(1)), p.integer(2), p.blob(3)};
}

std::optional<table_record> read_table(sqlite_database& db, const std::string& code) {
    if (code.empty()) return std::nullopt;
    statement t(db, sql::select_table);
    if (!t.bind_text(1, code).step()) return std::nullopt;
    table_record r;
    r.code = code;
    r.preset = t.text(0);
    r.ruleset = t.text(1);
    r.created_at = t.int64(2);
    r.seats = t.integer(3);
    r.is_public = t.integer(4) != 0;
    r.password_hash = t.text(5);
    r.turn_clock_ms = t.int64(6);
    r.forfeit_when_away = t.integer(7) != 0;
    r.claim_window_ms = t.int64(8);
    return r;
}

}  // namespace

std::optional<match_detail> sqlite_store::read_detail(match_id id) {
    auto& db = *reader_db_;
    auto summary = read_summary(db, id);
    if (!summary) return std::nullopt;
    match_detail d;
    d.holes = read_holes(db, id);
    d.in_play = read_progress(db, id);
    d.table = read_table(db, summary->table_code);
    d.summary = std::move(*summary);
    return d;
}

std::vector<match_summary> sqlite_store::matches_by_player(std::string_view display_name, std::size_t limit) {
    std::lock_guard lock(reader_mutex_);
    std::vector<match_summary> out;
    try {
        auto& db = *reader_db_;
        in_transaction(db.db, "BEGIN", [&] {
            std::vector<match_id> ids;
            {
                statement q(db, display_name.empty() ? sql::all_matches : sql::matches_of_player);
                if (display_name.empty()) {
                    q.bind_limit(1, limit);
                } else {
                    q.bind_text(1, display_name).bind_limit(2, limit);
                }
                while (q.step()) ids.push_back(q.int64(0));
            }
            for (auto id : ids) {
                if (auto s = read_summary(db, id)) out.push_back(std::move(*s));
            }
        });
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::optional<match_detail> sqlite_store::match(match_id id) {
    std::lock_guard lock(reader_mutex_);
    std::optional<match_detail> out;
    try {
        in_transaction(reader_db_->db, "BEGIN", [&] { out = read_detail(id); });
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::vector<match_detail> sqlite_store::unfinished_matches() {
    std::lock_guard lock(reader_mutex_);
    std::vector<match_detail> out;
    try {
        in_transaction(reader_db_->db, "BEGIN", [&] {
            std::vector<match_id> ids;
            {
                statement q(*reader_db_, sql::unfinished);
                while (q.step()) ids.push_back(q.int64(0));
            }
            for (auto id : ids) {
                if (auto d = read_detail(id)) out.push_back(std::move(*d));
            }
        });
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::vector<leaderboard_entry> sqlite_store::leaderboard(std::string_view preset, std::size_t limit) {
    std::lock_guard lock(reader_mutex_);
    std::vector<leaderboard_entry> out;
    try {
        statement q(*reader_db_, preset.empty() ? sql::leaderboard_of_all : sql::leaderboard_of_preset);
        q.bind_text(1, preset).bind_limit(2, limit);
        while (q.step()) out.push_back({q.text(0), q.integer(1), q.integer(2), q.real(3), q.real(4)});
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::vector<preset_stats> sqlite_store::player_stats(std::string_view display_name) {
    std::lock_guard lock(reader_mutex_);
    std::vector<preset_stats> out;
    try {
        statement q(*reader_db_, sql::stats_of_player);
        q.bind_text(1, display_name);
        while (q.step()) out.push_back({q.text(0), q.integer(1), q.integer(2), q.real(3), q.real(4)});
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::string sqlite_store::integrity_check() {
    std::lock_guard lock(reader_mutex_);
    try {
        statement q(reader_db_->db, "PRAGMA integrity_check");
        std::string report;
        while (q.step()) report += (report.empty() ? "" : "\n") + q.text(0);
        return report;
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
}

}  // namespace golf::persistence
