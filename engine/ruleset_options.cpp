#include "engine/ruleset_options.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <iterator>
#include <type_traits>
#include <vector>

namespace golf {

namespace {

// Each option's reader and writer are instantiated from a member pointer, so a field is named once, in the table.
using getter = std::string (*)(const ruleset&, const option_info&);
// Returns what is wrong with `value` (without the option's name), leaving the ruleset untouched on failure.
using setter = std::optional<std::string> (*)(ruleset&, std::string_view value, const option_info&);
struct option_entry;
// Returns what is wrong with the value `rules` holds, as a sentence starting with the option's name.
using checker = std::optional<std::string> (*)(const ruleset&, const option_entry&);

struct option_entry {
    option_info info;
    getter get;
    setter set;
    checker check;
    std::string_view items = {};  // what an integer list holds, as its messages say it ("player counts")
};

// ---- text helpers

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string quoted(std::string_view value) { return " (got '" + std::string(value) + "')"; }

std::optional<int> parse_int(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<bool> parse_bool(std::string_view text) {
    text = trim(text);
    for (std::string_view yes : {"true", "yes", "on", "1"})
        if (same_word(text, yes)) return true;
    for (std::string_view no : {"false", "no", "off", "0"})
        if (same_word(text, no)) return false;
    return std::nullopt;
}

std::vector<std::string_view> split_list(std::string_view text) {
    std::vector<std::string_view> items;
    text = trim(text);
    if (text.empty() || same_word(text, "none")) return items;
    while (true) {
        const auto comma = text.find(',');
        items.push_back(trim(text.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return items;
}

std::string range_text(const option_info& option) {
    return "between " + std::to_string(option.min) + " and " + std::to_string(option.max);
}

bool in_range(int value, const option_info& option) { return value >= option.min && value <= option.max; }

std::optional<std::string> out_of_range(int value, const option_info& option) {
    if (in_range(value, option)) return std::nullopt;
    return std::string(option.name) + " must be " + range_text(option) + " (got " + std::to_string(value) + ")";
}

// ---- readers and writers, one template per kind

template <auto Member>
using member_type = std::remove_cvref_t<decltype(std::declval<ruleset&>().*Member)>;

template <auto Member>
std::string get_boolean(const ruleset& rules, const option_info&) {
    return rules.*Member ? "true" : "false";
}

template <auto Member>
std::optional<std::string> set_boolean(ruleset& rules, std::string_view value, const option_info&) {
    const auto parsed = parse_bool(value);
    if (!parsed) return "expected true or false" + quoted(value);
    rules.*Member = *parsed;
    return std::nullopt;
}

// Every bool is one of the two values, so a boolean has nothing to check.
std::optional<std::string> check_nothing(const ruleset&, const option_entry&) { return std::nullopt; }

std::optional<std::string> parse_in_range(int& out, std::string_view value, const option_info& option) {
    const auto parsed = parse_int(value);
    if (!parsed || !in_range(*parsed, option))
        return "expected an integer " + range_text(option) + quoted(value);
    out = *parsed;
    return std::nullopt;
}

template <auto Member>
std::string get_integer(const ruleset& rules, const option_info&) {
    return std::to_string(rules.*Member);
}

template <auto Member>
std::optional<std::string> set_integer(ruleset& rules, std::string_view value, const option_info& option) {
    return parse_in_range(rules.*Member, value, option);
}

template <auto Member>
std::optional<std::string> check_integer(const ruleset& rules, const option_entry& entry) {
    return out_of_range(rules.*Member, entry.info);
}

template <std::size_t Rank>
std::string get_rank_value(const ruleset& rules, const option_info&) {
    return std::to_string(rules.rank_value[Rank]);
}

template <std::size_t Rank>
std::optional<std::string> set_rank_value(ruleset& rules, std::string_view value, const option_info& option) {
    return parse_in_range(rules.rank_value[Rank], value, option);
}

template <std::size_t Rank>
std::optional<std::string> check_rank_value(const ruleset& rules, const option_entry& entry) {
    return out_of_range(rules.rank_value[Rank], entry.info);
}

template <auto Member>
std::string get_optional(const ruleset& rules, const option_info&) {
    const auto& value = rules.*Member;
    return value ? std::to_string(*value) : "off";
}

template <auto Member>
std::optional<std::string> set_optional(ruleset& rules, std::string_view value, const option_info& option) {
    if (same_word(trim(value), "off") || same_word(trim(value), "none")) {
        (rules.*Member).reset();
        return std::nullopt;
    }
    const auto parsed = parse_int(value);
    if (!parsed || !in_range(*parsed, option))
        return "expected off or an integer " + range_text(option) + quoted(value);
    rules.*Member = *parsed;
    return std::nullopt;
}

template <auto Member>
std::optional<std::string> check_optional(const ruleset& rules, const option_entry& entry) {
    const auto& value = rules.*Member;
    return value ? out_of_range(*value, entry.info) : std::nullopt;
}

std::string choice_list(const option_info& option) {
    std::string out;
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (i > 0) out += ", ";
        out += option.choices[i];
    }
    return out;
}

template <auto Member>
std::string get_choice(const ruleset& rules, const option_info& option) {
    const auto index = static_cast<std::size_t>(rules.*Member);
    // A value out of range can only come from an unchecked wire message; show it rather than guess.
    return index < option.choices.size() ? std::string(option.choices[index]) : std::to_string(index);
}

template <auto Member>
std::optional<std::string> set_choice(ruleset& rules, std::string_view value, const option_info& option) {
    const auto text = trim(value);
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (same_word(text, option.choices[i])) {
            rules.*Member = static_cast<member_type<Member>>(i);
            return std::nullopt;
        }
    }
    return "expected one of " + choice_list(option) + quoted(value);
}

// Choices can arrive from the wire as raw numbers, so the value is checked against the names the table has.
template <auto Member>
std::optional<std::string> check_choice(const ruleset& rules, const option_entry& entry) {
    const auto index = static_cast<std::size_t>(rules.*Member);
    if (index < entry.info.choices.size()) return std::nullopt;
    return std::string(entry.info.name) + " is not a known choice (got " + std::to_string(index) + ")";
}

constexpr std::size_t max_list_entries = 8;

template <auto Member>
std::string get_integer_list(const ruleset& rules, const option_info&) {
    std::string out;
    for (const int value : rules.*Member) {
        if (!out.empty()) out += ',';
        out += std::to_string(value);
    }
    return out;
}

template <auto Member>
std::optional<std::string> set_integer_list(ruleset& rules, std::string_view value, const option_info& option) {
    const auto problem = [&] {
        return "expected at most " + std::to_string(max_list_entries) + " strictly increasing integers " +
               range_text(option) + ", separated by commas" + quoted(value);
    };
    std::vector<int> parsed;
    for (const auto item : split_list(value)) {
        const auto number = parse_int(item);
        if (!number || !in_range(*number, option)) return problem();
        if (!parsed.empty() && *number <= parsed.back()) return problem();
        parsed.push_back(*number);
    }
    if (parsed.size() > max_list_entries) return problem();
    rules.*Member = std::move(parsed);
    return std::nullopt;
}

template <auto Member>
std::optional<std::string> check_integer_list(const ruleset& rules, const option_entry& entry) {
    const auto& values = rules.*Member;
    const auto& option = entry.info;
    const std::string name(option.name);
    if (values.size() > max_list_entries)
        return name + " may list at most " + std::to_string(max_list_entries) + " " + std::string(entry.items) +
               " (got " + std::to_string(values.size()) + ")";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!in_range(values[i], option) || (i > 0 && values[i] <= values[i - 1]))
            return name + " must list strictly increasing " + std::string(entry.items) + " " + range_text(option) +
                   " (got " + get_integer_list<Member>(rules, option) + ")";
    }
    return std::nullopt;
}

template <auto Member>
std::string get_card_values(const ruleset& rules, const option_info&) {
    std::string out;
    for (const auto& [c, points] : rules.*Member) {
        if (!out.empty()) out += ',';
        out += to_string(c) + ":" + std::to_string(points);
    }
    return out;
}

template <auto Member>
std::optional<std::string> set_card_values(ruleset& rules, std::string_view value, const option_info& option) {
    std::vector<std::pair<card, int>> parsed;
    for (const auto item : split_list(value)) {
        const auto colon = item.find(':');
        const auto c = colon == std::string_view::npos ? std::nullopt : parse_card(trim(item.substr(0, colon)));
        const auto points = c ? parse_int(item.substr(colon + 1)) : std::nullopt;
        if (!points || !in_range(*points, option))
            return "expected CARD:POINTS pairs such as QS:40,X:-5 with points " + range_text(option) + quoted(value);
        for (const auto& [seen, unused] : parsed)
            if (seen == *c) return to_string(*c) + " is listed more than once" + quoted(value);
        parsed.emplace_back(*c, *points);
    }
    rules.*Member = std::move(parsed);
    return std::nullopt;
}

// A card from the wire may hold any two bytes; only the 52 cards and a suitless joker are cards.
bool valid_card(card c) {
    if (c.is_joker()) return c.suit_ == suit::none;
    return c.rank <= 13 && c.suit_ != suit::none && static_cast<int>(c.suit_) < static_cast<int>(suit::none);
}

std::string card_text(card c) {
    if (valid_card(c)) return to_string(c);
    return "rank " + std::to_string(static_cast<int>(c.rank)) + " suit " + std::to_string(static_cast<int>(c.suit_));
}

template <auto Member>
std::optional<std::string> check_card_values(const ruleset& rules, const option_entry& entry) {
    const auto& pairs = rules.*Member;
    const std::string name(entry.info.name);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto& [c, points] = pairs[i];
        if (!valid_card(c)) return name + " holds something that is not a card (" + card_text(c) + ")";
        if (!in_range(points, entry.info))
            return name + " values must be " + range_text(entry.info) + " (got " + to_string(c) + ":" +
                   std::to_string(points) + ")";
        for (std::size_t j = 0; j < i; ++j)
            if (pairs[j].first == c) return name + " lists " + to_string(c) + " more than once";
    }
    return std::nullopt;
}

// ---- table builders

constexpr int points_limit = 1000;

template <auto Member>
constexpr option_entry boolean(std::string_view name, std::string_view group, std::string_view help) {
    return {{name, group, help, option_kind::boolean}, &get_boolean<Member>, &set_boolean<Member>, &check_nothing};
}

template <auto Member>
constexpr option_entry integer(std::string_view name, std::string_view group, std::string_view help, int min,
                               int max) {
    return {{name, group, help, option_kind::integer, min, max}, &get_integer<Member>, &set_integer<Member>,
            &check_integer<Member>};
}

template <auto Member>
constexpr option_entry points(std::string_view name, std::string_view group, std::string_view help) {
    return integer<Member>(name, group, help, -points_limit, points_limit);
}

template <std::size_t Rank>
constexpr option_entry rank_value(std::string_view name, std::string_view help) {
    return {{name, "scoring", help, option_kind::integer, -points_limit, points_limit}, &get_rank_value<Rank>,
            &set_rank_value<Rank>, &check_rank_value<Rank>};
}

template <auto Member>
constexpr option_entry optional_points(std::string_view name, std::string_view group, std::string_view help) {
    return {{name, group, help, option_kind::optional_integer, -points_limit, points_limit}, &get_optional<Member>,
            &set_optional<Member>, &check_optional<Member>};
}

template <auto Member>
constexpr option_entry choice(std::string_view name, std::string_view group, std::string_view help,
                              std::span<const std::string_view> choices) {
    return {{name, group, help, option_kind::choice, 0, static_cast<int>(choices.size()) - 1, choices},
            &get_choice<Member>, &set_choice<Member>, &check_choice<Member>};
}

template <auto Member>
constexpr option_entry integer_list(std::string_view name, std::string_view group, std::string_view help,
                                    std::string_view items, int min, int max) {
    return {{name, group, help, option_kind::integer_list, min, max}, &get_integer_list<Member>,
            &set_integer_list<Member>, &check_integer_list<Member>, items};
}

template <auto Member>
constexpr option_entry card_values(std::string_view name, std::string_view group, std::string_view help) {
    return {{name, group, help, option_kind::card_values, -points_limit, points_limit}, &get_card_values<Member>,
            &set_card_values<Member>, &check_card_values<Member>};
}

// Choice names, in enum order.
constexpr std::string_view start_choices[] = {"none", "flip", "peek"};
constexpr std::string_view start_where_choices[] = {"any", "same_column", "different_columns", "middle_and_outer",
                                                    "nearest_row"};
constexpr std::string_view start_when_choices[] = {"before_play", "first_turn"};
constexpr std::string_view discard_flip_choices[] = {"none", "optional", "compulsory", "compulsory_unless_one_left"};
constexpr std::string_view all_face_up_choices[] = {"ends_immediately", "final_round", "when_everyone", "nothing"};
constexpr std::string_view empty_stock_choices[] = {"reshuffle", "end_hand"};
constexpr std::string_view caller_penalty_choices[] = {"none",        "add_points",        "double_plus_points",
                                                       "set_to_highest", "add_highest", "add_twice_players",
                                                       "add_lowest"};
constexpr std::string_view caller_bonus_choices[] = {"none", "zero", "minus_players", "minus_points",
                                                     "set_to_points"};
constexpr std::string_view caller_tie_choices[] = {"as_lowest", "as_not_lowest", "no_adjustment", "add_tie_points"};
constexpr std::string_view match_tie_choices[] = {"shared", "play_off"};
constexpr std::string_view power_choices[] = {"none",          "peek_own",       "peek_opponent",
                                              "peek_any",      "swap_own_opponent", "swap_any",
                                              "peek_then_swap", "peek_both_swap", "shuffle_opponent",
                                              "cancel_call",   "swap_in",        "draw_two_keep_one",
                                              "swap_lines",    "shield",         "turn_card",
                                              "add_or_remove", "two_powers"};
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

// A power per rank reads and writes one entry of rank_power, like rank_value<> for points.
template <std::size_t Rank>
std::string get_rank_power(const ruleset& rules, const option_info& option) {
    const auto index = static_cast<std::size_t>(rules.rank_power[Rank]);
    return index < option.choices.size() ? std::string(option.choices[index]) : std::to_string(index);
}

template <std::size_t Rank>
std::optional<std::string> set_rank_power(ruleset& rules, std::string_view value, const option_info& option) {
    const auto text = trim(value);
    for (std::size_t i = 0; i < option.choices.size(); ++i) {
        if (same_word(text, option.choices[i])) {
            rules.rank_power[Rank] = static_cast<power_kind>(i);
            return std::nullopt;
        }
    }
    return "expected one of " + choice_list(option) + quoted(value);
}

template <std::size_t Rank>
std::optional<std::string> check_rank_power(const ruleset& rules, const option_entry& entry) {
    if (static_cast<std::size_t>(rules.rank_power[Rank]) < entry.info.choices.size()) return std::nullopt;
    return std::string(entry.info.name) + " is not a known choice (got " +
           std::to_string(static_cast<int>(rules.rank_power[Rank])) + ")";
}

template <std::size_t Rank>
constexpr option_entry rank_power(std::string_view name, std::string_view help) {
    return {{name, "powers", help, option_kind::choice, 0, static_cast<int>(std::size(power_choices)) - 1,
             power_choices},
            &get_rank_power<Rank>, &set_rank_power<Rank>, &check_rank_power<Rank>};
}

// The public contract: these names are JSON keys, --set names and protocol fields. These ranges and choices are
// the only ones: set_option parses within them and validate() checks them through check_option_ranges().
constexpr option_entry entries[] = {
    integer<&ruleset::min_players>("min_players", "table", "The fewest players a table may start with.", 2,
                                   max_seats_limit),
    integer<&ruleset::max_players>("max_players", "table", "The most players a table may seat.", 2,
                                   max_seats_limit),

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
                                   0, max_rows_limit * max_cols_limit),
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
                                  "Above 0, the hand ends after this many turns, a guard against stalling.", 0,
                                  100000),

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
    integer<&ruleset::wrong_claim_cards>("wrong_claim_cards", "powers",
                                         "Unseen stock cards added to the layout of a seat whose claim is wrong.", 0,
                                         4),
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
    points<&ruleset::bonus_square_block>("bonus_square_block", "scoring",
                                         "Points added for each 2x2 block of equal cards; overlapping blocks count."),
    points<&ruleset::bonus_all_equal>("bonus_all_equal", "scoring",
                                      "Points added for a whole layout of one rank (six equal: -20)."),
    points<&ruleset::bonus_row_of_kings>("bonus_row_of_kings", "scoring",
                                         "Points added for each full row of kings (four kings on one side: -16)."),
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

    integer<&ruleset::holes>("holes", "match", "How many hands (holes) make a match; 0 for no fixed number.", 0,
                             1000),
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

const option_entry* find_entry(std::string_view name) {
    for (const auto& entry : entries)
        if (entry.info.name == name) return &entry;
    return nullptr;
}

// The entry behind an option_info, whether it points into the table or is a caller's copy.
const option_entry* entry_for(const option_info& option) {
    if (&option >= infos.data() && &option < infos.data() + infos.size())
        return &entries[static_cast<std::size_t>(&option - infos.data())];
    return find_entry(option.name);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string unknown_option(std::string_view name) {
    std::string message = "unknown option '" + std::string(name) + "'";
    const option_info* closest = nullptr;
    std::size_t best = 3;  // suggest only within an edit distance of 2
    for (const auto& info : infos) {
        const auto distance = edit_distance(name, info.name);
        if (distance < best) {
            best = distance;
            closest = &info;
        }
    }
    if (closest) message += " (did you mean '" + std::string(closest->name) + "'?)";
    return message;
}

}  // namespace

std::span<const option_info> ruleset_options() { return infos; }

const option_info* find_option(std::string_view name) {
    const auto* entry = find_entry(name);
    return entry ? &infos[static_cast<std::size_t>(entry - entries)] : nullptr;
}

std::string get_option(const ruleset& rules, const option_info& option) {
    const auto* entry = entry_for(option);
    return entry ? entry->get(rules, entry->info) : std::string();
}

std::optional<std::string> set_option(ruleset& rules, std::string_view name, std::string_view value) {
    const auto* entry = find_entry(trim(name));
    if (!entry) return unknown_option(trim(name));
    // Setters write only after the whole value has parsed, so a failure leaves `rules` as it was.
    if (auto problem = entry->set(rules, value, entry->info)) return std::string(entry->info.name) + ": " + *problem;
    return std::nullopt;
}

std::optional<std::string> set_option(ruleset& rules, std::string_view assignment) {
    const auto equals = assignment.find('=');
    if (equals == std::string_view::npos) return "expected OPTION=VALUE" + quoted(assignment);
    return set_option(rules, assignment.substr(0, equals), assignment.substr(equals + 1));
}

std::optional<std::string> check_option_ranges(const ruleset& rules) {
    for (const auto& entry : entries)
        if (auto problem = entry.check(rules, entry)) return problem;
    return std::nullopt;
}

std::string to_text(const ruleset& rules) {
    std::string out;
    for (const auto& entry : entries) {
        out += entry.info.name;
        out += '=';
        out += entry.get(rules, entry.info);
        out += '\n';
    }
    return out;
}

}  // namespace golf
