// The checker over a fault run's history. For every match the clients played:
//   - its record, read back from PostgreSQL, replays through the engine (persistence::replay_match);
//   - every acknowledged move is in the record exactly once, at the change number it was made at (the hand_version
//     it was sent with, which the server checked, plus one), in the order the clients saw them acknowledged; every
//     other move in the record is one whose answer never came (unanswered), never one nobody made;
//   - every frame every seat and spectator got is a view of the recorded hand at a moment no earlier than the last
//     one it saw, and shows no card or token it may not know (the leak oracle, tests/support/leak_oracle.hpp, with
//     the recorded moves as the truth; probing spectators' first views likewise);
//   - every time a node seated someone there or acknowledged a move there, the owner log (owner_log.hpp) says that
//     node owned the table at that moment: no table had two nodes accepting moves or seating people;
//   - it ended: a table given up after its start is stuck.
// Problems come back as sentences; the figures say how much was checked and what happened to each move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "persistence/records.hpp"
#include "tests/faults/history.hpp"
#include "tests/faults/owner_log.hpp"
#include "tests/support/leak_oracle.hpp"

namespace golf::faults {

struct check_figures {
    std::int64_t matches = 0;       // tables whose match started
    std::int64_t replayed = 0;      // of which the record replays
    std::int64_t finished = 0;      // played to the end
    std::int64_t acknowledged = 0;  // moves
    std::int64_t lost = 0;          // acknowledged, not in the record where they were made
    std::int64_t duplicated = 0;    // two acknowledgements of one change
    std::int64_t out_of_order = 0;
    std::int64_t unanswered = 0;       // sent, never answered
    std::int64_t unanswered_made = 0;  // of which the record has
    std::int64_t unexplained = 0;      // in the record, neither acknowledged nor sent unanswered
    std::int64_t owner_checks = 0;     // seatings and acknowledgements held against the owner log
    std::int64_t two_owners = 0;       // of which by a node that did not own the table then
    std::int64_t probes = 0;
    std::int64_t stuck = 0;  // tables given up after their start
    void add(const check_figures& o);
};

struct check_report {
    testing::leak::problems problems;
    testing::leak::tally oracle;
    check_figures figures;
    std::string summary() const;  // the figures, a line each
};

// Checks one match against its record (nullopt: none was found) and its table's owner changes.
// `history` (the owner log, heartbeats included) only tells the story of a problem.
void check_match(const match_history& h, const std::optional<persistence::match_detail>& record,
                 const std::vector<owner_change>& owners, check_report& out, const owner_history* history = nullptr);

// Reads every match's record and the owner log from `db_url` (a read-only store), then checks each.
void check_matches(const std::vector<match_history>& matches, const std::string& db_url, check_report& out);

}  // namespace golf::faults
