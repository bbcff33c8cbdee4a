// One run of the harness: the cluster in its namespaces, people playing through the proxy, a schedule of faults
// one after another (each settled, then a quiet moment), the matches checked as they end (so an hour's frames are
// never all held at once), then the players finish their matches and the rest is checked.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/faults/checker.hpp"
#include "tests/faults/fault_cluster.hpp"
#include "tests/faults/outcomes.hpp"
#include "tests/faults/schedule.hpp"

namespace golf::faults {

struct run_settings {
    cluster_settings cluster;
    std::function<std::optional<fault>()> next_fault;  // nullopt: the schedule is over
    std::chrono::seconds settle{20};                   // per fault, after its heal
    std::chrono::milliseconds quiet{1000};             // between a fault's settling and the next fault
    std::chrono::seconds warm_up{3};                   // play before the first fault
    std::chrono::seconds finish{90};                   // for the last matches to end
    int tables = 4;
    std::uint64_t seed = 1;
};

struct run_result {
    check_report report;
    std::vector<fault_record> faults;
    std::vector<fault_outcome> outcomes;
    client_tally tally;
    std::vector<std::string> unhealthy_at_end;  // nodes (or the proxy) not answering /healthz 200 at the end
    bool finished = false;                      // every driver ended its last match in time
    double seconds = 0;
    std::string warnings;  // the nodes' warning and error lines, for a failure's report
    std::string text() const;
};

run_result run_faults(const run_settings& settings);

// The harness needs root (namespaces, nft), ip, nft, HAProxy and PostgreSQL 15: "" when all are there, else why not.
std::string missing_for_faults();

}  // namespace golf::faults
