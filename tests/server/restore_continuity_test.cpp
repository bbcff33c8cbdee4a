// A match restored after a restart (as after a take-over by another node, which restores the same way) goes on as
// its players last saw it: hand_version keeps its value, so a move sent with it still counts, and the hole's events
// keep their indexes, a claim's CLAIM_FIRST included; between holes the review's log is sent whole again, and the
// review waits as long as its table chose. Real sockets on 127.0.0.1, real clients, SQLite.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "proto/convert.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/temp_dir.hpp"

namespace restore_continuity_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::two_players;
namespace v1 = golf::v1;

// Every event a connection receives from here on, by (hole, index); and whether the first update started the log.
struct event_tape {
    std::map<std::pair<std::uint32_t, std::uint32_t>, v1::EventKind> kinds;
    std::vector<bool> from_start;
    explicit event_tape(connection& c) {
        c.set_observer([this](const v1::ServerMessage& m) {
            if (!m.has_table_update()) return;
            from_start.push_back(m.table_update().events_from_start());
            for (const auto& e : m.table_update().events()) kinds[{e.hole(), e.index()}] = e.kind();
        });
    }
};

// Plays on until a seat is offered a claim, and makes it: true once a claim was accepted.
bool claim_once(two_players& table) {
    for (int m = 0; m < 2000; ++m) {
        for (auto& c : table.seats) drain(*c);
        for (auto& c : table.seats) {
            const auto& u = c->latest();
            if (!u || !u->has_hand()) continue;
            for (const v1::Action& a : u->hand().legal()) {
                if (a.kind() != v1::ACTION_KIND_CLAIM) continue;
                if (!c->act(*golf::wire::from_proto(a)).has_error()) return true;
                break;  // the window closed under us: play on
            }
        }
        table.move();
    }
    return false;
}

// The server stopped and started again on the same database; both players take their seats back and every event
// and version they were shown before is shown again, the same.
void expect_restored_as_it_was(const std::string& db, two_players& table, const event_tape& before_log,
                               std::uint64_t before_version) {
    running_server again(60s, db);
    connection ann, bob;
    ann.connect(again.url(), "restore_continuity_test");
    bob.connect(again.url(), "restore_continuity_test");
    event_tape after(ann);
    ann.reclaim(table.tokens[0]);
    bob.reclaim(table.tokens[1]);
    const v1::TableUpdate first = ann.wait_until([](const v1::TableUpdate& u) { return u.events_size() > 0; });
    EXPECT_TRUE(first.events_from_start()) << "the first update after the restart starts the hole's log over";
    EXPECT_EQ(first.hand_version(), before_version) << "hand_version goes on from where it was";
    for (const auto& [at, kind] : before_log.kinds) {
        if (at.first != first.events(0).hole()) continue;  // an earlier hole's log is not sent again
        ASSERT_TRUE(after.kinds.contains(at)) << "event " << at.second << " of hole " << at.first << " was not resent";
        EXPECT_EQ(after.kinds.at(at), kind) << "event " << at.second << " of hole " << at.first;
    }
    // A move sent with the version from before the restart is taken.
    bob.wait_until([](const v1::TableUpdate& u) { return u.seats(0).connected() && u.seats(1).connected(); });
    for (connection* c : {&ann, &bob}) {
        drain(*c);
        if (!c->latest() || !golf::client::my_move(*c->latest())) continue;
        const auto& legal = c->latest()->hand().legal();
        const auto owed = std::find_if(legal.begin(), legal.end(),
                                       [](const v1::Action& a) { return a.kind() != v1::ACTION_KIND_CLAIM; });
        if (owed == legal.end()) continue;
        v1::ClientMessage act;
        *act.mutable_act()->mutable_action() = *owed;
        act.mutable_act()->set_hand_version(before_version);
        const v1::ServerMessage answer = c->request(act);
        EXPECT_FALSE(answer.has_error()) << answer.error().message();
    }
    ann.set_observer({});  // before `after` goes
}

TEST(RestoredMatch, GoesOnWithItsHandVersionAndItsEventIndexesAClaimIncluded) {
    golf::testing::temp_dir dir;
    const std::string db = (dir.path() / "golf.db").string();
    std::unique_ptr<two_players> table;
    std::unique_ptr<event_tape> log;
    std::uint64_t version = 0;
    {
        running_server server(60s, db);
        table = std::make_unique<two_players>(server.url(), "cactus", 3);
        log = std::make_unique<event_tape>(*table->seats[0]);
        ASSERT_TRUE(claim_once(*table)) << "nobody was offered a claim";
        table->move();
        table->catch_up();
        ASSERT_TRUE(std::any_of(log->kinds.begin(), log->kinds.end(),
                                [](const auto& e) { return e.second == v1::EVENT_KIND_CLAIM_FIRST; }));
        version = table->seats[0]->latest()->hand_version();
        for (auto& c : table->seats) c->set_observer({});
        table->seats.clear();
        server.stop();
    }
    expect_restored_as_it_was(db, *table, *log, version);
}

TEST(RestoredMatch, BetweenHolesSendsTheFinishedHolesLogAgain) {
    golf::testing::temp_dir dir;
    const std::string db = (dir.path() / "golf.db").string();
    std::unique_ptr<two_players> table;
    std::unique_ptr<event_tape> log;
    std::uint64_t version = 0;
    {
        running_server server(60s, db);
        table = std::make_unique<two_players>(server.url(), "six-card", 3, v1::Ruleset{}, 600);  // a long review
        log = std::make_unique<event_tape>(*table->seats[0]);
        for (int m = 0; m < 2000; ++m) {
            drain(*table->seats[0]);
            const auto& u = table->seats[0]->latest();
            if (u && u->scorecard().holes_size() >= 1) break;
            table->move();
        }
        table->catch_up();
        version = table->seats[0]->latest()->hand_version();
        ASSERT_EQ(table->seats[0]->latest()->state(), v1::TABLE_STATE_BETWEEN_HOLES);
        for (auto& c : table->seats) c->set_observer({});
        table->seats.clear();
        server.stop();
    }
    expect_restored_as_it_was(db, *table, *log, version);
}

}  // namespace
}  // namespace restore_continuity_tests
