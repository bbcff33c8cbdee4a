// The portable match file: every preset's self-played match round-trips through write/read and still replays
// clean; free text of any bytes survives the escape; token hashes are never written; the parser refuses every
// kind of damage with "line N: ..." and, fed truncations and random corruptions, never throws or crashes.
#include <gtest/gtest.h>

#include <cstdio>
#include <functional>
#include <sstream>

#include "persistence/match_file.hpp"
#include "persistence/match_replay.hpp"
#include "tests/persistence/played_match.hpp"

namespace golf::persistence::testing {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string join(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) out += line + '\n';
    return out;
}

// The 1-based number of the first line that starts with `prefix`.
std::size_t line_number(const std::vector<std::string>& lines, const std::string& prefix) {
    for (std::size_t i = 0; i < lines.size(); ++i)
        if (lines[i].starts_with(prefix)) return i + 1;
    ADD_FAILURE() << "no line starts with " << prefix;
    return 0;
}

std::string error_of(const std::string& text) {
    const auto read = read_match_file(text);
    if (!std::holds_alternative<std::string>(read)) {
        ADD_FAILURE() << "accepted:\n" << text.substr(0, 400);
        return "";
    }
    return std::get<std::string>(read);
}

match_detail read_ok(const std::string& text) {
    auto read = read_match_file(text);
    if (auto* error = std::get_if<std::string>(&read)) {
        ADD_FAILURE() << *error;
        return {};
    }
    return std::get<match_detail>(std::move(read));
}

played_match small_match() {
    play_options options;
    options.players = 3;
    options.seed = 5;
    options.max_holes = 2;
    options.in_play_actions = 6;
    return play_match("four-card", options);
}

TEST(MatchFile, EveryPresetRoundTripsAndReplaysClean) {
    for (const preset& p : presets()) {
        for (int players = 2; players <= 4; ++players) {
            if (validate_for_players(p.rules, players)) continue;
            SCOPED_TRACE(std::string(p.name) + " with " + std::to_string(players));
            play_options options;
            options.players = players;
            options.seed = 77 + static_cast<std::uint64_t>(players);
            const played_match played = play_match(p.name, options);
            const std::string text = write_match_file(played.detail);
            const match_detail back = read_ok(text);
            expect_same_record(back, played.detail);
            EXPECT_EQ(write_match_file(back), text);
            const replayed_match r = replay_match(back);
            EXPECT_EQ(r.problem, "");
            EXPECT_EQ(r.holes_checked, static_cast<int>(played.detail.holes.size()));
        }
    }
}

TEST(MatchFile, AnUnfinishedMatchWithAHandInPlayRoundTrips) {
    const played_match played = small_match();
    const std::string text = write_match_file(played.detail);
    EXPECT_TRUE(contains(text, "\nended -\nabandoned no\nwinner -\nfinal -\n")) << text;
    EXPECT_TRUE(contains(text, "\nin-play 3\n")) << text;
    const match_detail back = read_ok(text);
    expect_same_record(back, played.detail);
    const replayed_match r = replay_match(back);
    ASSERT_EQ(r.problem, "");
    ASSERT_TRUE(r.match->hole_in_play());
    EXPECT_EQ(r.match->current_hand()->log(), played.engine->current_hand()->log());
    EXPECT_EQ(r.match->current_hand()->stock(), played.engine->current_hand()->stock());
    EXPECT_EQ(r.match->current_hand()->current_seat(), played.engine->current_hand()->current_seat());
}

TEST(MatchFile, TheLayoutIsAsDocumented) {
    const played_match played = small_match();
    const auto lines = lines_of(write_match_file(played.detail));
    ASSERT_GT(lines.size(), 20u);
    EXPECT_EQ(lines[0], "golf-match-record 1");
    EXPECT_EQ(lines[1], "match 17");
    EXPECT_EQ(lines[2], "table K7QM2X");
    EXPECT_EQ(lines[3], "preset four-card");
    EXPECT_EQ(lines[4], "started 1700000000");
    EXPECT_EQ(lines[5], "ended -");
    EXPECT_EQ(lines[6], "abandoned no");
    EXPECT_EQ(lines[7], "winner -");
    EXPECT_EQ(lines[8], "final -");
    EXPECT_EQ(lines[9], "seat 0 person Ann");
    EXPECT_EQ(lines[10], "seat 1 bot heuristic Bob%20Smith");
    EXPECT_EQ(lines[11], "seat 2 person Zo%C3%AB");
    EXPECT_EQ(lines[12].substr(0, 5), "rule ");
    const std::size_t hole = line_number(lines, "hole 1");
    EXPECT_EQ(lines[hole], "dealer 0");
    char seed[32];
    std::snprintf(seed, sizeof seed, "seed 0x%016llx", static_cast<unsigned long long>(played.detail.holes[0].seed));
    EXPECT_EQ(lines[hole + 1], seed);
    EXPECT_TRUE(lines[hole + 2].starts_with("caller "));
    EXPECT_TRUE(lines[hole + 3].starts_with("scores "));
    EXPECT_TRUE(lines[hole + 4].starts_with("totals "));
    EXPECT_TRUE(lines[hole + 5].starts_with("actions "));
    EXPECT_EQ(lines.back(), "end");
}

TEST(MatchFile, TokenHashesAndTheTableRecordAreNeverWritten) {
    played_match played = small_match();
    table_record table;
    table.code = "K7QM2X";
    table.password_hash = "secret-password-hash";
    played.detail.table = table;
    const std::string text = write_match_file(played.detail);
    EXPECT_FALSE(contains(text, "hash-of-token")) << text;
    EXPECT_FALSE(contains(text, "secret-password-hash")) << text;
    EXPECT_FALSE(read_ok(text).table.has_value());
}

TEST(MatchFile, FreeTextOfAnyBytesSurvives) {
    played_match played = small_match();
    std::string every_byte;
    for (int b = 0; b < 256; ++b) every_byte += static_cast<char>(b);
    const std::vector<std::string> names{"",    "-",           "--",        "%",    "%20",      " ",
                                         "a b", "line\nbreak", "tab\there", "\r\n", every_byte, std::string(3, '\0')};
    for (const std::string& name : names) {
        played.detail.summary.seats[0].display_name = name;
        played.detail.summary.seats[1].bot = name.empty() ? "random" : name;
        played.detail.summary.table_code = name;
        played.detail.summary.preset = name;
        const std::string text = write_match_file(played.detail);
        for (const std::string& line : lines_of(text))
            for (const char ch : line) ASSERT_TRUE(ch >= 0x20 && ch <= 0x7E) << "raw byte in: " << line;
        expect_same_record(read_ok(text), played.detail);
    }
}

TEST(MatchFile, AnAbandonedMatchRoundTripsAndReplays) {
    played_match played = small_match();
    played.detail.in_play.reset();
    played.detail.summary.abandoned = true;
    played.detail.summary.ended_at = 1700005555;
    for (std::size_t s = 0; s < 3; ++s)
        played.detail.summary.final_totals[s] = played.detail.holes.back().running_totals[s];
    const std::string text = write_match_file(played.detail);
    EXPECT_TRUE(contains(text, "\nended 1700005555\nabandoned yes\nwinner -\nfinal ")) << text;
    const match_detail back = read_ok(text);
    expect_same_record(back, played.detail);
    EXPECT_EQ(replay_match(back).problem, "");
}

TEST(MatchFile, FinalTotalsAndWinnerRoundTrip) {
    played_match played = small_match();
    played.detail.summary.ended_at = 1700009999;
    played.detail.summary.winner_seat = 2;
    played.detail.summary.final_totals = {-4, std::nullopt, 12};
    const std::string text = write_match_file(played.detail);
    EXPECT_TRUE(contains(text, "\nended 1700009999\nabandoned no\nwinner 2\nfinal -4 - 12\n")) << text;
    expect_same_record(read_ok(text), played.detail);
}

// Each case edits a valid record and names the line and words the parser must answer with.
struct damage {
    std::string name;
    std::function<void(std::vector<std::string>&)> edit;
    std::string line_prefix;  // the damaged line starts with this (in the edited text); "" when `line` says
    std::size_t line = 0;
    std::string words;
};

TEST(MatchFile, DamageIsRefusedWithItsLineNumber) {
    const played_match played = small_match();
    const auto good = lines_of(write_match_file(played.detail));
    const auto replace = [](const std::string& prefix, const std::string& with) {
        return [prefix, with](std::vector<std::string>& lines) {
            for (auto& line : lines)
                if (line.starts_with(prefix)) {
                    line = with;
                    return;
                }
        };
    };
    const std::vector<damage> cases{
        {"a newer version", replace("golf-match-record", "golf-match-record 2"), "", 1,
         "this is version 2 of the match record; this build reads version 1"},
        {"not a record", replace("golf-match-record", "hello"), "", 1, "not a golf match record"},
        {"a bad match number", replace("match ", "match twelve"), "", 2, "expected a match number"},
        {"a missing table line", [](auto& lines) { lines.erase(lines.begin() + 2); }, "", 3, "expected 'table ...'"},
        {"a name with a space", replace("table ", "table K7 QM"), "", 3, "expected one word"},
        {"a bad escape", replace("preset ", "preset four%G1card"), "", 4, "a '%' must be followed by two hex digits"},
        {"a cut escape", replace("preset ", "preset four%4"), "", 4, "a '%' must be followed by two hex digits"},
        {"bad unix seconds", replace("started ", "started soon"), "", 5, "expected unix seconds"},
        {"a bad abandoned line", replace("abandoned ", "abandoned maybe"), "", 7, "expected 'abandoned yes'"},
        {"abandoned without an end", replace("abandoned ", "abandoned yes"), "", 7,
         "an abandoned match needs its 'ended' time"},
        {"a winner who is no seat", replace("winner ", "winner 3"), "", 8, "the winner 3 is not one of the 3 seats"},
        {"too few final totals", replace("final ", "final 1 2"), "", 9, "expected 3 final totals or '-' (got 2)"},
        {"a bad final total", replace("final ", "final 1 x 2"), "", 9, "expected a total or '-'"},
        {"seats out of order", replace("seat 1 ", "seat 2 person Bob"), "", 11, "expected seat 1"},
        {"a seat kind", replace("seat 2 ", "seat 2 robot Cy"), "", 12, "expected 'seat N person NAME'"},
        {"no seats", [](auto& lines) { lines.erase(lines.begin() + 9, lines.begin() + 12); }, "", 10,
         "expected 'seat 0 ...'"},
        {"an unknown option", replace("rule holes=", "rule holes_to_play=9"), "rule holes_to_play", 0, "holes_to_play"},
        {"an option set twice", [](auto& lines) { lines.insert(lines.begin() + 13, lines[12]); }, "", 14,
         "is set twice"},
        {"a rule without =", replace("rule holes=", "rule holes"), "rule holes", 0, "expected 'rule OPTION=VALUE'"},
        {"a bad option value", replace("rule holes=", "rule holes=lots"), "rule holes=lots", 0, "holes"},
        {"holes out of order", replace("hole 1", "hole 2"), "hole 2", 0, "expected hole 1 (got '2')"},
        {"a dealer who is no seat", replace("dealer ", "dealer 3"), "dealer 3", 0, "expected a dealer from 0 to 2"},
        {"a short seed", replace("seed ", "seed 0x12"), "seed 0x12", 0, "expected a seed as 0x and 16 hex digits"},
        {"a seed in decimal", replace("seed ", "seed 123456789012345678"), "seed 1234", 0, "expected a seed"},
        {"a caller who is no seat", replace("caller ", "caller 7"), "caller 7", 0, "expected a seat from 0 to 2"},
        {"too few scores", replace("scores ", "scores 1 2"), "scores 1 2", 0,
         "expected 3 numbers, one per seat (got 2)"},
        {"an overflowing score", replace("scores ", "scores 1 2 99999999999"), "scores 1 2 9", 0, "expected a number"},
        {"a bad total", replace("totals ", "totals 1 2 +3"), "totals 1 2 +3", 0, "expected a number"},
        {"a bad action", replace("actions ", "actions 0:flip:1 1:fly:2"), "actions 0:flip:1 1:fly", 0,
         "action 2 is not an action ('1:fly:2')"},
        {"two spaces in actions", replace("actions ", "actions 0:flip:1  1:flip:2"), "actions 0:flip:1  ", 0,
         "action 2 is not an action ('')"},
        {"a wrong hand in play", replace("in-play ", "in-play 5"), "in-play 5", 0,
         "expected the hand in play to be hole 3 (got '5')"},
        {"a missing end", [](auto& lines) { lines.pop_back(); }, "", good.size(), "the record ends early"},
        {"text after end", [](auto& lines) { lines.push_back("hole 4"); }, "", good.size() + 1,
         "nothing may follow 'end'"},
        {"an empty line", [](auto& lines) { lines.insert(lines.begin() + 5, ""); }, "", 6, "an empty line"},
        {"a carriage return", [](auto& lines) { lines[3] += "\r"; }, "", 4, "byte 0x0D is not printable ASCII"},
        {"a raw UTF-8 name", replace("seat 0 ", "seat 0 person Zo\xC3\xAB"), "", 10, "byte 0xC3 is not printable"},
        {"a missing caller",
         [](auto& lines) {
             for (std::size_t i = 0; i < lines.size(); ++i)
                 if (lines[i].starts_with("caller ")) {
                     lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
                     return;
                 }
         },
         "scores ", 0, "expected 'caller ...'"},
    };
    for (const damage& d : cases) {
        SCOPED_TRACE(d.name);
        auto lines = good;
        d.edit(lines);
        ASSERT_NE(lines, good);
        const std::size_t line = d.line ? d.line : line_number(lines, d.line_prefix);
        const std::string error = error_of(join(lines));
        EXPECT_TRUE(error.starts_with("line " + std::to_string(line) + ": ")) << error;
        EXPECT_TRUE(contains(error, d.words)) << error;
    }
}

TEST(MatchFile, EmptyAndOversizedInputsAreRefused) {
    EXPECT_EQ(error_of(""), "line 1: the record is empty (expected 'golf-match-record 1')");
    EXPECT_TRUE(error_of("golf-match-record 1").starts_with("line 2: the record ends early"));
    EXPECT_TRUE(contains(error_of(std::string(65u << 20, 'x')), "more than any match needs"));
    const played_match played = small_match();
    auto lines = lines_of(write_match_file(played.detail));
    const std::size_t at = line_number(lines, "actions ");
    lines[at - 1] += std::string(5u << 20, 'x');
    const std::string error = error_of(join(lines));
    EXPECT_TRUE(error.starts_with("line " + std::to_string(at) + ": the line is longer than")) << error;
}

TEST(MatchFile, TooManySeatsAreRefused) {
    const played_match played = small_match();
    auto lines = lines_of(write_match_file(played.detail));
    std::vector<std::string> seats;
    for (int s = 3; s < 20; ++s) seats.push_back("seat " + std::to_string(s) + " person P" + std::to_string(s));
    lines.insert(lines.begin() + 12, seats.begin(), seats.end());
    EXPECT_TRUE(error_of(join(lines)).starts_with("line 26: more than 16 seats"));
}

TEST(MatchFile, AFileWithoutTheFinalNewlineIsRead) {
    const played_match played = small_match();
    std::string text = write_match_file(played.detail);
    text.pop_back();
    expect_same_record(read_ok(text), played.detail);
}

TEST(MatchFile, EveryTruncationIsRefused) {
    const played_match played = small_match();
    const std::string text = write_match_file(played.detail);
    // Cutting at any byte before "end" leaves an unfinished record (the last line may still read as a line).
    const std::size_t end_at = text.rfind("end\n");
    for (std::size_t cut = 0; cut < end_at; ++cut) {
        const auto read = read_match_file(std::string_view(text).substr(0, cut));
        ASSERT_TRUE(std::holds_alternative<std::string>(read)) << "accepted a cut at " << cut;
        ASSERT_TRUE(std::get<std::string>(read).starts_with("line ")) << std::get<std::string>(read);
    }
}

TEST(MatchFile, RandomCorruptionNeverCrashes) {
    const played_match played = small_match();
    const std::string text = write_match_file(played.detail);
    random_source random(2024);
    int refused = 0, replay_problems = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string damaged = text;
        const int edits = 1 + static_cast<int>(random.below(4));
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random.below(damaged.size());
            switch (random.below(3)) {
                case 0: damaged[at] = static_cast<char>(random.below(256)); break;
                case 1: damaged.erase(at, 1 + random.below(8)); break;
                default: damaged.insert(at, 1, " 0123456789-%:x\n"[random.below(16)]); break;
            }
        }
        const auto read = read_match_file(damaged);
        if (const auto* error = std::get_if<std::string>(&read)) {
            ASSERT_TRUE(error->starts_with("line ")) << *error;
            ++refused;
            continue;
        }
        // Whatever the parser accepts, the replay judges without crashing.
        replay_problems += !replay_match(std::get<match_detail>(read)).problem.empty();
    }
    EXPECT_GT(refused, 1000);
    (void)replay_problems;
}

}  // namespace
}  // namespace golf::persistence::testing
