// Conversion between the engine's values and the wire protocol's messages. The server serialises views made by
// the engine (view_for / spectator_view), never the hand itself, so nothing here can reveal a hidden card.
#pragma once

#include <optional>
#include <string>

#include "engine/action.hpp"
#include "engine/hand.hpp"
#include "engine/match.hpp"
#include "engine/presets.hpp"
#include "engine/ruleset.hpp"
#include "golf/v1/messages.pb.h"

namespace golf::wire {

// Each to_proto has a fill() twin that writes into a message the caller owns (one on an Arena, or a field of a
// larger message), so building a view costs no temporary messages and no copies.
void fill(v1::Card& out, card c);
v1::Card to_proto(card c);
// nullopt when the message is not a card (rank > 13, a suit on a joker, a rank without a suit).
std::optional<card> from_proto(const v1::Card& c);

// Every field set.
v1::Ruleset to_proto(const ruleset& rules);
// Applies the fields set in `overrides` on top of `base`. On a bad value returns the engine's sentence, which
// names the option, and leaves `base` unchanged. Cross-option validation is validate()'s job.
std::optional<std::string> apply_overrides(ruleset& base, const v1::Ruleset& overrides);

void fill(v1::Action& out, action a);
v1::Action to_proto(action a);
// nullopt when kind is unspecified or unknown, or a position does not fit in a byte.
std::optional<action> from_proto(const v1::Action& a);

void fill(v1::HandScore& out, const hand_score& score);
v1::HandScore to_proto(const hand_score& score);
// `hole` is the 1-based hole number shown to the client.
void fill(v1::HandView& out, const hand_view& view, int hole);
// The view but its seats (fill is this, then each seat): for a caller that adds encoded seats itself.
void fill_except_seats(v1::HandView& out, const hand_view& view, int hole);
void fill(v1::SeatLayout& out, const seat_view& seat);
v1::HandView to_proto(const hand_view& view, int hole);

v1::PresetInfo to_proto(const preset& p);

// An engine event as `viewer` may see it (event_for cuts the card only its actor saw; `with_seen_card` false cuts
// it for the actor too, as in a hole's log resent under peeks_shown_once). `hole` and `index` place it in its log.
void fill(v1::TableEvent& out, const event& e, int viewer, bool with_seen_card, int hole, int index);
// The protocol's number for an engine event kind.
v1::EventKind to_proto(event_kind kind);

// ---- the other way, for clients and bots ----

// A TableJoined's ruleset (every field set) as an engine ruleset; nullopt when a value is out of range.
std::optional<ruleset> to_ruleset(const v1::Ruleset& rules);
// A HandView as the engine's hand_view, so engine bots can decide from what a seat received; nullopt when a field
// does not fit (an unknown phase, a bad card or action).
std::optional<hand_view> to_hand_view(const v1::HandView& view);
// A TableEvent as the engine's event as its receiver was given it (fill's way back), with `target` set for the
// kinds about the actor's own layout too; nullopt for an unknown kind or a bad card.
std::optional<event> to_event(const v1::TableEvent& e);

}  // namespace golf::wire
