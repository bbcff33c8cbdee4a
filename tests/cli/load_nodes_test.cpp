// `golf load` through a real HAProxy in front of two golf-server nodes sharing a PostgreSQL database of the tests'
// own: the proxy spreads each table's connections over both nodes, so joins reach the node that does not play the
// table, are answered ERROR_CODE_TABLE_ELSEWHERE, and must be followed to the right node (?node=NAME) for the run to
// play at all. Behaviour only, no speed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/json_reader.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/pg_database.hpp"
#include "tests/support/proxied_nodes.hpp"

namespace {

using golf::test::json_reader;
using golf::test::json_value;
using golf::testing::child_process;

std::string last_line(std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const auto at = text.rfind('\n');
    return at == std::string::npos ? text : text.substr(at + 1);
}

TEST(LoadThroughProxy, JoinsAnsweredTableElsewhereFollowTheirTableToItsNode) {
    if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
    if (!std::filesystem::exists(golf::testing::haproxy_path)) GTEST_SKIP() << "no HAProxy";
    const golf::testing::pg_database db;
    const golf::testing::proxied_nodes nodes(GOLF_SERVER_PATH, GOLF_HAPROXY_CONFIG, db.url(), {"n1", "n2"});

    // Three seats a table: the proxy's least-connections choice then puts the tables' creators on both nodes.
    constexpr int tables = 8;
    child_process load({GOLF_CLI_PATH, "load", "--url", nodes.url(), "--tables", std::to_string(tables), "--seats", "3",
                        "--duration", "2", "--threads", "1", "--json"});
    const auto status = load.wait_exit(std::chrono::seconds(90));
    ASSERT_EQ(status, 0) << load.err() << load.out() << nodes.logs();
    const json_value result = json_reader::parse(last_line(load.out()));

    EXPECT_EQ(result["errors"].number(), 0) << result["first_error"].string();
    EXPECT_GT(result["moves"].number(), 0);
    EXPECT_EQ(result["connections"].number(), tables * 3) << "every seat is connected at the end";
    // Joins were sent elsewhere and followed: with 16 joiners spread over two nodes, some land on the wrong one.
    EXPECT_GT(result["node_hops"].number(), 0);
    EXPECT_LE(result["node_hops"].number(), tables * 2 * 3) << "at most three hops a joiner";

    // The tables are played on both nodes (each by the node its creator reached); no error means every one of them
    // was set up, so every join that was sent elsewhere was seated on its table's node.
    EXPECT_EQ(db.run("SELECT COUNT(DISTINCT owner_node) FROM tables"), "2")
        << db.run("SELECT string_agg(code || ':' || COALESCE(owner_node, '-'), ' ') FROM tables");
    EXPECT_EQ(db.run("SELECT COUNT(*) FROM tables"), std::to_string(tables));
}

}  // namespace
