// The table of ruleset options: one row per option, with its name, group, words for players (a short label and one
// plain sentence), range or choices. The public contract is here: these names are JSON keys, --set names and
// protocol fields; the labels, help and choice words are what the house-rules editor, the rules panel and
// `golf rules` show a player. How each kind of row is read, written and checked is in ruleset_option_kinds.hpp;
// finding, printing and checking options is in ruleset_options.cpp.
#include <array>
#include <iterator>

#include "engine/ruleset_option_kinds.hpp"

namespace golf::option_detail {

namespace {

// Choice names, in enum order, each followed by the same choices in a player's words.
constexpr std::string_view start_choices[] = {"none", "flip", "peek"};
constexpr std::string_view start_words[] = {"Nothing: every card stays unknown",
                                            "Each player turns a few of their cards face up",
                                            "Each player looks at a few of their cards secretly"};
constexpr std::string_view start_where_choices[] = {"any", "same_column", "different_columns", "middle_and_outer",
                                                    "nearest_row"};
constexpr std::string_view start_where_words[] = {"Any of your cards", "All in one column", "No two in the same column",
                                                  "One in the middle column and one in an outer column",
                                                  "Only the row nearest you"};
constexpr std::string_view start_when_choices[] = {"before_play", "first_turn"};
constexpr std::string_view start_when_words[] = {"Everyone, before play begins",
                                                 "Each player, at the start of their first turn"};
constexpr std::string_view discard_flip_choices[] = {"none", "optional", "compulsory", "compulsory_unless_one_left"};
constexpr std::string_view discard_flip_words[] = {"No", "You may", "You must",
                                                   "You must, unless only one of your cards is face down"};
constexpr std::string_view all_face_up_choices[] = {"ends_immediately", "final_round", "when_everyone", "nothing"};
constexpr std::string_view all_face_up_words[] = {"The hole ends at once", "Everyone else has one more turn",
                                                  "Play goes on until everyone's cards are face up",
                                                  "Nothing happens; play goes on"};
constexpr std::string_view empty_stock_choices[] = {"reshuffle", "end_hand"};
constexpr std::string_view empty_stock_words[] = {"The discards are shuffled into a new stock", "The hole ends"};
constexpr std::string_view caller_penalty_choices[] = {
    "none", "add_points", "double_plus_points", "set_to_highest", "add_highest", "add_twice_players", "add_lowest"};
constexpr std::string_view caller_penalty_words[] = {"Nothing",
                                                     "They add the penalty points",
                                                     "Their score is doubled, then the penalty points added",
                                                     "They score the hole's highest score",
                                                     "They add the highest other player's score",
                                                     "They add twice the number of players",
                                                     "They add the lowest other player's score"};
constexpr std::string_view caller_bonus_choices[] = {"none", "zero", "minus_players", "minus_points", "set_to_points"};
constexpr std::string_view caller_bonus_words[] = {"Nothing", "A score above zero becomes zero",
                                                   "They take off the number of players",
                                                   "They take off the bonus points", "They score the bonus points"};
constexpr std::string_view caller_tie_choices[] = {"as_lowest", "as_not_lowest", "no_adjustment", "add_tie_points"};
constexpr std::string_view caller_tie_words[] = {"They count as lowest", "They count as not lowest",
                                                 "Neither bonus nor penalty", "They add the tie points"};
constexpr std::string_view match_tie_choices[] = {"shared", "play_off"};
constexpr std::string_view match_tie_words[] = {"They share the win", "More holes until one of them is lowest"};
constexpr std::string_view power_choices[] = {
    "none",           "peek_own",       "peek_opponent",    "peek_any",      "swap_own_opponent", "swap_any",
    "peek_then_swap", "peek_both_swap", "shuffle_opponent", "cancel_call",   "swap_in",           "draw_two_keep_one",
    "swap_lines",     "shield",         "turn_card",        "add_or_remove", "two_powers"};
constexpr std::string_view power_words[] = {"No power",
                                            "Look at one of your cards",
                                            "Look at another player's card",
                                            "Look at any card",
                                            "Swap one of yours with another player's, unseen",
                                            "Swap any two cards, unseen",
                                            "Look at another player's card, then swap it with one of yours",
                                            "Look at one of yours and one of another player's, then swap them or not",
                                            "Shuffle another player's face-down cards",
                                            "Cancel the knock or call in force",
                                            "Put it face down in place of another player's card, which is discarded",
                                            "Look at the next two cards and keep one of the three",
                                            "Swap two rows or two columns of another player's cards",
                                            "Keep it as a shield against the next power aimed at you",
                                            "Turn another player's card face up, or one of yours face down",
                                            "Give another player an unseen card, or discard one of yours",
                                            "Use two different powers of the three to the king"};
constexpr std::string_view winner_tie_choices[] = {"draw_cards", "caller_loses"};
constexpr std::string_view winner_tie_words[] = {"Each draws a card: the lowest plays first",
                                                 "A tied caller loses; the others draw cards"};
constexpr std::string_view matching_choices[] = {"none", "own_equal_set", "any_layout"};
constexpr std::string_view matching_words[] = {
    "No", "Replace two or more equal cards of your own at once",
    "Throw out equal cards from any layout, giving one of yours for another player's"};
constexpr std::string_view claims_choices[] = {"none", "own_matching_top", "any_matching_top"};
constexpr std::string_view claims_words[] = {
    "No", "Anyone may throw an equal card of their own onto it",
    "Anyone may throw an equal card from any layout onto it, giving one of theirs for another player's"};

static_assert(std::size(power_choices) == std::size(power_words));

template <std::size_t Rank>
constexpr option_entry rank_power(std::string_view name, std::string_view label, std::string_view help) {
    constexpr int last = static_cast<int>(std::size(power_choices)) - 1;
    return {{name, "powers", help, option_kind::choice, 0, last, power_choices, label, {}, power_words},
            &get_rank_power<Rank>,
            &set_rank_power<Rank>,
            &check_rank_power<Rank>};
}

// The public contract: these names are JSON keys, --set names and protocol fields. These ranges and choices are
// the only ones: set_option parses within them and validate() checks them through check_option_ranges().
constexpr option_entry entries[] = {
    integer<&ruleset::min_players>("min_players", "table", "Fewest players",
                                   "A table cannot start with fewer players than this.", "players", 2, max_seats_limit),
    integer<&ruleset::max_players>("max_players", "table", "Most players", "A table has at most this many seats.",
                                   "players", 2, max_seats_limit),

    integer<&ruleset::base_packs>("base_packs", "cards", "Packs of cards",
                                  "How many 52-card packs are shuffled together for a small table.", "packs", 1, 8),
    integer_list<&ruleset::extra_pack_above>(
        "extra_pack_above", "cards", "One more pack above",
        "One more pack is added for each of these numbers of players the table goes over (4, 8: a second pack from "
        "5 players, a third from 9).",
        "players", "player counts", 2, max_seats_limit),
    integer<&ruleset::jokers_per_pack>("jokers_per_pack", "cards", "Jokers in each pack",
                                       "How many jokers each pack adds (0 for none).", "jokers", 0, 4),

    integer<&ruleset::rows>("rows", "layout", "Rows of cards", "How many rows of cards each player is dealt.", "rows",
                            1, max_rows_limit),
    integer<&ruleset::cols>("cols", "layout", "Cards in a row", "How many cards each row of a player's cards holds.",
                            "cards", 1, max_cols_limit),
    integer<&ruleset::extra_rows>("extra_rows", "layout", "Spare rows",
                                  "Empty rows below a player's cards for the cards they are given (after a wrong "
                                  "throw, say); cards there never cancel.",
                                  "rows", 0, 6),

    choice<&ruleset::start>("start", "start", "At the start of a hole",
                            "What each player does with a few of their own cards before play begins.", start_choices,
                            start_words),
    integer<&ruleset::start_count>("start_count", "start", "Cards turned up or looked at",
                                   "How many of their cards each player turns up or looks at as a hole starts.",
                                   "cards", 0, max_rows_limit* max_cols_limit),
    choice<&ruleset::start_where>("start_where", "start", "Which cards at the start",
                                  "Which of their cards a player may turn up or look at as a hole starts.",
                                  start_where_choices, start_where_words),
    choice<&ruleset::start_when>("start_when", "start", "When the start happens",
                                 "When players turn up or look at their first cards.", start_when_choices,
                                 start_when_words),
    boolean<&ruleset::rearrange_after_start>(
        "rearrange_after_start", "start", "Rearrange after the start",
        "After the start, players may move their own cards around without looking at them."),
    boolean<&ruleset::peeks_shown_once>(
        "peeks_shown_once", "start", "Memory game",
        "A face-down card you look at is shown to you only at that moment, so you must remember it."),

    boolean<&ruleset::initial_discard>("initial_discard", "turns", "Start the discard pile",
                                       "The top card of the stock is turned up to start the discard pile."),
    boolean<&ruleset::new_card_face_up>("new_card_face_up", "turns", "New cards go face up",
                                        "A card you put among your cards goes face up for all to see; otherwise it "
                                        "goes face down and only you know it."),
    choice<&ruleset::discard_flip>("discard_flip", "turns", "Turn a card up after discarding",
                                   "Whether you turn one of your face-down cards up after discarding the card you "
                                   "drew from the stock.",
                                   discard_flip_choices, discard_flip_words),
    boolean<&ruleset::taken_discard_must_be_used>(
        "taken_discard_must_be_used", "turns", "A taken discard must be used",
        "A card taken from the discard pile must go among your cards, not straight back onto the pile."),
    boolean<&ruleset::flip_only_turn>("flip_only_turn", "turns", "Turning a card up is a turn",
                                      "Your whole turn may be turning one of your face-down cards up."),
    boolean<&ruleset::knocking>("knocking", "turns", "Knocking",
                                "Instead of a turn you may knock: everyone else has one more turn, then the hole "
                                "ends."),
    boolean<&ruleset::reveal_all_turn>("reveal_all_turn", "turns", "Turning everything up is a turn",
                                       "Your turn may be turning all your remaining cards face up, which ends play."),
    boolean<&ruleset::face_up_locked>("face_up_locked", "turns", "Face-up cards stay",
                                      "A face-up card cannot be replaced."),
    boolean<&ruleset::frozen_columns>("frozen_columns", "turns", "Face-up columns are frozen",
                                      "A column whose cards are all face up cannot be changed."),
    boolean<&ruleset::unseen_replace_once>("unseen_replace_once", "turns", "Unseen cards replaced once",
                                           "A card you did not look at during the start may be replaced only once."),
    integer<&ruleset::look_cost>("look_cost", "turns", "Price of a look",
                                 "Above 0, you may look at one of your own face-down cards during your turn for this "
                                 "many points (0: no looking).",
                                 "points", 0, 100),
    boolean<&ruleset::jack_skips_next>("jack_skips_next", "turns", "A jack skips the next player",
                                       "A jack put on the discard pile makes the next player miss a turn."),
    integer<&ruleset::turn_limit>("turn_limit", "turns", "Turn limit",
                                  "Above 0, a hole ends after this many turns, so that nobody can stall for ever (0: "
                                  "no limit).",
                                  "turns", 0, 100000),

    rank_power<0>("power_joker", "Joker's power",
                  "What a joker drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<1>("power_ace", "Ace's power",
                  "What an ace drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<2>("power_two", "Two's power",
                  "What a two drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<3>("power_three", "Three's power",
                  "What a three drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<4>("power_four", "Four's power",
                  "What a four drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<5>("power_five", "Five's power",
                  "What a five drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<6>("power_six", "Six's power",
                  "What a six drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<7>("power_seven", "Seven's power",
                  "What a seven drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<8>("power_eight", "Eight's power",
                  "What an eight drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<9>("power_nine", "Nine's power",
                  "What a nine drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<10>("power_ten", "Ten's power",
                   "What a ten drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<11>("power_jack", "Jack's power",
                   "What a jack drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<12>("power_queen", "Queen's power",
                   "What a queen drawn from the stock can do if you discard it instead of keeping it."),
    rank_power<13>("power_king", "King's power",
                   "What a king drawn from the stock can do if you discard it instead of keeping it."),
    boolean<&ruleset::power_cards_unplaceable>("power_cards_unplaceable", "powers", "Power cards cannot be kept",
                                               "A card with a power never goes among your cards: it is used or "
                                               "discarded, and cannot be taken from the discard pile."),
    boolean<&ruleset::discard_power_reuse>("discard_power_reuse", "powers", "Use the top discard's power",
                                           "Your turn may be using the power of the top discard if nobody has used "
                                           "it yet; the card stays on the pile."),
    choice<&ruleset::matching>("matching", "powers", "Replacing equal cards at once",
                               "Whether the card you hold may replace equal cards at once (unequal ones stay, and "
                               "each wrong try gives you an unseen card).",
                               matching_choices, matching_words),
    choice<&ruleset::claims>("claims", "powers", "Throwing out of turn",
                             "Whether players may throw a card equal to the top discard onto the pile, even out of "
                             "turn (once for each discard).",
                             claims_choices, claims_words),
    boolean<&ruleset::match_by_value>("match_by_value", "powers", "Cards match by points",
                                      "Cards match when they are worth the same points, not only when they are the "
                                      "same rank."),
    integer<&ruleset::wrong_claim_cards>("wrong_claim_cards", "powers", "Cards for a wrong throw",
                                         "How many unseen cards from the stock join the cards of a player who throws "
                                         "a wrong card.",
                                         "cards", 0, 4),
    points<&ruleset::wrong_claim_points>("wrong_claim_points", "powers", "Points for a wrong throw",
                                         "Points a player scores for throwing a wrong card from another player's "
                                         "cards."),
    boolean<&ruleset::call_after_turn>("call_after_turn", "powers", "Calling",
                                       "At the end of your turn you may call: everyone else has one more turn, then "
                                       "the hole ends."),
    boolean<&ruleset::red_kings_powerless>("red_kings_powerless", "powers", "Only black kings have a power",
                                           "A red king drawn from the stock is an ordinary card; only black kings "
                                           "have the kings' power."),
    boolean<&ruleset::turned_up_cancels_call>("turned_up_cancels_call", "powers", "A card turned up cancels a call",
                                              "A card whose power cancels calls, turned face up by a power, cancels "
                                              "the knock or call in force."),

    choice<&ruleset::all_face_up>("all_face_up", "end", "When someone's cards are all face up",
                                  "What happens once a player has turned all their cards face up.", all_face_up_choices,
                                  all_face_up_words),
    boolean<&ruleset::final_turn_stock_only>("final_turn_stock_only", "end", "Last turns from the stock only",
                                             "In the last round, players may draw only from the stock."),
    boolean<&ruleset::expose_on_end>("expose_on_end", "end", "Cards turned up at the end",
                                     "When play starts to end, everyone else turns their cards face up."),
    choice<&ruleset::empty_stock>("empty_stock", "end", "When the stock runs out",
                                  "What happens when there is no card left to draw.", empty_stock_choices,
                                  empty_stock_words),
    boolean<&ruleset::empty_layout_ends>("empty_layout_ends", "end", "No cards left ends the hole",
                                         "The hole ends as soon as a player has no cards left."),

    rank_value<0>("value_joker", "Joker", "What a joker counts."),
    rank_value<1>("value_ace", "Ace", "What an ace counts."),
    rank_value<2>("value_two", "Two", "What a two counts."),
    rank_value<3>("value_three", "Three", "What a three counts."),
    rank_value<4>("value_four", "Four", "What a four counts."),
    rank_value<5>("value_five", "Five", "What a five counts."),
    rank_value<6>("value_six", "Six", "What a six counts."),
    rank_value<7>("value_seven", "Seven", "What a seven counts."),
    rank_value<8>("value_eight", "Eight", "What an eight counts."),
    rank_value<9>("value_nine", "Nine", "What a nine counts."),
    rank_value<10>("value_ten", "Ten", "What a ten counts."),
    rank_value<11>("value_jack", "Jack", "What a jack counts."),
    rank_value<12>("value_queen", "Queen", "What a queen counts."),
    rank_value<13>("value_king", "King", "What a king counts."),
    card_values<&ruleset::card_value_overrides>(
        "card_value_overrides", "scoring", "Cards with their own points",
        "Particular cards worth their own points, each written card:points (QS:40 is the queen of spades worth 40, "
        "JH:0 the jack of hearts worth 0, X:-5 every joker worth -5)."),
    boolean<&ruleset::cancel_column>("cancel_column", "scoring", "Equal columns score nothing",
                                     "A full column of equal cards scores nothing."),
    boolean<&ruleset::cancel_row>("cancel_row", "scoring", "Equal rows score nothing",
                                  "A full row of equal cards scores nothing."),
    boolean<&ruleset::cancel_diagonal>("cancel_diagonal", "scoring", "Equal diagonals score nothing",
                                       "A full diagonal of equal cards scores nothing (square layouts only)."),
    boolean<&ruleset::cancel_pairs_anywhere>("cancel_pairs_anywhere", "scoring", "Equal pairs score nothing",
                                             "Two equal cards anywhere among your cards score nothing."),
    boolean<&ruleset::cancel_adjacent_pairs>("cancel_adjacent_pairs", "scoring", "Equal neighbours score nothing",
                                             "Two equal cards side by side or one above the other score nothing."),
    boolean<&ruleset::cancelled_negatives_keep_value>("cancelled_negatives_keep_value", "scoring",
                                                      "Cancelled minus cards still count",
                                                      "A card worth less than nothing keeps its value even when it "
                                                      "cancels."),
    boolean<&ruleset::one_eyed_jacks_wild>("one_eyed_jacks_wild", "scoring", "One-eyed jacks are wild",
                                           "The jacks of spades and hearts match any card."),
    points<&ruleset::bonus_equal_column_pairs>("bonus_equal_column_pairs", "scoring", "Two equal columns",
                                               "Points added for every two cancelled columns of one rank (for "
                                               "example -10)."),
    points<&ruleset::bonus_square_block>("bonus_square_block", "scoring", "A block of four equal cards",
                                         "What each 2 by 2 block of equal cards scores in place of its cards (for "
                                         "example -25); blocks may overlap."),
    points<&ruleset::bonus_all_equal>("bonus_all_equal", "scoring", "All cards equal",
                                      "What a player's cards all of one rank score in place of the cards (for "
                                      "example -20)."),
    points<&ruleset::bonus_row_of_kings>("bonus_row_of_kings", "scoring", "A row of kings",
                                         "What each full row of kings scores in place of the kings (for example "
                                         "-16)."),
    points<&ruleset::others_penalty_side_by_side_pairs>(
        "others_penalty_side_by_side_pairs", "scoring",
        "Pairs side by side charge the others",
        "Points added to every other player for each two equal column pairs side by side (for example 10)."),
    optional_points<&ruleset::straight_score>("straight_score", "scoring", "A straight",
                                              "What a player's cards score when they make one run of different "
                                              "ranks (for example -12), or off."),
    optional_points<&ruleset::shoot_the_moon>("shoot_the_moon", "scoring", "Shooting the moon",
                                              "A player whose cards score at least this scores 0 and everyone else "
                                              "scores this instead, or off."),
    boolean<&ruleset::four_of_a_kind_wins_match>("four_of_a_kind_wins_match", "scoring", "Four of a kind wins",
                                                 "Four cards of one rank among a player's cards win the whole "
                                                 "match."),
    choice<&ruleset::caller_penalty>("caller_penalty", "scoring", "A caller who is not lowest",
                                     "What happens to the caller (who knocked, called or first turned all their "
                                     "cards up) when someone else scores less.",
                                     caller_penalty_choices, caller_penalty_words),
    points<&ruleset::caller_penalty_points>("caller_penalty_points", "scoring", "The caller's penalty points",
                                            "The penalty points a caller who is not lowest adds."),
    choice<&ruleset::caller_bonus>("caller_bonus", "scoring", "A caller who is lowest",
                                   "What happens to the caller when nobody scores less.", caller_bonus_choices,
                                   caller_bonus_words),
    points<&ruleset::caller_bonus_points>("caller_bonus_points", "scoring", "The caller's bonus points",
                                          "The bonus points a lowest caller takes off or scores."),
    choice<&ruleset::caller_tie>("caller_tie", "scoring", "A caller tied for lowest",
                                 "What happens to a caller whose score ties with the lowest other player's.",
                                 caller_tie_choices, caller_tie_words),
    points<&ruleset::caller_tie_points>("caller_tie_points", "scoring", "The caller's tie points",
                                        "The points a caller tied for lowest adds."),
    boolean<&ruleset::at_or_below_caller_scores_zero>(
        "at_or_below_caller_scores_zero", "scoring", "Beat the caller, score nothing",
        "Anyone whose cards score no more than the caller's scores 0 for the hole."),
    boolean<&ruleset::lowest_scores_zero>("lowest_scores_zero", "scoring", "Lowest scores nothing",
                                          "The lowest score of each hole is written down as 0."),
    boolean<&ruleset::remove_completed_lines>("remove_completed_lines", "scoring", "Cancelled lines are removed",
                                              "A full line of equal cards leaves the layout as soon as it is face "
                                              "up."),

    integer<&ruleset::holes>("holes", "match", "Holes in a match",
                             "How many holes (deals) make a match; 0 for no fixed number.", "holes", 0, 1000),
    integer<&ruleset::target_score>("target_score", "match", "Score that ends the match",
                                    "Above 0, the match ends after a hole in which someone's total reaches this.",
                                    "points", 0, 100000),
    choice<&ruleset::match_tie>("match_tie", "match", "A tie for the win",
                                "What happens when players tie on the lowest total.", match_tie_choices,
                                match_tie_words),
    boolean<&ruleset::winner_plays_first>("winner_plays_first", "match", "Winner plays first",
                                          "The player with the lowest cards in a hole plays first in the next; "
                                          "otherwise the deal passes to the left."),
    choice<&ruleset::winner_tie>("winner_tie", "match", "A tie for playing first",
                                 "Who plays first when the winner plays first and several tie for lowest.",
                                 winner_tie_choices, winner_tie_words),
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
