// The plain scorecard `golf play` prints (cli/terminal_view.cpp), built from a TableUpdate.
#include <gtest/gtest.h>

#include <string>

#include "cli/terminal_view.hpp"

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

}  // namespace
}  // namespace golf::cli
