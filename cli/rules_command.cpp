// golf rules: the presets, one ruleset grouped by option group (optionally with house rules), and the list
// of every option. All of it comes from presets() and ruleset_options(), so nothing here names an option.
#include <algorithm>
#include <charconv>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/rules_markdown.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::cli {

namespace {

std::string_view kind_name(option_kind kind) {
    switch (kind) {
        case option_kind::boolean: return "boolean";
        case option_kind::integer: return "integer";
        case option_kind::optional_integer: return "optional_integer";
        case option_kind::choice: return "choice";
        case option_kind::integer_list: return "integer_list";
        case option_kind::card_values: return "card_values";
    }
    return "unknown";
}

// What values an option takes, in the words `golf rules --options` shows.
std::string range_text(const option_info& option) {
    const std::string range = std::to_string(option.min) + ".." + std::to_string(option.max);
    switch (option.kind) {
        case option_kind::boolean: return "true|false";
        case option_kind::integer: return range;
        case option_kind::optional_integer: return range + " or off";
        case option_kind::choice: {
            std::string out;
            for (const std::string_view choice : option.choices) out += (out.empty() ? "" : "|") + std::string(choice);
            return out;
        }
        case option_kind::integer_list: return "comma-separated " + range;
        case option_kind::card_values: return "CARD:VALUE,... with values " + range;
    }
    return range;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    if (text.empty() || text == "none") return parts;
    for (;;) {
        const auto at = text.find(separator);
        parts.push_back(text.substr(0, at));
        if (at == std::string_view::npos) return parts;
        text.remove_prefix(at + 1);
    }
}

std::optional<int> to_int(std::string_view text) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    int value = 0;
    const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || stop != text.data() + text.size()) return std::nullopt;
    return value;
}

// One option's value as typed JSON, from the text form get_option() gives. Text that doesn't read as its
// kind is written as a string rather than lost.
void write_value(json_writer& json, const option_info& option, const std::string& text) {
    switch (option.kind) {
        case option_kind::boolean:
            if (text == "true" || text == "false") {
                json.boolean(text == "true");
                return;
            }
            break;
        case option_kind::integer:
            if (const auto value = to_int(text)) {
                json.integer(*value);
                return;
            }
            break;
        case option_kind::optional_integer:
            if (text == "off") {
                json.null();
                return;
            }
            if (const auto value = to_int(text)) {
                json.integer(*value);
                return;
            }
            break;
        case option_kind::choice: json.string(text); return;
        case option_kind::integer_list: {
            std::vector<int> values;
            for (const std::string_view part : split(text, ',')) {
                const auto value = to_int(part);
                if (!value) break;
                values.push_back(*value);
            }
            if (values.size() != split(text, ',').size()) break;
            json.begin_array();
            for (const int value : values) json.integer(value);
            json.end_array();
            return;
        }
        case option_kind::card_values: {
            std::vector<std::pair<std::string_view, int>> values;
            for (const std::string_view part : split(text, ',')) {
                const auto colon = part.find(':');
                const auto value = colon == std::string_view::npos ? std::nullopt : to_int(part.substr(colon + 1));
                if (!value) break;
                values.emplace_back(part.substr(0, colon), *value);
            }
            if (values.size() != split(text, ',').size()) break;
            json.begin_object();
            for (const auto& [card_text, value] : values) json.key(card_text).integer(value);
            json.end_object();
            return;
        }
    }
    json.string(text);
}

// An empty list reads as "none", which --set also accepts.
std::string shown_value(std::string text) { return text.empty() ? "none" : text; }

// Groups in the order the option table first names them.
std::vector<std::string_view> option_groups() {
    std::vector<std::string_view> groups;
    for (const option_info& option : ruleset_options())
        if (std::find(groups.begin(), groups.end(), option.group) == groups.end()) groups.push_back(option.group);
    return groups;
}

void list_presets(bool as_json) {
    if (as_json) {
        json_writer json;
        json.begin_object().key("presets").begin_array();
        for (const preset& p : presets()) {
            json.begin_object().key("name").string(p.name).key("summary").string(p.summary);
            json.key("source").string(p.source).end_object();
        }
        json.end_array().end_object();
        std::cout << json.text() << '\n';
        return;
    }
    std::size_t width = 0;
    for (const preset& p : presets()) width = std::max(width, p.name.size());
    for (const preset& p : presets()) {
        std::cout << p.name << std::string(width - p.name.size() + 2, ' ') << p.summary << "  [source: " << p.source
                  << "]\n";
    }
}

void list_options(bool as_json) {
    if (as_json) {
        json_writer json;
        json.begin_object().key("options").begin_array();
        for (const option_info& option : ruleset_options()) {
            json.begin_object().key("name").string(option.name).key("group").string(option.group);
            json.key("kind").string(kind_name(option.kind));
            if (option.kind == option_kind::choice) {
                json.key("choices").begin_array();
                for (const std::string_view choice : option.choices) json.string(choice);
                json.end_array().key("choice_words").begin_array();
                for (const std::string_view words : option.choice_words) json.string(words);
                json.end_array();
            } else if (option.kind != option_kind::boolean) {
                json.key("min").integer(option.min).key("max").integer(option.max);
            }
            if (!option.unit.empty()) json.key("unit").string(option.unit);
            json.key("label").string(option.label).key("help").string(option.help).end_object();
        }
        json.end_array().end_object();
        std::cout << json.text() << '\n';
        return;
    }
    // Label and help go on a line of their own (choice lists and help are too long to share one), choices' words under.
    std::size_t width = 0;
    for (const option_info& option : ruleset_options()) width = std::max(width, option.name.size());
    bool first = true;
    for (const std::string_view group : option_groups()) {
        std::cout << (first ? "" : "\n") << group << '\n';
        first = false;
        for (const option_info& option : ruleset_options()) {
            if (option.group != group) continue;
            std::cout << "  " << option.name << std::string(width - option.name.size() + 2, ' ')
                      << kind_name(option.kind) << ": " << range_text(option) << "\n      " << option.label << ": "
                      << option.help << '\n';
            for (std::size_t i = 0; i < option.choices.size() && i < option.choice_words.size(); ++i)
                std::cout << "        " << option.choices[i] << ": " << option.choice_words[i] << '\n';
        }
    }
}

void show_ruleset(const preset& base, const ruleset& rules, std::span<const std::string> house_rules, bool as_json) {
    if (as_json) {
        json_writer json;
        json.begin_object().key("name").string(base.name).key("source").string(base.source);
        json.key("summary").string(base.summary);
        json.key("house_rules").begin_array();
        for (const std::string& assignment : house_rules) json.string(assignment);
        json.end_array();
        json.key("rules").begin_object();
        for (const option_info& option : ruleset_options()) {
            json.key(option.name);
            write_value(json, option, get_option(rules, option));
        }
        json.end_object().end_object();
        std::cout << json.text() << '\n';
        return;
    }
    std::cout << base.name << ": " << base.summary << "\nsource: " << base.source << '\n';
    if (!house_rules.empty()) {
        std::cout << "house rules:";
        for (const std::string& assignment : house_rules) std::cout << ' ' << assignment;
        std::cout << '\n';
    }
    // "name = value" padded so the help comments line up.
    std::size_t width = 0;
    for (const option_info& option : ruleset_options())
        width = std::max(width, option.name.size() + 3 + shown_value(get_option(rules, option)).size());
    for (const std::string_view group : option_groups()) {
        std::cout << '\n' << group << '\n';
        for (const option_info& option : ruleset_options()) {
            if (option.group != group) continue;
            const std::string value = shown_value(get_option(rules, option));
            const std::string preset_value = shown_value(get_option(base.rules, option));
            std::string line = std::string(option.name) + " = " + value;
            line += std::string(width - line.size() + 2, ' ');
            std::cout << "  " << line << "# " << option.help;
            if (value != preset_value) std::cout << " (preset: " << preset_value << ")";
            std::cout << '\n';
        }
    }
}

}  // namespace

std::string_view rules_usage() {
    return "usage: golf rules [--json]\n"
           "       golf rules PRESET [--set OPTION=VALUE ...] [--json]\n"
           "       golf rules --options [--json]\n"
           "       golf rules --markdown\n"
           "\n"
           "With no PRESET, lists the presets: name, summary and rule source.\n"
           "With a PRESET, prints its ruleset grouped by option group (name = value  # help).\n"
           "\n"
           "  --set OPTION=VALUE  a house rule on top of the preset (repeatable; the result is validated)\n"
           "  --options           list every option with its kind, allowed values and help\n"
           "  --json              print one JSON object instead of text\n"
           "  --markdown          print docs/rules.md: the presets and every option, for people\n";
}

int run_rules(std::span<const std::string_view> words) {
    command_line args(words);
    std::optional<std::string_view> preset_name;
    std::vector<std::string> house_rules;
    bool as_json = false;
    bool options = false;
    bool markdown = false;
    while (args.next()) {
        if (!args.is_flag()) {
            if (preset_name)
                throw usage_error("expected one PRESET (got '" + std::string(*preset_name) + "' and '" +
                                  std::string(args.word()) + "')");
            preset_name = args.word();
        } else if (args.word() == "--json") {
            args.expect_no_value();
            as_json = true;
        } else if (args.word() == "--options") {
            args.expect_no_value();
            options = true;
        } else if (args.word() == "--markdown") {
            args.expect_no_value();
            markdown = true;
        } else if (args.word() == "--set") {
            house_rules.emplace_back(args.value());
        } else {
            args.unknown_flag();
        }
    }
    if (markdown) {
        if (preset_name || !house_rules.empty() || options || as_json)
            throw usage_error("--markdown takes no PRESET, --set, --options or --json");
        print_rules_markdown(std::cout);
        return exit_ok;
    }
    if (options) {
        if (preset_name || !house_rules.empty()) throw usage_error("--options takes no PRESET or --set");
        list_options(as_json);
        return exit_ok;
    }
    if (!preset_name) {
        if (!house_rules.empty()) throw usage_error("--set needs a PRESET to change");
        list_presets(as_json);
        return exit_ok;
    }
    const preset& base = find_preset_or_throw(*preset_name);
    const ruleset rules = rules_with_house_rules(base, house_rules);
    show_ruleset(base, rules, house_rules, as_json);
    return exit_ok;
}

}  // namespace golf::cli
