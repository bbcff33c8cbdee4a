// The `golf` tool as a user runs it: the real binary with real arguments, its stdout, stderr and exit status.
// Every command's happy path and JSON shape, the worked example from Dick Oakes's rules, every kind of bad
// input (exit 2 with a one-line message naming the problem, never a crash), and simulate's determinism.
// replay and export run against a database written by the real store and the files export writes.

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/golf_runs.hpp"
#include "tests/cli/json_reader.hpp"

#ifdef GOLF_HAVE_PERSISTENCE
#include <chrono>
#include <filesystem>
#include <fstream>

#include <sqlite3.h>

#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/account_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/persistence/played_match.hpp"
#include "tests/support/temp_dir.hpp"
#endif

namespace golf {
namespace {

using test::json_reader;
using test::json_value;

using test::contains;
using test::count_lines;
using test::expect_bad_input;
using test::expect_error_line;
using test::run;
using test::run_json;
using test::run_result;

const std::vector<std::string> preset_names{"four-card",  "four-card-jokers", "six-card", "six-card-oakes",
                                            "eight-card", "nine-card",        "ten-card"};

// ---- dispatch and usage

TEST(golf, help_prints_usage_on_stdout_and_exits_0) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"}, {"help"}, {"-h"}}) {
        const run_result r = run(args);
        EXPECT_EQ(r.status, 0);
        EXPECT_TRUE(r.out.starts_with("usage: golf COMMAND")) << r.out;
        for (const char* command : {"rules", "score", "simulate"}) EXPECT_TRUE(contains(r.out, command));
        EXPECT_EQ(r.err, "");
    }
}

TEST(golf, command_help_prints_that_commands_usage_and_exits_0) {
    for (const std::string command : {"rules", "score", "simulate"}) {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{command, "--help"}, {"help", command}, {command, "--rules", "six-card", "-h"}}) {
            const run_result r = run(args);
            EXPECT_EQ(r.status, 0);
            EXPECT_TRUE(r.out.starts_with("usage: golf " + command)) << r.out;
            EXPECT_EQ(r.err, "");
        }
    }
}

TEST(golf, missing_or_unknown_command_is_bad_input) {
    expect_bad_input({}, {"missing command"});
    expect_bad_input({"shuffle"}, {"unknown command 'shuffle'"});
    expect_bad_input({"--verbose"}, {"unknown option '--verbose'"});
    expect_bad_input({"help", "shuffle"}, {"unknown command 'shuffle'"});
}

// ---- golf rules

TEST(golf_rules, lists_every_preset_with_its_summary_and_source) {
    const run_result r = run({"rules"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    std::set<std::string> first_words;
    std::size_t start = 0;
    while (start < r.out.size()) {
        const std::size_t end = r.out.find('\n', start);
        const std::string line = r.out.substr(start, end - start);
        first_words.insert(line.substr(0, line.find(' ')));
        EXPECT_TRUE(contains(line, "[source: ")) << line;
        start = end + 1;
    }
    for (const std::string& name : preset_names) EXPECT_TRUE(first_words.count(name)) << name;
}

TEST(golf_rules, json_list_names_every_preset) {
    const json_value list = run_json({"rules", "--json"});
    std::set<std::string> names;
    for (const json_value& p : list["presets"].array()) {
        names.insert(p["name"].string());
        EXPECT_FALSE(p["summary"].string().empty());
        EXPECT_FALSE(p["source"].string().empty());
    }
    for (const std::string& name : preset_names) EXPECT_TRUE(names.count(name)) << name;
}

TEST(golf_rules, shows_a_preset_grouped_with_help_comments) {
    const run_result r = run({"rules", "six-card-oakes"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(r.out.starts_with("six-card-oakes: ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nsource: 004")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nlayout\n  rows = 2 ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\n  cols = 3 ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\n  jokers_per_pack = 2 ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nscoring\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "\nmatch\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  # ")) << r.out;
}

// Every option of the table appears in `golf rules PRESET --json` with the JSON type its kind promises.
TEST(golf_rules, json_has_every_option_typed_by_its_kind) {
    const json_value options = run_json({"rules", "--options", "--json"});
    ASSERT_FALSE(options["options"].array().empty());
    for (const std::string& name : preset_names) {
        SCOPED_TRACE(name);
        const json_value shown = run_json({"rules", name, "--json"});
        EXPECT_EQ(shown["name"].string(), name);
        EXPECT_FALSE(shown["source"].string().empty());
        EXPECT_FALSE(shown["summary"].string().empty());
        const json_value& rules = shown["rules"];
        EXPECT_EQ(rules.object().size(), options["options"].array().size());
        for (const json_value& option : options["options"].array()) {
            const std::string& option_name = option["name"].string();
            const std::string& kind = option["kind"].string();
            SCOPED_TRACE(option_name + " (" + kind + ")");
            ASSERT_TRUE(rules.has(option_name));
            const json_value& value = rules[option_name];
            if (kind == "boolean") {
                EXPECT_TRUE(value.is_bool());
            } else if (kind == "integer") {
                ASSERT_TRUE(value.is_number());
                EXPECT_GE(value.number(), option["min"].number());
                EXPECT_LE(value.number(), option["max"].number());
            } else if (kind == "optional_integer") {
                EXPECT_TRUE(value.is_null() || value.is_number());
            } else if (kind == "choice") {
                ASSERT_TRUE(value.is_string());
                bool listed = false;
                for (const json_value& choice : option["choices"].array()) listed |= choice.string() == value.string();
                EXPECT_TRUE(listed) << value.string();
            } else if (kind == "integer_list") {
                ASSERT_TRUE(value.is_array());
                for (const json_value& item : value.array()) EXPECT_TRUE(item.is_number());
            } else if (kind == "card_values") {
                ASSERT_TRUE(value.is_object());
                for (const auto& [card_name, points] : value.object()) EXPECT_TRUE(points.is_number()) << card_name;
            } else {
                ADD_FAILURE() << "unknown kind";
            }
        }
    }
}

TEST(golf_rules, json_values_match_the_preset) {
    const json_value shown = run_json({"rules", "six-card-oakes", "--json"});
    const json_value& rules = shown["rules"];
    EXPECT_EQ(rules["rows"].number(), 2);
    EXPECT_EQ(rules["cols"].number(), 3);
    EXPECT_EQ(rules["jokers_per_pack"].number(), 2);
    EXPECT_TRUE(rules["cancel_column"].boolean());
    EXPECT_EQ(rules["start"].string(), "flip");
    EXPECT_TRUE(shown["house_rules"].array().empty());
}

TEST(golf_rules, house_rules_change_the_json_values) {
    const json_value shown =
        run_json({"rules", "six-card", "--set", "holes=18", "--set=card_value_overrides=QS:40,JH:0", "--set",
                  "straight_score=-12", "--set", "extra_pack_above=4,8", "--set", "cancel_row=true", "--set",
                  "start_where=different_columns", "--json"});
    const json_value& rules = shown["rules"];
    EXPECT_EQ(rules["holes"].number(), 18);
    EXPECT_EQ(rules["card_value_overrides"]["QS"].number(), 40);
    EXPECT_EQ(rules["card_value_overrides"]["JH"].number(), 0);
    EXPECT_EQ(rules["straight_score"].number(), -12);
    ASSERT_EQ(rules["extra_pack_above"].array().size(), 2u);
    EXPECT_EQ(rules["extra_pack_above"][0].number(), 4);
    EXPECT_EQ(rules["extra_pack_above"][1].number(), 8);
    EXPECT_TRUE(rules["cancel_row"].boolean());
    EXPECT_EQ(rules["start_where"].string(), "different_columns");
    EXPECT_EQ(shown["house_rules"].array().size(), 6u);
    EXPECT_EQ(shown["house_rules"][0].string(), "holes=18");

    const json_value off = run_json({"rules", "six-card", "--set", "straight_score=off", "--json"});
    EXPECT_TRUE(off["rules"]["straight_score"].is_null());
}

TEST(golf_rules, house_rules_are_marked_in_the_text) {
    const run_result r = run({"rules", "six-card", "--set", "holes=18"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "\nhouse rules: holes=18\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "  holes = 18 ")) << r.out;
    EXPECT_TRUE(contains(r.out, "(preset: ")) << r.out;
}

TEST(golf_rules, options_lists_every_option_with_kind_and_help) {
    const json_value options = run_json({"rules", "--options", "--json"});
    const run_result text = run({"rules", "--options"});
    ASSERT_EQ(text.status, 0);
    for (const json_value& option : options["options"].array()) {
        EXPECT_FALSE(option["group"].string().empty());
        EXPECT_FALSE(option["help"].string().empty());
        EXPECT_FALSE(option["label"].string().empty());
        EXPECT_TRUE(contains(text.out, "  " + option["name"].string() + " ")) << option["name"].string();
        EXPECT_TRUE(contains(text.out, "      " + option["label"].string() + ": ")) << option["name"].string();
        if (option["kind"].string() == "choice") {
            EXPECT_EQ(option["choice_words"].array().size(), option["choices"].array().size());
        }
    }
    EXPECT_TRUE(contains(text.out, "        compulsory_unless_one_left: You must, unless only one"));
    EXPECT_TRUE(contains(text.out, "true|false"));
}

TEST(golf_rules, bad_input_names_the_problem) {
    expect_bad_input({"rules", "seven-card"}, {"unknown preset 'seven-card'", "six-card-oakes"});
    expect_bad_input({"rules", "six-card", "--set", "no_such_option=1"}, {"no_such_option"});
    expect_bad_input({"rules", "six-card", "--set", "rows=99"}, {"rows", "99"});
    expect_bad_input({"rules", "six-card", "--set", "cancel_row=maybe"}, {"cancel_row", "maybe"});
    expect_bad_input({"rules", "six-card", "--set", "holes"}, {"'holes'", "OPTION=VALUE"});
    expect_bad_input({"rules", "six-card", "--set"}, {"--set: missing value"});
    expect_bad_input({"rules", "--set", "holes=3"}, {"--set needs a PRESET"});
    expect_bad_input({"rules", "six-card", "nine-card"}, {"one PRESET"});
    expect_bad_input({"rules", "six-card", "--verbose"}, {"unknown option '--verbose'"});
    expect_bad_input({"rules", "--json=yes"}, {"--json takes no value"});
}

// ---- golf score

// Dick Oakes: "3 + 4 = 7, K + K = 0, and 6 + Joker = 4 for a total of 11."
TEST(golf_score, scores_the_worked_example_from_the_oakes_rules) {
    const run_result r = run({"score", "--rules", "six-card-oakes", "3H KS 6D / 4C KD X"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(r.out.starts_with("seat 0: 11\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "3H 4C = 7 | [KS] [KD] = 0 | 6D X = 4")) << r.out;
}

TEST(golf_score, json_has_each_seats_breakdown) {
    const json_value result =
        run_json({"score", "--rules", "six-card-oakes", "--json", "3H KS 6D / 4C KD X", "5s 5c 10d / 5h 2c --"});
    ASSERT_EQ(result["scores"].array().size(), 2u);
    EXPECT_EQ(result["scores"][0].number(), 11);
    ASSERT_EQ(result["seats"].array().size(), 2u);
    const json_value& seat0 = result["seats"][0];
    EXPECT_EQ(seat0["seat"].number(), 0);
    EXPECT_EQ(seat0["score"].number(), 11);
    EXPECT_EQ(seat0["layout_points"].number(), 11);
    EXPECT_EQ(seat0["adjustment"].number(), 0);
    EXPECT_EQ(seat0["bonus"].number(), 0);
    ASSERT_EQ(seat0["columns"].array().size(), 3u);
    EXPECT_EQ(seat0["columns"][0].number(), 7);
    EXPECT_EQ(seat0["columns"][1].number(), 0);
    EXPECT_EQ(seat0["columns"][2].number(), 4);
    const std::vector<bool> cancelled{false, true, false, false, true, false};
    ASSERT_EQ(seat0["cancelled"].array().size(), cancelled.size());
    for (std::size_t i = 0; i < cancelled.size(); ++i) EXPECT_EQ(seat0["cancelled"][i].boolean(), cancelled[i]) << i;
    EXPECT_EQ(seat0["layout"][1][2].string(), "X");
    EXPECT_TRUE(seat0["notes"].is_array());

    // Lower case and "10" are read; "--" is an empty position, shown as null and worth nothing.
    const json_value& seat1 = result["seats"][1];
    EXPECT_EQ(seat1["layout"][0][2].string(), "TD");
    EXPECT_TRUE(seat1["layout"][1][2].is_null());
    EXPECT_EQ(seat1["columns"][0].number(), 0);   // 5S 5H cancel
    EXPECT_EQ(seat1["columns"][1].number(), 7);   // 5C 2C
    EXPECT_EQ(seat1["columns"][2].number(), 10);  // TD and an empty position
    EXPECT_EQ(seat1["score"].number(), 17);
    EXPECT_TRUE(result["notes"].is_array());
    EXPECT_TRUE(result["match_winner"].is_null());
}

TEST(golf_score, caller_rules_apply_to_the_given_caller) {
    // four-card-jokers: a caller (who knocked) without the lowest score gets +10.
    const std::vector<std::string> layouts{"KS 9H / QD 8C", "KH AC / KD 2C"};
    std::vector<std::string> args{"score", "--rules", "four-card-jokers", "--json"};
    args.insert(args.end(), layouts.begin(), layouts.end());
    const json_value no_caller = run_json(args);
    args.insert(args.end(), {"--caller", "0"});
    const json_value caller0 = run_json(args);
    EXPECT_EQ(caller0["scores"][0].number(), no_caller["scores"][0].number() + 10);
    EXPECT_EQ(caller0["seats"][0]["adjustment"].number(), 10);
    EXPECT_EQ(caller0["scores"][1].number(), no_caller["scores"][1].number());
}

TEST(golf_score, power_presets_score_their_callers_by_their_sources) {
    const auto scores_of = [](const std::string& preset, const std::string& caller, std::vector<std::string> layouts) {
        std::vector<std::string> args{"score", "--rules", preset, "--json", "--caller", caller};
        args.insert(args.end(), layouts.begin(), layouts.end());
        const json_value result = run_json(args);
        std::vector<double> out;
        for (std::size_t i = 0; i < layouts.size(); ++i) out.push_back(result["scores"][i].number());
        return out;
    };
    // Pablo: -10 when lowest, else plus the highest opponent.
    EXPECT_EQ(scores_of("pablo", "0", {"AH 2H / 3H 4H", "9S 9C / 9D 9H"}), (std::vector<double>{-10, 36}));
    EXPECT_EQ(scores_of("pablo", "1", {"AH 2H / 3H 4H", "9S 9C / 9D 9H"}), (std::vector<double>{10, 46}));
    // Cactus: a beaten caller +10, and an opponent at or below the caller scores nothing; a layout that grew
    // into its extra rows is scored whole.
    EXPECT_EQ(scores_of("cactus", "1", {"KH KS / AH 2H", "5S 5C / 5D 5H / 3C --"}), (std::vector<double>{0, 33}));
    // Dacz: +5 for a tie.
    EXPECT_EQ(scores_of("dacz", "0", {"AH 2H 3H 4H", "AS 2S 3S 4S"}), (std::vector<double>{15, 10}));
    expect_bad_input({"score", "--rules", "cactus", "KH KS / AH 2H / 3C 4C / 5C 6C / 7C 8C", "AS 2S / 3S 4S"},
                     {"layout 1", "up to 4 rows"});
}

TEST(golf_score, the_deck_for_the_player_count_limits_copies) {
    // six-card-oakes: one deck with 2 jokers for 2-3 players, two decks with 4 jokers for 4 or more.
    const run_result two_jokers =
        run({"score", "--rules", "six-card-oakes", "X X 3H / 4C KD 5S", "AS 2S 3S / 4S 5D 6S"});
    EXPECT_EQ(two_jokers.status, 0) << two_jokers.err;
    expect_bad_input({"score", "--rules", "six-card-oakes", "X X 3H / 4C KD 5S", "AS 2S 3S / 4S 5D X"},
                     {"joker", "3 times", "2 players", "holds 2"});
    const run_result four_players = run({"score", "--rules", "six-card-oakes", "X X KS / 4C KD 5S", "X X KS / 4S 5D 6S",
                                         "AC 2C 3C / 6C 7C 8C", "AD 2D 3D / 6D 7D 8D"});
    EXPECT_EQ(four_players.status, 0) << four_players.err;
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH / KS 2D 3S", "KH 5D QD / KD 2C 3C"},
                     {"'KH' appears 2 times", "2 players", "holds 1"});
    expect_bad_input({"score", "--rules", "six-card", "X 5C QH / KS 2D 3S"}, {"joker", "holds none"});
}

TEST(golf_score, bad_layouts_name_the_layout_and_the_problem) {
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH / KS 2D 3S", "KD 5D / KC 2C 3C"},
                     {"layout 2: expected 2 rows of 3 cards, row 1 has 2"});
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH / KS 2D 3S / 4H 4D 4S"},
                     {"layout 1: expected 2 rows of 3 cards", "got 3 rows"});
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH KS 2D 3S"}, {"layout 1:", "got 1 row"});
    expect_bad_input({"score", "--rules", "six-card", ""}, {"layout 1:", "got 1 row"});
    expect_bad_input({"score", "--rules", "six-card", "ZZ 5C QH / KS 2D 3S"}, {"layout 1: 'ZZ' is not a card"});
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH / KS 2D 3S", "KD 5D QD / KC 2C 1C"},
                     {"layout 2: '1C' is not a card"});
    expect_bad_input({"score", "--rules", "six-card", "KH 5C QH / KS 2D 11S"}, {"'11S' is not a card"});
}

TEST(golf_score, bad_arguments_name_the_problem) {
    const std::string layout = "KH 5C QH / KS 2D 3S";
    expect_bad_input({"score", layout}, {"missing --rules"});
    expect_bad_input({"score", "--rules", "six-card"}, {"missing LAYOUT"});
    expect_bad_input({"score", "--rules"}, {"--rules: missing value"});
    expect_bad_input({"score", "--rules", "seven-card", layout}, {"unknown preset 'seven-card'"});
    expect_bad_input({"score", "--rules", "six-card", "--set", "rows=0", layout}, {"rows"});
    expect_bad_input({"score", "--rules", "six-card", "--set", "bogus=1", layout}, {"bogus"});
    expect_bad_input({"score", "--rules", "six-card", "--caller", "1", layout}, {"--caller", "seat 1", "only 0"});
    expect_bad_input({"score", "--rules", "six-card", "--caller", "2", layout, "AH 2H 3H / 4H 5H 6H"},
                     {"--caller", "seat 2", "0 to 1"});
    expect_bad_input({"score", "--rules", "six-card", "--caller", "-1", layout}, {"--caller", "seat -1"});
    expect_bad_input({"score", "--rules", "six-card", "--caller", "first", layout},
                     {"--caller: expected an integer (got 'first')"});
    expect_bad_input({"score", "--rules", "six-card", "--caller", "99999999999999999999", layout}, {"--caller"});
    expect_bad_input({"score", "--rules", "six-card", "--verbose", layout}, {"unknown option '--verbose'"});
}

TEST(golf_score, house_rules_change_the_score) {
    const json_value plain = run_json({"score", "--rules", "six-card", "--json", "QS 5C 5H / 4S 2D 3S"});
    const json_value queen = run_json(
        {"score", "--rules", "six-card", "--set", "card_value_overrides=QS:40", "--json", "QS 5C 5H / 4S 2D 3S"});
    EXPECT_EQ(queen["scores"][0].number(), plain["scores"][0].number() + 30);
}

// A layout whose first position is empty starts with "--", which is not mistaken for a flag.
TEST(golf_score, a_layout_starting_with_an_empty_position_is_not_a_flag) {
    const json_value result = run_json({"score", "--rules", "six-card", "--json", "-- 5C 5H / -- 2D 3S"});
    EXPECT_EQ(result["seats"][0]["columns"][0].number(), 0);
}

// Odd input of every sort ends in exit 0 or 2, never a signal.
TEST(golf_score, odd_layouts_never_crash) {
    for (const std::string layout : {"/", "//////", "  /  ", "-- -- -- / -- -- --", "X", "10 / 10", "\t", "KH/KS",
                                     "KH 5C QH / KS 2D 3S /", "\xff\xfe / \x01", "1", "10X / XX"}) {
        const run_result r = run({"score", "--rules", "six-card", layout});
        EXPECT_TRUE(r.status == 0 || r.status == 2) << layout << ": " << r.status << " " << r.err;
        if (r.status == 2) {
            EXPECT_EQ(count_lines(r.err), 1) << r.err;
        }
    }
}

// ---- golf simulate

TEST(golf_simulate, prints_averages_wins_and_speed) {
    const run_result r = run({"simulate", "--rules", "six-card", "--players", "3", "--hands", "30", "--seed", "5",
                              "--set", "holes=10", "--set", "target_score=0", "--set", "match_tie=shared"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");  // no progress bar when stderr is not a terminal
    EXPECT_TRUE(r.out.starts_with("simulated 30 hands of six-card: 3 heuristic bots, seed 5\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "seat  average score  wins\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "matches finished: 3\n")) << r.out;
    EXPECT_TRUE(contains(r.out, " hands/s, ")) << r.out;
    EXPECT_TRUE(contains(r.out, " actions/s\n")) << r.out;
}

TEST(golf_simulate, json_has_every_figure) {
    const json_value result =
        run_json({"simulate", "--rules", "four-card-jokers", "--players", "4", "--hands", "25", "--seed", "11", "--bot",
                  "random", "--set", "holes=4", "--set", "target_score=0", "--set", "match_tie=shared", "--json"});
    EXPECT_EQ(result["rules"].string(), "four-card-jokers");
    EXPECT_EQ(result["players"].number(), 4);
    EXPECT_EQ(result["hands"].number(), 25);
    EXPECT_EQ(result["seed"].number(), 11);
    EXPECT_EQ(result["bot"].string(), "random");
    EXPECT_GT(result["actions"].number(), 25);
    ASSERT_EQ(result["average_scores"].array().size(), 4u);
    for (const json_value& average : result["average_scores"].array()) EXPECT_TRUE(average.is_number());
    EXPECT_EQ(result["matches_finished"].number(), 6);  // 25 hands of 4-hole matches
    ASSERT_EQ(result["wins"].array().size(), 4u);
    double wins = 0;
    for (const json_value& w : result["wins"].array()) wins += w.number();
    EXPECT_GE(wins, 6);  // every finished match has at least one winner (ties share)
    EXPECT_TRUE(result["seconds"].is_number());
    EXPECT_TRUE(result["hands_per_second"].is_number());
    EXPECT_TRUE(result["actions_per_second"].is_number());
}

TEST(golf_simulate, the_same_seed_gives_the_same_results) {
    for (const std::string bot : {"heuristic", "random"}) {
        const std::vector<std::string> args{"simulate", "--rules", "six-card-oakes", "--players", "3",
                                            "--hands",  "40",      "--seed",         "42",        "--bot",
                                            bot,        "--json"};
        const json_value first = run_json(args);
        const json_value second = run_json(args);
        for (std::size_t s = 0; s < 3; ++s) {
            EXPECT_EQ(first["average_scores"][s].number(), second["average_scores"][s].number()) << bot << s;
            EXPECT_EQ(first["wins"][s].number(), second["wins"][s].number()) << bot << s;
        }
        EXPECT_EQ(first["actions"].number(), second["actions"].number()) << bot;

        std::vector<std::string> other_seed = args;
        other_seed[8] = "43";
        const json_value other = run_json(other_seed);
        EXPECT_NE(first["actions"].number(), other["actions"].number()) << bot;
    }
}

TEST(golf_simulate, every_preset_plays_with_both_bots) {
    for (const std::string& name : preset_names) {
        for (const std::string bot : {"heuristic", "random"}) {
            const run_result r =
                run({"simulate", "--rules", name, "--players", "2", "--hands", "10", "--bot", bot, "--json"});
            EXPECT_EQ(r.status, 0) << name << " " << bot << ": " << r.err;
        }
    }
}

// Claims, matches and calls with three seats, long enough for layouts to shrink to nothing (a regression: a
// taken discard once had no legal move left after a claim emptied its holder's layout).
TEST(golf_simulate, power_presets_play_many_hands_with_three_seats) {
    for (const std::string name : {"cambio", "pablo", "cumbia", "cabo", "cactus", "dacz"}) {
        for (const std::string bot : {"heuristic", "random"}) {
            const run_result r =
                run({"simulate", "--rules", name, "--players", "3", "--hands", "400", "--bot", bot, "--json"});
            EXPECT_EQ(r.status, 0) << name << " " << bot << ": " << r.err;
        }
    }
}

TEST(golf_simulate, bad_input_names_the_problem) {
    const std::vector<std::string> base{"simulate", "--rules", "six-card"};
    const auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> args = base;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    expect_bad_input({"simulate", "--players", "2", "--hands", "5"}, {"missing --rules"});
    expect_bad_input(with({"--hands", "5"}), {"missing --players"});
    expect_bad_input(with({"--players", "2"}), {"missing --hands"});
    expect_bad_input(with({"--players", "x", "--hands", "5"}), {"--players: expected an integer (got 'x')"});
    expect_bad_input(with({"--players", "2.5", "--hands", "5"}), {"--players: expected an integer (got '2.5')"});
    expect_bad_input(with({"--players", "1", "--hands", "5"}), {"--players", "got 1"});
    expect_bad_input(with({"--players", "99", "--hands", "5"}), {"--players", "got 99"});
    expect_bad_input(with({"--players", "2", "--hands", "0"}), {"--hands", "got 0"});
    expect_bad_input(with({"--players", "2", "--hands", ""}), {"--hands: expected an integer (got '')"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "--seed", "-3"}), {"--seed", "'-3'"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "--seed", "123456789012345678901234"}),
                     {"--seed", "too large"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "--bot", "clever"}), {"--bot", "'clever'"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "--set", "holes=-1"}), {"holes"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "--turbo"}), {"unknown option '--turbo'"});
    expect_bad_input(with({"--players", "2", "--hands", "5", "extra"}), {"unexpected argument 'extra'"});
    expect_bad_input({"simulate", "--rules", "seven-card", "--players", "2", "--hands", "5"},
                     {"unknown preset 'seven-card'"});
}

// ---- golf deal (built with the server library, which holds SHA-256)

#ifdef GOLF_HAVE_CLIENT

TEST(golf_deal, prints_the_commitment_and_the_whole_deal_from_a_seed) {
    // The commitment was computed outside the project: printf '\x00\x00\x00\x00\x00\x00\x04\xd2' | sha256sum
    const json_value deal =
        run_json({"deal", "--rules", "six-card", "--players", "3", "--dealer", "1", "--seed", "1234", "--json"});
    EXPECT_EQ(deal["seed"].string(), "00000000000004d2");
    EXPECT_EQ(deal["commitment"].string(), "4d8c47c3c1c837964011441882d745f7e92d10a40cef0520447c63029eafe396");
    // Every card of the pack exactly once: three layouts of six, the discard, and the stock.
    std::set<std::string> cards;
    std::size_t count = 0;
    for (const json_value& layout : deal["layouts"].array()) {
        std::istringstream words(layout.string());
        std::string word;
        while (words >> word)
            if (word != "/") {
                cards.insert(word);
                ++count;
            }
    }
    EXPECT_EQ(count, 18u);
    cards.insert(deal["discard"].string());
    for (const json_value& card : deal["stock"].array()) cards.insert(card.string());
    EXPECT_EQ(cards.size(), 52u);
    EXPECT_EQ(deal["stock"].array().size(), 33u);
}

TEST(golf_deal, hex_and_decimal_seeds_give_the_same_deal) {
    const run_result decimal = run({"deal", "--rules", "nine-card", "--players", "4", "--dealer", "0", "--seed", "99"});
    const run_result hex =
        run({"deal", "--rules", "nine-card", "--players", "4", "--dealer", "0", "--seed", "0x0000000000000063"});
    EXPECT_EQ(decimal.status, 0);
    EXPECT_EQ(decimal.out, hex.out);
    const run_result other = run({"deal", "--rules", "nine-card", "--players", "4", "--dealer", "0", "--seed", "98"});
    EXPECT_NE(decimal.out, other.out);
}

TEST(golf_deal, bad_input_names_the_problem) {
    expect_bad_input({"deal", "--players", "3", "--dealer", "0", "--seed", "1"}, {"--rules"});
    expect_bad_input({"deal", "--rules", "six-card", "--dealer", "0", "--seed", "1"}, {"--players"});
    expect_bad_input({"deal", "--rules", "six-card", "--players", "3", "--seed", "1"}, {"--dealer"});
    expect_bad_input({"deal", "--rules", "six-card", "--players", "3", "--dealer", "0"}, {"--seed"});
    expect_bad_input({"deal", "--rules", "six-card", "--players", "3", "--dealer", "3", "--seed", "1"}, {"--dealer"});
    expect_bad_input({"deal", "--rules", "six-card", "--players", "3", "--dealer", "0", "--seed", "0xZZ"}, {"--seed"});
    expect_bad_input({"deal", "--rules", "six-card", "--players", "1", "--dealer", "0", "--seed", "1"}, {"players"});
}
#endif  // GOLF_HAVE_CLIENT

#ifdef GOLF_HAVE_PERSISTENCE
// ---- golf replay and golf export, against a database the real store wrote and the files export writes

// A temporary directory holding a database with one finished and one unfinished self-played match, written
// through the store's public interface only (start_match, record_hole, record_hand_progress, finish_match, flush).
class recorded_matches : public ::testing::Test {
protected:
    void SetUp() override {
        persistence::testing::play_options options;
        options.players = 3;
        options.seed = 11;
        finished_ = persistence::testing::play_match("six-card", options).detail;
        options.max_holes = 2;
        options.in_play_actions = 5;
        unfinished_ = persistence::testing::play_match("nine-card", options).detail;

        persistence::sqlite_options store_options;
        store_options.path = db();
        persistence::sqlite_store store(store_options);
        finished_id_ = record(store, finished_);
        unfinished_id_ = record(store, unfinished_);
        ASSERT_TRUE(store.flush(std::chrono::seconds(30)));
    }

    static persistence::match_id record(persistence::match_store& store, persistence::match_detail& detail) {
        persistence::match_start start;
        start.table_code = detail.summary.table_code;
        start.preset = detail.summary.preset;
        start.ruleset = detail.summary.ruleset;
        start.seats = detail.summary.seats;
        start.started_at = detail.summary.started_at;
        const persistence::match_id id = store.start_match(start);
        detail.summary.id = id;
        for (persistence::hole_record hole : detail.holes) {
            hole.match = id;
            store.record_hole(hole);
        }
        if (detail.summary.ended_at) {
            persistence::match_result result;
            result.match = id;
            result.ended_at = *detail.summary.ended_at;
            result.winner_seat = detail.summary.winner_seat;
            for (const auto& total : detail.summary.final_totals) result.final_totals.push_back(total.value_or(0));
            store.finish_match(result);
        }
        if (detail.in_play) {
            persistence::hand_progress progress = *detail.in_play;
            progress.match = id;
            store.record_hand_progress(progress);
        }
        return id;
    }

    std::string db() const { return (dir_ / "golf.db").string(); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    static std::string read_file(const std::string& file) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }
    static void write_file(const std::string& file, const std::string& text) {
        std::ofstream(file, std::ios::binary) << text;
    }

    golf::testing::temp_dir temp_;  // removed with everything in it after the test
    std::filesystem::path dir_ = temp_.path();
    persistence::match_detail finished_, unfinished_;
    persistence::match_id finished_id_ = 0, unfinished_id_ = 0;
};

// Exit 1 with nothing on stdout and one line on stderr holding every one of `parts`.
void expect_failure(const std::vector<std::string>& args, const std::vector<std::string>& parts) {
    expect_error_line(args, 1, parts);
}

TEST_F(recorded_matches, replay_from_the_database_checks_every_hole_and_prints_the_scorecard) {
    const run_result r = run({"replay", "--db", db(), std::to_string(finished_id_)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::size_t holes = finished_.holes.size();
    EXPECT_TRUE(contains(r.out, "match " + std::to_string(finished_id_) + " at table K7QM2X: six-card, 3 seats"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "  seat 1: Bob Smith (heuristic bot)\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "hole  dealer  caller")) << r.out;
    EXPECT_TRUE(contains(r.out, "every hole matches the record (" + std::to_string(holes) + " holes checked)\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "winner: ") || contains(r.out, "shared win:")) << r.out;
    // Each seat's last running total is on the totals line.
    std::string totals = "totals:";
    for (const int t : finished_.holes.back().running_totals) totals += " " + std::to_string(t);
    EXPECT_TRUE(contains(r.out, totals + "\n")) << r.out;
}

TEST_F(recorded_matches, an_unfinished_match_replays_and_says_so) {
    const run_result r = run({"replay", "--db", db(), std::to_string(unfinished_id_)});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "the match is not finished\n")) << r.out;
    EXPECT_TRUE(contains(
        r.out, "hole 3 in play: dealer " + std::to_string(unfinished_.in_play->dealer) + ", 5 actions so far\n"))
        << r.out;
    EXPECT_TRUE(contains(r.out, "every hole matches the record (2 holes checked)")) << r.out;

    // The hand in play travels in the exported file too.
    const run_result exported = run({"export", "--db", db(), std::to_string(unfinished_id_)});
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_TRUE(contains(exported.out, "\nended -\n")) << exported.out;
    EXPECT_TRUE(contains(exported.out, "\nin-play 3\n")) << exported.out;
    EXPECT_TRUE(contains(exported.out, "\nactions " + unfinished_.in_play->actions + "\nend\n")) << exported.out;
}

TEST_F(recorded_matches, export_then_replay_the_file_without_the_database) {
    const run_result exported = run({"export", "--db", db(), std::to_string(finished_id_)});
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_EQ(exported.err, "");
    EXPECT_TRUE(exported.out.starts_with("golf-match-record 1\nmatch " + std::to_string(finished_id_) + "\n"))
        << exported.out.substr(0, 200);
    EXPECT_FALSE(contains(exported.out, "hash-of-token"));  // seat tokens never leave the database

    const std::string file = path("match.golf");
    const run_result written = run({"export", "--db", db(), std::to_string(finished_id_), "--out", file});
    ASSERT_EQ(written.status, 0) << written.err;
    EXPECT_TRUE(contains(written.out, "to " + file)) << written.out;
    EXPECT_EQ(read_file(file), exported.out);

    std::filesystem::remove(db());  // the file is enough
    const run_result replayed = run({"replay", "--file", file});
    ASSERT_EQ(replayed.status, 0) << replayed.err;
    EXPECT_TRUE(contains(
        replayed.out, "every hole matches the record (" + std::to_string(finished_.holes.size()) + " holes checked)"))
        << replayed.out;
}

TEST_F(recorded_matches, a_tampered_file_names_the_hole_that_differs) {
    const run_result exported = run({"export", "--db", db(), std::to_string(finished_id_)});
    ASSERT_EQ(exported.status, 0) << exported.err;
    // Hole 2's first seat scores one more than it did.
    std::string text = exported.out;
    const std::size_t hole = text.find("\nhole 2\n");
    ASSERT_NE(hole, std::string::npos);
    const std::size_t scores = text.find("\nscores ", hole) + 8;
    const std::size_t end = text.find(' ', scores);
    text.replace(scores, end - scores, std::to_string(std::stoi(text.substr(scores, end - scores)) + 1));
    const std::string file = path("tampered.golf");
    write_file(file, text);

    const run_result r = run({"replay", "--file", file});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_TRUE(contains(r.err, "golf replay: the record does not replay: hole 2: seat 0 scores")) << r.err;
    EXPECT_FALSE(contains(r.out, "every hole matches")) << r.out;
}

TEST_F(recorded_matches, a_damaged_file_names_its_line) {
    const std::string file = path("damaged.golf");
    write_file(file, "golf-match-record 1\nmatch seven\n");
    expect_failure({"replay", "--file", file}, {"golf replay: ", file, ": line 2: expected a match number"});
    write_file(file, "PK\x03\x04 not a record\n");
    expect_failure({"replay", "--file", file}, {"line 1: not a golf match record"});
}

TEST_F(recorded_matches, missing_matches_files_and_databases_fail_clearly) {
    expect_failure({"replay", "--db", db(), "999"}, {"golf replay: no match 999 in '" + db() + "'"});
    expect_failure({"export", "--db", db(), "999"}, {"golf export: no match 999"});
    const std::string nowhere = path("no-such.db");
    expect_failure({"replay", "--db", nowhere, "1"}, {"no such database file '" + nowhere + "'"});
    expect_failure({"export", "--db", nowhere, "1"}, {"no such database file"});
    EXPECT_FALSE(std::filesystem::exists(nowhere));  // looking never creates a database
    expect_failure({"replay", "--file", path("no-such.golf")}, {"no such file '" + path("no-such.golf") + "'"});
    expect_failure({"replay", "--db", dir_.string(), "1"}, {"is not a database file"});
    expect_failure({"replay", "--file", dir_.string()}, {"is not a file"});
    expect_failure({"export", "--db", db(), std::to_string(finished_id_), "--out", path("no-dir/x.golf")},
                   {"cannot write '" + path("no-dir/x.golf") + "'"});
}

TEST_F(recorded_matches, a_file_that_is_not_a_database_fails_clearly) {
    const std::string garbage = path("garbage.db");
    write_file(garbage, std::string(8192, 'x'));
    expect_failure({"replay", "--db", garbage, "1"}, {"cannot read the database '" + garbage + "'"});
    const std::string empty = path("empty.db");
    write_file(empty, "");
    expect_failure({"export", "--db", empty, "1"}, {"'" + empty + "' is empty, not a golf-server database"});
    EXPECT_EQ(std::filesystem::file_size(empty), 0u);  // and it was left alone
}

TEST(golf_replay, bad_flags_are_bad_input) {
    expect_bad_input({"replay"}, {"missing --db PATH MATCH_ID or --file PATH"});
    expect_bad_input({"replay", "--db", "x.db"}, {"missing MATCH_ID"});
    expect_bad_input({"replay", "--db", "x.db", "--file", "y", "1"}, {"not both"});
    expect_bad_input({"replay", "--file", "y", "3"}, {"MATCH_ID goes with --db"});
    expect_bad_input({"replay", "--db", "x.db", "abc"}, {"MATCH_ID: expected a positive integer (got 'abc')"});
    expect_bad_input({"replay", "--db", "x.db", "0"}, {"MATCH_ID"});
    expect_bad_input({"replay", "--db", "x.db", "1", "2"}, {"unexpected argument '2'"});
    expect_bad_input({"replay", "--bogus"}, {"--bogus"});
    expect_bad_input({"replay", "--db"}, {"--db"});
    expect_bad_input({"export"}, {"missing --db PATH"});
    expect_bad_input({"export", "--db", "x.db"}, {"missing MATCH_ID"});
    expect_bad_input({"export", "--db", "x.db", "1", "--out"}, {"--out"});
    expect_bad_input({"export", "--file", "x", "1"}, {"--file"});
    expect_bad_input({"export", "--db", "x.db", "12x"}, {"MATCH_ID"});
}

TEST(golf_replay, help_lists_replay_and_export) {
    const run_result r = run({"--help"});
    EXPECT_TRUE(contains(r.out, "\n  replay ")) << r.out;
    EXPECT_TRUE(contains(r.out, "\n  export ")) << r.out;
    for (const std::string command : {"replay", "export"}) {
        const run_result usage = run({command, "--help"});
        EXPECT_EQ(usage.status, 0);
        EXPECT_TRUE(usage.out.starts_with("usage: golf " + command)) << usage.out;
    }
}

// ---- golf ratings, against a database where two accounts played two rated matches

class rated_accounts : public ::testing::Test {
protected:
    void SetUp() override {
        persistence::sqlite_options options;
        options.path = db();
        persistence::sqlite_store store(options);
        auto& accounts = *store.accounts();
        const auto ann = accounts.create_account("ann", "ann", "hash", 1'700'000'000)->id;
        const auto bob = accounts.create_account("bob", "bob", "hash", 1'700'000'000)->id;
        const std::vector<persistence::seat_record> seats{{0, "ann", "t-ann", "", ann}, {1, "bob", "t-bob", "", bob}};
        for (int m = 0; m < 2; ++m) {
            const auto id =
                store.start_match({"", "six-card", to_text(find_preset("six-card")->rules), seats, 1'700'000'000});
            store.finish_match({id, 1'700'000'600 + m, std::nullopt, {3 + m, 7}, false});
        }
        ASSERT_TRUE(store.flush(std::chrono::seconds(30)));
    }

    // Runs SQL on the database behind golf's back.
    void execute(const std::string& sql) const {
        sqlite3* handle = nullptr;
        ASSERT_EQ(sqlite3_open(db().c_str(), &handle), SQLITE_OK);
        EXPECT_EQ(sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(handle);
        sqlite3_close(handle);
    }

    std::string db() const { return (dir_ / "golf.db").string(); }

    golf::testing::temp_dir temp_;
    std::filesystem::path dir_ = temp_.path();
};

TEST_F(rated_accounts, check_finds_the_ratings_as_the_matches_give_them) {
    const run_result r = run({"ratings", "--db", db(), "--check"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(contains(r.out, "replayed 2 matches: 2 ratings of 2 accounts\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "every stored rating equals the recomputed one (largest difference 0)")) << r.out;
}

TEST_F(rated_accounts, an_altered_rating_fails_the_check_by_name_and_the_rebuild_restores_it) {
    execute("UPDATE ratings SET mu = mu + 2 WHERE account_id = 1");
    const run_result checked = run({"ratings", "--db", db(), "--check"});
    EXPECT_EQ(checked.status, 1);
    EXPECT_TRUE(contains(checked.out, "1 stored rating differs from its recomputed value")) << checked.out;
    EXPECT_TRUE(contains(checked.out, "  account 1 (ann), six-card: stored mu ")) << checked.out;
    EXPECT_TRUE(contains(checked.out, " over 2 matches; recomputed mu ")) << checked.out;
    EXPECT_EQ(count_lines(checked.err), 1) << checked.err;
    EXPECT_TRUE(contains(checked.err, "golf ratings: the stored ratings are not what the recorded matches give"));

    const run_result rebuilt = run({"ratings", "--db", db()});
    ASSERT_EQ(rebuilt.status, 0) << rebuilt.err;
    EXPECT_TRUE(contains(rebuilt.out, "rebuilt the ratings and their history; before, 1 stored rating differs"))
        << rebuilt.out;
    EXPECT_EQ(run({"ratings", "--db", db(), "--check"}).status, 0);
}

TEST(golf_ratings, bad_flags_are_bad_input_and_a_missing_file_is_never_created) {
    expect_bad_input({"ratings"}, {"missing --db DB"});
    expect_bad_input({"ratings", "--check"}, {"missing --db DB"});
    expect_bad_input({"ratings", "--db", "x.db", "extra"}, {"unexpected argument 'extra'"});
    expect_bad_input({"ratings", "--db", "x.db", "--check=yes"}, {"--check takes no value"});
    expect_bad_input({"ratings", "--bogus"}, {"--bogus"});
    golf::testing::temp_dir temp;
    const std::string nowhere = (temp.path() / "no-such.db").string();
    const run_result r = run({"ratings", "--db", nowhere});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "no such database file '" + nowhere + "'")) << r.err;
    EXPECT_FALSE(std::filesystem::exists(nowhere));
}
#endif  // GOLF_HAVE_PERSISTENCE

}  // namespace
}  // namespace golf
