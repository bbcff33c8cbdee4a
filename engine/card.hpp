// Cards, packs and the text form used by the command line ("QS", "TD", "X" for a joker).
// A card is two bytes and compares by value, so layouts and piles are cheap to copy and compare.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace golf {

enum class suit : std::uint8_t { clubs, diamonds, hearts, spades, none };

struct card {
    static constexpr std::uint8_t joker_rank = 0;  // ranks 1 (ace) .. 13 (king); 0 is a joker

    std::uint8_t rank = joker_rank;
    suit suit_ = suit::none;

    constexpr bool is_joker() const { return rank == joker_rank; }
    constexpr bool is_red() const { return suit_ == suit::diamonds || suit_ == suit::hearts; }
    // The jack of spades and the jack of hearts are drawn in profile.
    constexpr bool is_one_eyed_jack() const { return rank == 11 && (suit_ == suit::spades || suit_ == suit::hearts); }
    friend constexpr bool operator==(card, card) = default;
};

constexpr card make_card(int rank, suit s) { return card{static_cast<std::uint8_t>(rank), s}; }
constexpr card joker() { return card{card::joker_rank, suit::none}; }

// "AS", "TD", "10D", "KH", "X" (joker). Case-insensitive. nullopt when not a card.
std::optional<card> parse_card(std::string_view text);
std::string to_string(card c);

// A small dense index (0..52) for counting cards: 13 * suit + rank - 1, jokers 52.
constexpr int card_index(card c) { return c.is_joker() ? 52 : static_cast<int>(c.suit_) * 13 + c.rank - 1; }
constexpr int card_index_count = 53;

// `packs` standard 52-card packs, each with `jokers_per_pack` jokers, in a fixed order (shuffle afterwards).
std::vector<card> make_deck(int packs, int jokers_per_pack);

}  // namespace golf
