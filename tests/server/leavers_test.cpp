// Leaving a match with strangers early, over real sockets on SQLite and on PostgreSQL: a public table's match ended with
// a person's seat still played by the server counts as left; the first within a day is a warning in the queue's
// update, the next makes quick play wait (RATE_LIMITED, retry_after_ms), and an account at the same address is
// counted on its own. The rules themselves (leaver_rules.hpp) are checked first.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <string>
#include <thread>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "server/accounts/leaver_rules.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace leavers_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::server::leaver_standing_at;
using golf::server::e2e::running_server;
using golf::server::testing::backend;
namespace v1 = golf::v1;

using LeaversOn = golf::server::testing::on_each_backend;

TEST(LeaverRules, TheFirstLeaveWarnsAndEachRepeatWaitsLongerFromTheLatest) {
    const std::int64_t now = 1'800'000'000;
    EXPECT_EQ(leaver_standing_at({}, now).wait_until, 0);
    EXPECT_TRUE(leaver_standing_at({}, now).notice.empty());
    const auto warned = leaver_standing_at({now - 60}, now);
    EXPECT_EQ(warned.wait_until, 0);
    EXPECT_NE(warned.notice.find("early today: please play matches to the end"), std::string::npos) << warned.notice;
    EXPECT_EQ(leaver_standing_at({now - 3600, now - 30}, now).wait_until, now - 30 + 2 * 60);
    EXPECT_NE(leaver_standing_at({now - 3600, now - 30}, now).notice.find("opens again in 2 minutes"),
              std::string::npos);
    EXPECT_EQ(leaver_standing_at({now - 90, now - 60, now - 30}, now).wait_until, now - 30 + 5 * 60);
    EXPECT_EQ(leaver_standing_at({1, 2, 3, 4, 5, 6, now}, now).wait_until, now + 15 * 60) << "the longest wait";
    EXPECT_EQ(leaver_standing_at({now - 3600, now - 600}, now).wait_until, 0) << "a wait that has passed";
}

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

TEST_P(LeaversOn, AMatchWithStrangersLeftEarlyWarnsThenTheNextLeaveMakesQuickPlayWait) {
    running_server server(1s, db());
    auto guest = connect_to(server.url());
    const auto created = guest->request(create_table("Gus", "six-card", 2, true, 2));  // public: strangers
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    guest->add_bot();
    guest->start_match();
    guest->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING; });
    v1::ClientMessage leave;
    leave.mutable_leave_table();
    ASSERT_FALSE(guest->request(leave).has_error());
    std::string counted;
    for (int i = 0; i < 400 && counted != "1"; ++i, std::this_thread::sleep_for(50ms))
        counted = query("SELECT COUNT(*) FROM leaves");
    ASSERT_EQ(counted, "1") << "the bots played the match out and the leave was counted";

    // The first leave: quick play is open, and the queue's update says why to stay next time.
    const auto warned = guest->request(quick_play("six-card", 2, "Gus"));
    ASSERT_TRUE(warned.has_ok()) << describe(warned);
    const auto update = next_where(
        *guest, [](const v1::ServerMessage& m) { return m.has_queue(); }, 5000ms);
    ASSERT_TRUE(update.has_value());
    EXPECT_NE(update->queue().notice().find("You left a match with strangers early today"), std::string::npos)
        << update->queue().notice();
    ASSERT_FALSE(guest->request(leave_queue()).has_error());

    // A second leave (as the table would record it): quick play waits two minutes after it.
    golf::persistence::open_store({.db = db()})->moderation()->add_leave(0, "127.0.0.1", unix_now());
    const auto waits = guest->request(quick_play("six-card", 2, "Gus"));
    EXPECT_EQ(error_of(waits), v1::ERROR_CODE_RATE_LIMITED) << describe(waits);
    EXPECT_NE(waits.error().message().find("opens again in 2 minutes"), std::string::npos) << describe(waits);
    EXPECT_GT(waits.error().retry_after_ms(), 100'000u);
    EXPECT_LE(waits.error().retry_after_ms(), 120'000u);

    // An account at the same address is counted on its own.
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", "correct horse battery staple")).has_signed_in());
    const auto open = ann->request(quick_play("six-card", 2, ""));
    EXPECT_TRUE(open.has_ok()) << describe(open);
    const auto told = next_where(
        *ann, [](const v1::ServerMessage& m) { return m.has_queue(); }, 5000ms);
    ASSERT_TRUE(told.has_value());
    EXPECT_TRUE(told->queue().notice().empty()) << told->queue().notice();
}

INSTANTIATE_TEST_SUITE_P(every_backend, LeaversOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace leavers_tests
