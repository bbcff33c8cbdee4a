// What each fault did to the tables in play when it struck, from the acknowledged moves: how long each waited for
// its next acknowledged move (its outage), and for those whose next move came from another node, the failover time.
#pragma once

#include <string>
#include <vector>

#include "tests/faults/history.hpp"

namespace golf::faults {

struct fault_outcome {
    fault_record record;
    int tables = 0;                 // in play when it struck
    std::vector<double> waits;      // per table: ms from the strike to its next acknowledged move
    std::vector<double> failovers;  // the waits of the tables whose next move came from another node
    int never = 0;                  // tables in play that acknowledged no move afterwards
};

// A match's acknowledged moves, as the outcomes need them once the match's frames are gone.
struct ack_times {
    std::vector<wall_ms> answered;
    std::vector<std::string> node;
    wall_ms ended = 0;
    bool finished = false;  // played to its end (its last move may come before a fault it never saw)
};

ack_times times_of(const match_history& h);
std::vector<fault_outcome> outcomes(const std::vector<fault_record>& faults, const std::vector<ack_times>& tables);

// One line a fault: what, tables in play, how many waited over a second, the longest wait, the failovers.
std::string outcome_table(const std::vector<fault_outcome>& outcomes);
// One line a kind of fault, over every fault of that kind (the long schedule's summary).
std::string outcome_summary(const std::vector<fault_outcome>& outcomes);

}  // namespace golf::faults
