// The SQLite writes: the SQL of each record kind, applied in one transaction per batch (a finished match's ratings,
// sqlite_ratings.hpp, with it). A failure the database would repeat however often it is retried (a constraint, a
// record with no match) is a refusal; any other a failure.
#include "persistence/sqlite/sqlite_writer.hpp"

#include <bit>
#include <string>
#include <type_traits>
#include <utility>

#include "persistence/sqlite/sqlite_connection.hpp"
#include "persistence/sqlite/sqlite_ratings.hpp"

namespace golf::persistence::detail {

namespace {

// Failures the database will repeat however often we retry: the record itself is refused.
bool is_permanent(int code) {
    return code == SQLITE_CONSTRAINT || code == SQLITE_MISMATCH || code == SQLITE_RANGE || code == SQLITE_TOOBIG ||
           code == SQLITE_NOTFOUND;
}

// The SQL of every write; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* upsert_table =
    "INSERT INTO tables(code, preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, "
    "forfeit_when_away, claim_window_ms, between_holes_ms, quick_play, tournament_id, deal_key, recorded) "
    "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1) "
    "ON CONFLICT(code) DO UPDATE SET preset = excluded.preset, ruleset = excluded.ruleset, "
    "created_at = excluded.created_at, seats = excluded.seats, is_public = excluded.is_public, "
    "password_hash = excluded.password_hash, turn_clock_ms = excluded.turn_clock_ms, "
    "forfeit_when_away = excluded.forfeit_when_away, claim_window_ms = excluded.claim_window_ms, "
    "between_holes_ms = excluded.between_holes_ms, quick_play = excluded.quick_play, "
    "tournament_id = excluded.tournament_id, deal_key = excluded.deal_key, recorded = 1";
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
constexpr const char* insert_seat =
    "INSERT INTO match_seats(match_id, seat, player_id, bot, account_id) VALUES(?, ?, ?, ?, ?)";
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
constexpr const char* change_seat =
    "UPDATE match_seats SET player_id = ?, account_id = ? WHERE match_id = ? AND seat = ?";
constexpr const char* insert_bar = "INSERT INTO match_bars(match_id, account_id, address) VALUES(?, ?, ?)";
constexpr const char* end_match = "UPDATE matches SET ended_at = ?, winner_seat = ?, abandoned = ? WHERE id = ?";
constexpr const char* set_final_total = "UPDATE match_seats SET final_total = ? WHERE match_id = ? AND seat = ?";
constexpr const char* clear_progress = "DELETE FROM hands_in_play WHERE match_id = ?";

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
        .bind(11, t.between_holes_ms)
        .bind(12, t.quick_play)
        .bind(13, t.tournament_id)
        .bind_text(14, t.deal_key)
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
        statement(db, sql::insert_seat)
            .bind(1, id)
            .bind(2, s.seat)
            .bind(3, player)
            .bind_text(4, s.bot)
            .bind_id_or_null(5, s.account_id)
            .run();
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

void apply(sqlite_database& db, const seat_change& c) {
    const auto player = player_id(db, c.seat);
    statement(db, sql::change_seat)
        .bind(1, player)
        .bind_id_or_null(2, c.seat.account_id)
        .bind(3, c.match)
        .bind(4, c.seat.seat)
        .run();
    if (sqlite3_changes(db.db) == 0)
        throw sqlite_failure{SQLITE_NOTFOUND,
                             "no seat " + std::to_string(c.seat.seat) + " in match " + std::to_string(c.match)};
}

void apply(sqlite_database& db, const table_bar& b) {
    statement(db, sql::insert_bar).bind(1, b.match).bind_id_or_null(2, b.account_id).bind_text(3, b.address).run();
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
    // In the same transaction: a match is finished and rated, or neither.
    if (!r.abandoned) rate_finished_match(db, r.match);
}

}  // namespace

sqlite_writer::sqlite_writer(std::unique_ptr<sqlite_database> db) : db_(std::move(db)) {}

sqlite_writer::~sqlite_writer() = default;

write_result sqlite_writer::write_batch(std::span<const write_op> batch) {
    sqlite_database& db = *db_;
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
        return {write_status::committed, {}};
    } catch (const sqlite_failure& f) {
        return {is_permanent(f.code) ? write_status::refused : write_status::failed, f.message};
    }
}

}  // namespace golf::persistence::detail
