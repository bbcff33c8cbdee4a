// golf arena as a user runs it (the real binary): the JSON's fields and how they agree with each other, the text
// table, the same figures for the same seed and for any number of threads, bad input (exit 2, one line naming the
// problem), claims offered to the bots, and the heuristic bot clearly beating the random one. Also, directly, that
// the seats turn so every bot sits at every distance from the dealer equally often.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/arena/arena_run.hpp"
#include "tests/cli/golf_runs.hpp"
#include "tests/cli/json_reader.hpp"

namespace golf {
namespace {

using test::json_reader;
using test::json_value;

using test::contains;
using test::count_lines;
using test::run;
using test::run_result;

// golf arena's JSON answer for `args`.
json_value arena_json(std::vector<std::string> args) {
    args.push_back("--json");
    return test::run_json(args);
}

std::vector<std::string> arena(const std::string& rules, int players, const std::string& bots, int hands,
                               std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"arena",  "--rules", rules,     "--players",          std::to_string(players),
                                  "--bots", bots,      "--hands", std::to_string(hands)};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

// Every figure that does not depend on the clock, as one text to compare.
std::string figures(const json_value& result) {
    std::ostringstream out;
    out.precision(17);
    out << result["rules"].string() << ' ' << result["players"].number() << ' ' << result["hands"].number() << ' '
        << result["seed"].number() << ' ' << result["actions"].number() << '\n';
    for (const json_value& b : result["bots"].array()) {
        out << b["name"].string() << ' ' << b["seats_per_hand"].number() << ' ' << b["mean_score"].number() << ' '
            << b["ci95"][0].number() << ' ' << b["ci95"][1].number() << ' ' << b["wins"].number() << ' '
            << b["decisions"].number() << '\n';
    }
    for (const json_value& d : result["differences"].array()) {
        out << d["a"].string() << '-' << d["b"].string() << ' ' << d["mean"].number() << ' ' << d["ci95"][0].number()
            << ' ' << d["ci95"][1].number() << '\n';
    }
    return out.str();
}

const json_value& bot_named(const json_value& result, const std::string& name) {
    for (const json_value& b : result["bots"].array())
        if (b["name"].string() == name) return b;
    throw std::runtime_error("no bot " + name);
}

// What every run's JSON must say of itself, whatever the bots.
void expect_consistent(const json_value& result, int hands) {
    EXPECT_EQ(result["hands"].number(), hands);
    EXPECT_TRUE(result["seconds"].is_number());
    double wins = 0;
    double seats = 0;
    for (const json_value& b : result["bots"].array()) {
        SCOPED_TRACE(b["name"].string());
        const double mean = b["mean_score"].number();
        EXPECT_LE(b["ci95"][0].number(), mean);
        EXPECT_GE(b["ci95"][1].number(), mean);
        wins += b["wins"].number();
        seats += b["seats_per_hand"].number();
        EXPECT_GT(b["decisions"].number(), 0);
        const json_value& ms = b["decision_ms"];
        EXPECT_GE(ms["mean"].number(), 0);
        EXPECT_LE(ms["p50"].number(), ms["p99"].number());
    }
    EXPECT_NEAR(wins, hands, 1e-6);  // ties share a win
    EXPECT_EQ(seats, result["players"].number());
    const std::size_t count = result["bots"].array().size();
    ASSERT_EQ(result["differences"].array().size(), count * (count - 1) / 2);
    std::size_t at = 0;
    for (std::size_t a = 0; a < count; ++a) {
        for (std::size_t b = a + 1; b < count; ++b, ++at) {
            const json_value& d = result["differences"][at];
            const json_value& first = result["bots"][a];
            const json_value& second = result["bots"][b];
            EXPECT_EQ(d["a"].string(), first["name"].string());
            EXPECT_EQ(d["b"].string(), second["name"].string());
            EXPECT_NEAR(d["mean"].number(), first["mean_score"].number() - second["mean_score"].number(), 1e-9);
            EXPECT_LE(d["ci95"][0].number(), d["mean"].number());
            EXPECT_GE(d["ci95"][1].number(), d["mean"].number());
        }
    }
}

TEST(golf_arena, json_has_every_field_and_they_agree) {
    const json_value result = arena_json(arena("six-card", 4, "heuristic,random", 200, {"--seed", "3"}));
    EXPECT_EQ(result["rules"].string(), "six-card");
    EXPECT_EQ(result["players"].number(), 4);
    EXPECT_EQ(result["seed"].number(), 3);
    ASSERT_EQ(result["bots"].array().size(), 2u);
    EXPECT_EQ(result["bots"][0]["name"].string(), "heuristic");
    EXPECT_EQ(result["bots"][1]["name"].string(), "random");
    EXPECT_EQ(result["bots"][0]["seats_per_hand"].number(), 2);
    expect_consistent(result, 200);
}

TEST(golf_arena, names_group_their_seats_and_every_pair_has_a_difference) {
    // Five seats from random,heuristic,random: random, heuristic, random, random, heuristic.
    const json_value grouped = arena_json(arena("six-card", 5, "random,heuristic,random", 60));
    ASSERT_EQ(grouped["bots"].array().size(), 2u);
    EXPECT_EQ(bot_named(grouped, "random")["seats_per_hand"].number(), 3);
    EXPECT_EQ(bot_named(grouped, "heuristic")["seats_per_hand"].number(), 2);
    expect_consistent(grouped, 60);

    const json_value three = arena_json(arena("four-card", 3, "random,heuristic,search:2", 12));
    ASSERT_EQ(three["differences"].array().size(), 3u);
    EXPECT_EQ(three["differences"][1]["a"].string(), "random");
    EXPECT_EQ(three["differences"][1]["b"].string(), "search:2");
    expect_consistent(three, 12);

    const json_value alone = arena_json(arena("six-card", 3, "heuristic", 30));
    EXPECT_EQ(alone["bots"][0]["seats_per_hand"].number(), 3);
    EXPECT_TRUE(alone["differences"].array().empty());
    expect_consistent(alone, 30);
}

TEST(golf_arena, prints_a_table) {
    const run_result r = run(arena("six-card", 4, "heuristic,random", 50, {"--seed", "9"}));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");  // no progress bar when stderr is not a terminal
    EXPECT_TRUE(
        r.out.starts_with("arena: 50 hands of six-card, 4 seats (heuristic, random, heuristic, random), seed 9\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "mean score")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nheuristic ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nrandom ")) << r.out;
    EXPECT_TRUE(contains(r.out, "difference heuristic - random: ")) << r.out;
    EXPECT_TRUE(contains(r.out, " hands/s\n")) << r.out;
}

TEST(golf_arena, the_same_seed_gives_the_same_figures) {
    const auto args = arena("six-card-oakes", 3, "heuristic,random", 80, {"--seed", "42"});
    const std::string first = figures(arena_json(args));
    EXPECT_EQ(figures(arena_json(args)), first);
    EXPECT_NE(figures(arena_json(arena("six-card-oakes", 3, "heuristic,random", 80, {"--seed", "43"}))), first);
}

TEST(golf_arena, any_number_of_threads_gives_the_same_figures) {
    const auto with_threads = [](const std::string& threads) {
        return figures(
            arena_json(arena("six-card", 4, "heuristic,random", 150, {"--seed", "5", "--threads", threads})));
    };
    const std::string one = with_threads("1");
    EXPECT_EQ(with_threads("3"), one);
    EXPECT_EQ(with_threads("64"), one);  // more threads than some blocks have hands: a few play none
    const auto few = arena("four-card", 2, "random,heuristic", 5, {"--threads"});
    auto many = few;
    many.push_back("16");  // more threads than hands
    auto single = few;
    single.push_back("1");
    EXPECT_EQ(figures(arena_json(many)), figures(arena_json(single)));
}

// Out-of-turn claims are offered to every seat, as the server does for its bots.
TEST(golf_arena, presets_with_claims_play_through) {
    for (const std::string name : {"cactus", "cumbia"}) {
        const json_value result = arena_json(arena(name, 3, "heuristic,random", 150, {"--threads", "2"}));
        expect_consistent(result, 150);
    }
}

TEST(golf_arena, heuristic_clearly_beats_random) {
    const json_value result = arena_json(arena("six-card", 4, "heuristic,random", 400, {"--threads", "2"}));
    const double heuristic = bot_named(result, "heuristic")["mean_score"].number();
    const double random = bot_named(result, "random")["mean_score"].number();
    EXPECT_LT(heuristic + 5, random);
    const json_value& d = result["differences"][0];
    EXPECT_EQ(d["a"].string(), "heuristic");
    EXPECT_LT(d["ci95"][1].number(), 0);  // the interval excludes 0
    EXPECT_GT(bot_named(result, "heuristic")["wins"].number(), bot_named(result, "random")["wins"].number());
}

// --baseline: each deal played again with the baseline in every seat, each bot compared with it seat for seat.
TEST(golf_arena, a_baseline_is_compared_seat_for_seat_on_the_same_deals) {
    // The heuristic bot draws nothing from its random source: in the baseline's place it plays the same moves on
    // the same cards, so every hand's difference is exactly 0.
    const json_value same = arena_json(arena("six-card", 4, "heuristic", 60, {"--baseline", "heuristic"}));
    EXPECT_EQ(same["baseline"].string(), "heuristic");
    const json_value& gain = same["bots"][0]["against_baseline"];
    EXPECT_EQ(gain["mean"].number(), 0);
    EXPECT_EQ(gain["ci95"][0].number(), 0);
    EXPECT_EQ(gain["ci95"][1].number(), 0);
    expect_consistent(same, 60);

    // The random bot in the heuristic bot's seats scores clearly worse than the heuristic bot did there; the
    // figures are the same on any number of threads, and the hands' own figures do not change with a baseline.
    const auto args = arena("six-card", 4, "heuristic,random", 200, {"--seed", "8", "--baseline", "heuristic"});
    const json_value one = arena_json(args);
    auto threaded = args;
    threaded.insert(threaded.end(), {"--threads", "3"});
    const json_value three = arena_json(threaded);
    const json_value& random = bot_named(one, "random")["against_baseline"];
    EXPECT_GT(random["ci95"][0].number(), 5) << random["mean"].number();
    EXPECT_EQ(random["mean"].number(), bot_named(three, "random")["against_baseline"]["mean"].number());
    EXPECT_EQ(figures(one), figures(three));
    EXPECT_EQ(figures(one), figures(arena_json(arena("six-card", 4, "heuristic,random", 200, {"--seed", "8"}))));
    EXPECT_FALSE(arena_json(arena("six-card", 4, "heuristic,random", 20)).has("baseline"));

    const run_result text = run(args);
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_TRUE(contains(text.out, "against heuristic in the same seats on the same deals")) << text.out;
}

void expect_arena_refuses(const std::vector<std::string>& args, const std::vector<std::string>& parts) {
    test::expect_bad_input(args, parts, "golf arena: ");
}

TEST(golf_arena, bad_input_names_the_problem) {
    expect_arena_refuses(arena("six-card", 4, "heuristic,clever", 10), {"--bots", "unknown bot 'clever'"});
    expect_arena_refuses(arena("six-card", 4, "heuristic,", 10), {"--bots", "unknown bot ''"});
    expect_arena_refuses(arena("six-card", 4, "search:0", 10), {"--bots", "'search:0'"});
    expect_arena_refuses(arena("six-card", 2, "random,heuristic,random", 10), {"--bots", "3 bots for 2 players"});
    expect_arena_refuses(arena("six-card", 1, "random", 10), {"--players", "got 1"});
    expect_arena_refuses(arena("six-card", 99, "random", 10), {"--players", "got 99"});
    expect_arena_refuses(arena("six-card", 4, "random", 0), {"--hands", "got 0"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--threads", "0"}), {"--threads", "got 0"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--threads", "65"}), {"--threads", "got 65"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--seed", "x"}), {"--seed"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--set", "holes=-1"}), {"holes"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--turbo"}), {"unknown option '--turbo'"});
    expect_arena_refuses(arena("six-card", 4, "random", 10, {"--baseline", "oracle"}), {"--baseline", "'oracle'"});
    expect_arena_refuses(arena("seven-card", 4, "random", 10), {"unknown preset 'seven-card'"});
    expect_arena_refuses({"arena", "--rules", "six-card", "--players", "4", "--hands", "5"}, {"missing --bots"});
    expect_arena_refuses({"arena", "--rules", "six-card", "--players", "4", "--bots", "random"}, {"missing --hands"});
}

// --tournaments: the same field plays each tournament Swiss and duplicate; the heuristic bots finish above the
// random ones in both, the same seed gives the same report, and bad input is one line.
TEST(golf_arena, tournaments_of_bots_are_played_in_both_formats) {
    const std::vector<std::string> args{"arena",
                                        "--tournaments",
                                        "6",
                                        "--rules",
                                        "six-card",
                                        "--set",
                                        "holes=2",
                                        "--field",
                                        "random,random,heuristic,heuristic",
                                        "--tables-of",
                                        "2",
                                        "--rounds",
                                        "2",
                                        "--seed",
                                        "5"};
    const run_result r = run(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.out.starts_with("tournaments: 6 of six-card (2 holes a match), 4 entrants at tables of 2, 2 rounds,"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "luck, the mean sd of an entrant's place: Swiss ")) << r.out;
    EXPECT_TRUE(contains(r.out, "pairs of different bots finishing in the order of their bots' mean place")) << r.out;
    const auto line = r.out.substr(r.out.find("by bot"));
    EXPECT_TRUE(line.starts_with("by bot (mean place, Swiss / duplicate): heuristic 1.")) << line;
    EXPECT_TRUE(contains(line, "; random 3.")) << line;
    const auto again = run(args);
    EXPECT_EQ(again.out.substr(0, again.out.rfind("hands in")), r.out.substr(0, r.out.rfind("hands in")));
    expect_arena_refuses(
        {"arena", "--tournaments", "2", "--rules", "six-card", "--field", "random,random", "--tables-of", "4"},
        {"--field", "4 to 256 entrants"});
    expect_arena_refuses({"arena", "--tournaments", "2", "--rules", "six-card", "--field",
                          "random,oracle,random,random", "--tables-of", "2"},
                         {"--field", "unknown bot 'oracle'"});
    expect_arena_refuses({"arena", "--tournaments", "0", "--rules", "six-card", "--field", "random"},
                         {"--tournaments"});
}

TEST(golf_arena, is_listed_with_its_usage) {
    const run_result list = run({"--help"});
    EXPECT_TRUE(contains(list.out, "\n  arena ")) << list.out;
    const run_result usage = run({"arena", "--help"});
    EXPECT_EQ(usage.status, 0);
    EXPECT_TRUE(usage.out.starts_with("usage: golf arena --rules PRESET --players N --bots NAME,NAME,..."))
        << usage.out;
}

// Over every run of `players` hands each entry of the bot list sits once at each distance from the dealer, so the
// first to play, the dealer and the rest come round equally; and each hand seats every entry exactly once.
TEST(arena_seating, every_entry_meets_every_dealer_distance_equally) {
    for (int players = 2; players <= 8; ++players) {
        std::map<std::pair<int, int>, int> seen;  // (entry, distance from the dealer) -> hands
        for (std::int64_t h = 0; h < players * players; ++h) {
            std::vector<bool> seated(static_cast<std::size_t>(players), false);
            for (int seat = 0; seat < players; ++seat) {
                const int entry = cli::arena_entry_at(seat, h, players);
                ASSERT_GE(entry, 0);
                ASSERT_LT(entry, players);
                EXPECT_FALSE(seated[static_cast<std::size_t>(entry)]) << players << " " << h;
                seated[static_cast<std::size_t>(entry)] = true;
                ++seen[{entry, static_cast<int>((seat - h % players + players) % players)}];
            }
        }
        for (int entry = 0; entry < players; ++entry)
            for (int distance = 0; distance < players; ++distance)
                EXPECT_EQ((seen[{entry, distance}]), players) << players << " seats, entry " << entry;
    }
}

}  // namespace
}  // namespace golf
