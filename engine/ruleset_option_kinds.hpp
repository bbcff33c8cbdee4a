// How each kind of ruleset option is read, written and checked: option_entry, one template per kind instantiated from
// a member pointer (so a field is named once, in the table), and the builders the table of options
// (ruleset_options_table.cpp) writes its rows with. Shared by that table and ruleset_options.cpp only.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/ruleset.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::option_detail {

// Each option's reader and writer are instantiated from a member pointer, so a field is named once, in the table.
using getter = std::string (*)(const ruleset&, const option_info&);
// Returns what is wrong with `value` (without the option's name), leaving the ruleset untouched on failure.
using setter = std::optional<std::string> (*)(ruleset&, std::string_view value, const option_info&);
struct option_entry;
// Returns what is wrong with the value `rules` holds, as a sentence starting with the option's name.
using checker = std::optional<std::string> (*)(const ruleset&, const option_entry&);

struct option_entry {
    option_info info;
    getter get;
    setter set;
    checker check;
    std::string_view items = {};  // what an integer list holds, as its messages say it ("player counts")
};

// The table, in its order (ruleset_options_table.cpp), and each row's option_info, in the same order.
std::span<const option_entry> option_entries();
std::span<const option_info> option_infos();

// ---- text helpers (ruleset_options.cpp)

std::string_view trim(std::string_view text);
bool same_word(std::string_view a, std::string_view b);
std::string quoted(std::string_view value);
std::optional<int> parse_int(std::string_view text);
std::optional<bool> parse_bool(std::string_view text);
std::vector<std::string_view> split_list(std::string_view text);
std::string range_text(const option_info& option);
bool in_range(int value, const option_info& option);
std::optional<std::string> out_of_range(int value, const option_info& option);
std::optional<std::string> parse_in_range(int& out, std::string_view value, const option_info& option);
std::string choice_list(const option_info& option);
// A card from the wire may hold any two bytes; only the 52 cards and a suitless joker are cards.
bool valid_card(card c);
std::string card_text(card c);
// Every bool is one of the two values, so a boolean has nothing to check.
std::optional<std::string> check_nothing(const ruleset&, const option_entry&);

// ---- readers and writers, one template per kind

template <auto Member>
using member_type = std::remove_cvref_t<decltype(std::declval<ruleset&>().*Member)>;

template <auto Member>
std::string get_boolean(const ruleset& rules, const option_info&) {
    return rules.*Member ? "true" : "false";
}

template <auto Member>
std::optional<std::string> set_boolean(ruleset& rules, std::string_view value, const option_info&) {
    const auto parsed = parse_bool(value);
    if (!parsed) return "expected true or false" + quoted(value);
    rules.*Member = *parsed;
    return std::nullopt;
}

template <auto Member>
std::string get_integer(const ruleset& rules, const option_info&) {
    return std::to_string(rules.*Member);
}

template <auto Member>
std::optional<std::string> set_integer(ruleset& rules, std::string_view value, const option_info& option) {
    return parse_in_range(rules.*Member, value, option);
}

template <auto Member>
std::optional<std::string> check_integer(const ruleset& rules, const option_entry& entry) {
    return out_of_range(rules.*Member, entry.info);
}

template <std::size_t Rank>
std::string get_rank_value(const ruleset& rules, const option_info&) {
    return std::to_string(rules.rank_value[Rank]);
}

template <std::size_t Rank>
std::optional<std::string> set_rank_value(ruleset& rules, std::string_view value, const option_info& option) {
    return parse_in_range(rules.rank_value[Rank], value, option);
}

template <std::size_t Rank>
std::optional<std::string> check_rank_value(const ruleset& rules, const option_entry& entry) {
    return out_of_range(rules.rank_value[Rank], entry.info);
}

template <auto Member>
std::string get_optional(const ruleset& rules, const option_info&) {
    const auto& value = rules.*Member;
    return value ? std::to_string(*value) : "off";
}

template <auto Member>
std::optional<std::string> set_optional(ruleset& rules, std::string_view value, const option_info& option) {
    if (same_word(trim(value), "off") || same_word(trim(value), "none")) {
        (rules.*Member).reset();
        return std::nullopt;
    }
    const auto parsed = parse_int(value);
    if (!parsed || !in_range(*parsed, option))
        return "expected off or an integer " + range_text(option) + quoted(value);
    rules.*Member = *parsed;
    return std::nullopt;
}

template <auto Member>
std::optional<std::string> check_optional(const ruleset& rules, const option_entry& entry) {
    const auto& value = rules.*Member;
    return value ? out_of_range(*value, entry.info) : std::nullopt;
}

template <auto Member>
std::string get_choice(const ruleset& rules, const option_info& option) {
    const auto index = static_cast<std::size_t>(rules.*Member);
    // A value out of range can only come from an unchecked wire message; show it rather than guess.
    return index < option.choices.size() ? std::string(option.choices[index]) : std::to_string(index);
}

template <auto Member>
std::optional<std::string> set_choice(ruleset& rules, std::string_view value, const option_info& option) {
    const auto text = trim(value);
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (same_word(text, option.choices[i])) {
            rules.*Member = static_cast<member_type<Member>>(i);
            return std::nullopt;
        }
    }
    return "expected one of " + choice_list(option) + quoted(value);
}

// Choices can arrive from the wire as raw numbers, so the value is checked against the names the table has.
template <auto Member>
std::optional<std::string> check_choice(const ruleset& rules, const option_entry& entry) {
    const auto index = static_cast<std::size_t>(rules.*Member);
    if (index < entry.info.choices.size()) return std::nullopt;
    return std::string(entry.info.name) + " is not a known choice (got " + std::to_string(index) + ")";
}

constexpr std::size_t max_list_entries = 8;

template <auto Member>
std::string get_integer_list(const ruleset& rules, const option_info&) {
    std::string out;
    for (const int value : rules.*Member) {
        if (!out.empty()) out += ',';
        out += std::to_string(value);
    }
    return out;
}

template <auto Member>
std::optional<std::string> set_integer_list(ruleset& rules, std::string_view value, const option_info& option) {
    const auto problem = [&] {
        return "expected at most " + std::to_string(max_list_entries) + " strictly increasing integers " +
               range_text(option) + ", separated by commas" + quoted(value);
    };
    std::vector<int> parsed;
    for (const auto item : split_list(value)) {
        const auto number = parse_int(item);
        if (!number || !in_range(*number, option)) return problem();
        if (!parsed.empty() && *number <= parsed.back()) return problem();
        parsed.push_back(*number);
    }
    if (parsed.size() > max_list_entries) return problem();
    rules.*Member = std::move(parsed);
    return std::nullopt;
}

template <auto Member>
std::optional<std::string> check_integer_list(const ruleset& rules, const option_entry& entry) {
    const auto& values = rules.*Member;
    const auto& option = entry.info;
    const std::string name(option.name);
    if (values.size() > max_list_entries)
        return name + " may list at most " + std::to_string(max_list_entries) + " " + std::string(entry.items) +
               " (got " + std::to_string(values.size()) + ")";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!in_range(values[i], option) || (i > 0 && values[i] <= values[i - 1]))
            return name + " must list strictly increasing " + std::string(entry.items) + " " + range_text(option) +
                   " (got " + get_integer_list<Member>(rules, option) + ")";
    }
    return std::nullopt;
}

template <auto Member>
std::string get_card_values(const ruleset& rules, const option_info&) {
    std::string out;
    for (const auto& [c, points] : rules.*Member) {
        if (!out.empty()) out += ',';
        out += to_string(c) + ":" + std::to_string(points);
    }
    return out;
}

template <auto Member>
std::optional<std::string> set_card_values(ruleset& rules, std::string_view value, const option_info& option) {
    std::vector<std::pair<card, int>> parsed;
    for (const auto item : split_list(value)) {
        const auto colon = item.find(':');
        const auto c = colon == std::string_view::npos ? std::nullopt : parse_card(trim(item.substr(0, colon)));
        const auto points = c ? parse_int(item.substr(colon + 1)) : std::nullopt;
        if (!points || !in_range(*points, option))
            return "expected CARD:POINTS pairs such as QS:40,X:-5 with points " + range_text(option) + quoted(value);
        for (const auto& [seen, unused] : parsed)
            if (seen == *c) return to_string(*c) + " is listed more than once" + quoted(value);
        parsed.emplace_back(*c, *points);
    }
    rules.*Member = std::move(parsed);
    return std::nullopt;
}

template <auto Member>
std::optional<std::string> check_card_values(const ruleset& rules, const option_entry& entry) {
    const auto& pairs = rules.*Member;
    const std::string name(entry.info.name);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto& [c, points] = pairs[i];
        if (!valid_card(c)) return name + " holds something that is not a card (" + card_text(c) + ")";
        if (!in_range(points, entry.info))
            return name + " values must be " + range_text(entry.info) + " (got " + to_string(c) + ":" +
                   std::to_string(points) + ")";
        for (std::size_t j = 0; j < i; ++j)
            if (pairs[j].first == c) return name + " lists " + to_string(c) + " more than once";
    }
    return std::nullopt;
}

// A power per rank reads and writes one entry of rank_power, like rank_value<> for points.
template <std::size_t Rank>
std::string get_rank_power(const ruleset& rules, const option_info& option) {
    const auto index = static_cast<std::size_t>(rules.rank_power[Rank]);
    return index < option.choices.size() ? std::string(option.choices[index]) : std::to_string(index);
}

template <std::size_t Rank>
std::optional<std::string> set_rank_power(ruleset& rules, std::string_view value, const option_info& option) {
    const auto text = trim(value);
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (same_word(text, option.choices[i])) {
            rules.rank_power[Rank] = static_cast<power_kind>(i);
            return std::nullopt;
        }
    }
    return "expected one of " + choice_list(option) + quoted(value);
}

template <std::size_t Rank>
std::optional<std::string> check_rank_power(const ruleset& rules, const option_entry& entry) {
    if (static_cast<std::size_t>(rules.rank_power[Rank]) < entry.info.choices.size()) return std::nullopt;
    return std::string(entry.info.name) + " is not a known choice (got " +
           std::to_string(static_cast<int>(rules.rank_power[Rank])) + ")";
}

// ---- table builders: each row names its option, its group and its words for players (label, then help)

constexpr int points_limit = 1000;

template <auto Member>
constexpr option_entry boolean(std::string_view name, std::string_view group, std::string_view label,
                               std::string_view help) {
    return {{name, group, help, option_kind::boolean, 0, 0, {}, label},
            &get_boolean<Member>,
            &set_boolean<Member>,
            &check_nothing};
}

// `unit` is what the number counts, in the plural ("holes", "cards").
template <auto Member>
constexpr option_entry integer(std::string_view name, std::string_view group, std::string_view label,
                               std::string_view help, std::string_view unit, int min, int max) {
    return {{name, group, help, option_kind::integer, min, max, {}, label, unit},
            &get_integer<Member>,
            &set_integer<Member>,
            &check_integer<Member>};
}

template <auto Member>
constexpr option_entry points(std::string_view name, std::string_view group, std::string_view label,
                              std::string_view help) {
    return integer<Member>(name, group, label, help, "points", -points_limit, points_limit);
}

template <std::size_t Rank>
constexpr option_entry rank_value(std::string_view name, std::string_view label, std::string_view help) {
    return {{name, "scoring", help, option_kind::integer, -points_limit, points_limit, {}, label, "points"},
            &get_rank_value<Rank>,
            &set_rank_value<Rank>,
            &check_rank_value<Rank>};
}

template <auto Member>
constexpr option_entry optional_points(std::string_view name, std::string_view group, std::string_view label,
                                       std::string_view help) {
    return {{name, group, help, option_kind::optional_integer, -points_limit, points_limit, {}, label, "points"},
            &get_optional<Member>,
            &set_optional<Member>,
            &check_optional<Member>};
}

// The choices' names and their words for players, one array each in enum order: N makes them the same length.
template <auto Member, std::size_t N>
constexpr option_entry choice(std::string_view name, std::string_view group, std::string_view label,
                              std::string_view help, const std::string_view (&choices)[N],
                              const std::string_view (&words)[N]) {
    return {{name, group, help, option_kind::choice, 0, static_cast<int>(N) - 1, choices, label, {}, words},
            &get_choice<Member>,
            &set_choice<Member>,
            &check_choice<Member>};
}

template <auto Member>
constexpr option_entry integer_list(std::string_view name, std::string_view group, std::string_view label,
                                    std::string_view help, std::string_view unit, std::string_view items, int min,
                                    int max) {
    return {{name, group, help, option_kind::integer_list, min, max, {}, label, unit},
            &get_integer_list<Member>,
            &set_integer_list<Member>,
            &check_integer_list<Member>,
            items};
}

template <auto Member>
constexpr option_entry card_values(std::string_view name, std::string_view group, std::string_view label,
                                   std::string_view help) {
    return {{name, group, help, option_kind::card_values, -points_limit, points_limit, {}, label, "points"},
            &get_card_values<Member>,
            &set_card_values<Member>,
            &check_card_values<Member>};
}

}  // namespace golf::option_detail
