// Ruleset options by name: parsing and printing values, finding an option (with a suggestion for a misspelt one),
// and checking a whole ruleset against the table's ranges. The table itself is ruleset_options_table.cpp.
#include "engine/ruleset_options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "engine/ruleset_option_kinds.hpp"

namespace golf {

namespace option_detail {

// ---- text helpers

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string quoted(std::string_view value) { return " (got '" + std::string(value) + "')"; }

std::optional<int> parse_int(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<bool> parse_bool(std::string_view text) {
    text = trim(text);
    for (std::string_view yes : {"true", "yes", "on", "1"})
        if (same_word(text, yes)) return true;
    for (std::string_view no : {"false", "no", "off", "0"})
        if (same_word(text, no)) return false;
    return std::nullopt;
}

std::vector<std::string_view> split_list(std::string_view text) {
    std::vector<std::string_view> items;
    text = trim(text);
    if (text.empty() || same_word(text, "none")) return items;
    while (true) {
        const auto comma = text.find(',');
        items.push_back(trim(text.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return items;
}

std::string range_text(const option_info& option) {
    return "between " + std::to_string(option.min) + " and " + std::to_string(option.max);
}

bool in_range(int value, const option_info& option) { return value >= option.min && value <= option.max; }

std::optional<std::string> out_of_range(int value, const option_info& option) {
    if (in_range(value, option)) return std::nullopt;
    return std::string(option.name) + " must be " + range_text(option) + " (got " + std::to_string(value) + ")";
}

// Every bool is one of the two values, so a boolean has nothing to check.
std::optional<std::string> check_nothing(const ruleset&, const option_entry&) { return std::nullopt; }

std::optional<std::string> parse_in_range(int& out, std::string_view value, const option_info& option) {
    const auto parsed = parse_int(value);
    if (!parsed || !in_range(*parsed, option)) return "expected an integer " + range_text(option) + quoted(value);
    out = *parsed;
    return std::nullopt;
}

std::string choice_list(const option_info& option) {
    std::string out;
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (i > 0) out += ", ";
        out += option.choices[i];
    }
    return out;
}

// A card from the wire may hold any two bytes; only the 52 cards and a suitless joker are cards.
bool valid_card(card c) {
    if (c.is_joker()) return c.suit_ == suit::none;
    return c.rank <= 13 && c.suit_ != suit::none && static_cast<int>(c.suit_) < static_cast<int>(suit::none);
}

std::string card_text(card c) {
    if (valid_card(c)) return to_string(c);
    return "rank " + std::to_string(static_cast<int>(c.rank)) + " suit " + std::to_string(static_cast<int>(c.suit_));
}

}  // namespace option_detail

namespace {

using option_detail::option_entries;
using option_detail::option_entry;
using option_detail::option_infos;
using option_detail::quoted;
using option_detail::trim;

const option_entry* find_entry(std::string_view name) {
    for (const auto& entry : option_entries())
        if (entry.info.name == name) return &entry;
    return nullptr;
}

// The entry behind an option_info, whether it points into the table or is a caller's copy.
const option_entry* entry_for(const option_info& option) {
    const auto infos = option_infos();
    if (&option >= infos.data() && &option < infos.data() + infos.size())
        return &option_entries()[static_cast<std::size_t>(&option - infos.data())];
    return find_entry(option.name);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string unknown_option(std::string_view name) {
    std::string message = "unknown option '" + std::string(name) + "'";
    const option_info* closest = nullptr;
    std::size_t best = 3;  // suggest only within an edit distance of 2
    for (const auto& info : option_infos()) {
        const auto distance = edit_distance(name, info.name);
        if (distance < best) {
            best = distance;
            closest = &info;
        }
    }
    if (closest) message += " (did you mean '" + std::string(closest->name) + "'?)";
    return message;
}

}  // namespace

std::span<const option_info> ruleset_options() { return option_infos(); }

const option_info* find_option(std::string_view name) {
    const auto* entry = find_entry(name);
    return entry ? &option_infos()[static_cast<std::size_t>(entry - option_entries().data())] : nullptr;
}

std::string get_option(const ruleset& rules, const option_info& option) {
    const auto* entry = entry_for(option);
    return entry ? entry->get(rules, entry->info) : std::string();
}

std::optional<std::string> set_option(ruleset& rules, std::string_view name, std::string_view value) {
    const auto* entry = find_entry(trim(name));
    if (!entry) return unknown_option(trim(name));
    // Setters write only after the whole value has parsed, so a failure leaves `rules` as it was.
    if (auto problem = entry->set(rules, value, entry->info)) return std::string(entry->info.name) + ": " + *problem;
    return std::nullopt;
}

std::optional<std::string> set_option(ruleset& rules, std::string_view assignment) {
    const auto equals = assignment.find('=');
    if (equals == std::string_view::npos) return "expected OPTION=VALUE" + quoted(assignment);
    return set_option(rules, assignment.substr(0, equals), assignment.substr(equals + 1));
}

std::optional<std::string> check_option_ranges(const ruleset& rules) {
    for (const auto& entry : option_entries())
        if (auto problem = entry.check(rules, entry)) return problem;
    return std::nullopt;
}

std::string to_text(const ruleset& rules) {
    std::string out;
    for (const auto& entry : option_entries()) {
        out += entry.info.name;
        out += '=';
        out += entry.get(rules, entry.info);
        out += '\n';
    }
    return out;
}

}  // namespace golf
