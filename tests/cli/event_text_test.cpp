// The move log's sentences (cli/play/event_text.cpp) as docs/move-log.md gives them, from hand-made TableUpdates: every
// event kind, in the reader's point of view (their own seat, another's, a spectator), cards only where the event
// carries them, the memory rule (peeks_shown_once), the names of places in every layout size, and the log kept per
// (hole, index) (cli/play/move_log.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/play/event_text.hpp"
#include "cli/play/move_log.hpp"
#include "tests/cli/wire_card.hpp"
#include "words/names.hpp"

namespace golf::cli {
namespace {

using testing::card;
const v1::Card seven_clubs = card(7, v1::SUIT_CLUBS);
const v1::Card queen_diamonds = card(12, v1::SUIT_DIAMONDS);
const v1::Card king_hearts = card(13, v1::SUIT_HEARTS);
const v1::Card five_spades = card(5, v1::SUIT_SPADES);
const v1::Card jack_spades = card(11, v1::SUIT_SPADES);

// Ann (0), Bob (1) and Cy (2) at a 2x3 table, read by `reader`.
v1::TableUpdate table(int reader, std::uint32_t rows = 2, std::uint32_t cols = 3) {
    v1::TableUpdate u;
    u.set_your_seat(reader);
    u.set_state(v1::TABLE_STATE_PLAYING);
    v1::HandView& hand = *u.mutable_hand();
    hand.set_viewer(reader);
    hand.set_rows(rows);
    hand.set_cols(cols);
    hand.set_hole(1);
    for (const char* name : {"Ann", "Bob", "Cy"}) {
        v1::SeatInfo& seat = *u.add_seats();
        seat.set_seat(static_cast<std::uint32_t>(u.seats_size() - 1));
        seat.set_occupied(true);
        seat.set_name(name);
        v1::SeatLayout& layout = *hand.add_seats();
        for (std::uint32_t i = 0; i < rows * cols; ++i) layout.add_positions();
    }
    return u;
}

struct event_spec {
    v1::EventKind kind;
    int seat = -1;
    int target = -1;
    std::uint32_t position = 0;
    std::optional<v1::Card> shown{};
    bool private_card = false;
    int other_seat = -1;
    std::uint32_t other = 0;
};

void add(v1::TableUpdate& u, const event_spec& spec) {
    v1::TableEvent& e = *u.add_events();
    e.set_hole(1);
    e.set_index(static_cast<std::uint32_t>(u.events_size() - 1));
    e.set_kind(spec.kind);
    e.set_seat(spec.seat);
    e.set_target_seat(spec.target);
    e.set_position(spec.position);
    e.set_other_seat(spec.other_seat);
    e.set_other(spec.other);
    if (spec.shown) *e.mutable_card() = *spec.shown;
    e.set_private_card(spec.private_card);
}

// The sentences `reader` reads for `events`, one a line.
std::string told(int reader, const std::vector<event_spec>& events, const v1::Ruleset* rules = nullptr) {
    v1::TableUpdate u = table(reader);
    for (const event_spec& e : events) add(u, e);
    std::string out;
    for (const std::string& line : event_sentences(u, rules, true)) out += (out.empty() ? "" : "\n") + line;
    return out;
}

constexpr int ann = 0;
constexpr int bob = 1;
constexpr int cy = 2;
constexpr int spectator = -1;

TEST(CardNames, RankThenSuitSymbolOrLetter) {
    EXPECT_EQ(card_name(queen_diamonds, true), "Q\u2666");
    EXPECT_EQ(card_name(card(10, v1::SUIT_CLUBS), true), "10\u2663");
    EXPECT_EQ(card_name(card(1, v1::SUIT_SPADES), true), "A\u2660");
    EXPECT_EQ(card_name(card(0, v1::SUIT_NONE), true), "joker");
    EXPECT_EQ(card_name(queen_diamonds, false), "QD");
    EXPECT_EQ(card_name(card(10, v1::SUIT_CLUBS), false), "10C");
    EXPECT_EQ(card_name(king_hearts, false), "KH");
}

TEST(PlaceNames, WordsUpToThreeByThreeThenRowAndCard) {
    const auto words = [](std::uint32_t p, std::uint32_t cols, std::uint32_t count) {
        return place_words(p, layout_shape{cols, count});
    };
    // 2x2
    EXPECT_EQ(words(0, 2, 4), "top-left");
    EXPECT_EQ(words(1, 2, 4), "top-right");
    EXPECT_EQ(words(2, 2, 4), "bottom-left");
    EXPECT_EQ(words(3, 2, 4), "bottom-right");
    // 2x3
    EXPECT_EQ(words(1, 3, 6), "top-middle");
    EXPECT_EQ(words(5, 3, 6), "bottom-right");
    // 3x3
    EXPECT_EQ(words(4, 3, 9), "middle");
    EXPECT_EQ(words(3, 3, 9), "middle-left");
    EXPECT_EQ(words(7, 3, 9), "bottom-middle");
    // 2x4 and 2x5: too wide for words
    EXPECT_EQ(words(5, 4, 8), "row 2, card 2");
    EXPECT_EQ(words(9, 5, 10), "row 2, card 5");
    EXPECT_EQ(card_at("Bob's", 5, layout_shape{4, 8}), "Bob's card at row 2, card 2");
    EXPECT_EQ(card_at("your", 0, layout_shape{3, 6}), "your top-left card");
    // Extra rows count: a 2x3 layout grown by a row is 3x3, a 2x2 grown by two rows is 4x2.
    EXPECT_EQ(words(7, 3, 9), "bottom-middle");
    EXPECT_EQ(words(3, 3, 6), "bottom-left");
    EXPECT_EQ(words(6, 2, 8), "row 4, card 1");
    EXPECT_EQ(words(2, 2, 4), "bottom-left");
    // One row, one column.
    EXPECT_EQ(words(0, 3, 3), "left");
    EXPECT_EQ(words(1, 3, 3), "middle");
    EXPECT_EQ(words(1, 1, 2), "bottom");
}

TEST(PlaceNames, KeysAreColumnLetterThenRowNumber) {
    EXPECT_EQ(place_key(0, 2), "a1");
    EXPECT_EQ(place_key(3, 2), "b2");
    EXPECT_EQ(place_key(5, 3), "c2");
    EXPECT_EQ(place_key(8, 3), "c3");
    EXPECT_EQ(place_key(6, 4), "c2");
    EXPECT_EQ(place_key(9, 5), "e2");
    EXPECT_EQ(place_key(6, 2), "a4");  // an extra row
}

TEST(EventText, ADrawAndWhatFollowsMakeOneSentence) {
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_DREW_STOCK, bob}, {v1::EVENT_KIND_DISCARDED, bob, -1, 0, queen_diamonds}}),
              "Bob drew from the stock and threw away the Q\u2666.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_DREW_STOCK, ann, -1, 0, queen_diamonds, true},
                         {v1::EVENT_KIND_DISCARDED, ann, -1, 0, queen_diamonds}}),
              "You drew from the stock (the Q\u2666) and threw it away.");
    EXPECT_EQ(
        told(ann, {{v1::EVENT_KIND_DREW_STOCK, bob},
                   {v1::EVENT_KIND_PLACED, bob, bob, 0, seven_clubs},
                   {v1::EVENT_KIND_DISCARDED, bob, -1, 0, king_hearts}}),
        "Bob drew from the stock and put the 7\u2663 in place of their top-left card, throwing away the K\u2665.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_TOOK_DISCARD, ann, -1, 0, seven_clubs},
                         {v1::EVENT_KIND_PLACED, ann, ann, 4, seven_clubs},
                         {v1::EVENT_KIND_DISCARDED, ann, -1, 4, king_hearts}}),
              "You took the 7\u2663 from the discards and put it in place of your bottom-middle card, throwing away "
              "the K\u2665.");
    // Bob's card placed face down reaches only Bob: Ann reads "it", Bob reads his card once, in the draw.
    const std::vector<event_spec> hidden{{v1::EVENT_KIND_DREW_STOCK, bob},
                                         {v1::EVENT_KIND_PLACED, bob, bob, 1},
                                         {v1::EVENT_KIND_DISCARDED, bob, -1, 1, king_hearts}};
    EXPECT_EQ(told(ann, hidden),
              "Bob drew from the stock and put it in place of their top-middle card, throwing away the K\u2665.");
    // Another seat's draw, then another's turn: two sentences.
    EXPECT_EQ(told(cy, {{v1::EVENT_KIND_DREW_STOCK, bob}, {v1::EVENT_KIND_DREW_STOCK, ann}}),
              "Bob drew from the stock.\nAnn drew from the stock.");
    EXPECT_EQ(told(bob, {{v1::EVENT_KIND_DISCARDED, bob, -1, 0, queen_diamonds}}), "You threw away the Q\u2666.");
}

TEST(EventText, LooksAreToldFromTheReadersSide) {
    const event_spec peek_at{v1::EVENT_KIND_PEEKED_AT, ann, bob, 0, seven_clubs, true};
    EXPECT_EQ(told(ann, {peek_at}), "You looked at Bob's top-left card: 7\u2663.");
    const event_spec peek_unseen{v1::EVENT_KIND_PEEKED_AT, ann, bob, 0};
    EXPECT_EQ(told(bob, {peek_unseen}), "Ann looked at your top-left card.");
    EXPECT_EQ(told(cy, {peek_unseen}), "Ann looked at Bob's top-left card.");
    EXPECT_EQ(told(spectator, {peek_unseen}), "Ann looked at Bob's top-left card.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_PEEKED, ann, ann, 5, seven_clubs, true}}),
              "You looked at your bottom-right card: 7\u2663.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_PEEKED, bob, bob, 5}}), "Bob looked at their bottom-right card.");
    EXPECT_EQ(told(bob, {{v1::EVENT_KIND_LOOKED, bob, bob, 2, seven_clubs, true}}),
              "You paid to look at your top-right card: 7\u2663.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_LOOKED, bob, bob, 2}}), "Bob paid to look at their top-right card.");
}

TEST(EventText, MemoryRuleLeavesCardsOnlyYouSawOutOfTheLog) {
    v1::Ruleset memory;
    memory.set_peeks_shown_once(true);
    const std::vector<event_spec> peek{{v1::EVENT_KIND_PEEKED, ann, ann, 0, seven_clubs, true}};
    EXPECT_EQ(told(ann, peek, &memory), "You looked at your top-left card.");
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_PEEKED_AT, ann, bob, 3, seven_clubs, true}}, &memory),
              "You looked at Bob's bottom-left card.");
    // A card everyone saw stays.
    EXPECT_EQ(told(ann, {{v1::EVENT_KIND_FLIPPED, ann, ann, 0, seven_clubs}}, &memory),
              "You turned up your top-left card: the 7\u2663.");
    // The card is shown once, as a glimpse, and only under the rule.
    v1::TableUpdate u = table(ann);
    for (const event_spec& e : peek) add(u, e);
    const std::vector<v1::TableEvent> events(u.events().begin(), u.events().end());
    EXPECT_EQ(glimpses(events, reader_for(u, &memory, true)),
              std::vector<std::string>{"You looked at your top-left card: 7\u2663."});
    EXPECT_TRUE(glimpses(events, reader_for(u, nullptr, true)).empty());
}

TEST(EventText, EveryKindHasItsSentence) {
    v1::Ruleset rules;
    rules.set_power_jack(v1::POWER_KIND_PEEK_OWN);
    const struct {
        int reader;
        std::vector<event_spec> events;
        std::string sentence;
    } cases[] = {
        {ann, {{v1::EVENT_KIND_HOLE_DEALT, bob}}, "Hole 1 is dealt (Bob deals)."},
        {bob, {{v1::EVENT_KIND_HOLE_DEALT, bob}}, "Hole 1 is dealt (you deal)."},
        {ann, {{v1::EVENT_KIND_FLIPPED, bob, bob, 0, seven_clubs}}, "Bob turned up their top-left card: the 7\u2663."},
        {ann,
         {{v1::EVENT_KIND_SWAPPED_OWN, bob, bob, 0, {}, false, -1, 5}},
         "Bob swapped their top-left and bottom-right cards."},
        {ann, {{v1::EVENT_KIND_READY, bob}}, "Bob is done rearranging."},
        {bob, {{v1::EVENT_KIND_READY, bob}}, "You are done rearranging."},
        {ann, {{v1::EVENT_KIND_PASSED, bob}}, "Bob passed."},
        {ann, {{v1::EVENT_KIND_KNOCKED, bob}}, "Bob knocked: everyone else has one more turn."},
        {ann, {{v1::EVENT_KIND_CALLED, ann}}, "You called: everyone else has one more turn."},
        {ann,
         {{v1::EVENT_KIND_FLIPPED, bob, bob, 1, seven_clubs},
          {v1::EVENT_KIND_FLIPPED, bob, bob, 2, king_hearts},
          {v1::EVENT_KIND_REVEALED_ALL, bob}},
         "Bob turned all their cards up."},
        {bob, {{v1::EVENT_KIND_TURN_SKIPPED, bob}}, "You miss a turn."},
        {ann, {{v1::EVENT_KIND_TURN_SKIPPED, bob}}, "Bob misses a turn."},
        {ann, {{v1::EVENT_KIND_STOCK_RESHUFFLED, bob}}, "The discards were shuffled into a new stock."},
        {ann, {{v1::EVENT_KIND_FINAL_ROUND, bob}}, "Final round: everyone but Bob has one more turn."},
        {bob, {{v1::EVENT_KIND_FINAL_ROUND, bob}}, "Final round: everyone but you has one more turn."},
        {ann, {{v1::EVENT_KIND_LINES_REMOVED, bob}}, "Bob's completed lines left the table."},
        {ann, {{v1::EVENT_KIND_EXPOSED, bob, bob, 0, seven_clubs}}, "Bob's top-left card is turned up: the 7\u2663."},
        {bob, {{v1::EVENT_KIND_EXPOSED, bob, bob, 0, seven_clubs}}, "Your top-left card is turned up: the 7\u2663."},
        {ann, {{v1::EVENT_KIND_HAND_OVER, bob}}, "Hole 1 is over."},
        {ann,
         {{v1::EVENT_KIND_POWER_USED, bob, -1, 0, jack_spades}},
         "Bob used the power of the J\u2660: look at one of their own cards."},
        {bob,
         {{v1::EVENT_KIND_POWER_USED, bob, -1, 0, jack_spades}},
         "You used the power of the J\u2660: look at one of your cards."},
        {ann, {{v1::EVENT_KIND_POWER_USED, bob}}, "Bob is using a card's power."},
        {ann,
         {{v1::EVENT_KIND_SWAPPED, bob, cy, 0, {}, false, ann, 5}},
         "Bob swapped Cy's top-left card with your bottom-right card."},
        {cy,
         {{v1::EVENT_KIND_SWAPPED, ann, bob, 0, {}, false, cy, 5}},
         "Ann swapped Bob's top-left card with your bottom-right card."},
        {ann, {{v1::EVENT_KIND_SHUFFLED, bob, ann}}, "Bob shuffled your face-down cards."},
        {ann, {{v1::EVENT_KIND_SHOWN, bob, cy, 0, seven_clubs}}, "Cy's top-left card is shown: the 7\u2663."},
        {ann,
         {{v1::EVENT_KIND_THROWN, bob, cy, 0, seven_clubs}},
         "The 7\u2663 from Cy's top-left place went onto the discards."},
        {ann,
         {{v1::EVENT_KIND_GAVE, ann, bob, 2, {}, false, -1, 0}},
         "You gave your top-left card to Bob, in place of Bob's top-right card."},
        {bob,
         {{v1::EVENT_KIND_GAVE, ann, bob, 2, {}, false, -1, 0}},
         "Ann gave their top-left card to you, in place of your top-right card."},
        {ann, {{v1::EVENT_KIND_ADDED, -1, bob, 3}}, "A card joined Bob's layout at the bottom-left."},
        {bob,
         {{v1::EVENT_KIND_ADDED, -1, bob, 3, seven_clubs}},
         "A card joined your layout at the bottom-left: the 7\u2663."},
        {ann, {{v1::EVENT_KIND_MATCH_FAILED, bob}}, "Bob's card did not match."},
        {bob, {{v1::EVENT_KIND_MATCH_FAILED, bob}}, "Your card did not match."},
        {ann, {{v1::EVENT_KIND_LAYOUT_EMPTIED, bob}}, "Bob has no cards left."},
        {bob, {{v1::EVENT_KIND_LAYOUT_EMPTIED, bob}}, "You have no cards left."},
        {ann, {{v1::EVENT_KIND_CALL_CANCELLED, bob, -1, 0, {}, false, -1, 2}}, "Bob cancelled Cy's call."},
        {cy, {{v1::EVENT_KIND_CALL_CANCELLED, bob, -1, 0, {}, false, -1, 2}}, "Bob cancelled your call."},
        {ann, {{v1::EVENT_KIND_OFFERED, bob, -1, 0, {}, false, -1, 2}}, "Bob looked at the next 2 stock cards."},
        {ann, {{v1::EVENT_KIND_SHIELD_KEPT, bob, -1, 0, five_spades}}, "Bob kept the 5\u2660 as a shield."},
        {ann, {{v1::EVENT_KIND_BLOCKED, ann, bob, 0, five_spades}}, "Bob's shield (the 5\u2660) blocked your power."},
        {bob, {{v1::EVENT_KIND_BLOCKED, ann, bob, 0, five_spades}}, "Your shield (the 5\u2660) blocked Ann's power."},
        {ann,
         {{v1::EVENT_KIND_TURNED_UP, bob, cy, 0, seven_clubs}},
         "Bob turned Cy's top-left card face up: the 7\u2663."},
        {ann,
         {{v1::EVENT_KIND_TURNED_DOWN, bob, bob, 0, seven_clubs}},
         "Bob turned their top-left card face down (everyone saw the 7\u2663)."},
        {ann,
         {{v1::EVENT_KIND_SWAPPED, bob, cy, 0, {}, false, cy, 3},
          {v1::EVENT_KIND_SWAPPED, bob, cy, 1, {}, false, cy, 4},
          {v1::EVENT_KIND_SWAPPED, bob, cy, 2, {}, false, cy, 5},
          {v1::EVENT_KIND_LINES_SWAPPED, bob, cy, 0, {}, false, -1, 3}},
         "Bob swapped Cy's rows 1 and 2."},
        {ann, {{v1::EVENT_KIND_LINES_SWAPPED, bob, cy, 0, {}, false, -1, 2}}, "Bob swapped Cy's columns 1 and 3."},
        {ann,
         {{v1::EVENT_KIND_POWER_CHOSEN, bob, -1, v1::POWER_KIND_PEEK_OPPONENT}},
         "Bob chose the power: look at another player's card."},
        {ann, {{v1::EVENT_KIND_CLOCK_RAN_OUT, bob}}, "Bob's clock ran out: the server played for them."},
        {bob, {{v1::EVENT_KIND_CLOCK_RAN_OUT, bob}}, "Your clock ran out: the server played for you."},
        {ann, {{v1::EVENT_KIND_CLAIM_FIRST, bob}}, "Bob claimed the discard first."},
    };
    for (const auto& c : cases) EXPECT_EQ(told(c.reader, c.events, &rules), c.sentence);
}

TEST(EventText, SuitLettersWhereTheTerminalIsNotUtf8) {
    v1::TableUpdate u = table(ann);
    add(u, {v1::EVENT_KIND_DREW_STOCK, bob});
    add(u, {v1::EVENT_KIND_DISCARDED, bob, -1, 0, card(10, v1::SUIT_DIAMONDS)});
    EXPECT_EQ(event_sentences(u, nullptr, false),
              std::vector<std::string>{"Bob drew from the stock and threw away the 10D."});
}

TEST(EventText, LargeLayoutsNameRowAndCard) {
    v1::TableUpdate u = table(ann, 2, 5);
    add(u, {v1::EVENT_KIND_PEEKED_AT, bob, ann, 7});
    add(u, {v1::EVENT_KIND_THROWN, bob, cy, 9, seven_clubs});
    EXPECT_EQ(event_sentences(u, nullptr, true),
              (std::vector<std::string>{"Bob looked at your card at row 2, card 3.",
                                        "The 7\u2663 from Cy's place at row 2, card 5 went onto the discards."}));
}

TEST(EventText, ASeatWithNoNameIsNumberedFromOne) {
    v1::TableUpdate u = table(cy);
    u.mutable_seats(ann)->clear_name();
    add(u, {v1::EVENT_KIND_DREW_STOCK, ann});
    add(u, {v1::EVENT_KIND_DISCARDED, ann, -1, 0, seven_clubs});
    add(u, {v1::EVENT_KIND_PEEKED_AT, bob, ann, 0});
    EXPECT_EQ(event_sentences(u, nullptr, true),
              (std::vector<std::string>{"Seat 1 drew from the stock and threw away the 7\u2663.",
                                        "Bob looked at Seat 1's top-left card."}));
    EXPECT_EQ(seat_name(u, ann), "Seat 1");
    EXPECT_EQ(seat_number(ann), "1");
}

TEST(MoveLog, KeepsEachEventOnceAndAWholeLogReplacesItsHole) {
    move_log log;
    v1::TableUpdate first = table(ann);
    add(first, {v1::EVENT_KIND_HOLE_DEALT, bob});
    add(first, {v1::EVENT_KIND_DREW_STOCK, ann, -1, 0, seven_clubs, true});
    EXPECT_EQ(log.add(first).size(), 2u);
    EXPECT_EQ(log.add(first).size(), 0u) << "the same (hole, index) twice";
    // After a reconnect under the memory rule: the whole log again, the drawn card no longer in it.
    v1::TableUpdate again = table(ann);
    again.set_events_from_start(true);
    add(again, {v1::EVENT_KIND_HOLE_DEALT, bob});
    add(again, {v1::EVENT_KIND_DREW_STOCK, ann});
    add(again, {v1::EVENT_KIND_DISCARDED, ann, -1, 0, seven_clubs});
    const std::vector<v1::TableEvent> fresh = log.add(again);
    ASSERT_EQ(fresh.size(), 1u);
    EXPECT_EQ(fresh[0].kind(), v1::EVENT_KIND_DISCARDED);
    const std::vector<v1::TableEvent> kept = log.latest_hole();
    ASSERT_EQ(kept.size(), 3u);
    EXPECT_FALSE(kept[1].has_card());
    // The next hole's log is the one shown.
    v1::TableUpdate next = table(ann);
    v1::TableEvent& dealt = *next.add_events();
    dealt.set_hole(2);
    dealt.set_kind(v1::EVENT_KIND_HOLE_DEALT);
    dealt.set_seat(cy);
    log.add(next);
    ASSERT_EQ(log.latest_hole().size(), 1u);
    EXPECT_EQ(log.latest_hole()[0].hole(), 2u);
}

}  // namespace
}  // namespace golf::cli
