// One owner for every table (docs/ownership.md), on three nodes behind a real HAProxy: a node woken after a pause
// many times its timeout takes no table another node plays, answers for the table's real owner, and is healthy
// again at once though its late writes were refused; before a match starts, a seat reclaimed through another node
// is sent to the table's node rather than refused as an unknown token; after it ends, a seat reclaimed once the
// table's node died finds the match as it ended.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "tests/cluster/cluster_fixture.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace golf::cluster_tests {
namespace {

int health_of(std::uint16_t port) {
    try {
        return static_cast<int>(server::testing::http_request(port, "/healthz").result_int());
    } catch (...) {
        return 0;
    }
}

TEST_F(cluster_test, a_node_woken_after_a_long_pause_takes_no_table_and_is_healthy_again_at_once) {
    auto table = std::make_unique<server::e2e::two_players>(proxy_url("n1"), "six-card", 3);
    const std::string recorded = golf::encode_action_log(table->play_into_hole(0, 4));
    table->catch_up();
    ASSERT_TRUE(
        within(10s, [&] { return db_->run("SELECT convert_from(actions, 'UTF8') FROM hands_in_play") == recorded; }));
    auto& paused = *nodes_[index_of("n1")];
    table->move();  // its record is still in n1's queue (--db-move-delay-ms) when the pause comes
    paused.signal(SIGSTOP);
    table->seats.clear();
    std::vector<std::unique_ptr<connection>> seats;
    for (const auto& token : table->tokens) seats.push_back(reclaim_through_proxy(token));
    ASSERT_TRUE(seats[0] && seats[1]);
    const std::string owner = node_of(*seats[0]);
    ASSERT_NE(owner, "n1");
    std::vector<connection*> players{seats[0].get(), seats[1].get()};
    for (auto* c : players) c->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    // A pause of several timeouts while the new owner plays on.
    for (int m = 0; m < 6; ++m) ASSERT_TRUE(server::e2e::step(players, table->rules, *table->bot, table->random));
    std::this_thread::sleep_for(std::chrono::milliseconds(4 * std::stoi(node_timeout)));
    const std::size_t log_before_waking = paused.log().size();
    paused.signal(SIGCONT);
    ASSERT_TRUE(within(10s, [&] { return paused.log().find("steps down", log_before_waking) != std::string::npos; }))
        << paused.log();

    // For the next seconds: one owner in the database, every node naming it, the new owner playing on.
    const std::string where = "SELECT owner_node FROM tables WHERE code = '" + table->code + "'";
    const std::string route = "{\"code\":\"" + table->code + "\",\"node\":\"" + owner + "\"}\n";
    for (int round = 0; round < 10; ++round) {
        EXPECT_EQ(db_->run(where), owner);
        EXPECT_EQ(server::testing::http_request(paused.port(), "/api/tables/" + table->code).body(), route);
        ASSERT_TRUE(server::e2e::step(players, table->rules, *table->bot, table->random)) << logs();
        std::this_thread::sleep_for(200ms);
    }
    EXPECT_EQ(paused.log().find("took over", log_before_waking), std::string::npos) << paused.log();
    EXPECT_TRUE(within(5s, [&] { return health_of(paused.port()) == 200; }))
        << "the woken node stays unhealthy: " << server::testing::http_request(paused.port(), "/healthz").body();
}

TEST_F(cluster_test, before_its_match_starts_a_seat_reclaimed_through_another_node_is_sent_to_the_tables_node) {
    connection ann;
    ann.connect(proxy_url("n1"), "cluster_test");
    const auto created = ann.create_table("Ann", "six-card", 2);
    ASSERT_EQ(node_of(ann), "n1");
    const std::string token = ann.token();
    ann.abort();

    connection back;
    back.connect(proxy_url("n2"), "cluster_test");
    ASSERT_EQ(node_of(back), "n2");
    const v1::TableJoined joined = back.reclaim(token);
    EXPECT_EQ(joined.code(), created.code());
    EXPECT_EQ(node_of(back), "n1") << "sent on to the node that plays the table";
}

// The last move of a match written, the node gone before anyone saw the update (it died, or stepped down):
// players who come back find the table on another node as it ended, the result on it, not a refused token.
TEST_F(cluster_test, a_match_that_ended_as_its_node_died_is_shown_ended_to_its_players) {
    server::e2e::two_players table(proxy_url("n1"), "six-card", 1);
    ASSERT_EQ(node_of(*table.seats[0]), "n1");
    for (int m = 0; m < 2000 && server::e2e::step(table.players(), table.rules, *table.bot, table.random); ++m) {}
    const auto& last = table.seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
    const v1::Scorecard card = last.scorecard();
    ASSERT_TRUE(within(10s, [&] {
        return db_->run("SELECT count(*) FROM matches WHERE ended_at IS NOT NULL AND table_code = '" + table.code +
                        "'") == "1";
    }));
    nodes_[index_of("n1")]->stop(SIGKILL);
    table.seats.clear();
    for (const auto& token : table.tokens) {
        const auto back = reclaim_through_proxy(token);
        ASSERT_TRUE(back);
        EXPECT_NE(node_of(*back), "n1");
        const auto& shown = back->wait_until([](const v1::TableUpdate& u) { return u.has_scorecard(); });
        EXPECT_EQ(shown.state(), v1::TABLE_STATE_FINISHED);
        EXPECT_TRUE(MessageDifferencer::Equals(shown.scorecard(), card)) << shown.scorecard().DebugString();
    }
    EXPECT_EQ(db_->run("SELECT count(*) FROM matches WHERE table_code = '" + table.code + "'"), "1")
        << "the finished match was recorded again";
}

}  // namespace
}  // namespace golf::cluster_tests
