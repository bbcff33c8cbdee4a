// From records back to engine state: rebuild a recorded match's ruleset from its option text, replay every hole
// (seed + actions) through the engine, and check each hole's scores and running totals against the record.
// golf-server restores unfinished matches with it; `golf replay` checks recorded and exported matches with it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/match.hpp"
#include "engine/ruleset.hpp"
#include "persistence/records.hpp"

namespace golf::persistence {

// The ruleset written by golf::to_text: "name=value" lines (blank lines ignored). Every line goes through
// set_option, then validate(); on failure a sentence naming the line or the option.
std::variant<ruleset, std::string> parse_ruleset_text(std::string_view text);

struct replayed_match {
    std::shared_ptr<const ruleset> rules;
    std::optional<golf::match> match;  // after the recorded holes and then the hand in play, if any
    std::string problem;               // empty when everything replayed and matched the record
    int holes_checked = 0;             // finished holes whose scores and totals matched
};

// Replays `detail` through the engine. Stops at the first problem (a bad ruleset, a refused action, a hole that
// does not end where the record says, a score or total that differs, a dealer or hole number out of order, the
// match ending early or the record's final totals disagreeing) and says which hole and what.
// A hand in play whose actions already end it (a stop between its last move and its hole record) is accepted:
// that hole is in match->holes() but not counted in holes_checked, so a restart can write its record.
replayed_match replay_match(const match_detail& detail);

// The other way: the engine's finished hole `number` (1-based) of match `match` as the record the store keeps.
hole_record to_hole_record(match_id match, int number, const golf::hole_record& hole);

}  // namespace golf::persistence
