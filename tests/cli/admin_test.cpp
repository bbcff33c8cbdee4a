// golf admin on a SQLite database with three accounts: the first owner made from the command line, roles listed,
// a sanction given, listed and lifted, everything in the log; players' reports listed with their chat and closed;
// and every bad input (no --db, an unknown name, a
// bad role, an absurd duration, no reason, a sanction of someone with a role, the last owner demoted) refused
// with one line and nothing changed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "persistence/moderation_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/cli/golf_runs.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf {
namespace admin_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using test::contains;
using test::expect_bad_input;
using test::expect_error_line;
using test::run;
using test::run_result;

class admin_command : public ::testing::Test {
protected:
    void SetUp() override {
        auto s = open();
        for (const char* name : {"Ann", "Bob", "Cat"}) ASSERT_TRUE(s->accounts()->create_account(name, name, "h", 1));
    }
    std::unique_ptr<persistence::sqlite_store> open() const {
        persistence::sqlite_options options;
        options.path = db();
        return std::make_unique<persistence::sqlite_store>(options);
    }
    std::string db() const { return (temp_.path() / "golf.db").string(); }
    run_result admin(std::vector<std::string> args) const {
        args.insert(args.begin(), "admin");
        args.insert(args.end(), {"--db", db()});
        return run(args);
    }
    std::size_t log_lines() const { return open()->moderation()->moderation_log(100).size(); }

    golf::testing::temp_dir temp_;
};

TEST_F(admin_command, the_first_owner_is_made_and_roles_are_listed) {
    EXPECT_EQ(admin({"staff"}).out, "no account has a role yet: golf admin grant NAME owner --db DB\n");
    const run_result granted = admin({"grant", "Ann", "owner"});
    ASSERT_EQ(granted.status, 0) << granted.err;
    EXPECT_EQ(granted.out, "Ann is now owner\n");
    ASSERT_EQ(admin({"grant", "Bob", "moderator"}).status, 0);
    EXPECT_EQ(admin({"staff"}).out, "owner  Ann\nmoderator  Bob\n");
    const auto log = open()->moderation()->moderation_log(10);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[0].actor, "the command line");
    EXPECT_EQ(log[0].target, "Bob");
    EXPECT_EQ(log[0].detail, "moderator");
}

TEST_F(admin_command, a_sanction_is_given_listed_and_lifted_and_logged) {
    const run_result muted = admin({"mute", "Cat", "--for", "12h", "--reason", "spamming the chat"});
    ASSERT_EQ(muted.status, 0) << muted.err;
    EXPECT_TRUE(muted.out.starts_with("sanction 1: mute of Cat, until ")) << muted.out;
    const auto in_force = open()->moderation()->active_sanctions(3, std::time(nullptr));
    ASSERT_EQ(in_force.size(), 1u);
    EXPECT_NEAR(static_cast<double>(in_force[0].expires_at - in_force[0].created_at), 12 * 3600, 1);
    EXPECT_EQ(in_force[0].reason, "spamming the chat");

    const run_result listed = admin({"sanctions", "Cat"});
    EXPECT_TRUE(contains(listed.out, "1  mute  Cat  ")) << listed.out;
    EXPECT_TRUE(contains(listed.out, "in force until ")) << listed.out;
    EXPECT_TRUE(contains(listed.out, "\"spamming the chat\"")) << listed.out;

    EXPECT_EQ(admin({"lift", "1"}).out, "sanction 1 (mute) lifted\n");
    EXPECT_TRUE(open()->moderation()->active_sanctions(3, std::time(nullptr)).empty());
    expect_error_line({"admin", "lift", "1", "--db", db()}, 1, {"no sanction 1 is in force"}, "golf admin: ");
    EXPECT_TRUE(contains(admin({"sanctions"}).out, "lifted ")) << "listed with who lifted it";
    const run_result log = admin({"log"});
    EXPECT_TRUE(contains(log.out, "the command line  lift  Cat  sanction 1 (mute)")) << log.out;
    EXPECT_TRUE(contains(log.out, "the command line  mute  Cat  sanction 1, until ")) << log.out;

    ASSERT_EQ(admin({"ban", "Cat", "--reason", "cheating"}).status, 0);
    EXPECT_TRUE(contains(admin({"sanctions", "Cat"}).out, "in force until lifted")) << "no --for: until lifted";
}

TEST_F(admin_command, reports_are_listed_with_their_chat_and_closed_once_and_the_closing_logged) {
    EXPECT_EQ(admin({"reports"}).out, "no open reports\n");
    persistence::report_record r;
    r.created_at = 1'700'000'000;
    r.reporter = "Ann";
    r.reporter_account = 1;
    r.reported = "Rude";
    r.reason = persistence::report_reason::chat;
    r.text = "insults";
    r.table_code = "ABC234";
    r.match_id = 3;
    r.hole = 2;
    r.chat = "22:13:20 Rude: you all stink\n";
    const auto id = std::to_string(open()->moderation()->add_report(r));
    EXPECT_EQ(admin({"reports"}).out, id + "  2023-11-14 22:13 UTC  chat  Ann reported Rude (guest) at table ABC234, "
                                           "match 3 hole 2\n    \"insults\"\n    | 22:13:20 Rude: you all stink\n");
    expect_bad_input({"admin", "close-report", id, "--db", db()}, {"missing --reason"});
    const run_result closed = admin({"close-report", id, "--reason", "muted for a day"});
    ASSERT_EQ(closed.status, 0) << closed.err;
    EXPECT_EQ(closed.out, "report " + id + " closed\n");
    expect_error_line({"admin", "close-report", id, "--reason", "again", "--db", db()}, 1,
                      {"no report " + id + " is open"});
    EXPECT_EQ(admin({"reports"}).out, "no open reports\n");
    EXPECT_TRUE(contains(admin({"reports", "all"}).out, "closed ") &&
                contains(admin({"reports", "all"}).out, "by the command line: muted for a day"));
    const auto log = open()->moderation()->moderation_log(10);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].detail, "report " + id + " (chat, by Ann): muted for a day");
}

TEST_F(admin_command, the_guests_at_a_reported_guests_address_are_banned_by_the_report_never_shown) {
    persistence::report_record r;
    r.created_at = 1'700'000'000;
    r.reporter = "Ann";
    r.reporter_account = 1;
    r.reported = "Rude";
    r.reported_address = "203.0.113.7";
    r.table_code = "ABC234";
    const auto guest = std::to_string(open()->moderation()->add_report(r));
    r.reported = "Bob";
    r.reported_account = 2;
    r.reported_address.clear();
    const auto account = std::to_string(open()->moderation()->add_report(r));
    expect_error_line({"admin", "ban", "--report", account, "--reason", "x", "--db", db()}, 1,
                      {"is about Bob's account: sanction it by name"});
    expect_error_line({"admin", "ban", "--report", "99", "--reason", "x", "--db", db()}, 1, {"there is no report 99"});
    expect_bad_input({"admin", "ban", "Rude", "--report", guest, "--reason", "x", "--db", db()},
                     {"usage: golf admin ban --report ID"});
    EXPECT_EQ(log_lines(), 0u);
    const run_result banned = admin({"ban", "--report", guest, "--reason", "rude", "--for", "7d"});
    ASSERT_EQ(banned.status, 0) << banned.err;
    EXPECT_TRUE(banned.out.starts_with("sanction 1: ban of guests at 203.0.113.x, until ")) << banned.out;
    const run_result listed = admin({"sanctions"});
    EXPECT_TRUE(contains(listed.out, "ban  guests at 203.0.113.x  ")) << listed.out;
    EXPECT_FALSE(contains(listed.out + banned.out, "203.0.113.7")) << "the address itself is never shown";
    EXPECT_EQ(open()->moderation()->active_address_sanctions("203.0.113.7", 1'700'000'000).size(), 1u);
    EXPECT_TRUE(open()->moderation()->active_address_sanctions("203.0.113.8", 1'700'000'000).empty());
}

TEST_F(admin_command, bad_input_is_refused_with_one_line_and_nothing_changes) {
    ASSERT_EQ(admin({"grant", "Ann", "owner"}).status, 0);
    const auto before = log_lines();
    expect_bad_input({"admin", "staff"}, {"missing --db DB"});
    expect_bad_input({"admin", "--db", db()}, {"missing an action"});
    expect_bad_input({"admin", "promote", "Ann", "--db", db()}, {"unknown action 'promote'"});
    expect_bad_input({"admin", "grant", "Bob", "king", "--db", db()}, {"ROLE: owner, admin, moderator or player"});
    expect_bad_input({"admin", "grant", "Bob", "--db", db()}, {"usage: golf admin grant NAME ROLE"});
    for (const char* length : {"0d", "5y", "d", "-3h", "99999999w", "1.5h"})
        expect_bad_input({"admin", "mute", "Bob", "--reason", "x", "--for", length, "--db", db()}, {"--for: "});
    expect_bad_input({"admin", "mute", "Bob", "--db", db()}, {"missing --reason"});
    expect_bad_input({"admin", "mute", "Bob", "--reason", std::string(201, 'x'), "--db", db()}, {"--reason: "});
    expect_bad_input({"admin", "lift", "one", "--db", db()}, {"ID"});
    expect_error_line({"admin", "mute", "Zed", "--reason", "x", "--db", db()}, 1, {"no account is named 'Zed'"});
    expect_error_line({"admin", "grant", "ann", "admin", "--db", db()}, 1, {"no account is named 'ann'"});
    expect_error_line({"admin", "ban", "Ann", "--reason", "x", "--db", db()}, 1, {"Ann has a role"});
    expect_error_line({"admin", "grant", "Ann", "admin", "--db", db()}, 1, {"Ann is the last owner"});
    expect_error_line({"admin", "staff", "--db", (temp_.path() / "nope.db").string()}, 1, {"no such database file"});
    EXPECT_EQ(log_lines(), before);
    EXPECT_EQ(admin({"staff"}).out, "owner  Ann\n");
}

}  // namespace
}  // namespace admin_tests
}  // namespace golf
