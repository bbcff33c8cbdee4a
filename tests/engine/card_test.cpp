// Cards: the text form used on the command line and in rulesets, and the fixed-order deck.
#include "engine/card.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>

namespace golf {
namespace {

TEST(parse_card, reads_rank_and_suit_letters) {
    EXPECT_EQ(parse_card("AS"), make_card(1, suit::spades));
    EXPECT_EQ(parse_card("2C"), make_card(2, suit::clubs));
    EXPECT_EQ(parse_card("9H"), make_card(9, suit::hearts));
    EXPECT_EQ(parse_card("TD"), make_card(10, suit::diamonds));
    EXPECT_EQ(parse_card("JH"), make_card(11, suit::hearts));
    EXPECT_EQ(parse_card("QS"), make_card(12, suit::spades));
    EXPECT_EQ(parse_card("KC"), make_card(13, suit::clubs));
}

TEST(parse_card, accepts_ten_as_two_digits) {
    EXPECT_EQ(parse_card("10D"), make_card(10, suit::diamonds));
    EXPECT_EQ(parse_card("10s"), make_card(10, suit::spades));
}

TEST(parse_card, is_case_insensitive) {
    EXPECT_EQ(parse_card("kh"), make_card(13, suit::hearts));
    EXPECT_EQ(parse_card("qS"), make_card(12, suit::spades));
    EXPECT_EQ(parse_card("x"), joker());
}

TEST(parse_card, reads_a_joker_as_x) {
    const auto c = parse_card("X");
    ASSERT_TRUE(c.has_value());
    EXPECT_TRUE(c->is_joker());
    EXPECT_EQ(c->suit_, suit::none);
}

TEST(parse_card, refuses_what_is_not_a_card) {
    for (const char* text : {"", "A", "S", "1D", "11D", "ZS", "AX", "ASS", "XX", "X1", "10", " AS", "AS "})
        EXPECT_FALSE(parse_card(text).has_value()) << "'" << text << "'";
}

TEST(to_string_card, writes_two_letters_or_x) {
    EXPECT_EQ(to_string(make_card(1, suit::spades)), "AS");
    EXPECT_EQ(to_string(make_card(10, suit::diamonds)), "TD");
    EXPECT_EQ(to_string(make_card(13, suit::hearts)), "KH");
    EXPECT_EQ(to_string(make_card(7, suit::clubs)), "7C");
    EXPECT_EQ(to_string(joker()), "X");
}

TEST(to_string_card, round_trips_through_parse_card_for_every_card) {
    for (const card c : make_deck(1, 1)) {
        const auto back = parse_card(to_string(c));
        ASSERT_TRUE(back.has_value()) << to_string(c);
        EXPECT_EQ(*back, c);
    }
}

TEST(card, knows_its_colour_and_one_eyed_jacks) {
    EXPECT_TRUE(make_card(5, suit::hearts).is_red());
    EXPECT_TRUE(make_card(5, suit::diamonds).is_red());
    EXPECT_FALSE(make_card(5, suit::clubs).is_red());
    EXPECT_FALSE(make_card(5, suit::spades).is_red());
    EXPECT_FALSE(joker().is_red());
    EXPECT_TRUE(make_card(11, suit::spades).is_one_eyed_jack());
    EXPECT_TRUE(make_card(11, suit::hearts).is_one_eyed_jack());
    EXPECT_FALSE(make_card(11, suit::clubs).is_one_eyed_jack());
    EXPECT_FALSE(make_card(11, suit::diamonds).is_one_eyed_jack());
    EXPECT_FALSE(make_card(13, suit::spades).is_one_eyed_jack());
}

TEST(card_index, gives_each_card_its_own_small_index) {
    std::set<int> seen;
    for (const card c : make_deck(1, 1)) {
        const int index = card_index(c);
        EXPECT_GE(index, 0);
        EXPECT_LT(index, card_index_count);
        seen.insert(index);
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(card_index_count));
    EXPECT_EQ(card_index(joker()), 52);
}

TEST(make_deck, one_pack_holds_each_card_once) {
    const auto deck = make_deck(1, 0);
    ASSERT_EQ(deck.size(), 52u);
    std::set<int> seen;
    for (const card c : deck) {
        EXPECT_FALSE(c.is_joker());
        EXPECT_GE(c.rank, 1);
        EXPECT_LE(c.rank, 13);
        seen.insert(card_index(c));
    }
    EXPECT_EQ(seen.size(), 52u);
}

TEST(make_deck, packs_and_jokers_multiply) {
    const auto deck = make_deck(2, 2);
    ASSERT_EQ(deck.size(), 108u);
    std::map<int, int> count;
    for (const card c : deck) ++count[card_index(c)];
    EXPECT_EQ(count.size(), 53u);
    for (const auto& [index, n] : count) EXPECT_EQ(n, index == 52 ? 4 : 2) << index;
}

TEST(make_deck, is_in_a_fixed_order) {
    EXPECT_EQ(make_deck(3, 1), make_deck(3, 1));
    const auto deck = make_deck(1, 0);
    EXPECT_EQ(deck.front(), make_card(1, suit::clubs));
    EXPECT_EQ(deck.back(), make_card(13, suit::spades));
}

TEST(make_deck, no_packs_is_empty) { EXPECT_TRUE(make_deck(0, 2).empty()); }

}  // namespace
}  // namespace golf
