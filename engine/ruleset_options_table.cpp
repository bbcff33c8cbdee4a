// The table of ruleset options: one row per option, with its name, group, help, range or choices. The public
// contract is here: these names are JSON keys, --set names and protocol fields. How each kind of row is read, written
// and checked is in ruleset_option_kinds.hpp; finding, printing and checking options is in ruleset_options.cpp.
#include <array>
#include <iterator>

#include "engine/ruleset_option_kinds.hpp"

namespace golf::option_detail {

namespace {

// Choice names, in enum order.
constexpr std::string_view start_choices[] = {"none", "flip", "peek"};
constexpr std::string_view start_where_choices[] = {"any", "same_column", "different_columns", "middle_and_outer",
                                                    "nearest_row"};
constexpr std::string_view start_when_choices[] = {"before_play", "first_turn"};
constexpr std::string_view discard_flip_choices[] = {"none", "optional", "compulsory", "compulsory_unless_one_left"};
constexpr std::string_view all_face_up_choices[] = {"ends_immediately", "final_round", "when_everyone", "nothing"};
constexpr std::string_view empty_stock_choices[] = {"reshuffle", "end_hand"};
constexpr std::string_view caller_penalty_choices[] = {
    "none", "add_points", "double_plus_points", "set_to_highest", "add_highest", "add_twice_players", "add_lowest"};
constexpr std::string_view caller_bonus_choices[] = {"none", "zero", "minus_players", "minus_points", "set_to_points"};
constexpr std::string_view caller_tie_choices[] = {"as_lowest", "as_not_lowest", "no_adjustment", "add_tie_points"};
constexpr std::string_view match_tie_choices[] = {"shared", "play_off"};
constexpr std::string_view power_choices[] = {
    "none",           "peek_own",       "peek_opponent",    "peek_any",      "swap_own_opponent", "swap_any",
    "peek_then_swap", "peek_both_swap", "shuffle_opponent", "cancel_call",   "swap_in",           "draw_two_keep_one",
    "swap_lines",     "shield",         "turn_card",        "add_or_remove", "two_powers"};
constexpr std::string_view winner_tie_choices[] = {"draw_cards", "caller_loses"};
constexpr std::string_view matching_choices[] = {"none", "own_equal_set", "any_layout"};
constexpr std::string_view claims_choices[] = {"none", "own_matching_top", "any_matching_top"};

constexpr std::string_view power_help =
    "What a card of this rank drawn from the stock may do instead of being played (it is then discarded): none, "
    "peek_own (look at one of yours), peek_opponent (at another seat's card), peek_any, swap_own_opponent (exchange "
    "one of yours with another seat's, unseen), swap_any (any two cards, unseen), peek_then_swap (look at another "
    "seat's card, then exchange it with one of yours), peek_both_swap (look at one of yours and one of another "
    "seat's, then exchange them or not), shuffle_opponent (another seat's face-down cards are shuffled) or "
    "cancel_call (only while a call is in force: the call is cancelled and play goes on), swap_in (the card goes "
    "face down, known to you, in place of another seat's card, which is discarded face up), draw_two_keep_one (look "
    "at the next two stock cards and put one of them or this card in place of one of yours; the rest are "
    "discarded), swap_lines (two rows or two columns of another seat's layout exchange places), shield (kept face up "
    "beside your layout, scoring nothing, it blocks the next power another seat aims at you), turn_card (turn "
    "another seat's face-down card up, or one of yours down), add_or_remove (the top stock card goes unseen into "
    "another seat's first empty position, or one of your cards is discarded face up) or two_powers (use two "
    "different powers of the ranks 3 to king, one after the other).";

template <std::size_t Rank>
constexpr option_entry rank_power(std::string_view name, std::string_view help) {
    return {
        {name, "powers", help, option_kind::choice, 0, static_cast<int>(std::size(power_choices)) - 1, power_choices},
        &get_rank_power<Rank>,
        &set_rank_power<Rank>,
        &check_rank_power<Rank>};
}

// The public contract: these names are JSON keys, --set names and protocol fields. These ranges and choices are
// the only ones: set_option parses within them and validate() checks them through check_option_ranges().
constexpr option_entry entries[] = {
    integer<&ruleset::min_players>("min_players", "table", "The fewest players a table may start with.", 2,
                                   max_seats_limit),
    integer<&ruleset::max_players>("max_players", "table", "The most players a table may seat.", 2, max_seats_limit),

    integer<&ruleset::base_packs>("base_packs", "cards",
                                  "How many 52-card packs are shuffled together for the smallest tables.", 1, 8),
    integer_list<&ruleset::extra_pack_above>(
        "extra_pack_above", "cards",
        "One more pack is added for each listed player count the table exceeds (4,8: a second pack from 5 players, "
        "a third from 9).",
        "player counts", 2, max_seats_limit),
    integer<&ruleset::jokers_per_pack>("jokers_per_pack", "cards", "How many jokers each pack adds.", 0, 4),

    integer<&ruleset::rows>("rows", "layout", "How many rows of cards each player lays out.", 1, max_rows_limit),
    integer<&ruleset::cols>("cols", "layout", "How many columns of cards each player lays out.", 1, max_cols_limit),
    integer<&ruleset::extra_rows>("extra_rows", "layout",
                                  "Rows below the dealt grid that start empty and take the cards a layout gains "
                                  "(penalty cards, failed matches); they never cancel.",
                                  0, 6),

    choice<&ruleset::start>("start", "start",
                            "What players do with some of their own cards as a hand starts: none (every card stays "
                            "unknown), flip (turn them face up for everyone) or peek (look at them privately).",
                            start_choices),
    integer<&ruleset::start_count>("start_count", "start",
                                   "How many cards each player flips or peeks at as a hand starts (0 when start is "
                                   "none).",
                                   0, max_rows_limit* max_cols_limit),
    choice<&ruleset::start_where>("start_where", "start",
                                  "Which cards the start may touch: any, same_column (all in one column), "
                                  "different_columns (no two in one column), middle_and_outer (one from the middle "
                                  "column and one from an outer column) or nearest_row (only the row nearest the "
                                  "player).",
                                  start_where_choices),
    choice<&ruleset::start_when>("start_when", "start",
                                 "When the start happens: before_play (everyone, after the deal) or first_turn (each "
                                 "player at the start of their own first turn).",
                                 start_when_choices),
    boolean<&ruleset::rearrange_after_start>(
        "rearrange_after_start", "start",
        "After the start, players may move their own cards around without looking at them."),
    boolean<&ruleset::peeks_shown_once>(
        "peeks_shown_once", "start",
        "A memory game: a face-down card a player looks at is shown to them once, when they look, and never again."),

    boolean<&ruleset::initial_discard>("initial_discard", "turns",
                                       "The top card of the stock is turned up to start the discard pile."),
    boolean<&ruleset::new_card_face_up>("new_card_face_up", "turns",
                                        "A card taken into the layout goes face up; when false it goes face down, "
                                        "known only to its owner."),
    choice<&ruleset::discard_flip>("discard_flip", "turns",
                                   "After discarding a card drawn from the stock: none (the turn ends), optional (the "
                                   "player may turn a face-down card up), compulsory (they must, while any card is "
                                   "face down) or compulsory_unless_one_left (they must, unless only one card is face "
                                   "down).",
                                   discard_flip_choices),
    boolean<&ruleset::taken_discard_must_be_used>(
        "taken_discard_must_be_used", "turns",
        "A card taken from the discard pile must go into the layout, not straight back onto the pile."),
    boolean<&ruleset::flip_only_turn>("flip_only_turn", "turns", "A turn may be just turning one face-down card up."),
    boolean<&ruleset::knocking>("knocking", "turns",
                                "A turn may be a knock, after which everyone else has one more turn."),
    boolean<&ruleset::reveal_all_turn>("reveal_all_turn", "turns",
                                       "A turn may be turning every remaining card face up, which ends play."),
    boolean<&ruleset::face_up_locked>("face_up_locked", "turns", "A face-up card cannot be replaced."),
    boolean<&ruleset::frozen_columns>("frozen_columns", "turns",
                                      "A column whose cards are all face up cannot be changed."),
    boolean<&ruleset::unseen_replace_once>("unseen_replace_once", "turns",
                                           "A position not looked at during the start may be replaced once only."),
    integer<&ruleset::look_cost>("look_cost", "turns",
                                 "Above 0, a player may look at one of their own face-down cards during their turn "
                                 "for this many points.",
                                 0, 100),
    boolean<&ruleset::jack_skips_next>("jack_skips_next", "turns",
                                       "A jack put on the discard pile makes the next player miss a turn."),
    integer<&ruleset::turn_limit>("turn_limit", "turns",
                                  "Above 0, the hand ends after this many turns, a guard against stalling.", 0, 100000),

    rank_power<0>("power_joker", power_help),
    rank_power<1>("power_ace", power_help),
    rank_power<2>("power_two", power_help),
    rank_power<3>("power_three", power_help),
    rank_power<4>("power_four", power_help),
    rank_power<5>("power_five", power_help),
    rank_power<6>("power_six", power_help),
    rank_power<7>("power_seven", power_help),
    rank_power<8>("power_eight", power_help),
    rank_power<9>("power_nine", power_help),
    rank_power<10>("power_ten", power_help),
    rank_power<11>("power_jack", power_help),
    rank_power<12>("power_queen", power_help),
    rank_power<13>("power_king", power_help),
    boolean<&ruleset::power_cards_unplaceable>("power_cards_unplaceable", "powers",
                                               "A card with a power can never go into a layout: it is used or "
                                               "discarded (and cannot be taken from the discard pile)."),
    boolean<&ruleset::discard_power_reuse>("discard_power_reuse", "powers",
                                           "A turn may be using the power of the top discard when nobody used it "
                                           "yet; the card stays on the pile."),
    choice<&ruleset::matching>("matching", "powers",
                               "Using the held card against layout cards: none, own_equal_set (replace two or more "
                               "equal cards of your own; unequal ones stay and the held card joins your layout) or "
                               "any_layout (throw equal cards from any layout, giving one of yours for another "
                               "seat's; each wrong try adds an unseen stock card to your layout).",
                               matching_choices),
    choice<&ruleset::claims>("claims", "powers",
                             "Out-of-turn claims on the top discard, one per discard: none, own_matching_top (any "
                             "seat throws an equal card of its own) or any_matching_top (any seat throws an equal "
                             "card from any layout, giving one of its own for another seat's).",
                             claims_choices),
    boolean<&ruleset::match_by_value>("match_by_value", "powers",
                                      "Cards match when their point values are equal, not their ranks."),
    integer<&ruleset::wrong_claim_cards>(
        "wrong_claim_cards", "powers", "Unseen stock cards added to the layout of a seat whose claim is wrong.", 0, 4),
    points<&ruleset::wrong_claim_points>("wrong_claim_points", "powers",
                                         "Points for a wrong claim on another seat's card."),
    boolean<&ruleset::call_after_turn>("call_after_turn", "powers",
                                       "At the end of each turn its player may call: everyone else has one more "
                                       "turn, then the hand ends."),
    boolean<&ruleset::red_kings_powerless>("red_kings_powerless", "powers",
                                           "Only black kings have the kings' power; a red king drawn from the stock "
                                           "is a normal card (Powers)."),
    boolean<&ruleset::turned_up_cancels_call>("turned_up_cancels_call", "powers",
                                              "A card with the cancel_call power that a power turns face up in a "
                                              "layout cancels the call in force (Powers' black king)."),

    choice<&ruleset::all_face_up>("all_face_up", "end",
                                  "When one player's layout is all face up: ends_immediately (the hand ends at once), "
                                  "final_round (every other player has one more turn), when_everyone (the hand ends "
                                  "when every layout is face up) or nothing (only knocking or the stock ends it).",
                                  all_face_up_choices),
    boolean<&ruleset::final_turn_stock_only>("final_turn_stock_only", "end",
                                             "In the final round, players may draw only from the stock."),
    boolean<&ruleset::expose_on_end>("expose_on_end", "end",
                                     "When play starts to end, everyone else turns their cards face up."),
    choice<&ruleset::empty_stock>("empty_stock", "end",
                                  "When the stock runs out: reshuffle (the discards under the top card become a new "
                                  "stock) or end_hand (the hand ends).",
                                  empty_stock_choices),
    boolean<&ruleset::empty_layout_ends>("empty_layout_ends", "end",
                                         "The hand ends as soon as a layout has no card left."),

    rank_value<0>("value_joker", "Points for a joker."),
    rank_value<1>("value_ace", "Points for an ace."),
    rank_value<2>("value_two", "Points for a two."),
    rank_value<3>("value_three", "Points for a three."),
    rank_value<4>("value_four", "Points for a four."),
    rank_value<5>("value_five", "Points for a five."),
    rank_value<6>("value_six", "Points for a six."),
    rank_value<7>("value_seven", "Points for a seven."),
    rank_value<8>("value_eight", "Points for an eight."),
    rank_value<9>("value_nine", "Points for a nine."),
    rank_value<10>("value_ten", "Points for a ten."),
    rank_value<11>("value_jack", "Points for a jack."),
    rank_value<12>("value_queen", "Points for a queen."),
    rank_value<13>("value_king", "Points for a king."),
    card_values<&ruleset::card_value_overrides>(
        "card_value_overrides", "scoring",
        "Points for particular cards instead of their rank's value, as CARD:POINTS pairs (QS:40,JH:0; X:-5 for "
        "jokers)."),
    boolean<&ruleset::cancel_column>("cancel_column", "scoring", "A full column of equal cards scores zero."),
    boolean<&ruleset::cancel_row>("cancel_row", "scoring", "A full row of equal cards scores zero."),
    boolean<&ruleset::cancel_diagonal>("cancel_diagonal", "scoring",
                                       "A full diagonal of equal cards scores zero (square layouts only)."),
    boolean<&ruleset::cancel_pairs_anywhere>("cancel_pairs_anywhere", "scoring",
                                             "Equal cards anywhere in the layout cancel in pairs."),
    boolean<&ruleset::cancel_adjacent_pairs>("cancel_adjacent_pairs", "scoring",
                                             "Equal cards side by side or one above the other score zero."),
    boolean<&ruleset::cancelled_negatives_keep_value>("cancelled_negatives_keep_value", "scoring",
                                                      "A cancelled card worth less than zero keeps its value."),
    boolean<&ruleset::one_eyed_jacks_wild>("one_eyed_jacks_wild", "scoring",
                                           "The jacks of spades and hearts match any card."),
    points<&ruleset::bonus_equal_column_pairs>(
        "bonus_equal_column_pairs", "scoring",
        "Points added for each two cancelled columns of one rank (for example -10)."),
    points<&ruleset::bonus_square_block>(
        "bonus_square_block", "scoring",
        "Points for each 2x2 block of equal cards, in place of its cards (-25 for those four cards); overlapping "
        "blocks count."),
    points<&ruleset::bonus_all_equal>("bonus_all_equal", "scoring",
                                      "Points for a whole layout of one rank, in place of its cards (six equal: -20)."),
    points<&ruleset::bonus_row_of_kings>(
        "bonus_row_of_kings", "scoring",
        "Points for each full row of kings, in place of the kings (four kings on one side: -16)."),
    points<&ruleset::others_penalty_side_by_side_pairs>(
        "others_penalty_side_by_side_pairs", "scoring",
        "Points added to every other player for each two equal column pairs side by side (for example 10)."),
    optional_points<&ruleset::straight_score>(
        "straight_score", "scoring",
        "A layout forming one straight of distinct ranks scores this instead (for example -12); off for no such rule."),
    optional_points<&ruleset::shoot_the_moon>(
        "shoot_the_moon", "scoring",
        "A layout scoring at least this scores 0 and everyone else scores this instead; off for no such rule."),
    boolean<&ruleset::four_of_a_kind_wins_match>("four_of_a_kind_wins_match", "scoring",
                                                 "Four cards of one rank in a layout win the whole match."),
    choice<&ruleset::caller_penalty>(
        "caller_penalty", "scoring",
        "What happens to the caller (who knocked or first went face up) without the lowest score: none, add_points "
        "(+ caller_penalty_points), double_plus_points (twice the score + caller_penalty_points), set_to_highest "
        "(the hand's highest score), add_highest (+ the highest opponent's score), add_twice_players (+ twice the "
        "number of players) or add_lowest (+ the lowest opponent's score).",
        caller_penalty_choices),
    points<&ruleset::caller_penalty_points>("caller_penalty_points", "scoring",
                                            "The points caller_penalty add_points and double_plus_points add."),
    choice<&ruleset::caller_bonus>("caller_bonus", "scoring",
                                   "What happens to the caller with the lowest score: none, zero (a positive score "
                                   "becomes zero), minus_players (- the number of players), minus_points (- "
                                   "caller_bonus_points) or set_to_points (exactly caller_bonus_points).",
                                   caller_bonus_choices),
    points<&ruleset::caller_bonus_points>("caller_bonus_points", "scoring",
                                          "The points caller_bonus minus_points and set_to_points use."),
    choice<&ruleset::caller_tie>("caller_tie", "scoring",
                                 "When the caller ties with the lowest opponent: as_lowest (the bonus applies), "
                                 "as_not_lowest (the penalty applies), no_adjustment (neither) or add_tie_points (+ "
                                 "caller_tie_points).",
                                 caller_tie_choices),
    points<&ruleset::caller_tie_points>("caller_tie_points", "scoring",
                                        "The points caller_tie add_tie_points adds to a caller who ties."),
    boolean<&ruleset::at_or_below_caller_scores_zero>(
        "at_or_below_caller_scores_zero", "scoring",
        "A player whose layout scores no more than the caller's layout scores 0 for the hand."),
    boolean<&ruleset::lowest_scores_zero>("lowest_scores_zero", "scoring",
                                          "The lowest score of each hand is recorded as zero."),
    boolean<&ruleset::remove_completed_lines>("remove_completed_lines", "scoring",
                                              "Full cancelling lines leave the layout as soon as they are face up."),

    integer<&ruleset::holes>("holes", "match", "How many hands (holes) make a match; 0 for no fixed number.", 0, 1000),
    integer<&ruleset::target_score>("target_score", "match",
                                    "Above 0, the match ends after a hole in which someone reaches this total.", 0,
                                    100000),
    choice<&ruleset::match_tie>("match_tie", "match",
                                "When players tie on the lowest total: shared (they all win) or play_off (further "
                                "holes are played until one player is lowest).",
                                match_tie_choices),
    boolean<&ruleset::winner_plays_first>("winner_plays_first", "match",
                                          "The seat with the lowest layout in a hole plays first in the next (the "
                                          "deal goes to the seat before it); otherwise the deal passes to the left."),
    choice<&ruleset::winner_tie>("winner_tie", "match",
                                 "Under winner_plays_first, seats tied on the lowest layout: draw_cards (each draws a "
                                 "card from a pack shuffled by the finished hole's seed; the lowest card, ace low, "
                                 "plays first, ties draw again) or caller_loses (a tied caller loses the tie; the "
                                 "others still tied draw cards).",
                                 winner_tie_choices),
};

constexpr auto infos = [] {
    std::array<option_info, std::size(entries)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = entries[i].info;
    return out;
}();

}  // namespace

std::span<const option_entry> option_entries() { return entries; }
std::span<const option_info> option_infos() { return infos; }

}  // namespace golf::option_detail
