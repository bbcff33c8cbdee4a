// golf arena --tournaments: whole tournaments of bots, each played twice on the same field, Swiss (each table its
// own deals, points by place) and duplicate (every table of a round the same deals, matchpoints against the same
// seat elsewhere), with competition/'s seating and scoring, as the server runs them (docs/tournaments.md). What it
// measures is luck: how much a bot's final place varies from tournament to tournament in each format, and how
// often the field's places follow its skill. Pure engine play, no server; the same seed gives the same figures.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/ruleset.hpp"

namespace golf::cli {

struct tournament_sim_setup {
    std::shared_ptr<const ruleset> rules;  // its `holes` make each round's match
    std::vector<std::string> field;        // one bot name per entrant (make_bot accepts each)
    int seats = 4;                         // every table full; entrants beyond a multiple of it sit out a round
    int rounds = 3;
    int tournaments = 100;
    // Duplicate rounds scored by matchpoints (as the server does) or by strokes against the field's mean per seat.
    bool versus_field = false;
    std::uint64_t seed = 1;
};

struct tournament_sim_result {
    // [format][entrant][tournament]: the entrant's final place (1-based, ties share); format 0 Swiss, 1 duplicate.
    std::vector<std::vector<std::vector<double>>> places;
    std::int64_t hands = 0;
    double seconds = 0;
    std::string failure;  // empty, or what went wrong first
};

tournament_sim_result simulate_tournaments(const tournament_sim_setup& setup);

}  // namespace golf::cli
