#include "engine/card.hpp"

#include <cctype>

namespace golf {

namespace {
constexpr std::string_view rank_letters = "?A23456789TJQK";
constexpr std::string_view suit_letters = "CDHS";
}  // namespace

std::optional<card> parse_card(std::string_view text) {
    if (text.size() == 1 && std::toupper(static_cast<unsigned char>(text[0])) == 'X') return joker();
    if (text.size() == 3 && text[0] == '1' && text[1] == '0') text = text.substr(1);  // "10D" -> "0D"
    if (text.size() != 2) return std::nullopt;
    const char r = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    const char s = static_cast<char>(std::toupper(static_cast<unsigned char>(text[1])));
    int rank = 0;
    if (r == '0') {
        rank = 10;
    } else {
        const auto pos = rank_letters.find(r);
        if (pos == std::string_view::npos || pos == 0) return std::nullopt;
        rank = static_cast<int>(pos);
    }
    const auto suit_pos = suit_letters.find(s);
    if (suit_pos == std::string_view::npos) return std::nullopt;
    return make_card(rank, static_cast<suit>(suit_pos));
}

std::string to_string(card c) {
    if (c.is_joker()) return "X";
    std::string out;
    out += rank_letters[c.rank];
    out += suit_letters[static_cast<int>(c.suit_)];
    return out;
}

std::vector<card> make_deck(int packs, int jokers_per_pack) {
    std::vector<card> deck;
    deck.reserve(static_cast<std::size_t>(packs) * static_cast<std::size_t>(52 + jokers_per_pack));
    for (int p = 0; p < packs; ++p) {
        for (int s = 0; s < 4; ++s)
            for (int r = 1; r <= 13; ++r) deck.push_back(make_card(r, static_cast<suit>(s)));
        for (int j = 0; j < jokers_per_pack; ++j) deck.push_back(joker());
    }
    return deck;
}

}  // namespace golf
