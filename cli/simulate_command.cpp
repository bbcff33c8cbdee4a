// golf simulate: bots play whole matches against each other, hand after hand, and the tool reports average
// hand scores, wins and speed. Every seed comes from --seed, so the same command gives the same scores.

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/progress_bar.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/random.hpp"

namespace golf::cli {

namespace {

using clock_type = std::chrono::steady_clock;

struct simulation {
    std::int64_t hands = 0;
    std::int64_t actions = 0;
    std::vector<std::int64_t> score_totals;  // per seat, summed over every hand
    std::vector<std::int64_t> wins;          // per seat: finished matches won (every tied winner counts)
    int matches_finished = 0;
    double seconds = 0;
};

struct simulate_settings {
    std::string_view preset_name;
    int players = 0;
    int hands = 0;
    std::uint64_t seed = 1;
    std::string_view bot_name = "heuristic";
};

// Plays `config.hands` hands; nullopt and a message on stderr if a hand goes wrong.
std::optional<simulation> simulate(const ruleset& rules, const simulate_settings& config) {
    const auto shared_rules = std::make_shared<const ruleset>(rules);
    std::vector<std::unique_ptr<bot>> bots;
    for (int s = 0; s < config.players; ++s) bots.push_back(make_bot(config.bot_name));
    random_source seeds(config.seed);
    random_source bot_random(seeds.next());  // the bots' choices, apart from the deals

    simulation result;
    result.score_totals.assign(static_cast<std::size_t>(config.players), 0);
    result.wins.assign(static_cast<std::size_t>(config.players), 0);
    const auto fail = [](std::int64_t hand_number, const std::string& message) {
        std::cerr << "golf simulate: hand " << hand_number + 1 << ": " << message << '\n';
        return std::nullopt;
    };

    progress_bar progress(config.hands);
    const auto start = clock_type::now();
    std::optional<match> current(std::in_place, shared_rules, config.players);
    for (std::int64_t h = 0; h < config.hands; ++h) {
        if (current->over()) current.emplace(shared_rules, config.players, current->next_dealer());
        if (!current->start_hole(seeds.next())) return fail(h, "the match refused to deal");
        int actions = 0;
        while (current->hole_in_play()) {
            if (++actions > max_actions_per_hand)
                return fail(h, "still going after " + std::to_string(max_actions_per_hand) + " actions");
            const hand& play = *current->current_hand();
            const std::vector<int> seats = play.seats_to_act();
            if (seats.empty())
                return fail(h, "no seat may act in phase " + std::string(to_string(play.current_phase())));
            const int seat = seats.front();
            const hand_view view = play.view_for(seat, recall::perfect);  // bots remember all they saw
            if (view.legal.empty()) return fail(h, "seat " + std::to_string(seat) + " has no legal action");
            const action chosen = bots[static_cast<std::size_t>(seat)]->choose(rules, view, bot_random);
            if (const action_error error = current->apply(seat, chosen); error != action_error::none)
                return fail(h, "seat " + std::to_string(seat) + "'s bot chose a refused action (" +
                                   std::string(to_string(chosen.kind)) + ": " + std::string(to_string(error)) + ")");
        }
        result.actions += actions;
        const hand_score& scores = current->current_hand()->result();
        for (std::size_t s = 0; s < result.score_totals.size() && s < scores.scores.size(); ++s)
            result.score_totals[s] += scores.scores[s];
        ++result.hands;
        if (current->over()) {
            ++result.matches_finished;
            for (const int winner : current->winners())
                if (winner >= 0 && winner < config.players) ++result.wins[static_cast<std::size_t>(winner)];
        }
        progress.update(h + 1);
    }
    result.seconds = std::chrono::duration<double>(clock_type::now() - start).count();
    progress.finish();
    return result;
}

double average(std::int64_t total, std::int64_t hands) {
    return hands == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(hands);
}

void print_text(const simulate_settings& config, const simulation& result) {
    std::ostringstream out;
    out << std::fixed;
    out << "simulated " << result.hands << " hands of " << config.preset_name << ": " << config.players << ' '
        << config.bot_name << " bots, seed " << config.seed << '\n';
    out << "seat  average score  wins\n";
    for (std::size_t s = 0; s < result.score_totals.size(); ++s) {
        out << std::setw(4) << s << "  " << std::setw(13) << std::setprecision(2)
            << average(result.score_totals[s], result.hands) << "  " << std::setw(4) << result.wins[s] << '\n';
    }
    out << "matches finished: " << result.matches_finished << '\n';
    out << std::setprecision(3) << result.actions << " actions in " << result.seconds << " s: " << std::setprecision(0)
        << per_second(result.hands, result.seconds) << " hands/s, " << per_second(result.actions, result.seconds)
        << " actions/s\n";
    std::cout << out.str();
}

void print_json(const simulate_settings& config, const simulation& result) {
    json_writer json;
    json.begin_object().key("rules").string(config.preset_name).key("players").integer(config.players);
    json.key("hands").integer(result.hands).key("seed").unsigned_integer(config.seed);
    json.key("bot").string(config.bot_name).key("actions").integer(result.actions);
    json.key("average_scores").begin_array();
    for (const std::int64_t total : result.score_totals) json.number(average(total, result.hands));
    json.end_array().key("matches_finished").integer(result.matches_finished).key("wins").begin_array();
    for (const std::int64_t wins : result.wins) json.integer(wins);
    json.end_array().key("seconds").number(result.seconds);
    json.key("hands_per_second").number(per_second(result.hands, result.seconds));
    json.key("actions_per_second").number(per_second(result.actions, result.seconds));
    json.end_object();
    std::cout << json.text() << '\n';
}

}  // namespace

std::string_view simulate_usage() {
    return "usage: golf simulate --rules PRESET --players N --hands K [--seed S] [--bot LEVEL]\n"
           "                     [--set OPTION=VALUE ...] [--json]\n"
           "\n"
           "Bots play K hands against each other, starting a new match whenever one ends, and the tool\n"
           "prints the average hand score and wins per seat, matches finished, and hands and actions per second.\n"
           "The same seed gives the same scores.\n"
           "\n"
           "  --rules PRESET      the ruleset (see golf rules)\n"
           "  --players N         number of seats, within the ruleset's player range\n"
           "  --hands K           hands to play (1 to 100000000)\n"
           "  --seed S            seed for the deals and the bots (default 1)\n"
           "  --bot LEVEL         random, heuristic, easy, medium, hard or search:N (default heuristic)\n"
           "  --set OPTION=VALUE  a house rule (repeatable)\n"
           "  --json              print one JSON object instead of text\n";
}

int run_simulate(std::span<const std::string_view> words) {
    command_line args(words);
    std::optional<std::string_view> preset_name, players_text, hands_text;
    std::vector<std::string> house_rules;
    simulate_settings config;
    bool as_json = false;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        if (args.word() == "--rules") {
            preset_name = args.value();
        } else if (args.word() == "--players") {
            players_text = args.value();
        } else if (args.word() == "--hands") {
            hands_text = args.value();
        } else if (args.word() == "--seed") {
            config.seed = parse_uint64("--seed", args.value());
        } else if (args.word() == "--bot") {
            config.bot_name = args.value();
        } else if (args.word() == "--set") {
            house_rules.emplace_back(args.value());
        } else if (args.word() == "--json") {
            args.expect_no_value();
            as_json = true;
        } else {
            args.unknown_flag();
        }
    }
    if (!preset_name) throw usage_error("missing --rules PRESET");
    if (!players_text) throw usage_error("missing --players N");
    if (!hands_text) throw usage_error("missing --hands K");
    config.preset_name = *preset_name;
    const ruleset rules = rules_with_house_rules(find_preset_or_throw(*preset_name), house_rules);
    config.players = parse_int("--players", *players_text, rules.min_players, rules.max_players);
    config.hands = parse_int("--hands", *hands_text, 1, max_hands);
    if (!make_bot(config.bot_name))
        throw usage_error("--bot: expected random, heuristic, easy, medium, hard or search:N (N playouts, 1 to " +
                          std::to_string(max_search_playouts) + "; got '" + std::string(config.bot_name) + "')");
    if (const auto problem = match::check(rules, config.players))
        throw usage_error("--players " + std::to_string(config.players) + ": " + *problem);

    const auto result = simulate(rules, config);
    if (!result) return exit_failure;
    if (as_json) print_json(config, *result);
    else print_text(config, *result);
    return exit_ok;
}

}  // namespace golf::cli
