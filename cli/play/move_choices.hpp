// The moves `golf play` offers: each legal move of the seat's own HandView, in the order the server listed them,
// with its key (cli/play/move_keys.hpp) and its words ("put the 7♣ in place of your top-left card"), and the lookup of
// what the player typed among them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "golf/v1/messages.pb.h"

namespace golf::cli {

struct move_choice {
    v1::Action action;
    std::string key;                   // as shown: "e a1"
    std::vector<std::string> aliases;  // other ways of typing it: "w b2 a1" for "w a1 b2"
    std::string label;                 // "put the 9♣ in place of your top-left card (face down)"
};

// The legal moves of the seat's own view. With the table's rules, a USE_POWER move says what the card's power does;
// cards are named with suit symbols when `utf8`.
std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules = nullptr,
                                      bool utf8 = true);

// What every move of a kind does, for a screen too small to word each ("turn one of your cards face up"); empty
// for the kinds that come one at a time (a draw, a pass).
std::string kind_words(v1::ActionKind kind);

// The move `typed` names: its key (spaces and case ignored) or its number, from 1.
std::optional<std::size_t> find_move(const std::vector<move_choice>& moves, std::string_view typed);

}  // namespace golf::cli
