// PostgreSQL's side of golf backup and golf restore: a snapshot held open for pg_dump, and what it holds.
#include <optional>

#include "persistence/database_backup.hpp"
#include "persistence/open_store.hpp"
#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence {

struct pg_snapshot::state {
    std::optional<detail::pg_connection> db;
    std::string id;
    std::optional<database_summary> summary;
};

pg_snapshot::pg_snapshot(const std::string& url, std::chrono::seconds connect_timeout)
    : state_(std::make_unique<state>()) {
    try {
        auto& db = state_->db.emplace(url, connect_timeout);
        db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        state_->id = db.run("SELECT pg_export_snapshot()").text(0, 0);
        if (db.run("SELECT to_regclass('golf_schema') IS NOT NULL AND to_regclass('matches') IS NOT NULL")
                .boolean(0, 0)) {
            const int version = db.run("SELECT COALESCE(MAX(version), 0) FROM golf_schema").integer(0, 0);
            state_->summary = database_summary{version, db.run("SELECT count(*) FROM matches").int64(0, 0)};
        }
    } catch (const detail::pg_failure& f) {
        const std::string where = state_->db ? state_->db->where() : "";
        throw detail::describe(where.empty() ? printable_db(url) : where, f);
    }
}

pg_snapshot::~pg_snapshot() {
    try {
        if (state_->db && state_->db->alive()) state_->db->exec("ROLLBACK");
    } catch (...) {
        // Closing the connection ends the transaction anyway.
    }
}

const std::string& pg_snapshot::id() const { return state_->id; }

const std::optional<database_summary>& pg_snapshot::summary() const { return state_->summary; }

}  // namespace golf::persistence
