// The PostgreSQL writes: the SQL of each record kind, applied in one transaction per batch (a finished match's
// ratings, pg_ratings.hpp, with it). A lost connection is made anew before the next try; a failure the database
// would repeat however often it is retried is a refusal.
#include "persistence/postgres/pg_writer.hpp"

#include <bit>
#include <string>
#include <type_traits>
#include <utility>

#include <spdlog/spdlog.h>

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_match_ids.hpp"
#include "persistence/postgres/pg_ratings.hpp"
#include "persistence/postgres/pg_schema.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every write; each constant's address is its key in the statement cache. A connection lost during
// COMMIT leaves it unknown whether the batch was written, so the batch is tried again: the inserts of a match, its
// seats, holes and scores do nothing when the row is there already, so a batch written twice is written once.
namespace sql {

// With nodes ($12, $13 set) the table is ours (this incarnation's) unless another live owner holds an unfinished
// match at it; with a single node ($12 NULL) it is always written.
constexpr const char* upsert_table =
    "INSERT INTO tables(code, preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, "
    "forfeit_when_away, claim_window_ms, between_holes_ms, quick_play, tournament_id, deal_key, recorded, owner_node, "
    "owner_incarnation) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $14, $15, $16, TRUE, $12, $13) "
    "ON CONFLICT(code) DO UPDATE SET preset = excluded.preset, ruleset = excluded.ruleset, "
    "created_at = excluded.created_at, seats = excluded.seats, is_public = excluded.is_public, "
    "password_hash = excluded.password_hash, turn_clock_ms = excluded.turn_clock_ms, "
    "forfeit_when_away = excluded.forfeit_when_away, claim_window_ms = excluded.claim_window_ms, "
    "between_holes_ms = excluded.between_holes_ms, quick_play = excluded.quick_play, "
    "tournament_id = excluded.tournament_id, deal_key = excluded.deal_key, recorded = TRUE, "
    "owner_node = excluded.owner_node, owner_incarnation = excluded.owner_incarnation "
    "WHERE excluded.owner_node IS NULL OR tables.owner_node IS NULL OR (tables.owner_node = excluded.owner_node AND "
    "tables.owner_incarnation = excluded.owner_incarnation) OR NOT EXISTS (SELECT 1 FROM matches m "
    "WHERE m.table_code = tables.code AND m.ended_at IS NULL)";
// The fence: every table a batch touches, locked against a takeover until the batch commits, and whether this
// incarnation ($3, $4) owns it. $1: table codes of new matches; $2: ids of matches already written.
constexpr const char* fence =
    "SELECT t.code, t.owner_node IS NOT DISTINCT FROM $3 AND t.owner_incarnation IS NOT DISTINCT FROM $4 "
    "FROM tables t WHERE t.code = ANY($1::text[]) OR t.code IN (SELECT m.table_code FROM matches m "
    "WHERE m.id = ANY($2::bigint[])) FOR SHARE OF t";
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
    "INSERT INTO match_seats(match_id, seat, player_id, bot, account_id) VALUES($1, $2, $3, $4, $5) "
    "ON CONFLICT DO NOTHING";
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
constexpr const char* insert_bar = "INSERT INTO match_bars(match_id, account_id, address) VALUES($1, $2, $3)";
constexpr const char* change_seat =
    "UPDATE match_seats SET player_id = $1, account_id = $2 WHERE match_id = $3 AND seat = $4";
constexpr const char* end_match = "UPDATE matches SET ended_at = $1, winner_seat = $2, abandoned = $3 WHERE id = $4";
constexpr const char* set_final_total = "UPDATE match_seats SET final_total = $1 WHERE match_id = $2 AND seat = $3";
constexpr const char* clear_progress = "DELETE FROM hands_in_play WHERE match_id = $1";

}  // namespace sql

std::string_view flag(bool value) { return value ? "true" : "false"; }

void apply(pg_connection& db, const table_record& t, const node_directory* nodes) {
    auto values = pg_params()
                      .text(t.code)
                      .text(t.preset)
                      .text(t.ruleset)
                      .number(t.created_at)
                      .number(t.seats)
                      .text(flag(t.is_public))
                      .text(t.password_hash)
                      .number(t.turn_clock_ms)
                      .text(flag(t.forfeit_when_away))
                      .number(t.claim_window_ms)
                      .number(t.between_holes_ms);
    if (nodes) values.text(nodes->node()).number(nodes->incarnation());
    else values.null().null();
    values.text(flag(t.quick_play)).number(t.tournament_id).text(t.deal_key);
    if (db.run(sql::upsert_table, values).affected() == 0)
        throw pg_failure{"GF001", "table " + t.code + " is played by another node"};
}

// {a,b,c}: an array literal of codes (letters and digits) or ids.
template <typename T>
std::string array_literal(const std::vector<T>& items) {
    std::string out = "{";
    for (const auto& item : items) {
        if (out.size() > 1) out += ',';
        if constexpr (std::is_same_v<T, std::string>) out += item;
        else out += std::to_string(item);
    }
    return out + "}";
}

// Refuses the batch when it touches a table this incarnation does not own (a node that was paused while another
// took its tables over); the write queue then writes the other records one by one and drops the fenced ones.
void check_fence(pg_connection& db, std::span<const write_op> batch, const node_directory& nodes) {
    std::vector<std::string> codes;
    std::vector<match_id> matches;
    for (const auto& op : batch) {
        if (const auto* s = std::get_if<started_match>(&op)) {
            if (!s->match.table_code.empty()) codes.push_back(s->match.table_code);
        } else if (const auto* h = std::get_if<hole_record>(&op)) {
            matches.push_back(h->match);
        } else if (const auto* p = std::get_if<hand_progress>(&op)) {
            matches.push_back(p->match);
        } else if (const auto* r = std::get_if<match_result>(&op)) {
            matches.push_back(r->match);
        } else if (const auto* c = std::get_if<seat_change>(&op)) {
            matches.push_back(c->match);
        } else if (const auto* b = std::get_if<table_bar>(&op)) {
            matches.push_back(b->match);
        }
    }
    if (codes.empty() && matches.empty()) return;
    const auto rows = db.run(sql::fence, pg_params()
                                             .text(array_literal(codes))
                                             .text(array_literal(matches))
                                             .text(nodes.node())
                                             .number(nodes.incarnation()));
    for (int r = 0; r < rows.size(); ++r) {
        if (!rows.boolean(r, 1)) throw pg_failure{"GF001", "table " + rows.text(r, 0) + " is played by another node"};
    }
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
        db.run(sql::insert_seat,
               pg_params().number(id).number(s.seat).number(player).text(s.bot).id_or_null(s.account_id));
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

void apply(pg_connection& db, const seat_change& c) {
    const auto player = player_id(db, c.seat);
    const auto changed = db.run(
        sql::change_seat, pg_params().number(player).id_or_null(c.seat.account_id).number(c.match).number(c.seat.seat));
    if (changed.affected() == 0)
        throw pg_failure{"P0002", "no seat " + std::to_string(c.seat.seat) + " in match " + std::to_string(c.match)};
}

void apply(pg_connection& db, const table_bar& b) {
    db.run(sql::insert_bar, pg_params().number(b.match).id_or_null(b.account_id).text(b.address));
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
    // In the same transaction: a match is finished and rated, or neither.
    if (!r.abandoned) rate_finished_match(db, r.match);
}

}  // namespace

pg_writer::pg_writer(std::unique_ptr<pg_connection> db, pg_match_ids& ids, const node_directory* nodes)
    : db_(std::move(db)), ids_(ids), nodes_(nodes) {}

pg_writer::~pg_writer() = default;

write_result pg_writer::write_batch(std::span<const write_op> batch) {
    try {
        if (!db_->alive()) {
            db_->reconnect();
            spdlog::info("reconnected to the PostgreSQL {}", db_->where());
        }
        reserve_ids_if_wanted();
        db_->in_transaction("BEGIN", [&] {
            if (nodes_) check_fence(*db_, batch, *nodes_);
            for (const auto& op : batch) {
                std::visit(
                    [&](const auto& record) {
                        using T = std::decay_t<decltype(record)>;
                        if constexpr (std::is_same_v<T, started_match>) {
                            apply(*db_, record.id, record.match);
                        } else if constexpr (std::is_same_v<T, table_record>) {
                            apply(*db_, record, nodes_);
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
