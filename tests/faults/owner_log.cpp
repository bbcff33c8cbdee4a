// The owner log's SQL and the questions the checker asks of it.
#include "tests/faults/owner_log.hpp"

#include <libpq-fe.h>

#include <memory>
#include <stdexcept>

#include "tests/support/pg_database.hpp"

namespace golf::faults {

namespace {

constexpr const char* install_sql = R"sql(
CREATE TABLE fault_owner_log (
  id BIGSERIAL PRIMARY KEY,
  code TEXT NOT NULL,
  owner_node TEXT,
  owner_incarnation BIGINT
);
CREATE FUNCTION fault_log_owner() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.owner_node IS DISTINCT FROM OLD.owner_node
     OR NEW.owner_incarnation IS DISTINCT FROM OLD.owner_incarnation THEN
    INSERT INTO fault_owner_log(code, owner_node, owner_incarnation)
      VALUES (NEW.code, NEW.owner_node, NEW.owner_incarnation);
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER fault_owner AFTER INSERT OR UPDATE ON tables FOR EACH ROW EXECUTE FUNCTION fault_log_owner();
CREATE TABLE fault_heartbeat_log (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  incarnation BIGINT NOT NULL,
  heartbeat_at TIMESTAMPTZ NOT NULL
);
CREATE FUNCTION fault_log_heartbeat() RETURNS trigger AS $$
BEGIN
  INSERT INTO fault_heartbeat_log(name, incarnation, heartbeat_at) VALUES (NEW.name, NEW.incarnation, NEW.heartbeat_at);
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER fault_heartbeat AFTER INSERT OR UPDATE ON nodes FOR EACH ROW EXECUTE FUNCTION fault_log_heartbeat();
)sql";

constexpr const char* read_heartbeats_sql =
    "SELECT name, incarnation, extract(epoch FROM heartbeat_at) * 1000 AS at FROM fault_heartbeat_log ORDER BY at, id";

constexpr const char* read_sql =
    "SELECT code, COALESCE(owner_node, ''), COALESCE(owner_incarnation, 0), "
    "extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1000 AS at FROM fault_owner_log ORDER BY at, id";

constexpr wall_ms margin = 1;

}  // namespace

void install_owner_log(const std::string& db_url) { testing::pg_run(db_url, install_sql); }

owner_history read_owner_history(const std::string& db_url) {
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(db_url.c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) throw std::runtime_error(PQerrorMessage(conn.get()));
    const auto query = [&](const char* sql) {
        std::unique_ptr<PGresult, decltype(&PQclear)> rows(PQexec(conn.get(), sql), &PQclear);
        if (PQresultStatus(rows.get()) != PGRES_TUPLES_OK)
            throw std::runtime_error(std::string("reading the owner log: ") + PQresultErrorMessage(rows.get()));
        return rows;
    };
    owner_history out;
    const auto owners = query(read_sql);
    for (int r = 0; r < PQntuples(owners.get()); ++r) {
        const std::int64_t incarnation = std::stoll(PQgetvalue(owners.get(), r, 2));
        // A hand-over (a node stopping) leaves the name with incarnation -1, which no node ever has: nobody.
        const std::string node = incarnation < 0 ? "" : PQgetvalue(owners.get(), r, 1);
        out.tables[PQgetvalue(owners.get(), r, 0)].push_back(
            {std::stod(PQgetvalue(owners.get(), r, 3)), node, incarnation});
    }
    const auto beats = query(read_heartbeats_sql);
    for (int r = 0; r < PQntuples(beats.get()); ++r)
        out.heartbeats.push_back({std::stod(PQgetvalue(beats.get(), r, 2)), PQgetvalue(beats.get(), r, 0),
                                  std::stoll(PQgetvalue(beats.get(), r, 1))});
    return out;
}

std::string owner_story(const owner_history& history, const std::string& code, wall_ms at, wall_ms gap) {
    std::string out = "owners:";
    if (const auto it = history.tables.find(code); it != history.tables.end())
        for (const owner_change& c : it->second)
            out += " " + clock_text(c.at) + " " +
                   (c.node.empty() ? "nobody" : c.node + "/" + std::to_string(c.incarnation));
    std::map<std::string, const heartbeat*> last;
    std::string beats;
    for (const heartbeat& b : history.heartbeats) {
        const heartbeat* before = last[b.node];
        last[b.node] = &b;
        if (!before || b.at < at - 10000 || b.at > at + 10000) continue;
        if (b.incarnation != before->incarnation)
            beats += " " + clock_text(b.at) + " " + b.node + " joins as " + std::to_string(b.incarnation) + ";";
        else if (b.at - before->at > gap)
            beats += " " + b.node + " silent " + clock_text(before->at) + " to " + clock_text(b.at) + ";";
    }
    return out + (beats.empty() ? "" : "; heartbeats:" + beats);
}

bool owned_during(const std::vector<owner_change>& changes, const std::string& node, wall_ms from, wall_ms to) {
    for (std::size_t i = 0; i < changes.size(); ++i) {
        if (changes[i].node != node) continue;
        const wall_ms begin = changes[i].at;
        const wall_ms end = i + 1 < changes.size() ? changes[i + 1].at : 1e300;
        if (begin <= to + margin && from - margin < end) return true;
    }
    return false;
}

std::string owner_at(const std::vector<owner_change>& changes, wall_ms at) {
    std::string owner;
    for (const auto& c : changes) {
        if (c.at > at) break;
        owner = c.node;
    }
    return owner;
}

}  // namespace golf::faults
