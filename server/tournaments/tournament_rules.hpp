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

#include "competition/seating.hpp"
#include "engine/ruleset.hpp"
#include "golf/v1/tournaments.pb.h"

namespace golf::server::tournament_rules {

inline constexpr int min_entrants = 4;
inline constexpr int max_entrants = 256;
inline constexpr int max_rounds = 20;
inline constexpr int default_turn_clock_s = 60;
inline constexpr std::int64_t max_start_delay_s = 30LL * 24 * 3600;

inline constexpr int default_arena_minutes = 30;
inline constexpr int max_arena_minutes = 720;
// Arena: free entrants wait this long for enough others to fill a whole table while tables are still in play.
inline constexpr std::int64_t arena_wait_s = 20;

inline bool duplicate(const v1::TournamentSettings& s) { return s.format() == v1::TOURNAMENT_FORMAT_DUPLICATE; }
inline bool arena(const v1::TournamentSettings& s) { return s.format() == v1::TOURNAMENT_FORMAT_ARENA; }

// The tournament's latest note: as data (note_of), for clients to say in their words, and in English (note).
void set_note(v1::Tournament& t, v1::TournamentNoteKind kind, const std::string& name = {}, std::uint32_t number = 0,
              std::uint32_t count = 0);

// Checks the settings against the ruleset they play and fills in the defaults (min_seats, max_players, the clock).
std::optional<std::string> settle(v1::TournamentSettings& settings, const ruleset& rules);

// Who an entrant is: an account, or a guest by the hash of their entry token (settings.guests).
struct entrant_key {
    std::int64_t account = 0;
    std::string entry_hash;
    entrant_key(std::int64_t a) : account(a) {}  // NOLINT: an account is the usual key
    static entrant_key guest(std::string hash) {
        entrant_key k(0);
        k.entry_hash = std::move(hash);
        return k;
    }
    bool names(const v1::TournamentEntrant& e) const {
        return account != 0 ? e.account_id() == account : !entry_hash.empty() && e.entry_token_hash() == entry_hash;
    }
};

// A new guest entrant signs up with their key and name; anyone already in signs up again with their key alone.
std::optional<std::string> sign_up(v1::Tournament& t, const entrant_key& who, const std::string& name, double rating);
std::optional<std::string> withdraw(v1::Tournament& t, const entrant_key& who);
// A start time (starts_at_unix_s) after `now` and within 30 days of it, or none.
std::optional<std::string> check_start_time(const v1::TournamentSettings& settings, std::int64_t now);
int needed_to_start(const v1::Tournament& t);  // the fewest entrants a start takes
// Bots fill the field first (bot_fillers); an arena's clock starts.
std::optional<std::string> start(v1::Tournament& t, std::int64_t now);

// The round in play (seated, not every table finished), or null.
const v1::TournamentRound* round_in_play(const v1::Tournament& t);
// A running tournament with no round in play: seats the next one (byes scored at once), or finishes the tournament
// when every round is played or too few are left to make a table. Returns the new round, or null when it finished.
const v1::TournamentRound* seat_next_round(v1::Tournament& t, std::int64_t now);
// The indexes of the rounds not finished: the round in play (Swiss, duplicate), any number in an arena.
std::vector<int> unfinished_rounds(const v1::Tournament& t);
// The unfinished table entrant `name` sits at, or null; its code, or "".
const v1::TournamentTable* table_at(const v1::Tournament& t, const std::string& name);
std::string table_of(const v1::Tournament& t, const std::string& name);
// Table `table` of round `round` (0-based) finished with these totals by seat (`by_bot[s]`: a bot played the seat
// the whole match) as recorded match `match_id`. Swiss and arena: its place points go to its entrants at once. A
// round finishes with its last table; in a duplicate round every seat's matchpoints are scored then.
void record_table(v1::Tournament& t, int round, int table, std::span<const int> totals, const std::vector<bool>& by_bot,
                  std::int64_t match_id);

// Arena (arena_rules.cpp). A running arena before its end seats whoever is free (not paused, at no table in play)
// at new tables, by standing: whole tables while others still play, and everyone free (tables of min_seats and
// more) once nobody plays or someone has waited arena_wait_s. `changed`: the record changed (a wait began), and
// `seated` the new round, if one was seated.
struct arena_step {
    bool changed = false;
    const v1::TournamentRound* seated = nullptr;
};
arena_step seat_arena(v1::Tournament& t, std::int64_t now);
// A started arena past its end with no table in play finishes (true).
bool finish_arena(v1::Tournament& t, std::int64_t now);
// Record_table's part for an arena: doubled points on fire, the streaks, a seat a bot played pauses its entrant.
void score_arena_table(v1::Tournament& t, v1::TournamentTable& table);

// Orders the entrants by the standing (docs/tournaments.md) and gives each their place; ties on every key share it.
void restand(v1::Tournament& t);

std::string state_name(v1::TournamentState state);

// Whether the match at table `code` (a duplicate round's) is kept from everyone for now: its round is still being
// played (unless the tournament was cancelled), and other tables are dealing the same cards.
bool holds_back(const v1::Tournament& t, const std::string& code);  // "open", "running", ... as the database keeps it

// Shared by tournament_rules.cpp and arena_rules.cpp.
int entrant_index(const v1::Tournament& t, const entrant_key& who);
int entrant_named(const v1::Tournament& t, const std::string& name);
int active_entrants(const v1::Tournament& t);
competition::entrant as_entrant(const v1::TournamentEntrant& e);
competition::meetings meetings_of(const v1::Tournament& t);
// Adds a round seated as `seating` says (indexes into the field; field_index[i] is the entrant's index in `t`).
v1::TournamentRound* add_round(v1::Tournament& t, const competition::round_seating& seating,
                               const std::vector<int>& field_index, std::int64_t now);

}  // namespace golf::server::tournament_rules
