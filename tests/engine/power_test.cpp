// The power-card family: one scripted deal per power, match rule, claim rule and call rule, with the
// secrets each one moves checked in every seat's view.
#include <gtest/gtest.h>

#include "engine/scoring.hpp"
#include "test_support.hpp"

namespace golf::testing {
namespace {

std::uint8_t u8(int n) { return static_cast<std::uint8_t>(n); }
action use_power = simple(action_kind::use_power);
action peek_at(int seat, int slot) { return action{action_kind::power_peek, u8(slot), 0, u8(seat), 0}; }
action swap_cards(int seat, int slot, int other_seat, int other) {
    if (std::make_pair(seat, slot) > std::make_pair(other_seat, other)) {
        std::swap(seat, other_seat);
        std::swap(slot, other);
    }
    return action{action_kind::power_swap, u8(slot), u8(other), u8(seat), u8(other_seat)};
}
action shuffle_of(int seat) { return action{action_kind::shuffle, 0, 0, u8(seat), 0}; }
action match_at(int seat, int slot, int give = 0) {
    return action{action_kind::match, u8(slot), u8(give), u8(seat), 0};
}
action claim_at(int seat, int slot, int give = 0) {
    return action{action_kind::claim, u8(slot), u8(give), u8(seat), 0};
}

// What `viewer` (-1: a spectator) sees at a seat's position.
std::optional<card> seen(const hand& h, int viewer, int seat, int slot) {
    return h.view_for(viewer, recall::perfect)
        .seats[static_cast<std::size_t>(seat)]
        .layout[static_cast<std::size_t>(slot)]
        .value;
}

// Everyone peeks at the nearer row (positions 2 and 3 of a 2x2 layout).
void peek_nearer_row(hand& h) {
    for (int seat = 0; seat < h.players(); ++seat) {
        play(h, seat, peek(2));
        play(h, seat, peek(3));
    }
}

// ---- powers ---------------------------------------------------------------------------------------------------

TEST(Powers, CambioJackPeeksAtOwnCardOnlyFromTheStock) {
    auto h = deal(rules_of("cambio"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "JD", "JC 2C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    EXPECT_EQ(h.current_phase(), phase::power);
    EXPECT_EQ(h.discards().back(), c("JC"));
    refused(h, 0, peek_at(1, 0), action_error::bad_position);  // a jack looks at your own cards
    EXPECT_FALSE(seen(h, 0, 0, 0));
    play(h, 0, peek_at(0, 0));
    EXPECT_EQ(seen(h, 0, 0, 0), c("5H"));
    EXPECT_FALSE(seen(h, 1, 0, 0));
    EXPECT_FALSE(seen(h, -1, 0, 0));
    EXPECT_EQ(h.current_seat(), 1);
    // Seat 1 takes the jack from the discards: a normal card now.
    play(h, 1, take_discard);
    refused(h, 1, use_power, action_error::not_allowed);
    play(h, 1, place(0));
}

TEST(Powers, CambioQueenPeeksAtAnOpponentsCard) {
    auto h = deal(rules_of("cambio"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "QC"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, peek_at(0, 0), action_error::bad_position);
    play(h, 0, peek_at(1, 1));
    EXPECT_EQ(seen(h, 0, 1, 1), c("6S"));
    EXPECT_FALSE(seen(h, 1, 1, 1)) << "the owner did not look";
    EXPECT_FALSE(seen(h, -1, 1, 1));
}

TEST(Powers, CambioKingSwapsBlindAndKnowledgeMovesWithTheCards) {
    auto h = deal(rules_of("cambio"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "KC"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, swap_cards(1, 0, 1, 1), action_error::bad_position);  // one of the two must be yours
    play(h, 0, swap_cards(0, 2, 1, 3));
    EXPECT_EQ(h.seat(0).layout[2].value, c("8S"));
    EXPECT_EQ(h.seat(1).layout[3].value, c("7H"));
    EXPECT_EQ(seen(h, 0, 1, 3), c("7H")) << "seat 0 knew its card and knows where it went";
    EXPECT_EQ(seen(h, 1, 0, 2), c("8S")) << "seat 1 knew its card and knows where it went";
    EXPECT_FALSE(seen(h, 0, 0, 2));
    EXPECT_FALSE(seen(h, 1, 1, 3));
}

TEST(Powers, CambioJokerShufflesAnOpponentAndWipesTheirKnowledge) {
    auto h = deal(rules_of("cambio"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "X"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, shuffle_of(0), action_error::bad_position);
    play(h, 0, shuffle_of(1));
    for (int slot = 0; slot < 4; ++slot) {
        EXPECT_FALSE(seen(h, 1, 1, slot)) << slot;
        EXPECT_EQ(h.seat(1).layout[slot].known_by, 0);
    }
    auto layout = h.cells_of(1);
    std::vector<card> held;
    for (auto& cell : layout) held.push_back(*cell);
    std::sort(held.begin(), held.end(), [](card a, card b) { return card_index(a) < card_index(b); });
    EXPECT_EQ(held, cards("5S 6S 7S 8S"));
}

TEST(Powers, CambioEndsWhenTheStockRunsOut) {
    auto h = deal(rules_of("cambio"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", ""});
    peek_nearer_row(h);
    for (int i = 0; i < 200 && !h.over(); ++i) {
        play(h, h.current_seat(), draw_stock);
        if (h.current_phase() == phase::holding) play(h, h.current_seat(), discard);
        if (HasFatalFailure()) return;
    }
    EXPECT_EQ(h.ended(), end_reason::stock_exhausted);
    EXPECT_EQ(h.caller(), -1);
}

TEST(Powers, PabloSevenLooksThenMustSwapThatCard) {
    auto h = deal(rules_of("pablo"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "7C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, swap_cards(0, 0, 1, 0), action_error::wrong_phase);  // the look comes first
    play(h, 0, peek_at(1, 0));
    EXPECT_EQ(seen(h, 0, 1, 0), c("5S"));
    refused(h, 0, swap_cards(0, 0, 1, 1), action_error::bad_position);  // only the card looked at
    refused(h, 0, simple(action_kind::pass), action_error::wrong_phase);
    play(h, 0, swap_cards(0, 3, 1, 0));
    EXPECT_EQ(seen(h, 0, 0, 3), c("5S"));
    EXPECT_EQ(seen(h, 0, 1, 0), c("8H"));
    EXPECT_FALSE(seen(h, 1, 1, 0));
    EXPECT_EQ(h.current_phase(), phase::calling);  // Pablo is said at the end of a turn
}

TEST(Powers, PabloEightPeeksAtAnyCard) {
    auto h = deal(rules_of("pablo"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "8C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, peek_at(1, 1));
    EXPECT_EQ(seen(h, 0, 1, 1), c("6S"));
    EXPECT_FALSE(seen(h, 1, 1, 1));
}

TEST(Powers, CumbiaJackLooksAtTwoAndMaySwapOrNot) {
    auto rules = rules_of("cumbia");
    auto h = deal(rules, {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "JC"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    refused(h, 0, place(0), action_error::not_allowed);  // a power card never goes into a layout
    play(h, 0, use_power);
    refused(h, 0, peek_at(1, 0), action_error::bad_position);  // your own card first
    play(h, 0, peek_at(0, 0));
    play(h, 0, peek_at(1, 1));
    EXPECT_EQ(seen(h, 0, 1, 1), c("6S"));
    refused(h, 0, swap_cards(0, 1, 1, 1), action_error::bad_position);  // only the two looked at
    play(h, 0, pass);
    EXPECT_EQ(h.seat(0).layout[0].value, c("5H"));
    EXPECT_EQ(h.current_seat(), 1);
    refused(h, 1, take_discard, action_error::not_allowed);  // a power card cannot be taken into a layout
}

TEST(Powers, CumbiaTenSwapsAnyTwoCardsOfOtherSeats) {
    auto h = deal(rules_of("cumbia"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S", "5C 6C / 7C 8C"}, "2D", "TH"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, swap_cards(1, 2, 2, 3));
    EXPECT_EQ(h.seat(1).layout[2].value, c("8C"));
    EXPECT_EQ(seen(h, 2, 1, 2), c("8C"));
    EXPECT_EQ(seen(h, 1, 2, 3), c("7S"));
    EXPECT_FALSE(seen(h, 0, 1, 2));
}

// ---- matching ---------------------------------------------------------------------------------------------------

TEST(Matching, PabloReplacesTwoEqualCardsWithTheDrawnOne) {
    auto h = deal(rules_of("pablo"), {{"5H 6H / 9C 9D", "5S 6S / 7S 8S"}, "2D", "2C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, match_at(0, 2));
    EXPECT_EQ(h.current_phase(), phase::matching);
    EXPECT_EQ(seen(h, 1, 0, 2), c("9C")) << "a tried card is shown to everyone";
    play(h, 0, match_at(0, 3));
    play(h, 0, pass);
    EXPECT_EQ(h.seat(0).layout[2].value, c("2C"));
    EXPECT_TRUE(h.seat(0).layout[3].empty);
    EXPECT_EQ(h.discards().back(), c("9D"));
    EXPECT_EQ(h.cells_of(0)[3], std::nullopt);
}

TEST(Matching, PabloUnequalCardsStayAndTheLayoutGrows) {
    auto h = deal(rules_of("pablo"), {{"5H 6H / 9C 9D", "5S 6S / 7S 8S"}, "2D", "2C"});
    peek_nearer_row(h);
    const auto discards = h.discards().size();
    play(h, 0, draw_stock);
    play(h, 0, match_at(0, 0));
    play(h, 0, match_at(0, 2));  // 5H and 9C: not equal
    EXPECT_EQ(h.discards().size(), discards) << "no discard this turn";
    EXPECT_EQ(h.seat(0).layout[4].value, c("2C")) << "the held card joins the layout in the extra row";
    EXPECT_EQ(seen(h, 0, 0, 4), c("2C"));
    EXPECT_FALSE(seen(h, 1, 0, 4));
    EXPECT_EQ(seen(h, 1, 0, 0), c("5H"));
    EXPECT_EQ(h.current_phase(), phase::calling);
}

TEST(Matching, CaboThrowsAnotherSeatsCardAndGivesOneOfYours) {
    auto h = deal(rules_of("cabo"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "2D", "5C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, match_at(1, 0, 3));  // 5S for 5C; seat 0 gives its 8H
    EXPECT_EQ(h.seat(1).layout[0].value, c("8H"));
    EXPECT_EQ(seen(h, 0, 1, 0), c("8H")) << "the giver knew it";
    EXPECT_FALSE(seen(h, 1, 1, 0));
    EXPECT_TRUE(h.seat(0).layout[3].empty);
    play(h, 0, match_at(1, 1, 2));  // 6S is no 5: it stays, shown, and seat 0 takes a penalty card unseen
    EXPECT_EQ(seen(h, 1, 1, 1), c("6S"));
    EXPECT_EQ(seen(h, -1, 1, 1), c("6S"));
    EXPECT_FALSE(h.seat(0).layout[3].empty);
    EXPECT_FALSE(seen(h, 0, 0, 3)) << "a penalty card is unseen";
    play(h, 0, pass);
    EXPECT_EQ(h.discards().back(), c("5C"));
    EXPECT_EQ(h.discards()[h.discards().size() - 2], c("5S"));
}

TEST(Matching, CaboEndsWhenALayoutIsEmpty) {
    // Sixes worth 5 and matching by value, so four cards can go with one drawn card.
    auto h = deal(rules_of("cabo", {"value_six=5", "match_by_value=true"}),
                  {{"5H 5S / 5C 6D", "2S 3S / 4S 8S"}, "2D", "6C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    for (int slot = 0; slot < 3; ++slot) play(h, 0, match_at(0, slot));
    EXPECT_FALSE(h.over());
    play(h, 0, match_at(0, 3));
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.ended(), end_reason::layout_empty);
    EXPECT_EQ(h.result().scores[0], 0);
}

// ---- claims -----------------------------------------------------------------------------------------------------

TEST(Claims, CactusAnyoneThrowsAnEqualCardOutOfTurnOncePerDiscard) {
    auto h = deal(rules_of("cactus"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "", "7C 2C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, discard);  // 7C: a power card thrown unused
    ASSERT_EQ(h.current_phase(), phase::calling);
    const auto legal1 = h.legal_actions(1);
    EXPECT_TRUE(contains(legal1, claim_at(1, 2)));
    refused(h, 1, claim_at(0, 2), action_error::bad_position);  // only your own cards
    play(h, 1, claim_at(1, 2));                                 // 7S on 7C, out of turn
    EXPECT_TRUE(h.seat(1).layout[2].empty);
    EXPECT_EQ(h.discards().back(), c("7S"));
    refused(h, 0, claim_at(0, 2), action_error::not_allowed);  // two claims on one discard never both succeed
    EXPECT_EQ(h.current_seat(), 0) << "a claim is no turn";
}

TEST(Claims, CactusWrongClaimTakesTheCardBackAndTwoUnseenCards) {
    auto h = deal(rules_of("cactus"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "", "7C 2C 3C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 1, claim_at(1, 3));  // 8S is no 7
    EXPECT_EQ(h.seat(1).layout[3].value, c("8S"));
    EXPECT_EQ(seen(h, 0, 1, 3), c("8S"));
    EXPECT_EQ(h.seat(1).layout[4].value, c("2C"));
    EXPECT_EQ(h.seat(1).layout[5].value, c("3C"));
    EXPECT_FALSE(seen(h, 1, 1, 4));
    refused(h, 0, claim_at(0, 2), action_error::not_allowed);
}

TEST(Claims, TakingTheTopDiscardClosesItsClaim) {
    auto h = deal(rules_of("cactus"), {{"5H 6H / 7H 8H", "5S 6S / 7S 8S"}, "", "5C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, discard);
    play(h, 0, pass);
    play(h, 1, take_discard);
    refused(h, 0, claim_at(0, 0), action_error::not_allowed);
    EXPECT_FALSE(h.view_for(0, recall::perfect).claim_open);
}

TEST(Claims, ATakenDiscardMustStillBePlacedAfterClaims) {
    // Two cards each: after seat 0 throws one by a claim, a taken discard must still replace the other.
    auto h = deal(rules_of("cactus", {"rows=1", "cols=2", "start_count=1"}), {{"9H 5H", "9S 6S"}, "", "5C 9C 4C"});
    play(h, 0, peek(0));
    play(h, 1, peek(0));
    play(h, 0, draw_stock);
    play(h, 0, discard);         // 5C
    play(h, 0, claim_at(0, 1));  // 5H: seat 0 has one card left
    play(h, 0, pass);
    play(h, 1, draw_stock);
    play(h, 1, discard);  // 9C
    play(h, 1, pass);
    play(h, 0, take_discard);  // 9C, to be placed
    refused(h, 0, discard, action_error::not_allowed);
    play(h, 0, place(0));        // 9H goes on the pile
    play(h, 1, claim_at(1, 0));  // seat 1's 9S on it
    EXPECT_TRUE(h.seat(1).layout[0].empty);
}

TEST(Claims, CactusUsesTheTopDiscardsUnusedPower) {
    auto h = deal(rules_of("cactus"), {{"JH 6H / 7H 8H", "5S 6S / 7S 8S"}, "", "2C"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, place(0));  // the jack leaves seat 0's layout unused
    play(h, 0, pass);      // no call
    EXPECT_TRUE(h.view_for(1, recall::perfect).discard_power_unused);
    play(h, 1, use_power);
    play(h, 1, peek_at(0, 0));
    EXPECT_EQ(seen(h, 1, 0, 0), c("2C"));
    EXPECT_EQ(h.discards().back(), c("JH")) << "the card stays on the pile";
    play(h, 1, pass);
    refused(h, 0, use_power, action_error::not_allowed);  // its power is spent
}

TEST(Claims, CumbiaTakesAnotherSeatsCardAndAWrongClaimCostsTen) {
    auto h = deal(rules_of("cumbia"), {{"5H 6H / 7H 8H", "5S 6S / 2S 8S"}, "2D", "3C 3D 3H"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, place(3));           // 8H goes on the pile
    play(h, 1, claim_at(0, 2, 3));  // a wrong claim on seat 0's 7H: it stays, seat 1 pays 10
    EXPECT_EQ(h.seat(1).penalty_points, 10);
    EXPECT_EQ(h.seat(0).layout[2].value, c("7H"));
    play(h, 1, draw_stock);
    play(h, 1, place(0));           // 5S goes on the pile
    play(h, 0, claim_at(1, 1, 0));  // 6S is no 5
    EXPECT_EQ(h.seat(0).penalty_points, 10);
    EXPECT_EQ(h.view_for(1, recall::perfect).seats[0].penalty_points, 10);
}

TEST(Claims, CumbiaASuccessfulTakerGivesOneOfTheirCardsUnseen) {
    auto h = deal(rules_of("cumbia"), {{"5H 6H / 5C 8H", "5S 6S / 2S 8S"}, "2D", "3C 3D"});
    peek_nearer_row(h);
    play(h, 0, draw_stock);
    play(h, 0, place(0));           // 5H on the pile
    play(h, 1, claim_at(0, 2, 3));  // seat 0's 5C, unseen by seat 1: it matches; seat 1 gives its 8S
    EXPECT_EQ(h.discards().back(), c("5C"));
    EXPECT_EQ(h.seat(0).layout[2].value, c("8S"));
    EXPECT_EQ(seen(h, 1, 0, 2), c("8S")) << "seat 1 knew the card it gave";
    EXPECT_FALSE(seen(h, 0, 0, 2)) << "seat 0 did not see what it got";
    EXPECT_TRUE(h.seat(1).layout[3].empty);
    refused(h, 0, claim_at(0, 1), action_error::not_allowed);  // one claim per discard
    play(h, 1, draw_stock);
    play(h, 1, place(1));        // 6S on the pile
    play(h, 0, claim_at(0, 1));  // seat 0's own 6H
    EXPECT_TRUE(h.seat(0).layout[1].empty);
}

// ---- calls -------------------------------------------------------------------------------------------------------

TEST(Calls, CallAtTheEndOfATurnGivesEveryoneElseOneMoreTurn) {
    auto h = deal(rules_of("dacz"), {{"AH 2H 3H 4H", "9S TS 9C TC", "9D TD 8D 7D"}, "5D", "2C 3C 4C"});
    for (int seat = 0; seat < 3; ++seat) {
        play(h, seat, peek(0));
        play(h, seat, peek(1));
    }
    play(h, 0, draw_stock);
    play(h, 0, discard);
    refused(h, 1, draw_stock, action_error::not_your_turn);
    play(h, 0, knock);  // dacz
    play(h, 1, draw_stock);
    play(h, 1, discard);
    EXPECT_EQ(h.current_phase(), phase::turn) << "after a call, a turn ends at once";
    EXPECT_EQ(h.current_seat(), 2);
    play(h, 2, draw_stock);
    play(h, 2, discard);
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.caller(), 0);
    EXPECT_EQ(h.result().scores, (std::vector<int>{10, 38, 34}));
}

std::vector<int> scores(std::string_view preset, std::vector<std::string> layouts, int caller) {
    const ruleset& r = find_preset(preset)->rules;
    std::vector<layout_cells> cells;
    for (const auto& text : layouts) {
        layout_cells one;
        for (card x : cards(text)) one.push_back(x);
        cells.push_back(one);
    }
    return score_hand(r, cells, caller).scores;
}

TEST(Calls, PabloCallerScoresMinusTenWhenLowestElsePlusTheHighest) {
    EXPECT_EQ(scores("pablo", {"AH 2H 3H 4H", "9S 9C 9D 9H"}, 0), (std::vector<int>{-10, 36}));
    EXPECT_EQ(scores("pablo", {"9S 9C 9D 9H", "AH 2H 3H 4H", "5S 5C 5D 5H"}, 0), (std::vector<int>{36 + 20, 10, 20}));
    EXPECT_EQ(scores("pablo", {"AH 2H 3H 4H", "AS 2S 3S 4S"}, 0), (std::vector<int>{10, 10}))
        << "a tie changes nothing";
    EXPECT_EQ(scores("pablo", {"X 2H 3H 4H", "AS 2S 3S 4S"}, 1), (std::vector<int>{4, 14})) << "jokers -5";
}

TEST(Calls, CactusCallerScoresNothingWhenLowestAndOthersAtOrBelowScoreNothing) {
    EXPECT_EQ(scores("cactus", {"AH 2H 3H 4H", "9S 9C 9D 9H"}, 0), (std::vector<int>{0, 36}));
    // Seat 1 ties the caller: the caller loses the tie (+10) and seat 1 scores nothing.
    EXPECT_EQ(scores("cactus", {"AH 2H 3H 4H", "AS 2S 3S 4S", "5S 5C 5D 5H"}, 0), (std::vector<int>{20, 0, 20}));
    EXPECT_EQ(scores("cactus", {"KH KS AH 2H", "5S 5C 5D 5H"}, 1), (std::vector<int>{0, 30}));
}

TEST(Calls, DaczCallerPaysTenWhenBeatenAndFiveWhenTied) {
    EXPECT_EQ(scores("dacz", {"AH 2H 3H 4H", "9S 9C 9D 9H"}, 0), (std::vector<int>{10, 36}));
    EXPECT_EQ(scores("dacz", {"9S 9C 9D 9H", "AH 2H 3H 4H"}, 0), (std::vector<int>{46, 10}));
    EXPECT_EQ(scores("dacz", {"AH 2H 3H 4H", "AS 2S 3S 4S"}, 0), (std::vector<int>{15, 10}));
    EXPECT_EQ(scores("dacz", {"KH KD KS AH", "AS 2S 3S 4S"}, 1), (std::vector<int>{14, 10})) << "red kings 0";
}

// Powers (001/002 Wikipedia): six cards; everyone looks at the nearer row's first two.
void peek_two_of_six(hand& h) {
    for (int seat = 0; seat < h.players(); ++seat) {
        play(h, seat, peek(3));
        play(h, seat, peek(4));
    }
}

TEST(Powers, PowersBlackKingFromTheStockCancelsAKnockAndARedKingCannot) {
    auto h = deal(rules_of("powers"),
                  {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S", "AC 2C 3C / 4C 5C 6C"}, "9D", "KS KH KC 7D 8D"});
    peek_two_of_six(h);
    play(h, 0, draw_stock);  // KS: no call to cancel yet
    refused(h, 0, use_power, action_error::not_allowed);
    play(h, 0, discard);
    play(h, 1, knock);
    ASSERT_TRUE(h.final_round());
    play(h, 2, draw_stock);  // KH: a red king has no power
    refused(h, 2, use_power, action_error::not_allowed);
    play(h, 2, discard);
    play(h, 0, draw_stock);  // KC: seat 0's is the last turn of the final round
    std::vector<event> events;
    ASSERT_EQ(h.apply(0, use_power, &events), action_error::none);
    EXPECT_EQ(h.caller(), -1);
    EXPECT_FALSE(h.over());
    EXPECT_FALSE(h.final_round());
    EXPECT_FALSE(h.view_for(2, recall::perfect).final_round);
    EXPECT_EQ(h.current_phase(), phase::turn);
    EXPECT_EQ(h.current_seat(), 1);
    EXPECT_EQ(h.discards().back(), c("KC"));
    EXPECT_TRUE(std::any_of(events.begin(), events.end(),
                            [](const event& e) { return e.kind == event_kind::call_cancelled && e.seat == 0; }));
    // Play goes on past the point where the knock would have ended it, and anyone may knock again.
    play(h, 1, draw_stock);
    play(h, 1, discard);
    play(h, 2, draw_stock);
    play(h, 2, discard);
    EXPECT_FALSE(h.over());
    play(h, 0, knock);
    EXPECT_EQ(h.caller(), 0);
}

TEST(Powers, PowersSixSwapsBlindAcrossSixCardLayouts) {
    auto h = deal(rules_of("powers"), {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"}, "9D", "6D"});
    peek_two_of_six(h);
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, swap_cards(0, 4, 1, 5));
    EXPECT_EQ(h.seat(0).layout[4].value, c("6S"));
    EXPECT_EQ(h.seat(1).layout[5].value, c("5H"));
    EXPECT_EQ(seen(h, 0, 1, 5), c("5H")) << "seat 0's knowledge moved with its card";
    EXPECT_FALSE(seen(h, 0, 0, 4));
    EXPECT_FALSE(seen(h, 1, 1, 5));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(Calls, PowersRedKingsScoreMinusOneAndBlackKingsTen) {
    EXPECT_EQ(scores("powers", {"KH KD AS 2S 3S 4S", "KS KC QS QH JS TS"}, 0), (std::vector<int>{8, 60}));
}

// ---- the rest of Powers' table ---------------------------------------------------------------------------------

action place_card(int seat, int slot, int card_index = 0) {
    return action{action_kind::power_place, u8(slot), u8(card_index), u8(seat), 0};
}
action flip_card(int seat, int slot) { return action{action_kind::power_flip, u8(slot), 0, u8(seat), 0}; }
action swap_lines(int seat, int a, int b) { return action{action_kind::power_lines, u8(a), u8(b), u8(seat), 0}; }
action add_to(int seat) { return action{action_kind::power_add, 0, 0, u8(seat), 0}; }
action remove_own(int slot) { return action{action_kind::power_remove, u8(slot), 0}; }
action choose(power_kind kind) { return action{action_kind::choose_power, u8(static_cast<int>(kind)), 0}; }

const char* const two_seats[] = {"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"};

hand powers_deal(std::string_view stock, std::initializer_list<std::string_view> house_rules = {}) {
    auto h = deal(rules_of("powers", house_rules), {{two_seats[0], two_seats[1]}, "TD", std::string(stock)});
    peek_two_of_six(h);
    return h;
}

bool has_event(const std::vector<event>& events, event_kind kind) {
    return std::any_of(events.begin(), events.end(), [kind](const event& e) { return e.kind == kind; });
}

TEST(PowersTable, NineGoesFaceDownIntoAnOpponentsLayoutKnownToItsGiverOnly) {
    auto h = powers_deal("9C");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    EXPECT_EQ(h.held(), c("9C")) << "the nine stays in hand until it is placed";
    EXPECT_FALSE(h.view_for(1, recall::perfect).held) << "and only its user sees it";
    EXPECT_EQ(h.discards().back(), c("TD"));
    refused(h, 0, place_card(0, 1), action_error::bad_position);     // into an opponent's layout only
    refused(h, 0, place_card(1, 1, 1), action_error::bad_position);  // the nine itself, no other card
    refused(h, 0, place_card(1, 7), action_error::bad_position);     // an empty position
    refused(h, 0, peek_at(1, 0), action_error::wrong_phase);
    play(h, 0, place_card(1, 3));  // for seat 1's 4S, which seat 1 had looked at
    EXPECT_EQ(h.seat(1).layout[3].value, c("9C"));
    EXPECT_FALSE(h.seat(1).layout[3].face_up);
    EXPECT_EQ(seen(h, 0, 1, 3), c("9C"));
    EXPECT_FALSE(seen(h, 1, 1, 3)) << "its new owner did not see it";
    EXPECT_FALSE(seen(h, -1, 1, 3));
    EXPECT_EQ(h.discards().back(), c("4S")) << "the replaced card is discarded face up";
    EXPECT_FALSE(h.held());
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(PowersTable, EightShowsTheNextTwoCardsToItsUserWhoKeepsOneOfTheThree) {
    auto h = powers_deal("8C 7D 2D");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    EXPECT_EQ(h.view_for(0, recall::perfect).offered, cards("7D 2D"));
    EXPECT_TRUE(h.view_for(1, recall::perfect).offered.empty());
    EXPECT_TRUE(h.spectator_view().offered.empty());
    refused(h, 0, place_card(0, 0, 3), action_error::malformed);          // the eight, or one of the two drawn
    refused(h, 0, place_card(1, 0, 1), action_error::bad_position);       // into your own layout
    refused(h, 0, simple(action_kind::pass), action_error::wrong_phase);  // one of the three must be kept
    play(h, 0, place_card(0, 0, 2));                                      // 2D for AH
    EXPECT_EQ(h.seat(0).layout[0].value, c("2D"));
    EXPECT_EQ(seen(h, 0, 0, 0), c("2D"));
    EXPECT_FALSE(seen(h, 1, 0, 0)) << "nobody else learns the kept card";
    const auto& pile = h.discards();
    ASSERT_GE(pile.size(), 4u);
    EXPECT_EQ(std::vector<card>(pile.end() - 3, pile.end()), cards("AH 7D 8C")) << "the rest, face up";
    EXPECT_TRUE(h.view_for(0, recall::perfect).offered.empty());
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(PowersTable, EightMayKeepItselfAndUsesWhatIsLeftOfTheStock) {
    auto h = powers_deal("8C 7D 2D");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, place_card(0, 5, 0));  // the eight for 6H
    EXPECT_EQ(h.seat(0).layout[5].value, c("8C"));
    EXPECT_EQ(std::vector<card>(h.discards().end() - 3, h.discards().end()), cards("6H 7D 2D"));
}

TEST(PowersTable, SevenSwapsTwoRowsOrTwoColumnsOfAnOpponentAndKnowledgeMovesWithThem) {
    auto h = powers_deal("7C 2C 7D");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, swap_lines(1, 0, 4), action_error::bad_position);  // neither two rows nor two columns
    refused(h, 0, swap_lines(0, 0, 3), action_error::bad_position);  // an opponent's lines only
    refused(h, 0, swap_lines(1, 3, 6), action_error::bad_position);  // rows of the dealt grid
    play(h, 0, swap_lines(1, 0, 3));                                 // seat 1's rows
    EXPECT_EQ(h.cells_of(1)[0], c("4S"));
    EXPECT_EQ(h.cells_of(1)[3], c("AS"));
    EXPECT_EQ(seen(h, 1, 1, 0), c("4S")) << "seat 1 knew 4S and can follow it";
    EXPECT_FALSE(seen(h, 1, 1, 3));
    EXPECT_FALSE(seen(h, 0, 1, 0));
    play(h, 1, draw_stock);
    play(h, 1, discard);  // 2C
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, swap_lines(1, 0, 2));  // seat 1's first and last columns
    EXPECT_EQ(h.cells_of(1)[2], c("4S"));
    EXPECT_EQ(h.cells_of(1)[3], c("3S"));
    EXPECT_EQ(h.cells_of(1)[5], c("AS"));
    EXPECT_EQ(seen(h, 1, 1, 2), c("4S"));
}

TEST(PowersTable, FiveIsAShieldThatBlocksTheNextPowerAimedAtItsOwnerAndDoesNotScore) {
    auto h = powers_deal("5C 6D");
    play(h, 0, draw_stock);
    std::vector<event> events;
    ASSERT_EQ(h.apply(0, use_power, &events), action_error::none);
    EXPECT_TRUE(has_event(events, event_kind::shield_kept));
    EXPECT_EQ(h.seat(0).shields, cards("5C"));
    EXPECT_EQ(h.view_for(1, recall::perfect).seats[0].shields, cards("5C")) << "a shield is public";
    EXPECT_EQ(h.discards().back(), c("TD")) << "kept, not discarded";
    EXPECT_EQ(h.current_seat(), 1);
    play(h, 1, draw_stock);  // 6D: a blind swap aimed at seat 0
    play(h, 1, use_power);
    const hand before = h;
    events.clear();
    ASSERT_EQ(h.apply(1, swap_cards(0, 0, 1, 0), &events), action_error::none);
    EXPECT_TRUE(has_event(events, event_kind::blocked));
    EXPECT_EQ(h.cells_of(0), before.cells_of(0)) << "the swap did not happen";
    EXPECT_EQ(h.cells_of(1), before.cells_of(1));
    EXPECT_TRUE(h.seat(0).shields.empty()) << "the shield is spent";
    EXPECT_EQ(h.discards().back(), c("5C"));
    EXPECT_EQ(h.current_seat(), 0) << "and so is the attacker's power";
}

TEST(PowersTable, AKeptShieldScoresNothingAndOwnPowersPassIt) {
    auto h = powers_deal("5C JD");
    play(h, 0, draw_stock);
    play(h, 0, use_power);  // 5C kept
    play(h, 1, knock);
    play(h, 0, draw_stock);  // JD: peek at its own card, with its shield up
    play(h, 0, use_power);
    play(h, 0, peek_at(0, 0));
    EXPECT_EQ(h.seat(0).shields, cards("5C"));
    ASSERT_TRUE(h.over());
    EXPECT_EQ(h.result().scores[0], 21) << "AH..6H, and nothing for the shield";
}

TEST(PowersTable, FourTurnsAnOpponentsCardUpOrOneOfYoursDown) {
    auto h = powers_deal("4C 4D");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, flip_card(0, 0), action_error::bad_position);  // your own cards only go face down
    play(h, 0, flip_card(1, 1));
    EXPECT_TRUE(h.seat(1).layout[1].face_up);
    EXPECT_EQ(seen(h, -1, 1, 1), c("2S"));
    play(h, 1, draw_stock);
    play(h, 1, use_power);
    refused(h, 1, flip_card(1, 0), action_error::bad_position);  // a face-down card of yours stays down
    play(h, 1, flip_card(1, 1));
    EXPECT_FALSE(h.seat(1).layout[1].face_up);
    EXPECT_EQ(seen(h, 0, 1, 1), c("2S")) << "everyone saw it before it went down";
    EXPECT_EQ(seen(h, -1, 1, 1), c("2S"));
}

TEST(PowersTable, ABlackKingTurnedOverInALayoutCancelsTheKnockAndARedKingDoesNot) {
    const auto run = [](std::initializer_list<std::string_view> rules, const char* turned) {
        auto h = deal(
            rules_of("powers", rules),
            {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S", std::string(turned) + " 2C 3C / 4C 5C 6C"}, "TD", "4D"});
        peek_two_of_six(h);
        play(h, 0, knock);
        play(h, 1, draw_stock);
        play(h, 1, use_power);
        std::vector<event> events;
        EXPECT_EQ(h.apply(1, flip_card(2, 0), &events), action_error::none);
        return std::make_pair(h.caller(), has_event(events, event_kind::call_cancelled));
    };
    EXPECT_EQ(run({}, "KS"), std::make_pair(-1, true));
    EXPECT_EQ(run({}, "KD"), std::make_pair(0, false)) << "a red king has no power";
    EXPECT_EQ(run({"turned_up_cancels_call=false"}, "KS"), std::make_pair(0, false));
}

TEST(PowersTable, AceAddsAnUnseenCardToAnOpponentOrRemovesOneOfYours) {
    auto h = powers_deal("AC AD QC");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    refused(h, 0, add_to(0), action_error::bad_position);  // to an opponent
    play(h, 0, add_to(1));
    EXPECT_EQ(h.seat(1).layout[6].value, c("AD")) << "the top stock card, in the first empty position";
    for (int viewer : {-1, 0, 1}) EXPECT_FALSE(seen(h, viewer, 1, 6)) << viewer;
    play(h, 1, draw_stock);  // QC: a dud
    refused(h, 1, use_power, action_error::not_allowed);
    play(h, 1, discard);
    // Without rows to grow into, a full layout cannot take a card: only removing is offered.
    auto full = powers_deal("AC", {"extra_rows=0"});
    play(full, 0, draw_stock);
    play(full, 0, use_power);
    refused(full, 0, add_to(1), action_error::no_room);
    play(full, 0, remove_own(2));
    EXPECT_TRUE(full.seat(0).layout[2].empty);
    EXPECT_EQ(full.discards().back(), c("3H"));
    EXPECT_EQ(full.current_seat(), 1);
}

TEST(PowersTable, TwoUsesTwoDifferentPowersOfThreeToKingInTurn) {
    auto h = powers_deal("2C");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    EXPECT_EQ(h.power().kind, power_kind::two_powers);
    EXPECT_EQ(h.power().picks_left, 2);
    refused(h, 0, simple(action_kind::pass), action_error::not_allowed);          // the first must be chosen
    refused(h, 0, choose(power_kind::add_or_remove), action_error::not_allowed);  // the ace's: below 3
    refused(h, 0, choose(power_kind::two_powers), action_error::not_allowed);
    refused(h, 0, choose(power_kind::cancel_call), action_error::not_allowed);  // no knock to cancel
    refused(h, 0, choose(power_kind::peek_any), action_error::not_allowed);     // no rank 3..K has it
    play(h, 0, choose(power_kind::peek_own));
    play(h, 0, peek_at(0, 0));
    EXPECT_EQ(h.current_phase(), phase::power);
    EXPECT_EQ(h.power().kind, power_kind::two_powers);
    EXPECT_EQ(h.power().first, power_kind::peek_own);
    refused(h, 0, choose(power_kind::peek_own), action_error::not_allowed);  // without repeats
    play(h, 0, choose(power_kind::swap_in));  // the nine's power puts the card in hand, the two, in
    play(h, 0, place_card(1, 2));
    EXPECT_EQ(h.seat(1).layout[2].value, c("2C"));
    EXPECT_EQ(seen(h, 0, 1, 2), c("2C"));
    EXPECT_EQ(h.discards().back(), c("3S"));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(PowersTable, TwoMayDeclineItsSecondPowerAndIsThenDiscarded) {
    auto h = powers_deal("2C");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, choose(power_kind::peek_opponent));
    play(h, 0, peek_at(1, 0));
    play(h, 0, simple(action_kind::pass));
    EXPECT_EQ(h.discards().back(), c("2C"));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(PowersTable, AShieldBlocksTheWholeOfATwo) {
    auto h = powers_deal("5C 2C");
    play(h, 0, draw_stock);
    play(h, 0, use_power);  // seat 0's shield
    play(h, 1, draw_stock);
    play(h, 1, use_power);
    play(h, 1, choose(power_kind::shuffle_opponent));
    play(h, 1, shuffle_of(0));
    EXPECT_TRUE(h.seat(0).shields.empty());
    EXPECT_EQ(h.seat(0).layout[3].known_by, 1) << "seat 0 still knows its cards";
    EXPECT_EQ(h.current_seat(), 0) << "no second power after a block";
    EXPECT_EQ(std::vector<card>(h.discards().end() - 2, h.discards().end()), cards("5C 2C"));
}

TEST(PowersTable, TwoWithTheEightsPowerMayKeepTheTwo) {
    auto h = powers_deal("2C 9C");
    play(h, 0, draw_stock);
    play(h, 0, use_power);
    play(h, 0, choose(power_kind::swap_lines));
    play(h, 0, swap_lines(1, 0, 1));
    play(h, 0, choose(power_kind::draw_two_keep_one));
    play(h, 0, place_card(0, 4, 0));
    EXPECT_EQ(h.seat(0).layout[4].value, c("2C")) << "the two kept by the eight's power";
    EXPECT_EQ(seen(h, 0, 0, 4), c("2C"));
    EXPECT_FALSE(seen(h, 1, 0, 4));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(Calls, CaboAndCumbiaCallAsATurnWithoutBonus) {
    for (const char* name : {"cabo", "cumbia"}) {
        SCOPED_TRACE(name);
        EXPECT_TRUE(find_preset(name)->rules.knocking);
        EXPECT_EQ(scores(name, {"AH 2H 3H 4H", "9S 9C 9D 9H"}, 0), (std::vector<int>{10, 36}));
    }
    EXPECT_EQ(scores("cumbia", {"2D KD KH AH", "KS QS JS 9S"}, 0), (std::vector<int>{-19, 32}));
}

}  // namespace
}  // namespace golf::testing
