// One scripted deal per rule option: the start, turns, the end of a hand, and the stock.
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace golf::testing {
namespace {

const scripted_deal two_six_card{{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"}, "KD", "QC JC TC 9C 8C 7C 6C"};

// Both seats turn up the same positions at the start.
void start_with(hand& h, std::initializer_list<int> slots) {
    for (int seat = 0; seat < h.players(); ++seat)
        for (int slot : slots) play(h, seat, flip(slot));
}

// ---- the start -----------------------------------------------------------------------------------------------

TEST(StartRules, SameColumn) {
    auto h = deal(rules_of("six-card", {"start_where=same_column"}), two_six_card);
    play(h, 0, flip(1));
    refused(h, 0, flip(0), action_error::bad_position);
    refused(h, 0, flip(2), action_error::bad_position);
    play(h, 0, flip(4));
}

TEST(StartRules, DifferentColumns) {
    auto h = deal(rules_of("six-card", {"start_where=different_columns"}), two_six_card);
    play(h, 0, flip(1));
    refused(h, 0, flip(4), action_error::bad_position);
    play(h, 0, flip(5));
}

TEST(StartRules, OneFromTheMiddleColumnAndOneFromAnOuterColumn) {
    auto h = deal(rules_of("six-card", {"start_where=middle_and_outer"}), two_six_card);
    play(h, 0, flip(0));
    refused(h, 0, flip(3), action_error::bad_position);  // a second outer card
    refused(h, 0, flip(2), action_error::bad_position);
    play(h, 0, flip(4));
    play(h, 1, flip(1));
    refused(h, 1, flip(4), action_error::bad_position);  // a second middle card
    play(h, 1, flip(5));
    EXPECT_EQ(h.current_phase(), phase::turn);
}

TEST(StartRules, PeekAtTheNearestRowKeepsCardsFaceDownAndPrivate) {
    auto h = deal(rules_of("four-card"), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C"});
    refused(h, 0, peek(0), action_error::bad_position);  // the far row
    refused(h, 0, flip(2), action_error::wrong_phase);
    play(h, 0, peek(2));
    play(h, 0, peek(3));
    EXPECT_FALSE(h.seat(0).layout[2].face_up);
    EXPECT_EQ(h.view_for(0).seats[0].layout[3].value, c("4H"));
    EXPECT_FALSE(h.view_for(1).seats[0].layout[3].value.has_value());
    EXPECT_FALSE(h.spectator_view().seats[0].layout[3].value.has_value());
}

TEST(StartRules, PeekAtAnyTwo) {
    auto h = deal(rules_of("four-card-jokers"), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C"});
    play(h, 0, peek(0));
    refused(h, 0, peek(0), action_error::bad_position);
    play(h, 0, peek(3));
    EXPECT_EQ(h.seat(0).start_left, 0);
}

TEST(StartRules, NothingAtTheStartMeansPlayBeginsAtOnce) {
    auto h = deal(rules_of("six-card", {"start=none", "start_count=0"}), two_six_card);
    EXPECT_EQ(h.current_phase(), phase::turn);
    EXPECT_EQ(h.current_seat(), 0);
}

TEST(StartRules, RearrangeAfterFlippingWithoutLooking) {
    auto h = deal(rules_of("six-card", {"rearrange_after_start=true"}), two_six_card);
    play(h, 0, flip(0));
    play(h, 0, flip(1));
    EXPECT_TRUE(h.seat(0).rearranging);
    play(h, 0, swap_own(0, 3));  // the face-up ace moves under its column; the unknown 4H moves up
    EXPECT_TRUE(h.seat(0).layout[3].face_up);
    EXPECT_EQ(h.seat(0).layout[3].value, c("AH"));
    EXPECT_FALSE(h.seat(0).layout[0].face_up);
    EXPECT_FALSE(h.view_for(0).seats[0].layout[0].value.has_value());  // still unseen
    refused(h, 0, swap_own(2, 2), action_error::malformed);
    refused(h, 0, swap_own(4, 2), action_error::malformed);
    play(h, 0, ready);
    EXPECT_FALSE(h.seat(0).rearranging);
    play(h, 1, flip(0));
    play(h, 1, flip(1));
    EXPECT_EQ(h.current_phase(), phase::start);  // seat 1 is still rearranging
    play(h, 1, ready);
    EXPECT_EQ(h.current_phase(), phase::turn);
}

TEST(StartRules, EightCardTurnsAWholeColumnAtTheFirstTurn) {
    auto h = deal(rules_of("eight-card"), {{"AH 2H 3H 4H / 5H 6H 7H 8H", "AS 2S 3S 4S / 5S 6S 7S 8S"}, "KD", "QC"});
    EXPECT_EQ(h.current_phase(), phase::turn);
    refused(h, 0, draw_stock, action_error::wrong_phase);  // the column comes first
    refused(h, 1, flip(0), action_error::not_your_turn);
    play(h, 0, flip(2));
    refused(h, 0, flip(3), action_error::bad_position);
    play(h, 0, flip(6));
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 0, flip(0));  // compulsory flip after discarding
    EXPECT_EQ(h.current_seat(), 1);
    refused(h, 1, draw_stock, action_error::wrong_phase);
}

// ---- turns ---------------------------------------------------------------------------------------------------

TEST(TurnRules, WithoutAFlipRuleDiscardingEndsTheTurn) {
    auto h = deal(rules_of("six-card"), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    play(h, 0, discard);
    EXPECT_EQ(h.current_seat(), 1);
    EXPECT_EQ(h.discards().back(), c("QC"));
}

TEST(TurnRules, OptionalFlipAfterDiscarding) {
    auto h = deal(rules_of("six-card", {"discard_flip=optional"}), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    play(h, 0, discard);
    EXPECT_EQ(h.current_phase(), phase::after_discard);
    refused(h, 0, flip(0), action_error::bad_position);  // already face up
    play(h, 0, pass);
    EXPECT_EQ(h.current_seat(), 1);
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 1, flip(4));
    EXPECT_TRUE(h.seat(1).layout[4].face_up);
}

TEST(TurnRules, CompulsoryFlipAfterDiscarding) {
    auto h = deal(rules_of("six-card", {"discard_flip=compulsory"}), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    play(h, 0, discard);
    refused(h, 0, pass, action_error::not_allowed);
    play(h, 0, flip(5));
}

TEST(TurnRules, CompulsoryUnlessOnlyOneCardIsFaceDown) {
    auto h = deal(rules_of("six-card", {"discard_flip=compulsory_unless_one_left", "start_count=5"}), two_six_card);
    start_with(h, {0, 1, 2, 3, 4});
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 0, pass);  // one card face down: it may stay so
    EXPECT_FALSE(h.seat(0).layout[5].face_up);
    auto h2 = deal(rules_of("six-card", {"discard_flip=compulsory_unless_one_left"}), two_six_card);
    start_with(h2, {0, 3});
    play(h2, 0, draw_stock);
    play(h2, 0, discard);
    refused(h2, 0, pass, action_error::not_allowed);
}

TEST(TurnRules, AFlipOnlyTurn) {
    auto h = deal(rules_of("six-card", {"flip_only_turn=true"}), two_six_card);
    start_with(h, {0, 3});
    refused(h, 0, flip(0), action_error::bad_position);
    play(h, 0, flip(1));
    EXPECT_EQ(h.current_seat(), 1);
    EXPECT_EQ(h.stock().back(), c("QC"));  // nothing was drawn
}

TEST(TurnRules, ATakenDiscardMayBeThrownBackUnderOakes) {
    auto h = deal(rules_of("six-card-oakes"), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, take_discard);
    play(h, 0, discard);
    EXPECT_EQ(h.discards().back(), c("KD"));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(TurnRules, WithoutAnInitialDiscardTheFirstPlayerMustDraw) {
    auto h = deal(rules_of("six-card", {"initial_discard=false"}), {two_six_card.layouts, "", "QC"});
    start_with(h, {0, 3});
    refused(h, 0, take_discard, action_error::not_allowed);
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 1, take_discard);
}

TEST(TurnRules, FaceUpCardsCannotBeReplaced) {
    auto h = deal(rules_of("six-card", {"face_up_locked=true"}), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    refused(h, 0, place(0), action_error::bad_position);
    play(h, 0, place(1));
    EXPECT_TRUE(h.seat(0).layout[1].face_up);
}

TEST(TurnRules, AFaceUpColumnIsFrozen) {
    auto h = deal(rules_of("six-card", {"frozen_columns=true", "start_where=same_column"}), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    refused(h, 0, place(0), action_error::bad_position);
    refused(h, 0, place(3), action_error::bad_position);
    play(h, 0, place(1));  // a face-up card outside a full column may still be replaced later
}

TEST(TurnRules, UnseenCardsMayBeReplacedOnlyOnce) {
    auto h = deal(rules_of("four-card", {"unseen_replace_once=true"}),
                  {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C 7D 7H"});
    for (int s = 0; s < 2; ++s) {
        play(h, s, peek(2));
        play(h, s, peek(3));
    }
    play(h, 0, draw_stock);
    play(h, 0, place(0));  // unseen at the start: this was its one replacement
    EXPECT_TRUE(h.seat(0).layout[0].locked);
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 0, draw_stock);
    refused(h, 0, place(0), action_error::bad_position);
    play(h, 0, place(2));  // seen at the start: as often as you like
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 0, take_discard);
    play(h, 0, place(2));
}

TEST(TurnRules, LookingDuringPlayCostsAPoint) {
    auto h = deal(rules_of("four-card", {"look_cost=1"}), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C 8C"});
    for (int s = 0; s < 2; ++s) {
        play(h, s, peek(2));
        play(h, s, peek(3));
    }
    refused(h, 0, look(2), action_error::bad_position);  // already known
    play(h, 0, look(0));
    EXPECT_EQ(h.view_for(0).seats[0].layout[0].value, c("AH"));
    EXPECT_FALSE(h.view_for(1).seats[0].layout[0].value.has_value());
    EXPECT_EQ(h.current_seat(), 0);  // looking is not the turn
    play(h, 0, draw_stock);
    play(h, 0, look(1));
    play(h, 0, discard);
    play(h, 1, knock);
    play(h, 0, draw_stock);
    play(h, 0, discard);
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.result().extra[0], 2);
    // Seat 0 holds AH 2H 3H 4H = 10 plus two looks.
    EXPECT_EQ(h.result().scores[0], 12);
}

TEST(TurnRules, ADiscardedJackMakesTheNextPlayerMissATurn) {
    auto h = deal(rules_of("six-card", {"jack_skips_next=true"}),
                  {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S", "AC 2C 3C / 4C 5C 6C"}, "KD", "JD 9D", 2});
    start_with(h, {0, 3});
    play(h, 0, draw_stock);
    play(h, 0, discard);  // the jack of diamonds
    EXPECT_EQ(h.current_seat(), 2);
    play(h, 2, draw_stock);
    play(h, 2, discard);
    EXPECT_EQ(h.current_seat(), 0);
}

// ---- ending a hand -----------------------------------------------------------------------------------------

TEST(EndRules, KnockingGivesEveryoneElseOneMoreTurn) {
    auto h = deal(rules_of("four-card"), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S", "AC 2C / 3C 4C"}, "KD", "7C 8C", 2});
    for (int s = 0; s < 3; ++s) {
        play(h, s, peek(2));
        play(h, s, peek(3));
    }
    play(h, 0, knock);
    EXPECT_TRUE(h.final_round());
    EXPECT_EQ(h.caller(), 0);
    refused(h, 1, knock, action_error::not_allowed);  // no knocking in the final round
    play(h, 1, draw_stock);
    play(h, 1, discard);
    EXPECT_FALSE(h.over());
    play(h, 2, draw_stock);
    play(h, 2, discard);
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::final_round_done);
    EXPECT_EQ(h.result().scores, (std::vector<int>{10, 10, 10}));
    refused(h, 0, draw_stock, action_error::hand_over);
    for (const auto& seat : h.spectator_view().seats)  // at the end every card is shown
        for (const auto& p : seat.layout) EXPECT_TRUE(p.value.has_value());
}

hand knock_and_finish(const scripted_deal& script) {
    auto h = deal(rules_of("four-card-jokers"), script);
    for (int s = 0; s < 2; ++s) {
        play(h, s, peek(0));
        play(h, s, peek(1));
    }
    play(h, 0, knock);
    play(h, 1, draw_stock);
    play(h, 1, discard);
    return h;
}

TEST(EndRules, ACallerWhoIsNotLowestPaysTheBlogsPenalty) {
    // Seat 0 knocks with 1+3 + 2+4 = 10 against 0 (two cancelled column pairs): 10 + 10.
    auto h = knock_and_finish({{"AS 2S / 3S 4S", "KH QH / KS QS"}, "KD", "7C 8C"});
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.result().scores, (std::vector<int>{20, 0}));
    // A tie counts as lowest: only "not the lowest" is penalised.
    auto tie = knock_and_finish({{"AS 2S / 3S 4S", "AH 2H / 3H 4H"}, "KD", "7C 8C"});
    EXPECT_EQ(tie.result().scores, (std::vector<int>{10, 10}));
}

TEST(EndRules, AKnockTurnsEveryCardUpUnderTheBlogsRules) {
    auto h = deal(rules_of("four-card-jokers"), {{"KH QH / KS QS", "AS 2S / 3S 4S"}, "KD", "7C 8C"});
    for (int s = 0; s < 2; ++s) {
        play(h, s, peek(0));
        play(h, s, peek(1));
    }
    play(h, 0, knock);
    // 003: "All cards are then turned face up" when someone knocks.
    EXPECT_TRUE(h.seat(1).layout[3].face_up);
    EXPECT_EQ(h.spectator_view().seats[1].layout[3].value, c("4S"));
    play(h, 1, draw_stock);
    play(h, 1, discard);
    ASSERT_TRUE(h.over());
    // Seat 0: K+K column 0, Q+Q column 0 -> 0; seat 1: 1+3 + 2+4 = 10. The caller is lowest: no penalty.
    EXPECT_EQ(h.result().scores, (std::vector<int>{0, 10}));
}

TEST(EndRules, AllFaceUpEndsThePlayAtOnce) {
    auto h = deal(rules_of("six-card", {"start_count=5"}), two_six_card);
    start_with(h, {0, 1, 2, 3, 4});
    play(h, 0, draw_stock);
    play(h, 0, place(5));
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::all_face_up);
    EXPECT_EQ(h.caller(), 0);
}

TEST(EndRules, AllFaceUpGivesAFinalRound) {
    auto h = deal(rules_of("six-card", {"start_count=5", "all_face_up=final_round"}), two_six_card);
    start_with(h, {0, 1, 2, 3, 4});
    play(h, 0, draw_stock);
    play(h, 0, place(5));
    EXPECT_FALSE(h.over());
    EXPECT_TRUE(h.final_round());
    play(h, 1, take_discard);  // seat 1 goes out too; nothing more happens
    play(h, 1, place(5));
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::final_round_done);
    EXPECT_EQ(h.caller(), 0);
}

TEST(EndRules, OakesFinalRoundExposesEveryoneAndDrawsOnlyFromTheStock) {
    auto h = deal(rules_of("six-card-oakes", {"start_count=2"}),
                  {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S", "AC 2C 3C / 4C 5C 6C"}, "KD", "QD QH JD JH 9D", 2});
    start_with(h, {0, 3});
    for (int slot : {1, 2, 4, 5}) {
        for (int seat = 0; seat < 3 && !h.final_round(); ++seat) {
            play(h, seat, draw_stock);
            if (seat == 0) play(h, seat, place(slot));
            else play(h, seat, discard);
        }
        if (h.final_round()) break;
    }
    ASSERT_TRUE(h.final_round());
    EXPECT_EQ(h.caller(), 0);
    EXPECT_TRUE(h.seat(1).layout[2].face_up);  // everyone else's cards were turned up
    refused(h, 1, take_discard, action_error::not_allowed);
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 2, draw_stock);
    play(h, 2, discard);
    EXPECT_TRUE(h.over());
}

TEST(EndRules, WhenEveryoneIsFaceUp) {
    auto h =
        deal(rules_of("six-card", {"start_count=5", "all_face_up=when_everyone", "face_up_locked=true"}), two_six_card);
    start_with(h, {0, 1, 2, 3, 4});
    play(h, 0, draw_stock);
    play(h, 0, place(5));
    EXPECT_FALSE(h.over());
    refused(h, 1, knock, action_error::not_allowed);
    play(h, 1, draw_stock);
    play(h, 1, discard);
    refused(h, 0, take_discard, action_error::not_allowed);  // nowhere to put it: every card is face up and locked
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 1, draw_stock);
    play(h, 1, place(5));
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.caller(), 0);  // the first to go out
}

TEST(EndRules, RevealingEverythingStartsTheEnd) {
    auto h = deal(rules_of("six-card", {"reveal_all_turn=true", "all_face_up=final_round"}), two_six_card);
    start_with(h, {0, 3});
    play(h, 0, reveal_all);
    EXPECT_TRUE(h.final_round());
    EXPECT_EQ(h.caller(), 0);
    refused(h, 1, reveal_all, action_error::not_allowed);
}

TEST(EndRules, TheTurnLimitEndsAStalledHand) {
    auto h = deal(rules_of("six-card", {"turn_limit=3"}), two_six_card);
    start_with(h, {0, 3});
    for (int turn = 0; turn < 3; ++turn) {
        play(h, h.current_seat(), draw_stock);
        play(h, h.current_seat(), discard);
    }
    EXPECT_EQ(h.ended(), end_reason::turn_limit);
}

// ---- the stock -----------------------------------------------------------------------------------------------

// Plays draw-and-discard turns until the stock is empty or the hand ends, within a bound.
void draw_and_discard_until_stock_empty(hand& h) {
    for (int turn = 0; turn < 200 && !h.over() && !h.stock().empty(); ++turn) {
        play(h, h.current_seat(), draw_stock);
        play(h, h.current_seat(), discard);
    }
}

TEST(StockRules, AnEmptyStockIsReshuffledFromTheDiscards) {
    auto h = deal(rules_of("six-card"), two_six_card);
    start_with(h, {0, 3});
    const auto all = h.all_cards().size();
    int reshuffles = 0;
    for (int turn = 0; turn < 120 && !h.over(); ++turn) {
        std::vector<event> events;
        ASSERT_EQ(h.apply(h.current_seat(), draw_stock, &events), action_error::none);
        ASSERT_EQ(h.apply(h.current_seat(), discard, &events), action_error::none);
        for (const event& e : events) reshuffles += e.kind == event_kind::stock_reshuffled;
        EXPECT_EQ(h.all_cards().size(), all);
        EXPECT_FALSE(h.stock().empty());
    }
    EXPECT_GE(reshuffles, 2);
    EXPECT_FALSE(h.over());
}

TEST(StockRules, AnEmptyStockEndsTheHandByOption) {
    auto h = deal(rules_of("six-card", {"empty_stock=end_hand"}), two_six_card);
    start_with(h, {0, 3});
    draw_and_discard_until_stock_empty(h);
    EXPECT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::stock_exhausted);
}

TEST(StockRules, NothingLeftToReshuffleEndsTheHand) {
    // 6 players x 9 cards from one pack with three jokers and no first discard leave one card in the stock.
    auto rules =
        rules_of("six-card", {"rows=3", "cols=3", "jokers_per_pack=3", "extra_pack_above=", "initial_discard=false"});
    hand h(rules, 6, 5, 5);
    for (int s = 0; s < 6; ++s) {
        play(h, s, flip(0));
        play(h, s, flip(3));
    }
    ASSERT_EQ(h.stock().size(), 1u);
    play(h, 0, draw_stock);
    play(h, 0, discard);  // the stock is empty and the discard pile holds only its top card
    EXPECT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::stock_exhausted);
}

// ---- 9-card: completed lines leave the layout --------------------------------------------------------------

TEST(LineRules, ACompletedColumnIsRemovedAndItsPlacesStayEmpty) {
    auto h = deal(rules_of("nine-card", {"remove_completed_lines=true"}),
                  {{"7H 2H 3H / 7S 5H 6H / 8H 9H TH", "AS 2S 3S / 4S 5S 6S / 8S 9S TS"}, "7D", ""});
    start_with(h, {0, 3, 1});
    play(h, 0, take_discard);
    play(h, 0, place(6));  // 7H 7S 7D down the first column
    EXPECT_TRUE(h.seat(0).layout[0].empty);
    EXPECT_TRUE(h.seat(0).layout[3].empty);
    EXPECT_TRUE(h.seat(0).layout[6].empty);
    EXPECT_EQ(h.removed().size(), 3u);
    EXPECT_EQ(h.discards().back(), c("8H"));
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 0, draw_stock);
    refused(h, 0, place(0), action_error::bad_position);
}

}  // namespace
}  // namespace golf::testing
