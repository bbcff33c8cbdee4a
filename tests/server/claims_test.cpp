// Out-of-turn claims over real connections (Cactus): after a discard the server opens a claim window that every
// update shows; claims from several connections race, the first to arrive is applied and announced, the others
// are refused, and a claim outside the window is refused with the table unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "tests/server/e2e_support.hpp"

namespace claims_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::everyone_seated;
using golf::server::e2e::running_server;
namespace v1 = golf::v1;

std::vector<v1::Action> claims_in(const v1::TableUpdate& u) {
    std::vector<v1::Action> out;
    if (!u.has_hand()) return out;
    for (const v1::Action& a : u.hand().legal())
        if (a.kind() == v1::ACTION_KIND_CLAIM) out.push_back(a);
    return out;
}

struct cactus_table {
    std::vector<std::unique_ptr<connection>> seats;
    golf::ruleset rules;
    std::unique_ptr<golf::bot> bot = golf::make_bot("heuristic");
    golf::random_source random{21};

    explicit cactus_table(const std::string& url, std::uint32_t window_ms) {
        for (int s = 0; s < 3; ++s) {
            seats.push_back(std::make_unique<connection>());
            seats.back()->connect(url, "claims_test");
        }
        v1::CreateTable create;
        create.set_player_name("Ann");
        create.set_preset("cactus");
        create.set_seats(3);
        create.set_claim_window_ms(window_ms);
        const v1::TableJoined created = seats[0]->create_table(create);
        seats[1]->join(created.code(), "Bob");
        seats[2]->join(created.code(), "Cy");
        rules = golf::wire::to_ruleset(created.rules()).value();
        for (auto& c : seats) c->wait_until(everyone_seated);  // so every seat has a latest update from here on
        seats[0]->start_match();
    }

    // One move that is not a claim, by a seat that owes one; false when nobody had such a move.
    bool move() {
        for (auto& c : seats) drain(*c);
        for (auto& c : seats) {
            if (!c->latest() || !c->latest()->has_hand()) continue;
            const auto& u = *c->latest();
            const auto view = golf::wire::to_hand_view(u.hand());
            if (!view) continue;
            std::vector<golf::action> moves;
            for (const golf::action& a : view->legal)
                if (a.kind != golf::action_kind::claim) moves.push_back(a);
            if (moves.empty()) continue;
            golf::action chosen = bot->choose(rules, *view, random);
            if (chosen.kind == golf::action_kind::claim) chosen = moves.front();
            const v1::ServerMessage reply = c->act(chosen);
            if (!reply.has_error()) return true;
        }
        return false;
    }

    // Plays until every seat's latest update shows an open claim window with claims for seats 1 and 2.
    bool until_a_window_opens() {
        for (int m = 0; m < 400; ++m) {
            for (auto& c : seats) drain(*c);
            const bool open =
                std::all_of(seats.begin(), seats.end(), [](const auto& c) { return c->latest()->has_claim_window(); });
            if (open && !claims_in(*seats[1]->latest()).empty() && !claims_in(*seats[2]->latest()).empty()) return true;
            if (!move()) seats[0]->next(20ms);
        }
        return false;
    }
};

TEST(Claims, TheFirstClaimToArriveWinsTheOthersAreRefusedAndEveryoneIsTold) {
    running_server server;
    cactus_table table(server.url(), 30000);
    ASSERT_TRUE(table.until_a_window_opens());
    const v1::TableUpdate before = *table.seats[0]->latest();
    EXPECT_EQ(before.claim_window().window_ms(), 30000u);
    EXPECT_LE(before.claim_window().remaining_ms(), 30000u);

    // Bob and Cy race for the same discard.
    v1::ClientMessage bob_claim;
    *bob_claim.mutable_act()->mutable_action() = claims_in(*table.seats[1]->latest()).front();
    v1::ClientMessage cy_claim;
    *cy_claim.mutable_act()->mutable_action() = claims_in(*table.seats[2]->latest()).front();
    const std::uint32_t bob_id = table.seats[1]->send(bob_claim);
    const std::uint32_t cy_id = table.seats[2]->send(cy_claim);
    const auto reply_to = [](connection& c, std::uint32_t id) {
        for (int i = 0; i < 200; ++i) {
            const auto m = c.next(5s);
            if (!m) break;
            if (m->request_id() == id) return *m;
        }
        ADD_FAILURE() << "no reply";
        return v1::ServerMessage();
    };
    const v1::ServerMessage bob = reply_to(*table.seats[1], bob_id);
    const v1::ServerMessage cy = reply_to(*table.seats[2], cy_id);
    ASSERT_NE(bob.has_ok(), cy.has_ok()) << "exactly one claim wins: " << bob.DebugString() << cy.DebugString();
    const v1::ServerMessage& loser = bob.has_ok() ? cy : bob;
    EXPECT_EQ(loser.error().code(), v1::ERROR_CODE_ILLEGAL_ACTION);
    EXPECT_NE(loser.error().message().find("another claim was first"), std::string::npos) << loser.DebugString();
    const int winner = bob.has_ok() ? 1 : 2;

    // Everyone is told who won the race; the window is closed.
    for (auto& c : table.seats) {
        const auto& u = c->wait_until([](const v1::TableUpdate& x) { return x.has_claim(); });
        EXPECT_EQ(u.claim().seat(), winner);
        EXPECT_FALSE(u.has_claim_window());
    }
}

TEST(Claims, AClaimAfterTheWindowIsRefusedAndChangesNothing) {
    running_server server;
    cactus_table table(server.url(), 500);
    ASSERT_TRUE(table.until_a_window_opens());
    const v1::Action late = claims_in(*table.seats[1]->latest()).front();
    // The window closes by itself and every seat is told.
    const auto& closed = table.seats[1]->wait_until([](const v1::TableUpdate& u) { return !u.has_claim_window(); });
    const std::uint64_t version = closed.hand_version();
    v1::ClientMessage claim;
    *claim.mutable_act()->mutable_action() = late;
    const v1::ServerMessage reply = table.seats[1]->request(claim);
    ASSERT_TRUE(reply.has_error()) << reply.DebugString();
    EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_ILLEGAL_ACTION);
    drain(*table.seats[1]);
    EXPECT_EQ(table.seats[1]->latest()->hand_version(), version) << "a refused claim changed the table";
}

}  // namespace
}  // namespace claims_tests
