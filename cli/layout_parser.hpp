// The layout text of `golf score`: rows top to bottom separated by '/', cards by spaces, "--" an empty position.
// Kept apart from the command so the fuzz target (fuzz/) links exactly the parser `golf score` uses. A layout that
// does not fit the ruleset's shape, or a word that is not a card, throws usage_error naming the layout.
#pragma once

#include <string_view>

#include "cli/commands.hpp"
#include "engine/ruleset.hpp"
#include "engine/scoring.hpp"

namespace golf::cli {

// "KH 5C QH / KS 2D 3S" as cells in row-major order. `number` counts layouts from 1 (for the message).
layout_cells parse_layout(const ruleset& rules, int number, std::string_view text);

}  // namespace golf::cli
