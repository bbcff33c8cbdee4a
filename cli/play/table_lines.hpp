// The lines that say what is going on at a table, in the player's language, shared by golf play's plain lines
// (terminal_view.cpp, where they are defined) and its full screen (screen_panes.cpp).
#pragma once

#include <string>

#include "cli/play/terminal_view.hpp"

namespace golf::cli {

// "waiting for players", "playing", "between holes", "match over".
std::string state_name(v1::TableState state);
// " Bob" after a seat's number, nothing for a seat nobody has taken.
std::string listed_name(const v1::TableUpdate& update, int seat);
// What is known of who sits there: " (you, host, guest)", " (free)", " (hard bot)"; nothing when nothing is.
std::string seat_tags(const table_picture& picture, const v1::TableUpdate& update, int seat);
// Whether a hole is being played (not over, not between holes).
bool hand_in_play(const v1::TableUpdate& update);
// "FINAL ROUND: Bob went out; 2 turns left"
std::string final_round_text(const v1::TableUpdate& update);
// "clock: Bob 0:25", counted down from the update's arrival; empty without a clock.
std::string clock_text(const table_picture& picture);
// "hole 2 scored:" and a line per seat with how its layout scored; empty before the hole is over.
std::string result_text(const v1::TableUpdate& update);
// "power: Bob is using a power (look at one of their own cards); looked at your top-left card", in the reader's
// point of view; empty when no power is in use.
std::string power_line(const v1::TableUpdate& update, bool utf8);
// "claims open: 2.4s left of 3.0s" while the window runs (counted down from the update's arrival).
std::string claim_window_line(const table_picture& picture);
// "claim: Bob claimed first and the card matched (1 later claim refused)"
std::string claim_outcome_line(const v1::TableUpdate& update);

}  // namespace golf::cli
