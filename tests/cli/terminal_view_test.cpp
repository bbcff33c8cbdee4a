// What `golf play` shows (cli/play/terminal_view.cpp, cli/play/screen_panes.cpp), built from TableUpdates: the plain
// scorecard, card names, the moves with their keys, the log pane, the keys' help, the wait for the next hole, and
// a power told from the reader's side.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cli/play/terminal_view.hpp"
#include "tests/cli/wire_card.hpp"

namespace golf::cli {
namespace {

v1::TableUpdate two_seats_after_a_hole() {
    v1::TableUpdate u;
    for (const char* name : {"Ann", "Bob"}) {
        v1::SeatInfo& seat = *u.add_seats();
        seat.set_seat(static_cast<std::uint32_t>(u.seats_size() - 1));
        seat.set_occupied(true);
        seat.set_name(name);
    }
    v1::Scorecard& card = *u.mutable_scorecard();
    v1::Scorecard::Hole& hole = *card.add_holes();
    hole.set_number(1);
    hole.add_scores(7);
    hole.add_scores(7);
    hole.add_totals(7);
    hole.add_totals(7);
    card.add_totals(7);
    card.add_totals(7);
    return u;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(PlainScorecard, SaysWhoPlaysFirstNextAndTheTieBreakDraws) {
    v1::TableUpdate u = two_seats_after_a_hole();
    EXPECT_FALSE(contains(plain_scorecard(u), "plays first")) << "no winner_plays_first, no line";
    v1::Scorecard::Hole& hole = *u.mutable_scorecard()->mutable_holes(0);
    hole.set_plays_first_next(1);
    const auto draw = [&](std::uint32_t seat, std::uint32_t rank, v1::Suit suit) {
        v1::Scorecard::Hole::Draw& d = *hole.add_first_draw();
        d.set_seat(seat);
        d.mutable_card()->set_rank(rank);
        d.mutable_card()->set_suit(suit);
    };
    draw(0, 9, v1::SUIT_HEARTS);
    draw(1, 2, v1::SUIT_SPADES);
    const std::string text = plain_scorecard(u);
    EXPECT_TRUE(contains(text, "plays first next: Bob (the tie was broken by drawing Ann 9")) << text;
    EXPECT_TRUE(contains(text, "Bob 2")) << text;
    u.mutable_scorecard()->set_match_over(true);
    EXPECT_FALSE(contains(plain_scorecard(u), "plays first")) << "no next hole after the match";
}

using testing::card;

// Ann (seat 0, the reader) and Bob at a 2x3 table in play; Ann may draw or take the 7♣.
table_picture ann_to_play() {
    table_picture picture;
    picture.seat = 0;
    v1::TableUpdate u = two_seats_after_a_hole();
    u.clear_scorecard();
    u.set_code("ABCDEF");
    u.set_state(v1::TABLE_STATE_PLAYING);
    u.set_your_seat(0);
    v1::HandView& hand = *u.mutable_hand();
    hand.set_viewer(0);
    hand.set_phase(v1::PHASE_TURN);
    hand.set_hole(1);
    hand.set_rows(2);
    hand.set_cols(3);
    for (int s = 0; s < 2; ++s) {
        v1::SeatLayout& layout = *hand.add_seats();
        for (int i = 0; i < 6; ++i) layout.add_positions();
    }
    *hand.mutable_top_discard() = card(7, v1::SUIT_CLUBS);
    hand.add_legal()->set_kind(v1::ACTION_KIND_DRAW_STOCK);
    hand.add_legal()->set_kind(v1::ACTION_KIND_TAKE_DISCARD);
    picture.update = u;
    picture.update_at = std::chrono::steady_clock::now();
    return picture;
}

void add_event(table_picture& picture, v1::EventKind kind, int seat, std::optional<v1::Card> shown = {}) {
    v1::TableUpdate u = *picture.update;
    u.clear_events();
    v1::TableEvent& e = *u.add_events();
    e.set_hole(1);
    e.set_index(static_cast<std::uint32_t>(picture.log.size()));
    e.set_kind(kind);
    e.set_seat(seat);
    e.set_target_seat(-1);
    e.set_other_seat(-1);
    if (shown) *e.mutable_card() = *shown;
    picture.log.add(u);
}

// The frame as the eye reads it: no escape sequences, one line per screen row.
std::string visible(const std::string& frame) {
    return std::regex_replace(frame, std::regex("\x1b\\[[0-9;?]*[A-Za-z]"), "");
}

TEST(PlainCard, CardsAreNamedAsInTheMoveLog) {
    v1::Position p;
    p.set_face_up(true);
    *p.mutable_card() = card(10, v1::SUIT_DIAMONDS);
    EXPECT_EQ(plain_card(p), "10\u2666");
    EXPECT_EQ(plain_card(p, false), "10D");
    p.set_face_up(false);
    *p.mutable_card() = card(5, v1::SUIT_CLUBS);
    EXPECT_EQ(plain_card(p), "(5\u2663)");
    *p.mutable_card() = card(0, v1::SUIT_NONE);
    EXPECT_EQ(plain_card(p), "(joker)");
    p.clear_card();
    EXPECT_EQ(plain_card(p), "##");
}

TEST(PlainMoves, EachMoveWithItsKey) {
    const table_picture picture = ann_to_play();
    EXPECT_EQ(plain_moves(picture_moves(picture)),
              "moves:\n  1. draw from the stock  [d]\n  2. take the 7\u2663 from the discards  [t]\n");
    EXPECT_TRUE(prompt_line(picture).starts_with("move? 1-2 or a key (? for the keys, c TEXT to chat, q to quit)"))
        << prompt_line(picture);
}

TEST(ScreenFrame, ShowsTheKeysTheGridsNamesAndTheLog) {
    table_picture picture = ann_to_play();
    add_event(picture, v1::EVENT_KIND_HOLE_DEALT, 1);
    add_event(picture, v1::EVENT_KIND_DREW_STOCK, 1);
    add_event(picture, v1::EVENT_KIND_DISCARDED, 1, card(12, v1::SUIT_DIAMONDS));
    const std::string frame = visible(screen_frame(picture, screen_style{100, 30, true}));
    EXPECT_NE(frame.find(" d  draw from the stock"), std::string::npos) << frame;
    EXPECT_NE(frame.find(" t  take the 7\u2663 from the discards"), std::string::npos) << frame;
    EXPECT_NE(frame.find("1: Ann (you"), std::string::npos) << frame;
    EXPECT_NE(frame.find("2: Bob"), std::string::npos) << frame;
    EXPECT_NE(frame.find("   a   b   c"), std::string::npos) << "column letters over the cards\n" << frame;
    EXPECT_NE(frame.find("what happened in hole 1:"), std::string::npos) << frame;
    EXPECT_NE(frame.find("Hole 1 is dealt (Bob deals)."), std::string::npos) << frame;
    EXPECT_NE(frame.find("Bob drew from the stock and threw away the Q\u2666."), std::string::npos) << frame;
    EXPECT_NE(frame.find("move? 1-2 or a key"), std::string::npos) << frame;
}

TEST(PlainTable, AGuestsSeatIsMarkedAndAnAccountsIsNot) {
    table_picture picture = ann_to_play();
    picture.update->mutable_seats(0)->set_registered(true);
    const std::string text = plain_table(picture);
    EXPECT_TRUE(contains(text, "seat 1 Ann (you")) << text;
    EXPECT_FALSE(contains(text, "seat 1 Ann (you, guest")) << text;
    EXPECT_TRUE(contains(text, "seat 2 Bob (guest")) << text;
}

TEST(PlainTable, ABotsSeatSaysItsLevel) {
    table_picture picture = ann_to_play();
    v1::SeatInfo& bob = *picture.update->mutable_seats(1);
    bob.set_bot(v1::BOT_LEVEL_HARD);
    EXPECT_TRUE(contains(plain_table(picture), "seat 2 Bob (hard bot")) << plain_table(picture);
    bob.set_bot(v1::BOT_LEVEL_SEARCH);
    bob.set_search_budget(5000);
    EXPECT_TRUE(contains(plain_table(picture), "seat 2 Bob (search 5000 bot")) << plain_table(picture);
    bob.set_bot(v1::BOT_LEVEL_HEURISTIC);
    bob.set_search_budget(0);
    EXPECT_TRUE(contains(plain_table(picture), "seat 2 Bob (bot")) << plain_table(picture);
}

// Seats as people count them, from 1, the wire's seat 0 first; a server bot keeps its name ("bot 1 (heuristic)" for
// the wire's seat 1), its seat number set apart from it.
TEST(ScreenFrame, TheSeatsAreNumberedFromOne) {
    table_picture picture = ann_to_play();
    v1::SeatInfo& bot = *picture.update->mutable_seats(1);
    bot.set_name("bot 1 (heuristic)");
    bot.set_bot(v1::BOT_LEVEL_HEURISTIC);
    for (int s = 2; s < 4; ++s) {
        picture.update->add_seats()->set_seat(static_cast<std::uint32_t>(s));
        picture.update->mutable_hand()->add_seats();
    }
    const std::string frame = visible(screen_frame(picture, screen_style{140, 30, true}));
    for (const char* seat : {"1: Ann (you", "2: bot 1 (heuristic) (bot)", "3: (free)", "4: (free)"})
        EXPECT_NE(frame.find(seat), std::string::npos) << seat << "\n" << frame;
    EXPECT_EQ(frame.find("0: "), std::string::npos) << frame;
    const std::string text = plain_table(picture);
    for (const char* seat :
         {"\nseat 1 Ann (you", "\nseat 2 bot 1 (heuristic) (bot)", "\nseat 3 (free)", "\nseat 4 (free)"})
        EXPECT_TRUE(contains(text, seat)) << seat << "\n" << text;
    EXPECT_FALSE(contains(text, "seat 0")) << text;
    EXPECT_TRUE(contains(plain_scorecard(*picture.update), "Seat 3  Seat 4")) << "a seat with no name";
}

TEST(ScreenFrame, TheLogKeepsItsLatestLinesAndTheFrameItsHeight) {
    table_picture picture = ann_to_play();
    for (int i = 0; i < 40; ++i) add_event(picture, v1::EVENT_KIND_PASSED, i % 2);
    add_event(picture, v1::EVENT_KIND_KNOCKED, 1);
    const std::string raw = screen_frame(picture, screen_style{80, 24, true});
    const std::string frame = visible(raw);
    EXPECT_NE(frame.find("Bob knocked: everyone else has one more turn."), std::string::npos) << frame;
    EXPECT_NE(frame.find("what happened in hole 1:"), std::string::npos) << frame;
    std::size_t rows = 1;
    for (std::size_t at = raw.find("\r\n"); at != std::string::npos; at = raw.find("\r\n", at + 1)) ++rows;
    EXPECT_EQ(rows, 24u) << frame;
}

TEST(ScreenFrame, HelpShowsTheKeysUntilEnter) {
    table_picture picture = ann_to_play();
    picture.help = true;
    const std::string frame = visible(screen_frame(picture, screen_style{100, 40, true}));
    EXPECT_NE(frame.find("Keys: type one and Enter"), std::string::npos) << frame;
    EXPECT_NE(frame.find("a1 is your top-left card, c2 your bottom-right card"), std::string::npos) << frame;
    EXPECT_NE(frame.find("Enter closes the keys"), std::string::npos) << frame;
    EXPECT_EQ(frame.find("draw from the stock   "), std::string::npos) << "the moves wait under the keys\n" << frame;
}

TEST(NextHole, TheCountdownAndWhoIsStillReading) {
    table_picture picture = ann_to_play();
    v1::TableUpdate& u = *picture.update;
    u.set_state(v1::TABLE_STATE_BETWEEN_HOLES);
    u.mutable_hand()->set_phase(v1::PHASE_OVER);
    u.mutable_hand()->clear_legal();
    v1::NextHoleWait& wait = *u.mutable_next_hole();
    wait.set_remaining_ms(12000);
    wait.set_wait_ms(30000);
    wait.add_waiting(0);
    wait.add_waiting(1);
    EXPECT_EQ(next_hole_line(picture), "next hole in 0:12, still reading: you, Bob (n when you are ready)");
    EXPECT_EQ(prompt_line(picture), "n for the next hole, c TEXT to chat, ? for the keys, q to quit");
    wait.clear_waiting();
    wait.add_waiting(1);
    wait.add_ready(0);
    EXPECT_EQ(next_hole_line(picture), "next hole in 0:12, still reading: Bob (you are ready)");
    EXPECT_NE(plain_table(picture).find("next hole in 0:12, still reading: Bob"), std::string::npos);
    EXPECT_NE(visible(screen_frame(picture, screen_style{100, 30, true})).find("next hole in 0:1"), std::string::npos);
    u.clear_next_hole();
    EXPECT_EQ(next_hole_line(picture), "");
}

TEST(PowerLine, AnotherPlayersPowerIsToldFromTheReadersSide) {
    table_picture picture = ann_to_play();
    v1::HandView& hand = *picture.update->mutable_hand();
    hand.clear_legal();
    hand.set_phase(v1::PHASE_POWER);
    hand.set_current_seat(1);
    v1::PowerInUse& power = *hand.mutable_power();
    power.set_kind(v1::POWER_KIND_PEEK_OWN);
    power.set_seat(-1);
    power.set_position(-1);
    power.set_own_position(4);
    const std::string text = plain_table(picture);
    EXPECT_NE(text.find("power: Bob is using a power (look at one of their own cards); looked at their "
                        "bottom-middle card"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("one of your cards"), std::string::npos) << text;
}

TEST(ChatLines, AGuestsLineIsMarkedAndAnAccountsIsNot) {
    v1::ChatLine line;
    line.set_name("Ann");
    line.set_text("hello");
    EXPECT_EQ(chat_text(line), "Ann (guest): hello");
    line.set_registered(true);
    EXPECT_EQ(chat_text(line), "Ann: hello");
}

TEST(ChatLines, TheBacklogSentAgainAfterAReconnectIsNotShownTwice) {
    chat_lines chat;
    v1::ChatLine line;
    line.set_name("Bob");
    line.set_text("hi");
    line.set_unix_ms(1000);
    EXPECT_TRUE(chat.add(line));
    line.set_earlier(true);
    EXPECT_FALSE(chat.add(line)) << "the same line, sent again as the table's backlog";
    line.set_unix_ms(2000);
    EXPECT_TRUE(chat.add(line)) << "the same words said again later";
    ASSERT_EQ(chat.shown().size(), 2u);
    EXPECT_EQ(chat.shown().back(), "Bob (guest): hi");
    for (int i = 0; i < 10; ++i) {
        line.set_unix_ms(3000 + static_cast<std::uint64_t>(i));
        chat.add(line);
    }
    EXPECT_EQ(chat.shown().size(), chat_lines::shown_kept);
}

}  // namespace
}  // namespace golf::cli
