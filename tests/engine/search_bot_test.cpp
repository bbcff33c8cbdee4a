// The search bot: it is handed a view only and its choice does not change when the cards it cannot see do; it always
// answers a legal move and plays every preset to the end; the same view, budget and seed give the same move; and it
// plays better than the random bot. (How much better than the heuristic bot is the arena's to say: docs/BOTS.md.)
#include "engine/search_bot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "test_support.hpp"

namespace golf {
namespace {

// Plays `h` on with the heuristic bot until `seat` is to act in a turn (not the start), at most `moves` moves.
void play_until_turn_of(hand& h, int seat, int moves) {
    heuristic_bot bot;
    random_source random(1);
    for (int i = 0; i < testing::max_actions_per_hand && !h.over(); ++i) {
        const int next = h.seats_to_act().front();
        if (next == seat && h.current_phase() == phase::turn && --moves <= 0) return;
        ASSERT_EQ(h.apply(next, bot.choose(h.rules(), h.view_for(next, recall::perfect), random)), action_error::none);
    }
}

TEST(make_bot, knows_the_levels_and_search_budgets) {
    EXPECT_EQ(dynamic_cast<search_bot*>(make_bot("hard").get())->playouts(), 1200);
    EXPECT_EQ(dynamic_cast<search_bot*>(make_bot("easy").get())->playouts(), 24);
    EXPECT_EQ(dynamic_cast<search_bot*>(make_bot("search:1").get())->playouts(), 1);
    EXPECT_EQ(dynamic_cast<search_bot*>(make_bot("search:20000").get())->playouts(), 20000);
    for (const char* bad : {"search:0", "search:20001", "search:", "search:x1", "search:-5", "Hard", "search:0000001"})
        EXPECT_EQ(make_bot(bad), nullptr) << bad;
    EXPECT_EQ(search_playouts("heuristic"), 0);
    EXPECT_EQ(search_playouts("medium"), 160);
    EXPECT_EQ(search_playouts("clever"), std::nullopt);
}

// Two hands that show seat 0 the same view but hold different hidden cards: the bot can't tell them apart.
TEST(search_bot, its_choice_does_not_change_when_only_hidden_cards_do) {
    for (const char* name : {"six-card", "cambio", "nine-card", "four-card"}) {
        const auto rules = testing::rules_of(name);
        hand real(rules, 3, 2, 4242);
        play_until_turn_of(real, 0, 3);
        ASSERT_FALSE(real.over());
        const hand_view view = real.view_for(0, recall::perfect);
        random_source resample(99);
        const std::optional<hand> other = hand::sampled_from(rules, view, resample);
        ASSERT_TRUE(other.has_value());
        ASSERT_TRUE(other->view_for(0, recall::perfect) == view);
        ASSERT_NE(other->stock(), real.stock()) << "the hidden cards should differ";
        search_bot bot(64);
        random_source a(7), b(7);
        const action first = bot.choose(*rules, real.view_for(0, recall::perfect), a);
        const action second = bot.choose(*rules, other->view_for(0, recall::perfect), b);
        EXPECT_EQ(first, second) << name;
    }
}

// A view read from the network may hold anything: sampling from a damaged one gives nothing or a hand with the
// view's moves, never a crash (ASan runs this too).
TEST(hand_sampled_from, a_damaged_view_gives_nothing_or_a_hand_with_its_moves) {
    const auto rules = testing::rules_of("powers");
    random_source random(77);
    int refused = 0;
    for (int round = 0; round < 300; ++round) {
        hand h(rules, 3, round % 3, 600 + static_cast<std::uint64_t>(round));
        play_until_turn_of(h, round % 3, 1 + round % 5);
        if (h.over()) continue;
        hand_view view = h.view_for(h.seats_to_act().front(), recall::perfect);
        const int wild = static_cast<int>(random.below(40)) - 20;
        switch (random.below(9)) {
            case 0: view.viewer = wild; break;
            case 1: view.current_seat = wild; break;
            case 2: view.power.seat = wild; break;
            case 3: view.power.slot = wild; break;
            case 4: view.marked.push_back(wild); break;
            case 5: view.stock_count = wild; break;
            case 6: view.seats[random.below(view.seats.size())].layout.pop_back(); break;
            case 7: view.current_phase = static_cast<phase>(random.below(8)); break;
            default: view.holding = !view.holding; break;
        }
        const std::optional<hand> sampled = hand::sampled_from(rules, view, random);
        if (!sampled) ++refused;
        else EXPECT_EQ(sampled->legal_actions(view.viewer), view.legal);
    }
    EXPECT_GT(refused, 100);
}

TEST(search_bot, the_same_view_budget_and_seed_give_the_same_move) {
    const auto rules = testing::rules_of("six-card");
    hand h(rules, 4, 0, 31337);
    play_until_turn_of(h, 1, 2);
    const hand_view view = h.view_for(1, recall::perfect);
    std::vector<action> moves;
    for (int run = 0; run < 3; ++run) {
        search_bot bot(200);
        random_source random(2026);
        moves.push_back(bot.choose(*rules, view, random));
    }
    EXPECT_EQ(moves[0], moves[1]);
    EXPECT_EQ(moves[1], moves[2]);
}

// Every preset, two and four seats, a small budget: every answer is legal and every hand ends.
TEST(search_bot, plays_every_preset_to_the_end_with_legal_moves) {
    for (const preset& p : presets()) {
        const auto rules = std::make_shared<const ruleset>(p.rules);
        for (int players : {2, 4}) {
            if (validate_for_players(p.rules, players)) continue;
            hand h(rules, players, 1, 500 + static_cast<std::uint64_t>(players));
            search_bot bot(6);
            random_source random(5);
            int actions = 0;
            for (; actions < testing::max_actions_per_hand && !h.over(); ++actions) {
                const int seat = h.seats_to_act().front();
                const hand_view view = h.view_for(seat, recall::perfect);
                const action a = bot.choose(*rules, view, random);
                ASSERT_TRUE(std::find(view.legal.begin(), view.legal.end(), a) != view.legal.end())
                    << p.name << ": " << to_string(a.kind);
                ASSERT_EQ(h.apply(seat, a), action_error::none);
            }
            EXPECT_TRUE(h.over()) << p.name << " with " << players << " players did not end";
        }
    }
}

// Four-card: at its third turn the bot knows its layout scores 7 (two kings it looked at, a 3 and a 4 it drew) and
// its opponent has kept nothing it drew. Only the end is left to win there, so the bot plays for its score less the
// other's and knocks while well ahead, sooner than the heuristic bot would; where the cards can do more (a house
// rule making column pairs cancel) it plays for its own score, which another turn can only lower.
TEST(search_bot, knocks_when_ahead_where_only_the_end_is_left_to_win) {
    using namespace testing;
    for (bool pairs : {false, true}) {
        const auto rules = pairs ? rules_of("four-card", {"cancel_column=true"}) : rules_of("four-card");
        hand h = deal(rules, {{"QH JH / KH KS", "9S 8S / 7S 6S"}, "5D", "3C 9D 4C TD"});
        for (int seat : {0, 1}) {
            play(h, seat, peek(2));
            play(h, seat, peek(3));
        }
        for (int slot : {0, 1}) {
            play(h, 0, draw_stock);
            play(h, 0, place(slot));
            play(h, 1, draw_stock);
            play(h, 1, discard);
        }
        const hand_view view = h.view_for(0, recall::perfect);
        ASSERT_TRUE(std::find(view.legal.begin(), view.legal.end(), knock) != view.legal.end());
        random_source random(3);
        EXPECT_NE(heuristic_bot().choose(*rules, view, random), knock) << "the heuristic bot waits";
        search_bot bot(400);
        EXPECT_EQ(bot.choose(*rules, view, random) == knock, !pairs) << (pairs ? "pairs" : "plain");
    }
}

TEST(search_bot, scores_lower_than_the_random_bot) {
    const auto rules = testing::rules_of("six-card");
    search_bot searching(24);
    random_bot random_player;
    random_source random(11);
    long search_total = 0, random_total = 0;
    for (int h = 0; h < 12; ++h) {
        hand play(rules, 2, h % 2, 900 + static_cast<std::uint64_t>(h));
        const int searcher = h % 2;  // seats swap every hand
        for (int i = 0; i < testing::max_actions_per_hand && !play.over(); ++i) {
            const int seat = play.seats_to_act().front();
            bot& who = seat == searcher ? static_cast<bot&>(searching) : random_player;
            ASSERT_EQ(play.apply(seat, who.choose(*rules, play.view_for(seat, recall::perfect), random)),
                      action_error::none);
        }
        search_total += play.result().scores[static_cast<std::size_t>(searcher)];
        random_total += play.result().scores[static_cast<std::size_t>(1 - searcher)];
    }
    EXPECT_LT(search_total + 12 * 8, random_total) << "at least 8 points a hand better than random";
}

}  // namespace
}  // namespace golf
