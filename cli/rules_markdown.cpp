// golf rules --markdown: the tables of docs/rules.md, written from presets() and ruleset_options() so the players'
// reference never drifts from the engine (a test compares the block between the markers with this output).
#include "cli/rules_markdown.hpp"

#include <algorithm>
#include <string>

#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::cli {

namespace {

// Text in a table cell: a pipe would end the cell.
std::string cell(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

// What an option takes, in a player's words where the table has them.
std::string values_text(const option_info& option) {
    const std::string unit = option.unit.empty() ? "" : " " + std::string(option.unit);
    const std::string range = std::to_string(option.min) + " to " + std::to_string(option.max) + unit;
    switch (option.kind) {
        case option_kind::boolean: return "yes or no";
        case option_kind::integer: return range;
        case option_kind::optional_integer: return range + ", or off";
        case option_kind::choice: {
            std::string out;
            for (std::size_t i = 0; i < option.choices.size(); ++i) {
                out += (i == 0 ? "" : "; ") + ("`" + std::string(option.choices[i]) + "`");
                if (i < option.choice_words.size()) out += " " + std::string(option.choice_words[i]);
            }
            return out;
        }
        case option_kind::integer_list: return "a list of " + range;
        case option_kind::card_values: return "cards and their values, " + range;
    }
    return range;
}

void presets_table(std::ostream& out) {
    out << "## Every preset\n\n| preset | the game | source and choices |\n|---|---|---|\n";
    for (const preset& p : presets())
        out << "| `" << p.name << "` | " << cell(p.summary) << " | " << cell(p.source) << " |\n";
}

void options_tables(std::ostream& out) {
    out << "\n## Every option\n";
    std::vector<std::string_view> groups;
    for (const option_info& option : ruleset_options())
        if (std::find(groups.begin(), groups.end(), option.group) == groups.end()) groups.push_back(option.group);
    for (const std::string_view group : groups) {
        out << "\n### " << group << "\n\n| option | what it is | values | what it does |\n|---|---|---|---|\n";
        for (const option_info& option : ruleset_options()) {
            if (option.group != group) continue;
            out << "| `" << option.name << "` | " << cell(option.label) << " | " << cell(values_text(option)) << " | "
                << cell(option.help) << " |\n";
        }
    }
}

}  // namespace

void print_rules_markdown(std::ostream& out) {
    out << rules_markdown_begin << "\n";
    presets_table(out);
    options_tables(out);
    out << rules_markdown_end << "\n";
}

}  // namespace golf::cli
