// Quick play over real sockets (server/registry/quick_play.hpp; the matchmaking itself is quick_play_queue_test.cpp):
// people asking for the same preset and seat count are seated together at a private table whose match starts by itself;
// different asks never mix; LeaveQueue, asking again and a disconnect each end a wait; bots fill the table once a
// player's chosen wait has passed; and the requests quick play refuses.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace quick_play_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::running_server;
using golf::server::testing::eventually;
namespace v1 = golf::v1;
using clock_type = std::chrono::steady_clock;

// Long enough for four of quick play's 250 ms ticks: a group that could be formed would have been.
constexpr auto ticks = 1100ms;

// Sends `request` and expects Ok and then the first QueueUpdate, which it returns.
v1::QueueUpdate wait_in_queue(connection& c, const v1::ClientMessage& request) {
    const v1::ServerMessage reply = c.request(request);
    EXPECT_TRUE(reply.has_ok()) << describe(reply);
    const auto update = next_where(
        c, [](const v1::ServerMessage& m) { return m.has_queue(); }, 3000ms);
    EXPECT_TRUE(update) << "no QueueUpdate after the Ok";
    return update ? update->queue() : v1::QueueUpdate{};
}

// The TableJoined quick play sends `c` within `limit`, if it does.
std::optional<v1::TableJoined> seated_within(connection& c, std::chrono::milliseconds limit) {
    const auto m = next_where(
        c, [](const v1::ServerMessage& s) { return s.has_table_joined(); }, limit);
    if (!m) return std::nullopt;
    EXPECT_EQ(m->request_id(), 0u) << "a seat found later is a push";
    return m->table_joined();
}

bool playing(const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING; }

TEST(QuickPlay, TwoPeopleAskingForTheSamePresetAndSeatsAreSeatedTogetherAndTheMatchStarts) {
    running_server server;
    auto ann = connect_to(server.url());
    auto gus = connect_to(server.url());
    const v1::ServerMessage in = ann->request(register_as("Ann", "correct horse battery staple"));
    ASSERT_TRUE(in.has_signed_in()) << describe(in);

    const v1::QueueUpdate first = wait_in_queue(*ann, quick_play("six-card", 2, ""));
    EXPECT_EQ(first.preset(), "six-card");
    EXPECT_EQ(first.seats(), 2u);
    EXPECT_EQ(first.waiting(), 1u);
    EXPECT_GE(first.window(), 2.0);
    EXPECT_LT(first.window(), 3.0) << "the window starts at 2 and widens by 0.5 a second";
    EXPECT_EQ(first.bots_in_ms(), 0u) << "no bots were asked for";
    EXPECT_EQ(wait_in_queue(*gus, quick_play("six-card", 2, "Gus")).waiting(), 2u);

    const auto ann_seat = seated_within(*ann, 3000ms);
    const auto gus_seat = seated_within(*gus, 3000ms);
    ASSERT_TRUE(ann_seat && gus_seat) << "the two were not seated";
    EXPECT_EQ(ann_seat->code(), gus_seat->code());
    EXPECT_EQ(ann_seat->preset(), "six-card");
    EXPECT_EQ(ann_seat->seat(), 0) << "the longest waiting sits first";
    EXPECT_EQ(gus_seat->seat(), 1);
    EXPECT_FALSE(ann_seat->seat_token().empty());
    EXPECT_NE(ann_seat->seat_token(), gus_seat->seat_token());

    for (connection* c : {ann.get(), gus.get()}) {
        const v1::TableUpdate& u = c->wait_until(playing);
        EXPECT_EQ(u.code(), ann_seat->code());
        ASSERT_EQ(u.seats_size(), 2);
        EXPECT_EQ(u.seats(0).name(), "Ann");
        EXPECT_TRUE(u.seats(0).registered()) << "the account's seat";
        EXPECT_EQ(u.seats(1).name(), "Gus");
        EXPECT_FALSE(u.seats(1).registered()) << "a guest's seat";
        for (const v1::SeatInfo& s : u.seats()) {
            EXPECT_TRUE(s.occupied());
            EXPECT_EQ(s.bot(), v1::BOT_LEVEL_UNSPECIFIED) << "two people asked for two seats: no bot";
        }
    }
    // Quick play's tables are private: the lobby does not list them.
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    const v1::ServerMessage lobby = connect_to(server.url())->request(watch);
    ASSERT_TRUE(lobby.has_lobby()) << describe(lobby);
    for (const auto& t : lobby.lobby().tables()) EXPECT_NE(t.code(), ann_seat->code());
    // Seated, the table is theirs: quick play again is refused.
    EXPECT_EQ(error_of(gus->request(quick_play("six-card", 2, "Gus"))), v1::ERROR_CODE_ALREADY_AT_TABLE);
}

TEST(QuickPlay, DifferentPresetsOrSeatCountsAreNeverSeatedTogether) {
    running_server server;
    auto six = connect_to(server.url());
    auto four = connect_to(server.url());
    auto six_of_three = connect_to(server.url());
    EXPECT_EQ(wait_in_queue(*six, quick_play("six-card", 2, "Sam")).waiting(), 1u);
    EXPECT_EQ(wait_in_queue(*four, quick_play("four-card", 2, "Flo")).waiting(), 1u);
    EXPECT_EQ(wait_in_queue(*six_of_three, quick_play("six-card", 3, "Tess")).waiting(), 1u);
    std::this_thread::sleep_for(ticks);
    for (connection* c : {six.get(), four.get(), six_of_three.get()})
        EXPECT_FALSE(seated_within(*c, 100ms)) << "seated with someone who asked for another game";
    EXPECT_EQ(tables_open(server.port()), 0);

    // The queues do work: a second four-card player is seated with the first.
    auto another_four = connect_to(server.url());
    EXPECT_EQ(wait_in_queue(*another_four, quick_play("four-card", 2, "Fay")).waiting(), 2u);
    const auto a = seated_within(*four, 3000ms);
    const auto b = seated_within(*another_four, 3000ms);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->code(), b->code());
    EXPECT_EQ(a->preset(), "four-card");
    for (connection* c : {six.get(), six_of_three.get()}) EXPECT_FALSE(seated_within(*c, 100ms));
}

TEST(QuickPlay, LeaveQueueStopsTheWaitAndALaterPlayerIsNotSeatedWithTheLeaver) {
    running_server server;
    auto leaver = connect_to(server.url());
    wait_in_queue(*leaver, quick_play("six-card", 2, "Lee"));
    const v1::ServerMessage left = leaver->request(leave_queue());
    ASSERT_TRUE(left.has_ok()) << describe(left);
    while (leaver->next(0ms)) {}  // an update sent before the leave

    auto stayer = connect_to(server.url());
    EXPECT_EQ(wait_in_queue(*stayer, quick_play("six-card", 2, "Sue")).waiting(), 1u) << "the leaver still waits";
    // Still waiting, the leaver would be told of the newcomer at once, and seated with them at the next tick.
    EXPECT_FALSE(next_where(
        *leaver, [](const v1::ServerMessage& m) { return m.has_queue() || m.has_table_joined(); }, ticks))
        << "the leaver was still in the queue";
    EXPECT_FALSE(seated_within(*stayer, 100ms));

    auto newcomer = connect_to(server.url());
    wait_in_queue(*newcomer, quick_play("six-card", 2, "Ned"));
    const auto a = seated_within(*stayer, 3000ms);
    const auto b = seated_within(*newcomer, 3000ms);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->code(), b->code());
    EXPECT_FALSE(seated_within(*leaver, 100ms));
    EXPECT_TRUE(leaver->request(leave_queue()).has_ok()) << "LeaveQueue when not waiting is Ok too";
}

TEST(QuickPlay, AskingAgainReplacesTheWait) {
    running_server server;
    auto changer = connect_to(server.url());
    wait_in_queue(*changer, quick_play("six-card", 2, "Cy"));
    const v1::QueueUpdate now = wait_in_queue(*changer, quick_play("four-card", 2, "Cy"));
    EXPECT_EQ(now.preset(), "four-card");
    EXPECT_EQ(now.waiting(), 1u);

    auto six = connect_to(server.url());
    EXPECT_EQ(wait_in_queue(*six, quick_play("six-card", 2, "Sam")).waiting(), 1u) << "the first wait was kept";
    auto four = connect_to(server.url());
    wait_in_queue(*four, quick_play("four-card", 2, "Flo"));
    const auto a = seated_within(*changer, 3000ms);
    const auto b = seated_within(*four, 3000ms);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->code(), b->code());
    EXPECT_EQ(a->preset(), "four-card");
    EXPECT_FALSE(seated_within(*six, 100ms));
}

TEST(QuickPlay, ADisconnectLeavesTheQueue) {
    running_server server;
    {
        auto gone = connect_to(server.url());
        wait_in_queue(*gone, quick_play("six-card", 2, "Gil"));
        gone->abort();
    }
    ASSERT_TRUE(eventually([&] { return connections_open(server.port()) == 0; }));
    std::this_thread::sleep_for(100ms);  // the registry passes the disconnect on to quick play's strand

    auto stayer = connect_to(server.url());
    EXPECT_EQ(wait_in_queue(*stayer, quick_play("six-card", 2, "Sue")).waiting(), 1u)
        << "a connection that is gone still waits";
    auto newcomer = connect_to(server.url());
    wait_in_queue(*newcomer, quick_play("six-card", 2, "Ned"));
    const auto a = seated_within(*stayer, 3000ms);
    const auto b = seated_within(*newcomer, 3000ms);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->code(), b->code());
    const v1::TableUpdate& u = stayer->wait_until(playing);
    EXPECT_EQ(u.seats(0).name(), "Sue");
    EXPECT_EQ(u.seats(1).name(), "Ned");
    EXPECT_TRUE(u.seats(0).connected() && u.seats(1).connected());
}

TEST(QuickPlay, AloneWithBotsAfterFiveSecondsIsSeatedWithABotAfterFiveSeconds) {
    running_server server;
    auto gus = connect_to(server.url());
    const auto asked = clock_type::now();
    const v1::QueueUpdate first = wait_in_queue(*gus, quick_play("six-card", 2, "Gus", 5));
    EXPECT_EQ(first.waiting(), 1u);
    EXPECT_GT(first.bots_in_ms(), 4000u);
    EXPECT_LE(first.bots_in_ms(), 5000u);

    const auto seat = seated_within(*gus, 8000ms);
    const auto waited = clock_type::now() - asked;
    ASSERT_TRUE(seat) << "not seated within 8 s";
    EXPECT_GE(waited, 4900ms) << "seated with bots before the 5 s asked for";
    EXPECT_EQ(seat->seat(), 0);
    const v1::TableUpdate& u = gus->wait_until(playing);
    EXPECT_EQ(u.code(), seat->code());
    ASSERT_EQ(u.seats_size(), 2);
    EXPECT_EQ(u.seats(0).name(), "Gus");
    EXPECT_EQ(u.seats(0).bot(), v1::BOT_LEVEL_UNSPECIFIED);
    EXPECT_FALSE(u.seats(0).registered());
    EXPECT_TRUE(u.seats(1).occupied());
    EXPECT_EQ(u.seats(1).bot(), v1::BOT_LEVEL_HEURISTIC) << "the empty seat went to a bot";
    EXPECT_FALSE(u.seats(1).registered());
}

TEST(QuickPlay, BadRequestsAreRefusedAndQueueNobody) {
    running_server server;
    auto c = connect_to(server.url());
    const std::vector<std::pair<std::string, v1::ClientMessage>> bad = {
        {"an unknown preset", quick_play("no-such-preset", 2, "Bea")},
        {"no preset", quick_play("", 2, "Bea")},
        {"one seat", quick_play("six-card", 1, "Bea")},
        {"no seats", quick_play("six-card", 0, "Bea")},
        {"99 seats", quick_play("six-card", 99, "Bea")},
        {"bots after 3 s", quick_play("six-card", 2, "Bea", 3)},
        {"bots after 601 s", quick_play("six-card", 2, "Bea", 601)},
    };
    for (const auto& [what, request] : bad) {
        const v1::ServerMessage reply = c->request(request);
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_BAD_REQUEST) << what << ": " << describe(reply);
    }
    EXPECT_EQ(error_of(c->request(quick_play("six-card", 2, ""))), v1::ERROR_CODE_BAD_NAME) << "a guest needs a name";
    EXPECT_EQ(error_of(c->request(quick_play("six-card", 2, std::string(25, 'b')))), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(c->request(quick_play("six-card", 2, "Bea\x1b[2J"))), v1::ERROR_CODE_BAD_NAME);
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", "correct horse battery staple")).has_signed_in());
    EXPECT_EQ(error_of(ann->request(quick_play("six-card", 2, "Zed"))), v1::ERROR_CODE_BAD_NAME)
        << "signed in, only the account's name";

    // None of them waits: nobody is told of a wait, and the next player waits alone.
    EXPECT_FALSE(next_where(
        *c, [](const v1::ServerMessage& m) { return m.has_queue(); }, 300ms));
    EXPECT_EQ(wait_in_queue(*connect_to(server.url()), quick_play("six-card", 2, "Sue")).waiting(), 1u);
    EXPECT_TRUE(c->is_open());
}

TEST(QuickPlay, WhileAtATableItIsRefusedWithAlreadyAtTable) {
    running_server server;
    auto c = connect_to(server.url());
    c->create_table("Tia", "six-card", 2);
    const v1::ServerMessage reply = c->request(quick_play("six-card", 2, "Tia"));
    EXPECT_EQ(error_of(reply), v1::ERROR_CODE_ALREADY_AT_TABLE) << describe(reply);
    EXPECT_EQ(wait_in_queue(*connect_to(server.url()), quick_play("six-card", 2, "Sue")).waiting(), 1u);
}

TEST(QuickPlay, AGuestUnderARegisteredNameOrOneConfusableWithItIsNameTaken) {
    running_server server;
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", "correct horse battery staple")).has_signed_in());
    auto guest = connect_to(server.url());
    for (const std::string& name :
         {std::string("Ann"), std::string("aNN"), std::string("\xD0\x90nn"), std::string("A.nn")}) {
        const v1::ServerMessage reply = guest->request(quick_play("six-card", 2, name));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_NAME_TAKEN) << name << ": " << describe(reply);
    }
    EXPECT_EQ(wait_in_queue(*connect_to(server.url()), quick_play("six-card", 2, "Sue")).waiting(), 1u)
        << "a refused guest waits";
}

// Regression: the name a QuickPlay waits under is settled when it is asked (the account's), and the seat is marked
// registered only if the connection is still signed in as that account when the group is seated
// (table::account_of). A connection that signed out while waiting was seated as a guest under the registered name,
// which no guest may use.
TEST(QuickPlay, SigningOutWhileWaitingSeatedAGuestUnderTheRegisteredName) {
    running_server server;
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", "correct horse battery staple")).has_signed_in());
    wait_in_queue(*ann, quick_play("six-card", 2, ""));
    ASSERT_TRUE(ann->request(sign_out()).has_ok());
    auto gus = connect_to(server.url());
    wait_in_queue(*gus, quick_play("six-card", 2, "Gus"));
    if (!seated_within(*gus, 3000ms)) return;  // signing out ended the wait: nobody sits as Ann
    for (const v1::SeatInfo& s : gus->wait_until(playing).seats())
        EXPECT_FALSE(s.name() == "Ann" && !s.registered()) << "a guest sits under the registered name Ann";
}

}  // namespace
}  // namespace quick_play_tests
