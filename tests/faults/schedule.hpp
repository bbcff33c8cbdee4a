// The faults and their schedules. Each fault strikes (a node: the one owning the most tables in play; the
// proxy; the database), lasts its length, heals, and then the runner waits for the cluster to settle: every
// running node and the proxy answer /healthz 200 and every table has acknowledged a move since the heal. A fault
// that does not settle in time is recorded with what was still wrong (a stuck node, a stuck table).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "engine/random.hpp"
#include "tests/faults/fault_cluster.hpp"
#include "tests/faults/history.hpp"
#include "tests/faults/players.hpp"

namespace golf::faults {

enum class fault_kind {
    kill_node,       // kill -9, started again after the length
    pause_node,      // SIGSTOP for the length, then SIGCONT (short: under the node timeout; long: several)
    restart_node,    // SIGTERM (it hands its tables over), started again at once
    isolate_node,    // every packet to or from the node dropped
    cut_node_db,     // the node and the database cannot reach each other; the proxy still reaches the node
    cut_proxy_node,  // the proxy cannot reach the node; the node still has its database
    lose_node,       // a share of the node's packets dropped
    delay_node_db,   // the node's database traffic held for `amount` ms each way
    kill_two_nodes,  // two of three at once: a majority
    pause_two_nodes,
    kill_db,  // every PostgreSQL process, started again after the length
    pause_db,
    cut_db,  // the database's link: every node loses it
    lose_db,
    delay_db,  // every node's database traffic delayed
    kill_proxy,
    pause_proxy,
    cut_proxy,  // the proxy's link: clients and nodes both lose it
};

struct fault {
    fault_kind kind;
    std::chrono::milliseconds length{0};
    int amount = 0;  // a share in percent (lose_*), a delay in ms (delay_*)
};

std::string kind_name(fault_kind kind);

// Every kind once, lengths around the node timeout T: pauses of T/2 and 4 T, cuts of 2 T and more.
std::vector<fault> short_schedule(std::chrono::milliseconds node_timeout);
// A fault of a random kind, length and amount (the long schedule draws one after another).
fault random_fault(random_source& random, std::chrono::milliseconds node_timeout);

class fault_runner {
public:
    fault_runner(fault_cluster& cluster, players& people) : cluster_(cluster), people_(people) {}
    // Strikes, waits the length, heals, waits (at most `settle`) for the cluster to settle.
    fault_record run(const fault& f, std::chrono::seconds settle);

private:
    std::vector<int> targets(int count);
    void strike(const fault& f, const std::vector<int>& nodes, fault_record& r);
    std::string unsettled(wall_ms since);

    fault_cluster& cluster_;
    players& people_;
};

}  // namespace golf::faults
