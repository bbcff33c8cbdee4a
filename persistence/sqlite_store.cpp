// The SQLite match_store: opening and migrating the database, the writer thread that batches queued records into
// transactions (retrying failures, logging what it cannot write), and the read queries.
#include "persistence/sqlite_store.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <utility>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

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

class statement {
public:
    statement(sqlite3* db, const char* sql) : db_(db) {
        if (int rc = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); rc != SQLITE_OK) fail(db, rc);
    }
    ~statement() { sqlite3_finalize(stmt_); }
    statement(const statement&) = delete;
    statement& operator=(const statement&) = delete;

    statement& bind(int index, std::int64_t value) { return check(sqlite3_bind_int64(stmt_, index, value)); }
    statement& bind(int index, int value) { return check(sqlite3_bind_int(stmt_, index, value)); }
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
        return check(sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT));
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

void apply(sqlite3* db, const table_record& t) {
    statement(db,
              "INSERT INTO tables(code, ruleset, created_at) VALUES(?, ?, ?) "
              "ON CONFLICT(code) DO UPDATE SET ruleset = excluded.ruleset")
        .bind_text(1, t.code)
        .bind_text(2, t.ruleset)
        .bind(3, t.created_at)
        .run();
}

void apply(sqlite3* db, match_id id, const match_start& m) {
    if (!m.table_code.empty()) {
        // A match may start at a table nobody recorded; keep the reference valid.
        statement(db, "INSERT OR IGNORE INTO tables(code, ruleset, created_at) VALUES(?, ?, ?)")
            .bind_text(1, m.table_code)
            .bind_text(2, m.ruleset)
            .bind(3, m.started_at)
            .run();
    }
    statement(db, "INSERT INTO matches(id, table_code, ruleset, started_at) VALUES(?, ?, ?, ?)")
        .bind(1, id)
        .bind_text_or_null(2, m.table_code)
        .bind_text(3, m.ruleset)
        .bind(4, m.started_at)
        .run();
    statement player(db,
                     "INSERT INTO players(display_name, token_hash) VALUES(?, ?) "
                     "ON CONFLICT(token_hash) DO UPDATE SET display_name = excluded.display_name RETURNING id");
    statement seat(db, "INSERT INTO match_seats(match_id, seat, player_id) VALUES(?, ?, ?)");
    for (const auto& s : m.seats) {
        player.reset().bind_text(1, s.display_name).bind_text_or_null(2, s.token_hash);
        if (!player.step()) throw sqlite_failure{SQLITE_NOTFOUND, "no player id returned"};
        const std::int64_t player_id = player.int64(0);
        player.run();
        seat.reset().bind(1, id).bind(2, s.seat).bind(3, player_id).run();
    }
}

void apply(sqlite3* db, const hole_record& h) {
    statement(db, "INSERT INTO holes(match_id, hole, seed, dealer, caller, actions) VALUES(?, ?, ?, ?, ?, ?)")
        .bind(1, h.match)
        .bind(2, h.hole)
        .bind(3, std::bit_cast<std::int64_t>(h.seed))
        .bind(4, h.dealer)
        .bind(5, h.caller)
        .bind_blob(6, h.actions)
        .run();
    statement score(db,
                    "INSERT INTO hole_scores(match_id, hole, seat, hand_score, running_total) VALUES(?, ?, ?, ?, ?)");
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
}

void apply(sqlite3* db, const match_result& r) {
    statement(db, "UPDATE matches SET ended_at = ?, winner_seat = ? WHERE id = ?")
        .bind(1, r.ended_at)
        .bind(2, r.winner_seat)
        .bind(3, r.match)
        .run();
    if (sqlite3_changes(db) == 0) throw sqlite_failure{SQLITE_NOTFOUND, "no match " + std::to_string(r.match)};
    for (std::size_t seat = 0; seat < r.final_totals.size(); ++seat) {
        statement(db, "UPDATE match_seats SET final_total = ? WHERE match_id = ? AND seat = ?")
            .bind(1, r.final_totals[seat])
            .bind(2, r.match)
            .bind(3, static_cast<int>(seat))
            .run();
    }
}

const char* describe_op(const auto& op) {
    using T = std::decay_t<decltype(op)>;
    if constexpr (std::is_same_v<T, table_record>) return "table";
    else if constexpr (std::is_same_v<T, hole_record>) return "hole";
    else if constexpr (std::is_same_v<T, match_result>) return "match result";
    else return "match start";
}

}  // namespace

void sqlite_store::connection_deleter::operator()(sqlite3* db) const noexcept { sqlite3_close_v2(db); }

sqlite_store::sqlite_store(sqlite_options options) : options_(std::move(options)) {
    const auto open = [&](int flags) {
        sqlite3* raw = nullptr;
        const int rc = sqlite3_open_v2(options_.path.c_str(), &raw, flags, nullptr);
        connection db(raw);
        if (rc != SQLITE_OK) fail(raw, rc);
        sqlite3_busy_timeout(db.get(), static_cast<int>(options_.busy_timeout.count()));
        return db;
    };
    try {
        writer_db_ = open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
        sqlite3* db = writer_db_.get();
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
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    writer_ = std::thread([this] { writer_loop(); });
}

sqlite_store::~sqlite_store() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_cv_.notify_all();
    writer_.join();
}

void sqlite_store::enqueue(write_op op) {
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(op));
        ++enqueued_;
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

void sqlite_store::finish_match(match_result result) { enqueue(std::move(result)); }

bool sqlite_store::flush(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    const auto target = enqueued_;
    return done_cv_.wait_for(lock, timeout, [&] { return completed_ >= target; });
}

store_health sqlite_store::health() const {
    std::lock_guard lock(mutex_);
    auto h = health_;
    h.pending = enqueued_ - completed_;
    return h;
}

void sqlite_store::writer_loop() {
    std::vector<write_op> batch;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping with nothing left
            const auto n = std::min(queue_.size(), std::max<std::size_t>(options_.max_batch, 1));
            for (std::size_t i = 0; i < n; ++i) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        write_batch(batch);
        {
            std::lock_guard lock(mutex_);
            completed_ += batch.size();
        }
        done_cv_.notify_all();
        batch.clear();
    }
}

void sqlite_store::write_batch(const std::vector<write_op>& batch) {
    sqlite3* db = writer_db_.get();
    for (std::size_t attempt = 1;; ++attempt) {
        try {
            in_transaction(db, "BEGIN IMMEDIATE", [&] {
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
                    for (const auto& op : batch) write_batch({op});
                } else {
                    spdlog::error("database refused a {} record, dropped: {}",
                                  std::visit([](const auto& r) { return describe_op(r); }, batch.front()), f.message);
                    std::lock_guard lock(mutex_);
                    ++health_.dropped;
                }
                return;
            }
            if (stopping && attempt >= options_.shutdown_retries) {
                spdlog::error("shutting down: giving up on {} records after {} failed writes: {}", batch.size(),
                              attempt, f.message);
                std::lock_guard lock(mutex_);
                health_.dropped += batch.size();
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

std::optional<match_summary> sqlite_store::read_summary(match_id id) {
    sqlite3* db = reader_db_.get();
    statement m(db, "SELECT table_code, ruleset, started_at, ended_at, winner_seat FROM matches WHERE id = ?");
    m.bind(1, id);
    if (!m.step()) return std::nullopt;
    match_summary s;
    s.id = id;
    s.table_code = m.text(0);
    s.ruleset = m.text(1);
    s.started_at = m.int64(2);
    if (!m.is_null(3)) s.ended_at = m.int64(3);
    s.winner_seat = m.optional_int(4);
    statement seats(db,
                    "SELECT s.seat, p.display_name, p.token_hash, s.final_total FROM match_seats s "
                    "JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat");
    seats.bind(1, id);
    while (seats.step()) {
        s.seats.push_back({seats.integer(0), seats.text(1), seats.text(2)});
        s.final_totals.push_back(seats.optional_int(3));
    }
    return s;
}

std::vector<hole_record> sqlite_store::read_holes(match_id id) {
    sqlite3* db = reader_db_.get();
    std::vector<hole_record> holes;
    std::map<int, std::size_t> index;
    statement h(db, "SELECT hole, seed, dealer, caller, actions FROM holes WHERE match_id = ? ORDER BY hole");
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
    statement s(db,
                "SELECT hole, hand_score, running_total FROM hole_scores WHERE match_id = ? ORDER BY hole, seat");
    s.bind(1, id);
    while (s.step()) {
        auto& r = holes[index.at(s.integer(0))];
        r.hand_scores.push_back(s.integer(1));
        r.running_totals.push_back(s.integer(2));
    }
    return holes;
}

std::vector<match_summary> sqlite_store::matches_by_player(std::string_view display_name, std::size_t limit) {
    std::lock_guard lock(reader_mutex_);
    std::vector<match_summary> out;
    try {
        in_transaction(reader_db_.get(), "BEGIN", [&] {
            statement q(reader_db_.get(),
                        "SELECT DISTINCT m.id FROM matches m JOIN match_seats s ON s.match_id = m.id "
                        "JOIN players p ON p.id = s.player_id WHERE p.display_name = ? "
                        "ORDER BY m.started_at DESC, m.id DESC LIMIT ?");
            q.bind_text(1, display_name).bind(2, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
            std::vector<match_id> ids;
            while (q.step()) ids.push_back(q.int64(0));
            for (auto id : ids) {
                if (auto s = read_summary(id)) out.push_back(std::move(*s));
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
        in_transaction(reader_db_.get(), "BEGIN", [&] {
            if (auto s = read_summary(id)) out = match_detail{std::move(*s), read_holes(id)};
        });
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::vector<match_detail> sqlite_store::unfinished_matches() {
    std::lock_guard lock(reader_mutex_);
    std::vector<match_detail> out;
    try {
        in_transaction(reader_db_.get(), "BEGIN", [&] {
            statement q(reader_db_.get(), "SELECT id FROM matches WHERE ended_at IS NULL ORDER BY id");
            std::vector<match_id> ids;
            while (q.step()) ids.push_back(q.int64(0));
            for (auto id : ids) {
                if (auto s = read_summary(id)) out.push_back({std::move(*s), read_holes(id)});
            }
        });
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
    return out;
}

std::string sqlite_store::integrity_check() {
    std::lock_guard lock(reader_mutex_);
    try {
        statement q(reader_db_.get(), "PRAGMA integrity_check");
        std::string report;
        while (q.step()) report += (report.empty() ? "" : "\n") + q.text(0);
        return report;
    } catch (const sqlite_failure& f) {
        throw describe(options_.path, f);
    }
}

}  // namespace golf::persistence
