// What a tournament does, as pure functions on its record (golf.v1.Tournament): sign-ups, the start, seating a
// round with competition/seating.hpp, a table's result, the standing. No clock, no database, no network: the
// director (tournament_director.hpp) calls these and stores what they return. Each refusal is a sentence; on one,
// the record is unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/ruleset.hpp"
#include "golf/v1/tournaments.pb.h"

namespace golf::server::tournament_rules {

inline constexpr int min_entrants = 4;
inline constexpr int max_entrants = 256;
inline constexpr int max_rounds = 20;
inline constexpr int default_turn_clock_s = 60;

inline bool duplicate(const v1::TournamentSettings& s) { return s.format() == v1::TOURNAMENT_FORMAT_DUPLICATE; }

// Checks the settings against the ruleset they play and fills in the defaults (min_seats, max_players, the clock).
std::optional<std::string> settle(v1::TournamentSettings& settings, const ruleset& rules);

std::optional<std::string> sign_up(v1::Tournament& t, std::int64_t account, const std::string& name, double rating);
std::optional<std::string> withdraw(v1::Tournament& t, std::int64_t account);
std::optional<std::string> start(v1::Tournament& t);

// The round in play (seated, not every table finished), or null.
const v1::TournamentRound* round_in_play(const v1::Tournament& t);
// A running tournament with no round in play: seats the next one (byes scored at once), or finishes the tournament
// when every round is played or too few are left to make a table. Returns the new round, or null when it finished.
const v1::TournamentRound* seat_next_round(v1::Tournament& t, std::int64_t now);
// Table `table` (0-based) of the round in play finished with these totals by seat (`by_bot[s]`: a bot played the
// seat the whole match) as recorded match `match_id`. Swiss: its place points go to its entrants at once. The round
// finishes with its last table; in a duplicate round every seat's matchpoints are scored then.
void record_table(v1::Tournament& t, int table, std::span<const int> totals, const std::vector<bool>& by_bot,
                  std::int64_t match_id);

// Orders the entrants by the standing (docs/tournaments.md) and gives each their place; ties on every key share it.
void restand(v1::Tournament& t);

std::string state_name(v1::TournamentState state);

// Whether the match at table `code` (a duplicate round's) is kept from everyone for now: its round is still being
// played (unless the tournament was cancelled), and other tables are dealing the same cards.
bool holds_back(const v1::Tournament& t, const std::string& code);  // "open", "running", ... as the database keeps it

}  // namespace golf::server::tournament_rules
