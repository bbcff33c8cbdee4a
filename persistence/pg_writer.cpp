// The PostgreSQL writes: the SQL of each record kind, applied in one transaction per batch. A lost connection is
// made anew before the next try; a failure the database would repeat however often it is retried is a refusal.
#include "persistence/pg_writer.hpp"

#include <bit>
#include <string>
#include <type_traits>
#include <utility>

#include <spdlog/spdlog.h>

#include "persistence/pg_connection.hpp"
#include "persistence/pg_match_ids.hpp"
#include "persistence/pg_schema.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every write; each constant's address is its key in the statement cache. A connection lost during
// COMMIT leaves it unknown whether the batch was written, so the batch is tried again: the inserts of a match, its
// seats, holes and scores do nothing when the row is there already, so a batch written twice is written once.
namespace sql {

constexpr const char* upsert_table =
    "INSERT INTO tables(code, preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, "
    "forfeit_when_away, claim_window_ms, recorded) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, TRUE) "
    "ON CONFLICT(code) DO UPDATE SET preset = excluded.preset, ruleset = excluded.ruleset, "
    "created_at = excluded.created_at, seats = excluded.seats, is_public = excluded.is_public, "
    "password_hash = excluded.password_hash, turn_clock_ms = excluded.turn_clock_ms, "
    "forfeit_when_away = excluded.forfeit_when_away, claim_window_ms = excluded.claim_window_ms, recorded = TRUE";
constexpr const char* placeholder_table =
    "INSERT INTO tables(code, preset, ruleset, created_at, recorded) VALUES($1, $2, $3, $4, FALSE) "
    "ON CONFLICT(code) DO NOTHING";
constexpr const char* insert_match =
    "INSERT INTO matches(id, table_code, preset, ruleset, started_at) VALUES($1, $2, $3, $4, $5) "
    "ON CONFLICT(id) DO NOTHING";
constexpr const char* upsert_player =
    "INSERT INTO players(display_name, token_hash) VALUES($1, $2) "
    "ON CONFLICT(token_hash) DO UPDATE SET display_name = excluded.display_name RETURNING id";
constexpr const char* upsert_tokenless_player =
    "INSERT INTO players(display_name) VALUES($1) ON CONFLICT(display_name) WHERE token_hash IS NULL "
    "DO UPDATE SET display_name = excluded.display_name RETURNING id";
constexpr const char* insert_seat =
    "INSERT INTO match_seats(match_id, seat, player_id, bot) VALUES($1, $2, $3, $4) ON CONFLICT DO NOTHING";
constexpr const char* insert_hole =
    "INSERT INTO holes(match_id, hole, seed, dealer, caller, actions) VALUES($1, $2, $3, $4, $5, $6) "
    "ON CONFLICT DO NOTHING";
constexpr const char* insert_score =
    "INSERT INTO hole_scores(match_id, hole, seat, hand_score, running_total) VALUES($1, $2, $3, $4, $5) "
    "ON CONFLICT DO NOTHING";
constexpr const char* clear_progress_through = "DELETE FROM hands_in_play WHERE match_id = $1 AND hole <= $2";
// A progress record that arrives after its hole or its match was recorded is stale: it must not resurrect a hand.
constexpr const char* upsert_progress =
    "INSERT INTO hands_in_play(match_id, hole, seed, dealer, actions) SELECT $1, $2, $3, $4, $5 "
    "WHERE NOT EXISTS (SELECT 1 FROM holes WHERE match_id = $1 AND hole >= $2) "
    "AND NOT EXISTS (SELECT 1 FROM matches WHERE id = $1 AND ended_at IS NOT NULL) "
    "ON CONFLICT(match_id) DO UPDATE SET hole = excluded.hole, seed = excluded.seed, dealer = excluded.dealer, "
    "actions = excluded.actions";
constexpr const char* end_match = "UPDATE matches SET ended_at = $1, winner_seat = $2, abandoned = $3 WHERE id = $4";
constexpr const char* set_final_total = "UPDATE match_seats SET final_total = $1 WHERE match_id = $2 AND seat = $3";
constexpr const char* clear_progress = "DELETE FROM hands_in_play WHERE match_id = $1";

}  // namespace sql

std::string_view flag(bool value) { return value ? "true" : "false"; }

void apply(pg_connection& db, const table_record& t) {
    db.run(sql::upsert_table, pg_params()
                                  .text(t.code)
                                  .text(t.preset)
                                  .text(t.ruleset)
                                  .number(t.created_at)
                                  .number(t.seats)
                                  .text(flag(t.is_public))
                                  .text(t.password_hash)
                                  .number(t.turn_clock_ms)
                                  .text(flag(t.forfeit_when_away))
                                  .number(t.claim_window_ms));
}

std::int64_t player_id(pg_connection& db, const seat_record& s) {
    const auto rows = s.token_hash.empty()
                          ? db.run(sql::upsert_tokenless_player, pg_params().text(s.display_name))
                          : db.run(sql::upsert_player, pg_params().text(s.display_name).text(s.token_hash));
    if (rows.size() != 1) throw pg_failure{"P0002", "no player id returned"};
    return rows.int64(0, 0);
}

void apply(pg_connection& db, match_id id, const match_start& m) {
    if (!m.table_code.empty()) {
        // A match may start at a table nobody recorded; keep the reference valid.
        db.run(sql::placeholder_table,
               pg_params().text(m.table_code).text(m.preset).text(m.ruleset).number(m.started_at));
    }
    auto match = pg_params().number(id);
    if (m.table_code.empty()) match.null();
    else match.text(m.table_code);
    db.run(sql::insert_match, match.text(m.preset).text(m.ruleset).number(m.started_at));
    for (const auto& s : m.seats) {
        const auto player = player_id(db, s);
        db.run(sql::insert_seat, pg_params().number(id).number(s.seat).number(player).text(s.bot));
    }
}

void apply(pg_connection& db, const hole_record& h) {
    db.run(sql::insert_hole, pg_params()
                                 .number(h.match)
                                 .number(h.hole)
                                 .number(std::bit_cast<std::int64_t>(h.seed))
                                 .number(h.dealer)
                                 .optional_number(h.caller)
                                 .bytes(h.actions));
    for (std::size_t seat = 0; seat < h.hand_scores.size(); ++seat) {
        const int total = seat < h.running_totals.size() ? h.running_totals[seat] : 0;
        db.run(sql::insert_score, pg_params()
                                      .number(h.match)
                                      .number(h.hole)
                                      .number(static_cast<int>(seat))
                                      .number(h.hand_scores[seat])
                                      .number(total));
    }
    db.run(sql::clear_progress_through, pg_params().number(h.match).number(h.hole));
}

void apply(pg_connection& db, const hand_progress& p) {
    db.run(sql::upsert_progress, pg_params()
                                     .number(p.match)
                                     .number(p.hole)
                                     .number(std::bit_cast<std::int64_t>(p.seed))
                                     .number(p.dealer)
                                     .bytes(p.actions));
}

void apply(pg_connection& db, const match_result& r) {
    const auto ended =
        db.run(sql::end_match,
               pg_params().number(r.ended_at).optional_number(r.winner_seat).text(flag(r.abandoned)).number(r.match));
    if (ended.affected() == 0) throw pg_failure{"P0002", "no match " + std::to_string(r.match)};
    for (std::size_t seat = 0; seat < r.final_totals.size(); ++seat) {
        db.run(sql::set_final_total,
               pg_params().number(r.final_totals[seat]).number(r.match).number(static_cast<int>(seat)));
    }
    db.run(sql::clear_progress, pg_params().number(r.match));
}

}  // namespace

pg_writer::pg_writer(std::unique_ptr<pg_connection> db, pg_match_ids& ids) : db_(std::move(db)), ids_(ids) {}

pg_writer::~pg_writer() = default;

write_result pg_writer::write_batch(std::span<const write_op> batch) {
    try {
        if (!db_->alive()) {
            db_->reconnect();
            spdlog::info("reconnected to the PostgreSQL {}", db_->where());
        }
        reserve_ids_if_wanted();
        db_->in_transaction("BEGIN", [&] {
            for (const auto& op : batch) {
                std::visit(
                    [&](const auto& record) {
                        if constexpr (std::is_same_v<std::decay_t<decltype(record)>, started_match>) {
                            apply(*db_, record.id, record.match);
                        } else {
                            apply(*db_, record);
                        }
                    },
                    op);
            }
        });
        return {write_status::committed, {}};
    } catch (const pg_failure& f) {
        return {f.permanent() ? write_status::refused : write_status::failed, f.message};
    }
}

void pg_writer::reserve_ids_if_wanted() {
    if (ids_.wants_block()) ids_.add(reserve_match_id_block(*db_));  // outside the batch: a block is never given back
}

}  // namespace golf::persistence::detail
