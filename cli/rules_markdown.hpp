// The tables of docs/rules.md as golf rules --markdown writes them: every preset and every house rule, from the
// engine's tables, between two marker lines (the prose around them is written by hand).
#pragma once

#include <ostream>

namespace golf::cli {

inline constexpr const char* rules_markdown_begin =
    "<!-- From here to the end marker: `golf rules --markdown` (a test fails when they differ). -->";
inline constexpr const char* rules_markdown_end = "<!-- End of `golf rules --markdown`. -->";

void print_rules_markdown(std::ostream& out);

}  // namespace golf::cli
