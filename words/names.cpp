#include "words/names.hpp"

#include <algorithm>
#include <array>

namespace golf::words {

namespace {

constexpr std::array<const char*, 14> rank_names = {"",  "A", "2", "3",  "4", "5", "6",
                                                    "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<const char*, 5> suit_symbols = {"?", "\u2663", "\u2666", "\u2665", "\u2660"};
constexpr std::array<const char*, 5> suit_letters = {"?", "C", "D", "H", "S"};

// Row and column words of layouts up to 3x3; an empty word where a layout has a single row or column.
constexpr std::array<std::array<const char*, 3>, 4> row_words = {
    {{}, {"", "", ""}, {"top", "bottom", ""}, {"top", "middle", "bottom"}}};
constexpr std::array<std::array<const char*, 3>, 4> column_words = {
    {{}, {"", "", ""}, {"left", "right", ""}, {"left", "middle", "right"}}};

std::uint32_t rows_of(layout_shape shape) {
    const std::uint32_t cols = std::max<std::uint32_t>(shape.cols, 1);
    return std::max<std::uint32_t>((shape.count + cols - 1) / cols, 1);
}

}  // namespace

std::string card_name(const v1::Card& card, bool utf8) {
    if (card.rank() == 0 || card.rank() > 13) return "joker";
    const std::size_t suit =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(static_cast<int>(card.suit()), 0)), 4);
    return std::string(rank_names[card.rank()]) + (utf8 ? suit_symbols[suit] : suit_letters[suit]);
}

layout_shape shape_of(const v1::HandView& hand, int seat) {
    layout_shape shape{std::max<std::uint32_t>(hand.cols(), 1), hand.rows() * hand.cols()};
    if (seat >= 0 && seat < hand.seats_size() && hand.seats(seat).positions_size() > 0)
        shape.count = static_cast<std::uint32_t>(hand.seats(seat).positions_size());
    return shape;
}

bool has_place_words(layout_shape shape) { return rows_of(shape) <= 3 && std::max<std::uint32_t>(shape.cols, 1) <= 3; }

std::string place_words(std::uint32_t position, layout_shape shape) {
    const std::uint32_t cols = std::max<std::uint32_t>(shape.cols, 1);
    const std::uint32_t row = position / cols;
    const std::uint32_t col = position % cols;
    if (!has_place_words(shape)) return "row " + std::to_string(row + 1) + ", card " + std::to_string(col + 1);
    const std::string r = row_words[rows_of(shape)][row];
    const std::string c = column_words[cols][col];
    if (r == "middle" && c == "middle") return "middle";
    if (!r.empty() && !c.empty()) return r + "-" + c;
    if (!r.empty() || !c.empty()) return r + c;
    return "only";
}

std::string card_at(const std::string& owner, std::uint32_t position, layout_shape shape) {
    if (has_place_words(shape)) return owner + " " + place_words(position, shape) + " card";
    return owner + " card at " + place_words(position, shape);
}

std::string place_key(std::uint32_t position, std::uint32_t cols) {
    cols = std::max<std::uint32_t>(cols, 1);
    return std::string(1, static_cast<char>('a' + position % cols)) + std::to_string(position / cols + 1);
}

std::string seat_number(int seat) { return std::to_string(seat + 1); }

std::string seat_name(const v1::TableUpdate& update, int seat) {
    if (seat >= 0 && seat < update.seats_size() && !update.seats(seat).name().empty()) return update.seats(seat).name();
    return "Seat " + seat_number(seat);
}

std::string power_text(v1::PowerKind kind) {
    switch (kind) {
        case v1::POWER_KIND_PEEK_OWN: return "look at one of your cards";
        case v1::POWER_KIND_PEEK_OPPONENT: return "look at another player's card";
        case v1::POWER_KIND_PEEK_ANY: return "look at any card";
        case v1::POWER_KIND_SWAP_OWN_OPPONENT: return "swap one of your cards with another player's, unseen";
        case v1::POWER_KIND_SWAP_ANY: return "swap any two cards, unseen";
        case v1::POWER_KIND_PEEK_THEN_SWAP: return "look at another player's card, then swap it with one of yours";
        case v1::POWER_KIND_PEEK_BOTH_SWAP: return "look at one of yours and another player's, then swap them or not";
        case v1::POWER_KIND_SHUFFLE_OPPONENT: return "shuffle another player's face-down cards";
        case v1::POWER_KIND_CANCEL_CALL: return "cancel the knock in force";
        case v1::POWER_KIND_SWAP_IN: return "put this card in place of another player's card, which is discarded";
        case v1::POWER_KIND_DRAW_TWO_KEEP_ONE:
            return "look at the next two cards and keep one of the three in place of one of yours";
        case v1::POWER_KIND_SWAP_LINES: return "swap two rows or two columns of another player's cards";
        case v1::POWER_KIND_SHIELD: return "keep it as a shield against the next power aimed at you";
        case v1::POWER_KIND_TURN_CARD: return "turn another player's card face up, or one of yours face down";
        case v1::POWER_KIND_ADD_OR_REMOVE: return "add an unseen card to another player, or discard one of yours";
        case v1::POWER_KIND_TWO_POWERS: return "use two different powers of the 3 to the king";
        default: return "its power";
    }
}

std::string power_text_of_others(v1::PowerKind kind) {
    switch (kind) {
        case v1::POWER_KIND_PEEK_OWN: return "look at one of their own cards";
        case v1::POWER_KIND_SWAP_OWN_OPPONENT: return "swap one of their cards with another player's, unseen";
        case v1::POWER_KIND_PEEK_THEN_SWAP: return "look at another player's card, then swap it with one of theirs";
        case v1::POWER_KIND_PEEK_BOTH_SWAP: return "look at one of theirs and another player's, then swap them or not";
        case v1::POWER_KIND_DRAW_TWO_KEEP_ONE:
            return "look at the next two cards and keep one of the three in place of one of theirs";
        case v1::POWER_KIND_SHIELD: return "keep it as a shield against the next power aimed at them";
        case v1::POWER_KIND_TURN_CARD: return "turn another player's card face up, or one of theirs face down";
        case v1::POWER_KIND_ADD_OR_REMOVE: return "add an unseen card to another player, or discard one of theirs";
        default: return power_text(kind);  // the rest read the same whoever uses them
    }
}

v1::PowerKind power_of(const v1::Ruleset* rules, const v1::Card& c) {
    if (!rules) return v1::POWER_KIND_UNSPECIFIED;
    switch (c.rank()) {
        case 0: return rules->power_joker();
        case 1: return rules->power_ace();
        case 2: return rules->power_two();
        case 3: return rules->power_three();
        case 4: return rules->power_four();
        case 5: return rules->power_five();
        case 6: return rules->power_six();
        case 7: return rules->power_seven();
        case 8: return rules->power_eight();
        case 9: return rules->power_nine();
        case 10: return rules->power_ten();
        case 11: return rules->power_jack();
        case 12: return rules->power_queen();
        case 13: return rules->power_king();
        default: return v1::POWER_KIND_UNSPECIFIED;
    }
}

}  // namespace golf::words
