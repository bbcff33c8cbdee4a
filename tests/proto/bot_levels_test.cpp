// The bot levels on the wire and their engine names (proto/bot_levels.hpp): every level and budget the protocol
// allows maps to a name make_bot knows and back; everything else is refused with a sentence.
#include <gtest/gtest.h>

#include "engine/bot.hpp"
#include "proto/bot_levels.hpp"

namespace golf::wire {
namespace {

TEST(BotLevels, EveryLevelHasAnEngineNameAndBack) {
    const struct {
        bot_choice choice;
        const char* name;
        const char* label;
    } known[] = {
        {{v1::BOT_LEVEL_RANDOM, 0}, "random", "random"},
        {{v1::BOT_LEVEL_HEURISTIC, 0}, "heuristic", "heuristic"},
        {{v1::BOT_LEVEL_EASY, 0}, "easy", "easy"},
        {{v1::BOT_LEVEL_MEDIUM, 0}, "medium", "medium"},
        {{v1::BOT_LEVEL_HARD, 0}, "hard", "hard"},
        {{v1::BOT_LEVEL_SEARCH, 1}, "search:1", "search 1"},
        {{v1::BOT_LEVEL_SEARCH, 5000}, "search:5000", "search 5000"},
        {{v1::BOT_LEVEL_SEARCH, 20000}, "search:20000", "search 20000"},
    };
    for (const auto& k : known) {
        SCOPED_TRACE(k.name);
        EXPECT_EQ(bot_choice_problem(k.choice.level, k.choice.search_budget), std::nullopt);
        EXPECT_EQ(bot_name(k.choice), k.name);
        EXPECT_EQ(bot_label(k.choice), k.label);
        EXPECT_EQ(bot_choice_of(k.name), k.choice);
        EXPECT_NE(make_bot(k.name), nullptr);
    }
    // UNSPECIFIED is the heuristic bot.
    EXPECT_EQ(bot_choice_problem(v1::BOT_LEVEL_UNSPECIFIED, 0), std::nullopt);
    EXPECT_EQ(bot_name({v1::BOT_LEVEL_UNSPECIFIED, 0}), "heuristic");
}

TEST(BotLevels, BadLevelsBudgetsAndNamesAreRefused) {
    EXPECT_EQ(bot_choice_problem(v1::BOT_LEVEL_SEARCH, 0),
              "a BOT_LEVEL_SEARCH bot needs a search_budget of 1 to 20000 playouts (got 0)");
    EXPECT_EQ(bot_choice_problem(v1::BOT_LEVEL_SEARCH, 20001),
              "a BOT_LEVEL_SEARCH bot needs a search_budget of 1 to 20000 playouts (got 20001)");
    EXPECT_EQ(bot_choice_problem(v1::BOT_LEVEL_HARD, 5), "search_budget goes with BOT_LEVEL_SEARCH only");
    EXPECT_EQ(bot_choice_problem(v1::BOT_LEVEL_UNSPECIFIED, 5), "search_budget goes with BOT_LEVEL_SEARCH only");
    EXPECT_EQ(bot_choice_problem(static_cast<v1::BotLevel>(7), 0), "unknown bot level");
    for (const char* name : {"", "genius", "search", "search:", "search:0", "search:20001", "search:-1", "search:1x",
                             "HARD", "search:000000001"})
        EXPECT_EQ(bot_choice_of(name), std::nullopt) << name;
}

}  // namespace
}  // namespace golf::wire
