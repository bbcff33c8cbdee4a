// The names golf play's screens, moves and move log share, in the player's language (cli/play/messages.hpp): a
// card ("Q♦", "10♣": glyphs in every language; "joker" translated), a seat without a name, a place in a layout
// ("top-left", "row 2, card 4"), a card by its owner and place ("your top-left card", "Bob's card at row 2, card 4"),
// what a power does, and lists. English reads as words/names.hpp words them (the server's notes use those).
// Header-only: the CMake lists of golf and of its tests name golf play's sources one by one.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli/play/messages.hpp"
#include "golf/v1/messages.pb.h"
#include "words/names.hpp"

namespace golf::cli {

// "Q♦", "10♣" ("QD", "10C" without UTF-8), or the joker in the player's language.
inline std::string card_text(const v1::Card& card, bool utf8) {
    if (card.rank() == 0 || card.rank() > 13) return tr("terminalWords.joker");
    return words::card_name(card, utf8);
}
// "the Q♦": a card the sentence names.
inline std::string the_card(const v1::Card& card, bool utf8) {
    return tr("terminalWords.theCard", {{"card", card_text(card, utf8)}});
}
// "a card": one the reader may not know.
inline std::string a_card() { return tr("terminalWords.aCard"); }

// A seat's name, or "Seat N" for one without (N counted from 1, as the screen and the keys count seats).
inline std::string seat_label(const std::string& name, int seat) {
    return name.empty() ? tr("terminalWords.seatNumber", {{"number", words::seat_number(seat)}}) : name;
}
// A server bot's level in the player's words ("hard", "5000 playouts": the web page's), or "" for a newer level.
inline std::string bot_level_words(const v1::SeatInfo& info) {
    switch (info.bot()) {
        case v1::BOT_LEVEL_RANDOM: return tr("people.wordRandom");
        case v1::BOT_LEVEL_HEURISTIC: return tr("people.wordHeuristic");
        case v1::BOT_LEVEL_EASY: return tr("people.wordEasy");
        case v1::BOT_LEVEL_MEDIUM: return tr("people.wordMedium");
        case v1::BOT_LEVEL_HARD: return tr("people.wordHard");
        case v1::BOT_LEVEL_SEARCH: return tr("people.playouts", {{"count", std::int64_t{info.search_budget()}}});
        default: return {};
    }
}

inline std::string seat_label(const v1::TableUpdate& update, int seat) {
    const bool named = seat >= 0 && seat < update.seats_size();
    if (!named) return seat_label(std::string(), seat);
    const v1::SeatInfo& info = update.seats(seat);
    // A server bot's own name is English ("bot 2 (hard)"): in another language, said in its words.
    static const std::regex server_bot_name("bot (\\d+) \\(.+\\)");
    std::smatch number;
    if (info.bot() != v1::BOT_LEVEL_UNSPECIFIED && current_language() != "en" &&
        std::regex_match(info.name(), number, server_bot_name))
        if (const std::string level = bot_level_words(info); !level.empty())
            return tr("places.botName", {{"n", std::int64_t{std::stoll(number[1].str())}}, {"level", level}});
    return seat_label(info.name(), seat);
}

// "Ann, Bob": the items with the language's list separator.
inline std::string listed(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& item : items) out += (out.empty() ? "" : tr("terminalWords.listSeparator")) + item;
    return out;
}

// A place in a layout: "top-left", "middle", "right" in layouts up to 3x3 (words/names.hpp's rule), else
// "row 2, card 4".
inline std::string place_text(std::uint32_t position, words::layout_shape shape) {
    const std::uint32_t cols = std::max<std::uint32_t>(shape.cols, 1);
    const std::uint32_t rows = std::max<std::uint32_t>((shape.count + cols - 1) / cols, 1);
    const std::uint32_t row = position / cols;
    const std::uint32_t col = position % cols;
    if (!words::has_place_words(shape))
        return tr("terminalWords.placeRowCard", {{"row", std::to_string(row + 1)}, {"card", std::to_string(col + 1)}});
    // Row words: none (one row), top, middle, bottom; column words: none (one column), left, middle, right.
    const auto word = [](std::uint32_t lines, std::uint32_t at) -> std::size_t {
        if (lines <= 1) return 0;
        return at == 0 ? 1 : at + 1 == lines ? 3 : 2;
    };
    static constexpr std::array<std::array<const char*, 4>, 4> keys{{
        {"terminalWords.placeOnly", "terminalWords.placeLeft", "terminalWords.placeMiddle", "terminalWords.placeRight"},
        {"terminalWords.placeTop", "terminalWords.placeTopLeft", "terminalWords.placeTopMiddle",
         "terminalWords.placeTopRight"},
        {"terminalWords.placeMiddle", "terminalWords.placeMiddleLeft", "terminalWords.placeMiddle",
         "terminalWords.placeMiddleRight"},
        {"terminalWords.placeBottom", "terminalWords.placeBottomLeft", "terminalWords.placeBottomMiddle",
         "terminalWords.placeBottomRight"},
    }};
    return tr(keys[word(rows, row)][word(cols, col)]);
}

// Whose cards a phrase names, from its reader's side: "your", "their" (the mover's own), or a seat's by name.
struct owner {
    const char* who = "other";  // "your", "their" or "other" (the catalogues' select values)
    std::string name;           // the seat's name, for "other"

    static owner yours() { return {"your", {}}; }
    static owner theirs() { return {"their", {}}; }
    static owner of(std::string seat_name) { return {"other", std::move(seat_name)}; }
};

// "your top-left card", "Bob's card at row 2, card 4"; `subject` starts a sentence with it ("Your top-left card").
inline std::string card_at_text(const owner& o, std::uint32_t position, words::layout_shape shape,
                                bool subject = false) {
    const std::string place = place_text(position, shape);
    const bool named = words::has_place_words(shape);
    const char* key = subject ? (named ? "terminalWords.cardAtPlaceSubject" : "terminalWords.cardAtRowCardSubject")
                              : (named ? "terminalWords.cardAtPlace" : "terminalWords.cardAtRowCard");
    return tr(key, {{"owner", o.who}, {"name", o.name}, {"place", place}});
}

// "Bob's top-left place", "Bob's place at row 2, card 5": where a card was.
inline std::string place_at_text(const owner& o, std::uint32_t position, words::layout_shape shape) {
    const char* key = words::has_place_words(shape) ? "terminalWords.placeAtPlace" : "terminalWords.placeAtRowCard";
    return tr(key, {{"owner", o.who}, {"name", o.name}, {"place", place_text(position, shape)}});
}

// "your face-down cards", "Bob's face-down cards".
inline std::string face_down_cards_of(const owner& o) {
    return tr("terminalWords.faceDownCardsOf", {{"owner", o.who}, {"name", o.name}});
}

// "Bob's rows 1 and 2", "your columns a and c" (`first`, `second` as the caller names them).
inline std::string lines_of(const owner& o, bool rows, const std::string& first, const std::string& second) {
    return tr(rows ? "terminalWords.rowsOf" : "terminalWords.columnsOf",
              {{"owner", o.who}, {"name", o.name}, {"first", first}, {"second", second}});
}

// What a power does, said to the one using it (`mine`: "look at one of your cards") or of another ("look at one
// of their own cards").
inline std::string power_words(v1::PowerKind kind, bool mine) {
    const char* mover = mine ? "you" : "other";
    switch (kind) {
        case v1::POWER_KIND_PEEK_OWN: return tr("terminalWords.powerPeekOwn", {{"mover", mover}});
        case v1::POWER_KIND_PEEK_OPPONENT: return tr("terminalWords.powerPeekOpponent");
        case v1::POWER_KIND_PEEK_ANY: return tr("terminalWords.powerPeekAny");
        case v1::POWER_KIND_SWAP_OWN_OPPONENT: return tr("terminalWords.powerSwapOwnOpponent", {{"mover", mover}});
        case v1::POWER_KIND_SWAP_ANY: return tr("terminalWords.powerSwapAny");
        case v1::POWER_KIND_PEEK_THEN_SWAP: return tr("terminalWords.powerPeekThenSwap", {{"mover", mover}});
        case v1::POWER_KIND_PEEK_BOTH_SWAP: return tr("terminalWords.powerPeekBothSwap", {{"mover", mover}});
        case v1::POWER_KIND_SHUFFLE_OPPONENT: return tr("terminalWords.powerShuffleOpponent");
        case v1::POWER_KIND_CANCEL_CALL: return tr("terminalWords.powerCancelCall");
        case v1::POWER_KIND_SWAP_IN: return tr("terminalWords.powerSwapIn");
        case v1::POWER_KIND_DRAW_TWO_KEEP_ONE: return tr("terminalWords.powerDrawTwoKeepOne", {{"mover", mover}});
        case v1::POWER_KIND_SWAP_LINES: return tr("terminalWords.powerSwapLines");
        case v1::POWER_KIND_SHIELD: return tr("terminalWords.powerShield", {{"mover", mover}});
        case v1::POWER_KIND_TURN_CARD: return tr("terminalWords.powerTurnCard", {{"mover", mover}});
        case v1::POWER_KIND_ADD_OR_REMOVE: return tr("terminalWords.powerAddOrRemove", {{"mover", mover}});
        case v1::POWER_KIND_TWO_POWERS: return tr("terminalWords.powerTwoPowers");
        default: return tr("terminalWords.powerUnknown");
    }
}

}  // namespace golf::cli
