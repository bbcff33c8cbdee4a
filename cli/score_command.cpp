// golf score: scores final layouts typed on the command line, one per seat, with the engine's score_hand,
// and shows where each score came from. Layouts are checked against the ruleset's shape and deck first.
#include <array>
#include <cctype>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/layout_parser.hpp"
#include "engine/card.hpp"
#include "engine/scoring.hpp"

namespace golf::cli {

namespace {

// No card may appear more often than the deck for this many players holds.
void check_copies(const ruleset& rules, std::span<const layout_cells> layouts) {
    std::array<int, card_index_count> counts{};
    for (const layout_cells& cells : layouts)
        for (const auto& cell : cells)
            if (cell) ++counts[card_index(*cell)];
    const int players = static_cast<int>(layouts.size());
    const int packs = rules.packs_for(players);
    const std::string deck = "the deck for " + std::to_string(players) + " player" + (players == 1 ? "" : "s");
    for (const layout_cells& cells : layouts) {  // report in the order the cards were typed
        for (const auto& cell : cells) {
            if (!cell) continue;
            const int held = cell->is_joker() ? rules.jokers_per_pack * packs : packs;
            const int count = counts[card_index(*cell)];
            if (count <= held) continue;
            const std::string name = cell->is_joker() ? "joker 'X'" : "'" + to_string(*cell) + "'";
            throw usage_error(name + " appears " + std::to_string(count) + " times, but " + deck + " holds " +
                              (held == 0 ? std::string("none") : std::to_string(held)));
        }
    }
}

std::string cell_text(const std::optional<card>& cell) { return cell ? to_string(*cell) : "--"; }

bool cancelled_at(const layout_score& score, std::size_t i) { return i < score.cancelled.size() && score.cancelled[i]; }

int at_or_zero(const std::vector<int>& values, std::size_t i) { return i < values.size() ? values[i] : 0; }

void print_text(const ruleset& rules, std::span<const layout_cells> layouts, const hand_score& result) {
    const auto cols = static_cast<std::size_t>(rules.cols);
    for (std::size_t s = 0; s < layouts.size(); ++s) {
        const layout_score& layout = result.layouts[s];
        const std::size_t rows = cols > 0 ? layouts[s].size() / cols : 0;
        std::cout << "seat " << s << ": " << at_or_zero(result.scores, s) << '\n';
        // Columns top to bottom; a cancelled card is shown in brackets.
        std::cout << "  columns:";
        for (std::size_t c = 0; c < cols; ++c) {
            std::cout << (c == 0 ? " " : " | ");
            for (std::size_t r = 0; r < rows; ++r) {
                const std::size_t i = r * cols + c;
                const std::string text = cell_text(layouts[s][i]);
                std::cout << (r == 0 ? "" : " ") << (cancelled_at(layout, i) ? "[" + text + "]" : text);
            }
            std::cout << " = " << at_or_zero(layout.column_points, c);
        }
        std::cout << '\n';
        if (layout.bonus != 0) std::cout << "  bonus: " << layout.bonus << '\n';
        const int adjustment = at_or_zero(result.adjustments, s) + at_or_zero(result.extra, s);
        if (adjustment != 0) std::cout << "  layout " << layout.points << ", adjustment " << adjustment << '\n';
        for (const std::string& note : layout.notes) std::cout << "  " << note << '\n';
    }
    for (const std::string& note : result.notes) std::cout << "note: " << note << '\n';
    if (result.match_winner >= 0) std::cout << "match winner: seat " << result.match_winner << '\n';
}

void print_json(std::span<const layout_cells> layouts, const ruleset& rules, const hand_score& result) {
    json_writer json;
    json.begin_object().key("scores").begin_array();
    for (const int score : result.scores) json.integer(score);
    json.end_array().key("seats").begin_array();
    const auto cols = static_cast<std::size_t>(rules.cols);
    for (std::size_t s = 0; s < layouts.size(); ++s) {
        const layout_score& layout = result.layouts[s];
        json.begin_object().key("seat").integer(static_cast<std::int64_t>(s));
        json.key("score").integer(at_or_zero(result.scores, s));
        json.key("layout_points").integer(layout.points);
        json.key("adjustment").integer(at_or_zero(result.adjustments, s) + at_or_zero(result.extra, s));
        json.key("layout").begin_array();
        for (std::size_t i = 0; i < layouts[s].size(); ++i) {
            if (i % cols == 0) json.begin_array();
            if (layouts[s][i]) json.string(to_string(*layouts[s][i]));
            else json.null();
            if (i % cols == cols - 1) json.end_array();
        }
        json.end_array().key("columns").begin_array();
        for (const int points : layout.column_points) json.integer(points);
        json.end_array().key("cancelled").begin_array();
        for (const bool cancelled : layout.cancelled) json.boolean(cancelled);
        json.end_array().key("bonus").integer(layout.bonus);
        json.key("notes").begin_array();
        for (const std::string& note : layout.notes) json.string(note);
        json.end_array().end_object();
    }
    json.end_array().key("notes").begin_array();
    for (const std::string& note : result.notes) json.string(note);
    json.end_array().key("match_winner");
    if (result.match_winner >= 0) json.integer(result.match_winner);
    else json.null();
    json.end_object();
    std::cout << json.text() << '\n';
}

}  // namespace

std::string_view score_usage() {
    return "usage: golf score --rules PRESET [--set OPTION=VALUE ...] [--caller SEAT] [--json] LAYOUT [LAYOUT ...]\n"
           "\n"
           "Scores final layouts, one per seat (seat 0 first), as at the end of a hand.\n"
           "A LAYOUT is one quoted argument: rows top to bottom separated by '/', cards by spaces.\n"
           "Cards: rank A 2-9 T (or 10) J Q K and suit C D H S, e.g. QS, 10D; X is a joker; -- an empty position.\n"
           "Example: golf score --rules six-card-oakes \"3H KS 6D / 4C KD X\" \"AS 2C 3D / 4H 5S 6C\"\n"
           "\n"
           "  --rules PRESET      the ruleset (see golf rules)\n"
           "  --set OPTION=VALUE  a house rule (repeatable)\n"
           "  --caller SEAT       the seat that knocked or went out first, for the caller rules\n"
           "  --json              print one JSON object instead of text\n";
}

int run_score(std::span<const std::string_view> words) {
    command_line args(words);
    std::optional<std::string_view> preset_name, caller_text;
    std::vector<std::string> house_rules;
    std::vector<std::string_view> layout_texts;
    bool as_json = false;
    while (args.next()) {
        if (!args.is_flag()) {
            layout_texts.push_back(args.word());
        } else if (args.word() == "--rules") {
            preset_name = args.value();
        } else if (args.word() == "--set") {
            house_rules.emplace_back(args.value());
        } else if (args.word() == "--caller") {
            caller_text = args.value();
        } else if (args.word() == "--json") {
            args.expect_no_value();
            as_json = true;
        } else {
            args.unknown_flag();
        }
    }
    if (!preset_name) throw usage_error("missing --rules PRESET");
    const ruleset rules = rules_with_house_rules(find_preset_or_throw(*preset_name), house_rules);
    if (layout_texts.empty()) throw usage_error("missing LAYOUT: give one quoted layout per seat");
    if (static_cast<int>(layout_texts.size()) > max_seats_limit)
        throw usage_error("at most " + std::to_string(max_seats_limit) + " layouts (got " +
                          std::to_string(layout_texts.size()) + ")");

    std::vector<layout_cells> layouts;
    for (std::size_t i = 0; i < layout_texts.size(); ++i)
        layouts.push_back(parse_layout(rules, static_cast<int>(i + 1), layout_texts[i]));
    check_copies(rules, layouts);

    int caller = -1;
    if (caller_text) {
        const int seats = static_cast<int>(layouts.size());
        caller = parse_int("--caller", *caller_text, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        if (caller < 0 || caller >= seats)
            throw usage_error("--caller: seat " + std::to_string(caller) + " is not one of the given seats (" +
                              (seats == 1 ? std::string("only 0") : "0 to " + std::to_string(seats - 1)) + ")");
    }

    const hand_score result = score_hand(rules, layouts, caller);
    if (result.layouts.size() != layouts.size() || result.scores.size() != layouts.size())
        throw std::runtime_error("score_hand returned " + std::to_string(result.scores.size()) + " scores for " +
                                 std::to_string(layouts.size()) + " layouts");
    if (as_json) print_json(layouts, rules, result);
    else print_text(rules, layouts, result);
    return exit_ok;
}

}  // namespace golf::cli
