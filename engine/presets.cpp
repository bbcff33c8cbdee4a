#include "engine/presets.hpp"

#include <vector>

namespace golf {

namespace {

// Card values by rank, index 0 joker, 1 ace .. 13 king.
constexpr std::array<int, 14> face_values(int joker, int two, int jack, int queen, int king) {
    return {joker, 1, two, 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king};
}

// The base games (four_card, six_card, power_family) state every rule of the game, though many equal the
// ruleset's defaults: a reader of the preset table sees the whole game. The presets built on one of them say only
// what differs from it.
ruleset four_card() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 10;
    r.base_packs = 1;          // "a standard 52-card pack"
    r.extra_pack_above = {7};  // "with eight or more, two packs may be shuffled together"
    r.jokers_per_pack = 0;
    r.rows = 2;  // "arranged face down in a square"
    r.cols = 2;
    r.start = start_action::peek;  // "look once at the two nearest cards"
    r.start_count = 2;
    r.start_where = start_pattern::nearest_row;
    r.start_when = start_timing::before_play;
    r.peeks_shown_once = true;   // "look once at the two nearest cards", "being careful to remember": a memory game
    r.initial_discard = true;    // the top card of the stock is turned up "to start the discard pile"
    r.new_card_face_up = false;  // "place the drawn card face-down in your layout, being careful to remember it"
    r.discard_flip = discard_flip_rule::none;
    r.taken_discard_must_be_used = true;        // "if you choose to take the discard, you must use it"
    r.knocking = true;                          // "Each of the other players in order has one more normal turn"
    r.all_face_up = all_face_up_rule::nothing;  // cards are never turned up; the knock ends play
    r.empty_stock = empty_stock_rule::reshuffle;
    r.rank_value = face_values(0, 2, 10, 10, 0);  // ace 1, 2-10 face value, J Q 10, K 0
    r.cancel_column = false;                      // each card scores its value: no pairs cancel
    r.holes = 9;                                  // "the lowest cumulative score after nine deals wins"
    r.target_score = 0;
    return r;
}

ruleset four_card_jokers() {
    ruleset r = four_card();
    r.jokers_per_pack = 2;               // "a standard 54-card pack (with jokers)"
    r.start_where = start_pattern::any;  // "look once at any two of his or her cards"
    r.rank_value = face_values(-5, 2, 10, 20, 0);
    r.cancel_column = true;  // "two cards of the same value in the same column ... including Queens and Jokers"
    r.expose_on_end = true;  // "All cards are then turned face up and each of the other players ... has one more turn"
    r.caller_penalty = caller_penalty_rule::add_points;
    r.caller_penalty_points = 10;
    r.caller_tie = caller_tie_rule::as_lowest;  // only "not ... the lowest score" is penalised
    return r;
}

// Six-Card Golf: the base of the six-, eight-, nine- and ten-card games.
ruleset six_card() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 12;
    r.base_packs = 1;  // "Two, three or four players use a standard 52-card pack"
    r.extra_pack_above = {4,
                          8};  // "With more than four players, a second pack is added, and a third ... more than eight"
    r.jokers_per_pack = 0;
    r.rows = 2;  // "six cards ... face down in a rectangle": two rows of three
    r.cols = 3;
    r.start = start_action::flip;  // "Before play begins, each player turns any two of the cards ... face up"
    r.start_count = 2;
    r.start_where = start_pattern::any;
    r.start_when = start_timing::before_play;
    r.initial_discard = true;   // "The top card of the stock is turned face up ... to start the discard pile"
    r.new_card_face_up = true;  // "You place the new card face-up in your layout"
    r.discard_flip =
        discard_flip_rule::none;          // a drawn card not wanted is discarded, "and it is the next player's turn"
    r.taken_discard_must_be_used = true;  // "illegal to draw the top card of the discard pile and discard [it]"
    r.all_face_up =
        all_face_up_rule::ends_immediately;  // "The play ends as soon as all of a player's six cards are face up"
    r.empty_stock = empty_stock_rule::reshuffle;
    r.rank_value = face_values(-2, -2, 10, 10, 0);  // ace 1, two -2, 3-10 face value, J Q 10, K 0
    r.cancel_column =
        true;  // "A pair of equal cards in the same column scores zero ... (even if the equal cards are twos)"
    r.cancelled_negatives_keep_value = false;
    r.holes = 9;  // "The player who has the lowest cumulative score after nine deals wins"
    r.target_score = 0;
    return r;
}

ruleset six_card_oakes() {
    ruleset r = six_card();  // Dick Oakes's Six-Card Golf
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
    ruleset r = six_card();  // pagat's Eight Card Golf, the six-card game on a 2x4 layout
    r.base_packs = 2;        // "a double 52-card deck with four jokers (108 cards)"
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
    return r;           // a column of three equal cards scores zero; a pair does not
}

ruleset ten_card() {
    ruleset r = six_card();
    r.base_packs = 2;  // "at least two decks are needed"
    r.extra_pack_above = {8};
    r.rows = 2;
    r.cols = 5;
    return r;
}

// The power-card family (000 pagat "Golf with Power Cards", 001/002 Wikipedia "Cambio"): four cards face down,
// a look at two, new cards face down, nothing ever turned up, no cancelling pairs; powers only from the stock.
ruleset power_family() {
    ruleset r;
    r.min_players = 2;
    r.max_players = 8;
    r.base_packs = 1;
    r.extra_pack_above = {};
    r.jokers_per_pack = 0;  // each game says whether it adds jokers
    r.rows = 2;
    r.cols = 2;
    r.start = start_action::peek;  // "privately looks at two of them"
    r.start_count = 2;
    r.start_where = start_pattern::nearest_row;
    r.start_when = start_timing::before_play;
    r.peeks_shown_once = true;  // a joker shuffles "so that they no longer know which is which": memory is the game
    r.initial_discard = true;
    r.new_card_face_up = false;
    r.discard_flip = discard_flip_rule::none;
    r.taken_discard_must_be_used = true;
    r.knocking = false;                         // each game says how play ends: a knock, a call or the stock
    r.all_face_up = all_face_up_rule::nothing;  // cards are never turned up in play
    r.empty_stock = empty_stock_rule::reshuffle;
    r.rank_value = face_values(0, 2, 10, 10, 10);  // each game states its values
    r.rank_power = {};                             // and its powers: none unless a game gives them
    r.matching = match_rule::none;
    r.claims = claim_rule::none;
    r.cancel_column = false;  // no pairs cancel
    r.holes = 0;              // "until one player's score reaches 100" where a version says how a game ends
    r.target_score = 100;
    return r;
}

ruleset cambio() {
    ruleset r = power_family();
    r.jokers_per_pack = 2;                          // "a standard pack of 52 cards plus two jokers"
    r.rank_value = face_values(10, 2, 10, 10, 10);  // "all picture cards and jokers ... count 10 each"
    r.rank_power[11] = power_kind::peek_own;
    r.rank_power[12] = power_kind::peek_opponent;
    r.rank_power[13] = power_kind::swap_own_opponent;
    r.rank_power[0] = power_kind::shuffle_opponent;
    r.empty_stock = empty_stock_rule::end_hand;  // "no knocking. Play continues until the stock pile is exhausted"
    return r;
}

ruleset pablo() {
    ruleset r = power_family();
    r.jokers_per_pack = 2;
    r.rank_value = face_values(-5, 2, 10, 10, 10);
    r.rank_power[7] = power_kind::peek_then_swap;
    r.rank_power[8] = power_kind::peek_any;
    r.matching = match_rule::own_equal_set;  // "replace two or more equal ranked cards"
    r.extra_rows = 2;                        // "the player's layout now has one more card than before"
    r.call_after_turn = true;                // "says 'Pablo' at the end of their turn"
    r.caller_bonus = caller_bonus_rule::set_to_points;
    r.caller_bonus_points = -10;
    r.caller_penalty = caller_penalty_rule::add_highest;
    r.caller_tie = caller_tie_rule::no_adjustment;  // "everyone scores the value of their layout"
    return r;
}

ruleset cumbia() {
    ruleset r = power_family();
    r.rank_value = face_values(0, 2, 11, 12, 0);  // black kings 0
    r.card_value_overrides = {
        {make_card(2, suit::diamonds), -10}, {make_card(13, suit::diamonds), -5}, {make_card(13, suit::hearts), -5}};
    r.rank_power[4] = r.rank_power[5] = power_kind::peek_own;
    r.rank_power[6] = r.rank_power[7] = power_kind::peek_opponent;
    r.rank_power[10] = power_kind::swap_any;
    r.rank_power[11] = power_kind::peek_both_swap;
    r.power_cards_unplaceable = true;
    r.claims = claim_rule::any_matching_top;
    r.match_by_value = true;  // "the card values must be equal"
    r.wrong_claim_points = 10;
    r.knocking = true;  // "calls 'Cumbia' at any time during their turn": the call is the turn
    r.holes = 7;        // "after an agreed number of deals - for example 7"
    r.target_score = 0;
    return r;
}

ruleset cabo() {
    ruleset r = power_family();
    r.rank_value = face_values(0, 2, 11, 12, 13);
    r.card_value_overrides = {{make_card(13, suit::diamonds), 0}};
    r.rank_power[7] = r.rank_power[8] = power_kind::peek_own;
    r.rank_power[9] = r.rank_power[10] = power_kind::peek_opponent;
    r.rank_power[11] = r.rank_power[12] = power_kind::swap_any;
    r.matching = match_rule::any_layout;  // "All kings match each other": by rank
    r.extra_rows = 2;
    r.knocking = true;  // "calls 'Cabo' at any time during their turn"
    r.empty_layout_ends = true;
    r.empty_stock = empty_stock_rule::end_hand;
    return r;
}

ruleset cactus() {
    ruleset r = power_family();
    r.max_players = 6;
    r.initial_discard = false;  // "the first player must draw from the stock"
    r.rank_value = face_values(0, 2, 10, 10, 0);
    r.rank_power[6] = r.rank_power[7] = r.rank_power[8] = power_kind::peek_own;
    r.rank_power[9] = r.rank_power[10] = r.rank_power[11] = power_kind::peek_opponent;
    r.rank_power[12] = power_kind::swap_own_opponent;
    r.discard_power_reuse = true;
    r.claims = claim_rule::own_matching_top;
    r.wrong_claim_cards = 2;  // "take back their card and draw an additional two cards"
    r.extra_rows = 2;
    r.call_after_turn = true;                           // "calls 'Cactus' at the end of their turn"
    r.caller_bonus = caller_bonus_rule::set_to_points;  // "you score nothing"
    r.caller_bonus_points = 0;
    r.caller_penalty = caller_penalty_rule::add_points;
    r.caller_penalty_points = 10;
    r.caller_tie = caller_tie_rule::as_not_lowest;  // "The caller loses ties"
    r.at_or_below_caller_scores_zero = true;
    r.match_tie = match_tie_rule::play_off;
    r.winner_plays_first = true;                   // "The 'winner' of each round plays first in the next round"
    r.winner_tie = winner_tie_rule::caller_loses;  // "The caller loses ties ... they draw cards to decide"
    return r;
}

ruleset dacz() {
    ruleset r = power_family();
    r.rows = 1;  // "dealt 4 cards in a row and peeks at two of them"
    r.cols = 4;
    r.start_where = start_pattern::any;
    r.rank_value = face_values(0, 2, 11, 12, 13);
    r.card_value_overrides = {{make_card(13, suit::diamonds), 0}, {make_card(13, suit::hearts), 0}};
    r.rank_power[11] = power_kind::swap_any;
    r.rank_power[12] = power_kind::peek_any;
    r.call_after_turn = true;
    r.caller_penalty = caller_penalty_rule::add_points;
    r.caller_penalty_points = 10;
    r.caller_tie = caller_tie_rule::add_tie_points;
    r.caller_tie_points = 5;
    return r;
}

// 001/002 Wikipedia "Powers": Cambio escalated, six cards, every rank given a power (the queen a dud). Where the
// table is silent the preset's source says what was chosen.
ruleset powers() {
    ruleset r = power_family();
    r.cols = 3;                          // "You start the game with 6 cards"
    r.start_where = start_pattern::any;  // "can look at any two of them"
    r.knocking = true;                   // "The game can only end after knocking"
    r.rank_value = face_values(0, 2, 10, 10, 10);
    r.card_value_overrides = {{make_card(13, suit::diamonds), -1}, {make_card(13, suit::hearts), -1}};
    r.rank_power[3] = power_kind::shuffle_opponent;   // "Completely shuffle your opponent's 6 cards"
    r.rank_power[6] = power_kind::swap_own_opponent;  // "Swap any one of your cards for one of your opponent's"
    r.rank_power[10] = power_kind::peek_opponent;
    r.rank_power[11] = power_kind::peek_own;
    r.rank_power[13] = power_kind::cancel_call;       // "Black King: Cancels knock if ... drawn from the pile"
    r.turned_up_cancels_call = true;                  // "... if turned over from the opponent's hand"
    r.red_kings_powerless = true;                     // "Red King: Scores -1"
    r.rank_power[9] = power_kind::swap_in;            // "Can swap any card in your opponent's deck for the 9"
    r.rank_power[8] = power_kind::draw_two_keep_one;  // "Take the next two cards ... put either one (or the 8)"
    r.rank_power[7] = power_kind::swap_lines;         // "Swap a row/column with another one in your opponent's set"
    r.rank_power[5] = power_kind::shield;             // "Shield (Kept off to the side face-up ...)"
    r.rank_power[4] = power_kind::turn_card;          // "Turn one of your opponent's cards face up/... face down"
    r.rank_power[1] = power_kind::add_or_remove;      // "Add one card to your opponent's set/remove one ..."
    r.rank_power[2] = power_kind::two_powers;         // "any combination (without repeats) of two powers from 3"
    r.extra_rows = 2;                                 // room for the cards an ace adds
    return r;
}

// The draw-and-discard games, 4 to 10 cards.
std::vector<preset> classic_presets() {
    return {
        {"four-card", "000 pagat.com, Four-Card Golf (base game)",
         "2x2 face down, peek at the two nearest, new cards face down, knock to end, no pairs", four_card()},
        {"four-card-jokers",
         "003 (4 Card Golf blog): 54-card pack, peek at any two, Q 20, joker -5, column pairs, caller +10 if not "
         "lowest",
         "2x2 with jokers (-5), queens 20, column pairs cancel, knock to end, caller not lowest +10",
         four_card_jokers()},
        {"six-card",
         "000 pagat.com and 001/002 Wikipedia, Six-Card Golf; pagat's choices where they differ: no flip after "
         "discarding, play ends at once when a layout is face up",
         "2x3, turn up any two, column pairs score zero, twos -2, ends when a layout is face up", six_card()},
        {"six-card-oakes",
         "004 Dick Oakes: 2 jokers per deck (-2), two decks for 4+, a drawn card may be thrown back, last round "
         "from the stock only after everyone turns up, side-by-side pairs add 10 to every other player",
         "2x3 with jokers, turn up a column, final round from the stock only, 4 of a kind side by side",
         six_card_oakes()},
        {"eight-card",
         "000 pagat.com, Eight Card Golf (after Bill Whitnack): 108 cards, a column turned up at the first turn",
         "2x4, 2 decks + 4 jokers (-5), flip after discarding, two equal column pairs -10", eight_card()},
        {"nine-card",
         "000 pagat.com, Nine Card Golf (Crazy Nines), played as Six-Card Golf; 001/002 Wikipedia agree that play "
         "ends at once",
         "3x3, 2 decks, turn up three, a column of three equal scores zero", nine_card()},
        {"ten-card", "000 pagat.com, Ten Card Golf: two decks, five columns of two, played as Six-Card Golf",
         "2x5, 2 decks, turn up any two, column pairs score zero", ten_card()},
    };
}

// Golf with power cards.
std::vector<preset> power_presets() {
    return {
        {"cambio",
         "000 pagat.com, Golf with Power Cards (Ashbir Dhillon's Malaysian game), and 001/002 Wikipedia (Cambio): "
         "J peek own, Q peek opponent, K blind swap, joker shuffles an opponent, no knocking, the hand ends when the "
         "stock runs out. Chosen where silent: 2x2, peek at the nearer row, a match to 100",
         "2x2 face down, peek at two, J/Q/K/joker powers, no knocking, ends with the stock", cambio()},
        {"pablo",
         "000 pagat.com, Golf with Power Cards (John Roberts's Pablo): jokers -5, 7 look then swap, 8 peek at any "
         "card, replace two or more equal cards, call 'Pablo' at the end of a turn (-10 if lowest, else plus the "
         "highest opponent; a tie changes nothing), to 100. Chosen where silent: the stock is reshuffled",
         "2x2 face down, 7 look and swap, 8 peek, replace equal sets, Pablo caller -10 or plus the highest", pablo()},
        {"cumbia",
         "000 pagat.com, Golf with Power Cards (Andrew Soule's Cumbia): 2D -10, red kings -5, 4/5 peek own, 6/7 "
         "peek opponent, 10 swap any two, J look at two and swap or not, power cards never in a layout, any seat "
         "throws a card of equal value onto a discard (one per discard; a wrong claim on another's card costs 10), "
         "7 deals. Chosen where silent: calling is a turn of its own",
         "2x2 face down, power cards only used or discarded, equal-value claims out of turn, 7 deals", cumbia()},
        {"cabo",
         "000 pagat.com, Golf with Power Cards (Chris Smyth's Cabo): KD 0, kings 13, 7/8 peek own, 9/10 peek "
         "another's, J/Q swap any two, match the drawn card against equal cards in any layout (an unseen penalty "
         "card for a wrong try), call 'Cabo' as a turn, ends when a layout is empty or the stock runs out. Chosen "
         "where silent: no caller bonus, a match to 100",
         "2x2 face down, peeks and swaps, match equal cards anywhere, Cabo call", cabo()},
        {"cactus",
         "000 pagat.com, Golf with Power Cards (Connor Chew's Vancouver Cactus): no first discard, K 0, 6-8 peek "
         "own, 9-J peek opponent, Q blind swap, a turn may use the unused power of the top discard, anyone throws a "
         "card equal to the top discard out of turn (two penalty cards if wrong), call at the end of a turn (0 if "
         "lowest, else plus 10; the caller loses ties; opponents at or below the caller score 0), to 100, ties "
         "played off, the lowest layout plays first in the next round (the caller loses ties, others tied draw "
         "cards). Chosen where silent: one claim per discard; the tie-break draw comes from the finished round's "
         "seed, the lowest card (ace low) wins",
         "2x2 face down, peeks and a blind swap, out-of-turn throws, Cactus call", cactus()},
        {"dacz",
         "000 pagat.com, Golf with Power Cards (Kamila A. Sledz's Polish Dacz): four in a row, J swap any two, Q "
         "peek at any card, red kings 0, black kings 13, call 'dacz' at the end of a turn (+10 if someone is lower, "
         "+5 if tied), to 100. Chosen where silent: no jokers, the stock is reshuffled",
         "1x4 face down, J swap, Q peek, Dacz call +10 / +5", dacz()},
        {"powers",
         "001/002 Wikipedia, Powers (Cambio escalated): six cards face down, look at any two, play ends only by a "
         "knock, red kings -1, a black king drawn from the stock or turned over in a layout cancels a knock, Q a "
         "dud, J peek at your own, 10 peek at an opponent's, 9 goes into an opponent's layout for one of their "
         "cards, 8 look at the next two cards and keep one of the three, 7 swap two rows or two columns of an "
         "opponent, 6 blind swap of one of yours with an opponent's, 5 shield, 4 turn an opponent's card up or one "
         "of yours down, 3 shuffles an opponent's cards, 2 two different powers of 3 to K, A add an unseen card to "
         "an opponent or discard one of yours. Chosen where silent: 2x3 and two empty rows for added cards, Cambio's "
         "values (A 1, 2-10 as marked, J, Q and black K 10), no jokers, no pairs cancel, the stock is reshuffled, a "
         "match to 100; the 9 goes face down, known to its giver only, and the card it replaces is discarded face "
         "up; of the 8's three cards the rest are discarded face up; a kept shield scores nothing and blocks the "
         "next power aimed at its owner at once (the owner is not asked), both then spent; an ace adds to the first "
         "empty position and cannot add to a full layout; a 2 that uses the 9 or 5 power puts in or keeps the 2",
         "2x3 face down, peek at two, every rank a power, red K -1, black K cancels a knock, knock to end", powers()},
    };
}

std::vector<preset> make_presets() {
    std::vector<preset> all = classic_presets();
    for (preset& p : power_presets()) all.push_back(std::move(p));
    return all;
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
