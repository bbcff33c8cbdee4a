// The golf-server binary itself (GOLF_SERVER_PATH): --help, bad flags and variables, a port already taken, a
// graceful stop on SIGTERM or SIGINT while clients are connected (they are told, and the process exits 0), and
// kill -9 in the middle of a match (on SQLite and on PostgreSQL): the database is intact and the match resumes
// where it was; and each backend's refusals at start-up (a locked or newer SQLite file, a wrong PostgreSQL login).
#include <gtest/gtest.h>

#include <csignal>
#include <optional>
#include <vector>

#include <sqlite3.h>

#include <google/protobuf/util/message_differencer.h>

#include "engine/action_log.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/sqlite_query.hpp"

namespace golf::server::testing {
namespace process_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using golf::testing::child_process;
using golf::testing::listening_port;
using golf::testing::query_text;
using ProcessOn = on_each_backend;

TEST(Process, HelpPrintsUsageAndExitsZero) {
    child_process p({GOLF_SERVER_PATH, "--help"});
    EXPECT_EQ(p.wait_exit(), 0);
    EXPECT_EQ(p.out(), usage());
    EXPECT_EQ(p.err(), "");
}

TEST(Process, VersionSaysTheServersAndTheProtocolsVersionsAndExitsZero) {
    child_process p({GOLF_SERVER_PATH, "--port", "1", "--version"});
    EXPECT_EQ(p.wait_exit(), 0);
    EXPECT_EQ(p.out(), std::string("golf-server ") + GOLF_VERSION + " (protocol golf.v1)\n");
    EXPECT_EQ(p.err(), "");
}

TEST(Process, BadFlagExitsTwoWithTheMessage) {
    child_process p({GOLF_SERVER_PATH, "--port", "x"});
    EXPECT_EQ(p.wait_exit(), 2);
    EXPECT_EQ(p.err(), "golf-server: --port: expected a number from 0 to 65535 (got 'x')\n");
}

TEST(Process, UnknownFlagExitsTwo) {
    child_process p({GOLF_SERVER_PATH, "--verbose"});
    EXPECT_EQ(p.wait_exit(), 2);
    EXPECT_EQ(p.err(), "golf-server: unknown option '--verbose' (see golf-server --help)\n");
}

TEST(Process, BadVariableExitsTwoNamingIt) {
    child_process p({GOLF_SERVER_PATH}, {"GOLF_THREADS=0"});
    EXPECT_EQ(p.wait_exit(), 2);
    EXPECT_EQ(p.err(), "golf-server: GOLF_THREADS: expected a number from 1 to 256 (got '0')\n");
}

TEST(Process, PortInUseExitsOneWithAClearMessage) {
    net::io_context io;
    tcp::acceptor taken(io, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    const std::string port = std::to_string(taken.local_endpoint().port());
    temp_dir dir;
    child_process p({GOLF_SERVER_PATH, "--host", "127.0.0.1", "--port", port, "--db", (dir.path() / "g.db").string()});
    EXPECT_EQ(p.wait_exit(), 1);
    EXPECT_TRUE(p.err().starts_with("golf-server: cannot listen on 127.0.0.1:" + port)) << p.err();
}

void expect_graceful_stop(int signal_number, int clients) {
    temp_dir dir;
    child_process p({GOLF_SERVER_PATH, "--host", "127.0.0.1", "--port", "0", "--db", (dir.path() / "golf.db").string(),
                     "--threads", "2", "--log-level", "info"});
    ASSERT_TRUE(p.wait_for_output("listening on 127.0.0.1:")) << p.out() << p.err();
    const std::uint16_t port = listening_port(p.out() + p.err());
    ASSERT_NE(port, 0);

    std::vector<std::unique_ptr<ws_client>> connected;
    for (int i = 0; i < clients; ++i) {
        connected.push_back(std::make_unique<ws_client>(port));
        connected.back()->greet();
    }
    if (!connected.empty()) {
        // The first client sits at a table, so the table's side of the shutdown is exercised too.
        v1::ClientMessage create;
        create.set_request_id(1);
        create.mutable_create_table()->set_player_name("host");
        create.mutable_create_table()->set_preset("six-card");
        create.mutable_create_table()->set_seats(2);
        ASSERT_FALSE(connected.front()->write(serialize(create)));
        std::optional<v1::ServerMessage> reply;
        for (int i = 0; i < 20 && !(reply && reply->request_id() == 1); ++i) reply = connected.front()->read();
        ASSERT_TRUE(reply && reply->has_table_joined()) << (reply ? reply->DebugString() : "no reply");
    }
    p.signal(signal_number);
    for (auto& client : connected) {
        const auto closing = client->read_until_closed();
        ASSERT_TRUE(closing);
        EXPECT_EQ(closing->reason(), "server shutting down");
    }
    EXPECT_EQ(p.wait_exit(), 0) << p.out() << p.err();
    EXPECT_NE(p.out().find("golf-server stopped"), std::string::npos) << p.out();
}

TEST(Process, SigtermWithClientsConnectedTellsThemAndExitsZero) { expect_graceful_stop(SIGTERM, 3); }

TEST(Process, SigintWithoutClientsExitsZero) { expect_graceful_stop(SIGINT, 0); }

child_process start_server(const std::string& db_path, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{GOLF_SERVER_PATH,
                                  "--host",
                                  "127.0.0.1",
                                  "--port",
                                  "0",
                                  "--db",
                                  db_path,
                                  "--threads",
                                  "2",
                                  "--bot-delay-ms",
                                  "0",
                                  "--between-holes-ms",
                                  "0",
                                  "--seat-grace",
                                  "120"};
    args.insert(args.end(), extra.begin(), extra.end());
    return child_process(args);
}

std::string ws_url(const child_process& server) {
    return "ws://127.0.0.1:" + std::to_string(listening_port(server.out() + server.err())) + "/ws";
}

// The seats of the one match a restarted `server` restored, reclaimed by their tokens; each sees its hand and
// scorecard exactly as `before`.
std::vector<std::unique_ptr<client::connection>> reclaim_as_it_was(const child_process& server, const std::string& code,
                                                                   const std::vector<std::string>& tokens,
                                                                   const std::vector<v1::TableUpdate>& before) {
    std::vector<std::unique_ptr<client::connection>> seats;
    for (std::size_t s = 0; s < tokens.size(); ++s) {
        seats.push_back(std::make_unique<client::connection>());
        seats.back()->connect(ws_url(server), "process_test");
        EXPECT_EQ(seats.back()->reclaim(tokens[s]).code(), code);
    }
    for (std::size_t s = 0; s < seats.size(); ++s) {
        const auto& now = seats[s]->wait_until(
            [](const v1::TableUpdate& u) { return u.has_hand() && u.seats(0).connected() && u.seats(1).connected(); });
        EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(now.hand(), before[s].hand()))
            << "seat " << s << " after the restart:\n"
            << now.hand().DebugString() << "\nbefore:\n"
            << before[s].hand().DebugString();
        EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(now.scorecard(), before[s].scorecard()));
    }
    return seats;
}

TEST_P(ProcessOn, KillNineMidMatchLosesNoFinishedHoleAndTheMatchResumesWhereItWas) {
    const std::string db = this->db();
    const auto in_play = [&] {
        return query("SELECT actions FROM hands_in_play", "SELECT convert_from(actions, 'UTF8') FROM hands_in_play");
    };
    std::string code;
    std::vector<std::string> tokens;
    std::vector<v1::TableUpdate> before;
    {
        child_process server = start_server(db);
        ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.out() << server.err();
        e2e::two_players table(ws_url(server), "six-card", 3);
        const auto since_deal = table.play_into_hole(1, 6);
        table.catch_up();
        for (auto& c : table.seats) before.push_back(*c->latest());
        code = table.code;
        tokens = table.tokens;
        // Every move reaches the database within moments; wait until the hand in play there is this one.
        const std::string expected = golf::encode_action_log(since_deal);
        EXPECT_TRUE(eventually([&] { return in_play() == expected; }))
            << "the hand in play in the database: " << in_play() << "\nexpected: " << expected;
        server.signal(SIGKILL);
        EXPECT_EQ(server.wait_exit(), 128 + SIGKILL);
    }
    ASSERT_EQ(before[0].scorecard().holes_size(), 1);
    if (!postgres()) {
        EXPECT_EQ(query("PRAGMA integrity_check"), "ok");
    }
    EXPECT_EQ(query("SELECT count(*) FROM holes"), "1");
    EXPECT_EQ(query("SELECT group_concat(hand_score, ',') FROM (SELECT hand_score FROM hole_scores "
                    "WHERE hole = 1 ORDER BY seat)",
                    "SELECT string_agg(hand_score::text, ',' ORDER BY seat) FROM hole_scores WHERE hole = 1"),
              std::to_string(before[0].scorecard().holes(0).scores(0)) + "," +
                  std::to_string(before[0].scorecard().holes(0).scores(1)));

    child_process server = start_server(db);
    ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.out() << server.err();
    EXPECT_TRUE(server.wait_for_output("restored 1 unfinished matches")) << server.out() << server.err();
    auto seats = reclaim_as_it_was(server, code, tokens, before);
    const golf::ruleset rules = wire::to_ruleset(seats[0]->joined()->rules()).value();
    auto bot = golf::make_bot("heuristic");
    golf::random_source random{8};
    const std::vector<client::connection*> players{seats[0].get(), seats[1].get()};
    for (int m = 0; m < 20000 && e2e::step(players, rules, *bot, random); ++m) {}
    const auto& last = seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
    EXPECT_EQ(last.scorecard().holes_size(), 3);
    EXPECT_TRUE(
        google::protobuf::util::MessageDifferencer::Equals(last.scorecard().holes(0), before[0].scorecard().holes(0)));
    seats.clear();
    server.signal(SIGTERM);
    EXPECT_EQ(server.wait_exit(), 0);
    EXPECT_EQ(query("SELECT count(*) FROM matches WHERE ended_at IS NOT NULL"), "1");
    if (!postgres()) {
        EXPECT_EQ(query("PRAGMA integrity_check"), "ok");
    }
}

// --durability moves: a move is shown (its mover's answer included) only once written, so kill -9 the moment the
// last answer arrives loses nothing, even with a delay that would otherwise hold every move back for 10 s.
TEST_P(ProcessOn, WithDurableMovesKillNineRightAfterAnAnswerLosesNoMove) {
    const std::string db = this->db();
    const std::vector<std::string> durable{"--durability", "moves", "--db-move-delay-ms", "10000"};
    std::string code;
    std::vector<std::string> tokens;
    std::vector<v1::TableUpdate> before;
    {
        child_process server = start_server(db, durable);
        ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.out() << server.err();
        e2e::two_players table(ws_url(server), "six-card", 3);
        table.play_into_hole(1, 7);
        table.catch_up();
        server.signal(SIGKILL);  // no waiting: whatever was answered is written
        for (auto& c : table.seats) before.push_back(*c->latest());
        code = table.code;
        tokens = table.tokens;
        EXPECT_EQ(server.wait_exit(), 128 + SIGKILL);
    }
    ASSERT_EQ(before[0].scorecard().holes_size(), 1);
    child_process server = start_server(db, durable);
    ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.out() << server.err();
    ASSERT_TRUE(server.wait_for_output("restored 1 unfinished matches")) << server.out() << server.err();
    auto seats = reclaim_as_it_was(server, code, tokens, before);
    seats.clear();
    server.signal(SIGTERM);
    EXPECT_EQ(server.wait_exit(), 0);
}

// --durability moves with the database away: a move gets no answer and nobody sees it while its record cannot be
// written; once the database is back, its mover gets the Ok and both seats see it. The mover takes its answers as
// Ok frames (no Hello.update_answers_act), which must wait for the record like the update.
TEST_P(ProcessOn, WithDurableMovesAMoveWaitsForTheDatabase) {
    child_process server = start_server(db(), {"--durability", "moves"});
    ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.out() << server.err();
    e2e::two_players table(ws_url(server), "six-card", 3);
    table.move();
    table.catch_up();
    const std::uint64_t version = table.seats[0]->latest()->hand_version();
    auto failing = fail_writes();
    client::connection& mover = *table.seats[client::my_move(*table.seats[0]->latest()) ? 0 : 1];
    const auto view = wire::to_hand_view(mover.latest()->hand()).value();
    v1::ClientMessage act;
    *act.mutable_act()->mutable_action() = wire::to_proto(table.bot->choose(table.rules, view, table.random));
    act.mutable_act()->set_hand_version(version);
    const std::uint32_t id = mover.send(act);
    const auto answer_within = [&](std::chrono::milliseconds limit) -> std::optional<v1::ServerMessage> {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < deadline)
            if (auto m = mover.next(20ms); m && m->request_id() == id) return m;
        return std::nullopt;
    };
    const auto early = answer_within(1500ms);
    EXPECT_FALSE(early) << "the move was answered before its record was written: " << early->ShortDebugString();
    for (auto& c : table.seats) {
        e2e::drain(*c);
        EXPECT_EQ(c->latest()->hand_version(), version) << "a move was shown before it was written";
    }
    failing.reset();
    if (!early) {
        const auto late = answer_within(30000ms);
        ASSERT_TRUE(late) << "the move was never answered";
        EXPECT_TRUE(late->has_ok()) << late->ShortDebugString();
    }
    for (auto& c : table.seats) c->wait_until([&](const v1::TableUpdate& u) { return u.hand_version() > version; });
    server.signal(SIGTERM);
    EXPECT_EQ(server.wait_exit(), 0);
}

INSTANTIATE_TEST_SUITE_P(every_backend, ProcessOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

TEST(Process, ALockedDatabaseStopsTheStartWithAClearMessage) {
    temp_dir dir;
    const std::string db = (dir.path() / "golf.db").string();
    {
        child_process first = start_server(db);  // creates and migrates the database
        ASSERT_TRUE(first.wait_for_output("listening on 127.0.0.1:")) << first.err();
        first.signal(SIGTERM);
        ASSERT_EQ(first.wait_exit(), 0);
    }
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &other), SQLITE_OK);
    sqlite3_busy_timeout(other, 5000);
    ASSERT_EQ(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
    child_process second = start_server(db);
    EXPECT_EQ(second.wait_exit(), 1);
    EXPECT_TRUE(second.err().find("is locked by another process") != std::string::npos) << second.err();
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
}

TEST(Process, ADatabaseFromANewerServerIsRefusedAtStartUp) {
    temp_dir dir;
    const std::string db = (dir.path() / "golf.db").string();
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "PRAGMA user_version = 999", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
    child_process server = start_server(db);
    EXPECT_EQ(server.wait_exit(), 1);
    EXPECT_TRUE(server.err().find("schema version 999, newer than this server's") != std::string::npos) << server.err();
}

class ProcessOnPostgres : public ::testing::Test {
protected:
    void SetUp() override {
        if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
        db_ = std::make_unique<golf::testing::pg_database>();
    }
    std::unique_ptr<golf::testing::pg_database> db_;
};

TEST_F(ProcessOnPostgres, AWrongPasswordStopsTheStartWithASentenceThatNeverShowsIt) {
    child_process server = start_server(db_->tcp_url("wrong-secret-52d0"));
    EXPECT_EQ(server.wait_exit(), 1);
    EXPECT_NE(server.err().find("PostgreSQL refused the login"), std::string::npos) << server.err();
    EXPECT_EQ((server.out() + server.err()).find("wrong-secret-52d0"), std::string::npos) << server.err();
}

TEST_F(ProcessOnPostgres, ADatabaseFromANewerServerIsRefusedAtStartUp) {
    {
        child_process first = start_server(db_->url());  // creates and migrates the database
        ASSERT_TRUE(first.wait_for_output("listening on 127.0.0.1:")) << first.err();
        first.signal(SIGTERM);
        ASSERT_EQ(first.wait_exit(), 0);
    }
    db_->run("UPDATE golf_schema SET version = 99");
    child_process server = start_server(db_->url());
    EXPECT_EQ(server.wait_exit(), 1);
    EXPECT_NE(server.err().find("schema version 99, newer than this server's"), std::string::npos) << server.err();
}

TEST_F(ProcessOnPostgres, AServerStartedBeforeItsDatabaseWaitsForIt) {
    db_->refuse_connections(true);  // as a database still starting up would
    child_process server = start_server(db_->url());
    ASSERT_TRUE(server.wait_for_output("trying again in")) << server.err();
    db_->refuse_connections(false);
    ASSERT_TRUE(server.wait_for_output("listening on 127.0.0.1:")) << server.err();
    server.signal(SIGTERM);
    EXPECT_EQ(server.wait_exit(), 0);
}

}  // namespace
}  // namespace process_tests
}  // namespace golf::server::testing
