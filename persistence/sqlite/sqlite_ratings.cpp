// The SQLite rating rows: the SQL that rates a finished match in the writer's transaction, and the rebuild's reads
// and replacement. The arithmetic is rating_update's; this file only reads and writes rows.
#include "persistence/sqlite/sqlite_ratings.hpp"

#include <string>
#include <utility>

#include "persistence/sqlite/sqlite_connection.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every rating read and write; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* already_rated = "SELECT 1 FROM rating_history WHERE match_id = ? LIMIT 1";
// Rated matches of a preset two accounts played together that ended after a time (rating_update.hpp's pair rule).
constexpr const char* rated_together =
    "SELECT COUNT(DISTINCT a.match_id) FROM rating_history a JOIN rating_history b ON b.match_id = a.match_id "
    "AND b.account_id = ?2 WHERE a.account_id = ?1 AND a.preset = ?3 AND a.rated_at > ?4";
constexpr const char* match_preset = "SELECT preset, ended_at, ruleset FROM matches WHERE id = ?";
constexpr const char* account_seats =
    "SELECT account_id, final_total FROM match_seats WHERE match_id = ? AND account_id IS NOT NULL "
    "AND final_total IS NOT NULL ORDER BY seat";
constexpr const char* prior = "SELECT mu, sigma, matches FROM ratings WHERE account_id = ? AND preset = ?";
constexpr const char* upsert_rating =
    "INSERT INTO ratings(account_id, preset, mu, sigma, matches) VALUES(?, ?, ?, ?, ?) "
    "ON CONFLICT(account_id, preset) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
    "matches = excluded.matches";
constexpr const char* insert_history =
    "INSERT INTO rating_history(match_id, account_id, preset, rated_at, mu, sigma) VALUES(?, ?, ?, ?, ?, ?)";
// Every seat an account played at a finished, not abandoned match, in the order the rebuild replays them.
constexpr const char* archived_seats =
    "WITH first_rated AS (SELECT match_id, MIN(id) AS first_id FROM rating_history GROUP BY match_id) "
    "SELECT m.id, m.preset, m.ended_at, s.account_id, s.final_total, m.ruleset FROM matches m "
    "JOIN match_seats s ON s.match_id = m.id LEFT JOIN first_rated f ON f.match_id = m.id "
    "WHERE m.ended_at IS NOT NULL AND m.abandoned = 0 AND s.account_id IS NOT NULL AND s.final_total IS NOT NULL "
    "ORDER BY f.first_id IS NULL, f.first_id, m.ended_at, m.id, s.seat";
constexpr const char* all_ratings =
    "SELECT account_id, preset, mu, sigma, matches FROM ratings ORDER BY account_id, preset";
constexpr const char* clear_history = "DELETE FROM rating_history";
constexpr const char* clear_ratings = "DELETE FROM ratings";

}  // namespace sql

rating_record stored_or_initial(sqlite_database& db, account_id account, const std::string& preset) {
    statement q(db, sql::prior);
    if (!q.bind(1, account).bind_text(2, preset).step()) return initial_rating(preset);
    return {preset, q.real(0), q.real(1), q.integer(2)};
}

void write_rating(sqlite_database& db, account_id account, const rating_record& r) {
    statement(db, sql::upsert_rating)
        .bind(1, account)
        .bind_text(2, r.preset)
        .bind_real(3, r.mu)
        .bind_real(4, r.sigma)
        .bind(5, r.matches)
        .run();
}

void write_history(sqlite_database& db, const rating_history_row& h) {
    statement(db, sql::insert_history)
        .bind(1, h.match)
        .bind(2, h.account)
        .bind_text(3, h.preset)
        .bind(4, h.rated_at)
        .bind_real(5, h.mu)
        .bind_real(6, h.sigma)
        .run();
}

}  // namespace

void rate_finished_match(sqlite_database& db, match_id id) {
    if (statement(db, sql::already_rated).bind(1, id).step()) return;
    std::string preset;
    std::int64_t ended_at = 0;
    {
        statement m(db, sql::match_preset);
        if (!m.bind(1, id).step()) return;
        preset = m.text(0);
        ended_at = m.int64(1);
        if (!plays_preset_rules(preset, m.text(2))) return;
    }
    std::vector<rated_seat> seats;
    {
        statement q(db, sql::account_seats);
        q.bind(1, id);
        while (q.step()) seats.push_back({q.int64(0), q.integer(1)});
    }
    seats = seats_to_rate(seats);
    if (seats.empty()) return;
    const auto rated_together = [&](account_id a, account_id b) -> std::int64_t {
        statement q(db, sql::rated_together);
        q.bind(1, a).bind(2, b).bind_text(3, preset).bind(4, ended_at - pair_window_s);
        return q.step() ? q.int64(0) : 0;
    };
    if (pair_cap_reached(seats, rated_together)) return;  // recorded, not rated
    std::vector<rating_record> before;
    for (const auto& s : seats) before.push_back(stored_or_initial(db, s.account, preset));
    for (const auto& c : rate_seats(seats, before)) {
        write_rating(db, c.account, {preset, c.mu, c.sigma, c.matches});
        write_history(db, {id, c.account, preset, ended_at, c.mu, c.sigma});
    }
}

rating_snapshot read_rating_snapshot(sqlite_database& db) {
    rating_snapshot out;
    {
        statement q(db, sql::archived_seats);
        while (q.step()) {
            const match_id id = q.int64(0);
            if (out.matches.empty() || out.matches.back().id != id)
                out.matches.push_back({id, q.text(1), q.int64(2), {}, plays_preset_rules(q.text(1), q.text(5))});
            out.matches.back().seats.push_back({q.int64(3), q.integer(4)});
        }
    }
    statement q(db, sql::all_ratings);
    while (q.step()) out.ratings.push_back({q.int64(0), {q.text(1), q.real(2), q.real(3), q.integer(4)}});
    return out;
}

void write_rating_tables(sqlite_database& db, const rating_tables& tables) {
    statement(db, sql::clear_history).run();
    statement(db, sql::clear_ratings).run();
    for (const auto& r : tables.ratings) write_rating(db, r.account, r.rating);
    for (const auto& h : tables.history) write_history(db, h);
}

}  // namespace golf::persistence::detail
