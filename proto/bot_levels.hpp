// The server bots' levels on the wire (BotLevel, with AddBot.search_budget for BOT_LEVEL_SEARCH) and the engine's
// names for them (make_bot's, which match records keep): one table, so the server, its records and the clients
// agree on what "hard" or "search:5000" is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "golf/v1/messages.pb.h"

namespace golf::wire {

struct bot_choice {
    v1::BotLevel level = v1::BOT_LEVEL_HEURISTIC;
    std::uint32_t search_budget = 0;  // BOT_LEVEL_SEARCH only: playouts per decision
    friend bool operator==(const bot_choice&, const bot_choice&) = default;
};

// Why a level and budget (AddBot's) name no bot, in a sentence for the sender; nullopt when they name one.
// UNSPECIFIED is the heuristic bot; SEARCH needs a budget of 1 to max_search_playouts; no other level takes one.
std::optional<std::string> bot_choice_problem(v1::BotLevel level, std::uint32_t search_budget);
// make_bot's name for a valid choice: "random", "heuristic", "easy", "medium", "hard" or "search:N".
std::string bot_name(const bot_choice& choice);
// The other way: the choice a make_bot name stands for; nullopt for a name make_bot does not know.
std::optional<bot_choice> bot_choice_of(std::string_view name);
// What people read: "heuristic", "hard", "search 5000".
std::string bot_label(const bot_choice& choice);

}  // namespace golf::wire
