// What the fault schedule found, each pinned down on its own (as root, on the harness's cluster); each says in a
// line what broke before its fix.
#include <gtest/gtest.h>

#include <iostream>
#include <thread>

#include "clients/cpp/golf_client.hpp"
#include "tests/faults/fault_run.hpp"
#include "tests/support/pg_database.hpp"

namespace golf::faults {
namespace {

using namespace std::chrono_literals;
using client::connection;

cluster_settings cluster_here() {
    cluster_settings s;
    s.server_path = GOLF_SERVER_PATH;
    s.source_dir = GOLF_SOURCE_DIR;
    return s;
}

// Two people at a six-card table made on n1 through the proxy, the match started; seat 0 takes its answers as
// Ok (no update_answers_act) unless told otherwise.
struct table_on_n1 {
    std::vector<std::unique_ptr<connection>> seats;
    std::string code;

    table_on_n1(const fault_cluster& cluster, bool seat0_takes_updates) {
        for (int s = 0; s < 2; ++s) {
            seats.push_back(std::make_unique<connection>());
            if (s == 1 || seat0_takes_updates) seats.back()->ask_update_answers_act();
            seats.back()->connect(client::with_node(cluster.proxy_url(), "n1"), "faults-regression");
        }
        code = seats[0]->create_table("Ann", "six-card", 2).code();
        seats[1]->join(code, "Bob");
        seats[0]->wait_until([](const v1::TableUpdate& u) { return u.seats(1).occupied(); });
        seats[0]->start_match();
        seats[0]->wait_until([](const v1::TableUpdate& u) { return client::my_move(u); });
    }

    // Seat 0's first legal move, sent with its hand_version; the request id.
    std::uint32_t send_move() {
        const v1::TableUpdate& u = *seats[0]->latest();
        v1::ClientMessage m;
        *m.mutable_act()->mutable_action() = u.hand().legal(0);
        m.mutable_act()->set_hand_version(u.hand_version());
        return seats[0]->send(m);
    }
};

// The answer to request `id` on `c` within `limit`, or nullopt (none came, or the connection ended).
std::optional<v1::ServerMessage> answer(connection& c, std::uint32_t id, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    try {
        while (std::chrono::steady_clock::now() < deadline)
            if (const auto m = c.next(10ms); m && m->request_id() == id) return m;
    } catch (const client::error&) {}
    return std::nullopt;
}

// server/tables/table.cpp accepted(): with --durability moves the Ok to an Act (a client without update_answers_act)
// waits for the move's record like the update does; sent before it, it acknowledges a move a crash can lose.
TEST(Regressions, an_ok_to_an_act_waits_for_the_moves_record_with_durable_moves) {
    if (const std::string why = missing_for_faults(); !why.empty()) GTEST_SKIP() << why;
    fault_cluster cluster(cluster_here());
    for (int i = 0; i < 100 && cluster.proxy_health() != 200; ++i) std::this_thread::sleep_for(100ms);
    in_namespace(cluster.client_namespace(), [&] {
        table_on_n1 table(cluster, false);
        const int cut = cluster.net().cut_between("n1", "db");  // the move cannot be written now
        const std::uint32_t id = table.send_move();
        const auto reply = answer(*table.seats[0], id, 3s);
        cluster.net().heal(cut);
        EXPECT_FALSE(reply && !reply->has_error())
            << "the move was acknowledged while its record could not be written: " << reply->ShortDebugString();
    });
}

// persistence/write_queue.cpp write(): a batch that failed (the connection lost) and is then refused by the fence
// (another node took the table meanwhile) is an answer: the store is healthy again. Left unhealthy, a node that
// lost its tables never writes again to clear it, answers /healthz 503, and HAProxy sends it no players.
TEST(Regressions, a_node_whose_retried_write_was_refused_is_healthy_again) {
    if (const std::string why = missing_for_faults(); !why.empty()) GTEST_SKIP() << why;
    fault_cluster cluster(cluster_here());
    for (int i = 0; i < 100 && cluster.proxy_health() != 200; ++i) std::this_thread::sleep_for(100ms);
    std::string code;
    in_namespace(cluster.client_namespace(), [&] {
        table_on_n1 table(cluster, true);
        code = table.code;
        const int cut = cluster.net().cut_between("n1", "db");
        table.send_move();  // its write waits on the cut link
        // n1's connections end on the database's side, which n1 hears only once the link is back: its write fails.
        testing::pg_run(cluster.db_url(),
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_addr = '" +
                            cluster.net().address("n1") + "'");
        std::this_thread::sleep_for(5s);  // n1's lease lapses; another node claims the table
        cluster.net().heal(cut);
    });
    EXPECT_NE(testing::pg_run(cluster.db_url(), "SELECT owner_node FROM tables WHERE code = '" + code + "'"), "n1");
    std::this_thread::sleep_for(8s);  // n1 hears of it: its heartbeat and its write fail, the write is retried
    std::string body;
    bool healthy = false;
    for (int i = 0; i < 75 && !healthy; ++i) {
        healthy = cluster.node_health(0, &body) == 200;
        if (!healthy) std::this_thread::sleep_for(200ms);
    }
    EXPECT_TRUE(healthy) << "n1 still answers /healthz: " << body;
}

// server/cluster/cluster.cpp and persistence/postgres/pg_nodes.cpp: a claim sent as an incarnation the node has left
// (its loop stepped down and joined again meanwhile) takes nothing, and a match claimed so is not restored: restored
// under the new incarnation's lease while the database names the dead one, another node would claim the table too and
// both would seat people. Database traffic delayed 150 ms each way makes lookups and step-downs overlap.
TEST(Regressions, a_claim_as_an_incarnation_that_is_gone_gives_no_table) {
    if (const std::string why = missing_for_faults(); !why.empty()) GTEST_SKIP() << why;
    run_settings s;
    s.cluster = cluster_here();
    int left = 3;
    s.next_fault = [&]() -> std::optional<fault> {
        if (left-- == 0) return std::nullopt;
        return fault{fault_kind::delay_db, 3000ms, 150};
    };
    const run_result r = run_faults(s);
    EXPECT_EQ(r.report.figures.two_owners, 0) << r.report.problems.text();
    EXPECT_TRUE(r.report.problems.empty()) << r.report.problems.text();
    if (::testing::Test::HasFailure()) std::cout << r.text() << "the nodes' warnings:\n" << r.warnings;
}

}  // namespace
}  // namespace golf::faults
