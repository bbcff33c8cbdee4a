// The SQL of tournaments on SQLite: one row each, saved only over the version it was read at.
#include "persistence/sqlite/sqlite_tournaments.hpp"

#include "persistence/sqlite/sqlite_connection.hpp"

namespace golf::persistence::detail {

namespace {

// Named for this file: in a unity build it shares a translation unit with the other backend's.
namespace tournament_sql {

#define GOLF_TOURNAMENT_COLUMNS "id, name, state, organiser, created_at, updated_at, version, body"
constexpr const char* insert =
    "INSERT INTO tournaments(name, state, organiser, created_at, updated_at, version, body) "
    "VALUES(?, ?, ?, ?, ?, 1, ?) RETURNING " GOLF_TOURNAMENT_COLUMNS;
constexpr const char* update =
    "UPDATE tournaments SET name = ?2, state = ?3, updated_at = ?4, version = version + 1, body = ?5 "
    "WHERE id = ?1 AND version = ?6 RETURNING id";
constexpr const char* by_id = "SELECT " GOLF_TOURNAMENT_COLUMNS " FROM tournaments WHERE id = ?";
constexpr const char* newest = "SELECT " GOLF_TOURNAMENT_COLUMNS
                               " FROM tournaments WHERE ?1 OR state NOT IN ('finished', 'cancelled') "
                               "ORDER BY id DESC LIMIT ?2";
#undef GOLF_TOURNAMENT_COLUMNS

}  // namespace tournament_sql

tournament_row row_from(const statement& q) {
    return {q.int64(0), q.text(1), q.text(2), q.int64(3), q.int64(4), q.int64(5), q.int64(6), q.blob(7)};
}

}  // namespace

tournament_row insert_tournament(sqlite_database& db, const tournament_row& row) {
    statement q(db, tournament_sql::insert);
    q.bind_text(1, row.name)
        .bind_text(2, row.state)
        .bind(3, row.organiser)
        .bind(4, row.created_at)
        .bind(5, row.updated_at)
        .bind_blob(6, row.body);
    q.step();
    return row_from(q);
}

bool update_tournament(sqlite_database& db, const tournament_row& row) {
    statement q(db, tournament_sql::update);
    q.bind(1, row.id).bind_text(2, row.name).bind_text(3, row.state).bind(4, row.updated_at).bind_blob(5, row.body);
    q.bind(6, row.version);
    return q.step();
}

std::optional<tournament_row> read_tournament(sqlite_database& db, std::int64_t id) {
    statement q(db, tournament_sql::by_id);
    q.bind(1, id);
    if (!q.step()) return std::nullopt;
    return row_from(q);
}

std::vector<tournament_row> read_tournaments(sqlite_database& db, bool include_ended, std::size_t limit) {
    statement q(db, tournament_sql::newest);
    q.bind(1, include_ended).bind_limit(2, limit);
    std::vector<tournament_row> out;
    while (q.step()) out.push_back(row_from(q));
    return out;
}

}  // namespace golf::persistence::detail
