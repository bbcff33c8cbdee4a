// golf arena --tournaments: the command line and the report of tournament_sim.hpp's play.
#include <array>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/arena/arena_stats.hpp"
#include "cli/arena/tournament_sim.hpp"
#include "cli/commands.hpp"
#include "engine/bot.hpp"

namespace golf::cli {

namespace {

// A place's observations (places are whole numbers: tied entrants share one), for their mean and spread.
observations place_stats(const std::vector<double>& values) {
    observations out(1);
    for (const double v : values) out.add(std::llround(v));
    return out;
}

struct sim_options {
    std::string preset;
    tournament_sim_setup setup;
};

sim_options parse_sim(std::span<const std::string_view> words) {
    command_line args(words);
    sim_options o;
    std::vector<std::string> house_rules;
    std::optional<std::string_view> field;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--tournaments") o.setup.tournaments = parse_int("--tournaments", args.value(), 1, 100000);
        else if (flag == "--rules") o.preset = std::string(args.value());
        else if (flag == "--field") field = args.value();
        else if (flag == "--tables-of") o.setup.seats = parse_int("--tables-of", args.value(), 2, 8);
        else if (flag == "--rounds") o.setup.rounds = parse_int("--rounds", args.value(), 1, 20);
        else if (flag == "--seed") o.setup.seed = parse_uint64("--seed", args.value());
        else if (flag == "--set") house_rules.emplace_back(args.value());
        else if (flag == "--duplicate-scoring") {
            const std::string_view how = args.value();
            if (how != "matchpoints" && how != "field")
                throw usage_error("--duplicate-scoring: matchpoints or field (got '" + std::string(how) + "')");
            o.setup.versus_field = how == "field";
        } else args.unknown_flag();
    }
    if (o.preset.empty()) throw usage_error("missing --rules PRESET");
    if (!field) throw usage_error("missing --field NAME,NAME,... (one bot per entrant)");
    const ruleset rules = rules_with_house_rules(find_preset_or_throw(o.preset), house_rules);
    if (const auto problem = validate_for_players(rules, o.setup.seats))
        throw usage_error("--tables-of " + std::to_string(o.setup.seats) + ": " + *problem);
    o.setup.rules = std::make_shared<const ruleset>(rules);
    for (std::size_t start = 0;;) {
        const std::size_t comma = field->find(',', start);
        const std::string name(field->substr(start, comma == std::string_view::npos ? field->npos : comma - start));
        if (!make_bot(name)) throw usage_error("--field: unknown bot '" + name + "'");
        o.setup.field.push_back(name);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (o.setup.field.size() < static_cast<std::size_t>(o.setup.seats) || o.setup.field.size() > 256)
        throw usage_error("--field: " + std::to_string(o.setup.seats) + " to 256 entrants");
    return o;
}

// For each format: of the pairs of entrants whose bots differ, in every tournament, the share in which the one whose
// bot has the better mean place over both formats finished strictly above the other.
std::array<double, 2> order_kept(const sim_options& o, const tournament_sim_result& r,
                                 const std::map<std::string, std::vector<double>> (&by_bot)[2]) {
    std::map<std::string, double> strength;
    for (const auto& [name, places] : by_bot[0])
        strength[name] = place_stats(places).mean() + place_stats(by_bot[1].at(name)).mean();
    std::array<double, 2> kept{0, 0};
    double pairs = 0;
    const auto& field = o.setup.field;
    for (std::size_t a = 0; a < field.size(); ++a)
        for (std::size_t b = 0; b < field.size(); ++b) {
            if (strength[field[a]] >= strength[field[b]]) continue;  // a's bot the stronger (a lower mean place)
            for (std::size_t t = 0; t < r.places[0][a].size(); ++t) {
                pairs += 1;
                for (int f = 0; f < 2; ++f)
                    kept[static_cast<std::size_t>(f)] +=
                        r.places[static_cast<std::size_t>(f)][a][t] < r.places[static_cast<std::size_t>(f)][b][t] ? 1
                                                                                                                  : 0;
            }
        }
    if (pairs > 0)
        for (double& k : kept) k /= pairs;
    return kept;
}

void report_sim(const sim_options& o, const tournament_sim_result& r) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2);
    out << "tournaments: " << o.setup.tournaments << " of " << o.preset << " (" << o.setup.rules->holes
        << " holes a match), " << o.setup.field.size() << " entrants at tables of " << o.setup.seats << ", "
        << o.setup.rounds << " rounds, each played Swiss and duplicate, seed " << o.setup.seed << '\n';
    out << "entrant          Swiss: mean place   sd   duplicate: mean place   sd\n";
    double sd_sum[2] = {0, 0};
    std::map<std::string, std::vector<double>> by_bot[2];
    for (std::size_t e = 0; e < o.setup.field.size(); ++e) {
        const observations swiss = place_stats(r.places[0][e]);
        const observations dup = place_stats(r.places[1][e]);
        sd_sum[0] += swiss.standard_deviation();
        sd_sum[1] += dup.standard_deviation();
        for (int f = 0; f < 2; ++f)
            by_bot[f][o.setup.field[e]].insert(by_bot[f][o.setup.field[e]].end(), r.places[f][e].begin(),
                                               r.places[f][e].end());
        out << std::left << std::setw(16) << (std::to_string(e + 1) + ". " + o.setup.field[e]) << std::right
            << std::setw(19) << swiss.mean() << std::setw(6) << swiss.standard_deviation() << std::setw(23)
            << dup.mean() << std::setw(6) << dup.standard_deviation() << '\n';
    }
    out << "by bot (mean place, Swiss / duplicate):";
    for (const auto& [name, places] : by_bot[0])
        out << ' ' << name << ' ' << place_stats(places).mean() << " / " << place_stats(by_bot[1][name]).mean() << ';';
    const double n = static_cast<double>(o.setup.field.size());
    const double less = 100 * (1 - sd_sum[1] / std::max(sd_sum[0], 1e-9));
    out << "\nluck, the mean sd of an entrant's place: Swiss " << sd_sum[0] / n << ", duplicate " << sd_sum[1] / n
        << " (" << std::setprecision(0) << std::abs(less) << (less >= 0 ? "% less)\n" : "% more)\n");
    const auto kept = order_kept(o, r, by_bot);
    out << std::setprecision(0) << "pairs of different bots finishing in the order of their bots' mean place: Swiss "
        << 100 * kept[0] << "%, duplicate " << 100 * kept[1] << "%\n";
    out << std::setprecision(1) << r.hands << " hands in " << r.seconds << " s\n";
    std::cout << out.str();
}

}  // namespace

int run_tournament_arena(std::span<const std::string_view> words) {
    const sim_options o = parse_sim(words);
    const auto result = simulate_tournaments(o.setup);
    if (!result.failure.empty()) {
        std::cerr << "golf arena: " << result.failure << '\n';
        return exit_failure;
    }
    report_sim(o, result);
    return exit_ok;
}

}  // namespace golf::cli
