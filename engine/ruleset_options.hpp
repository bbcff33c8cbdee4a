// Every ruleset field by name: the one table that `golf rules --json`, `--set OPTION=VALUE`, the wire
// protocol and saved records use, so no option is spelled in two places. Values travel as text:
// booleans "true"/"false", integers in decimal, optional integers a number or "off", choices by name,
// lists comma-separated ("4,8"; card values "QS:40,JH:0").
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/ruleset.hpp"

namespace golf {

enum class option_kind { boolean, integer, optional_integer, choice, integer_list, card_values };

struct option_info {
    std::string_view name;
    std::string_view group;  // table, cards, layout, start, turns, powers, end, scoring, match
    std::string_view help;   // one plain sentence of what it does, for players (the editor, the CLI)
    option_kind kind;
    int min = 0;
    int max = 0;
    std::span<const std::string_view> choices{};       // for option_kind::choice, in enum order
    std::string_view label{};                          // a few plain words naming it ("Holes in a match")
    std::string_view unit{};                           // what a number counts, plural ("points", "holes"); else empty
    std::span<const std::string_view> choice_words{};  // each choice in plain words, in the order of `choices`
};

std::span<const option_info> ruleset_options();
const option_info* find_option(std::string_view name);

std::string get_option(const ruleset& rules, const option_info& option);
// Sets one option from text. On failure returns a sentence naming the option and leaves `rules` unchanged.
std::optional<std::string> set_option(ruleset& rules, std::string_view name, std::string_view value);
// "NAME=VALUE" form of set_option, as typed after --set.
std::optional<std::string> set_option(ruleset& rules, std::string_view assignment);

// The first option, in table order, whose value lies outside the table's range, choices or list rules, as a
// sentence starting with its name. validate() calls this, then checks the rules that involve several options.
std::optional<std::string> check_option_ranges(const ruleset& rules);

// The whole ruleset as "name=value" lines in table order; set_option on each line rebuilds it exactly.
std::string to_text(const ruleset& rules);

}  // namespace golf
