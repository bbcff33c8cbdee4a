// Rulesets: deck arithmetic, card values, validate(), and the options table every tool reads rulesets through.
#include "engine/ruleset.hpp"
#include "engine/ruleset_options.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace golf {
namespace {

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// ---- deck arithmetic and values

TEST(ruleset_packs, one_more_pack_for_each_count_exceeded) {
    ruleset r;
    r.base_packs = 1;
    r.extra_pack_above = {4, 8};
    for (int players = 2; players <= 4; ++players) EXPECT_EQ(r.packs_for(players), 1) << players;
    for (int players = 5; players <= 8; ++players) EXPECT_EQ(r.packs_for(players), 2) << players;
    for (int players = 9; players <= 16; ++players) EXPECT_EQ(r.packs_for(players), 3) << players;
}

TEST(ruleset_packs, base_packs_without_extras) {
    ruleset r;
    r.base_packs = 2;
    EXPECT_EQ(r.packs_for(2), 2);
    EXPECT_EQ(r.packs_for(16), 2);
}

TEST(ruleset_packs, deck_size_counts_jokers_in_every_pack) {
    ruleset r;
    EXPECT_EQ(r.deck_size(4), 52);
    r.jokers_per_pack = 2;
    r.extra_pack_above = {4};
    EXPECT_EQ(r.deck_size(4), 54);
    EXPECT_EQ(r.deck_size(5), 108);
}

TEST(ruleset_value_of, uses_rank_values_by_default) {
    const ruleset r;
    EXPECT_EQ(r.value_of(make_card(1, suit::hearts)), 1);
    EXPECT_EQ(r.value_of(make_card(2, suit::clubs)), -2);
    EXPECT_EQ(r.value_of(make_card(7, suit::spades)), 7);
    EXPECT_EQ(r.value_of(make_card(12, suit::diamonds)), 10);
    EXPECT_EQ(r.value_of(make_card(13, suit::spades)), 0);
    EXPECT_EQ(r.value_of(joker()), -2);
}

TEST(ruleset_value_of, a_matching_override_wins_for_that_card_only) {
    ruleset r;
    r.card_value_overrides = {{make_card(12, suit::spades), 40}, {make_card(11, suit::hearts), 0}};
    EXPECT_EQ(r.value_of(make_card(12, suit::spades)), 40);
    EXPECT_EQ(r.value_of(make_card(12, suit::hearts)), 10);
    EXPECT_EQ(r.value_of(make_card(11, suit::hearts)), 0);
    EXPECT_EQ(r.value_of(make_card(11, suit::spades)), 10);
}

TEST(ruleset_value_of, a_joker_override_matches_jokers) {
    ruleset r;
    r.rank_value[0] = 0;
    r.card_value_overrides = {{joker(), -5}};
    EXPECT_EQ(r.value_of(joker()), -5);
    EXPECT_EQ(r.value_of(make_card(2, suit::spades)), -2);
}

TEST(ruleset_value_of, follows_changed_rank_values) {
    ruleset r;
    r.rank_value[13] = 10;
    r.rank_value[5] = -5;
    EXPECT_EQ(r.value_of(make_card(13, suit::clubs)), 10);
    EXPECT_EQ(r.value_of(make_card(5, suit::diamonds)), -5);
}

// ---- validate

TEST(validate, accepts_the_default_ruleset) { EXPECT_EQ(validate(ruleset{}), std::nullopt); }

struct refused_case {
    const char* what;
    std::function<void(ruleset&)> change;
    const char* option;  // the message must start with this name
};

const std::vector<refused_case>& refused_cases() {
    static const std::vector<refused_case> cases = {
        {"too few min players", [](ruleset& r) { r.min_players = 1; }, "min_players"},
        {"too many min players",
         [](ruleset& r) {
             r.min_players = 17;
             r.max_players = 16;
         },
         "min_players"},
        {"max below min",
         [](ruleset& r) {
             r.min_players = 4;
             r.max_players = 3;
         },
         "max_players"},
        {"too many max players", [](ruleset& r) { r.max_players = 17; }, "max_players"},
        {"no packs", [](ruleset& r) { r.base_packs = 0; }, "base_packs"},
        {"too many packs", [](ruleset& r) { r.base_packs = 9; }, "base_packs"},
        {"negative jokers", [](ruleset& r) { r.jokers_per_pack = -1; }, "jokers_per_pack"},
        {"too many jokers", [](ruleset& r) { r.jokers_per_pack = 5; }, "jokers_per_pack"},
        {"extra packs decreasing",
         [](ruleset& r) {
             r.extra_pack_above = {8, 4};
         },
         "extra_pack_above"},
        {"extra packs repeated",
         [](ruleset& r) {
             r.extra_pack_above = {4, 4};
         },
         "extra_pack_above"},
        {"extra pack below 2", [](ruleset& r) { r.extra_pack_above = {1}; }, "extra_pack_above"},
        {"extra pack above 16",
         [](ruleset& r) {
             r.extra_pack_above = {4, 17};
         },
         "extra_pack_above"},
        {"nine extra packs", [](ruleset& r) { r.extra_pack_above = {2, 3, 4, 5, 6, 7, 8, 9, 10}; }, "extra_pack_above"},
        {"no rows", [](ruleset& r) { r.rows = 0; }, "rows"},
        {"too many rows", [](ruleset& r) { r.rows = 7; }, "rows"},
        {"no cols", [](ruleset& r) { r.cols = 0; }, "cols"},
        {"too many cols", [](ruleset& r) { r.cols = 7; }, "cols"},
        {"one card",
         [](ruleset& r) {
             r.rows = 1;
             r.cols = 1;
             r.start_count = 1;
         },
         "rows"},
        {"start count above slots", [](ruleset& r) { r.start_count = 7; }, "start_count"},
        {"negative start count",
         [](ruleset& r) {
             r.start = start_action::none;
             r.start_count = -1;
         },
         "start_count"},
        {"start none with a count", [](ruleset& r) { r.start = start_action::none; }, "start_count"},
        {"flip nothing", [](ruleset& r) { r.start_count = 0; }, "start_count"},
        {"peek nothing",
         [](ruleset& r) {
             r.start = start_action::peek;
             r.start_count = 0;
         },
         "start_count"},
        {"same column beyond rows",
         [](ruleset& r) {
             r.start_where = start_pattern::same_column;
             r.start_count = 3;
         },
         "start_where"},
        {"different columns beyond cols",
         [](ruleset& r) {
             r.start_where = start_pattern::different_columns;
             r.start_count = 4;
         },
         "start_where"},
        {"middle and outer with even cols",
         [](ruleset& r) {
             r.start_where = start_pattern::middle_and_outer;
             r.rows = 3;
             r.cols = 4;
         },
         "start_where"},
        {"middle and outer with one col",
         [](ruleset& r) {
             r.start_where = start_pattern::middle_and_outer;
             r.rows = 4;
             r.cols = 1;
         },
         "start_where"},
        {"middle and outer with three cards",
         [](ruleset& r) {
             r.start_where = start_pattern::middle_and_outer;
             r.start_count = 3;
         },
         "start_where"},
        {"nearest row beyond cols",
         [](ruleset& r) {
             r.start_where = start_pattern::nearest_row;
             r.start_count = 4;
         },
         "start_where"},
        {"first turn without a start action",
         [](ruleset& r) {
             r.start = start_action::none;
             r.start_count = 0;
             r.start_when = start_timing::first_turn;
         },
         "start_when"},
        {"rearrange without a start action",
         [](ruleset& r) {
             r.start = start_action::none;
             r.start_count = 0;
             r.rearrange_after_start = true;
         },
         "rearrange_after_start"},
        {"negative look cost", [](ruleset& r) { r.look_cost = -1; }, "look_cost"},
        {"look cost too high", [](ruleset& r) { r.look_cost = 101; }, "look_cost"},
        {"negative turn limit", [](ruleset& r) { r.turn_limit = -1; }, "turn_limit"},
        {"turn limit too high", [](ruleset& r) { r.turn_limit = 100001; }, "turn_limit"},
        {"joker value too low", [](ruleset& r) { r.rank_value[0] = -1001; }, "value_joker"},
        {"ace value too high", [](ruleset& r) { r.rank_value[1] = 1001; }, "value_ace"},
        {"king value too low", [](ruleset& r) { r.rank_value[13] = -1001; }, "value_king"},
        {"override too high",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(12, suit::spades), 1001}};
         },
         "card_value_overrides"},
        {"override too low",
         [](ruleset& r) {
             r.card_value_overrides = {{joker(), -1001}};
         },
         "card_value_overrides"},
        {"override listed twice",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(12, suit::spades), 40}, {make_card(12, suit::spades), 0}};
         },
         "card_value_overrides"},
        {"override of a rank beyond king",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(14, suit::spades), 1}};
         },
         "card_value_overrides"},
        {"override of a suitless ace",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(1, suit::none), 1}};
         },
         "card_value_overrides"},
        {"column pair bonus", [](ruleset& r) { r.bonus_equal_column_pairs = -1001; }, "bonus_equal_column_pairs"},
        {"square block bonus", [](ruleset& r) { r.bonus_square_block = 1001; }, "bonus_square_block"},
        {"all equal bonus", [](ruleset& r) { r.bonus_all_equal = -1001; }, "bonus_all_equal"},
        {"row of kings bonus", [](ruleset& r) { r.bonus_row_of_kings = 1001; }, "bonus_row_of_kings"},
        {"others penalty", [](ruleset& r) { r.others_penalty_side_by_side_pairs = 1001; },
         "others_penalty_side_by_side_pairs"},
        {"straight score", [](ruleset& r) { r.straight_score = -1001; }, "straight_score"},
        {"shoot the moon", [](ruleset& r) { r.shoot_the_moon = 1001; }, "shoot_the_moon"},
        {"caller penalty points", [](ruleset& r) { r.caller_penalty_points = 1001; }, "caller_penalty_points"},
        {"caller bonus points", [](ruleset& r) { r.caller_bonus_points = -1001; }, "caller_bonus_points"},
        {"caller tie points", [](ruleset& r) { r.caller_tie_points = 2000; }, "caller_tie_points"},
        {"negative holes", [](ruleset& r) { r.holes = -1; }, "holes"},
        {"too many holes", [](ruleset& r) { r.holes = 1001; }, "holes"},
        {"negative target", [](ruleset& r) { r.target_score = -1; }, "target_score"},
        {"target too high", [](ruleset& r) { r.target_score = 100001; }, "target_score"},
        {"a match that never ends",
         [](ruleset& r) {
             r.holes = 0;
             r.target_score = 0;
         },
         "holes"},
        {"diagonal on a 2x3 layout", [](ruleset& r) { r.cancel_diagonal = true; }, "cancel_diagonal"},
        {"a hand that never ends", [](ruleset& r) { r.all_face_up = all_face_up_rule::nothing; }, "all_face_up"},
        {"locked cards and nothing ends the hand",
         [](ruleset& r) {
             r.all_face_up = all_face_up_rule::nothing;
             r.face_up_locked = true;
         },
         "all_face_up"},
        {"start out of range", [](ruleset& r) { r.start = static_cast<start_action>(3); }, "start"},
        {"start_where out of range", [](ruleset& r) { r.start_where = static_cast<start_pattern>(5); }, "start_where"},
        {"start_when out of range", [](ruleset& r) { r.start_when = static_cast<start_timing>(2); }, "start_when"},
        {"discard_flip out of range", [](ruleset& r) { r.discard_flip = static_cast<discard_flip_rule>(4); },
         "discard_flip"},
        {"all_face_up out of range", [](ruleset& r) { r.all_face_up = static_cast<all_face_up_rule>(4); },
         "all_face_up"},
        {"empty_stock out of range", [](ruleset& r) { r.empty_stock = static_cast<empty_stock_rule>(2); },
         "empty_stock"},
        {"caller_penalty out of range", [](ruleset& r) { r.caller_penalty = static_cast<caller_penalty_rule>(7); },
         "caller_penalty"},
        {"caller_bonus out of range", [](ruleset& r) { r.caller_bonus = static_cast<caller_bonus_rule>(5); },
         "caller_bonus"},
        {"caller_tie out of range", [](ruleset& r) { r.caller_tie = static_cast<caller_tie_rule>(4); }, "caller_tie"},
        {"match_tie out of range", [](ruleset& r) { r.match_tie = static_cast<match_tie_rule>(200); }, "match_tie"},
    };
    return cases;
}

TEST(validate, refuses_each_broken_rule_naming_its_option) {
    for (const auto& c : refused_cases()) {
        ruleset r;
        c.change(r);
        const auto message = validate(r);
        ASSERT_TRUE(message.has_value()) << c.what;
        // The name must be followed by a space, so "start" does not pass for "start_count".
        EXPECT_TRUE(starts_with(*message, std::string(c.option) + " ")) << c.what << ": " << *message;
        EXPECT_EQ(message->find('\n'), std::string::npos) << *message;
    }
}

TEST(validate, every_option_named_in_a_refusal_is_in_the_options_table) {
    for (const auto& c : refused_cases()) EXPECT_NE(find_option(c.option), nullptr) << c.option;
}

TEST(validate, says_what_range_it_expected) {
    ruleset r;
    r.rows = 9;
    EXPECT_EQ(validate(r), "rows must be between 1 and 6 (got 9)");
    r = ruleset{};
    r.holes = 0;
    r.target_score = 0;
    const auto message = validate(r);
    ASSERT_TRUE(message.has_value());
    EXPECT_NE(message->find("never end"), std::string::npos) << *message;
}

struct worded_case {
    const char* what;
    std::function<void(ruleset&)> change;
    const char* message;
};

// One refusal of each kind a single option can give, worded from its range, choices or list rules.
const std::vector<worded_case>& single_option_refusals() {
    static const std::vector<worded_case> cases = {
        {"min players", [](ruleset& r) { r.min_players = 1; }, "min_players must be between 2 and 16 (got 1)"},
        {"max players", [](ruleset& r) { r.max_players = 17; }, "max_players must be between 2 and 16 (got 17)"},
        {"cols", [](ruleset& r) { r.cols = 0; }, "cols must be between 1 and 6 (got 0)"},
        {"turn limit", [](ruleset& r) { r.turn_limit = 100001; },
         "turn_limit must be between 0 and 100000 (got 100001)"},
        {"queen value", [](ruleset& r) { r.rank_value[12] = 1001; },
         "value_queen must be between -1000 and 1000 (got 1001)"},
        {"straight score", [](ruleset& r) { r.straight_score = -1001; },
         "straight_score must be between -1000 and 1000 (got -1001)"},
        {"caller penalty", [](ruleset& r) { r.caller_penalty = static_cast<caller_penalty_rule>(7); },
         "caller_penalty is not a known choice (got 7)"},
        {"match tie", [](ruleset& r) { r.match_tie = static_cast<match_tie_rule>(200); },
         "match_tie is not a known choice (got 200)"},
        {"nine extra packs", [](ruleset& r) { r.extra_pack_above = {2, 3, 4, 5, 6, 7, 8, 9, 10}; },
         "extra_pack_above may list at most 8 player counts (got 9)"},
        {"extra packs decreasing",
         [](ruleset& r) {
             r.extra_pack_above = {8, 4};
         },
         "extra_pack_above must list strictly increasing player counts between 2 and 16 (got 8,4)"},
        {"extra pack above 16",
         [](ruleset& r) {
             r.extra_pack_above = {4, 17};
         },
         "extra_pack_above must list strictly increasing player counts between 2 and 16 (got 4,17)"},
        {"override too high",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(12, suit::spades), 1001}};
         },
         "card_value_overrides values must be between -1000 and 1000 (got QS:1001)"},
        {"override listed twice",
         [](ruleset& r) {
             r.card_value_overrides = {{joker(), 4}, {make_card(5, suit::hearts), 0}, {joker(), 5}};
         },
         "card_value_overrides lists X more than once"},
        {"override of a rank beyond king",
         [](ruleset& r) {
             r.card_value_overrides = {{make_card(14, suit::spades), 1}};
         },
         "card_value_overrides holds something that is not a card (rank 14 suit 3)"},
        {"override of a joker with a suit",
         [](ruleset& r) {
             r.card_value_overrides = {{card{0, suit::hearts}, 1}};
         },
         "card_value_overrides holds something that is not a card (rank 0 suit 2)"},
    };
    return cases;
}

TEST(validate, words_each_kind_of_single_option_refusal) {
    for (const auto& c : single_option_refusals()) {
        ruleset r;
        c.change(r);
        EXPECT_EQ(validate(r), c.message) << c.what;
    }
}

TEST(validate, words_ranges_bounded_by_another_option) {
    ruleset r;
    r.min_players = 4;
    r.max_players = 3;
    EXPECT_EQ(validate(r), "max_players must be between 4 and 16 (got 3)");
    r = ruleset{};
    r.start_count = 7;
    EXPECT_EQ(validate(r), "start_count must be between 0 and 6 (got 7)");
    r = ruleset{};
    r.rows = 1;
    r.cols = 1;
    r.start_count = 1;
    EXPECT_EQ(validate(r), "rows and cols must give a layout of at least 2 cards (got 1x1)");
}

struct accepted_case {
    const char* what;
    std::function<void(ruleset&)> change;
};

TEST(validate, accepts_legal_edges_and_combinations) {
    const std::vector<accepted_case> cases = {
        {"largest table",
         [](ruleset& r) {
             r.min_players = 16;
             r.max_players = 16;
         }},
        {"largest layout and deck",
         [](ruleset& r) {
             r.rows = 6;
             r.cols = 6;
             r.base_packs = 8;
             r.jokers_per_pack = 4;
             r.start_count = 36;
         }},
        {"two cards in one row",
         [](ruleset& r) {
             r.rows = 1;
             r.cols = 2;
         }},
        {"eight extra packs", [](ruleset& r) { r.extra_pack_above = {2, 3, 4, 5, 6, 7, 8, 16}; }},
        {"no start",
         [](ruleset& r) {
             r.start = start_action::none;
             r.start_count = 0;
         }},
        {"no start, any pattern",
         [](ruleset& r) {
             r.start = start_action::none;
             r.start_count = 0;
             r.start_where = start_pattern::middle_and_outer;
         }},
        {"peek a whole column",
         [](ruleset& r) {
             r.start = start_action::peek;
             r.start_where = start_pattern::same_column;
         }},
        {"different columns",
         [](ruleset& r) {
             r.start_where = start_pattern::different_columns;
             r.start_count = 3;
         }},
        {"middle and outer", [](ruleset& r) { r.start_where = start_pattern::middle_and_outer; }},
        {"nearest row of a 2x2",
         [](ruleset& r) {
             r.cols = 2;
             r.start = start_action::peek;
             r.start_where = start_pattern::nearest_row;
         }},
        {"first turn flip", [](ruleset& r) { r.start_when = start_timing::first_turn; }},
        {"rearrange after peek",
         [](ruleset& r) {
             r.start = start_action::peek;
             r.rearrange_after_start = true;
         }},
        {"limits",
         [](ruleset& r) {
             r.look_cost = 100;
             r.turn_limit = 100000;
             r.holes = 1000;
             r.target_score = 100000;
         }},
        {"extreme values",
         [](ruleset& r) {
             r.rank_value[0] = -1000;
             r.rank_value[13] = 1000;
             r.card_value_overrides = {{make_card(12, suit::spades), 1000}, {joker(), -1000}};
             r.straight_score = -1000;
             r.shoot_the_moon = 1000;
             r.bonus_all_equal = -1000;
             r.caller_tie_points = 1000;
         }},
        {"target only",
         [](ruleset& r) {
             r.holes = 0;
             r.target_score = 100;
         }},
        {"diagonal on a square",
         [](ruleset& r) {
             r.rows = 3;
             r.cols = 3;
             r.cancel_diagonal = true;
         }},
        {"nothing ends but knocking",
         [](ruleset& r) {
             r.all_face_up = all_face_up_rule::nothing;
             r.knocking = true;
             r.face_up_locked = true;
         }},
        {"nothing ends but reveal",
         [](ruleset& r) {
             r.all_face_up = all_face_up_rule::nothing;
             r.reveal_all_turn = true;
         }},
        {"nothing ends but the stock",
         [](ruleset& r) {
             r.all_face_up = all_face_up_rule::nothing;
             r.empty_stock = empty_stock_rule::end_hand;
         }},
        {"nothing ends but the turn limit",
         [](ruleset& r) {
             r.all_face_up = all_face_up_rule::nothing;
             r.turn_limit = 50;
         }},
        {"cards never turn up",
         [](ruleset& r) {
             r.new_card_face_up = false;
             r.start = start_action::peek;
             r.discard_flip = discard_flip_rule::none;
             r.all_face_up = all_face_up_rule::final_round;
             r.knocking = true;
         }},
        {"last enum values",
         [](ruleset& r) {
             r.discard_flip = discard_flip_rule::compulsory_unless_one_left;
             r.caller_penalty = caller_penalty_rule::add_lowest;
             r.caller_bonus = caller_bonus_rule::set_to_points;
             r.caller_tie = caller_tie_rule::add_tie_points;
             r.match_tie = match_tie_rule::play_off;
             r.all_face_up = all_face_up_rule::when_everyone;
         }},
    };
    for (const auto& c : cases) {
        ruleset r;
        c.change(r);
        EXPECT_EQ(validate(r), std::nullopt) << c.what;
    }
}

// ---- check_option_ranges: each option against its own range in the table

TEST(check_option_ranges, accepts_the_default_ruleset) { EXPECT_EQ(check_option_ranges(ruleset{}), std::nullopt); }

TEST(check_option_ranges, words_each_refusal_as_validate_does) {
    for (const auto& c : single_option_refusals()) {
        ruleset r;
        c.change(r);
        EXPECT_EQ(check_option_ranges(r), c.message) << c.what;
    }
}

TEST(check_option_ranges, names_the_option_validate_names) {
    std::size_t caught = 0;
    for (const auto& c : refused_cases()) {
        ruleset r;
        c.change(r);
        const auto message = check_option_ranges(r);
        if (!message) continue;
        ++caught;
        EXPECT_TRUE(starts_with(*message, std::string(c.option) + " ")) << c.what << ": " << *message;
        EXPECT_EQ(validate(r), message) << c.what;
    }
    EXPECT_GE(caught, 50u);
}

TEST(check_option_ranges, checks_each_rank_value_under_its_own_name) {
    const std::vector<std::string> names = {
        "value_joker", "value_ace",   "value_two",  "value_three", "value_four", "value_five",  "value_six",
        "value_seven", "value_eight", "value_nine", "value_ten",   "value_jack", "value_queen", "value_king",
    };
    for (std::size_t rank = 0; rank < names.size(); ++rank) {
        ruleset r;
        r.rank_value[rank] = -1001;
        EXPECT_EQ(check_option_ranges(r), names[rank] + " must be between -1000 and 1000 (got -1001)") << rank;
    }
}

TEST(check_option_ranges, leaves_rules_between_options_to_validate) {
    const std::vector<refused_case> cases = {
        {"max below min",
         [](ruleset& r) {
             r.min_players = 4;
             r.max_players = 3;
         },
         "max_players"},
        {"start count above slots", [](ruleset& r) { r.start_count = 7; }, "start_count"},
        {"one card",
         [](ruleset& r) {
             r.rows = 1;
             r.cols = 1;
             r.start_count = 1;
         },
         "rows"},
        {"start none with a count", [](ruleset& r) { r.start = start_action::none; }, "start_count"},
        {"middle and outer with even cols",
         [](ruleset& r) {
             r.start_where = start_pattern::middle_and_outer;
             r.rows = 3;
             r.cols = 4;
         },
         "start_where"},
        {"diagonal on a 2x3 layout", [](ruleset& r) { r.cancel_diagonal = true; }, "cancel_diagonal"},
        {"a hand that never ends", [](ruleset& r) { r.all_face_up = all_face_up_rule::nothing; }, "all_face_up"},
        {"a match that never ends",
         [](ruleset& r) {
             r.holes = 0;
             r.target_score = 0;
         },
         "holes"},
    };
    for (const auto& c : cases) {
        ruleset r;
        c.change(r);
        EXPECT_EQ(check_option_ranges(r), std::nullopt) << c.what;
        const auto message = validate(r);
        ASSERT_TRUE(message.has_value()) << c.what;
        EXPECT_TRUE(starts_with(*message, std::string(c.option) + " ")) << c.what << ": " << *message;
    }
}

TEST(check_option_ranges, passes_whatever_set_option_accepts) {
    for (const auto& option : ruleset_options()) {
        std::vector<std::string> values;
        switch (option.kind) {
            case option_kind::boolean: values = {"true", "false"}; break;
            case option_kind::integer:
            case option_kind::optional_integer:
                values = {std::to_string(option.min), std::to_string(option.max)};
                break;
            case option_kind::choice:
                for (const auto choice : option.choices) values.emplace_back(choice);
                break;
            case option_kind::integer_list:
                values = {std::to_string(option.min), "2,3,4,5,6,7,8," + std::to_string(option.max)};
                break;
            case option_kind::card_values: values = {"QS:1000,X:-1000,2C:0"}; break;
        }
        for (const auto& value : values) {
            ruleset r;
            ASSERT_EQ(set_option(r, option.name, value), std::nullopt) << option.name << "=" << value;
            EXPECT_EQ(check_option_ranges(r), std::nullopt) << option.name << "=" << value;
        }
    }
}

TEST(validate_for_players, checks_the_ruleset_first) {
    ruleset r;
    r.rows = 9;
    EXPECT_EQ(validate_for_players(r, 4), validate(r));
}

TEST(validate_for_players, refuses_player_counts_outside_the_ruleset) {
    const ruleset r;
    EXPECT_EQ(validate_for_players(r, 9), "players must be between 2 and 8 for this ruleset (got 9)");
    EXPECT_EQ(validate_for_players(r, 1), "players must be between 2 and 8 for this ruleset (got 1)");
    EXPECT_EQ(validate_for_players(r, 2), std::nullopt);
    EXPECT_EQ(validate_for_players(r, 8), std::nullopt);
}

TEST(validate_for_players, refuses_a_deck_too_small_for_the_deal) {
    ruleset r;
    r.max_players = 10;
    // 8 x 6 + discard + one to draw = 50 of 52 cards.
    EXPECT_EQ(validate_for_players(r, 8), std::nullopt);
    EXPECT_EQ(validate_for_players(r, 10), "base_packs gives 52 cards, too few for 10 players with 6 cards each");
    r.extra_pack_above = {8};
    EXPECT_EQ(validate_for_players(r, 10), std::nullopt);
}

TEST(validate_for_players, a_deal_may_use_the_whole_deck) {
    ruleset r;
    r.rows = 5;
    r.cols = 5;
    // 2 x 25 + the discard + one card to draw = 52.
    EXPECT_EQ(validate_for_players(r, 2), std::nullopt);
    EXPECT_EQ(validate_for_players(r, 3), "base_packs gives 52 cards, too few for 3 players with 25 cards each");
}

TEST(validate_for_players, counts_the_initial_discard) {
    ruleset r;
    r.rows = 3;
    r.cols = 6;
    r.jokers_per_pack = 3;
    // 3 x 18 + one card to draw = 55 fits a 55-card deck; the turned-up discard needs one more.
    EXPECT_EQ(validate_for_players(r, 3), "base_packs gives 55 cards, too few for 3 players with 18 cards each");
    r.initial_discard = false;
    EXPECT_EQ(validate_for_players(r, 3), std::nullopt);
}

// ---- the options table

TEST(ruleset_options, lists_every_option_in_the_agreed_order) {
    const std::vector<std::string> expected = {
        "min_players",
        "max_players",
        "base_packs",
        "extra_pack_above",
        "jokers_per_pack",
        "rows",
        "cols",
        "extra_rows",
        "start",
        "start_count",
        "start_where",
        "start_when",
        "rearrange_after_start",
        "peeks_shown_once",
        "initial_discard",
        "new_card_face_up",
        "discard_flip",
        "taken_discard_must_be_used",
        "flip_only_turn",
        "knocking",
        "reveal_all_turn",
        "face_up_locked",
        "frozen_columns",
        "unseen_replace_once",
        "look_cost",
        "jack_skips_next",
        "turn_limit",
        "power_joker",
        "power_ace",
        "power_two",
        "power_three",
        "power_four",
        "power_five",
        "power_six",
        "power_seven",
        "power_eight",
        "power_nine",
        "power_ten",
        "power_jack",
        "power_queen",
        "power_king",
        "power_cards_unplaceable",
        "discard_power_reuse",
        "matching",
        "claims",
        "match_by_value",
        "wrong_claim_cards",
        "wrong_claim_points",
        "call_after_turn",
        "red_kings_powerless",
        "turned_up_cancels_call",
        "all_face_up",
        "final_turn_stock_only",
        "expose_on_end",
        "empty_stock",
        "empty_layout_ends",
        "value_joker",
        "value_ace",
        "value_two",
        "value_three",
        "value_four",
        "value_five",
        "value_six",
        "value_seven",
        "value_eight",
        "value_nine",
        "value_ten",
        "value_jack",
        "value_queen",
        "value_king",
        "card_value_overrides",
        "cancel_column",
        "cancel_row",
        "cancel_diagonal",
        "cancel_pairs_anywhere",
        "cancel_adjacent_pairs",
        "cancelled_negatives_keep_value",
        "one_eyed_jacks_wild",
        "bonus_equal_column_pairs",
        "bonus_square_block",
        "bonus_all_equal",
        "bonus_row_of_kings",
        "others_penalty_side_by_side_pairs",
        "straight_score",
        "shoot_the_moon",
        "four_of_a_kind_wins_match",
        "caller_penalty",
        "caller_penalty_points",
        "caller_bonus",
        "caller_bonus_points",
        "caller_tie",
        "caller_tie_points",
        "at_or_below_caller_scores_zero",
        "lowest_scores_zero",
        "remove_completed_lines",
        "holes",
        "target_score",
        "match_tie",
        "winner_plays_first",
        "winner_tie",
    };
    std::vector<std::string> names;
    for (const auto& option : ruleset_options()) names.emplace_back(option.name);
    EXPECT_EQ(names, expected);
}

TEST(ruleset_options, every_option_has_a_group_and_one_sentence_of_help) {
    const std::set<std::string> groups = {"table",  "cards", "layout",  "start", "turns",
                                          "powers", "end",   "scoring", "match"};
    for (const auto& option : ruleset_options()) {
        EXPECT_TRUE(groups.count(std::string(option.group))) << option.name;
        ASSERT_FALSE(option.help.empty()) << option.name;
        EXPECT_EQ(option.help.back(), '.') << option.name;
        EXPECT_TRUE(std::isupper(static_cast<unsigned char>(option.help.front()))) << option.name;
        EXPECT_EQ(option.help.find(". "), std::string_view::npos) << option.name << ": " << option.help;
    }
}

// Players read the labels, help and choice words (the house-rules editor, the rules panel): no engine name such as
// "compulsory_unless_one_left" or "caller_penalty_points" may show through, and every label is its own.
TEST(ruleset_options, words_for_players_name_no_engine_identifier) {
    const auto plain = [](std::string_view text) { return text.find('_') == std::string_view::npos; };
    std::set<std::string_view> labels;
    for (const auto& option : ruleset_options()) {
        ASSERT_FALSE(option.label.empty()) << option.name;
        EXPECT_TRUE(std::isupper(static_cast<unsigned char>(option.label.front()))) << option.name;
        EXPECT_TRUE(labels.insert(option.label).second) << option.name << ": " << option.label << " twice";
        EXPECT_TRUE(plain(option.label)) << option.name << ": " << option.label;
        EXPECT_TRUE(plain(option.help)) << option.name << ": " << option.help;
        const bool numeric = option.kind != option_kind::boolean && option.kind != option_kind::choice;
        EXPECT_EQ(numeric, !option.unit.empty()) << option.name << " counts " << option.unit;
        for (const auto words : option.choice_words) EXPECT_TRUE(plain(words) && !words.empty()) << option.name;
    }
}

TEST(ruleset_options, choices_are_listed_in_enum_order_and_explained) {
    const auto* flip = find_option("discard_flip");
    ASSERT_NE(flip, nullptr);
    ASSERT_EQ(flip->kind, option_kind::choice);
    ASSERT_EQ(flip->choices.size(), 4u);
    EXPECT_EQ(flip->choices[3], "compulsory_unless_one_left");
    for (const auto& option : ruleset_options()) {
        if (option.kind != option_kind::choice) continue;
        EXPECT_EQ(option.choice_words.size(), option.choices.size()) << option.name;
    }
    EXPECT_EQ(flip->choice_words[3], "You must, unless only one of your cards is face down");
    ruleset r;
    ASSERT_EQ(set_option(r, "caller_penalty", "add_twice_players"), std::nullopt);
    EXPECT_EQ(r.caller_penalty, caller_penalty_rule::add_twice_players);
    ASSERT_EQ(set_option(r, "start_where", "middle_and_outer"), std::nullopt);
    EXPECT_EQ(r.start_where, start_pattern::middle_and_outer);
    ASSERT_EQ(set_option(r, "match_tie", "play_off"), std::nullopt);
    EXPECT_EQ(r.match_tie, match_tie_rule::play_off);
}

TEST(ruleset_options, integer_ranges_match_validate) {
    const auto expect_range = [](const char* name, int min, int max) {
        const auto* option = find_option(name);
        ASSERT_NE(option, nullptr) << name;
        EXPECT_EQ(option->min, min) << name;
        EXPECT_EQ(option->max, max) << name;
    };
    expect_range("min_players", 2, 16);
    expect_range("rows", 1, 6);
    expect_range("cols", 1, 6);
    expect_range("base_packs", 1, 8);
    expect_range("jokers_per_pack", 0, 4);
    expect_range("look_cost", 0, 100);
    expect_range("turn_limit", 0, 100000);
    expect_range("holes", 0, 1000);
    expect_range("target_score", 0, 100000);
    expect_range("value_queen", -1000, 1000);
    expect_range("straight_score", -1000, 1000);
    expect_range("others_penalty_side_by_side_pairs", -1000, 1000);
    expect_range("extra_pack_above", 2, 16);
}

TEST(ruleset_options, find_option_finds_table_entries_only) {
    const auto* knocking = find_option("knocking");
    ASSERT_NE(knocking, nullptr);
    EXPECT_EQ(knocking->name, "knocking");
    EXPECT_EQ(knocking->kind, option_kind::boolean);
    EXPECT_EQ(knocking, &ruleset_options()[19]);
    EXPECT_EQ(find_option("knock"), nullptr);
    EXPECT_EQ(find_option(""), nullptr);
}

TEST(get_option, writes_each_kind_as_text) {
    ruleset r;
    r.extra_pack_above = {4, 8};
    r.card_value_overrides = {{make_card(12, suit::spades), 40}, {make_card(11, suit::hearts), 0}, {joker(), -5}};
    r.shoot_the_moon = -26;
    r.discard_flip = discard_flip_rule::compulsory_unless_one_left;
    const auto get = [&](const char* name) { return get_option(r, *find_option(name)); };
    EXPECT_EQ(get("knocking"), "false");
    EXPECT_EQ(get("cancel_column"), "true");
    EXPECT_EQ(get("rows"), "2");
    EXPECT_EQ(get("value_two"), "-2");
    EXPECT_EQ(get("value_king"), "0");
    EXPECT_EQ(get("straight_score"), "off");
    EXPECT_EQ(get("shoot_the_moon"), "-26");
    EXPECT_EQ(get("discard_flip"), "compulsory_unless_one_left");
    EXPECT_EQ(get("start"), "flip");
    EXPECT_EQ(get("extra_pack_above"), "4,8");
    EXPECT_EQ(get("card_value_overrides"), "QS:40,JH:0,X:-5");
    r = ruleset{};
    EXPECT_EQ(get("extra_pack_above"), "");
    EXPECT_EQ(get("card_value_overrides"), "");
}

TEST(get_option, works_with_a_copy_of_an_option_info) {
    ruleset r;
    r.rows = 4;
    const option_info copy = *find_option("rows");
    EXPECT_EQ(get_option(r, copy), "4");
}

TEST(set_option, reads_each_kind_from_text) {
    ruleset r;
    EXPECT_EQ(set_option(r, "knocking", "true"), std::nullopt);
    EXPECT_TRUE(r.knocking);
    EXPECT_EQ(set_option(r, "rows", "3"), std::nullopt);
    EXPECT_EQ(r.rows, 3);
    EXPECT_EQ(set_option(r, "value_king", "-5"), std::nullopt);
    EXPECT_EQ(r.rank_value[13], -5);
    EXPECT_EQ(set_option(r, "value_joker", "+3"), std::nullopt);
    EXPECT_EQ(r.rank_value[0], 3);
    EXPECT_EQ(set_option(r, "straight_score", "-12"), std::nullopt);
    EXPECT_EQ(r.straight_score, -12);
    EXPECT_EQ(set_option(r, "straight_score", "off"), std::nullopt);
    EXPECT_EQ(r.straight_score, std::nullopt);
    EXPECT_EQ(set_option(r, "all_face_up", "final_round"), std::nullopt);
    EXPECT_EQ(r.all_face_up, all_face_up_rule::final_round);
    EXPECT_EQ(set_option(r, "extra_pack_above", "4, 8"), std::nullopt);
    EXPECT_EQ(r.extra_pack_above, (std::vector<int>{4, 8}));
    EXPECT_EQ(set_option(r, "card_value_overrides", "QS:40, 10d:-1, x:-5"), std::nullopt);
    const std::vector<std::pair<card, int>> overrides = {
        {make_card(12, suit::spades), 40}, {make_card(10, suit::diamonds), -1}, {joker(), -5}};
    EXPECT_EQ(r.card_value_overrides, overrides);
}

TEST(set_option, accepts_the_usual_spellings_of_a_boolean) {
    for (const char* yes : {"true", "yes", "on", "1", "TRUE", "Yes"}) {
        ruleset r;
        EXPECT_EQ(set_option(r, "knocking", yes), std::nullopt) << yes;
        EXPECT_TRUE(r.knocking) << yes;
    }
    for (const char* no : {"false", "no", "off", "0", "False"}) {
        ruleset r;
        r.cancel_column = true;
        EXPECT_EQ(set_option(r, "cancel_column", no), std::nullopt) << no;
        EXPECT_FALSE(r.cancel_column) << no;
    }
}

TEST(set_option, empty_or_none_clears_a_list) {
    for (const char* empty : {"", "none", " "}) {
        ruleset r;
        r.extra_pack_above = {4};
        r.card_value_overrides = {{joker(), 1}};
        EXPECT_EQ(set_option(r, "extra_pack_above", empty), std::nullopt) << "'" << empty << "'";
        EXPECT_EQ(set_option(r, "card_value_overrides", empty), std::nullopt) << "'" << empty << "'";
        EXPECT_TRUE(r.extra_pack_above.empty());
        EXPECT_TRUE(r.card_value_overrides.empty());
    }
}

TEST(set_option, explains_a_bad_value) {
    ruleset r;
    EXPECT_EQ(set_option(r, "knocking", "maybe"), "knocking: expected true or false (got 'maybe')");
    EXPECT_EQ(set_option(r, "rows", "9"), "rows: expected an integer between 1 and 6 (got '9')");
    EXPECT_EQ(set_option(r, "rows", "2x"), "rows: expected an integer between 1 and 6 (got '2x')");
    EXPECT_EQ(set_option(r, "discard_flip", "x"),
              "discard_flip: expected one of none, optional, compulsory, compulsory_unless_one_left (got 'x')");
    EXPECT_EQ(set_option(r, "shoot_the_moon", "lots"),
              "shoot_the_moon: expected off or an integer between -1000 and 1000 (got 'lots')");
    EXPECT_EQ(r, ruleset{});
}

TEST(set_option, refuses_bad_lists) {
    for (const char* bad : {"8,4", "4,4", "1", "17", "4,,8", "4;8", "2,3,4,5,6,7,8,9,10", "four"}) {
        ruleset r;
        const auto message = set_option(r, "extra_pack_above", bad);
        ASSERT_TRUE(message.has_value()) << bad;
        EXPECT_TRUE(starts_with(*message, "extra_pack_above: ")) << *message;
        EXPECT_EQ(r, ruleset{}) << bad;
    }
    for (const char* bad : {"QS", "QS:", "QS:x", "ZZ:4", ":4", "QS:1001", "QS:40,qs:0", "X:1,X:2", "QS:40,"}) {
        ruleset r;
        const auto message = set_option(r, "card_value_overrides", bad);
        ASSERT_TRUE(message.has_value()) << bad;
        EXPECT_TRUE(starts_with(*message, "card_value_overrides: ")) << *message;
        EXPECT_EQ(r, ruleset{}) << bad;
    }
}

TEST(set_option, every_error_names_its_option_and_changes_nothing) {
    ruleset varied;
    varied.extra_pack_above = {4};
    varied.card_value_overrides = {{make_card(12, suit::spades), 40}};
    varied.straight_score = -12;
    varied.knocking = true;
    for (const auto& option : ruleset_options()) {
        for (const char* bad : {"bogus", "99999999999", "1.5"}) {
            ruleset r = varied;
            const auto message = set_option(r, option.name, bad);
            ASSERT_TRUE(message.has_value()) << option.name << " = " << bad;
            EXPECT_TRUE(starts_with(*message, std::string(option.name) + ": ")) << *message;
            EXPECT_NE(message->find(std::string("(got '") + bad + "')"), std::string::npos) << *message;
            EXPECT_EQ(r, varied) << option.name;
        }
    }
}

TEST(set_option, integer_options_take_their_bounds_and_refuse_beyond) {
    for (const auto& option : ruleset_options()) {
        if (option.kind != option_kind::integer && option.kind != option_kind::optional_integer) continue;
        ruleset r;
        EXPECT_EQ(set_option(r, option.name, std::to_string(option.min)), std::nullopt) << option.name;
        EXPECT_EQ(get_option(r, option), std::to_string(option.min));
        EXPECT_EQ(set_option(r, option.name, std::to_string(option.max)), std::nullopt) << option.name;
        EXPECT_EQ(get_option(r, option), std::to_string(option.max));
        EXPECT_TRUE(set_option(r, option.name, std::to_string(option.min - 1)).has_value()) << option.name;
        EXPECT_TRUE(set_option(r, option.name, std::to_string(option.max + 1)).has_value()) << option.name;
    }
}

TEST(set_option, unknown_options_suggest_a_close_name) {
    ruleset r;
    EXPECT_EQ(set_option(r, "foo", "1"), "unknown option 'foo'");
    EXPECT_EQ(set_option(r, "knockng", "true"), "unknown option 'knockng' (did you mean 'knocking'?)");
    EXPECT_EQ(set_option(r, "row", "3"), "unknown option 'row' (did you mean 'rows'?)");
    EXPECT_EQ(set_option(r, "target_scores", "3"), "unknown option 'target_scores' (did you mean 'target_score'?)");
    EXPECT_EQ(set_option(r, "completely_unrelated", "3"), "unknown option 'completely_unrelated'");
    EXPECT_EQ(r, ruleset{});
}

TEST(set_option, reads_an_assignment) {
    ruleset r;
    EXPECT_EQ(set_option(r, "rows=3"), std::nullopt);
    EXPECT_EQ(r.rows, 3);
    EXPECT_EQ(set_option(r, "card_value_overrides=QS:40"), std::nullopt);
    EXPECT_EQ(r.card_value_overrides.size(), 1u);
    EXPECT_EQ(set_option(r, "extra_pack_above="), std::nullopt);
    EXPECT_TRUE(r.extra_pack_above.empty());
    EXPECT_EQ(set_option(r, "rows"), "expected OPTION=VALUE (got 'rows')");
    EXPECT_EQ(set_option(r, "rows==4"), "rows: expected an integer between 1 and 6 (got '=4')");
    EXPECT_EQ(set_option(r, "knockng=true"), "unknown option 'knockng' (did you mean 'knocking'?)");
    EXPECT_EQ(r.rows, 3);
}

// Parses every line of to_text into `start` and returns the result.
ruleset from_text(const std::string& text, ruleset start) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        const auto error = set_option(start, line);
        EXPECT_EQ(error, std::nullopt) << line;
    }
    return start;
}

ruleset four_card_like() {
    ruleset r;
    r.rows = 2;
    r.cols = 2;
    r.start = start_action::peek;
    r.start_where = start_pattern::nearest_row;
    r.new_card_face_up = false;
    r.knocking = true;
    r.all_face_up = all_face_up_rule::nothing;
    r.expose_on_end = true;
    r.final_turn_stock_only = true;
    r.rank_value = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0};
    r.card_value_overrides = {{make_card(12, suit::spades), 40}, {make_card(11, suit::hearts), 0}, {joker(), -5}};
    r.caller_penalty = caller_penalty_rule::add_points;
    r.caller_penalty_points = 10;
    r.caller_tie = caller_tie_rule::add_tie_points;
    r.caller_tie_points = 5;
    r.shoot_the_moon = 35;
    r.holes = 0;
    r.target_score = 100;
    r.match_tie = match_tie_rule::play_off;
    return r;
}

ruleset nine_card_like() {
    ruleset r;
    r.rows = 3;
    r.cols = 3;
    r.min_players = 3;
    r.max_players = 12;
    r.extra_pack_above = {4, 8};
    r.jokers_per_pack = 2;
    r.start = start_action::none;
    r.start_count = 0;
    r.discard_flip = discard_flip_rule::optional;
    r.flip_only_turn = true;
    r.all_face_up = all_face_up_rule::final_round;
    r.cancel_row = true;
    r.cancel_diagonal = true;
    r.one_eyed_jacks_wild = true;
    r.straight_score = -12;
    r.caller_penalty = caller_penalty_rule::add_lowest;
    r.caller_bonus = caller_bonus_rule::set_to_points;
    r.caller_bonus_points = -10;
    r.lowest_scores_zero = true;
    r.look_cost = 3;
    r.turn_limit = 400;
    r.bonus_square_block = -20;
    r.others_penalty_side_by_side_pairs = 10;
    return r;
}

TEST(to_text, writes_one_line_per_option_in_table_order) {
    const auto text = to_text(ruleset{});
    std::istringstream lines(text);
    std::string line;
    std::size_t i = 0;
    const auto options = ruleset_options();
    while (std::getline(lines, line)) {
        ASSERT_LT(i, options.size());
        EXPECT_TRUE(starts_with(line, std::string(options[i].name) + "=")) << line;
        ++i;
    }
    EXPECT_EQ(i, options.size());
    EXPECT_EQ(text.back(), '\n');
    EXPECT_NE(text.find("\nrows=2\n"), std::string::npos);
    EXPECT_NE(text.find("\nstraight_score=off\n"), std::string::npos);
    EXPECT_NE(text.find("\nextra_pack_above=\n"), std::string::npos);
}

TEST(to_text, round_trips_through_set_option) {
    const std::vector<ruleset> rulesets = {ruleset{}, four_card_like(), nine_card_like()};
    for (std::size_t i = 0; i < rulesets.size(); ++i) {
        for (std::size_t j = 0; j < rulesets.size(); ++j) {
            // Start from a different ruleset so every line has to do its part.
            EXPECT_EQ(from_text(to_text(rulesets[i]), rulesets[j]), rulesets[i]) << i << " over " << j;
        }
    }
}

TEST(to_text, varied_rulesets_are_valid_and_differ) {
    EXPECT_EQ(validate(four_card_like()), std::nullopt);
    EXPECT_EQ(validate(nine_card_like()), std::nullopt);
    EXPECT_NE(to_text(four_card_like()), to_text(nine_card_like()));
}

}  // namespace
}  // namespace golf
