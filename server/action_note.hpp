// An action in words for a table's notes and logs: its kind and the positions it touches, never a card.
#pragma once

#include <string>

#include "engine/action.hpp"

namespace golf::server {

std::string describe(action a);

}  // namespace golf::server
