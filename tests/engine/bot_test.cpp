// Bots: both play every preset to the end with legal choices only, the heuristic bot scores clearly lower
// than the random one, it decides from its view alone, and it makes the obvious choice in crafted positions.
#include "engine/bot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/scoring.hpp"
#include "test_support.hpp"

namespace golf {
namespace {

bool contains(const std::vector<action>& legal, action a) {
    return std::find(legal.begin(), legal.end(), a) != legal.end();
}

std::string describe(action a) {
    return std::string(to_string(a.kind)) + " " + std::to_string(a.slot) + " " + std::to_string(a.other);
}

// Plays one hand to its end, each seat choosing through its bot from its own view. Seats that may act
// together (the start) are picked in random order. Fails the test on an illegal choice or an endless hand.
void play_hand(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed,
               const std::vector<bot*>& bots, random_source& random, std::optional<hand>& out) {
    out.emplace(std::move(rules), players, dealer, seed);
    hand& h = *out;
    int actions = 0;
    while (!h.over() && actions < testing::max_actions_per_hand) {
        const std::vector<int> seats = h.seats_to_act();
        ASSERT_FALSE(seats.empty()) << "nobody may act in phase " << to_string(h.current_phase());
        const int seat = seats[static_cast<std::size_t>(random.below(seats.size()))];
        const hand_view view = h.view_for(seat);
        ASSERT_EQ(view.viewer, seat);
        ASSERT_FALSE(view.legal.empty()) << "seat " << seat << " may act but has no legal action";
        const action chosen = bots[static_cast<std::size_t>(seat)]->choose(h.rules(), view, random);
        ASSERT_TRUE(contains(view.legal, chosen)) << "seat " << seat << " chose " << describe(chosen);
        ASSERT_EQ(h.apply(seat, chosen), action_error::none) << describe(chosen);
        ++actions;
    }
    ASSERT_TRUE(h.over()) << "hand not over after " << actions << " actions";
    ASSERT_EQ(h.result().scores.size(), static_cast<std::size_t>(players));
}

TEST(make_bot, knows_random_and_heuristic_only) {
    EXPECT_NE(dynamic_cast<random_bot*>(make_bot("random").get()), nullptr);
    EXPECT_NE(dynamic_cast<heuristic_bot*>(make_bot("heuristic").get()), nullptr);
    EXPECT_EQ(make_bot("clever"), nullptr);
    EXPECT_EQ(make_bot(""), nullptr);
}

TEST(bots, play_every_preset_to_the_end_with_legal_choices) {
    ASSERT_FALSE(presets().empty());
    random_bot random_player;
    heuristic_bot heuristic_player;
    for (const preset& p : presets()) {
        const auto rules = std::make_shared<const ruleset>(p.rules);
        int player_counts = 0;
        for (int players = 2; players <= 4; ++players) {
            if (validate_for_players(p.rules, players)) continue;
            ++player_counts;
            for (int table = 0; table < 3; ++table) {
                // All random, all heuristic, and the two alternating around the table.
                std::vector<bot*> bots;
                for (int s = 0; s < players; ++s) {
                    const bool heuristic = table == 1 || (table == 2 && s % 2 == 0);
                    bots.push_back(heuristic ? static_cast<bot*>(&heuristic_player) : &random_player);
                }
                for (std::uint64_t seed = 1; seed <= 8; ++seed) {
                    SCOPED_TRACE(std::string(p.name) + " players " + std::to_string(players) + " table " +
                                 std::to_string(table) + " seed " + std::to_string(seed));
                    random_source random(seed * 7919);
                    std::optional<hand> h;
                    ASSERT_NO_FATAL_FAILURE(
                        play_hand(rules, players, static_cast<int>(seed) % players, seed, bots, random, h));
                }
            }
        }
        EXPECT_GT(player_counts, 0) << p.name << " allows none of 2..4 players";
    }
}

struct score_means {
    double heuristic = 0;
    double random = 0;
};

// Heuristic and random bots at one two-seat table, swapping seats every hand so neither gains from position.
score_means head_to_head(std::shared_ptr<const ruleset> rules, int hands) {
    random_bot random_player;
    heuristic_bot heuristic_player;
    long heuristic_total = 0;
    long random_total = 0;
    random_source random(20240601);
    for (int i = 0; i < hands; ++i) {
        const int heuristic_seat = i % 2;
        std::vector<bot*> bots(2, &random_player);
        bots[static_cast<std::size_t>(heuristic_seat)] = &heuristic_player;
        std::optional<hand> h;
        play_hand(rules, 2, (i / 2) % 2, 1000 + static_cast<std::uint64_t>(i), bots, random, h);
        if (::testing::Test::HasFatalFailure() || !h || !h->over()) return {};
        heuristic_total += h->result().scores[static_cast<std::size_t>(heuristic_seat)];
        random_total += h->result().scores[static_cast<std::size_t>(1 - heuristic_seat)];
    }
    return {static_cast<double>(heuristic_total) / hands, static_cast<double>(random_total) / hands};
}

TEST(heuristic_bot, scores_clearly_lower_than_random_at_six_card) {
    const auto rules = testing::rules_of("six-card");
    ASSERT_NE(rules, nullptr);
    const score_means means = head_to_head(rules, 200);
    ASSERT_FALSE(HasFatalFailure());
    RecordProperty("heuristic_mean", std::to_string(means.heuristic));
    RecordProperty("random_mean", std::to_string(means.random));
    EXPECT_LT(means.heuristic + 10, means.random) << "heuristic " << means.heuristic << " vs random " << means.random;
}

TEST(heuristic_bot, scores_lower_than_random_under_every_preset) {
    for (const preset& p : presets()) {
        if (validate_for_players(p.rules, 2)) continue;
        const score_means means = head_to_head(std::make_shared<const ruleset>(p.rules), 100);
        ASSERT_FALSE(HasFatalFailure()) << p.name;
        EXPECT_LT(means.heuristic, means.random)
            << p.name << ": heuristic " << means.heuristic << " vs random " << means.random;
    }
}

TEST(heuristic_bot, cancels_knocks_with_black_kings_under_powers) {
    // Seeded hands of the powers preset between heuristic bots: each ends, and the knock-cancelling power is used.
    const auto rules = testing::rules_of("powers");
    ASSERT_NE(rules, nullptr);
    heuristic_bot player;
    random_source random(7);
    int cancelled = 0, hands = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed, ++hands) {
        hand h(rules, 3, static_cast<int>(seed % 3), seed);
        std::vector<event> events;
        for (int actions = 0; !h.over() && actions < testing::max_actions_per_hand; ++actions) {
            const int seat = h.seats_to_act().front();
            const action chosen = player.choose(*rules, h.view_for(seat, recall::perfect), random);
            events.clear();
            ASSERT_EQ(h.apply(seat, chosen, &events), action_error::none) << describe(chosen);
            cancelled += static_cast<int>(std::count_if(
                events.begin(), events.end(), [](const event& e) { return e.kind == event_kind::call_cancelled; }));
        }
        ASSERT_TRUE(h.over()) << "seed " << seed;
    }
    RecordProperty("knocks_cancelled", std::to_string(cancelled));
    EXPECT_GT(cancelled, 0) << "no knock cancelled in " << hands << " hands";
}

TEST(heuristic_bot, uses_every_power_of_the_powers_table) {
    // Seeded hands of the powers preset between heuristic bots: each power of the table is chosen at some point
    // (directly from the stock or through a two), and a shield blocks at least one attack.
    const auto rules = testing::rules_of("powers");
    heuristic_bot player;
    random_source random(11);
    std::map<power_kind, int> used;
    int blocked = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        hand h(rules, 3, static_cast<int>(seed % 3), seed);
        std::vector<event> events;
        for (int actions = 0; !h.over() && actions < testing::max_actions_per_hand; ++actions) {
            const int seat = h.seats_to_act().front();
            const action chosen = player.choose(*rules, h.view_for(seat, recall::perfect), random);
            const std::optional<card> held = h.held();
            events.clear();
            ASSERT_EQ(h.apply(seat, chosen, &events), action_error::none) << describe(chosen);
            if (chosen.kind == action_kind::use_power && held) ++used[rules->power_of(*held)];
            if (chosen.kind == action_kind::choose_power) ++used[static_cast<power_kind>(chosen.slot)];
            blocked += static_cast<int>(std::count_if(events.begin(), events.end(),
                                                      [](const event& e) { return e.kind == event_kind::blocked; }));
        }
        ASSERT_TRUE(h.over()) << "seed " << seed;
    }
    for (const power_kind kind : {power_kind::swap_in, power_kind::draw_two_keep_one, power_kind::swap_lines,
                                  power_kind::shield, power_kind::turn_card, power_kind::add_or_remove,
                                  power_kind::two_powers, power_kind::peek_own, power_kind::swap_own_opponent})
        EXPECT_GT(used[kind], 0) << "power " << static_cast<int>(kind) << " never used";
    EXPECT_GT(blocked, 0) << "no shield ever blocked an attack";
}

bool same_position(const position_view& a, const position_view& b) {
    return a.empty == b.empty && a.face_up == b.face_up && a.value == b.value && a.known_by == b.known_by &&
           a.locked == b.locked;
}

bool same_view(const hand_view& a, const hand_view& b) {
    if (a.viewer != b.viewer || a.current_phase != b.current_phase || a.current_seat != b.current_seat ||
        a.dealer != b.dealer || a.rows != b.rows || a.cols != b.cols || a.top_discard != b.top_discard ||
        a.discard_count != b.discard_count || a.stock_count != b.stock_count ||
        a.held_from_discard != b.held_from_discard || a.held != b.held || a.caller != b.caller ||
        a.final_round != b.final_round || a.final_turns_left != b.final_turns_left || a.ended != b.ended ||
        a.legal != b.legal || a.result != b.result || a.seats.size() != b.seats.size())
        return false;
    for (std::size_t s = 0; s < a.seats.size(); ++s) {
        const seat_view& x = a.seats[s];
        const seat_view& y = b.seats[s];
        if (x.start_left != y.start_left || x.rearranging != y.rearranging || x.turns_taken != y.turns_taken ||
            x.look_points != y.look_points || x.layout.size() != y.layout.size())
            return false;
        for (std::size_t i = 0; i < x.layout.size(); ++i)
            if (!same_position(x.layout[i], y.layout[i])) return false;
    }
    return true;
}

// Two deals that differ in every hidden card but show a seat the same view must get the same choice.
// With no start action, the first player's view holds only the top discard, so deals sharing it are twins.
TEST(heuristic_bot, decides_from_the_view_alone) {
    const auto base = testing::rules_of("six-card");
    ASSERT_NE(base, nullptr);
    ruleset blind = *base;
    blind.start = start_action::none;
    blind.start_count = 0;
    blind.initial_discard = true;
    ASSERT_EQ(validate_for_players(blind, 3), std::nullopt);
    const auto rules = std::make_shared<const ruleset>(blind);

    std::map<int, std::vector<std::uint64_t>> seeds_by_top;  // card_index of the top discard -> seeds
    for (std::uint64_t seed = 1; seed <= 600; ++seed) {
        const hand h(rules, 3, 0, seed);
        ASSERT_EQ(h.seats_to_act().size(), 1u) << "with no start action one seat begins";
        const auto top = h.view_for(h.seats_to_act().front()).top_discard;
        ASSERT_TRUE(top.has_value());
        seeds_by_top[card_index(*top)].push_back(seed);
    }

    heuristic_bot bot;
    int twins = 0;
    int compared = 0;
    bool took_discard = false;
    bool drew_stock = false;
    for (const auto& [top, seeds] : seeds_by_top) {
        if (seeds.size() < 2) continue;
        ++twins;
        hand a(rules, 3, 0, seeds[0]);
        hand b(rules, 3, 0, seeds[1]);
        ASSERT_TRUE(a.seat(1).layout != b.seat(1).layout || a.stock() != b.stock())
            << "the deals should differ in hidden cards";
        // Follow both deals while the acting seat sees the same thing in each.
        for (int step = 0; step < 200 && !a.over() && !b.over(); ++step) {
            const int seat = a.seats_to_act().front();
            const hand_view view_a = a.view_for(seat);
            const hand_view view_b = b.view_for(seat);
            if (!same_view(view_a, view_b)) break;
            random_source random_a(step);
            random_source random_b(step);
            const action choice_a = bot.choose(a.rules(), view_a, random_a);
            const action choice_b = bot.choose(b.rules(), view_b, random_b);
            ASSERT_EQ(choice_a, choice_b) << "seeds " << seeds[0] << " and " << seeds[1] << " step " << step;
            ++compared;
            if (step == 0) {
                took_discard |= choice_a.kind == action_kind::take_discard;
                drew_stock |= choice_a.kind == action_kind::draw_stock;
            }
            ASSERT_EQ(a.apply(seat, choice_a), action_error::none);
            ASSERT_EQ(b.apply(seat, choice_b), action_error::none);
        }
    }
    EXPECT_GE(twins, 10);
    EXPECT_GE(compared, twins);
    // The choice does follow the view: some top discards are taken and some are not.
    EXPECT_TRUE(took_discard);
    EXPECT_TRUE(drew_stock);
}

// Crafted two-seat views under the default ruleset (2x3, column pairs cancel, A=1, 2=-2, K=0, J/Q=10).
position_view up(const char* text) {
    position_view p;
    p.face_up = true;
    p.value = parse_card(text);
    return p;
}

position_view down() { return position_view{}; }

hand_view crafted(phase now, std::vector<position_view> mine, std::vector<position_view> theirs,
                  std::vector<action> legal) {
    hand_view v;
    v.viewer = 0;
    v.current_phase = now;
    v.current_seat = 0;
    v.rows = 2;
    v.cols = 3;
    v.seats.resize(2);
    v.seats[0].layout = std::move(mine);
    v.seats[1].layout = std::move(theirs);
    v.seats[0].turns_taken = 3;
    v.seats[1].turns_taken = 3;
    v.discard_count = 5;
    v.stock_count = 30;
    v.legal = std::move(legal);
    return v;
}

std::vector<action> all_places(bool with_discard) {
    std::vector<action> legal;
    for (std::uint8_t slot = 0; slot < 6; ++slot) legal.push_back(action{action_kind::place, slot});
    if (with_discard) legal.push_back(action{action_kind::discard});
    return legal;
}

const std::vector<position_view> unknown_six(6, down());

TEST(heuristic_bot, takes_a_discard_that_pairs_its_column_and_leaves_a_high_one) {
    const ruleset rules;
    heuristic_bot bot;
    random_source random(1);
    const std::vector<action> turn{action{action_kind::draw_stock}, action{action_kind::take_discard}};
    // Slot 0 (a nine) and slot 3 share the first column.
    hand_view view = crafted(phase::turn, {up("9H"), up("KS"), down(), down(), down(), down()}, unknown_six, turn);
    view.top_discard = parse_card("9C");
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::take_discard);
    view.top_discard = parse_card("QC");
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::draw_stock);
}

TEST(heuristic_bot, places_a_held_card_where_it_pairs) {
    const ruleset rules;
    heuristic_bot bot;
    random_source random(1);
    hand_view view =
        crafted(phase::holding, {up("9H"), up("KS"), down(), down(), down(), down()}, unknown_six, all_places(true));
    view.held = parse_card("9C");
    EXPECT_EQ(bot.choose(rules, view, random), (action{action_kind::place, 3}));
    // A queen helps nowhere: it goes back on the pile.
    view.held = parse_card("QC");
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::discard);
}

TEST(heuristic_bot, turns_its_last_card_up_only_when_ahead) {
    ruleset rules;
    rules.all_face_up = all_face_up_rule::final_round;
    heuristic_bot bot;
    random_source random(1);
    // Columns: A over K, 3 over K, 4 over an unknown card. A four there makes a pair: 1 + 3 + 0 = 4 points.
    const std::vector<position_view> mine{up("AH"), up("3S"), up("4D"), up("KC"), up("KD"), down()};
    const std::vector<position_view> high{up("QH"), up("JH"), up("TH"), up("9S"), up("8S"), up("7S")};
    const std::vector<position_view> low{up("AC"), up("KS"), up("2C"), up("AD"), up("KH"), up("2D")};
    hand_view view = crafted(phase::holding, mine, high, all_places(true));
    view.held = parse_card("4C");
    EXPECT_EQ(bot.choose(rules, view, random), (action{action_kind::place, 5}));
    // The opponent shows 0 (its three columns are pairs): going out at 4 would be behind.
    view.seats[1].layout = low;
    const action behind = bot.choose(rules, view, random);
    EXPECT_NE(behind, (action{action_kind::place, 5}));
    EXPECT_EQ(behind.kind, action_kind::discard);
}

TEST(heuristic_bot, passes_rather_than_flipping_its_last_card_while_behind) {
    ruleset rules;
    rules.all_face_up = all_face_up_rule::final_round;
    rules.discard_flip = discard_flip_rule::optional;
    heuristic_bot bot;
    random_source random(1);
    const std::vector<position_view> mine{up("QH"), up("JS"), up("TD"), up("9C"), up("8D"), down()};
    const std::vector<position_view> low{up("AC"), up("KS"), up("2C"), up("AD"), up("KH"), up("2D")};
    const std::vector<action> legal{action{action_kind::flip, 5}, action{action_kind::pass}};
    hand_view view = crafted(phase::after_discard, mine, low, legal);
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::pass);
    // With several cards down it flips, preferring the unknown card under its highest known card.
    hand_view early = crafted(phase::after_discard, {up("2H"), up("QS"), down(), down(), down(), down()}, low,
                              {action{action_kind::flip, 3}, action{action_kind::flip, 4}, action{action_kind::flip, 5},
                               action{action_kind::pass}});
    EXPECT_EQ(bot.choose(rules, early, random), (action{action_kind::flip, 4}));
}

TEST(heuristic_bot, knocks_when_low_and_ahead_only) {
    ruleset rules;
    rules.knocking = true;
    heuristic_bot bot;
    random_source random(1);
    const std::vector<action> turn{action{action_kind::draw_stock}, action{action_kind::take_discard},
                                   action{action_kind::knock}};
    // Columns A over 3, 2 over K, K over A: 4 - 2 + 1 = 3 points against six unknown cards.
    hand_view view =
        crafted(phase::turn, {up("AH"), up("2S"), up("KD"), up("3C"), up("KC"), up("AC")}, unknown_six, turn);
    view.top_discard = parse_card("QD");
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::knock);
    // Fifty-odd points is no time to knock.
    view.seats[0].layout = {up("QH"), up("JS"), up("TD"), up("9C"), up("8D"), up("7H")};
    view.legal = {action{action_kind::draw_stock}, action{action_kind::knock}};
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::draw_stock);
}

TEST(heuristic_bot, does_its_start_action_and_ends_rearranging_at_once) {
    const ruleset rules;
    heuristic_bot bot;
    random_source random(1);
    hand_view view =
        crafted(phase::start, unknown_six, unknown_six, {action{action_kind::flip, 2}, action{action_kind::flip, 4}});
    view.seats[0].start_left = 2;
    EXPECT_EQ(bot.choose(rules, view, random), (action{action_kind::flip, 2}));
    view.seats[0].start_left = 0;
    view.seats[0].rearranging = true;
    view.legal = {action{action_kind::swap_own, 0, 1}, action{action_kind::ready}};
    EXPECT_EQ(bot.choose(rules, view, random).kind, action_kind::ready);
}

TEST(random_bot, chooses_every_legal_action_and_nothing_else) {
    const ruleset rules;
    random_bot bot;
    random_source random(5);
    const hand_view view = crafted(phase::holding, unknown_six, unknown_six, all_places(true));
    std::vector<int> seen(view.legal.size(), 0);
    for (int i = 0; i < 700; ++i) {
        const action a = bot.choose(rules, view, random);
        const auto at = std::find(view.legal.begin(), view.legal.end(), a);
        ASSERT_NE(at, view.legal.end());
        ++seen[static_cast<std::size_t>(at - view.legal.begin())];
    }
    for (int count : seen) EXPECT_GT(count, 50);  // 100 expected for each of seven
}

}  // namespace
}  // namespace golf
