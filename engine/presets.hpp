// The named rulesets. Each says which rule source it follows (the files in shared/rules: 000 pagat.com,
// 001/002 Wikipedia, 003 a 4-card blog, 004 Dick Oakes) and why its options are set as they are.
#pragma once

#include <span>
#include <string_view>

#include "engine/ruleset.hpp"

namespace golf {

struct preset {
    std::string_view name;
    std::string_view source;   // which rule source, and which choices were made where sources disagree
    std::string_view summary;  // one line for `golf rules`
    ruleset rules;
};

std::span<const preset> presets();
const preset* find_preset(std::string_view name);

}  // namespace golf
