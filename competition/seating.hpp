// Swiss seating for tables of 2 to 8: who sits at which table, and in which seat, for the next round of a
// tournament. Pure and deterministic like the engine: the same standings and history give the same seating.
//
// A round splits the entrants into tables whose sizes differ by at most one (plan_tables); entrants who cannot be
// seated that way sit the round out (byes), the lowest in the standing among those with the fewest byes so far.
// The tables are first filled in standing order, the leaders together, then improved by swapping entrants between
// tables while that lowers the seating's cost:
//   cost = 1000 * (times a pair already shared a table)^2, over every pair at a table   (meet new people first)
//        +   10 * |points_i - points_j|,                    over every pair at a table   (play your own level)
// and each table's seat order then takes the permutation with the fewest seats an entrant has had before
// (100 for each time), so nobody plays from the same seat twice where it can be avoided. Ties go to the earlier
// entrant in the standing, so nothing is left to chance.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace golf::competition {

struct seating_rules {
    int seats = 4;      // the most at a table (2 to 8)
    int min_seats = 2;  // the fewest at a table (2 to seats)
};

// One entrant as the seating sees them. `seats_taken[s]`: how many rounds they played from seat s.
struct entrant {
    std::string id;              // unique in the tournament (an account's name)
    double points = 0;           // place points so far
    double opponent_points = 0;  // the points of everyone they sat with, each time (a Buchholz tie-break)
    std::int64_t strokes = 0;    // their match totals added up (lower is better)
    double rating = 0;           // the last tie-break: before the first round it orders the field
    int byes = 0;
    std::vector<int> seats_taken;
};

// How many times each pair of entrants (by id, the smaller first) has shared a table.
using meetings = std::map<std::pair<std::string, std::string>, int>;
void note_table(meetings& met, std::span<const std::string> ids);
int times_met(const meetings& met, const std::string& a, const std::string& b);

// The standing: points, then opponents' points, then fewer strokes, then rating (all descending but strokes),
// then id. Returns indexes into `field`.
std::vector<int> standing(std::span<const entrant> field);

struct table_plan {
    std::vector<int> sizes;  // largest first, each within one of the others
    int byes = 0;
};
// The fewest byes that let `players` sit at tables of min_seats..seats, as few tables as that allows. Sizes are
// empty (everyone has a bye) when fewer than min_seats play.
table_plan plan_tables(int players, const seating_rules& rules);

struct round_seating {
    std::vector<std::vector<int>> tables;  // indexes into the field, in seat order
    std::vector<int> byes;                 // indexes into the field
};
// The next round. Throws std::invalid_argument for rules out of range.
round_seating seat_round(std::span<const entrant> field, const meetings& met, const seating_rules& rules);

}  // namespace golf::competition
