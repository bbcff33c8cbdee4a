// A table and the node's lease (server/cluster/node_lease.hpp), in-process: while the lease is lapsed nothing changes
// at the table, and what the server itself was due to do (deal the next hole) is done once the lease is renewed; a
// match claimed under an incarnation the lease no longer has is not opened here.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/persistence/played_match.hpp"
#include "tests/server/table_fixture.hpp"

namespace golf::server {
namespace lease_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using table_tests::create;
using table_tests::join;
using table_tests::start_match;
using TableTest = table_tests::TableTest;

constexpr auto review = 300ms;

void renew(node_lease& lease, std::int64_t incarnation = 1) {
    lease.renew(std::chrono::steady_clock::now(), 60s, incarnation);
}

// A slow heartbeat lets the lease lapse without the node stepping down: the deal that fell in the gap comes once
// the lease is renewed, rather than never.
TEST_F(TableTest, ADealHeldBackByALapsedLeaseComesOnceTheLeaseIsRenewed) {
    server_config c = quick();
    c.between_holes = review;
    start(c);
    auto alice = connect("alice"), bob = connect("bob");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    const auto t = table_of(code);
    play_until({alice, bob}, [&] { return inspect(t).state == v1::TABLE_STATE_BETWEEN_HOLES; });
    games_->lease()->end();
    std::this_thread::sleep_for(3 * review);  // the review is over: the deal is due
    EXPECT_EQ(inspect(t).state, v1::TABLE_STATE_BETWEEN_HOLES) << "a hole was dealt while the lease was lapsed";

    // Nor does a person's Next hole deal it meanwhile.
    v1::ClientMessage next;
    next.mutable_next_hole();
    const v1::ServerMessage refused = call(alice, next);
    EXPECT_EQ(refused.error().code(), v1::ERROR_CODE_UNAVAILABLE) << refused.ShortDebugString();

    renew(*games_->lease());
    ASSERT_TRUE(alice->wait_update([](const v1::TableUpdate& u) {
        return u.state() == v1::TABLE_STATE_PLAYING && u.hand().hole() == 2;
    })) << "the second hole was never dealt";
}

// The cluster claimed a table as incarnation 1, then stepped down and joined again as 2 before the restore ran:
// the match is not opened here (its table is an orphan again in the database, for the next claim).
TEST_F(TableTest, AMatchClaimedByAnIncarnationTheLeaseNoLongerHasIsNotRestored) {
    start();
    const auto played = persistence::testing::play_match("six-card", {.players = 2, .max_holes = 1});
    renew(*games_->lease(), 2);
    EXPECT_EQ(games_->restore({played.detail}, 1), 0);
    EXPECT_FALSE(table_of(played.detail.summary.table_code));
    EXPECT_EQ(games_->restore({played.detail}, 2), 1);
    EXPECT_TRUE(table_of(played.detail.summary.table_code));
}

}  // namespace
}  // namespace lease_tests
}  // namespace golf::server
