// A protocol card for the tests of what golf play shows (event_text_test.cpp, terminal_view_test.cpp).
#pragma once

#include <cstdint>

#include "golf/v1/cards.pb.h"

namespace golf::cli::testing {

inline v1::Card card(std::uint32_t rank, v1::Suit suit) {
    v1::Card c;
    c.set_rank(rank);
    c.set_suit(suit);
    return c;
}

}  // namespace golf::cli::testing
