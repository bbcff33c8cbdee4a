// Records back into the engine: matches self-played for every preset at 2 to 4 seats replay and check clean; a
// record tampered with in any way (a score, a total, the caller, an action, a dealer, a seed, a ruleset line, the
// hole order, the final totals or winner) gives a problem naming the hole and what differs; a hand in play resumes.
#include <gtest/gtest.h>

#include "persistence/match_replay.hpp"
#include "tests/persistence/played_match.hpp"

namespace golf::persistence::testing {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// hand's own == compares the ruleset by pointer; a replay has its own ruleset, so compare the state itself.
void expect_same_hand(const hand& got, const hand& want) {
    EXPECT_EQ(got.rules(), want.rules());
    EXPECT_EQ(got.dealer(), want.dealer());
    EXPECT_EQ(got.seed(), want.seed());
    EXPECT_EQ(got.log(), want.log());
    EXPECT_EQ(got.current_phase(), want.current_phase());
    EXPECT_EQ(got.current_seat(), want.current_seat());
    EXPECT_EQ(got.stock(), want.stock());
    EXPECT_EQ(got.discards(), want.discards());
    EXPECT_EQ(got.held(), want.held());
    EXPECT_EQ(got.caller(), want.caller());
    ASSERT_EQ(got.players(), want.players());
    for (int s = 0; s < got.players(); ++s) EXPECT_EQ(got.seat(s), want.seat(s)) << "seat " << s;
}

// The problem a tampered record gives; the test fails if it replays clean.
std::string problem_of(const match_detail& detail) {
    const replayed_match r = replay_match(detail);
    EXPECT_FALSE(r.problem.empty()) << "the tampered record replayed clean";
    return r.problem;
}

played_match nine_holes(int players = 3) {
    play_options options;
    options.players = players;
    options.seed = 42;
    options.first_dealer = 1;
    return play_match("six-card", options);
}

TEST(ParseRulesetText, EveryPresetComesBackExactly) {
    for (const preset& p : presets()) {
        SCOPED_TRACE(std::string(p.name));
        const auto parsed = parse_ruleset_text(to_text(p.rules));
        ASSERT_TRUE(std::holds_alternative<ruleset>(parsed)) << std::get<std::string>(parsed);
        EXPECT_EQ(std::get<ruleset>(parsed), p.rules);
    }
}

TEST(ParseRulesetText, BlankLinesAreIgnoredAndMissingOptionsKeepTheirDefaults) {
    const auto parsed = parse_ruleset_text("\nholes=4\n\nknocking=true\n");
    ASSERT_TRUE(std::holds_alternative<ruleset>(parsed)) << std::get<std::string>(parsed);
    ruleset expected;
    expected.holes = 4;
    expected.knocking = true;
    EXPECT_EQ(std::get<ruleset>(parsed), expected);
}

TEST(ParseRulesetText, BadLinesAreNamed) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases{
        {"holes=4\nno_such_option=1\n", {"ruleset line 2", "no_such_option"}},
        {"holes=4\nknocking\n", {"ruleset line 2", "expected OPTION=VALUE", "knocking"}},
        {"holes=4\nholes=5\n", {"ruleset line 2", "holes is set twice"}},
        {"holes=many\n", {"ruleset line 1", "holes"}},
        {"rows=9\n", {"ruleset line 1", "rows"}},
        {std::string(70 * 1024, 'x'), {"more than any ruleset needs"}},
    };
    for (const auto& [text, parts] : cases) {
        const auto parsed = parse_ruleset_text(text);
        ASSERT_TRUE(std::holds_alternative<std::string>(parsed)) << text.substr(0, 40);
        for (const std::string& part : parts)
            EXPECT_TRUE(contains(std::get<std::string>(parsed), part)) << std::get<std::string>(parsed);
    }
}

TEST(ParseRulesetText, AnUnplayableCombinationIsRefusedByValidate) {
    ruleset r;
    r.holes = 0;
    r.target_score = 0;  // a match that never ends
    const auto direct = validate(r);
    ASSERT_TRUE(direct.has_value());
    const auto parsed = parse_ruleset_text(to_text(r));
    ASSERT_TRUE(std::holds_alternative<std::string>(parsed));
    EXPECT_TRUE(contains(std::get<std::string>(parsed), *direct)) << std::get<std::string>(parsed);
}

TEST(ReplayMatch, SelfPlayedMatchesOfEveryPresetAtTwoToFourSeatsReplayClean) {
    int matches = 0;
    for (const preset& p : presets()) {
        for (int players = 2; players <= 4; ++players) {
            if (validate_for_players(p.rules, players)) continue;
            SCOPED_TRACE(std::string(p.name) + " with " + std::to_string(players));
            play_options options;
            options.players = players;
            options.seed = 1000 + static_cast<std::uint64_t>(players);
            options.first_dealer = players - 1;
            const played_match played = play_match(p.name, options);
            ASSERT_TRUE(played.engine->over());
            const replayed_match r = replay_match(played.detail);
            ASSERT_EQ(r.problem, "");
            EXPECT_EQ(r.holes_checked, static_cast<int>(played.detail.holes.size()));
            ASSERT_TRUE(r.match.has_value());
            ASSERT_TRUE(r.rules);
            EXPECT_EQ(*r.rules, p.rules);
            EXPECT_TRUE(r.match->over());
            EXPECT_EQ(r.match->totals(), played.engine->totals());
            EXPECT_EQ(r.match->winners(), played.engine->winners());
            ASSERT_EQ(r.match->holes().size(), played.engine->holes().size());
            for (std::size_t i = 0; i < r.match->holes().size(); ++i) {
                EXPECT_EQ(r.match->holes()[i].actions, played.engine->holes()[i].actions);
                EXPECT_EQ(r.match->holes()[i].scores, played.engine->holes()[i].scores);
            }
            ++matches;
        }
    }
    EXPECT_GE(matches, 7 * 2);  // every preset takes at least two seat counts out of 2..4
}

TEST(ReplayMatch, AnUnfinishedMatchReplaysItsHoles) {
    play_options options;
    options.max_holes = 4;
    const played_match played = play_match("nine-card", options);
    ASSERT_FALSE(played.engine->over());
    const replayed_match r = replay_match(played.detail);
    ASSERT_EQ(r.problem, "");
    EXPECT_EQ(r.holes_checked, 4);
    EXPECT_FALSE(r.match->over());
    EXPECT_FALSE(r.match->hole_in_play());
    EXPECT_EQ(r.match->next_dealer(), played.engine->next_dealer());
}

TEST(ReplayMatch, AChangedScoreIsFound) {
    played_match played = nine_holes();
    played.detail.holes[2].hand_scores[1] += 1;
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 3: seat 1 scores")) << problem;
    EXPECT_TRUE(contains(problem, "in the record")) << problem;
}

TEST(ReplayMatch, AChangedTotalIsFound) {
    played_match played = nine_holes();
    played.detail.holes[4].running_totals[0] -= 2;
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 5: seat 0's total")) << problem;
}

TEST(ReplayMatch, AChangedCallerIsFound) {
    played_match played = nine_holes();
    auto& hole = played.detail.holes[0];
    hole.caller = hole.caller ? std::nullopt : std::optional<int>(2);
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 1: the caller")) << problem;
}

TEST(ReplayMatch, ADroppedLastActionLeavesTheHandUnfinished) {
    played_match played = nine_holes();
    auto log = *decode_action_log(played.detail.holes[3].actions);
    log.pop_back();
    played.detail.holes[3].actions = encode_action_log(log);
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 4: the hand is not over after its " + std::to_string(log.size()) + " actions"))
        << problem;
}

TEST(ReplayMatch, ADroppedActionInTheMiddleIsFound) {
    played_match played = nine_holes();
    auto log = *decode_action_log(played.detail.holes[1].actions);
    log.erase(log.begin() + static_cast<std::ptrdiff_t>(log.size() / 2));
    played.detail.holes[1].actions = encode_action_log(log);
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 2:")) << problem;
}

TEST(ReplayMatch, AnExtraActionAfterTheEndIsFound) {
    played_match played = nine_holes();
    played.detail.holes[0].actions += " 0:draw_stock";
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 1: the hand ended after action")) << problem;
}

TEST(ReplayMatch, ARefusedActionIsNamed) {
    played_match played = nine_holes();
    auto log = *decode_action_log(played.detail.holes[0].actions);
    // Whoever acts first, seat 9 is at no table of three.
    log.front().seat = 9;
    played.detail.holes[0].actions = encode_action_log(log);
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 1: action 1 (9:")) << problem;
    EXPECT_TRUE(contains(problem, "was refused: no such seat at this table")) << problem;
}

TEST(ReplayMatch, AnUnreadableActionLogIsNamed) {
    played_match played = nine_holes();
    played.detail.holes[5].actions = "0:flip:1 0:fly:2";
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 6: the action log is not readable at action 2 ('0:fly:2')")) << problem;
}

TEST(ReplayMatch, AWrongDealerIsFound) {
    played_match played = nine_holes();
    auto& hole = played.detail.holes[2];
    hole.dealer = (hole.dealer + 1) % 3;
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 3: the record's dealer is")) << problem;
    EXPECT_TRUE(contains(problem, "the deal passes to seat")) << problem;
}

TEST(ReplayMatch, AFirstDealerThatIsNoSeatIsFound) {
    played_match played = nine_holes();
    played.detail.holes[0].dealer = 3;
    EXPECT_TRUE(contains(problem_of(played.detail), "hole 1: dealer 3 is not a seat"));
}

TEST(ReplayMatch, SwappedSeedsAreFound) {
    played_match played = nine_holes();
    std::swap(played.detail.holes[0].seed, played.detail.holes[1].seed);
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "hole 1:")) << problem;  // a refused action or a different score
}

TEST(ReplayMatch, ABadRulesetLineIsNamed) {
    played_match played = nine_holes();
    played.detail.summary.ruleset += "jokers_everywhere=true\n";
    const std::string problem = problem_of(played.detail);
    EXPECT_TRUE(contains(problem, "jokers_everywhere")) << problem;
    EXPECT_TRUE(contains(problem, "ruleset line")) << problem;
    EXPECT_FALSE(replay_match(played.detail).match.has_value());
}

TEST(ReplayMatch, AChangedRuleChangesTheScores) {
    played_match played = nine_holes();
    std::string& text = played.detail.summary.ruleset;
    const auto at = text.find("value_king=0\n");  // kings were 0
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 12, "value_king=5");
    auto parsed = parse_ruleset_text(played.detail.summary.ruleset);
    ASSERT_TRUE(std::holds_alternative<ruleset>(parsed)) << std::get<std::string>(parsed);
    EXPECT_TRUE(contains(problem_of(played.detail), "in the record"));
}

TEST(ReplayMatch, HolesOutOfOrderAreFound) {
    played_match played = nine_holes();
    std::swap(played.detail.holes[1], played.detail.holes[2]);
    EXPECT_TRUE(contains(problem_of(played.detail), "hole 2: the record numbers it 3"));
}

TEST(ReplayMatch, AHoleAfterTheEndIsFound) {
    played_match played = nine_holes();
    hole_record extra = played.detail.holes.back();
    extra.hole += 1;
    played.detail.holes.push_back(extra);
    const std::size_t n = played.detail.holes.size();
    EXPECT_TRUE(
        contains(problem_of(played.detail),
                 "hole " + std::to_string(n) + ": the match was already over after hole " + std::to_string(n - 1)));
}

TEST(ReplayMatch, FinalTotalsMustMatchAndTheMatchMustBeOver) {
    {
        played_match played = nine_holes();
        *played.detail.summary.final_totals[2] += 1;
        EXPECT_TRUE(contains(problem_of(played.detail), "the final totals are"));
    }
    {
        played_match played = nine_holes();
        played.detail.holes.pop_back();
        EXPECT_TRUE(contains(problem_of(played.detail), "the replayed match is not over"));
    }
    {
        played_match played = nine_holes();
        const auto winners = played.engine->winners();
        played.detail.summary.winner_seat = winners.size() == 1 ? (winners.front() + 1) % 3 : 0;
        EXPECT_TRUE(contains(problem_of(played.detail), "the winner is"));
    }
}

TEST(ReplayMatch, AnAbandonedMatchKeepsTheTotalsOfItsHolesAndHasNoWinner) {
    play_options options;
    options.max_holes = 4;
    played_match played = play_match("six-card", options);
    auto& summary = played.detail.summary;
    summary.abandoned = true;
    summary.ended_at = 1700001234;
    for (std::size_t s = 0; s < 3; ++s) summary.final_totals[s] = played.engine->totals()[s];
    const replayed_match r = replay_match(played.detail);
    EXPECT_EQ(r.problem, "");
    EXPECT_FALSE(r.match->over());

    played_match changed = played;
    *changed.detail.summary.final_totals[0] += 3;
    EXPECT_TRUE(contains(problem_of(changed.detail), "the final totals are"));
    changed = played;
    changed.detail.summary.winner_seat = 0;
    EXPECT_TRUE(contains(problem_of(changed.detail), "the winner is none in the replay but seat 0"));

    // A finished match is not abandoned.
    played_match finished = nine_holes();
    finished.detail.summary.abandoned = true;
    EXPECT_TRUE(contains(problem_of(finished.detail), "the record says the match was abandoned"));
}

TEST(ReplayMatch, SeatsMustBeNumberedFromZero) {
    {
        played_match played = nine_holes();
        played.detail.summary.seats[1].seat = 5;
        EXPECT_TRUE(contains(problem_of(played.detail), "seats are not numbered 0 to 2"));
    }
    {
        played_match played = nine_holes();
        played.detail.summary.seats.clear();
        EXPECT_TRUE(contains(problem_of(played.detail), "the record has 0 seats"));
    }
    {
        played_match played = nine_holes();
        played.detail.summary.seats.pop_back();  // the scores have three seats, the record two
        EXPECT_FALSE(problem_of(played.detail).empty());
    }
}

TEST(ReplayMatch, AHandInPlayResumesWhereItWas) {
    for (const int actions : {0, 1, 7, 25}) {
        SCOPED_TRACE(actions);
        play_options options;
        options.players = 4;
        options.max_holes = 3;
        options.in_play_actions = actions;
        played_match played = play_match("eight-card", options);
        ASSERT_TRUE(played.detail.in_play.has_value());
        ASSERT_TRUE(played.engine->hole_in_play());
        const replayed_match r = replay_match(played.detail);
        ASSERT_EQ(r.problem, "");
        EXPECT_EQ(r.holes_checked, 3);
        ASSERT_TRUE(r.match->hole_in_play());
        expect_same_hand(*r.match->current_hand(), *played.engine->current_hand());
        EXPECT_EQ(r.match->holes().size(), 3u);

        // The resumed match plays on exactly like the original: the same moves give the same match.
        golf::match resumed = *r.match;
        golf::match original = *played.engine;
        random_source random(9);
        const auto bot = make_bot("random");
        for (int step = 0; step < 100000 && !original.over(); ++step) {
            if (!original.hole_in_play()) {
                const std::uint64_t seed = random.next();
                ASSERT_TRUE(original.start_hole(seed));
                ASSERT_TRUE(resumed.start_hole(seed));
                continue;
            }
            const int seat = original.current_hand()->seats_to_act().front();
            const action a = bot->choose(original.rules(), original.current_hand()->view_for(seat), random);
            ASSERT_EQ(original.apply(seat, a), action_error::none);
            ASSERT_EQ(resumed.apply(seat, a), action_error::none);
        }
        EXPECT_TRUE(resumed.over());
        EXPECT_EQ(resumed.totals(), original.totals());
    }
}

TEST(ReplayMatch, AHandInPlayThatAlreadyEndedCountsAsPlayedButUnchecked) {
    play_options options;
    options.max_holes = 3;
    options.in_play_actions = 100000;  // the whole hole: the stop came between the last move and the hole's record
    played_match played = play_match("six-card", options);
    ASSERT_EQ(played.engine->holes().size(), 4u);
    const replayed_match r = replay_match(played.detail);
    ASSERT_EQ(r.problem, "");
    EXPECT_EQ(r.holes_checked, 3);
    ASSERT_EQ(r.match->holes().size(), 4u);
    EXPECT_EQ(r.match->holes().back().scores, played.engine->holes().back().scores);
    EXPECT_FALSE(r.match->hole_in_play());
}

TEST(ReplayMatch, AHandInPlayIsCheckedLikeAHole) {
    play_options options;
    options.max_holes = 2;
    options.in_play_actions = 5;
    {
        played_match played = play_match("six-card", options);
        played.detail.in_play->dealer = (played.detail.in_play->dealer + 1) % 3;
        EXPECT_TRUE(contains(problem_of(played.detail), "the hand in play (hole 3): the record's dealer is"));
    }
    {
        played_match played = play_match("six-card", options);
        played.detail.in_play->hole = 4;
        EXPECT_TRUE(contains(problem_of(played.detail), "the hand in play (hole 3): the record numbers it 4"));
    }
    {
        played_match played = play_match("six-card", options);
        played.detail.in_play->actions += " 0:swap_own:1:0";
        EXPECT_TRUE(contains(problem_of(played.detail), "the hand in play (hole 3): the action log is not readable"));
    }
    {
        played_match played = nine_holes();
        hand_progress progress;
        const int n = static_cast<int>(played.detail.holes.size());
        progress.hole = n + 1;
        progress.dealer = played.engine->next_dealer();
        played.detail.in_play = progress;
        played.detail.summary.final_totals.assign(3, std::nullopt);
        EXPECT_TRUE(contains(problem_of(played.detail), "the match was already over after hole " + std::to_string(n)));
    }
}

TEST(ReplayMatch, ARecordWithOnlyAHandInPlayStartsAtItsDealer) {
    play_options options;
    options.max_holes = 0;
    options.first_dealer = 2;
    options.in_play_actions = 4;
    const played_match played = play_match("four-card", options);
    ASSERT_TRUE(played.detail.holes.empty());
    const replayed_match r = replay_match(played.detail);
    ASSERT_EQ(r.problem, "");
    ASSERT_TRUE(r.match->hole_in_play());
    EXPECT_EQ(r.match->current_hand()->dealer(), 2);
    expect_same_hand(*r.match->current_hand(), *played.engine->current_hand());
}

}  // namespace
}  // namespace golf::persistence::testing
