// The SQL of tournaments on PostgreSQL (as SQLite's, in PostgreSQL's dialect): one row each, saved only over the
// version it was read at.
#include "persistence/postgres/pg_tournaments.hpp"

#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence::detail {

namespace {

// Named for this file: in a unity build it shares a translation unit with the other backend's.
namespace pg_tournament_sql {

#define GOLF_TOURNAMENT_COLUMNS "id, name, state, organiser, created_at, updated_at, version, body"
constexpr const char* insert =
    "INSERT INTO tournaments(name, state, organiser, created_at, updated_at, version, body) "
    "VALUES($1, $2, $3, $4, $5, 1, $6) RETURNING " GOLF_TOURNAMENT_COLUMNS;
constexpr const char* update =
    "UPDATE tournaments SET name = $2, state = $3, updated_at = $4, version = version + 1, body = $5 "
    "WHERE id = $1 AND version = $6";
constexpr const char* by_id = "SELECT " GOLF_TOURNAMENT_COLUMNS " FROM tournaments WHERE id = $1";
constexpr const char* newest = "SELECT " GOLF_TOURNAMENT_COLUMNS
                               " FROM tournaments WHERE $1 OR state NOT IN ('finished', 'cancelled') "
                               "ORDER BY id DESC LIMIT $2";
#undef GOLF_TOURNAMENT_COLUMNS

}  // namespace pg_tournament_sql

std::vector<tournament_row> rows_from(const pg_rows& q) {
    std::vector<tournament_row> out;
    for (int r = 0; r < q.size(); ++r)
        out.push_back({q.int64(r, 0), q.text(r, 1), q.text(r, 2), q.int64(r, 3), q.int64(r, 4), q.int64(r, 5),
                       q.int64(r, 6), q.bytes(r, 7)});
    return out;
}

}  // namespace

tournament_row insert_tournament(pg_connection& db, const tournament_row& row) {
    return rows_from(db.run(pg_tournament_sql::insert, pg_params()
                                                           .text(row.name)
                                                           .text(row.state)
                                                           .number(row.organiser)
                                                           .number(row.created_at)
                                                           .number(row.updated_at)
                                                           .bytes(row.body)))
        .at(0);
}

bool update_tournament(pg_connection& db, const tournament_row& row) {
    return db.run(pg_tournament_sql::update, pg_params()
                                                 .number(row.id)
                                                 .text(row.name)
                                                 .text(row.state)
                                                 .number(row.updated_at)
                                                 .bytes(row.body)
                                                 .number(row.version))
               .affected() == 1;
}

std::optional<tournament_row> read_tournament(pg_connection& db, std::int64_t id) {
    auto rows = rows_from(db.run(pg_tournament_sql::by_id, pg_params().number(id)));
    if (rows.empty()) return std::nullopt;
    return rows[0];
}

std::vector<tournament_row> read_tournaments(pg_connection& db, bool include_ended, std::size_t limit) {
    return rows_from(
        db.run(pg_tournament_sql::newest,
               pg_params().text(include_ended ? "true" : "false").number(static_cast<std::int64_t>(limit))));
}

}  // namespace golf::persistence::detail
