// Scoring of layouts and hands, pinned to the sources' worked examples (pagat 8-card, Oakes 004) and to each
// cancelling pattern, bonus, caller rule and hand step of scoring.hpp.
#include "engine/scoring.hpp"

#include "engine/presets.hpp"
#include "engine/random.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace golf {
namespace {

// "KH 5C QH / KS 2D 3S": rows split on '/', "--" is an empty cell.
layout_cells layout(std::string_view text) {
    layout_cells cells;
    std::istringstream in{std::string(text)};
    std::string token;
    std::size_t row_length = 0;
    std::size_t in_row = 0;
    bool first_row = true;
    const auto end_row = [&] {
        if (!first_row && in_row != row_length) ADD_FAILURE() << "ragged layout: " << text;
        row_length = in_row;
        in_row = 0;
        first_row = false;
    };
    while (in >> token) {
        if (token == "/") {
            end_row();
            continue;
        }
        ++in_row;
        if (token == "--") {
            cells.push_back(std::nullopt);
        } else if (const auto c = parse_card(token)) {
            cells.push_back(*c);
        } else {
            ADD_FAILURE() << "not a card: " << token;
        }
    }
    end_row();
    return cells;
}

layout_score score(const ruleset& rules, std::string_view text) {
    const auto cells = layout(text);
    EXPECT_EQ(static_cast<int>(cells.size()), rules.rows * rules.cols) << text;
    return score_layout(rules, cells);
}

hand_score scored_hand(const ruleset& rules, const std::vector<std::string_view>& texts, int caller,
                       const std::vector<int>& extra = {}) {
    std::vector<layout_cells> layouts;
    for (auto text : texts) layouts.push_back(layout(text));
    return score_hand(rules, layouts, caller, extra);
}

bool has_note(const std::vector<std::string>& notes, std::string_view part) {
    for (const auto& note : notes)
        if (note.find(part) != std::string::npos) return true;
    return false;
}

ruleset sized(int rows, int cols, ruleset rules = {}) {
    rules.rows = rows;
    rules.cols = cols;
    return rules;
}

// Numeral cards at face value (twos +2), ace 1, J/Q 10, K 0, jokers as given.
ruleset face_value_twos(int joker_value, ruleset rules = {}) {
    rules.rank_value = {joker_value, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0};
    return rules;
}

// pagat 8-card: 2 x 4, jokers -5, kings 0, J/Q 10, ace 1, column pairs cancel, two equal column pairs -10.
ruleset pagat_eight() {
    ruleset rules = face_value_twos(-5, sized(2, 4));
    rules.cancel_column = true;
    rules.bonus_equal_column_pairs = -10;
    return rules;
}

// Dick Oakes (004): 2 x 3, jokers -2, twos +2, column pairs cancel, side-by-side pairs cost the others 10.
ruleset oakes() {
    ruleset rules = face_value_twos(-2, sized(2, 3));
    rules.cancel_column = true;
    rules.others_penalty_side_by_side_pairs = 10;
    return rules;
}

// 4-card Golf with pairs cancelling anywhere in the square.
ruleset four_card_anywhere() {
    ruleset rules = sized(2, 2);
    rules.cancel_column = false;
    rules.cancel_pairs_anywhere = true;
    return rules;
}

// One card per seat: the hand tests choose each seat's layout score directly (3C scores 3, 2H scores -2).
ruleset single_card() { return sized(1, 1); }

// --- worked examples from the sources ------------------------------------------------------------------------

TEST(ScoreLayout, PagatEightCardFirstExample) {
    // First column 8 (6+2), second column 0 (pair), third column 1 (0+1), fourth column 0 (pair), total 9.
    const auto s = score(pagat_eight(), "6H 9C KD QS / 2C 9D AH QH");
    EXPECT_EQ(s.column_points, (std::vector<int>{8, 0, 1, 0}));
    EXPECT_EQ(s.bonus, 0);
    EXPECT_EQ(s.points, 9);
    EXPECT_TRUE(s.notes.empty());
}

TEST(ScoreLayout, PagatEightCardSecondExampleEqualColumnPairs) {
    // First column 1 (1+0), second 0 (pair), third 10 (6+4), fourth -10 (pair equal to the pair in column 2), total 1.
    const auto s = score(pagat_eight(), "AS 2H 6D 2C / KC 2S 4H 2D");
    EXPECT_EQ(s.column_points, (std::vector<int>{1, 0, 10, 0}));
    EXPECT_EQ(s.bonus, -10);
    EXPECT_EQ(s.points, 1);
    EXPECT_EQ(s.notes, (std::vector<std::string>{"two equal column pairs -10"}));
    EXPECT_EQ(s.why, (std::vector<score_note>{{.kind = score_note_kind::equal_column_pairs, .points = -10}}));
}

TEST(ScoreLayout, PagatEightCardTwosScoreFaceValueUnpaired) {
    const auto s = score(pagat_eight(), "2H 3C 4D 5S / KC KD X AH");
    EXPECT_EQ(s.column_points, (std::vector<int>{2, 3, -1, 6}));
    EXPECT_EQ(s.points, 10);
}

TEST(ScoreLayout, EqualColumnPairsCountTwoColumnsPerRank) {
    ruleset rules = pagat_eight();
    EXPECT_EQ(score(rules, "2C 2D 2H 2S / 2S 2H 2D 2C").bonus, -20);  // four columns of one rank: two pairs
    EXPECT_EQ(score(rules, "2C 2D 2H 5S / 2S 2H 2D 6C").bonus, -10);  // three columns: one pair
    EXPECT_EQ(score(rules, "2C 7D 2H 7S / 2S 7H 2D 7C").bonus, -20);  // one pair of each of two ranks
    EXPECT_EQ(score(rules, "2C 7D 3H 8S / 2S 7H 3D 8C").bonus, 0);    // four pairs, no two alike
    rules.bonus_equal_column_pairs = 0;
    EXPECT_EQ(score(rules, "2C 2D 3H 4S / 2S 2H 5D 6C").bonus, 0);
}

TEST(ScoreLayout, OakesColumnsScoredSeparately) {
    // 3 + 4 = 7, K + K = 0, and 6 + Joker = 4 for a total of 11.
    const auto s = score(oakes(), "3C KH 6S / 4D KS X");
    EXPECT_EQ(s.column_points, (std::vector<int>{7, 0, 4}));
    EXPECT_EQ(s.points, 11);
    EXPECT_EQ(s.cancelled, (std::vector<bool>{false, true, false, false, true, false}));
}

TEST(ScoreLayout, OakesJokersPairedScoreZeroNotMinusFour) {
    ruleset rules = oakes();
    const auto s = score(rules, "X 5C 8D / X 7H 9H");
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 12, 17}));
    EXPECT_EQ(s.points, 29);

    rules.cancelled_negatives_keep_value = true;
    const auto kept = score(rules, "X 5C 8D / X 7H 9H");
    EXPECT_EQ(kept.column_points, (std::vector<int>{-4, 12, 17}));
    EXPECT_EQ(kept.points, 25);
    EXPECT_EQ(kept.cancelled[0], true);
}

TEST(ScoreLayout, OakesSideBySidePairsPenaliseTheOthers) {
    const ruleset rules = oakes();
    const auto s = score(rules, "3C 3D 7H / 3S 3H 8C");
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 0, 15}));
    EXPECT_EQ(s.points, 15);  // not added to this layout
    EXPECT_EQ(s.bonus, 0);
    EXPECT_EQ(s.others_penalty, 10);
    EXPECT_TRUE(has_note(s.notes, "side by side"));

    EXPECT_EQ(score(rules, "3C 7H 3D / 3S 8C 3H").others_penalty, 0);  // equal pairs, but not side by side
    EXPECT_EQ(score(rules, "3C 4H 3D / 3S 4C 3H").others_penalty, 0);  // adjacent pairs of different ranks
}

TEST(ScoreLayout, SideBySideRunsGiveOnePenaltyPerTwoColumns) {
    const ruleset rules = sized(2, 4, oakes());
    EXPECT_EQ(score(rules, "3C 3D 3H 3S / 3S 3H 3D 3C").others_penalty, 20);  // a run of four
    EXPECT_EQ(score(rules, "3C 3D 3H 5S / 3S 3H 3D 6C").others_penalty, 10);  // a run of three
    EXPECT_EQ(score(rules, "3C 3D 7H 7S / 3S 3H 7D 7C").others_penalty, 20);  // two runs of two
}

TEST(ScoreLayout, SixCardPairOfTwosInAColumnScoresZero) {
    ruleset rules;  // 2 x 3, twos -2, column pairs cancel
    EXPECT_EQ(score(rules, "2C 5H 9D / 2S 7C KH").column_points, (std::vector<int>{0, 12, 9}));
    EXPECT_EQ(score(rules, "2C 5H 9D / 2S 7C KH").points, 21);
    EXPECT_EQ(score(rules, "2C 5H 9D / 3S 7C KH").points, 22);  // an unpaired two keeps -2
    rules.cancelled_negatives_keep_value = true;
    EXPECT_EQ(score(rules, "2C 5H 9D / 2S 7C KH").points, 17);  // the variant: -4 for the column
}

// --- values --------------------------------------------------------------------------------------------------

TEST(ScoreLayout, CardValueOverridesMatchTheSuit) {
    ruleset rules = sized(1, 2);
    rules.card_value_overrides = {{*parse_card("QS"), 40}};
    EXPECT_EQ(score(rules, "QS QH").points, 50);
    EXPECT_EQ(score(rules, "QD QH").points, 20);
}

TEST(ScoreLayout, CancelledPositiveCardsScoreZeroEvenWhenNegativesKeepTheirValue) {
    ruleset rules;
    rules.cancelled_negatives_keep_value = true;
    EXPECT_EQ(score(rules, "9C 5H 8D / 9S 7C 8H").points, 12);
}

// --- empty cells ---------------------------------------------------------------------------------------------

TEST(ScoreLayout, EmptyCellsScoreZeroAndNeverFormAPattern) {
    ruleset rules = sized(2, 2);
    const auto s = score(rules, "-- 5C / 5D 5H");
    EXPECT_EQ(s.column_points, (std::vector<int>{5, 0}));
    EXPECT_EQ(s.cancelled, (std::vector<bool>{false, true, false, true}));

    const auto both_empty = score(rules, "-- 5C / -- 5H");  // two empties are not a pair
    EXPECT_EQ(both_empty.cancelled, (std::vector<bool>{false, true, false, true}));
    EXPECT_EQ(both_empty.points, 0);

    rules.cancel_column = false;
    rules.cancel_adjacent_pairs = true;
    EXPECT_EQ(score(rules, "-- 5C / -- 7H").points, 12);
    rules.cancel_adjacent_pairs = false;
    rules.cancel_pairs_anywhere = true;
    EXPECT_EQ(score(rules, "-- 5C / 5D 7H").points, 7);
}

// --- cancelling patterns -------------------------------------------------------------------------------------

TEST(ScoreLayout, ASingleRowNeverCancelsAsAColumn) {
    ruleset rules = sized(1, 4);
    EXPECT_EQ(score(rules, "5C 5D 5H 5S").points, 20);
    rules.cancel_row = true;
    EXPECT_EQ(score(rules, "5C 5D 5H 5S").points, 0);
}

TEST(ScoreLayout, ASingleRowHasNoEqualColumnsForBonuses) {
    ruleset rules = sized(1, 4);
    rules.bonus_equal_column_pairs = -10;
    rules.others_penalty_side_by_side_pairs = 10;
    const auto s = score(rules, "5C 5D 5H 5S");
    EXPECT_EQ(s.bonus, 0);
    EXPECT_EQ(s.others_penalty, 0);
}

TEST(ScoreLayout, FourCardPairsAnywhere) {
    const ruleset rules = four_card_anywhere();
    const auto three = score(rules, "7C 7D / 7H 4S");  // three equal: only two of them cancel
    EXPECT_EQ(three.points, 11);
    EXPECT_EQ(std::count(three.cancelled.begin(), three.cancelled.end(), true), 2);
    EXPECT_EQ(score(rules, "7C 7D / 7H 7S").points, 0);  // four equal: the whole layout scores zero
    EXPECT_EQ(score(rules, "7C 4S / 3D 7H").points, 7);  // diagonally opposite corners pair too
    EXPECT_EQ(score(rules, "7C 4S / 3D 8H").points, 22);
}

TEST(ScoreLayout, PairsAnywhereLeaveTheLowestValuedCardOfAnOddCount) {
    ruleset rules = four_card_anywhere();
    rules.card_value_overrides = {{*parse_card("QS"), 40}};
    const auto s = score(rules, "QS QH / QD 4S");
    EXPECT_EQ(s.points, 14);
    EXPECT_TRUE(s.cancelled[0]);
}

TEST(ScoreLayout, PairsAnywhereWithColumnsStillLeaveOneOfThree) {
    ruleset rules = four_card_anywhere();
    rules.cancel_column = true;
    const auto s = score(rules, "7C 4S / 7D 7H");  // the column pair cancels; the third seven still scores
    EXPECT_EQ(s.cancelled, (std::vector<bool>{true, false, true, false}));
    EXPECT_EQ(s.points, 11);
    const auto later = score(rules, "7C 7D / 4S 7H");  // the same with the column pair after the odd seven
    EXPECT_EQ(later.cancelled, (std::vector<bool>{false, true, false, true}));
    EXPECT_EQ(later.points, 11);
}

TEST(ScoreLayout, NineCardColumnOfThreeCancelsButAPairDoesNot) {
    const ruleset rules = sized(3, 3);
    const auto s = score(rules, "7C 4D 8H / 7D 4S 9C / 7H 5C 3D");
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 13, 20}));
    EXPECT_EQ(s.points, 33);
}

TEST(ScoreLayout, RowsCancelOnlyWhenEnabled) {
    ruleset rules = sized(3, 3);
    const auto text = "4C 4D 4H / 5S 6C 8D / 9H TC QS";
    EXPECT_EQ(score(rules, text).points, 60);
    rules.cancel_row = true;
    const auto s = score(rules, text);
    EXPECT_EQ(s.column_points, (std::vector<int>{14, 16, 18}));
    EXPECT_EQ(s.points, 48);
}

TEST(ScoreLayout, DiagonalsCancelOnlyWhenEnabled) {
    ruleset rules = sized(3, 3);
    const auto down = "4C 5D 6H / 8S 4D 9C / TH QC 4S";
    const auto up = "6H 5D 4C / 8S 4D 9C / 4S QC TH";
    EXPECT_EQ(score(rules, down).points, 60);
    EXPECT_EQ(score(rules, up).points, 60);
    rules.cancel_diagonal = true;
    EXPECT_EQ(score(rules, down).column_points, (std::vector<int>{18, 15, 15}));
    EXPECT_EQ(score(rules, up).column_points, (std::vector<int>{14, 15, 19}));
    EXPECT_EQ(score(rules, up).points, 48);
}

TEST(ScoreLayout, DiagonalsNeedASquareLayout) {
    ruleset rules = sized(2, 3);
    rules.cancel_diagonal = true;
    EXPECT_EQ(score(rules, "4C 5D 6H / 8S 4D 9C").points, 36);
}

TEST(ScoreLayout, AdjacentPairsCancelHorizontallyAndVertically) {
    ruleset rules = sized(3, 3);
    rules.cancel_column = false;
    rules.cancel_adjacent_pairs = true;
    const auto s = score(rules, "4C 4D 9H / 5S 6C 9D / 5H TC QS");
    EXPECT_EQ(s.cancelled, (std::vector<bool>{true, true, true, true, false, true, true, false, false}));
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 16, 10}));
    EXPECT_EQ(s.points, 26);
    EXPECT_EQ(score(sized(2, 2, rules), "4C 5D / 6H 4S").points, 19);  // diagonal neighbours do not pair
}

TEST(ScoreLayout, AdjacentPairsShareCardsSoEqualLinesCancel) {
    ruleset rules = sized(3, 3);
    rules.cancel_column = false;
    rules.cancel_adjacent_pairs = true;
    EXPECT_EQ(score(rules, "8C 8D 8H / 5S 6C 9D / 3H TC QS").column_points, (std::vector<int>{8, 16, 19}));
}

// --- one-eyed jacks ------------------------------------------------------------------------------------------

TEST(ScoreLayout, OneEyedJacksAreWildInColumns) {
    ruleset rules;
    EXPECT_EQ(score(rules, "JS 5C 9D / 7D 5H 8C").points, 34);  // not wild unless the rule is on
    rules.one_eyed_jacks_wild = true;
    EXPECT_EQ(score(rules, "JS 5C 9D / 7D 5H 8C").points, 17);
    EXPECT_EQ(score(rules, "JH 5C 9D / 7D 5H 8C").points, 17);
    EXPECT_EQ(score(rules, "JC 5C 9D / 7D 5H 8C").points, 34);  // two-eyed jacks are plain jacks
    EXPECT_EQ(score(rules, "JS 5C 9D / JH 5H 8C").points, 17);  // a column of only wilds is equal
    EXPECT_EQ(score(sized(3, 3, rules), "JS 4D 8H / 7D 4S 9C / 7H 5C 3D").points, 33);
    EXPECT_EQ(score(sized(3, 3, rules), "JS 4D 8H / 7D 4S 9C / 6H 5C 3D").points, 56);
}

TEST(ScoreLayout, OneEyedJacksAreWildInAdjacentPairs) {
    ruleset rules = sized(2, 2);
    rules.cancel_column = false;
    rules.cancel_adjacent_pairs = true;
    rules.one_eyed_jacks_wild = true;
    const auto s = score(rules, "JH 9C / 4D 7S");
    EXPECT_EQ(s.cancelled, (std::vector<bool>{true, true, true, false}));
    EXPECT_EQ(s.points, 7);
}

TEST(ScoreLayout, OneEyedJacksPairAnywhereWithTheHighestCard) {
    ruleset rules = four_card_anywhere();
    rules.one_eyed_jacks_wild = true;
    EXPECT_EQ(score(rules, "JH 9C / 4D 7S").points, 11);
    EXPECT_EQ(score(rules, "7C JH / JS 5D").points, 0);           // each wild takes one card
    EXPECT_EQ(score(rules, "JH JS / 5C 5D").points, 0);           // leftover wilds pair with each other
    EXPECT_EQ(score(rules, "7C 7D / 7H JS").points, 0);           // the odd seven pairs with the wild
    EXPECT_EQ(score(sized(1, 3, rules), "JH 5C 5D").points, 10);  // a lone wild with nothing left keeps its value
}

TEST(ScoreLayout, WildColumnsOfOnlyWildsCountAsJacksForEqualPairs) {
    ruleset rules = pagat_eight();
    rules.one_eyed_jacks_wild = true;
    EXPECT_EQ(score(rules, "JS 5C JC 3D / JH 5H JD 4S").bonus, -10);
}

// --- four of a kind ------------------------------------------------------------------------------------------

TEST(ScoreLayout, FourOfAKind) {
    ruleset rules;
    EXPECT_TRUE(score(rules, "7C 7D 7H / 7S 3C 4D").four_of_a_kind);
    EXPECT_FALSE(score(rules, "7C 7D 7H / 8S 3C 4D").four_of_a_kind);
    EXPECT_TRUE(score(rules, "X X X / X 3C 4D").four_of_a_kind);  // jokers count as a rank
    EXPECT_TRUE(score(rules, "JS JH JC / JD 3C 4D").four_of_a_kind);
    rules.one_eyed_jacks_wild = true;
    EXPECT_FALSE(score(rules, "JS JH JC / JD 3C 4D").four_of_a_kind);  // wild jacks are not jacks here
    EXPECT_FALSE(score(rules, "7C 7D 7H / JS 3C 4D").four_of_a_kind);
}

// --- bonuses -------------------------------------------------------------------------------------------------

TEST(ScoreLayout, SquareBlocksCountOverlappingWindows) {
    ruleset rules;
    rules.bonus_square_block = -20;
    const auto s = score(rules, "7C 7D 7H / 7S 7C 7D");  // six equal cards hold two overlapping squares
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(s.bonus, -40);
    EXPECT_EQ(s.points, -40);
    EXPECT_EQ(s.notes, (std::vector<std::string>{"block of four equal cards x2 -40"}));
    EXPECT_EQ(s.why, (std::vector<score_note>{{.kind = score_note_kind::square_block, .points = -40, .count = 2}}));
    EXPECT_EQ(score(rules, "7C 7D 8H / 7S 7C 7D").bonus, -20);
}

TEST(ScoreLayout, SquareBlockInANineCardLayoutIgnoresWindowsWithEmptyCells) {
    ruleset rules = sized(3, 3);
    rules.bonus_square_block = -25;
    const auto s = score(rules, "5C 5D -- / 5H 5S -- / 3D 4C 8H");
    EXPECT_EQ(s.column_points, (std::vector<int>{3, 4, 8}));  // the four 5s score the bonus, not 20 and the bonus
    EXPECT_EQ(s.bonus, -25);
    EXPECT_EQ(s.points, -10);
    EXPECT_EQ(s.cancelled, (std::vector<bool>{true, true, false, true, true, false, false, false, false}));
}

// Wikipedia (001, 002): a 2x2 block "results in some negative score, such as -25, for those four cards": the
// block's cards score the bonus instead of their values, in a nine-card layout where no column cancels them.
TEST(ScoreLayout, SquareBlockReplacesTheFourCards) {
    ruleset rules = sized(3, 3);
    rules.bonus_square_block = -25;
    const auto s = score(rules, "9C 9D 2H / 9H 9S 3C / 4D 5C 6H");
    EXPECT_EQ(s.points, -25 + (-2) + 3 + 4 + 5 + 6);
    rules.bonus_square_block = 0;
    EXPECT_EQ(score(rules, "9C 9D 2H / 9H 9S 3C / 4D 5C 6H").points, 36 - 2 + 3 + 4 + 5 + 6);
}

TEST(ScoreLayout, RowOfKingsReplacesTheKingsWhenKingsScore) {
    ruleset rules = pagat_eight();
    rules.rank_value[13] = 10;  // a house rule where kings count
    rules.bonus_row_of_kings = -16;
    const auto s = score(rules, "KC KD KH KS / 3C 4D 5H 6S");
    EXPECT_EQ(s.points, -16 + 3 + 4 + 5 + 6);  // "four kings on one side = -16 points", not 40 - 16
}

TEST(ScoreLayout, AllEqualReplacesTheCardsWithoutColumnCancelling) {
    ruleset rules;
    rules.cancel_column = false;
    rules.bonus_all_equal = -20;
    EXPECT_EQ(score(rules, "7C 7D 7H / 7S 7C 7D").points, -20);
}

TEST(ScoreLayout, AllEqualBonusOnceForAFullLayout) {
    ruleset rules;
    rules.bonus_all_equal = -20;
    const auto s = score(rules, "7C 7D 7H / 7S 7C 7D");
    EXPECT_EQ(s.bonus, -20);
    EXPECT_EQ(s.points, -20);
    EXPECT_EQ(s.notes, (std::vector<std::string>{"all cards equal -20"}));
    const auto with_gap = score(rules, "7C 7D 7H / 7S 7C --");
    EXPECT_EQ(with_gap.bonus, 0);
    EXPECT_EQ(with_gap.points, 7);
}

TEST(ScoreLayout, RowOfKings) {
    ruleset rules = pagat_eight();
    rules.bonus_row_of_kings = -16;  // 8-card: four kings on one side
    const auto s = score(rules, "KC KD KH KS / 3C 4D 5H 6S");
    EXPECT_EQ(s.column_points, (std::vector<int>{3, 4, 5, 6}));
    EXPECT_EQ(s.bonus, -16);
    EXPECT_EQ(s.points, 2);
    EXPECT_EQ(score(rules, "KC KD KH KS / KS KH KD KC").bonus, -16 * 2 - 10 * 2);  // two rows; two column pairs
    EXPECT_EQ(score(sized(2, 1, rules), "KC / 3D").bonus, 0);                      // one king is not a row

    rules.one_eyed_jacks_wild = true;
    const auto wild = score(rules, "KC KD JS KS / 3C 4D 5H 6S");  // a wild jack is not a king
    EXPECT_EQ(wild.bonus, 0);
    EXPECT_EQ(wild.points, 13);
}

TEST(ScoreLayout, StraightReplacesTheCards) {
    ruleset rules = sized(3, 3);
    const auto text = "AC 2D 3H / 4S 5C 6D / 7H 8C 9S";
    EXPECT_FALSE(score(rules, text).straight);
    rules.straight_score = -12;
    const auto s = score(rules, text);
    EXPECT_TRUE(s.straight);
    EXPECT_EQ(s.points, -12);
    EXPECT_EQ(s.column_points, (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(s.cancelled, std::vector<bool>(9, false));
    EXPECT_EQ(s.notes, (std::vector<std::string>{"straight -12"}));
    EXPECT_TRUE(score(rules, "5C 9S 2D / 8C 3H AC / 4S 7H 6D").straight);  // any arrangement
}

TEST(ScoreLayout, StraightAceHighOrLowButNotAround) {
    ruleset rules;
    rules.straight_score = -12;
    EXPECT_TRUE(score(rules, "9C TD JH / QS KC AD").straight);
    EXPECT_TRUE(score(rules, "AC 2D 3H / 4S 5C 6D").straight);
    const auto around = score(rules, "QC KD AH / 2S 3C 4D");
    EXPECT_FALSE(around.straight);
    EXPECT_EQ(around.points, 16);
    EXPECT_FALSE(score(rules, "X AC 2D / 3H 4S 5C").straight);   // a joker is not a rank zero
    EXPECT_FALSE(score(rules, "9C 9D TH / JS QC KD").straight);  // ranks must be distinct
    EXPECT_FALSE(score(rules, "-- TD JH / QS KC AD").straight);  // every position must hold a card
    rules.one_eyed_jacks_wild = true;
    EXPECT_TRUE(score(rules, "9C TD JH / QS KC AD").straight);  // a wild jack stands for itself
    EXPECT_FALSE(score(rules, "9C TD JH / JS KC AD").straight);
}

// --- the hand ------------------------------------------------------------------------------------------------

TEST(ScoreHand, WithoutCallerScoresAreTheLayouts) {
    const auto h = scored_hand(single_card(), {"5C", "9D", "3H"}, -1);
    EXPECT_EQ(h.scores, (std::vector<int>{5, 9, 3}));
    EXPECT_EQ(h.adjustments, (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(h.extra, (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(h.layouts.size(), 3u);
    EXPECT_EQ(h.layouts[1].points, 9);
    EXPECT_TRUE(h.notes.empty());
    EXPECT_EQ(h.match_winner, -1);
}

TEST(ScoreHand, CallerBonusZero) {
    ruleset rules = single_card();
    rules.caller_bonus = caller_bonus_rule::zero;
    const auto h = scored_hand(rules, {"5C", "9D", "3H"}, 2);
    EXPECT_EQ(h.scores, (std::vector<int>{5, 9, 0}));
    EXPECT_EQ(h.adjustments, (std::vector<int>{0, 0, -3}));
    ASSERT_EQ(h.notes.size(), 1u);
    EXPECT_TRUE(has_note(h.notes, "seat 2"));
    EXPECT_EQ(scored_hand(rules, {"5C", "9D", "2H"}, 2).scores, (std::vector<int>{5, 9, -2}));  // a negative is kept
}

TEST(ScoreHand, CallerMinusPlayersOrDoubledPagatExample) {
    // Four players: a knock with 3 scores -1 (3 - 4) if lowest, 6 (2 x 3) otherwise.
    ruleset rules = single_card();
    rules.caller_bonus = caller_bonus_rule::minus_players;
    rules.caller_penalty = caller_penalty_rule::double_plus_points;
    EXPECT_EQ(scored_hand(rules, {"3C", "5D", "9H", "7S"}, 0).scores[0], -1);
    EXPECT_EQ(scored_hand(rules, {"3C", "2D", "9H", "7S"}, 0).scores[0], 6);
}

TEST(ScoreHand, CallerMinusPointsAndSetToPoints) {
    ruleset rules = single_card();
    rules.caller_bonus = caller_bonus_rule::minus_points;
    rules.caller_bonus_points = 5;
    EXPECT_EQ(scored_hand(rules, {"3C", "9D"}, 0).scores, (std::vector<int>{-2, 9}));
    rules.caller_bonus = caller_bonus_rule::set_to_points;
    rules.caller_bonus_points = -10;
    EXPECT_EQ(scored_hand(rules, {"3C", "9D"}, 0).scores, (std::vector<int>{-10, 9}));
    EXPECT_EQ(scored_hand(rules, {"3C", "9D"}, 1).scores, (std::vector<int>{3, 9}));  // not lowest, no penalty rule
}

TEST(ScoreHand, CallerPenaltyRules) {
    ruleset rules = single_card();
    const std::vector<std::string_view> seats{"9C", "3D", "8H"};
    const auto caller_score = [&](caller_penalty_rule rule, int points) {
        rules.caller_penalty = rule;
        rules.caller_penalty_points = points;
        return scored_hand(rules, seats, 0).scores[0];
    };
    EXPECT_EQ(caller_score(caller_penalty_rule::none, 10), 9);
    EXPECT_EQ(caller_score(caller_penalty_rule::add_points, 10), 19);
    EXPECT_EQ(caller_score(caller_penalty_rule::double_plus_points, 5), 23);
    EXPECT_EQ(caller_score(caller_penalty_rule::double_plus_points, 0), 18);
    EXPECT_EQ(caller_score(caller_penalty_rule::add_highest, 0), 17);
    EXPECT_EQ(caller_score(caller_penalty_rule::add_twice_players, 0), 15);
    EXPECT_EQ(caller_score(caller_penalty_rule::add_lowest, 0), 12);
    EXPECT_EQ(caller_score(caller_penalty_rule::set_to_highest, 0), 9);  // already the highest

    rules.caller_penalty = caller_penalty_rule::set_to_highest;
    const auto h = scored_hand(rules, {"9C", "3D", "QH"}, 0);
    EXPECT_EQ(h.scores, (std::vector<int>{10, 3, 10}));
    EXPECT_EQ(h.adjustments, (std::vector<int>{1, 0, 0}));
    EXPECT_TRUE(has_note(h.notes, "seat 0"));
    EXPECT_TRUE(has_note(h.notes, "not lowest"));
}

TEST(ScoreHand, CallerTieRules) {
    ruleset rules = single_card();
    rules.caller_bonus = caller_bonus_rule::set_to_points;
    rules.caller_bonus_points = -10;
    rules.caller_penalty = caller_penalty_rule::add_points;
    rules.caller_penalty_points = 10;
    rules.caller_tie_points = 5;
    const std::vector<std::string_view> seats{"5C", "5D", "9H"};
    const auto caller_score = [&](caller_tie_rule rule) {
        rules.caller_tie = rule;
        return scored_hand(rules, seats, 0).scores[0];
    };
    EXPECT_EQ(caller_score(caller_tie_rule::as_lowest), -10);
    EXPECT_EQ(caller_score(caller_tie_rule::as_not_lowest), 15);
    EXPECT_EQ(caller_score(caller_tie_rule::no_adjustment), 5);
    EXPECT_EQ(caller_score(caller_tie_rule::add_tie_points), 10);  // Dacz: +5 on a tie for lowest
    rules.caller_tie = caller_tie_rule::no_adjustment;
    EXPECT_TRUE(scored_hand(rules, seats, 0).notes.empty());
}

TEST(ScoreHand, PenaltiesToOthersComeBeforeTheCallerRules) {
    ruleset rules = oakes();
    rules.caller_penalty = caller_penalty_rule::add_points;
    rules.caller_penalty_points = 10;
    // Seat 1 (10) is below seat 0 (15) until seat 0's side-by-side pairs add 10 to it.
    const auto h = scored_hand(rules, {"3C 3D 7H / 3S 3H 8C", "AC 4C KC / 2D 3D KD"}, 1);
    EXPECT_EQ(h.layouts[1].points, 10);
    EXPECT_EQ(h.adjustments, (std::vector<int>{0, 20}));
    EXPECT_EQ(h.scores, (std::vector<int>{15, 30}));
    EXPECT_EQ(h.notes.size(), 2u);
    EXPECT_TRUE(has_note(h.notes, "seat 1 pays for seat 0"));
    // The same lines as data, each note_text of its own: what a client says in its reader's language.
    ASSERT_EQ(h.why.size(), h.notes.size());
    EXPECT_EQ(h.why[0],
              (score_note{.kind = score_note_kind::pays_for_side_by_side, .points = 10, .seat = 1, .other = 0}));
    for (std::size_t i = 0; i < h.why.size(); ++i) EXPECT_EQ(note_text(h.why[i]), h.notes[i]);
}

TEST(ScoreHand, PenaltiesGoToEveryOtherSeat) {
    const auto h = scored_hand(oakes(), {"AC 4C KC / 2D 3D KD", "3C 3D 7H / 3S 3H 8C", "AC 4C KC / 2D 3D KD"}, -1);
    EXPECT_EQ(h.adjustments, (std::vector<int>{10, 0, 10}));
    EXPECT_EQ(h.scores, (std::vector<int>{20, 15, 20}));
}

TEST(ScoreHand, ShootingTheMoon) {
    ruleset rules = single_card();
    rules.shoot_the_moon = 10;
    rules.caller_penalty = caller_penalty_rule::add_points;
    rules.caller_penalty_points = 10;
    rules.lowest_scores_zero = true;
    // Seat 0 reaches the moon: it scores 0, the others 10; caller rules and lowest-zero do not apply; extra does.
    const auto h = scored_hand(rules, {"QC", "5D", "3H", "KS"}, 1, {1, 2, 3, 4});
    EXPECT_EQ(h.adjustments, (std::vector<int>{-10, 5, 7, 10}));
    EXPECT_EQ(h.scores, (std::vector<int>{1, 12, 13, 14}));
    EXPECT_TRUE(has_note(h.notes, "seat 0 shot the moon"));
    EXPECT_EQ(
        h.why[1],
        (score_note{
            .kind = score_note_kind::shot_the_moon, .points = 5, .seat = 1, .other = 0, .figure = 10, .target = 10}));
    EXPECT_EQ(h.notes[1], "seat 0 shot the moon with 10, seat 1 scores 10: +5");

    EXPECT_EQ(scored_hand(rules, {"5D", "QC", "JH"}, -1).scores,
              (std::vector<int>{10, 0, 10}));                                          // the first seat shoots
    EXPECT_EQ(scored_hand(rules, {"9D", "5C"}, -1).scores, (std::vector<int>{9, 0}));  // nobody reached it
}

TEST(ScoreHand, LowestScoresZeroWithTies) {
    ruleset rules = single_card();
    rules.lowest_scores_zero = true;
    const auto h = scored_hand(rules, {"5C", "3D", "3H", "9S"}, -1);
    EXPECT_EQ(h.scores, (std::vector<int>{5, 0, 0, 9}));
    EXPECT_EQ(h.adjustments, (std::vector<int>{0, -3, -3, 0}));
    EXPECT_EQ(h.notes.size(), 2u);
    EXPECT_EQ(scored_hand(rules, {"2C", "5D"}, -1).scores, (std::vector<int>{0, 5}));  // a negative lowest too
}

TEST(ScoreHand, LowestScoresZeroAfterTheCallerRules) {
    ruleset rules = single_card();
    rules.lowest_scores_zero = true;
    rules.caller_penalty = caller_penalty_rule::add_lowest;  // 9-card: the caller adds the lowest score
    EXPECT_EQ(scored_hand(rules, {"9C", "3D", "8H"}, 0).scores, (std::vector<int>{12, 0, 8}));
    rules.caller_bonus = caller_bonus_rule::minus_points;
    rules.caller_bonus_points = 10;
    EXPECT_EQ(scored_hand(rules, {"3C", "5D"}, 0).scores, (std::vector<int>{0, 5}));
}

TEST(ScoreHand, ExtraPointsAreAddedLast) {
    ruleset rules = single_card();
    rules.lowest_scores_zero = true;
    const auto h = scored_hand(rules, {"5C", "3D"}, -1, {4, 6});
    EXPECT_EQ(h.extra, (std::vector<int>{4, 6}));
    EXPECT_EQ(h.adjustments, (std::vector<int>{0, -3}));
    EXPECT_EQ(h.scores, (std::vector<int>{9, 6}));
}

TEST(ScoreHand, FourOfAKindWinsTheMatch) {
    ruleset rules = sized(2, 2);
    const std::vector<std::string_view> seats{"3C 4D / 5H 6S", "7C 7D / 7H 7S", "8C 8D / 8H 8S"};
    EXPECT_EQ(scored_hand(rules, seats, -1).match_winner, -1);
    rules.four_of_a_kind_wins_match = true;
    EXPECT_EQ(scored_hand(rules, seats, -1).match_winner, 1);
    EXPECT_EQ(scored_hand(rules, {"3C 4D / 5H 6S", "7C 7D / 7H 8S"}, -1).match_winner, -1);
}

}  // namespace
}  // namespace golf

namespace golf {
namespace {

// layout_points is score_layout's points without the detail: the same number for every preset, with layouts of
// every kind (random cards, equal columns and rows, empty positions, gained cards below the grid, too few cells).
TEST(LayoutPoints, AgreesWithScoreLayoutOnEveryPreset) {
    random_source random(2026);
    for (const preset& p : presets()) {
        SCOPED_TRACE(p.name);
        const ruleset& rules = p.rules;
        const auto positions = static_cast<std::size_t>(std::max(rules.positions(), 0));
        for (int round = 0; round < 400; ++round) {
            layout_cells cells(round % 7 == 0 ? positions / 2 : positions);
            const auto rank = static_cast<std::uint8_t>(1 + random.below(13));
            for (std::size_t i = 0; i < cells.size(); ++i) {
                if (random.below(10) == 0) continue;                        // an empty position
                const bool alike = round % 3 == 0 && random.below(2) == 0;  // equal cards, so patterns complete
                cells[i] = card{alike ? rank : static_cast<std::uint8_t>(random.below(14)),
                                static_cast<suit>(random.below(4))};
            }
            EXPECT_EQ(layout_points(rules, cells), score_layout(rules, cells).points);
        }
    }
}

}  // namespace
}  // namespace golf
