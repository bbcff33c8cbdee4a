// docs/rules.md as golf rules --markdown writes it: the presets and every house rule, from the engine's tables.
#pragma once

#include <ostream>

namespace golf::cli {

void print_rules_markdown(std::ostream& out);

}  // namespace golf::cli
