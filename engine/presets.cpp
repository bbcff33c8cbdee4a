#include "engine/presets.hpp"

#include <vector>

namespace golf {

namespace {

// Card values by rank, index 0 joker, 1 ace .. 13 king.
constexpr std::array<int, 14> face_values(int joker, int two, int jack, int queen, int king) {
    return {joker, 1, two, 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king};
}

ruleset four_card() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 10;
    r.extra_pack_above = {7};  // "with eight or more, two packs may be shuffled together"
    r.rows = 2;
    r.cols = 2;
    r.start = start_action::peek;  // "look once at the two nearest cards"
    r.start_count = 2;
    r.start_where = start_pattern::nearest_row;
    r.new_card_face_up = false;  // "place the drawn card face-down in your layout, being careful to remember it"
    r.knocking = true;
    r.all_face_up = all_face_up_rule::nothing;  // cards are never turned up; the knock ends play
    r.rank_value = face_values(0, 2, 10, 10, 0);
    r.cancel_column = false;
    return r;
}

ruleset four_card_jokers() {
    ruleset r = four_card();
    r.jokers_per_pack = 2;  // "a standard 54-card pack (with jokers)"
    r.start_where = start_pattern::any;  // "look once at any two of his or her cards"
    r.rank_value = face_values(-5, 2, 10, 20, 0);
    r.cancel_column = true;  // "two cards of the same value in the same column ... including Queens and Jokers"
    r.expose_on_end = true;  // "All cards are then turned face up and each of the other players ... has one more turn"
    r.caller_penalty = caller_penalty_rule::add_points;
    r.caller_penalty_points = 10;
    r.caller_tie = caller_tie_rule::as_lowest;  // only "not ... the lowest score" is penalised
    return r;
}

ruleset six_card() {
    ruleset r;  // the defaults are pagat's Six-Card Golf
    r.min_players = 2;
    r.max_players = 12;
    r.extra_pack_above = {4, 8};  // one pack for 2-4, a second for 5-8, a third beyond eight
    r.rank_value = face_values(-2, -2, 10, 10, 0);
    return r;
}

ruleset six_card_oakes() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 10;
    r.extra_pack_above = {3};  // one deck with 2 jokers for 2-3 players, two decks with 4 jokers for 4 or more
    r.jokers_per_pack = 2;
    r.start_where = start_pattern::same_column;  // "turns 2 cards of his choice up ... one above the other"
    r.taken_discard_must_be_used = false;        // "must discard either the card he drew OR the card he replaces"
    r.all_face_up = all_face_up_rule::final_round;
    r.expose_on_end = true;          // "all remaining players then turn all their down-cards face up"
    r.final_turn_stock_only = true;  // "one final card, but ONLY from the DRAW pile"
    r.rank_value = face_values(-2, 2, 10, 10, 0);
    r.others_penalty_side_by_side_pairs = 10;  // "10 points are added to the score of EACH of the OTHER players"
    return r;
}

ruleset eight_card() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 12;
    r.base_packs = 2;  // "a double 52-card deck with four jokers (108 cards)"
    r.jokers_per_pack = 2;
    r.extra_pack_above = {4, 8};  // "more decks and jokers can be added if there are more than four players"
    r.rows = 2;
    r.cols = 4;
    r.start_where = start_pattern::same_column;  // "begins his or her first turn by turning one column face up"
    r.start_when = start_timing::first_turn;
    r.discard_flip = discard_flip_rule::compulsory_unless_one_left;
    r.all_face_up = all_face_up_rule::final_round;
    r.rank_value = face_values(-5, 2, 10, 10, 0);
    r.bonus_equal_column_pairs = -10;  // "two equal pairs in any two columns: minus 10"
    return r;
}

ruleset nine_card() {
    ruleset r = six_card();
    r.base_packs = 2;  // "played with two or more decks"
    r.extra_pack_above = {8};
    r.rows = 3;
    r.cols = 3;
    r.start_count = 3;  // "turns three cards face up to begin the play"
    return r;          // a column of three equal cards scores zero; a pair does not
}

ruleset ten_card() {
    ruleset r = six_card();
    r.base_packs = 2;  // "at least two decks are needed"
    r.extra_pack_above = {8};
    r.rows = 2;
    r.cols = 5;
    return r;
}

std::vector<preset> make_presets() {
    return {
        {"four-card",
         "000 pagat.com, Four-Card Golf (base game)",
         "2x2 face down, peek at the two nearest, new cards face down, knock to end, no pairs",
         four_card()},
        {"four-card-jokers",
         "003 (4 Card Golf blog): 54-card pack, peek at any two, Q 20, joker -5, column pairs, knocker +10 if not lowest",
         "2x2 with jokers (-5), queens 20, column pairs cancel, knock to end, knocker not lowest +10",
         four_card_jokers()},
        {"six-card",
         "000 pagat.com and 001/002 Wikipedia, Six-Card Golf; pagat's choices where they differ: no flip after "
         "discarding, play ends at once when a layout is face up",
         "2x3, turn up any two, column pairs score zero, twos -2, ends when a layout is face up",
         six_card()},
        {"six-card-oakes",
         "004 Dick Oakes: 2 jokers per deck (-2), two decks for 4+, a drawn card may be thrown back, last round "
         "from the stock only after everyone turns up, side-by-side pairs add 10 to every other player",
         "2x3 with jokers, turn up a column, final round from the stock only, 4 of a kind side by side",
         six_card_oakes()},
        {"eight-card",
         "000 pagat.com, Eight Card Golf (after Bill Whitnack): 108 cards, a column turned up at the first turn",
         "2x4, 2 decks + 4 jokers (-5), flip after discarding, two equal column pairs -10",
         eight_card()},
        {"nine-card",
         "000 pagat.com, Nine Card Golf (Crazy Nines), played as Six-Card Golf; 001/002 Wikipedia agree that play "
         "ends at once",
         "3x3, 2 decks, turn up three, a column of three equal scores zero",
         nine_card()},
        {"ten-card",
         "000 pagat.com, Ten Card Golf: two decks, five columns of two, played as Six-Card Golf",
         "2x5, 2 decks, turn up any two, column pairs score zero",
         ten_card()},
    };
}

}  // namespace

std::span<const preset> presets() {
    static const std::vector<preset> table = make_presets();
    return table;
}

const preset* find_preset(std::string_view name) {
    for (const preset& p : presets())
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace golf
