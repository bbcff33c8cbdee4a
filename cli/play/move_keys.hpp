// The keys of `golf play`: every move is typed as a key made from the move itself, so it is the same on every turn
// and a player learns it once. A key is a letter for what you do, then the places it names: "d" draws from the
// stock, "f a1" flips your top-left card (columns a, b, c... from the left, rows 1, 2... from the top), "l 2b2" looks
// at seat 2's card in column b, row 2 (seats counted from 1, as the screen shows them; the wire's seat 1). Spaces and
// case do not matter when typing ("fa1", "F A1").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "golf/v1/messages.pb.h"

namespace golf::cli {

// The key of a legal move of `hand` (its viewer's), as shown: "d", "f a1", "w a1 1b2", "m 1a1 b2".
std::string move_key(const v1::Action& action, const v1::HandView& hand);
// The other ways of typing the same move: a swap's two cards in the other order.
std::vector<std::string> move_key_aliases(const v1::Action& action, const v1::HandView& hand);

// A key as it is compared: lower case, no spaces.
std::string normalized_key(std::string_view typed);
// Whether `typed` has the form of a key (a move's letter, then seat numbers, column letters and row numbers), so a
// key that names no move of the moment is refused as such rather than as an unknown command.
bool looks_like_key(std::string_view typed);

// Why `number`, a seat as typed (counted from 1), names no seat of a table of `seats`: "there is no seat 0; seats are
// 1 to 4". nullopt when it names one; its wire seat is then one less.
std::optional<std::string> seat_problem(std::string_view number, int seats);

// Why `typed`, a move's letter and its places, cannot be a move of `hand`: the first seat the table does not have
// ("l 0a1": "there is no seat 0; seats are 1 to 3") or place that is no card position of any layout at the table
// ("e z9": "z9 is not a card position; positions are a1 to c2"). nullopt when it is not a move's key or every seat
// and place in it is one.
std::optional<std::string> place_problem(std::string_view typed, const v1::HandView& hand);

// The words of a refusal for the reader: the server's sentence, or its code when it sent none.
std::string refusal_text(const v1::Error& error);

// What ? and help show: how places and seats are named, every move's letter and the other commands, one a line.
std::vector<std::string> key_help(const v1::HandView* hand);

}  // namespace golf::cli
