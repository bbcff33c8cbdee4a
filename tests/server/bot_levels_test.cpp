// Server bots of every level over real sockets: a table with an easy, a medium, a hard and a search:50 bot beside a
// person plays a whole hole, each seat saying its level; bad levels and budgets are refused and change nothing; a
// search bot's answer for a hand that moved on while it thought is dropped, not applied; a restart brings every
// level back (both backends). And the bot threads' pool on its own: its bounded queue, its shutdown with jobs
// waiting, and a real search answered on its thread. Every wait is bounded; nothing here is timed for speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"
#include "server/tables/bot_thinking.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace bot_levels_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
using golf::server::testing::http_request;
namespace v1 = golf::v1;

constexpr auto slow_wait = 120s;  // a whole hole of searching bots, under a sanitizer too

v1::ClientMessage add_bot(v1::BotLevel level, std::uint32_t budget = 0) {
    v1::ClientMessage m;
    m.mutable_add_bot()->set_level(level);
    if (budget != 0) m.mutable_add_bot()->set_search_budget(budget);
    return m;
}

v1::Ruleset holes(int n) {
    v1::Ruleset house;
    house.set_holes(static_cast<std::uint32_t>(n));
    return house;
}

// A counter of GET /metrics, or -1 when the server does not show it.
double metric(std::uint16_t port, const std::string& name) {
    const std::string body = http_request(port, "/metrics").body();
    const auto at = body.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(body.substr(at + name.size() + 2));
}

bool seated(const v1::TableUpdate& u, int seats) {
    if (u.seats_size() != seats) return false;
    for (const v1::SeatInfo& s : u.seats())
        if (!s.occupied()) return false;
    return true;
}

void expect_seat(const v1::TableUpdate& u, int s, v1::BotLevel level, std::uint32_t budget, const std::string& name) {
    SCOPED_TRACE("seat " + std::to_string(s));
    ASSERT_LT(s, u.seats_size());
    EXPECT_EQ(u.seats(s).bot(), level);
    EXPECT_EQ(u.seats(s).search_budget(), budget);
    EXPECT_EQ(u.seats(s).name(), name);
}

// Ann's moves (the heuristic bot's, from her view) until the match is over or nobody moves for `wait`.
void play_until_finished(connection& ann, const golf::ruleset& rules, std::chrono::milliseconds wait) {
    auto bot = golf::make_bot("heuristic");
    golf::random_source random(7);
    for (int m = 0; m < 2000 && step({&ann}, rules, *bot, random, wait); ++m) {}
}

TEST(BotLevels, EveryLevelPlaysAWholeHoleBesideAPersonAndEverySeatSaysItsLevel) {
    running_server server;
    connection ann;
    ann.connect(server.url(), "bot_levels_test");
    const v1::TableJoined created = ann.create_table("Ann", "six-card", 5, holes(1));
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    ann.add_bot(v1::BOT_LEVEL_EASY);
    ann.add_bot(v1::BOT_LEVEL_MEDIUM);
    ann.add_bot(v1::BOT_LEVEL_HARD);
    ann.add_bot(v1::BOT_LEVEL_SEARCH, 50);
    const v1::TableUpdate& u = ann.wait_until([](const v1::TableUpdate& t) { return seated(t, 5); });
    expect_seat(u, 0, v1::BOT_LEVEL_UNSPECIFIED, 0, "Ann");
    expect_seat(u, 1, v1::BOT_LEVEL_EASY, 0, "bot 1 (easy)");
    expect_seat(u, 2, v1::BOT_LEVEL_MEDIUM, 0, "bot 2 (medium)");
    expect_seat(u, 3, v1::BOT_LEVEL_HARD, 0, "bot 3 (hard)");
    expect_seat(u, 4, v1::BOT_LEVEL_SEARCH, 50, "bot 4 (search 50)");

    ann.start_match();
    play_until_finished(ann, rules, std::chrono::duration_cast<std::chrono::milliseconds>(slow_wait));
    const v1::TableUpdate& end =
        ann.wait_until([](const v1::TableUpdate& t) { return t.state() == v1::TABLE_STATE_FINISHED; }, slow_wait);
    EXPECT_EQ(end.scorecard().holes_size(), 1);
    EXPECT_TRUE(end.scorecard().match_over());
    expect_seat(end, 4, v1::BOT_LEVEL_SEARCH, 50, "bot 4 (search 50)");
    // The searching bots thought on the bot threads, not on the table's strand.
    EXPECT_GT(metric(server.port(), "golf_bot_thoughts_total"), 0);
}

TEST(BotLevels, BadLevelsAndBudgetsAreRefusedAndTheTableIsUnchanged) {
    running_server server;
    connection ann;
    ann.connect(server.url(), "bot_levels_test");
    ann.create_table("Ann", "six-card", 3, holes(1));
    const v1::TableUpdate before = ann.wait_until([](const v1::TableUpdate& t) { return t.seats_size() == 3; });
    const struct {
        v1::ClientMessage message;
        std::string says;
    } bad[] = {
        {add_bot(v1::BOT_LEVEL_SEARCH), "search_budget of 1 to 20000"},
        {add_bot(v1::BOT_LEVEL_SEARCH, 20001), "search_budget of 1 to 20000 playouts (got 20001)"},
        {add_bot(v1::BOT_LEVEL_HARD, 50), "search_budget goes with BOT_LEVEL_SEARCH only"},
        {add_bot(v1::BOT_LEVEL_HEURISTIC, 1), "search_budget goes with BOT_LEVEL_SEARCH only"},
        {add_bot(static_cast<v1::BotLevel>(7)), "unknown bot level"},
        {add_bot(static_cast<v1::BotLevel>(99), 50), "unknown bot level"},
    };
    for (const auto& b : bad) {
        SCOPED_TRACE(b.message.ShortDebugString());
        const v1::ServerMessage reply = ann.request(b.message);
        ASSERT_TRUE(reply.has_error());
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_REQUEST);
        EXPECT_NE(reply.error().message().find(b.says), std::string::npos) << reply.error().message();
    }
    // Nothing changed: no update came, and the seats are as they were.
    drain(ann);
    EXPECT_EQ(ann.latest()->hand_version(), before.hand_version());
    for (int s = 1; s < 3; ++s) EXPECT_FALSE(ann.latest()->seats(s).occupied()) << "seat " << s;
    // The edges of the budget are taken.
    ann.add_bot(v1::BOT_LEVEL_SEARCH, 1);
    ann.add_bot(v1::BOT_LEVEL_SEARCH, 20000);
    const v1::TableUpdate& after = ann.wait_until([](const v1::TableUpdate& t) { return seated(t, 3); });
    expect_seat(after, 1, v1::BOT_LEVEL_SEARCH, 1, "bot 1 (search 1)");
    expect_seat(after, 2, v1::BOT_LEVEL_SEARCH, 20000, "bot 2 (search 20000)");
}

// The deal asks the bot to flip its start cards; it thinks during its long delay, while Ann flips hers at once.
// Her flips move the hand on, so the answer it was thinking about is for a hand that is no longer there: it is
// dropped (counted as stale) and the bot thinks again from the hand as it is, then plays on. (Its moves wait the
// delay: this test takes several seconds.)
TEST(BotLevels, ASearchBotsAnswerForAHandThatMovedOnIsDroppedNotApplied) {
    running_server server(1s, {}, 1500ms);
    connection ann;
    ann.connect(server.url(), "bot_levels_test");
    const v1::TableJoined created = ann.create_table("Ann", "six-card", 2, holes(1));
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    ann.add_bot(v1::BOT_LEVEL_SEARCH, 50);
    ann.wait_until([](const v1::TableUpdate& t) { return seated(t, 2); });
    ann.start_match();
    const std::uint64_t dealt = ann.wait_until([](const v1::TableUpdate& t) { return t.has_hand(); }).hand_version();
    auto bot = golf::make_bot("heuristic");
    golf::random_source random(3);
    // Ann's start: her moves before the bot's first (its delay is 1.5 s).
    ASSERT_TRUE(step({&ann}, rules, *bot, random));
    const v1::TableUpdate& after_bot = ann.wait_until(
        [dealt](const v1::TableUpdate& t) {
            return t.has_hand() && t.hand().seats_size() == 2 && t.hand_version() >= dealt + 3;
        },
        30s);
    EXPECT_GE(after_bot.hand_version(), dealt + 3) << "Ann's flip and the bot's";
    EXPECT_GE(metric(server.port(), "golf_bot_thoughts_stale_total"), 1)
        << "the answer for the hand before Ann's flip was not dropped";
    // The bot still plays: Ann's turns keep coming round to her.
    for (int m = 0; m < 3; ++m) ASSERT_TRUE(step({&ann}, rules, *bot, random, 30000ms)) << "move " << m;
}

using BotLevelsOn = golf::server::testing::on_each_backend;

TEST_P(BotLevelsOn, ARestartBringsEveryBotBackAtItsLevel) {
    const std::string db = this->db();
    std::string token;
    golf::ruleset rules;
    {
        running_server server(60s, db);
        connection ann;
        ann.connect(server.url(), "bot_levels_test");
        const v1::TableJoined created = ann.create_table("Ann", "six-card", 4, holes(3));
        rules = golf::wire::to_ruleset(created.rules()).value();
        ann.add_bot(v1::BOT_LEVEL_HARD);
        ann.add_bot(v1::BOT_LEVEL_SEARCH, 50);
        ann.add_bot(v1::BOT_LEVEL_RANDOM);
        ann.wait_until([](const v1::TableUpdate& t) { return seated(t, 4); });
        ann.start_match();
        auto bot = golf::make_bot("heuristic");
        golf::random_source random(5);
        ASSERT_TRUE(step({&ann}, rules, *bot, random, 30000ms));
        token = ann.token();
        server.stop();
    }
    running_server server(60s, db);
    connection ann;
    ann.connect(server.url(), "bot_levels_test");
    ann.reclaim(token);
    const v1::TableUpdate& u = ann.wait_until([](const v1::TableUpdate& t) { return t.seats(0).connected(); });
    expect_seat(u, 1, v1::BOT_LEVEL_HARD, 0, "bot 1 (hard)");
    expect_seat(u, 2, v1::BOT_LEVEL_SEARCH, 50, "bot 2 (search 50)");
    expect_seat(u, 3, v1::BOT_LEVEL_RANDOM, 0, "bot 3 (random)");
    // They play on: Ann's moves keep coming round to her.
    auto bot = golf::make_bot("heuristic");
    golf::random_source random(6);
    for (int m = 0; m < 4; ++m) ASSERT_TRUE(step({&ann}, rules, *bot, random, 30000ms)) << "move " << m;
    // The record keeps each level (history shows it too).
    v1::ClientMessage list;
    list.mutable_list_matches()->set_player("Ann");
    const v1::ServerMessage reply = ann.request(list);
    ASSERT_TRUE(reply.has_match_list()) << reply.ShortDebugString();
    ASSERT_EQ(reply.match_list().matches_size(), 1);
    const v1::MatchSummary& summary = reply.match_list().matches(0);
    ASSERT_EQ(summary.seats_size(), 4);
    EXPECT_EQ(summary.seats(1).bot(), v1::BOT_LEVEL_HARD);
    EXPECT_EQ(summary.seats(2).bot(), v1::BOT_LEVEL_SEARCH);
    EXPECT_EQ(summary.seats(2).search_budget(), 50u);
    EXPECT_EQ(summary.seats(3).bot(), v1::BOT_LEVEL_RANDOM);
}

INSTANTIATE_TEST_SUITE_P(every_backend, BotLevelsOn,
                         ::testing::Values(golf::server::testing::backend::sqlite,
                                           golf::server::testing::backend::postgresql),
                         golf::server::testing::backend_name);

// ---- the bot threads' pool on its own ---------------------------------------------------------------------------

using golf::server::bot_thinking;

// A thinker that holds every job until released, so a test knows which are running and which wait.
struct held_thinker {
    std::mutex mutex;
    std::condition_variable changed;
    int started = 0;
    bool released = false;

    golf::action think(const bot_thinking::job& j) {
        std::unique_lock lock(mutex);
        ++started;
        changed.notify_all();
        changed.wait(lock, [this] { return released; });
        return j.view.legal.front();
    }
    bool wait_started(int n) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, 10s, [&] { return started >= n; });
    }
    void release() {
        std::lock_guard lock(mutex);
        released = true;
        changed.notify_all();
    }
};

bot_thinking::job a_job(std::atomic<int>& answered) {
    bot_thinking::job j;
    j.view.legal.push_back(golf::action{golf::action_kind::draw_stock});
    j.done = [&answered](golf::action) { ++answered; };
    return j;
}

TEST(BotThinking, JobsBeyondTheBoundAreRefusedAndAStopWithJobsWaitingDropsThemAndReturns) {
    held_thinker held;
    std::atomic<int> answered{0};
    bot_thinking pool(1, 2, [&held](const bot_thinking::job& j) { return held.think(j); });
    ASSERT_TRUE(pool.submit(a_job(answered)));
    ASSERT_TRUE(held.wait_started(1));  // the one thread is busy with it
    EXPECT_TRUE(pool.submit(a_job(answered)));
    EXPECT_TRUE(pool.submit(a_job(answered)));
    EXPECT_FALSE(pool.submit(a_job(answered))) << "a third job waiting beyond a bound of two was taken";
    EXPECT_EQ(pool.waiting(), 2u);
    // Stopping waits for the running job only; the two waiting are dropped without an answer.
    auto stopped = std::async(std::launch::async, [&pool] { pool.stop(); });
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (pool.waiting() > 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(1ms);
    EXPECT_EQ(pool.waiting(), 0u) << "stop() did not drop the waiting jobs";
    held.release();
    ASSERT_EQ(stopped.wait_for(30s), std::future_status::ready) << "stop() hung with jobs waiting";
    EXPECT_EQ(answered.load(), 1);
    EXPECT_FALSE(pool.submit(a_job(answered))) << "a stopped pool took a job";
    pool.stop();  // again: nothing to do
}

TEST(BotThinking, ASearchIsThoughtOnAPoolThreadAndAnswersALegalMoveDeterministically) {
    const auto rules = std::make_shared<const golf::ruleset>(golf::find_preset("six-card")->rules);
    golf::hand h(rules, 3, 0, 42);
    bot_thinking pool(2, 4);
    const auto think = [&](std::uint64_t seed) {
        auto answer = std::make_shared<std::promise<std::pair<golf::action, std::thread::id>>>();
        bot_thinking::job j;
        j.view = h.view_for(1, golf::recall::perfect);
        j.rules = rules;
        j.playouts = 30;
        j.seed = seed;
        j.done = [answer](golf::action a) { answer->set_value({a, std::this_thread::get_id()}); };
        auto future = answer->get_future();
        EXPECT_TRUE(pool.submit(std::move(j)));
        EXPECT_EQ(future.wait_for(60s), std::future_status::ready);
        return future.get();
    };
    const auto [first, on] = think(9);
    const auto [again, on_again] = think(9);
    const auto legal = h.legal_actions(1);
    EXPECT_NE(std::find(legal.begin(), legal.end(), first), legal.end());
    EXPECT_EQ(first, again) << "the same view and seed gave another move";
    EXPECT_NE(on, std::this_thread::get_id());
}

// The staleness check itself: any difference in where the hand stands makes an answer stale.
TEST(BotThinking, AnAnswerIsCurrentOnlyAtTheVeryPointItWasAskedAbout) {
    const golf::server::bot_point asked{1, 2, 5, 3, 7};
    EXPECT_EQ(asked, (golf::server::bot_point{1, 2, 5, 3, 7}));
    EXPECT_NE(asked, (golf::server::bot_point{2, 2, 5, 3, 7})) << "another match";
    EXPECT_NE(asked, (golf::server::bot_point{1, 3, 5, 3, 7})) << "another hole";
    EXPECT_NE(asked, (golf::server::bot_point{1, 2, 6, 3, 7})) << "a move (a person's claim) since";
    EXPECT_NE(asked, (golf::server::bot_point{1, 2, 5, 2, 7})) << "another seat";
    EXPECT_NE(asked, (golf::server::bot_point{1, 2, 5, 3, 8})) << "someone sat down or stood in since";
}

}  // namespace
}  // namespace bot_levels_tests
