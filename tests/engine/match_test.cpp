// Matches: holes in a row with a rotating deal, a running scorecard, and the ways a match ends.
#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "test_support.hpp"

namespace golf::testing {
namespace {

// Plays the current hole to its end with the first legal action of whoever acts (bounded).
void play_out_hole(match& m) {
    for (int step = 0; step < 5000 && m.hole_in_play(); ++step) {
        const hand& h = *m.current_hand();
        const int seat = h.seats_to_act().front();
        const auto legal = h.legal_actions(seat);
        // Moves that bring the end nearer, so holes stay short: knock, or fill a face-down position.
        action chosen = legal.front();
        for (action a : legal) {
            const bool face_down = !h.seat(seat).layout[a.slot].face_up;
            if (a.kind == action_kind::knock || (a.kind == action_kind::place && face_down)) {
                chosen = a;
                break;
            }
        }
        ASSERT_EQ(m.apply(seat, chosen), action_error::none);
    }
    ASSERT_FALSE(m.hole_in_play());
}

TEST(Match, NineHolesWithARotatingDealAndARunningTotal) {
    match m(rules_of("six-card"), 3, 0);
    for (int hole = 0; hole < 9; ++hole) {
        ASSERT_FALSE(m.over());
        ASSERT_TRUE(m.start_hole(1000 + static_cast<std::uint64_t>(hole)));
        EXPECT_FALSE(m.start_hole(1));  // one hole at a time
        EXPECT_EQ(m.current_hand()->dealer(), hole % 3);
        play_out_hole(m);
    }
    EXPECT_TRUE(m.over());
    EXPECT_FALSE(m.start_hole(5));
    ASSERT_EQ(m.holes().size(), 9u);
    std::vector<int> totals(3, 0);
    for (const hole_record& h : m.holes()) {
        for (int s = 0; s < 3; ++s) totals[static_cast<std::size_t>(s)] += h.scores[static_cast<std::size_t>(s)];
        EXPECT_EQ(h.totals, totals);
    }
    EXPECT_EQ(m.totals(), totals);
    const int lowest = *std::min_element(totals.begin(), totals.end());
    for (int w : m.winners()) EXPECT_EQ(m.totals()[static_cast<std::size_t>(w)], lowest);
    const match_view v = m.view_for(1);
    EXPECT_TRUE(v.match_over);
    EXPECT_EQ(v.winners, m.winners());
    EXPECT_TRUE(v.holes.front().actions.empty());  // views carry the scorecard, not the record
    EXPECT_FALSE(m.holes().front().actions.empty());
}

TEST(Match, ATargetScoreEndsTheMatchAfterTheHoleThatReachesIt) {
    match m(rules_of("six-card", {"holes=0", "target_score=30"}), 2, 0);
    int holes = 0;
    for (; holes < 200 && !m.over(); ++holes) {
        ASSERT_TRUE(m.start_hole(static_cast<std::uint64_t>(holes)));
        play_out_hole(m);
    }
    ASSERT_TRUE(m.over());
    EXPECT_GE(*std::max_element(m.totals().begin(), m.totals().end()), 30);
    const auto& before_last = m.holes().size() >= 2 ? m.holes()[m.holes().size() - 2].totals : std::vector<int>{0, 0};
    EXPECT_LT(*std::max_element(before_last.begin(), before_last.end()), 30);
}

TEST(Match, APlayOffGoesOnWhileTheLowestTotalIsShared) {
    // One hole is the match, unless the lowest total is shared: then holes go on until it is not.
    auto rules = rules_of("four-card", {"holes=1", "match_tie=play_off"});
    match m(rules, 2, 0);
    ASSERT_TRUE(m.start_hole(3));
    play_out_hole(m);
    const bool tied = m.totals()[0] == m.totals()[1];
    EXPECT_EQ(m.over(), !tied);
    for (int hole = 0; hole < 50 && !m.over(); ++hole) {
        ASSERT_TRUE(m.start_hole(100 + static_cast<std::uint64_t>(hole)));
        play_out_hole(m);
    }
    ASSERT_TRUE(m.over());
    EXPECT_EQ(m.winners().size(), 1u);
}

TEST(Match, ABadRulesetOrSeatCountIsRefusedWithAReason) {
    ruleset r = find_preset("six-card")->rules;
    EXPECT_TRUE(match::check(r, 1).has_value());
    EXPECT_TRUE(match::check(r, 13).has_value());
    EXPECT_FALSE(match::check(r, 4).has_value());
    EXPECT_THROW(match(std::make_shared<const ruleset>(r), 1), std::invalid_argument);
}

TEST(Match, ActionsOutsideAHoleAreRefused) {
    match m(rules_of("six-card"), 2, 0);
    EXPECT_EQ(m.apply(0, draw_stock), action_error::hand_over);
    EXPECT_EQ(m.view_for(0).hand.current_phase, phase::over);
}

}  // namespace
}  // namespace golf::testing
