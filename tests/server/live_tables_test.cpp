// Moderators and the tables being played, over real sockets on SQLite and on PostgreSQL: ListLiveTables says who
// sits where and never a card, EndTable ends a table for everyone at it (its match given up, its seats gone),
// Announce reaches every table and the lobby's watchers. Guests and players are refused and change nothing; bad
// words are refused; each action is logged. A moderator watching a hole is checked by the leak oracle like any
// watcher.
#include <gtest/gtest.h>

#include <google/protobuf/descriptor.h>

#include <memory>
#include <set>
#include <string>
#include <thread>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/leak_oracle.hpp"

namespace live_tables_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::running_server;
using golf::server::testing::backend;
namespace v1 = golf::v1;
namespace leak = golf::testing::leak;

using LiveTablesOn = golf::server::testing::on_each_backend;

const std::string password = "correct horse battery staple";

v1::ClientMessage list_live() {
    v1::ClientMessage m;
    m.mutable_list_live_tables();
    return m;
}

v1::ClientMessage end_table(const std::string& code, const std::string& reason) {
    v1::ClientMessage m;
    m.mutable_end_table()->set_code(code);
    m.mutable_end_table()->set_reason(reason);
    return m;
}

v1::ClientMessage announce(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_announce()->set_text(text);
    return m;
}

void refused(const v1::ServerMessage& reply, v1::ErrorCode code, const std::string& words) {
    EXPECT_EQ(error_of(reply), code) << describe(reply);
    EXPECT_NE(reply.error().message().find(words), std::string::npos) << reply.error().message();
}

// A connection signed in as a new account made a moderator on the database, as `golf admin grant` does.
std::unique_ptr<connection> moderator(const std::string& url, const std::string& db, const std::string& name) {
    auto c = connect_to(url);
    const auto account = c->request(register_as(name, password));
    EXPECT_TRUE(account.has_signed_in()) << describe(account);
    const auto store = golf::persistence::open_store({.db = db});
    EXPECT_EQ(store->moderation()->set_role(account.signed_in().account().id(),
                                            golf::persistence::staff_role::moderator, "the command line", 0),
              golf::persistence::role_change::done);
    return c;
}

// Whether any field of `type`, at any depth, can hold a Card.
bool can_hold_a_card(const google::protobuf::Descriptor* type, std::set<const google::protobuf::Descriptor*>& seen) {
    if (type == v1::Card::descriptor()) return true;
    if (!seen.insert(type).second) return false;
    for (int f = 0; f < type->field_count(); ++f)
        if (const auto* inner = type->field(f)->message_type(); inner && can_hold_a_card(inner, seen)) return true;
    return false;
}

TEST(LiveTables, NoFieldOfTheAnswerCanCarryACard) {
    std::set<const google::protobuf::Descriptor*> seen;
    EXPECT_FALSE(can_hold_a_card(v1::LiveTables::descriptor(), seen));
    seen.clear();
    EXPECT_TRUE(can_hold_a_card(v1::TableUpdate::descriptor(), seen)) << "the walk finds a card where there is one";
}

TEST_P(LiveTablesOn, ModeratorsSeeWhoSitsWhereAnnounceAndEndATableAndOthersAreRefused) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", password)).has_signed_in());
    const auto created = ann->request(create_table("", "six-card", 3, false, 2));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();
    const std::string ann_token = created.table_joined().seat_token();
    auto bob = connect_to(server.url());
    bob->join(code, "Bob");
    ann->add_bot();
    ann->start_match();
    auto lobby = connect_to(server.url());
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    ASSERT_TRUE(lobby->request(watch).has_lobby());

    // A guest and a player are refused, and nothing happens.
    refused(bob->request(list_live()), v1::ERROR_CODE_NOT_SIGNED_IN, "moderator");
    refused(ann->request(list_live()), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    refused(ann->request(announce("hello")), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    refused(ann->request(end_table(code, "mine")), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    EXPECT_EQ(query("SELECT COUNT(*) FROM moderation_log"), "0");

    auto moe = moderator(server.url(), db(), "Moe");
    const auto listed = moe->request(list_live());
    ASSERT_TRUE(listed.has_live_tables()) << describe(listed);
    ASSERT_EQ(listed.live_tables().tables_size(), 1);
    EXPECT_GE(listed.live_tables().connections(), 4u);
    ASSERT_EQ(listed.live_tables().signed_in_size(), 2) << "the accounts, not the guests";
    EXPECT_EQ(listed.live_tables().signed_in(0).name(), "Ann");
    EXPECT_EQ(listed.live_tables().signed_in(0).table_code(), code);
    EXPECT_EQ(listed.live_tables().signed_in(1).name(), "Moe");
    EXPECT_EQ(listed.live_tables().signed_in(1).table_code(), "");
    const v1::LiveTable& t = listed.live_tables().tables(0);
    EXPECT_EQ(t.code(), code);
    EXPECT_EQ(t.preset(), "six-card");
    EXPECT_EQ(t.state(), v1::TABLE_STATE_PLAYING);
    EXPECT_FALSE(t.is_public());
    EXPECT_EQ(t.hole(), 1u);
    EXPECT_EQ(t.holes(), 2u);
    ASSERT_EQ(t.seats_size(), 3);
    EXPECT_EQ(t.seats(0).name(), "Ann");
    EXPECT_TRUE(t.seats(0).registered());
    EXPECT_TRUE(t.seats(0).host());
    EXPECT_TRUE(t.seats(0).connected());
    EXPECT_EQ(t.seats(1).name(), "Bob");
    EXPECT_FALSE(t.seats(1).registered());
    EXPECT_TRUE(t.seats(2).bot());
    EXPECT_EQ(leak::cards_outside(listed, nullptr), 0);

    // An announcement: bad words refused; good ones reach the table and the lobby, and are logged.
    refused(moe->request(announce("   ")), v1::ERROR_CODE_BAD_REQUEST, "1 to 200");
    refused(moe->request(announce(std::string(201, 'x'))), v1::ERROR_CODE_BAD_REQUEST, "1 to 200");
    EXPECT_FALSE(moe->request(announce("restart in 5 minutes")).has_error());
    for (connection* c : {ann.get(), bob.get(), lobby.get()}) {
        const auto heard = next_where(
            *c, [](const v1::ServerMessage& m) { return m.has_announcement(); }, 5000ms);
        ASSERT_TRUE(heard.has_value()) << "everyone at the table and in the lobby hears it";
        EXPECT_EQ(heard->announcement().text(), "restart in 5 minutes");
        EXPECT_EQ(heard->announcement().by(), "Moe");
    }
    EXPECT_EQ(query("SELECT actor || ' ' || detail FROM moderation_log WHERE action = 'announce'"),
              "Moe restart in 5 minutes");

    // Ending the table: bad input refused, nothing changed; then everyone is told and the table is gone.
    refused(moe->request(end_table(code, "")), v1::ERROR_CODE_BAD_REQUEST, "say why");
    refused(moe->request(end_table("ZZZZZZ", "stuck")), v1::ERROR_CODE_NO_SUCH_TABLE, "no table");
    EXPECT_EQ(moe->request(list_live()).live_tables().tables_size(), 1);
    EXPECT_FALSE(moe->request(end_table(code, "stuck for an hour")).has_error());
    for (connection* c : {ann.get(), bob.get()}) {
        const auto told = next_where(
            *c, [](const v1::ServerMessage& m) { return m.has_removed(); }, 5000ms);
        ASSERT_TRUE(told.has_value());
        EXPECT_TRUE(told->removed().table_ended());
        EXPECT_EQ(told->removed().reason(), "stuck for an hour");
    }
    EXPECT_EQ(moe->request(list_live()).live_tables().tables_size(), 0);
    refused(bob->request(join_table(code, "Bob")), v1::ERROR_CODE_NO_SUCH_TABLE, "no table");
    v1::ClientMessage back;
    back.mutable_reclaim_seat()->set_seat_token(ann_token);
    EXPECT_TRUE(ann->request(back).has_error()) << "the seat is gone with the table";
    // Given up (never restored, never rated), once the writer has written it.
    std::string abandoned;
    for (int i = 0; i < 100 && abandoned != "1"; ++i, std::this_thread::sleep_for(50ms))
        abandoned = query("SELECT abandoned FROM matches", "SELECT abandoned::int FROM matches");
    EXPECT_EQ(abandoned, "1");
    EXPECT_EQ(query("SELECT actor || ' ' || target || ' ' || detail FROM moderation_log WHERE action = 'end_table'"),
              "Moe " + code + " stuck for an hour");
}

// A moderator watching is a watcher like any other: every frame it gets goes through the leak oracle.
TEST_P(LiveTablesOn, AModeratorWatchingAHoleIsSentNoCardAWatcherMayNotSee) {
    running_server server(1s, db());
    leak::table_plan plan;
    plan.preset = "six-card";
    plan.players = 3;
    plan.seed = 7;
    const std::string url = server.url();
    const std::string database = db();
    plan.spectator_ready = [&](connection& c) {
        const auto account = c.request(register_as("watcher", password));
        ASSERT_TRUE(account.has_signed_in()) << describe(account);
        const auto store = golf::persistence::open_store({.db = database});
        store->moderation()->set_role(account.signed_in().account().id(), golf::persistence::staff_role::moderator,
                                      "the command line", 0);
        EXPECT_TRUE(c.request(list_live()).has_live_tables()) << "a moderator indeed";
    };
    leak::problems found;
    const leak::tally counts = leak::play_and_check(url, plan, found);
    EXPECT_TRUE(found.empty()) << found.text();
    EXPECT_GE(counts.hands, 1);
}

INSTANTIATE_TEST_SUITE_P(every_backend, LiveTablesOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace live_tables_tests
