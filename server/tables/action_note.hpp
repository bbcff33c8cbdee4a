// A move in the words players read (words/action_words.hpp), for a table's notes and logs. It is said from nobody's
// seat ("put the card in place of their top-left card"), so it names the positions a move touches, never a card.
#pragma once

#include <functional>
#include <string>

#include "engine/action.hpp"
#include "engine/ruleset.hpp"

namespace golf::server {

std::string describe(const ruleset& rules, action a, int actor, const std::function<std::string(int)>& seat_name);

}  // namespace golf::server
