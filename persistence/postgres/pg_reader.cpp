// The PostgreSQL reads: the SQL of each query (as SQLite's, in PostgreSQL's dialect), a match read back in full
// and the listings, leaderboard and statistics, each in one snapshot. A lost connection is made anew once.
#include "persistence/postgres/pg_reader.hpp"

#include <bit>
#include <map>
#include <utility>

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_schema.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every read; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* snapshot = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
constexpr const char* select_match =
    "SELECT COALESCE(table_code, ''), preset, ruleset, started_at, ended_at, winner_seat, abandoned FROM matches "
    "WHERE id = $1";
constexpr const char* select_seats =
    "SELECT s.seat, p.display_name, COALESCE(p.token_hash, ''), s.bot, s.final_total, s.account_id FROM match_seats s "
    "JOIN players p ON p.id = s.player_id WHERE s.match_id = $1 ORDER BY s.seat";
constexpr const char* select_holes =
    "SELECT hole, seed, dealer, caller, actions FROM holes WHERE match_id = $1 ORDER BY hole";
constexpr const char* select_scores =
    "SELECT hole, hand_score, running_total FROM hole_scores WHERE match_id = $1 ORDER BY hole, seat";
constexpr const char* select_progress = "SELECT hole, seed, dealer, actions FROM hands_in_play WHERE match_id = $1";
constexpr const char* select_bars = "SELECT COALESCE(account_id, 0), address FROM match_bars WHERE match_id = $1";
constexpr const char* select_table =
    "SELECT preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, forfeit_when_away, "
    "claim_window_ms, between_holes_ms, quick_play, tournament_id, deal_key FROM tables WHERE code = $1 AND recorded";
constexpr const char* matches_of_player =
    "SELECT id FROM matches WHERE id IN (SELECT s.match_id FROM players p JOIN match_seats s ON s.player_id = p.id "
    "WHERE p.display_name = $1) ORDER BY started_at DESC, id DESC LIMIT $2";
constexpr const char* all_matches = "SELECT id FROM matches ORDER BY started_at DESC, id DESC LIMIT $1";
constexpr const char* unfinished = "SELECT id FROM matches WHERE ended_at IS NULL ORDER BY id";
constexpr const char* unfinished_at =
    "SELECT id FROM matches WHERE ended_at IS NULL AND table_code = ANY($1::text[]) ORDER BY id";
constexpr const char* finished_at =
    "SELECT id FROM matches WHERE id = (SELECT max(id) FROM matches WHERE table_code = $1) AND ended_at >= $2 "
    "AND NOT abandoned";

// Every ranked seat of every finished match (of one preset, or of all), with whether it had the lowest total.
#define GOLF_RANKED_SEATS(preset_filter)                                                                      \
    "WITH ranked AS (SELECT p.display_name AS name, m.preset AS preset, s.match_id, s.seat, s.final_total, "  \
    "CASE WHEN s.final_total = (SELECT MIN(o.final_total) FROM match_seats o WHERE o.match_id = s.match_id) " \
    "THEN 1 ELSE 0 END AS won "                                                                               \
    "FROM matches m JOIN match_seats s ON s.match_id = m.id JOIN players p ON p.id = s.player_id "            \
    "WHERE m.ended_at IS NOT NULL AND NOT m.abandoned " preset_filter " AND s.bot = '') "
#define GOLF_LEADERBOARD(preset_filter)                                                                              \
    GOLF_RANKED_SEATS(preset_filter)                                                                                 \
    ", hole_means AS (SELECT r.name, AVG(h.hand_score) AS average_hole FROM ranked r "                               \
    "JOIN hole_scores h ON h.match_id = r.match_id AND h.seat = r.seat GROUP BY r.name) "                            \
    "SELECT r.name, COUNT(*), COALESCE(SUM(r.won), 0) AS wins, COALESCE(AVG(r.final_total), 0)::float8 AS average, " \
    "COALESCE(MAX(hm.average_hole), 0)::float8 FROM ranked r LEFT JOIN hole_means hm ON hm.name = r.name "           \
    "GROUP BY r.name ORDER BY wins DESC, average ASC, r.name COLLATE \"C\" ASC LIMIT $2"
constexpr const char* leaderboard_of_preset = GOLF_LEADERBOARD("AND m.preset = $1");
constexpr const char* leaderboard_of_all = GOLF_LEADERBOARD("AND $1::text = ''");
constexpr const char* stats_of_player =
    GOLF_RANKED_SEATS("AND s.player_id IN (SELECT id FROM players WHERE display_name = $1)")
    ", hole_means AS (SELECT r.preset, AVG(h.hand_score) AS average_hole FROM ranked r "
    "JOIN hole_scores h ON h.match_id = r.match_id AND h.seat = r.seat GROUP BY r.preset) "
    "SELECT r.preset, COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(AVG(r.final_total), 0)::float8, "
    "COALESCE(MAX(hm.average_hole), 0)::float8 FROM ranked r LEFT JOIN hole_means hm ON hm.preset = r.preset "
    "GROUP BY r.preset ORDER BY r.preset COLLATE \"C\"";
#undef GOLF_LEADERBOARD
#undef GOLF_RANKED_SEATS

}  // namespace sql

pg_params id_param(match_id id) { return pg_params().number(id); }

std::optional<match_summary> read_summary(pg_connection& db, match_id id) {
    const auto m = db.run(sql::select_match, id_param(id));
    if (m.size() == 0) return std::nullopt;
    match_summary s;
    s.id = id;
    s.table_code = m.text(0, 0);
    s.preset = m.text(0, 1);
    s.ruleset = m.text(0, 2);
    s.started_at = m.int64(0, 3);
    if (!m.is_null(0, 4)) s.ended_at = m.int64(0, 4);
    s.winner_seat = m.optional_int(0, 5);
    s.abandoned = m.boolean(0, 6);
    const auto seats = db.run(sql::select_seats, id_param(id));
    for (int row = 0; row < seats.size(); ++row) {
        s.seats.push_back({seats.integer(row, 0), seats.text(row, 1), seats.text(row, 2), seats.text(row, 3),
                           seats.int64(row, 5)});  // a NULL account reads as 0
        s.final_totals.push_back(seats.optional_int(row, 4));
    }
    return s;
}

std::vector<hole_record> read_holes(pg_connection& db, match_id id) {
    std::vector<hole_record> holes;
    std::map<int, std::size_t> index;
    const auto h = db.run(sql::select_holes, id_param(id));
    for (int row = 0; row < h.size(); ++row) {
        hole_record r;
        r.match = id;
        r.hole = h.integer(row, 0);
        r.seed = std::bit_cast<std::uint64_t>(h.int64(row, 1));
        r.dealer = h.integer(row, 2);
        r.caller = h.optional_int(row, 3);
        r.actions = h.bytes(row, 4);
        index[r.hole] = holes.size();
        holes.push_back(std::move(r));
    }
    const auto s = db.run(sql::select_scores, id_param(id));
    for (int row = 0; row < s.size(); ++row) {
        auto& r = holes[index.at(s.integer(row, 0))];
        r.hand_scores.push_back(s.integer(row, 1));
        r.running_totals.push_back(s.integer(row, 2));
    }
    return holes;
}

std::optional<hand_progress> read_progress(pg_connection& db, match_id id) {
    const auto p = db.run(sql::select_progress, id_param(id));
    if (p.size() == 0) return std::nullopt;
    return hand_progress{id, p.integer(0, 0), std::bit_cast<std::uint64_t>(p.int64(0, 1)), p.integer(0, 2),
                         p.bytes(0, 3)};
}

std::vector<table_bar> read_bars(pg_connection& db, match_id id) {
    std::vector<table_bar> bars;
    const auto b = db.run(sql::select_bars, id_param(id));
    for (int row = 0; row < b.size(); ++row) bars.push_back({id, b.int64(row, 0), b.text(row, 1)});
    return bars;
}

std::optional<table_record> read_table(pg_connection& db, const std::string& code) {
    if (code.empty()) return std::nullopt;
    const auto t = db.run(sql::select_table, pg_params().text(code));
    if (t.size() == 0) return std::nullopt;
    table_record r;
    r.code = code;
    r.preset = t.text(0, 0);
    r.ruleset = t.text(0, 1);
    r.created_at = t.int64(0, 2);
    r.seats = t.integer(0, 3);
    r.is_public = t.boolean(0, 4);
    r.password_hash = t.text(0, 5);
    r.turn_clock_ms = t.int64(0, 6);
    r.forfeit_when_away = t.boolean(0, 7);
    r.claim_window_ms = t.int64(0, 8);
    r.between_holes_ms = t.int64(0, 9);
    r.quick_play = t.boolean(0, 10);
    r.tournament_id = t.int64(0, 11);
    r.deal_key = t.text(0, 12);
    return r;
}

std::optional<match_detail> read_detail(pg_connection& db, match_id id) {
    auto summary = read_summary(db, id);
    if (!summary) return std::nullopt;
    match_detail d;
    d.holes = read_holes(db, id);
    d.in_play = read_progress(db, id);
    d.table = read_table(db, summary->table_code);
    d.bars = read_bars(db, id);
    d.summary = std::move(*summary);
    return d;
}

std::vector<match_id> match_ids(const pg_rows& rows) {
    std::vector<match_id> ids;
    for (int row = 0; row < rows.size(); ++row) ids.push_back(rows.int64(row, 0));
    return ids;
}

std::int64_t as_limit(std::size_t limit) { return static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)); }

}  // namespace

pg_reader::pg_reader(std::unique_ptr<pg_connection> db) : db_(std::move(db)) {}

pg_reader::~pg_reader() = default;

template <typename F>
auto pg_reader::read(F&& body) {
    std::lock_guard lock(mutex_);
    return with_reconnect(*db_, std::forward<F>(body));
}

std::vector<match_summary> pg_reader::matches_by_player(std::string_view display_name, std::size_t limit) {
    return read([&](pg_connection& db) {
        std::vector<match_summary> out;
        db.in_transaction(sql::snapshot, [&] {
            const auto ids =
                display_name.empty()
                    ? match_ids(db.run(sql::all_matches, pg_params().number(as_limit(limit))))
                    : match_ids(db.run(sql::matches_of_player, pg_params().text(display_name).number(as_limit(limit))));
            for (auto id : ids) {
                if (auto s = read_summary(db, id)) out.push_back(std::move(*s));
            }
        });
        return out;
    });
}

std::optional<match_detail> pg_reader::match(match_id id) {
    return read([&](pg_connection& db) {
        std::optional<match_detail> out;
        db.in_transaction(sql::snapshot, [&] { out = read_detail(db, id); });
        return out;
    });
}

// The details of the matches `sql` lists, in one snapshot.
std::vector<match_detail> pg_reader::details(const char* sql, const pg_params& params) {
    return read([&](pg_connection& db) {
        std::vector<match_detail> out;
        db.in_transaction(sql::snapshot, [&] {
            for (auto id : match_ids(db.run(sql, params))) {
                if (auto d = read_detail(db, id)) out.push_back(std::move(*d));
            }
        });
        return out;
    });
}

std::vector<match_detail> pg_reader::unfinished_matches() { return details(sql::unfinished, {}); }

std::vector<match_detail> pg_reader::unfinished_matches_at(const std::vector<std::string>& table_codes) {
    std::string array = "{";  // an array literal, each code quoted
    for (const auto& code : table_codes) {
        if (array.size() > 1) array += ',';
        array += '"';
        for (const char c : code) {
            if (c == '"' || c == '\\') array += '\\';
            array += c;
        }
        array += '"';
    }
    return details(sql::unfinished_at, pg_params().text(array + "}"));
}

std::optional<match_detail> pg_reader::finished_match_at(const std::string& table_code, std::int64_t ended_since) {
    auto found = details(sql::finished_at, pg_params().text(table_code).number(ended_since));
    if (found.empty()) return std::nullopt;
    return std::move(found.front());
}

std::vector<leaderboard_entry> pg_reader::leaderboard(std::string_view preset, std::size_t limit) {
    return read([&](pg_connection& db) {
        std::vector<leaderboard_entry> out;
        const auto q = db.run(preset.empty() ? sql::leaderboard_of_all : sql::leaderboard_of_preset,
                              pg_params().text(preset).number(as_limit(limit)));
        for (int r = 0; r < q.size(); ++r) {
            out.push_back({q.text(r, 0), q.integer(r, 1), q.integer(r, 2), q.real(r, 3), q.real(r, 4)});
        }
        return out;
    });
}

std::vector<preset_stats> pg_reader::player_stats(std::string_view display_name) {
    return read([&](pg_connection& db) {
        std::vector<preset_stats> out;
        const auto q = db.run(sql::stats_of_player, pg_params().text(display_name));
        for (int r = 0; r < q.size(); ++r) {
            out.push_back({q.text(r, 0), q.integer(r, 1), q.integer(r, 2), q.real(r, 3), q.real(r, 4)});
        }
        return out;
    });
}

match_id pg_reader::reserve_match_ids() {
    return read([&](pg_connection& db) { return reserve_match_id_block(db); });
}

}  // namespace golf::persistence::detail
