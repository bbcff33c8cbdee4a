// golf arena: named bots play single hands against each other, seats turning between hands, and the tool reports
// per bot its mean score with a 95 % interval, its hand wins and how long it takes to decide, and per pair of bots
// the paired difference of their means. The same seed gives the same figures on any number of threads.

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/arena/arena_run.hpp"
#include "cli/arena/arena_stats.hpp"
#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/progress_bar.hpp"
#include "engine/bot.hpp"

namespace golf::cli {

namespace {

constexpr int max_threads = 64;

struct arena_options {
    std::string preset_name;
    arena_setup setup;
    bool as_json = false;
};

std::string checked_bot(std::string_view flag, std::string_view name) {
    if (!make_bot(name))
        throw usage_error(std::string(flag) + ": unknown bot '" + std::string(name) +
                          "' (expected random, heuristic, easy, medium, hard or search:N, N playouts from 1 to " +
                          std::to_string(max_search_playouts) + ")");
    return std::string(name);
}

// "a,b,c" into names, each one make_bot accepts; more than `players` names is an error.
std::vector<std::string> parse_bot_list(std::string_view text, int players) {
    std::vector<std::string> names;
    for (std::size_t start = 0;;) {
        const std::size_t comma = text.find(',', start);
        names.push_back(
            checked_bot("--bots", text.substr(start, comma == std::string_view::npos ? text.npos : comma - start)));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (static_cast<int>(names.size()) > players)
        throw usage_error("--bots: " + std::to_string(names.size()) + " bots for " + std::to_string(players) +
                          " players (list 1 to " + std::to_string(players) + ")");
    return names;
}

arena_options parse_options(std::span<const std::string_view> words) {
    command_line args(words);
    std::optional<std::string_view> preset_name, players_text, hands_text, bots_text, threads_text;
    std::vector<std::string> house_rules;
    arena_options options;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--rules") preset_name = args.value();
        else if (flag == "--players") players_text = args.value();
        else if (flag == "--bots") bots_text = args.value();
        else if (flag == "--hands") hands_text = args.value();
        else if (flag == "--threads") threads_text = args.value();
        else if (flag == "--seed") options.setup.seed = parse_uint64("--seed", args.value());
        else if (flag == "--set") house_rules.emplace_back(args.value());
        else if (flag == "--baseline") options.setup.baseline = checked_bot("--baseline", args.value());
        else if (flag == "--json") options.as_json = args.switch_on();
        else args.unknown_flag();
    }
    if (!preset_name) throw usage_error("missing --rules PRESET");
    if (!players_text) throw usage_error("missing --players N");
    if (!bots_text) throw usage_error("missing --bots NAME,NAME,...");
    if (!hands_text) throw usage_error("missing --hands K");
    options.preset_name = *preset_name;
    const ruleset rules = rules_with_house_rules(find_preset_or_throw(*preset_name), house_rules);
    arena_setup& setup = options.setup;
    setup.players = parse_int("--players", *players_text, rules.min_players, rules.max_players);
    if (const auto problem = validate_for_players(rules, setup.players))
        throw usage_error("--players " + std::to_string(setup.players) + ": " + *problem);
    setup.rules = std::make_shared<const ruleset>(rules);
    setup.hands = parse_int("--hands", *hands_text, 1, max_hands);
    if (threads_text) setup.threads = parse_int("--threads", *threads_text, 1, max_threads);
    const std::vector<std::string> bot_list = parse_bot_list(*bots_text, setup.players);
    for (int s = 0; s < setup.players; ++s)
        setup.seat_bots.push_back(bot_list[static_cast<std::size_t>(s) % bot_list.size()]);
    return options;
}

double wins_of(const arena_bot& b) { return static_cast<double>(b.win_units) / static_cast<double>(win_unit); }

// Three significant digits without an exponent (0.00123, 0.0413, 52.1, 14042), at most six decimals.
std::string three_digits(double value) {
    const int decimals = value > 0 ? std::clamp(2 - static_cast<int>(std::floor(std::log10(value))), 0, 6) : 0;
    std::ostringstream out;
    out << std::fixed << std::setprecision(decimals) << value;
    return out.str();
}

std::string seat_line(const arena_options& options) {
    std::string line;
    for (const std::string& name : options.setup.seat_bots) line += (line.empty() ? "" : ", ") + name;
    return line;
}

void print_text(const arena_options& options, const arena_result& result) {
    std::size_t width = 3;
    for (const arena_bot& b : result.bots) width = std::max(width, b.name.size());
    std::ostringstream out;
    out << std::fixed << std::setprecision(2);
    out << "arena: " << result.hands << " hands of " << options.preset_name << ", " << options.setup.players
        << " seats (" << seat_line(options) << "), seed " << options.setup.seed << '\n';
    out << std::left << std::setw(static_cast<int>(width)) << "bot" << std::right
        << "  seats  mean score      95% interval       wins  decisions   ms mean     ms p50     ms p99\n";
    for (const arena_bot& b : result.bots) {
        const interval ci = b.scores.ci95();
        out << std::left << std::setw(static_cast<int>(width)) << b.name << std::right << std::setw(7)
            << b.seats_per_hand << std::setw(12) << b.scores.mean() << "  [" << std::setw(7) << ci.low << ", "
            << std::setw(7) << ci.high << "]" << std::setw(11) << wins_of(b) << std::setw(11) << b.times.count()
            << std::setw(10) << three_digits(b.times.mean_ms()) << std::setw(11)
            << three_digits(b.times.quantile_ms(0.5)) << std::setw(11) << three_digits(b.times.quantile_ms(0.99))
            << '\n';
    }
    for (const arena_difference& d : result.differences) {
        const interval ci = d.values.ci95();
        out << "difference " << result.bots[static_cast<std::size_t>(d.a)].name << " - "
            << result.bots[static_cast<std::size_t>(d.b)].name << ": " << d.values.mean() << "  [" << ci.low << ", "
            << ci.high << "] per hand" << (ci.low > 0 || ci.high < 0 ? "" : " (not clearly different)") << '\n';
    }
    if (!options.setup.baseline.empty()) {
        out << "against " << options.setup.baseline << " in the same seats on the same deals (lower is better):\n";
        for (const arena_bot& b : result.bots) {
            const interval ci = b.gains.ci95();
            out << "  " << std::left << std::setw(static_cast<int>(width)) << b.name << std::right << ' '
                << std::setw(6) << b.gains.mean() << "  [" << ci.low << ", " << ci.high << "] per hand"
                << (ci.low > 0 || ci.high < 0 ? "" : " (not clearly different)") << '\n';
        }
    }
    out << result.hands << " hands (" << result.actions << " actions) in " << three_digits(result.seconds)
        << " s: " << three_digits(per_second(result.hands, result.seconds)) << " hands/s\n";
    std::cout << out.str();
}

void write_interval(json_writer& json, const interval& ci) {
    json.begin_array().number(ci.low).number(ci.high).end_array();
}

void print_json(const arena_options& options, const arena_result& result) {
    json_writer json;
    json.begin_object().key("rules").string(options.preset_name).key("players").integer(options.setup.players);
    json.key("hands").integer(result.hands).key("seed").unsigned_integer(options.setup.seed);
    if (!options.setup.baseline.empty()) json.key("baseline").string(options.setup.baseline);
    json.key("actions").integer(result.actions);
    json.key("seconds").number(result.seconds).key("hands_per_second").number(per_second(result.hands, result.seconds));
    json.key("bots").begin_array();
    for (const arena_bot& b : result.bots) {
        json.begin_object().key("name").string(b.name).key("seats_per_hand").integer(b.seats_per_hand);
        json.key("mean_score").number(b.scores.mean()).key("ci95");
        write_interval(json, b.scores.ci95());
        json.key("wins").number(wins_of(b)).key("decisions").integer(b.times.count());
        json.key("decision_ms").begin_object().key("mean").number(b.times.mean_ms());
        json.key("p50").number(b.times.quantile_ms(0.5)).key("p99").number(b.times.quantile_ms(0.99));
        json.end_object();
        if (!options.setup.baseline.empty()) {
            json.key("against_baseline").begin_object().key("mean").number(b.gains.mean()).key("ci95");
            write_interval(json, b.gains.ci95());
            json.end_object();
        }
        json.end_object();
    }
    json.end_array().key("differences").begin_array();
    for (const arena_difference& d : result.differences) {
        json.begin_object().key("a").string(result.bots[static_cast<std::size_t>(d.a)].name);
        json.key("b").string(result.bots[static_cast<std::size_t>(d.b)].name);
        json.key("mean").number(d.values.mean()).key("ci95");
        write_interval(json, d.values.ci95());
        json.end_object();
    }
    json.end_array().end_object();
    std::cout << json.text() << '\n';
}

}  // namespace

std::string_view arena_usage() {
    return "usage: golf arena --rules PRESET --players N --bots NAME,NAME,... --hands K [--seed S]\n"
           "                  [--baseline NAME] [--set OPTION=VALUE ...] [--threads T] [--json]\n"
           "\n"
           "Bots play K single hands against each other and the tool prints, per bot, the mean hand score with\n"
           "its 95% interval, hand wins (ties shared) and decision times, and for each pair of bots the mean\n"
           "per-hand difference with its 95% interval. The N seats take the --bots names in turn (hard,heuristic\n"
           "at 4 players: hard, heuristic, hard, heuristic); the dealer moves every hand and the seats turn, so no\n"
           "bot gains from where it sits. The same seed gives the same figures whatever the number of threads.\n"
           "With --baseline, every deal is played a second time with that bot in every seat, and each bot is\n"
           "compared with it seat for seat on the same cards (as in duplicate bridge): a seat's score with the\n"
           "bot in it minus its score with the baseline there, whatever the bot's play did to the others.\n"
           "\n"
           "  --rules PRESET      the ruleset (see golf rules)\n"
           "  --players N         number of seats, within the ruleset's player range\n"
           "  --bots NAMES        1 to N of random, heuristic, easy, medium, hard, search:PLAYOUTS\n"
           "  --hands K           hands to play (1 to 100000000)\n"
           "  --seed S            seed for the deals and the bots (default 1)\n"
           "  --baseline NAME     also play each deal with NAME in every seat and compare seat for seat\n"
           "  --set OPTION=VALUE  a house rule (repeatable)\n"
           "  --threads T         threads playing hands (1 to 64, default 1)\n"
           "  --json              print one JSON object instead of text\n"
           "\n"
           "usage: golf arena --tournaments T --rules PRESET --field NAME,NAME,... --tables-of S --rounds R\n"
           "                  [--duplicate-scoring matchpoints|field] [--seed S] [--set OPTION=VALUE ...]\n"
           "\n"
           "Plays T whole tournaments of the field (one bot per entrant, 4 to 256), each twice from the same seed:\n"
           "Swiss (each table its own deals, points by place) and duplicate (every table of a round the same\n"
           "deals, matchpoints), at full tables of S with competition seating, and prints each entrant's mean\n"
           "final place and its spread in each format: the luck that duplicate scoring takes out\n"
           "(docs/tournaments.md). --set holes=N sets the length of each round's match. Duplicate rounds are\n"
           "scored by matchpoints, as the server scores them, or with --duplicate-scoring field by the strokes\n"
           "each seat beat its seat's mean over the round's tables by.\n";
}

int run_arena(std::span<const std::string_view> words) {
    if (std::find(words.begin(), words.end(), "--tournaments") != words.end() ||
        std::any_of(words.begin(), words.end(), [](std::string_view w) { return w.starts_with("--tournaments="); }))
        return run_tournament_arena(words);
    const arena_options options = parse_options(words);
    const arena_result result = [&] {
        progress_bar bar(options.setup.hands);
        return play_arena(options.setup, bar.callback());
    }();
    if (!result.failure.empty()) {
        std::cerr << "golf arena: " << result.failure << '\n';
        return exit_failure;
    }
    if (options.as_json) print_json(options, result);
    else print_text(options, result);
    return exit_ok;
}

}  // namespace golf::cli
