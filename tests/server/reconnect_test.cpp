// Reconnecting over real sockets: a client that drops mid-hand comes back with ReclaimSeat and its seat token, gets
// its seat and a full snapshot, and plays on; during a long absence a server bot stands in and the hand goes on,
// and the seat is given back when its owner returns.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "tests/server/e2e_support.hpp"

namespace reconnect_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
using google::protobuf::util::MessageDifferencer;
namespace v1 = golf::v1;

bool everyone_seated(const v1::TableUpdate& u) {
    return std::all_of(u.seats().begin(), u.seats().end(), [](const v1::SeatInfo& s) { return s.occupied(); });
}

// Four people at a six-card table of `holes` holes, the match started and played for `moves` moves.
struct table_of_four {
    std::vector<std::unique_ptr<connection>> seats;
    golf::ruleset rules;
    std::unique_ptr<golf::bot> bot = golf::make_bot("heuristic");
    golf::random_source random{5};

    table_of_four(const std::string& url, int holes) {
        for (int s = 0; s < 4; ++s) {
            seats.push_back(std::make_unique<connection>());
            seats.back()->connect(url, "reconnect_test");
        }
        v1::Ruleset house;
        house.set_holes(holes);
        const v1::TableJoined created = seats[0]->create_table("p0", "six-card", 4, house);
        for (int s = 1; s < 4; ++s) seats[s]->join(created.code(), "p" + std::to_string(s));
        rules = golf::wire::to_ruleset(created.rules()).value();
        seats[0]->wait_until(everyone_seated);
        seats[0]->start_match();
    }

    std::vector<connection*> players() const {
        std::vector<connection*> all;
        for (const auto& c : seats) all.push_back(c.get());
        return all;
    }

    // Plays `count` moves, then lets every seat catch up with the last one.
    void play(int count) {
        std::uint64_t version = 0;
        for (int m = 0; m < count; ++m) {
            const auto moved = step(players(), rules, *bot, random);
            ASSERT_TRUE(moved);
            version = seats[moved->seat]->latest()->hand_version();
        }
        const auto caught_up = [&](const v1::TableUpdate& u) { return u.hand_version() >= version; };
        for (const auto& c : seats) c->wait_until(caught_up);
    }

    // Plays to the end of the match; returns how many moves each seat made.
    std::vector<int> play_to_the_end() {
        std::vector<int> made(4, 0);
        for (int moves = 0;; ++moves) {
            if (moves >= 20000) {
                ADD_FAILURE() << "the match does not end";
                break;
            }
            const auto moved = step(players(), rules, *bot, random);
            if (!moved) break;
            ++made[moved->seat];
        }
        for (const auto& c : seats) c->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
        return made;
    }
};

TEST(reconnect, a_dropped_client_gets_its_seat_and_a_full_snapshot_and_plays_on) {
    running_server server(60s);  // a long grace: no bot stands in during this test
    table_of_four table(server.url(), 1);
    ASSERT_NO_FATAL_FAILURE(table.play(10));
    const v1::TableUpdate before = *table.seats[2]->latest();
    const std::string token = table.seats[2]->token();
    const std::string code = table.seats[2]->code();
    ASSERT_FALSE(token.empty());

    table.seats[2]->abort();  // the network goes away: no close handshake
    const v1::TableUpdate& seen = table.seats[0]->wait_until(
        [](const v1::TableUpdate& u) { return u.seats_size() == 4 && !u.seats(2).connected(); });
    EXPECT_TRUE(seen.seats(2).occupied()) << "the seat is held for its owner";
    EXPECT_FALSE(seen.seats(2).bot_standing_in());

    auto back = std::make_unique<connection>();
    back->connect(server.url(), "reconnect_test again");
    const v1::TableJoined joined = back->reclaim(token);
    EXPECT_EQ(joined.seat(), 2);
    EXPECT_EQ(joined.code(), code);
    EXPECT_FALSE(joined.seat_token().empty());
    // The snapshot is the whole table as seat 2 sees it, as it was when the connection dropped.
    const v1::TableUpdate& snapshot = back->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    EXPECT_EQ(snapshot.your_seat(), 2);
    EXPECT_EQ(snapshot.code(), code);
    EXPECT_EQ(snapshot.hand_version(), before.hand_version());
    EXPECT_TRUE(MessageDifferencer::Equals(snapshot.hand(), before.hand()))
        << "before:\n"
        << before.hand().DebugString() << "snapshot:\n"
        << snapshot.hand().DebugString();
    EXPECT_TRUE(MessageDifferencer::Equals(snapshot.scorecard(), before.scorecard()));
    table.seats[0]->wait_until([](const v1::TableUpdate& u) { return u.seats(2).connected(); });

    table.seats[2] = std::move(back);
    const std::vector<int> made = table.play_to_the_end();
    EXPECT_GT(made[2], 0) << "the returning client made moves";
    EXPECT_EQ(table.seats[2]->latest()->scorecard().holes_size(), 1);
}

TEST(reconnect, a_client_that_reconnects_twice_keeps_its_seat) {
    running_server server(60s);
    table_of_four table(server.url(), 1);
    ASSERT_NO_FATAL_FAILURE(table.play(6));
    for (int round = 0; round < 2; ++round) {
        const std::string token = table.seats[1]->token();
        table.seats[1]->close();
        auto back = std::make_unique<connection>();
        back->connect(server.url(), "reconnect_test again");
        EXPECT_EQ(back->reclaim(token).seat(), 1) << "round " << round;
        back->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
        table.seats[1] = std::move(back);
        ASSERT_NO_FATAL_FAILURE(table.play(4));
    }
    const std::vector<int> made = table.play_to_the_end();
    EXPECT_TRUE(table.seats[1]->latest()->scorecard().match_over());
    EXPECT_EQ(made.size(), 4u);
}

TEST(reconnect, during_a_long_absence_a_bot_stands_in_and_gives_the_seat_back) {
    running_server server(1s);  // a short grace
    table_of_four table(server.url(), 2);
    ASSERT_NO_FATAL_FAILURE(table.play(10));
    const v1::TableUpdate at_drop = *table.seats[0]->latest();
    const std::uint32_t turns_before = at_drop.hand().seats(2).turns_taken();
    const std::uint32_t hole_before = at_drop.hand().hole();
    const std::string token = table.seats[2]->token();
    table.seats[2]->abort();

    // After the grace period a bot plays seat 2, and the hand goes on with the other three.
    table.seats[0]->wait_until([](const v1::TableUpdate& u) { return u.seats(2).bot_standing_in(); }, 30s);
    std::vector<connection*> others{table.seats[0].get(), table.seats[1].get(), table.seats[3].get()};
    const auto bot_moved = [&](const v1::TableUpdate& u) {
        return u.hand().hole() > hole_before || u.hand().seats(2).turns_taken() > turns_before;
    };
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!bot_moved(*table.seats[0]->latest())) {
        ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "seat 2 never moved while its owner was away";
        ASSERT_FALSE(table.seats[0]->latest()->scorecard().match_over());
        if (!step(others, table.rules, *table.bot, table.random, 200ms)) drain(*table.seats[0]);
    }

    auto back = std::make_unique<connection>();
    back->connect(server.url(), "reconnect_test again");
    EXPECT_EQ(back->reclaim(token).seat(), 2);
    const v1::TableUpdate& snapshot = back->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    EXPECT_EQ(snapshot.your_seat(), 2);
    EXPECT_GE(snapshot.hand_version(), at_drop.hand_version());
    // Everyone, the owner included, sees the owner back and the stand-in gone.
    const auto returned = [](const v1::TableUpdate& u) {
        return u.seats(2).connected() && !u.seats(2).bot_standing_in();
    };
    for (connection* c : others) c->wait_until(returned);
    back->wait_until(returned);

    table.seats[2] = std::move(back);
    const std::vector<int> made = table.play_to_the_end();
    EXPECT_GT(made[2], 0) << "the owner played its seat again";
    EXPECT_EQ(table.seats[2]->latest()->scorecard().holes_size(), 2);
}

// docs/protocol.md: a leave_table at a finished table keeps the seat and its token, as mid-match; the table closes
// once no person has been connected for the grace period (and ten seconds).
TEST(reconnect, leaving_a_finished_table_keeps_the_seat_and_its_token_reclaims_it) {
    running_server server(60s);
    table_of_four table(server.url(), 1);
    table.play_to_the_end();
    const std::string token = table.seats[3]->token();
    v1::ClientMessage leave;
    leave.mutable_leave_table();
    ASSERT_TRUE(table.seats[3]->request(leave).has_ok());
    const v1::TableUpdate& left = table.seats[0]->wait_until(
        [](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED && !u.seats(3).connected(); });
    EXPECT_TRUE(left.seats(3).occupied()) << "the seat is kept for its person";

    auto back = std::make_unique<connection>();
    back->connect(server.url(), "reconnect_test again");
    EXPECT_EQ(back->reclaim(token).seat(), 3);
    const v1::TableUpdate& snapshot = back->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    EXPECT_EQ(snapshot.state(), v1::TABLE_STATE_FINISHED);
    EXPECT_TRUE(snapshot.scorecard().match_over());
    table.seats[0]->wait_until([](const v1::TableUpdate& u) { return u.seats(3).connected(); });
}

TEST(reconnect, a_token_that_belongs_to_no_seat_is_refused) {
    running_server server(60s);
    connection c;
    c.connect(server.url(), "reconnect_test");
    try {
        c.reclaim("00112233445566778899aabbccddeeff");
        FAIL() << "a made-up token was accepted";
    } catch (const golf::client::error& e) {
        EXPECT_EQ(e.code(), v1::ERROR_CODE_BAD_TOKEN) << e.what();
    }
    EXPECT_TRUE(c.is_open());
}

}  // namespace
}  // namespace reconnect_tests
