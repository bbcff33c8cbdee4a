#include "proto/bot_levels.hpp"

#include <array>
#include <utility>

#include "engine/bot.hpp"

namespace golf::wire {

namespace {

// Every level but SEARCH, by its engine name (engine/bot.hpp's bot_levels).
constexpr std::array<std::pair<std::string_view, v1::BotLevel>, 5> named_levels{{
    {"random", v1::BOT_LEVEL_RANDOM},
    {"heuristic", v1::BOT_LEVEL_HEURISTIC},
    {"easy", v1::BOT_LEVEL_EASY},
    {"medium", v1::BOT_LEVEL_MEDIUM},
    {"hard", v1::BOT_LEVEL_HARD},
}};

constexpr std::string_view search_prefix = "search:";

}  // namespace

std::optional<std::string> bot_choice_problem(v1::BotLevel level, std::uint32_t search_budget) {
    const std::string range = "1 to " + std::to_string(max_search_playouts);
    if (level == v1::BOT_LEVEL_SEARCH) {
        if (search_budget < 1 || search_budget > static_cast<std::uint32_t>(max_search_playouts))
            return "a BOT_LEVEL_SEARCH bot needs a search_budget of " + range + " playouts (got " +
                   std::to_string(search_budget) + ")";
        return std::nullopt;
    }
    if (level != v1::BOT_LEVEL_UNSPECIFIED && !v1::BotLevel_IsValid(level)) return std::string("unknown bot level");
    if (search_budget != 0) return std::string("search_budget goes with BOT_LEVEL_SEARCH only");
    return std::nullopt;
}

std::string bot_name(const bot_choice& choice) {
    if (choice.level == v1::BOT_LEVEL_SEARCH) return std::string(search_prefix) + std::to_string(choice.search_budget);
    for (const auto& [name, level] : named_levels)
        if (level == choice.level) return std::string(name);
    return "heuristic";  // UNSPECIFIED
}

std::optional<bot_choice> bot_choice_of(std::string_view name) {
    for (const auto& [known, level] : named_levels)
        if (name == known) return bot_choice{level, 0};
    if (!name.starts_with(search_prefix)) return std::nullopt;
    const auto playouts = search_playouts(name);
    if (!playouts || *playouts < 1) return std::nullopt;
    return bot_choice{v1::BOT_LEVEL_SEARCH, static_cast<std::uint32_t>(*playouts)};
}

std::string bot_label(const bot_choice& choice) {
    if (choice.level == v1::BOT_LEVEL_SEARCH) return "search " + std::to_string(choice.search_budget);
    return bot_name(choice);
}

}  // namespace golf::wire
