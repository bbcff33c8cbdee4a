// The tables' owner column over time, kept by the database itself: a trigger of the harness's own writes every
// change of tables.owner_node/owner_incarnation (a table made, a claim, a hand-over) into fault_owner_log, and
// PostgreSQL's commit timestamps (track_commit_timestamp) say when each became visible, so the checker knows who
// owned each table at every moment, not just at the moments someone looked.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "tests/faults/history.hpp"

namespace golf::faults {

struct owner_change {
    wall_ms at = 0;    // the commit that made it, on the machine's clock
    std::string node;  // "" when nobody owns it
    std::int64_t incarnation = 0;
};

// A node's heartbeat (or its joining as a new incarnation) as the database took it.
struct heartbeat {
    wall_ms at = 0;  // heartbeat_at: the database's now() for the statement that set it
    std::string node;
    std::int64_t incarnation = 0;
};

struct owner_history {
    std::map<std::string, std::vector<owner_change>> tables;  // by table code, in commit order
    std::vector<heartbeat> heartbeats;                        // every node's, in time order
};

// Creates the logs and their triggers (after a node has made the schema, before any table exists).
void install_owner_log(const std::string& db_url);
owner_history read_owner_history(const std::string& db_url);

// The evidence for a table's owners around `at`: its owner changes, and each node's new incarnations and
// heartbeat gaps over `gap` within ten seconds of it.
std::string owner_story(const owner_history& history, const std::string& code, wall_ms at, wall_ms gap);

// Whether `node` owned the table at some moment of [from, to] by `changes` (a margin of a millisecond for the
// clocks' rounding).
bool owned_during(const std::vector<owner_change>& changes, const std::string& node, wall_ms from, wall_ms to);
// Who owned it at `at` ("" for nobody or before it was made).
std::string owner_at(const std::vector<owner_change>& changes, wall_ms at);

}  // namespace golf::faults
