// A hand's action log as text, the one spelling used by the database, `golf export` files and the protocol's
// RecordedHole.actions: tokens "SEAT:KIND[:SLOT[:OTHER]]" separated by single spaces, KIND as to_string(action_kind)
// writes it (e.g. "0:flip:3 1:peek:2 0:draw_stock 0:place:4 1:swap_own:0:3"). SLOT is written for the kinds that
// take a position, OTHER only for swap_own, so each move has exactly one spelling. The kinds that reach any layout
// name a seat first: "0:power_peek:TARGET:SLOT", "0:power_swap:TARGET:SLOT:OTHER_TARGET:OTHER", "0:shuffle:TARGET",
// "0:match:TARGET:SLOT:OTHER", "2:claim:TARGET:SLOT:OTHER" (OTHER: the actor's card given, 0 when TARGET is the
// actor); use_power has no numbers. The rest of Powers' table: "0:power_place:TARGET:SLOT:CARD",
// "0:power_flip:TARGET:SLOT", "0:power_lines:TARGET:SLOT:OTHER", "0:power_add:TARGET", "0:power_remove:SLOT" and
// "0:choose_power:KIND" (KIND the engine's power_kind number, e.g. 1 for peek_own; the wire's PowerKind is one more,
// and stays so: docs/match-record.md says why).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.hpp"
#include "engine/hand.hpp"

namespace golf {

std::optional<action_kind> parse_action_kind(std::string_view name);

std::string to_text(const logged_action& entry);
std::string encode_action_log(std::span<const logged_action> log);
// Appends `more` to `encoded`, an encode_action_log of the entries before them: encoding a growing log a move at a
// time costs the new entries only, and gives exactly encode_action_log of the whole.
void append_action_log(std::string& encoded, std::span<const logged_action> more);
// nullopt when any token is not in the form above, names an unknown kind, a seat above 15, a position above 63,
// or is not well_formed(); an empty text is an empty log.
std::optional<std::vector<logged_action>> decode_action_log(std::string_view text);

}  // namespace golf
