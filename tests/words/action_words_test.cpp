// The one description of a move, as the server's notes read it (nobody's seat, no card named) and as a player
// reads their own moves (their view's cards named).
#include "words/action_words.hpp"

#include <gtest/gtest.h>

namespace golf::words {
namespace {

v1::Action make(v1::ActionKind kind, std::uint32_t position = 0, std::uint32_t other = 0, std::uint32_t target = 0,
                std::uint32_t other_seat = 0) {
    v1::Action a;
    a.set_kind(kind);
    a.set_position(position);
    a.set_other(other);
    a.set_target_seat(target);
    a.set_other_seat(other_seat);
    return a;
}

// A 2x3 table of Ann (0), Bob (1) and Cat (2), as the server's notes see it: from nobody's seat, Ann moving.
action_scene note_scene() {
    const std::string names[] = {"Ann", "Bob", "Cat"};
    return action_scene{
        -1, 0, [names](int s) { return names[s]; }, [](int) { return layout_shape{3, 6}; }, nullptr, nullptr, true};
}

TEST(action_words, a_note_names_the_places_a_move_touches_and_no_card) {
    const action_scene scene = note_scene();
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_PLACE, 0), scene), "put the card in place of their top-left card");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_DISCARD), scene), "throw away the card");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_TAKE_DISCARD), scene), "take the discard");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_PASS), scene), "pass");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_POWER_PEEK, 5, 0, 1), scene), "look at Bob's bottom-right card");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_POWER_SWAP, 1, 4, 2, 0), scene),
              "swap their bottom-middle card with Cat's top-middle card, unseen");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_CLAIM, 2, 3, 1), scene),
              "claim: throw Bob's top-right card on the discard, giving their bottom-left card");
}

TEST(action_words, a_players_own_moves_name_the_cards_their_view_shows) {
    v1::TableUpdate update;
    update.add_seats()->set_name("Ann");
    update.add_seats()->set_name("Bob");
    v1::HandView& hand = *update.mutable_hand();
    hand.set_viewer(0);
    hand.set_rows(2);
    hand.set_cols(2);
    hand.set_phase(v1::PHASE_HOLDING);
    hand.mutable_held()->set_rank(7);
    hand.mutable_held()->set_suit(v1::SUIT_CLUBS);
    for (int s = 0; s < 2; ++s) {
        v1::SeatLayout& layout = *hand.add_seats();
        for (int p = 0; p < 4; ++p) layout.add_positions();
    }
    hand.mutable_seats(0)->mutable_positions(0)->mutable_card()->set_rank(12);
    hand.mutable_seats(0)->mutable_positions(0)->mutable_card()->set_suit(v1::SUIT_DIAMONDS);
    hand.mutable_seats(0)->mutable_positions(0)->set_face_up(true);
    const action_scene scene = scene_of(update, nullptr, false);
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_PLACE, 0), scene),
              "put the 7C in place of your top-left card (the QD)");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_PLACE, 3), scene),
              "put the 7C in place of your bottom-right card (face down)");
    EXPECT_EQ(action_words(make(v1::ACTION_KIND_POWER_PEEK, 1, 0, 1), scene), "look at Bob's top-right card");
}

}  // namespace
}  // namespace golf::words
