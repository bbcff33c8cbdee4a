// The action log's text form: every kind's one spelling, round trips of whole self-played hands for every preset,
// and the strict decoder refusing every other spelling (it reads records from files and databases).
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <vector>

#include "engine/action_log.hpp"
#include "engine/bot.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "test_support.hpp"

namespace golf::testing {
namespace {

logged_action entry(int seat, action_kind kind, int slot = 0, int other = 0) {
    return logged_action{static_cast<std::uint8_t>(seat),
                         action{kind, static_cast<std::uint8_t>(slot), static_cast<std::uint8_t>(other)}};
}

TEST(ActionLog, EveryKindHasOneSpelling) {
    const std::vector<std::pair<logged_action, std::string>> cases{
        {entry(0, action_kind::flip, 3), "0:flip:3"},
        {entry(1, action_kind::peek, 2), "1:peek:2"},
        {entry(1, action_kind::swap_own, 0, 3), "1:swap_own:0:3"},
        {entry(2, action_kind::ready), "2:ready"},
        {entry(0, action_kind::draw_stock), "0:draw_stock"},
        {entry(3, action_kind::take_discard), "3:take_discard"},
        {entry(0, action_kind::place, 4), "0:place:4"},
        {entry(15, action_kind::discard), "15:discard"},
        {entry(4, action_kind::pass), "4:pass"},
        {entry(5, action_kind::knock), "5:knock"},
        {entry(6, action_kind::reveal_all), "6:reveal_all"},
        {entry(7, action_kind::look, 63), "7:look:63"},
        {entry(0, action_kind::place, 0), "0:place:0"},  // a position of zero is still written
    };
    for (const auto& [logged, text] : cases) {
        EXPECT_EQ(to_text(logged), text);
        const auto back = decode_action_log(text);
        ASSERT_TRUE(back.has_value()) << text;
        ASSERT_EQ(back->size(), 1u);
        EXPECT_EQ(back->front(), logged) << text;
        EXPECT_EQ(parse_action_kind(to_string(logged.act.kind)), logged.act.kind);
    }
    EXPECT_EQ(parse_action_kind("Flip"), std::nullopt);
    EXPECT_EQ(parse_action_kind(""), std::nullopt);
}

TEST(ActionLog, TheHeaderExampleDecodes) {
    const std::string text = "0:flip:3 1:peek:2 0:draw_stock 0:place:4 1:swap_own:0:3";
    const auto log = decode_action_log(text);
    ASSERT_TRUE(log.has_value());
    const std::vector<logged_action> expected{entry(0, action_kind::flip, 3), entry(1, action_kind::peek, 2),
                                              entry(0, action_kind::draw_stock), entry(0, action_kind::place, 4),
                                              entry(1, action_kind::swap_own, 0, 3)};
    EXPECT_EQ(*log, expected);
    EXPECT_EQ(encode_action_log(*log), text);
}

TEST(ActionLog, AnEmptyTextIsAnEmptyLog) {
    const auto log = decode_action_log("");
    ASSERT_TRUE(log.has_value());
    EXPECT_TRUE(log->empty());
    EXPECT_EQ(encode_action_log({}), "");
}

TEST(ActionLog, SelfPlayedHandsOfEveryPresetRoundTripAndReplay) {
    random_source random(7);
    const auto bot = make_bot("heuristic");
    for (const preset& p : presets()) {
        for (int players = 2; players <= 4; ++players) {
            SCOPED_TRACE(std::string(p.name) + " with " + std::to_string(players));
            const auto rules = std::make_shared<const ruleset>(p.rules);
            if (validate_for_players(*rules, players)) continue;
            hand h(rules, players, players - 1, 1000 + static_cast<std::uint64_t>(players));
            std::string grown;  // as the server records a hand in play: a move's entries at a time
            std::size_t logged = 0;
            for (int step = 0; step < 20000 && !h.over(); ++step) {
                const int seat = h.seats_to_act().front();
                ASSERT_EQ(h.apply(seat, bot->choose(*rules, h.view_for(seat), random)), action_error::none);
                append_action_log(grown, std::span(h.log()).subspan(logged));
                logged = h.log().size();
            }
            ASSERT_TRUE(h.over());
            const std::string text = encode_action_log(h.log());
            EXPECT_EQ(grown, text);
            const auto back = decode_action_log(text);
            ASSERT_TRUE(back.has_value()) << text;
            EXPECT_EQ(*back, h.log());
            EXPECT_EQ(encode_action_log(*back), text);
            const auto replayed = hand::replay(rules, players, players - 1, h.seed(), *back);
            ASSERT_TRUE(replayed.has_value());
            EXPECT_EQ(*replayed, h);
        }
    }
}

TEST(ActionLog, EveryOtherSpellingIsRefused) {
    const std::vector<std::string> bad{
        " ",                   // a lone separator
        "0:flip:3 ",           // a trailing space
        " 0:flip:3",           // a leading space
        "0:flip:3  1:flip:2",  // two spaces
        "0:flip:3\t1:flip:2",  // a tab
        "0:flip:3\n",          // a newline
        "0:flip",              // a position missing
        "0:draw_stock:0",      // a position the kind does not use
        "0:place:4:1",         // a second position on a kind with one
        "0:swap_own:3",        // swap_own needs two
        "0:swap_own:3:1",      // ... in increasing order
        "0:swap_own:2:2",
        "0:swap_own:1:2:3",  // too many fields
        "16:flip:0",         // a seat above 15
        "0:flip:64",         // a position above 63
        "0:flip:100",
        "00:flip:1",  // leading zeros
        "0:flip:03",
        "-1:flip:0",  // signs
        "+1:flip:0",
        "0:flip:-1",
        "0:Flip:1",  // kinds are lower case
        "0:fly:1",
        "0:unknown",
        "0",
        "0:",
        ":flip:1",
        "0::1",
        "0:flip:",
        "a:flip:1",
        "0:flip:1x",
        "0:flip:1 garbage",
        std::string("0:flip:1\0", 9),
        "0:flip:1:2:3:4:5:6",
        "99999999999999999999:flip:1",
    };
    for (const std::string& text : bad) EXPECT_FALSE(decode_action_log(text).has_value()) << "'" << text << "'";
}

TEST(ActionLog, LongLogsDecodeInOnePass) {
    std::vector<logged_action> log;
    for (int i = 0; i < 100000; ++i) log.push_back(entry(i % 16, action_kind::place, i % 64));
    const std::string text = encode_action_log(log);
    const auto back = decode_action_log(text);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, log);
    // The same text with one bad token at the end is refused as a whole.
    EXPECT_FALSE(decode_action_log(text + " 0:place").has_value());
}

TEST(ActionLog, PowerKindsNameTheirSeatFirst) {
    const auto u8 = [](int n) { return static_cast<std::uint8_t>(n); };
    const std::vector<std::pair<logged_action, std::string>> cases = {
        {{0, action{action_kind::use_power}}, "0:use_power"},
        {{1, action{action_kind::power_peek, u8(3), 0, u8(2), 0}}, "1:power_peek:2:3"},
        {{2, action{action_kind::power_swap, u8(5), u8(1), u8(0), u8(3)}}, "2:power_swap:0:5:3:1"},
        {{3, action{action_kind::shuffle, 0, 0, u8(15), 0}}, "3:shuffle:15"},
        {{0, action{action_kind::match, u8(2), u8(1), u8(1), 0}}, "0:match:1:2:1"},
        {{7, action{action_kind::claim, u8(63), 0, u8(7), 0}}, "7:claim:7:63:0"},
        {{1, action{action_kind::power_place, u8(4), u8(2), u8(1), 0}}, "1:power_place:1:4:2"},
        {{0, action{action_kind::power_place, u8(5), 0, u8(3), 0}}, "0:power_place:3:5:0"},
        {{2, action{action_kind::power_flip, u8(3), 0, u8(0), 0}}, "2:power_flip:0:3"},
        {{0, action{action_kind::power_lines, u8(0), u8(3), u8(1), 0}}, "0:power_lines:1:0:3"},
        {{0, action{action_kind::power_add, 0, 0, u8(2), 0}}, "0:power_add:2"},
        {{3, action{action_kind::power_remove, u8(5), 0}}, "3:power_remove:5"},
        {{3, action{action_kind::choose_power, u8(2), 0}}, "3:choose_power:2"},
    };
    for (const auto& [entry, text] : cases) {
        EXPECT_EQ(to_text(entry), text);
        const auto back = decode_action_log(text);
        ASSERT_TRUE(back.has_value()) << text;
        ASSERT_EQ(back->size(), 1u);
        EXPECT_EQ(back->front(), entry) << text;
    }
    for (const std::string bad : {"0:use_power:1", "0:power_peek:1", "0:power_peek:16:0", "0:shuffle:1:2",
                                  "0:power_swap:1:0:0:3", "0:power_swap:1:2:1:2", "0:claim:1:2", "0:match:0:1:2:3",
                                  "0:power_place:1:4:3", "0:power_place:1:4", "0:power_flip:1", "0:power_lines:1:3:0",
                                  "0:power_lines:1:2:2", "0:power_add:1:0", "0:power_remove", "0:choose_power"})
        EXPECT_FALSE(decode_action_log(bad).has_value()) << bad;
}

}  // namespace
}  // namespace golf::testing
