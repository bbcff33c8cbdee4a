// The PostgreSQL rating rows: the SQL that rates a finished match in the writer's transaction (default rows
// inserted, then every rated row locked in account order, so two nodes never compute from the same prior), and the
// rebuild's reads and replacement. The arithmetic is rating_update's; this file only reads and writes rows.
#include "persistence/postgres/pg_ratings.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every rating read and write; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* already_rated = "SELECT 1 FROM rating_history WHERE match_id = $1 LIMIT 1";
// Rated matches of a preset two accounts played together that ended after a time (rating_update.hpp's pair rule).
constexpr const char* rated_together =
    "SELECT COUNT(DISTINCT a.match_id) FROM rating_history a JOIN rating_history b ON b.match_id = a.match_id "
    "AND b.account_id = $2 WHERE a.account_id = $1 AND a.preset = $3 AND a.rated_at > $4";
constexpr const char* match_preset = "SELECT preset, ended_at, ruleset FROM matches WHERE id = $1";
constexpr const char* account_seats =
    "SELECT account_id, final_total FROM match_seats WHERE match_id = $1 AND account_id IS NOT NULL "
    "AND final_total IS NOT NULL ORDER BY seat";
constexpr const char* default_rating =
    "INSERT INTO ratings(account_id, preset, mu, sigma, matches) VALUES($1, $2, $3, $4, 0) ON CONFLICT DO NOTHING";
constexpr const char* lock_ratings =
    "SELECT account_id, mu, sigma, matches FROM ratings WHERE preset = $1 AND account_id = ANY($2::bigint[]) "
    "ORDER BY account_id FOR UPDATE";
constexpr const char* update_rating =
    "UPDATE ratings SET mu = $3, sigma = $4, matches = $5 WHERE account_id = $1 AND preset = $2";
constexpr const char* insert_rating =
    "INSERT INTO ratings(account_id, preset, mu, sigma, matches) VALUES($1, $2, $3, $4, $5)";
constexpr const char* insert_history =
    "INSERT INTO rating_history(match_id, account_id, preset, rated_at, mu, sigma) VALUES($1, $2, $3, $4, $5, $6)";
// Every seat an account played at a finished, not abandoned match, in the order the rebuild replays them.
constexpr const char* archived_seats =
    "WITH first_rated AS (SELECT match_id, MIN(id) AS first_id FROM rating_history GROUP BY match_id) "
    "SELECT m.id, m.preset, m.ended_at, s.account_id, s.final_total, m.ruleset FROM matches m "
    "JOIN match_seats s ON s.match_id = m.id LEFT JOIN first_rated f ON f.match_id = m.id "
    "WHERE m.ended_at IS NOT NULL AND NOT m.abandoned AND s.account_id IS NOT NULL AND s.final_total IS NOT NULL "
    "ORDER BY f.first_id IS NULL, f.first_id, m.ended_at, m.id, s.seat";
constexpr const char* all_ratings =
    "SELECT account_id, preset, mu, sigma, matches FROM ratings ORDER BY account_id, preset COLLATE \"C\"";
// Match writers take ROW EXCLUSIVE to rate: they wait for the rebuild; readers (ACCESS SHARE) do not.
constexpr const char* lock_tables = "LOCK TABLE ratings, rating_history IN EXCLUSIVE MODE";
constexpr const char* clear_history = "DELETE FROM rating_history";
constexpr const char* clear_ratings = "DELETE FROM ratings";

}  // namespace sql

// {1,2,3}: the ids as an array literal.
std::string id_array(const std::vector<account_id>& ids) {
    std::string out = "{";
    for (const auto id : ids) out += (out.size() > 1 ? "," : "") + std::to_string(id);
    return out + "}";
}

// The priors of `seats`, their rows made if missing and locked until the transaction ends.
std::vector<rating_record> lock_priors(pg_connection& db, const std::vector<rated_seat>& seats,
                                       const std::string& preset) {
    std::vector<account_id> ids;
    for (const auto& s : seats) ids.push_back(s.account);
    std::sort(ids.begin(), ids.end());  // every node inserts and locks in this order: no deadlock between them
    const auto start = initial_rating(preset);
    for (const auto id : ids) {
        db.run(sql::default_rating, pg_params().number(id).text(preset).real(start.mu).real(start.sigma));
    }
    const auto rows = db.run(sql::lock_ratings, pg_params().text(preset).text(id_array(ids)));
    std::map<account_id, rating_record> locked;
    for (int r = 0; r < rows.size(); ++r) {
        locked[rows.int64(r, 0)] = {preset, rows.real(r, 1), rows.real(r, 2), rows.integer(r, 3)};
    }
    std::vector<rating_record> before;
    for (const auto& s : seats) {
        const auto found = locked.find(s.account);
        if (found == locked.end()) throw pg_failure{"P0002", "no rating row for account " + std::to_string(s.account)};
        before.push_back(found->second);
    }
    return before;
}

void write_history(pg_connection& db, const rating_history_row& h) {
    db.run(sql::insert_history,
           pg_params().number(h.match).number(h.account).text(h.preset).number(h.rated_at).real(h.mu).real(h.sigma));
}

}  // namespace

void rate_finished_match(pg_connection& db, match_id id) {
    if (db.run(sql::already_rated, pg_params().number(id)).size() > 0) return;
    const auto match = db.run(sql::match_preset, pg_params().number(id));
    if (match.size() == 0) return;
    const std::string preset = match.text(0, 0);
    const std::int64_t ended_at = match.int64(0, 1);
    if (!plays_preset_rules(preset, match.text(0, 2))) return;
    std::vector<rated_seat> seats;
    const auto rows = db.run(sql::account_seats, pg_params().number(id));
    for (int r = 0; r < rows.size(); ++r) seats.push_back({rows.int64(r, 0), rows.integer(r, 1)});
    seats = seats_to_rate(seats);
    if (seats.empty()) return;
    const auto before = lock_priors(db, seats, preset);
    // After the priors' locks: a match of the same two accounts rated at once on another node is counted.
    const auto rated_together = [&](account_id a, account_id b) {
        return db
            .run(sql::rated_together, pg_params().number(a).number(b).text(preset).number(ended_at - pair_window_s))
            .int64(0, 0);
    };
    if (pair_cap_reached(seats, rated_together)) return;  // recorded, not rated
    for (const auto& c : rate_seats(seats, before)) {
        db.run(sql::update_rating,
               pg_params().number(c.account).text(preset).real(c.mu).real(c.sigma).number(c.matches));
        write_history(db, {id, c.account, preset, ended_at, c.mu, c.sigma});
    }
}

rating_snapshot read_rating_snapshot(pg_connection& db) {
    rating_snapshot out;
    const auto seats = db.run(sql::archived_seats);
    for (int r = 0; r < seats.size(); ++r) {
        const match_id id = seats.int64(r, 0);
        if (out.matches.empty() || out.matches.back().id != id) {
            out.matches.push_back(
                {id, seats.text(r, 1), seats.int64(r, 2), {}, plays_preset_rules(seats.text(r, 1), seats.text(r, 5))});
        }
        out.matches.back().seats.push_back({seats.int64(r, 3), seats.integer(r, 4)});
    }
    const auto ratings = db.run(sql::all_ratings);
    for (int r = 0; r < ratings.size(); ++r) {
        out.ratings.push_back(
            {ratings.int64(r, 0), {ratings.text(r, 1), ratings.real(r, 2), ratings.real(r, 3), ratings.integer(r, 4)}});
    }
    return out;
}

void replace_rating_tables(pg_connection& db, const std::function<rating_tables(const rating_snapshot&)>& recompute) {
    db.run(sql::lock_tables);
    const rating_tables tables = recompute(read_rating_snapshot(db));
    db.run(sql::clear_history);
    db.run(sql::clear_ratings);
    for (const auto& r : tables.ratings) {
        db.run(sql::insert_rating, pg_params()
                                       .number(r.account)
                                       .text(r.rating.preset)
                                       .real(r.rating.mu)
                                       .real(r.rating.sigma)
                                       .number(r.rating.matches));
    }
    for (const auto& h : tables.history) write_history(db, h);
}

}  // namespace golf::persistence::detail
