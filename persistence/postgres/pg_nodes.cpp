// The node directory on PostgreSQL: the nodes table (name, incarnation, heartbeat by the database's clock) and
// the owner columns of tables. Taking a table over is one UPDATE that names the owner it replaces, so two nodes
// racing for an orphan cannot both win; FOR UPDATE SKIP LOCKED lets them share a dead node's tables. Claims run
// in REPEATABLE READ: under READ COMMITTED a row another node has just claimed would be re-checked against its new
// owner without re-running the liveness test (it is an anti-join), and could be taken twice; here that is a
// serialization failure, and the claim is tried again on a fresh snapshot.
#include "persistence/postgres/pg_nodes.hpp"

#include <spdlog/spdlog.h>

#include <random>
#include <thread>

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_lobby_feed.hpp"

namespace golf::persistence::detail {

namespace {

namespace sql {

constexpr const char* join =
    "INSERT INTO nodes(name, incarnation, heartbeat_at) VALUES($1, 1, now()) ON CONFLICT(name) DO UPDATE SET "
    "incarnation = nodes.incarnation + 1, heartbeat_at = now(), tables = 0, draining = FALSE, retired = FALSE "
    "RETURNING incarnation";
// A retired incarnation (one a claim has judged dead) is never renewed, however late its heartbeat arrives.
constexpr const char* heartbeat =
    "UPDATE nodes SET heartbeat_at = now(), tables = $3, draining = $4 WHERE name = $1 AND incarnation = $2 "
    "AND NOT retired";
// A node is alive while its incarnation is not retired and its heartbeat is younger than the timeout.
#define GOLF_ALIVE(n, ms) "NOT " n ".retired AND " n ".heartbeat_at > now() - make_interval(secs => " ms " / 1000.0)"
// A table is claimable when its owner is not alive (no row with its incarnation, alive within the timeout, $1
// milliseconds), and only by the claimer's ($2, $3) current incarnation: an old one's claim, sent before it
// stepped down, takes nothing.
#define GOLF_CLAIMABLE \
    "NOT EXISTS (SELECT 1 FROM nodes n WHERE n.name = t.owner_node AND n.incarnation = t.owner_incarnation "    \
    "AND " GOLF_ALIVE("n", "$1") ") AND EXISTS (SELECT 1 FROM nodes me WHERE me.name = $2 AND me.incarnation = " \
    "$3 AND NOT me.retired)"
// Claiming retires the owners it judged dead, in the same transaction: a heartbeat of theirs that committed after
// the claim's snapshot makes this a serialization failure (tried again on a fresh one), and one that comes after
// finds its incarnation retired. So the last heartbeat the database ever takes from a claimed owner is the one
// the claim judged too old (docs/ownership.md).
#define GOLF_RETIRE_OWNERS                                                                                      \
    "retire AS (UPDATE nodes n SET retired = TRUE FROM orphan o WHERE n.name = o.owner_node AND n.incarnation " \
    "= o.owner_incarnation AND NOT n.retired) "                                                                 \
    "UPDATE tables SET owner_node = $2, owner_incarnation = $3 FROM orphan WHERE tables.code = orphan.code "    \
    "RETURNING tables.code"
constexpr const char* claim_orphans =
    "WITH orphan AS (SELECT t.code, t.owner_node, t.owner_incarnation FROM tables t WHERE t.owner_node IS NOT "
    "NULL AND " GOLF_CLAIMABLE
    " AND EXISTS (SELECT 1 FROM matches m WHERE m.table_code = t.code AND m.ended_at "
    "IS NULL) ORDER BY t.code LIMIT $4 FOR UPDATE OF t SKIP LOCKED), " GOLF_RETIRE_OWNERS;
constexpr const char* claim_one =
    "WITH orphan AS (SELECT t.code, t.owner_node, t.owner_incarnation FROM tables t WHERE t.code = $4 "
    "AND " GOLF_CLAIMABLE " FOR UPDATE OF t), " GOLF_RETIRE_OWNERS;
#undef GOLF_RETIRE_OWNERS
#undef GOLF_CLAIMABLE
constexpr const char* release =
    "UPDATE tables SET owner_incarnation = -1 WHERE owner_node = $1 AND owner_incarnation = $2";
constexpr const char* owner =
    "SELECT t.owner_node, n.name IS NOT NULL AND n.incarnation = t.owner_incarnation AND " GOLF_ALIVE("n", "$2")
    ", COALESCE(n.tables, 0), COALESCE(n.draining, FALSE) "
    "FROM tables t LEFT JOIN nodes n ON n.name = t.owner_node WHERE t.code = $1 AND t.owner_node IS NOT NULL";
constexpr const char* token_table =
    "SELECT m.table_code FROM players p JOIN match_seats s ON s.player_id = p.id JOIN matches m ON m.id = s.match_id "
    "WHERE p.token_hash = $1 AND m.ended_at IS NULL AND m.table_code IS NOT NULL ORDER BY m.id DESC LIMIT 1";
constexpr const char* all_nodes =
    "SELECT name, " GOLF_ALIVE("nodes", "$1") ", tables, draining FROM nodes ORDER BY name";

// The lobby: a node sets only lines of tables it owns now, and removes only its own; one NOTIFY per transaction.
constexpr const char* set_line =
    "INSERT INTO lobby(code, node, line) SELECT $1, $2, $4 WHERE EXISTS (SELECT 1 FROM tables WHERE code = $1 AND "
    "owner_node = $2 AND owner_incarnation = $3) ON CONFLICT(code) DO UPDATE SET node = $2, line = $4";
constexpr const char* remove_line = "DELETE FROM lobby WHERE code = $1 AND node = $2";
constexpr const char* clear_lines = "DELETE FROM lobby WHERE node = $1";
constexpr const char* tell = "SELECT pg_notify('golf_lobby', $1)";
constexpr const char* others_lines =
    "SELECT l.code, l.node, l.line FROM lobby l JOIN nodes n ON n.name = l.node WHERE l.node <> $1 AND " GOLF_ALIVE(
        "n", "$2") " AND NOT n.draining ORDER BY l.code";
#undef GOLF_ALIVE

}  // namespace sql

// The codes an UPDATE ... RETURNING code claimed, in its own REPEATABLE READ transaction, tried again after a
// serialization failure (another node claimed some of the same rows first). Two nodes claiming in a loop failed
// five immediate tries in a row now and then, so each try waits a little longer, by a random amount, first.
std::vector<std::string> claim(pg_connection& db, const char* sql, const pg_params& params) {
    constexpr int attempts = 20;
    thread_local std::minstd_rand jitter(std::random_device{}());
    for (int attempt = 1;; ++attempt) {
        if (attempt > 1)
            std::this_thread::sleep_for(std::chrono::microseconds(jitter() % (500 * static_cast<unsigned>(attempt))));
        try {
            std::vector<std::string> codes;
            db.in_transaction("BEGIN ISOLATION LEVEL REPEATABLE READ", [&] {
                const auto rows = db.run(sql, params);
                for (int r = 0; r < rows.size(); ++r) codes.push_back(rows.text(r, 0));
            });
            return codes;
        } catch (const pg_failure& f) {
            if (f.sqlstate != "40001" || attempt >= attempts) throw;
        }
    }
}

}  // namespace

pg_nodes::pg_nodes(std::unique_ptr<pg_connection> lease_db, std::unique_ptr<pg_connection> db, std::string node,
                   std::function<std::unique_ptr<pg_connection>()> connect)
    : lease_db_(std::move(lease_db)), db_(std::move(db)), node_(std::move(node)), connect_(std::move(connect)) {
    rejoin();
}

pg_nodes::~pg_nodes() = default;

template <typename F>
auto pg_nodes::call(F&& body) {
    std::lock_guard lock(mutex_);
    return with_reconnect(*db_, std::forward<F>(body));
}

template <typename F>
auto pg_nodes::call_lease(F&& body) {
    std::lock_guard lock(lease_mutex_);
    return with_reconnect(*lease_db_, std::forward<F>(body));
}

void pg_nodes::rejoin() {
    incarnation_ = call_lease([&](pg_connection& db) {
        std::int64_t incarnation = 0;
        db.in_transaction("BEGIN", [&] {
            incarnation = db.run(sql::join, pg_params().text(node_)).int64(0, 0);
            db.run(sql::clear_lines, pg_params().text(node_));  // the old incarnation's tables are listed anew
            db.run(sql::tell, pg_params().text(node_));
        });
        return incarnation;
    });
    spdlog::info("node {} joined the cluster (incarnation {})", node_, incarnation_.load());
}

bool pg_nodes::heartbeat(int tables, bool draining) {
    return call_lease([&](pg_connection& db) {
        return db.run(sql::heartbeat,
                      pg_params().text(node_).number(incarnation_).number(tables).text(draining ? "true" : "false"))
                   .affected() == 1;
    });
}

std::vector<std::string> pg_nodes::claim_orphans(std::chrono::milliseconds timeout, int limit) {
    return call([&](pg_connection& db) {
        return claim(db, sql::claim_orphans,
                     pg_params().number(timeout.count()).text(node_).number(incarnation_).number(limit));
    });
}

bool pg_nodes::claim_orphan(const std::string& code, std::chrono::milliseconds timeout) {
    return call([&](pg_connection& db) {
        return claim(db, sql::claim_one,
                     pg_params().number(timeout.count()).text(node_).number(incarnation_).text(code))
                   .size() == 1;
    });
}

void pg_nodes::release_tables() {
    call([&](pg_connection& db) { db.run(sql::release, pg_params().text(node_).number(incarnation_)); });
}

std::optional<node_status> pg_nodes::owner_of_table(const std::string& code, std::chrono::milliseconds timeout) {
    return call([&](pg_connection& db) -> std::optional<node_status> {
        const auto rows = db.run(sql::owner, pg_params().text(code).number(timeout.count()));
        if (rows.size() == 0) return std::nullopt;
        return node_status{rows.text(0, 0), rows.boolean(0, 1), rows.integer(0, 2), rows.boolean(0, 3)};
    });
}

std::optional<std::string> pg_nodes::table_of_token(const std::string& token_hash) {
    return call([&](pg_connection& db) -> std::optional<std::string> {
        const auto rows = db.run(sql::token_table, pg_params().text(token_hash));
        if (rows.size() == 0) return std::nullopt;
        return rows.text(0, 0);
    });
}

std::vector<node_status> pg_nodes::nodes(std::chrono::milliseconds timeout) {
    return call([&](pg_connection& db) {
        const auto rows = db.run(sql::all_nodes, pg_params().number(timeout.count()));
        std::vector<node_status> out;
        for (int r = 0; r < rows.size(); ++r) {
            out.push_back({rows.text(r, 0), rows.boolean(r, 1), rows.integer(r, 2), rows.boolean(r, 3)});
        }
        return out;
    });
}

void pg_nodes::write_lobby(const std::vector<lobby_line>& set, const std::vector<std::string>& removed) {
    call([&](pg_connection& db) {
        db.in_transaction("BEGIN", [&] {
            for (const auto& l : set)
                db.run(sql::set_line, pg_params().text(l.code).text(node_).number(incarnation_).bytes(l.line));
            for (const auto& code : removed) db.run(sql::remove_line, pg_params().text(code).text(node_));
            db.run(sql::tell, pg_params().text(node_));
        });
    });
}

void pg_nodes::clear_lobby() {
    call([&](pg_connection& db) {
        db.in_transaction("BEGIN", [&] {
            db.run(sql::clear_lines, pg_params().text(node_));
            db.run(sql::tell, pg_params().text(node_));
        });
    });
}

std::vector<lobby_line> pg_nodes::read_lobby(std::chrono::milliseconds timeout) {
    return call([&](pg_connection& db) {
        const auto rows = db.run(sql::others_lines, pg_params().text(node_).number(timeout.count()));
        std::vector<lobby_line> out;
        for (int r = 0; r < rows.size(); ++r) out.push_back({rows.text(r, 0), rows.text(r, 1), rows.bytes(r, 2)});
        return out;
    });
}

std::unique_ptr<lobby_feed> pg_nodes::open_lobby_feed() { return std::make_unique<pg_lobby_feed>(connect_, node_); }

}  // namespace golf::persistence::detail
