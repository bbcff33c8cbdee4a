// A card drawn from the stock and kept face down remembers the card it replaced (public: that card went face up to
// the discards), a seat that remembers everything sees it, and a search bot's samples deal such a card below it.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <vector>

#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/hand_events.hpp"
#include "engine/kept_memory.hpp"
#include "engine/presets.hpp"

namespace golf {
namespace {

std::shared_ptr<const ruleset> four_card() { return std::make_shared<const ruleset>(find_preset("four-card")->rules); }

// Start actions and turns by the heuristic bot until seat 0 is to draw.
hand at_seat_0s_turn(std::uint64_t seed) {
    hand h(four_card(), 2, 1, seed);
    heuristic_bot bot;
    random_source random(3);
    for (int i = 0; i < 100 && !(h.current_phase() == phase::turn && h.seats_to_act() == std::vector<int>{0}); ++i) {
        const int seat = h.seats_to_act().front();
        h.apply(seat, bot.choose(h.rules(), h.view_for(seat, recall::perfect), random));
    }
    return h;
}

int slot_where(const hand& h, int seat, bool owner_knows) {
    const auto& layout = h.seat(seat).layout;
    for (int i = 0; i < static_cast<int>(layout.size()); ++i)
        if (((layout[static_cast<std::size_t>(i)].known_by & seat_bit(seat)) != 0) == owner_knows) return i;
    return -1;
}

TEST(kept_over, a_drawn_card_kept_face_down_remembers_what_it_replaced_and_whether_its_owner_knew_it) {
    for (const bool knew : {true, false}) {
        hand h = at_seat_0s_turn(41);
        ASSERT_EQ(h.current_phase(), phase::turn);
        const int slot = slot_where(h, 0, knew);
        ASSERT_GE(slot, 0);
        const card replaced = h.seat(0).layout[static_cast<std::size_t>(slot)].value;
        ASSERT_EQ(h.apply(0, action{action_kind::draw_stock}), action_error::none);
        ASSERT_EQ(h.apply(0, action{action_kind::place, static_cast<std::uint8_t>(slot)}), action_error::none);
        const position& p = h.seat(0).layout[static_cast<std::size_t>(slot)];
        ASSERT_TRUE(p.kept.has_value());
        EXPECT_EQ(p.kept->over, replaced);
        EXPECT_EQ(p.kept->over_seen, knew);
        EXPECT_EQ(h.discards().back(), replaced);
        // Seen by whoever remembers all it saw; the views sent to people and clients are as they were.
        EXPECT_EQ(h.view_for(1, recall::perfect).kept, (std::vector<kept_card>{{0, slot, *p.kept}}));
        EXPECT_TRUE(h.view_for(1).kept.empty());
        EXPECT_TRUE(h.spectator_view().kept.empty());
    }
}

TEST(kept_over, a_card_taken_from_the_discards_is_known_to_all_and_carries_nothing) {
    hand h = at_seat_0s_turn(41);
    ASSERT_EQ(h.apply(0, action{action_kind::take_discard}), action_error::none);
    ASSERT_EQ(h.apply(0, action{action_kind::place, 0}), action_error::none);
    EXPECT_FALSE(h.seat(0).layout[0].kept.has_value());
}

// Seat 0 keeps a drawn card over a card it knew: the other seat's samples always deal a lower card there.
TEST(kept_over, samples_deal_a_card_kept_over_a_known_one_below_it) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed < 60 && checked < 5; ++seed) {
        hand h = at_seat_0s_turn(seed);
        const int slot = slot_where(h, 0, true);
        if (slot < 0) continue;
        const int bound = h.rules().value_of(h.seat(0).layout[static_cast<std::size_t>(slot)].value);
        if (bound < 3) continue;  // room below it for most deals
        ASSERT_EQ(h.apply(0, action{action_kind::draw_stock}), action_error::none);
        ASSERT_EQ(h.apply(0, action{action_kind::place, static_cast<std::uint8_t>(slot)}), action_error::none);
        ++checked;
        const hand_view view = h.view_for(1, recall::perfect);
        random_source random(seed);
        int below = 0;
        for (int i = 0; i < 50; ++i) {
            const std::optional<hand> sample = hand::sampled_from(h.rules_ptr(), view, random);
            ASSERT_TRUE(sample.has_value());
            ASSERT_TRUE(sample->view_for(1, recall::perfect) == view);
            below += sample->rules().value_of(sample->seat(0).layout[static_cast<std::size_t>(slot)].value) < bound;
        }
        EXPECT_EQ(below, 50) << "seed " << seed << ", kept over a card worth " << bound;
    }
    EXPECT_EQ(checked, 5);
}

// A network bot's kept_memory (its agreement with the server's views is checked by self-play) is handed events from
// the network: positions a view lacks make it unsure or are left alone, never indexed.
TEST(kept_memory, events_naming_positions_the_view_lacks_are_never_followed_into_it) {
    const auto rules = std::make_shared<const ruleset>(find_preset("four-card")->rules);
    const hand_view view = hand(rules, 2, 0, 3).view_for(0);
    const auto ev = [](event_kind kind, int seat, int slot) {
        event e{};
        e.kind = kind;
        e.seat = static_cast<std::int8_t>(seat);
        e.slot = static_cast<std::uint8_t>(slot);
        return e;
    };
    event discarded = ev(event_kind::discarded, 9, 0);
    discarded.card_shown = card{5, suit::clubs};
    kept_memory memory;
    memory.restart(true);
    memory.see(view, std::vector<event>{ev(event_kind::placed, 9, 200), discarded});
    EXPECT_FALSE(memory.sure());

    memory.restart(true);
    discarded.seat = 0;
    memory.see(view, std::vector<event>{ev(event_kind::placed, 0, 1), discarded});  // kept over the 5 of clubs
    event away = ev(event_kind::swapped, 0, 1);
    away.target = 0;
    away.other_target = 7;
    away.other = 99;
    event shuffled = ev(event_kind::shuffled, 1, 0);
    shuffled.target = 7;
    memory.see(view, std::vector<event>{away, shuffled});
    hand_view recalled = view;
    memory.recall_into(recalled);
    EXPECT_TRUE(memory.sure());
    EXPECT_TRUE(recalled.kept.empty()) << "a kept card moved where no layout is stays out of every view";
    memory.see(view, std::vector<event>{away});  // and back
    memory.recall_into(recalled);
    ASSERT_EQ(recalled.kept.size(), 1u);
    EXPECT_EQ(recalled.kept[0], (kept_card{0, 1, kept_over{card{5, suit::clubs}, false}}));
}

}  // namespace
}  // namespace golf
