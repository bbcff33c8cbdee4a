// The SQLite reads: the SQL of each query, a match read back in full (summary, holes with scores, the hand in play
// and its table), and the listings, leaderboard and statistics built from them.
#include "persistence/sqlite/sqlite_reader.hpp"

#include <bit>
#include <map>
#include <utility>

#include "persistence/sqlite/sqlite_connection.hpp"

namespace golf::persistence::detail {

namespace {

// The SQL of every read; each constant's address is its key in the statement cache.
namespace sql {

constexpr const char* select_match =
    "SELECT table_code, preset, ruleset, started_at, ended_at, winner_seat, abandoned FROM matches WHERE id = ?";
constexpr const char* select_seats =
    "SELECT s.seat, p.display_name, p.token_hash, s.bot, s.final_total, COALESCE(s.account_id, 0) FROM match_seats s "
    "JOIN players p ON p.id = s.player_id WHERE s.match_id = ? ORDER BY s.seat";
constexpr const char* select_holes =
    "SELECT hole, seed, dealer, caller, actions FROM holes WHERE match_id = ? ORDER BY hole";
constexpr const char* select_scores =
    "SELECT hole, hand_score, running_total FROM hole_scores WHERE match_id = ? ORDER BY hole, seat";
constexpr const char* select_progress = "SELECT hole, seed, dealer, actions FROM hands_in_play WHERE match_id = ?";
constexpr const char* select_bars =
    "SELECT COALESCE(account_id, 0), address FROM match_bars WHERE match_id = ? ORDER BY rowid";
constexpr const char* select_table =
    "SELECT preset, ruleset, created_at, seats, is_public, password_hash, turn_clock_ms, forfeit_when_away, "
    "claim_window_ms, between_holes_ms, quick_play, tournament_id, deal_key FROM tables WHERE code = ? AND recorded = "
    "1";
constexpr const char* matches_of_player =
    "SELECT id FROM matches WHERE id IN (SELECT s.match_id FROM players p JOIN match_seats s ON s.player_id = p.id "
    "WHERE p.display_name = ?) ORDER BY started_at DESC, id DESC LIMIT ?";
constexpr const char* all_matches = "SELECT id FROM matches ORDER BY started_at DESC, id DESC LIMIT ?";
constexpr const char* unfinished = "SELECT id FROM matches WHERE ended_at IS NULL ORDER BY id";
constexpr const char* finished_at =
    "SELECT id FROM matches WHERE id = (SELECT max(id) FROM matches WHERE table_code = ?1) AND ended_at >= ?2 "
    "AND NOT abandoned";

// Every ranked seat of every finished match (of one preset, or of all), with whether it had the lowest total.
#define GOLF_RANKED_SEATS(preset_filter)                                                                     \
    "WITH ranked AS (SELECT p.display_name AS name, m.preset AS preset, s.match_id, s.seat, s.final_total, " \
    "s.final_total = (SELECT MIN(o.final_total) FROM match_seats o WHERE o.match_id = s.match_id) AS won "   \
    "FROM matches m JOIN match_seats s ON s.match_id = m.id JOIN players p ON p.id = s.player_id "           \
    "WHERE m.ended_at IS NOT NULL AND m.abandoned = 0 " preset_filter " AND s.bot = '') "
#define GOLF_LEADERBOARD(preset_filter)                                                                      \
    GOLF_RANKED_SEATS(preset_filter)                                                                         \
    ", hole_means AS (SELECT r.name, AVG(h.hand_score) AS average_hole FROM ranked r "                       \
    "JOIN hole_scores h ON h.match_id = r.match_id AND h.seat = r.seat GROUP BY r.name) "                    \
    "SELECT r.name, COUNT(*), COALESCE(SUM(r.won), 0) AS wins, COALESCE(AVG(r.final_total), 0) AS average, " \
    "COALESCE(MAX(hm.average_hole), 0) FROM ranked r LEFT JOIN hole_means hm ON hm.name = r.name "           \
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
        s.seats.push_back({seats.integer(0), seats.text(1), seats.text(2), seats.text(3), seats.int64(5)});
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

std::vector<table_bar> read_bars(sqlite_database& db, match_id id) {
    std::vector<table_bar> bars;
    statement b(db, sql::select_bars);
    b.bind(1, id);
    while (b.step()) bars.push_back({id, b.int64(0), b.text(1)});
    return bars;
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
    r.between_holes_ms = t.int64(9);
    r.quick_play = t.integer(10) != 0;
    r.tournament_id = t.int64(11);
    r.deal_key = t.text(12);
    return r;
}

std::optional<match_detail> read_detail(sqlite_database& db, match_id id) {
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

// The match ids a listing query yields.
std::vector<match_id> match_ids(statement& q) {
    std::vector<match_id> ids;
    while (q.step()) ids.push_back(q.int64(0));
    return ids;
}

}  // namespace

sqlite_reader::sqlite_reader(std::unique_ptr<sqlite_database> db, std::filesystem::path path)
    : db_(std::move(db)), path_(std::move(path)) {}

sqlite_reader::~sqlite_reader() = default;

template <typename F>
auto sqlite_reader::read(F&& body) {
    std::lock_guard lock(mutex_);
    try {
        return body(*db_);
    } catch (const sqlite_failure& f) {
        throw describe(path_, f);
    }
}

std::vector<match_summary> sqlite_reader::matches_by_player(std::string_view display_name, std::size_t limit) {
    return read([&](sqlite_database& db) {
        std::vector<match_summary> out;
        in_transaction(db.db, "BEGIN", [&] {
            std::vector<match_id> ids;
            {
                statement q(db, display_name.empty() ? sql::all_matches : sql::matches_of_player);
                if (display_name.empty()) {
                    q.bind_limit(1, limit);
                } else {
                    q.bind_text(1, display_name).bind_limit(2, limit);
                }
                ids = match_ids(q);
            }
            for (auto id : ids) {
                if (auto s = read_summary(db, id)) out.push_back(std::move(*s));
            }
        });
        return out;
    });
}

std::optional<match_detail> sqlite_reader::match(match_id id) {
    return read([&](sqlite_database& db) {
        std::optional<match_detail> out;
        in_transaction(db.db, "BEGIN", [&] { out = read_detail(db, id); });
        return out;
    });
}

std::vector<match_detail> sqlite_reader::unfinished_matches() {
    return read([&](sqlite_database& db) {
        std::vector<match_detail> out;
        in_transaction(db.db, "BEGIN", [&] {
            std::vector<match_id> ids;
            {
                statement q(db, sql::unfinished);
                ids = match_ids(q);
            }
            for (auto id : ids) {
                if (auto d = read_detail(db, id)) out.push_back(std::move(*d));
            }
        });
        return out;
    });
}

std::optional<match_detail> sqlite_reader::finished_match_at(const std::string& table_code, std::int64_t ended_since) {
    return read([&](sqlite_database& db) {
        std::optional<match_detail> out;
        in_transaction(db.db, "BEGIN", [&] {
            std::optional<match_id> id;
            {
                statement q(db, sql::finished_at);
                q.bind_text(1, table_code).bind(2, ended_since);
                if (q.step()) id = q.int64(0);
            }
            if (id) out = read_detail(db, *id);
        });
        return out;
    });
}

std::vector<leaderboard_entry> sqlite_reader::leaderboard(std::string_view preset, std::size_t limit) {
    return read([&](sqlite_database& db) {
        std::vector<leaderboard_entry> out;
        statement q(db, preset.empty() ? sql::leaderboard_of_all : sql::leaderboard_of_preset);
        q.bind_text(1, preset).bind_limit(2, limit);
        while (q.step()) out.push_back({q.text(0), q.integer(1), q.integer(2), q.real(3), q.real(4)});
        return out;
    });
}

std::vector<preset_stats> sqlite_reader::player_stats(std::string_view display_name) {
    return read([&](sqlite_database& db) {
        std::vector<preset_stats> out;
        statement q(db, sql::stats_of_player);
        q.bind_text(1, display_name);
        while (q.step()) out.push_back({q.text(0), q.integer(1), q.integer(2), q.real(3), q.real(4)});
        return out;
    });
}

std::string sqlite_reader::integrity_check() {
    return read([&](sqlite_database& db) {
        statement q(db.db, "PRAGMA integrity_check");
        std::string report;
        while (q.step()) report += (report.empty() ? "" : "\n") + q.text(0);
        return report;
    });
}

}  // namespace golf::persistence::detail
