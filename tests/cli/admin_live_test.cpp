// golf admin tables, end-table and announce against a real golf-server, signed in with a moderator's API key
// (GOLF_API_KEY): the tables listed with who sits where, an announcement heard at the table, the table ended for
// everyone at it; without a key, with a player's key or without --server, refused in one line, nothing changed.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/support/child_process.hpp"

namespace golf {
namespace admin_live_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace server::testing::account_requests;
using testing::child_process;
using testing::server_process;

struct admin_run {
    int status = -1;
    std::string out;
    std::string err;
};

// golf admin ARGS with GOLF_API_KEY set to `key` (unset when empty).
admin_run golf_admin(const std::vector<std::string>& args, const std::string& key) {
    std::vector<std::string> argv{GOLF_CLI_PATH, "admin"};
    argv.insert(argv.end(), args.begin(), args.end());
    child_process golf(argv,
                       key.empty() ? std::vector<std::string>{} : std::vector<std::string>{"GOLF_API_KEY=" + key});
    golf.close_stdin();
    const auto status = golf.wait_exit(std::chrono::seconds(60));
    return {status.value_or(-1), golf.out(), golf.err()};
}

// A new account's API key; a moderator's when `role` says so (as golf admin grant does).
std::string api_key_of(const server_process& server, const std::string& name, persistence::staff_role role) {
    auto c = connect_to(server.url());
    const auto account = c->request(register_as(name, "a long enough password"));
    EXPECT_TRUE(account.has_signed_in()) << describe(account);
    if (role != persistence::staff_role::player) {
        const auto store = persistence::open_store({.db = server.db().string()});
        store->moderation()->set_role(account.signed_in().account().id(), role, "the command line", 0);
    }
    const auto key = c->request(create_api_key("admin"));
    EXPECT_TRUE(key.has_api_key_created()) << describe(key);
    return key.api_key_created().key();
}

TEST(AdminLive, AModeratorListsTheTablesAnnouncesAndEndsOneFromTheTerminal) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const std::string moe = api_key_of(server, "Moe", persistence::staff_role::moderator);
    const std::string zed = api_key_of(server, "Zed", persistence::staff_role::player);
    auto ann = connect_to(server.url());
    const std::string code = ann->create_table("Ann", "six-card", 2).code();

    // Refused in one line, nothing changed.
    const admin_run no_server = golf_admin({"tables"}, moe);
    EXPECT_EQ(no_server.status, 2);
    EXPECT_NE(no_server.err.find("missing --server URL"), std::string::npos) << no_server.err;
    const admin_run no_key = golf_admin({"tables", "--server", server.url()}, "");
    EXPECT_EQ(no_key.status, 2);
    EXPECT_NE(no_key.err.find("set GOLF_API_KEY"), std::string::npos) << no_key.err;
    const admin_run player = golf_admin({"end-table", code, "--reason", "mine", "--server", server.url()}, zed);
    EXPECT_EQ(player.status, 1);
    EXPECT_NE(player.err.find("NOT_STAFF"), std::string::npos) << player.err;

    const admin_run tables = golf_admin({"tables", "--server", server.url()}, moe);
    ASSERT_EQ(tables.status, 0) << tables.err;
    EXPECT_NE(tables.out.find("1 table, "), std::string::npos) << tables.out;
    EXPECT_NE(tables.out.find(code + "  six-card  private  waiting"), std::string::npos) << tables.out;
    EXPECT_NE(tables.out.find("1. Ann (host, guest) · 2. free"), std::string::npos) << tables.out;

    const admin_run said = golf_admin({"announce", "restart at noon", "--server", server.url()}, moe);
    ASSERT_EQ(said.status, 0) << said.err;
    const auto heard = next_where(
        *ann, [](const v1::ServerMessage& m) { return m.has_announcement(); }, 5000ms);
    ASSERT_TRUE(heard.has_value());
    EXPECT_EQ(heard->announcement().text(), "restart at noon");

    const admin_run ended = golf_admin({"end-table", code, "--reason", "stuck", "--server", server.url()}, moe);
    ASSERT_EQ(ended.status, 0) << ended.err;
    EXPECT_EQ(ended.out, "table " + code + " ended\n");
    const auto told = next_where(
        *ann, [](const v1::ServerMessage& m) { return m.has_removed(); }, 5000ms);
    ASSERT_TRUE(told.has_value());
    EXPECT_EQ(told->removed().reason(), "stuck");
    const admin_run again = golf_admin({"end-table", code, "--reason", "stuck", "--server", server.url()}, moe);
    EXPECT_EQ(again.status, 1);
    EXPECT_NE(again.err.find("NO_SUCH_TABLE"), std::string::npos) << again.err;
}

}  // namespace
}  // namespace admin_live_tests
}  // namespace golf
