// Computer players. A bot decides from a view (what its seat may know) and the ruleset, never from the
// hand itself, so a server-side bot can't cheat. Bots draw randomness from a random_source they are given.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "engine/action.hpp"
#include "engine/hand.hpp"
#include "engine/random.hpp"
#include "engine/ruleset.hpp"

namespace golf {

class bot {
public:
    virtual ~bot() = default;
    // view.legal is non-empty; the answer is one of its entries.
    virtual action choose(const ruleset& rules, const hand_view& view, random_source& random) = 0;
};

// Any legal action, uniformly.
class random_bot final : public bot {
public:
    action choose(const ruleset& rules, const hand_view& view, random_source& random) override;
};

// Plays to keep its layout low: takes a discard that pairs or beats a known card, replaces its highest
// known cards, prefers flipping where a pair may come, knocks or goes out only when likely lowest.
class heuristic_bot final : public bot {
public:
    action choose(const ruleset& rules, const hand_view& view, random_source& random) override;
};

// A claim the seat is sure of (it knows a card equal to the top discard), for a driver offering bots the claim
// window of a discard; nullopt when there is none. The heuristic bot also claims this way on its own turn.
std::optional<action> sure_claim(const ruleset& rules, const hand_view& view);

// The levels people pick, as playouts per decision of the search bot (engine/search_bot.hpp).
struct bot_level {
    std::string_view name;
    int playouts;  // 0: not a search bot
};
inline constexpr bot_level bot_levels[] = {
    {"random", 0}, {"heuristic", 0}, {"easy", 24}, {"medium", 160}, {"hard", 1200}};
inline constexpr int max_search_playouts = 20000;

// "random", "heuristic", "easy", "medium", "hard", or "search:N" (the search bot with N playouts, 1 to
// max_search_playouts); nullptr for any other name.
std::unique_ptr<bot> make_bot(std::string_view name);
// The playouts a name's bot searches with (0 for random and heuristic); nullopt for an unknown name.
std::optional<int> search_playouts(std::string_view name);

}  // namespace golf
