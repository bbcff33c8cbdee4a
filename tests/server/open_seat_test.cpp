// A player who left mid-match comes back with the seat token; the host may give an away seat to someone new
// (OpenSeat): the old token stops working, a bot plays the seat until a newcomer joins by code or a spectator takes
// it, and a restart keeps it so. Real sockets on 127.0.0.1, real clients.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace open_seat_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
namespace v1 = golf::v1;

v1::ClientMessage open_seat(std::uint32_t seat) {
    v1::ClientMessage m;
    m.mutable_open_seat()->set_seat(seat);
    return m;
}

v1::ClientMessage leave() {
    v1::ClientMessage m;
    m.mutable_leave_table();
    return m;
}

v1::ClientMessage reclaim(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_reclaim_seat()->set_seat_token(token);
    return m;
}

v1::ClientMessage join(const std::string& code, const std::string& name) {
    v1::ClientMessage m;
    m.mutable_join_table()->set_code(code);
    m.mutable_join_table()->set_player_name(name);
    return m;
}

v1::ClientMessage take_seat(std::uint32_t seat) {
    v1::ClientMessage m;
    m.mutable_take_seat()->set_seat(seat);
    return m;
}

// Ann (the host), Bob and Cat at a four-card table of three holes, the match started; then Cat leaves and a bot
// plays her seat.
struct cat_left {
    std::vector<std::unique_ptr<connection>> seats;
    golf::ruleset rules;
    std::string code;
    std::string cat_token;
    std::string left_note;  // what the table said when Cat left
    std::unique_ptr<golf::bot> bot = golf::make_bot("heuristic");
    golf::random_source random{17};

    explicit cat_left(const std::string& url, bool listed = false) {
        for (int s = 0; s < 3; ++s) {
            seats.push_back(std::make_unique<connection>());
            seats.back()->connect(url, "open_seat_test");
        }
        v1::CreateTable create;
        create.set_player_name("Ann");
        create.set_preset("four-card");
        create.set_seats(3);
        create.set_public_(listed);
        create.mutable_house_rules()->set_holes(3);
        const v1::TableJoined created = seats[0]->create_table(create);
        code = created.code();
        rules = golf::wire::to_ruleset(created.rules()).value();
        seats[1]->join(code, "Bob");
        seats[2]->join(code, "Cat");
        cat_token = seats[2]->token();
        seats[0]->wait_until(golf::server::e2e::everyone_seated);
        seats[0]->start_match();
        EXPECT_TRUE(seats[2]->request(leave()).has_ok());
        seats.pop_back();
        left_note = ann().wait_until([](const v1::TableUpdate& u) { return u.seats(2).bot_standing_in(); }).note();
    }

    connection& ann() { return *seats[0]; }
    connection& bob() { return *seats[1]; }
};

TEST(reclaim, a_player_who_left_takes_the_seat_back_and_a_pending_bot_move_is_not_made) {
    // A stand-in moves 1.5 s after its turn comes: its move is still pending when the seat is taken back.
    running_server server(60s, {}, 1500ms);
    golf::server::e2e::two_players table(server.url(), "four-card", 2);
    connection& ann = *table.seats[0];
    connection& bob = *table.seats[1];
    for (int m = 0; m < 50; ++m) {  // Ann moves until Bob has a move to make
        drain(bob);
        if (bob.latest() && golf::client::my_move(*bob.latest())) break;
        step({&ann}, table.rules, *table.bot, table.random, 200ms);
    }
    ASSERT_TRUE(golf::client::my_move(*bob.latest()));
    // Ann's page may be a step behind Bob's: wait until she sees the hand he is to move in.
    const std::uint64_t version = bob.latest()->hand_version();
    ann.wait_until([&](const v1::TableUpdate& u) { return u.hand_version() == version; });

    ASSERT_TRUE(bob.request(leave()).has_ok());
    ann.wait_until([](const v1::TableUpdate& u) { return u.seats(1).bot_standing_in(); });
    connection back;
    back.connect(server.url(), "open_seat_test");
    const v1::TableJoined joined = back.reclaim(table.tokens[1]);
    EXPECT_EQ(joined.seat(), 1);
    const v1::TableUpdate mine = back.wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    EXPECT_TRUE(mine.seats(1).connected());
    EXPECT_FALSE(mine.seats(1).bot_standing_in());

    std::this_thread::sleep_for(2500ms);  // past the stand-in's delay
    drain(ann);
    EXPECT_EQ(ann.latest()->hand_version(), version) << "the stand-in moved after its seat was taken back";
    drain(back);
    ASSERT_TRUE(golf::client::my_move(*back.latest()));
    const auto view = golf::wire::to_hand_view(back.latest()->hand()).value();
    const v1::ServerMessage moved = back.act(table.bot->choose(table.rules, view, table.random));
    EXPECT_FALSE(moved.has_error()) << moved.error().message();
}

TEST(open_seat, only_the_host_opens_only_an_away_seat_and_the_old_token_stops_working) {
    running_server server(60s);
    cat_left table(server.url());
    const auto refused = [](const v1::ServerMessage& reply, v1::ErrorCode code, const std::string& words) {
        EXPECT_EQ(reply.error().code(), code) << reply.DebugString();
        EXPECT_NE(reply.error().message().find(words), std::string::npos) << reply.error().message();
    };
    refused(table.bob().request(open_seat(2)), v1::ERROR_CODE_NOT_HOST, "only the host");
    // Refusals count seats from 1, as people do: the wire's seat 1 is Bob's, "seat 2".
    refused(table.ann().request(open_seat(1)), v1::ERROR_CODE_BAD_REQUEST, "seat 2 is not away");
    refused(table.ann().request(open_seat(0)), v1::ERROR_CODE_BAD_REQUEST, "seat 1 is not away");
    refused(table.ann().request(open_seat(3)), v1::ERROR_CODE_BAD_REQUEST, "there is no seat 4");
    drain(table.bob());
    EXPECT_FALSE(table.bob().latest()->seats(2).open()) << "a refusal changes nothing";

    ASSERT_TRUE(table.ann().request(open_seat(2)).has_ok());
    const v1::TableUpdate opened = table.bob().wait_until([](const v1::TableUpdate& u) { return u.seats(2).open(); });
    EXPECT_TRUE(opened.seats(2).bot_standing_in()) << "the bot plays on";
    refused(table.ann().request(open_seat(2)), v1::ERROR_CODE_BAD_REQUEST, "open already");

    connection cat;
    cat.connect(server.url(), "open_seat_test");
    refused(cat.request(reclaim(table.cat_token)), v1::ERROR_CODE_BAD_TOKEN, "not valid");
}

TEST(open_seat, a_newcomer_joins_by_code_mid_match_and_plays_the_seat) {
    running_server server(60s);
    cat_left table(server.url());
    connection dan;
    dan.connect(server.url(), "open_seat_test");
    EXPECT_EQ(dan.request(join(table.code, "Dan")).error().code(), v1::ERROR_CODE_TABLE_FULL) << "none is open yet";

    ASSERT_TRUE(table.ann().request(open_seat(2)).has_ok());
    const v1::TableJoined joined = dan.join(table.code, "Dan");
    EXPECT_EQ(joined.seat(), 2);
    EXPECT_FALSE(joined.seat_token().empty());
    EXPECT_NE(joined.seat_token(), table.cat_token);
    const v1::TableUpdate seated = table.ann().wait_until(
        [](const v1::TableUpdate& u) { return u.seats(2).name() == "Dan" && u.seats(2).connected(); });
    EXPECT_FALSE(seated.seats(2).open());
    EXPECT_FALSE(seated.seats(2).bot_standing_in());
    // Notes count seats from 1, as people do: the wire's seat 2 is "seat 3".
    EXPECT_EQ(table.left_note, "Cat left seat 3");
    EXPECT_EQ(seated.note(), "Dan took over Cat's seat 3");

    std::vector<connection*> players{&table.ann(), &table.bob(), &dan};
    bool dan_moved = false;
    for (int m = 0; m < 500 && !dan_moved; ++m) {
        const auto moved = step(players, table.rules, *table.bot, table.random);
        ASSERT_TRUE(moved) << "nobody could move";
        dan_moved = moved->seat == 2;
    }
    EXPECT_TRUE(dan_moved) << "the newcomer never had a turn";
}

TEST(open_seat, a_spectator_takes_an_open_seat_and_the_lobby_counts_it_free) {
    running_server server(60s);
    cat_left table(server.url(), true);
    connection wat;
    wat.connect(server.url(), "open_seat_test");
    wat.join(table.code, "Wat", true);
    EXPECT_EQ(wat.request(take_seat(2)).error().code(), v1::ERROR_CODE_MATCH_RUNNING) << "not open yet";

    connection looker;
    looker.connect(server.url(), "open_seat_test");
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    const auto seated_in_lobby = [&](std::uint32_t seated) {
        for (int i = 0; i < 200; ++i) {
            const auto m = looker.next(50ms);
            if (!m || !m->has_lobby()) continue;
            for (const auto& t : m->lobby().tables())
                if (t.code() == table.code && t.seated() == seated) return true;
        }
        return false;
    };
    looker.send(watch);
    EXPECT_TRUE(seated_in_lobby(3));
    ASSERT_TRUE(table.ann().request(open_seat(2)).has_ok());
    EXPECT_TRUE(seated_in_lobby(2)) << "an open seat is a free seat to whoever looks for a table";

    const v1::ServerMessage took = wat.request(take_seat(2));
    ASSERT_TRUE(took.has_table_joined()) << took.DebugString();
    EXPECT_EQ(took.table_joined().seat(), 2);
    EXPECT_FALSE(took.table_joined().seat_token().empty());
    table.ann().wait_until([](const v1::TableUpdate& u) { return u.seats(2).name() == "Wat" && !u.seats(2).open(); });
    EXPECT_TRUE(seated_in_lobby(3));
}

using OpenSeatOn = golf::server::testing::on_each_backend;

TEST_P(OpenSeatOn, AnOpenSeatStaysOpenAfterARestartAndItsOldTokenStaysRefused) {
    const std::string db = this->db();
    std::string code;
    std::string cat_token;
    std::vector<std::string> tokens;
    {
        running_server server(60s, db);
        cat_left table(server.url());
        ASSERT_TRUE(table.ann().request(open_seat(2)).has_ok());
        table.bob().wait_until([](const v1::TableUpdate& u) { return u.seats(2).open(); });
        code = table.code;
        cat_token = table.cat_token;
        tokens = {table.ann().token(), table.bob().token()};
        table.seats.clear();
        server.stop();
    }
    std::string dan_token;
    {
        running_server server(60s, db);
        connection ann;
        ann.connect(server.url(), "open_seat_test");
        ann.reclaim(tokens[0]);
        const v1::TableUpdate restored = ann.wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
        EXPECT_TRUE(restored.seats(2).open());
        EXPECT_TRUE(restored.seats(2).bot_standing_in());

        connection cat;
        cat.connect(server.url(), "open_seat_test");
        EXPECT_EQ(cat.request(reclaim(cat_token)).error().code(), v1::ERROR_CODE_BAD_TOKEN);
        connection dan;
        dan.connect(server.url(), "open_seat_test");
        EXPECT_EQ(dan.join(code, "Dan").seat(), 2);
        dan_token = dan.token();
        ann.wait_until([](const v1::TableUpdate& u) { return u.seats(2).name() == "Dan"; });
        server.stop();
    }
    // Dan's seat is his after another restart: his token reclaims it, Cat's still does not.
    running_server server(60s, db);
    connection dan;
    dan.connect(server.url(), "open_seat_test");
    EXPECT_EQ(dan.reclaim(dan_token).seat(), 2);
    connection cat;
    cat.connect(server.url(), "open_seat_test");
    EXPECT_EQ(cat.request(reclaim(cat_token)).error().code(), v1::ERROR_CODE_BAD_TOKEN);
}

INSTANTIATE_TEST_SUITE_P(every_backend, OpenSeatOn,
                         ::testing::Values(golf::server::testing::backend::sqlite,
                                           golf::server::testing::backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace open_seat_tests
