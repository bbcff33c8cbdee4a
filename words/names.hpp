// The names players read, the same in the terminal (`golf play`: its screen, plain lines and move log,
// docs/move-log.md) and in the server's notes: cards ("Q♦", "10♣", "joker"; "QD" where the terminal cannot show UTF-8), places in a layout in
// words ("top-left", "row 2, card 4") and as keys ("a1": column a, row 1), seats, and what a power does.
#pragma once

#include <cstdint>
#include <string>

#include "golf/v1/messages.pb.h"

namespace golf::words {

// "Q♦", "10♣", "joker"; "QD", "10C" when `utf8` is false.
std::string card_name(const v1::Card& card, bool utf8);

// What a place's name needs of a layout: `count` positions, `cols` to a row (its rows: count / cols, extra rows
// included).
struct layout_shape {
    std::uint32_t cols = 1;
    std::uint32_t count = 0;
};
// Seat `seat`'s layout in this hand (HandView.rows * cols when the seat has none).
layout_shape shape_of(const v1::HandView& hand, int seat);

// Whether places of this layout have words ("top-left"): at most 3 rows and 3 columns.
bool has_place_words(layout_shape shape);
// "top-left", "middle", "right"; "row 2, card 4" in larger layouts.
std::string place_words(std::uint32_t position, layout_shape shape);
// A card by its owner and place: "your top-left card", "Bob's card at row 2, card 4" (`owner`: "your", "Bob's").
std::string card_at(const std::string& owner, std::uint32_t position, layout_shape shape);

// A place as typed: its column letter and row number, "a1" for the top-left, "c2" (extra rows go on: "a3").
std::string place_key(std::uint32_t position, std::uint32_t cols);

// A wire seat (counted from 0) as people read and type it, counted from 1: seat 0 is "1".
std::string seat_number(int seat);
// The seat's name at the table, or "Seat N" when it has none (N counted from 1, as the screen and the keys do).
std::string seat_name(const v1::TableUpdate& update, int seat);

// What a power does, said to the player using it ("look at one of your cards").
std::string power_text(v1::PowerKind kind);
// The same said of another player ("look at one of their cards").
std::string power_text_of_others(v1::PowerKind kind);
// The power of a card under the table's rules (none without them).
v1::PowerKind power_of(const v1::Ruleset* rules, const v1::Card& card);

}  // namespace golf::words
