// Helpers for engine tests: layouts from text, rulesets from presets plus house rules, and scripted deals
// (a deck stacked so that each seat, the discard pile and the top of the stock get the cards a test names).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/card.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::testing {

inline card c(std::string_view text) {
    auto parsed = parse_card(text);
    if (!parsed) throw std::invalid_argument("not a card: " + std::string(text));
    return *parsed;
}

// "KH 5C / QS 2D" -> cards in row-major order (the '/' only helps the reader).
inline std::vector<card> cards(std::string_view text) {
    std::vector<card> out;
    std::istringstream in{std::string(text)};
    std::string word;
    while (in >> word)
        if (word != "/") out.push_back(c(word));
    return out;
}

// Far beyond any real hand: a bot or the engine that reaches it loops.
inline constexpr int max_actions_per_hand = 20000;

inline std::shared_ptr<const ruleset> rules_of(std::string_view preset_name,
                                               std::initializer_list<std::string_view> house_rules = {}) {
    const preset* p = find_preset(preset_name);
    if (!p) throw std::invalid_argument("no preset " + std::string(preset_name));
    ruleset r = p->rules;
    for (auto assignment : house_rules)
        if (auto error = set_option(r, assignment)) throw std::invalid_argument(*error);
    return std::make_shared<const ruleset>(r);
}

struct scripted_deal {
    std::vector<std::string> layouts;  // per seat, seat 0 first
    std::string discard;               // the first discard ("" when the ruleset has none)
    std::string stock_top;             // the next cards drawn from the stock, first drawn first
    int dealer = -1;                   // default: the last seat, so seat 0 plays first
    std::uint64_t seed = 1;
};

// Deals exactly the named cards; every other card of the deck goes below them in the stock.
inline hand deal(std::shared_ptr<const ruleset> rules, const scripted_deal& script) {
    const int n = static_cast<int>(script.layouts.size());
    const int dealer = script.dealer >= 0 ? script.dealer : n - 1;
    std::vector<std::vector<card>> layouts;
    for (const auto& text : script.layouts) layouts.push_back(cards(text));
    std::vector<card> sequence;  // in the order the deal takes cards off the top
    for (int slot = 0; slot < rules->slots(); ++slot)
        for (int i = 1; i <= n; ++i)
            sequence.push_back(
                layouts.at(static_cast<std::size_t>((dealer + i) % n)).at(static_cast<std::size_t>(slot)));
    for (card x : cards(script.discard)) sequence.push_back(x);
    for (card x : cards(script.stock_top)) sequence.push_back(x);

    std::vector<card> rest = make_deck(rules->packs_for(n), rules->jokers_per_pack);
    for (card x : sequence) {
        auto it = std::find(rest.begin(), rest.end(), x);
        if (it == rest.end()) throw std::invalid_argument("scripted deal uses " + to_string(x) + " too often");
        rest.erase(it);
    }
    std::vector<card> deck = rest;
    deck.insert(deck.end(), sequence.rbegin(), sequence.rend());
    auto h = hand::stacked(rules, n, dealer, script.seed, deck);
    if (!h) throw std::invalid_argument("stacked deal refused");
    return *h;
}

inline action flip(int slot) { return action{action_kind::flip, static_cast<std::uint8_t>(slot), 0}; }
inline action peek(int slot) { return action{action_kind::peek, static_cast<std::uint8_t>(slot), 0}; }
inline action place(int slot) { return action{action_kind::place, static_cast<std::uint8_t>(slot), 0}; }
inline action look(int slot) { return action{action_kind::look, static_cast<std::uint8_t>(slot), 0}; }
inline action swap_own(int a, int b) {
    return action{action_kind::swap_own, static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
}
inline action simple(action_kind kind) { return action{kind, 0, 0}; }
inline const action draw_stock = simple(action_kind::draw_stock);
inline const action take_discard = simple(action_kind::take_discard);
inline const action discard = simple(action_kind::discard);
inline const action pass = simple(action_kind::pass);
inline const action knock = simple(action_kind::knock);
inline const action reveal_all = simple(action_kind::reveal_all);
inline const action ready = simple(action_kind::ready);

// Applies and asserts success, so a script reads as the moves of a game.
inline void play(hand& h, int seat, action a) {
    const action_error error = h.apply(seat, a);
    ASSERT_EQ(error, action_error::none) << "seat " << seat << " " << to_string(a.kind) << " " << int(a.slot) << ": "
                                         << to_string(error);
}

// An illegal action must be refused with `expected` and leave the hand exactly as it was.
inline void refused(hand& h, int seat, action a, action_error expected) {
    const hand before = h;
    EXPECT_EQ(h.apply(seat, a), expected) << to_string(a.kind) << " " << int(a.slot);
    EXPECT_TRUE(h == before) << "a refused action changed the hand";
}

inline bool contains(const std::vector<action>& actions, action a) {
    return std::find(actions.begin(), actions.end(), a) != actions.end();
}

}  // namespace golf::testing
