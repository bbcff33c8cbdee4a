// Reports over real sockets, on SQLite and on PostgreSQL: a person at a table (seated or watching) reports a
// person seated, and the report is stored with the table's recent chat, its match and hole; what cannot be a
// report (oneself, a bot, an empty seat, no reason, too many) is refused and stores nothing. Only moderators and
// above read the queue and close reports (guests and players are refused), and a closing is logged.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace report_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::server::e2e::running_server;
using golf::server::testing::backend;
namespace v1 = golf::v1;

using ReportsOn = golf::server::testing::on_each_backend;

const std::string password = "correct horse battery staple";

v1::ClientMessage report(std::uint32_t seat, v1::ReportReason reason, const std::string& text = {}) {
    v1::ClientMessage m;
    m.mutable_report()->set_seat(seat);
    m.mutable_report()->set_reason(reason);
    m.mutable_report()->set_text(text);
    return m;
}

v1::ClientMessage list_reports(bool include_closed = false) {
    v1::ClientMessage m;
    m.mutable_list_reports()->set_include_closed(include_closed);
    return m;
}

v1::ClientMessage close_report(std::uint64_t id, const std::string& resolution) {
    v1::ClientMessage m;
    m.mutable_close_report()->set_id(id);
    m.mutable_close_report()->set_resolution(resolution);
    return m;
}

v1::ClientMessage chat(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

TEST_P(ReportsOn, APersonAtTheTableReportsAnotherWithTheChatAndOnlyModeratorsReadAndCloseIt) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const auto ann_account = ann->request(register_as("Ann", password));
    ASSERT_TRUE(ann_account.has_signed_in()) << describe(ann_account);
    const auto created = ann->request(create_table("", "six-card", 3));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();
    auto rude = connect_to(server.url());
    rude->join(code, "Rude");
    v1::ClientMessage bot;
    bot.mutable_add_bot()->set_seat(2);
    ASSERT_FALSE(ann->request(bot).has_error());
    ASSERT_FALSE(rude->request(chat("you all stink")).has_error());
    auto watcher = connect_to(server.url());
    watcher->join(code, "Watcher", true);

    // Refused, storing nothing.
    const auto refused = [](const v1::ServerMessage& reply, v1::ErrorCode expected, const std::string& words) {
        EXPECT_EQ(error_of(reply), expected) << describe(reply);
        EXPECT_NE(reply.error().message().find(words), std::string::npos) << describe(reply);
    };
    refused(ann->request(report(0, v1::REPORT_REASON_CHAT)), v1::ERROR_CODE_BAD_REQUEST, "yourself");
    refused(ann->request(report(2, v1::REPORT_REASON_CHAT)), v1::ERROR_CODE_BAD_REQUEST, "nobody sits in seat 3");
    refused(ann->request(report(1, v1::REPORT_REASON_UNSPECIFIED)), v1::ERROR_CODE_BAD_REQUEST, "what the report");
    refused(ann->request(report(7, v1::REPORT_REASON_CHAT)), v1::ERROR_CODE_BAD_REQUEST, "there is no seat 8");
    refused(ann->request(report(1, v1::REPORT_REASON_CHAT, std::string(501, 'x'))), v1::ERROR_CODE_BAD_REQUEST,
            "at most 500");
    EXPECT_EQ(query("SELECT COUNT(*) FROM reports"), "0");

    EXPECT_FALSE(ann->request(report(1, v1::REPORT_REASON_CHAT, "insults")).has_error());
    EXPECT_FALSE(watcher->request(report(1, v1::REPORT_REASON_NAME)).has_error()) << "a spectator reports too";
    EXPECT_FALSE(ann->request(report(1, v1::REPORT_REASON_CONDUCT)).has_error());
    EXPECT_FALSE(ann->request(report(1, v1::REPORT_REASON_CONDUCT)).has_error());
    refused(ann->request(report(1, v1::REPORT_REASON_CONDUCT)), v1::ERROR_CODE_RATE_LIMITED, "3 reports a minute");
    EXPECT_EQ(query("SELECT COUNT(*) FROM reports"), "4");

    // Only staff read them: a guest, then a player, then a moderator.
    refused(rude->request(list_reports()), v1::ERROR_CODE_NOT_SIGNED_IN, "moderator");
    refused(ann->request(list_reports()), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    refused(ann->request(close_report(1, "nothing")), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    auto mod = connect_to(server.url());
    const auto mod_account = mod->request(register_as("Moe", password));
    ASSERT_TRUE(mod_account.has_signed_in()) << describe(mod_account);
    {
        const auto store = golf::persistence::open_store({.db = db()});
        ASSERT_EQ(store->moderation()->set_role(mod_account.signed_in().account().id(),
                                                golf::persistence::staff_role::moderator, "the command line", 0),
                  golf::persistence::role_change::done);
    }
    const auto listed = mod->request(list_reports());
    ASSERT_TRUE(listed.has_reports()) << describe(listed);
    ASSERT_EQ(listed.reports().reports_size(), 4);
    const v1::ReportInfo& first = listed.reports().reports(0);
    EXPECT_EQ(first.reporter(), "Ann");
    EXPECT_TRUE(first.reporter_registered());
    EXPECT_EQ(first.reported(), "Rude");
    EXPECT_FALSE(first.reported_registered());
    EXPECT_EQ(first.reason(), v1::REPORT_REASON_CHAT);
    EXPECT_EQ(first.text(), "insults");
    EXPECT_EQ(first.table_code(), code);
    EXPECT_NE(first.chat().find("Rude: you all stink"), std::string::npos) << first.chat();
    EXPECT_EQ(listed.reports().reports(1).reporter(), "Watcher");

    refused(mod->request(close_report(first.id(), "   ")), v1::ERROR_CODE_BAD_REQUEST, "say what was done");
    EXPECT_FALSE(mod->request(close_report(first.id(), "warned them")).has_error());
    refused(mod->request(close_report(first.id(), "again")), v1::ERROR_CODE_BAD_REQUEST, "no open report");
    EXPECT_EQ(mod->request(list_reports()).reports().reports_size(), 3);
    const auto all = mod->request(list_reports(true));
    ASSERT_EQ(all.reports().reports_size(), 4);
    EXPECT_EQ(all.reports().reports(3).resolution(), "warned them");
    EXPECT_EQ(all.reports().reports(3).closed_by(), "Moe");
    EXPECT_EQ(query("SELECT actor FROM moderation_log WHERE action = 'close_report'"), "Moe");
    for (int r = 0; r < 3; ++r)
        EXPECT_FALSE(mod->request(close_report(all.reports().reports(r).id(), "read")).has_error());
    const auto empty = mod->request(list_reports());
    EXPECT_TRUE(empty.has_reports()) << "an empty queue is an answer: " << describe(empty);
    EXPECT_EQ(empty.reports().reports_size(), 0);
}

INSTANTIATE_TEST_SUITE_P(every_backend, ReportsOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace report_tests
