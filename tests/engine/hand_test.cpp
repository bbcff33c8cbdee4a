// The hand's mechanics: the deal, the start, the one door in, knowledge and views, replay.
#include <gtest/gtest.h>

#include <map>

#include "test_support.hpp"

namespace golf::testing {
namespace {

std::map<int, int> count_cards(const std::vector<card>& cs) {
    std::map<int, int> counts;
    for (card x : cs) ++counts[card_index(x)];
    return counts;
}

TEST(Deal, EachSeatGetsItsLayoutAndTheDiscardIsTurnedUp) {
    auto rules = rules_of("six-card");
    hand h(rules, 3, 0, 42);
    for (int s = 0; s < 3; ++s) EXPECT_EQ(h.seat(s).layout.size(), 6u);
    EXPECT_EQ(h.discards().size(), 1u);
    EXPECT_EQ(h.stock().size(), 52u - 18u - 1u);
    EXPECT_EQ(count_cards(h.all_cards()), count_cards(make_deck(1, 0)));
    EXPECT_EQ(h.current_phase(), phase::start);
}

TEST(Deal, PacksFollowThePlayerCount) {
    auto rules = rules_of("six-card");
    EXPECT_EQ(hand(rules, 4, 0, 1).all_cards().size(), 52u);
    EXPECT_EQ(hand(rules, 5, 0, 1).all_cards().size(), 104u);
    EXPECT_EQ(hand(rules, 9, 0, 1).all_cards().size(), 156u);
    EXPECT_EQ(hand(rules_of("eight-card"), 2, 0, 1).all_cards().size(), 108u);
    EXPECT_EQ(hand(rules_of("six-card-oakes"), 3, 0, 1).all_cards().size(), 54u);
    EXPECT_EQ(hand(rules_of("six-card-oakes"), 4, 0, 1).all_cards().size(), 108u);
}

TEST(Deal, TheSeedDecidesTheDeal) {
    auto rules = rules_of("six-card");
    EXPECT_TRUE(hand(rules, 4, 2, 7) == hand(rules, 4, 2, 7));
    EXPECT_FALSE(hand(rules, 4, 2, 7).stock() == hand(rules, 4, 2, 8).stock());
}

TEST(Deal, AStackedDeckMustBeExactlyTheRulesetsCards) {
    auto rules = rules_of("six-card");
    auto deck = make_deck(1, 0);
    EXPECT_TRUE(hand::stacked(rules, 2, 0, 1, deck).has_value());
    deck.back() = deck.front();  // one card twice, one missing
    EXPECT_FALSE(hand::stacked(rules, 2, 0, 1, deck).has_value());
    deck.pop_back();
    EXPECT_FALSE(hand::stacked(rules, 2, 0, 1, deck).has_value());
}

TEST(Deal, AScriptedDealPutsTheNamedCardsInPlace) {
    auto h = deal(rules_of("six-card"), {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"}, "KD", "QC JC"});
    EXPECT_EQ(h.seat(0).layout[4].value, c("5H"));
    EXPECT_EQ(h.seat(1).layout[2].value, c("3S"));
    EXPECT_EQ(h.discards().back(), c("KD"));
    EXPECT_EQ(h.stock().back(), c("QC"));
    EXPECT_EQ(h.current_seat(), 0);
}

TEST(Start, PlayersFlipInAnyOrderThenTheSeatLeftOfTheDealerBegins) {
    auto h = deal(rules_of("six-card"),
                  {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S", "AC 2C 3C / 4C 5C 6C"}, "KD", "", 1});
    EXPECT_EQ(h.seats_to_act(), (std::vector<int>{0, 1, 2}));
    play(h, 2, flip(0));
    play(h, 1, flip(5));
    play(h, 2, flip(3));
    refused(h, 2, flip(4), action_error::not_your_turn);  // seat 2 has done its start and waits
    refused(h, 0, draw_stock, action_error::wrong_phase);
    play(h, 0, flip(1));
    play(h, 0, flip(2));
    EXPECT_EQ(h.seats_to_act(), (std::vector<int>{1}));
    play(h, 1, flip(0));
    EXPECT_EQ(h.current_phase(), phase::turn);
    EXPECT_EQ(h.current_seat(), 2);  // the dealer is seat 1
}

TEST(OneDoorIn, EveryKindOfBadActionIsRefusedWithoutChangingTheHand) {
    auto h = deal(rules_of("six-card"), {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"}, "KD", "QC"});
    play(h, 0, flip(0));
    refused(h, 0, flip(0), action_error::bad_position);  // already face up
    refused(h, 0, flip(9), action_error::bad_position);  // not a position
    refused(h, 0, peek(1), action_error::wrong_phase);   // six-card flips, it does not peek
    refused(h, 5, flip(1), action_error::not_a_seat);
    refused(h, -1, flip(1), action_error::not_a_seat);
    play(h, 0, flip(1));
    play(h, 1, flip(0));
    play(h, 1, flip(1));
    refused(h, 1, draw_stock, action_error::not_your_turn);
    refused(h, 0, place(2), action_error::wrong_phase);
    refused(h, 0, discard, action_error::wrong_phase);
    refused(h, 0, knock, action_error::not_allowed);  // six-card has no knocking
    play(h, 0, take_discard);
    refused(h, 0, discard, action_error::not_allowed);  // a card taken from the discards must be used
    refused(h, 0, draw_stock, action_error::wrong_phase);
    refused(h, 0, place(6), action_error::bad_position);
    play(h, 0, place(2));
    EXPECT_EQ(h.seat(0).layout[2].value, c("KD"));
    EXPECT_TRUE(h.seat(0).layout[2].face_up);
    EXPECT_EQ(h.discards().back(), c("3H"));
    EXPECT_EQ(h.current_seat(), 1);
}

TEST(OneDoorIn, LegalActionsAreExactlyTheAcceptedOnes) {
    auto rules = rules_of("eight-card", {"flip_only_turn=true", "look_cost=1"});
    hand h(rules, 3, 0, 99);
    const std::vector<action_kind> kinds = {action_kind::flip,  action_kind::peek,       action_kind::swap_own,
                                            action_kind::ready, action_kind::draw_stock, action_kind::take_discard,
                                            action_kind::place, action_kind::discard,    action_kind::pass,
                                            action_kind::knock, action_kind::reveal_all, action_kind::look};
    for (int step = 0; step < 60 && !h.over(); ++step) {
        for (int seat = 0; seat < 3; ++seat) {
            const auto legal = h.legal_actions(seat);
            for (action_kind kind : kinds)
                for (int slot = 0; slot < 9; ++slot) {
                    const action a{kind, static_cast<std::uint8_t>(slot), 0};
                    EXPECT_EQ(h.check(seat, a) == action_error::none, contains(legal, a));
                }
        }
        const int seat = h.seats_to_act().front();
        const auto legal = h.legal_actions(seat);
        play(h, seat, legal[static_cast<std::size_t>(step) % legal.size()]);
    }
}

TEST(Knowledge, ACardPlacedFaceDownIsKnownOnlyToItsOwner) {  // what a seat knows: a perfect memory
    auto h = deal(rules_of("four-card"), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C"});
    play(h, 0, peek(2));
    play(h, 0, peek(3));
    play(h, 1, peek(2));
    play(h, 1, peek(3));
    EXPECT_EQ(h.view_for(0, recall::perfect).seats[0].layout[2].value, c("3H"));
    EXPECT_FALSE(h.view_for(1, recall::perfect).seats[0].layout[2].value.has_value());
    EXPECT_FALSE(h.view_for(0, recall::perfect).seats[0].layout[0].value.has_value());  // never looked at
    play(h, 0, draw_stock);
    EXPECT_EQ(h.view_for(0, recall::perfect).held, c("7C"));
    EXPECT_FALSE(h.view_for(1, recall::perfect).held.has_value());
    EXPECT_FALSE(h.spectator_view().held.has_value());
    play(h, 0, place(0));
    EXPECT_FALSE(h.seat(0).layout[0].face_up);
    EXPECT_EQ(h.view_for(0, recall::perfect).seats[0].layout[0].value, c("7C"));
    EXPECT_FALSE(h.view_for(1, recall::perfect).seats[0].layout[0].value.has_value());
    EXPECT_FALSE(h.spectator_view().seats[0].layout[0].value.has_value());
    EXPECT_EQ(h.spectator_view().top_discard, c("AH"));
}

TEST(Knowledge, ACardTakenFromTheDiscardsIsKnownToEveryoneWhereverItGoes) {
    auto h = deal(rules_of("four-card"), {{"AH 2H / 3H 4H", "AS 2S / 3S 4S"}, "KD", "7C"});
    for (int s = 0; s < 2; ++s) {
        play(h, s, peek(2));
        play(h, s, peek(3));
    }
    play(h, 0, take_discard);
    EXPECT_EQ(h.view_for(1).held, c("KD"));
    play(h, 0, place(1));
    EXPECT_EQ(h.view_for(1).seats[0].layout[1].value, c("KD"));
    EXPECT_EQ(h.spectator_view().seats[0].layout[1].value, c("KD"));
}

TEST(Knowledge, ViewsCarryLegalActionsOnlyForTheirViewer) {
    auto h = deal(rules_of("six-card"), {{"AH 2H 3H / 4H 5H 6H", "AS 2S 3S / 4S 5S 6S"}, "KD", "QC"});
    EXPECT_EQ(h.view_for(0).legal.size(), 6u);
    EXPECT_TRUE(h.spectator_view().legal.empty());
    EXPECT_EQ(h.spectator_view().stock_count, 52 - 12 - 1);
}

TEST(Replay, SeedAndActionsRebuildTheHandExactly) {
    auto rules = rules_of("six-card");
    hand h(rules, 4, 1, 2024);
    for (int step = 0; step < 40 && !h.over(); ++step) {
        const int seat = h.seats_to_act().back();
        const auto legal = h.legal_actions(seat);
        play(h, seat, legal[static_cast<std::size_t>(step * 7) % legal.size()]);
    }
    auto again = hand::replay(rules, 4, 1, 2024, h.log());
    ASSERT_TRUE(again.has_value());
    EXPECT_TRUE(*again == h);
    auto bad_log = h.log();
    bad_log.push_back(logged_action{9, draw_stock});
    EXPECT_FALSE(hand::replay(rules, 4, 1, 2024, bad_log).has_value());
}

}  // namespace
}  // namespace golf::testing

namespace golf::testing {
namespace {

// peeks_shown_once (a memory game, Cambio's default): the view right after a peek shows the card, later views do
// not; a seat that remembers everything (recall::perfect, the server's bots) still knows it, and the event of the
// peek carries the card for the peeker alone.
TEST(Knowledge, EverySeatIsShownThePointsOfTheFaceUpCardsAloneUnderTheTablesRules) {
    // Six-card: a column pair scores zero, twos are -2; face-down cards count for nothing until they are turned up.
    auto h = deal(rules_of("six-card"), {{"5H 2H QH / 5S 9H 8H", "AS 2S 3S / 4S 5D 6S"}, "KD", "QC JC"});
    EXPECT_EQ(h.view_for(1).seats[0].shown_points, 0);
    play(h, 0, flip(1));
    play(h, 0, flip(2));
    EXPECT_EQ(h.view_for(1).seats[0].shown_points, -2 + 10) << "the two and the queen";
    EXPECT_EQ(h.spectator_view().seats[0].shown_points, 8) << "spectators see the same";
    play(h, 1, flip(0));
    play(h, 1, flip(3));
    EXPECT_EQ(h.view_for(0).seats[1].shown_points, 1 + 4);
    EXPECT_EQ(h.view_for(1).seats[0].shown_points, 8) << "seat 0's face-down cards stay out of it";
}

TEST(Memory, APeekedCardIsShownOnceThenRemembered) {
    auto rules = rules_of("cambio");
    ASSERT_TRUE(rules->peeks_shown_once);
    hand h(rules, 2, 0, 3);
    const action peek = h.legal_actions(0).front();
    ASSERT_EQ(peek.kind, action_kind::peek);
    std::vector<event> events;
    ASSERT_EQ(h.apply(0, peek, &events), action_error::none);
    const card real = h.seat(0).layout[peek.slot].value;
    EXPECT_EQ(h.view_for(0).seats[0].layout[peek.slot].value, real) << "shown in the update of the peek";
    EXPECT_FALSE(h.view_for(1).seats[0].layout[peek.slot].value.has_value());
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].card_seen, real);
    EXPECT_FALSE(event_for(events[0], 1).card_seen.has_value()) << "the other seat is not told the card";
    EXPECT_FALSE(event_for(events[0], -1).card_seen.has_value()) << "nor are spectators";

    ASSERT_EQ(h.apply(1, h.legal_actions(1).front()), action_error::none);
    EXPECT_FALSE(h.view_for(0).seats[0].layout[peek.slot].value.has_value()) << "never shown again";
    EXPECT_EQ(h.view_for(0, recall::perfect).seats[0].layout[peek.slot].value, real);
    EXPECT_EQ(h.view_for(0).seats[0].layout[peek.slot].known_by, h.seat(0).layout[peek.slot].known_by)
        << "who looked where stays public";
}

TEST(Memory, WithoutTheRuleAPeekedCardStaysInTheView) {
    auto base = rules_of("cambio");
    auto rules = std::make_shared<ruleset>(*base);
    rules->peeks_shown_once = false;
    hand h(rules, 2, 0, 3);
    const action peek = h.legal_actions(0).front();
    ASSERT_EQ(h.apply(0, peek), action_error::none);
    ASSERT_EQ(h.apply(1, h.legal_actions(1).front()), action_error::none);
    EXPECT_EQ(h.view_for(0).seats[0].layout[peek.slot].value, h.seat(0).layout[peek.slot].value);
}

}  // namespace
}  // namespace golf::testing
