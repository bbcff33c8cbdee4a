// Keeping order at a table over real sockets: a private table's host removes a person (KickSeat) and passes the
// role on (PassHost); at a public table the people seated vote (VoteKick). A removed person is told, loses the seat
// (a bot plays it mid-match, open to a newcomer) and cannot come back: by account, or a guest by address.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace removals_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
namespace v1 = golf::v1;

v1::ClientMessage kick(std::uint32_t seat, const std::string& reason = "") {
    v1::ClientMessage m;
    m.mutable_kick_seat()->set_seat(seat);
    m.mutable_kick_seat()->set_reason(reason);
    return m;
}

v1::ClientMessage pass_host(std::uint32_t seat) {
    v1::ClientMessage m;
    m.mutable_pass_host()->set_seat(seat);
    return m;
}

v1::ClientMessage vote(std::uint32_t seat) {
    v1::ClientMessage m;
    m.mutable_vote_kick()->set_seat(seat);
    return m;
}

v1::ClientMessage chat(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

v1::ClientMessage reclaim(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_reclaim_seat()->set_seat_token(token);
    return m;
}

void refused(const v1::ServerMessage& reply, v1::ErrorCode code, const std::string& words) {
    EXPECT_EQ(error_of(reply), code) << describe(reply);
    EXPECT_NE(reply.error().message().find(words), std::string::npos) << reply.error().message();
}

// The RemovedFromTable pushed to `c`, if one comes.
std::optional<v1::RemovedFromTable> removal_told(connection& c) {
    const auto told = next_where(
        c, [](const v1::ServerMessage& m) { return m.has_removed(); }, 5000ms);
    return told ? std::optional(told->removed()) : std::nullopt;
}

// Guests named `names` at a table of `seats` four-card seats made by the first (its host), every seat taken.
struct guests {
    std::vector<std::unique_ptr<connection>> people;
    std::string code;
    std::vector<std::string> tokens;

    guests(const std::string& url, const std::vector<std::string>& names, bool is_public) {
        for (const std::string& name : names) {
            people.push_back(connect_to(url));
            if (people.size() == 1) {
                const auto created =
                    people[0]->request(create_table(name, "four-card", static_cast<int>(names.size()), is_public, 3));
                EXPECT_TRUE(created.has_table_joined()) << describe(created);
                code = created.table_joined().code();
            } else {
                people.back()->join(code, name);
            }
            tokens.push_back(people.back()->token());
        }
        for (auto& c : people) c->wait_until(golf::server::e2e::everyone_seated);
    }
    connection& operator[](std::size_t i) { return *people[i]; }
};

TEST(removals, the_host_removes_a_guest_before_the_match_who_then_cannot_come_back_from_that_address) {
    running_server server;
    guests table(server.url(), {"Ann", "Bob", "Cat"}, false);
    refused(table[1].request(kick(2)), v1::ERROR_CODE_NOT_HOST, "only the host");
    refused(table[0].request(kick(0)), v1::ERROR_CODE_BAD_REQUEST, "cannot remove yourself");
    refused(table[0].request(kick(3)), v1::ERROR_CODE_BAD_REQUEST, "there is no seat 4");
    refused(table[0].request(kick(1, std::string(201, 'x'))), v1::ERROR_CODE_BAD_REQUEST, "at most 200");
    refused(table[0].request(vote(1)), v1::ERROR_CODE_BAD_REQUEST, "the host removes people");
    drain(table[0]);
    EXPECT_TRUE(table[0].latest()->seats(1).occupied()) << "a refusal changes nothing";
    EXPECT_FALSE(table[0].latest()->removal_by_vote());
    EXPECT_EQ(table[0].latest()->kick_votes_needed(), 0u);

    ASSERT_TRUE(table[0].request(kick(1, "rude in chat")).has_ok());
    const auto told = removal_told(table[1]);
    ASSERT_TRUE(told.has_value()) << "Bob is told";
    EXPECT_EQ(told->code(), table.code);
    EXPECT_EQ(told->reason(), "rude in chat");
    EXPECT_FALSE(told->by_vote());
    const v1::TableUpdate after = table[0].wait_until([](const v1::TableUpdate& u) { return !u.seats(1).occupied(); });
    EXPECT_EQ(after.note(), "Bob was removed from the table by the host");
    EXPECT_EQ(error_of(table[1].request(chat("still here?"))), v1::ERROR_CODE_NOT_AT_TABLE);
    refused(table[1].request(join_table(table.code, "Bob")), v1::ERROR_CODE_REMOVED, "removed from this table");
    refused(table[1].request(reclaim(table.tokens[1])), v1::ERROR_CODE_BAD_TOKEN, "not valid");
    auto fresh = connect_to(server.url());
    EXPECT_EQ(error_of(fresh->request(join_table(table.code, "Bob2", true))), v1::ERROR_CODE_REMOVED)
        << "a guest from the same address may not watch either";

    // An account from that address is someone else, so it may sit down.
    const auto signed_in = fresh->request(register_as("Dora", "correct horse battery staple"));
    ASSERT_TRUE(signed_in.has_signed_in()) << describe(signed_in);
    EXPECT_TRUE(fresh->request(join_table(table.code, "")).has_table_joined());
}

TEST(removals, a_person_removed_mid_match_leaves_an_open_seat_a_bot_plays_and_the_match_goes_on) {
    running_server server;
    guests table(server.url(), {"Ann", "Bob", "Cat"}, false);
    table[0].start_match();
    ASSERT_TRUE(table[0].request(kick(2)).has_ok());
    ASSERT_TRUE(removal_told(table[2]).has_value());
    const v1::TableUpdate open = table[0].wait_until([](const v1::TableUpdate& u) { return u.seats(2).open(); });
    EXPECT_TRUE(open.seats(2).bot_standing_in()) << "a bot plays the seat";
    EXPECT_EQ(open.note(), "Cat was removed from the table by the host; a bot plays the seat until someone joins");
    refused(table[0].request(kick(2)), v1::ERROR_CODE_BAD_REQUEST, "nobody sits at seat 3");

    auto dan = connect_to(server.url());
    ASSERT_TRUE(dan->request(register_as("Dan", "correct horse battery staple")).has_signed_in());
    const auto joined = dan->request(join_table(table.code, ""));
    ASSERT_TRUE(joined.has_table_joined()) << describe(joined);
    EXPECT_EQ(joined.table_joined().seat(), 2) << "the newcomer takes the removed person's seat";
    const v1::TableUpdate seated =
        table[0].wait_until([](const v1::TableUpdate& u) { return u.seats(2).name() == "Dan"; });
    EXPECT_FALSE(seated.seats(2).bot_standing_in());
}

TEST(removals, the_host_passes_the_role_to_a_person_present_and_loses_its_powers) {
    running_server server;
    guests table(server.url(), {"Ann", "Bob", "Cat"}, false);
    refused(table[1].request(pass_host(1)), v1::ERROR_CODE_NOT_HOST, "only the host");
    refused(table[0].request(pass_host(0)), v1::ERROR_CODE_BAD_REQUEST, "the host already");
    table[2].close();
    table[0].wait_until([](const v1::TableUpdate& u) { return !u.seats(2).connected(); });
    refused(table[0].request(pass_host(2)), v1::ERROR_CODE_BAD_REQUEST, "seat 3 has none now");

    ASSERT_TRUE(table[0].request(pass_host(1)).has_ok());
    const v1::TableUpdate passed = table[1].wait_until([](const v1::TableUpdate& u) { return u.host_seat() == 1; });
    EXPECT_EQ(passed.note(), "Bob is the host now");
    refused(table[0].request(kick(1)), v1::ERROR_CODE_NOT_HOST, "only the host");
    EXPECT_TRUE(table[1].request(kick(0)).has_ok()) << "the new host may remove the old one";
}

TEST(removals, at_a_public_table_a_majority_of_the_others_present_votes_a_person_out) {
    running_server server;
    guests table(server.url(), {"Ann", "Bob", "Cat", "Dan"}, true);
    refused(table[0].request(kick(3)), v1::ERROR_CODE_BAD_REQUEST, "by a vote of the players");
    drain(table[0]);
    EXPECT_EQ(table[0].latest()->kick_votes_needed(), 2u) << "a majority of the three others";
    EXPECT_TRUE(table[0].latest()->removal_by_vote());

    ASSERT_TRUE(table[0].request(vote(3)).has_ok());
    const v1::TableUpdate one =
        table[1].wait_until([](const v1::TableUpdate& u) { return u.seats(3).kick_votes() == 1; });
    EXPECT_EQ(one.note(), "a vote to remove Dan: 1 of 2") << "who voted is not said";
    ASSERT_TRUE(table[0].request(vote(3)).has_ok());
    drain(table[1]);
    EXPECT_EQ(table[1].latest()->seats(3).kick_votes(), 1u) << "a second vote from the same seat counts once";
    refused(table[3].request(vote(3)), v1::ERROR_CODE_BAD_REQUEST, "cannot remove yourself");

    ASSERT_TRUE(table[1].request(vote(3)).has_ok());
    const auto told = removal_told(table[3]);
    ASSERT_TRUE(told.has_value());
    EXPECT_TRUE(told->by_vote());
    const v1::TableUpdate out = table[2].wait_until([](const v1::TableUpdate& u) { return !u.seats(3).occupied(); });
    EXPECT_EQ(out.note(), "Dan was removed from the table by a vote");
    EXPECT_EQ(out.kick_votes_needed(), 2u) << "three present: a majority of two others";

    table[2].close();
    table[0].wait_until([](const v1::TableUpdate& u) { return !u.seats(2).connected(); });
    refused(table[0].request(vote(1)), v1::ERROR_CODE_BAD_REQUEST, "at least two other people");
    drain(table[0]);
    EXPECT_EQ(table[0].latest()->kick_votes_needed(), 0u) << "two present: no votes";
}

using RemovalsOn = golf::server::testing::on_each_backend;

// A removal's bar is in the match's record: after a restart the account removed, and the guests at the address of
// the guest removed, are still kept out, while another account sits down in an open seat.
TEST_P(RemovalsOn, PeopleRemovedMidMatchStayOutAfterARestart) {
    const std::string db = this->db();
    const std::string password = "correct horse battery staple";
    std::string code;
    std::string ann_token;
    {
        running_server server(60s, db);
        auto ann = connect_to(server.url());
        const auto created = ann->request(create_table("Ann", "four-card", 3, false, 3));
        ASSERT_TRUE(created.has_table_joined()) << describe(created);
        code = created.table_joined().code();
        ann_token = created.table_joined().seat_token();
        auto cy = connect_to(server.url());
        const auto registered = cy->request(register_as("Cyd", password));
        ASSERT_TRUE(registered.has_signed_in()) << describe(registered);
        ASSERT_TRUE(cy->request(join_table(code, "")).has_table_joined());
        auto bob = connect_to(server.url());
        bob->join(code, "Bob");
        ann->wait_until(golf::server::e2e::everyone_seated);
        ann->start_match();
        ASSERT_TRUE(ann->request(kick(1, "rude")).has_ok());
        ASSERT_TRUE(removal_told(*cy).has_value());
        ASSERT_TRUE(ann->request(kick(2, "rude")).has_ok());
        ASSERT_TRUE(removal_told(*bob).has_value());
        ann.reset();  // gone before the stop, which waits for open connections
        cy.reset();
        bob.reset();
        server.stop();
    }
    running_server server(60s, db);
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(reclaim(ann_token)).has_table_joined()) << "the match is restored";
    auto cy = connect_to(server.url());
    ASSERT_TRUE(cy->request(sign_in("Cyd", password)).has_signed_in());
    refused(cy->request(join_table(code, "")), v1::ERROR_CODE_REMOVED, "removed from this table");
    auto guest = connect_to(server.url());
    refused(guest->request(join_table(code, "Bob")), v1::ERROR_CODE_REMOVED, "removed from this table");
    auto dee = connect_to(server.url());
    ASSERT_TRUE(dee->request(register_as("Dee", password)).has_signed_in());
    EXPECT_TRUE(dee->request(join_table(code, "")).has_table_joined()) << "someone else takes an open seat";
}

INSTANTIATE_TEST_SUITE_P(every_backend, RemovalsOn,
                         ::testing::Values(golf::server::testing::backend::sqlite,
                                           golf::server::testing::backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace removals_tests
