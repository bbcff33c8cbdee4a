// golf backup and golf restore around real golf-server processes: a backup taken while a match is being played
// (a restore over the running server's file refused), the server killed with -9, the backup restored over its
// file and into a new one, served by a new server (the same history, the unfinished match resumed by its players
// and played to its end); and the round trip through pg_dump and pg_restore between two databases of the tests'
// own PostgreSQL server (a second restore needs --force, a dump of a newer schema is refused).
#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include <google/protobuf/util/message_differencer.h>

#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/pg_database.hpp"
#include "tests/support/sqlite_query.hpp"

namespace golf {
namespace {

using namespace std::chrono_literals;
using google::protobuf::util::MessageDifferencer;
using server::e2e::two_players;
using server::testing::http_request;
using testing::child_process;
using testing::server_options;
using testing::server_process;
using testing::temp_dir;

struct golf_run {
    int status = -1;
    std::string out;
    std::string err;
};

golf_run golf_cli(const std::vector<std::string>& args) {
    std::vector<std::string> argv{GOLF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    child_process golf(argv);
    golf.close_stdin();
    const auto status = golf.wait_exit(std::chrono::seconds(120));
    return {status.value_or(-1), golf.out(), golf.err()};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Every match the server lists over HTTP, as its JSON.
std::string history(const server_process& server) {
    return http_request(server.port(), "/api/matches?player=Ann").body();
}

server_options on(const std::string& db) {
    return {.db = db, .extra = {"--durability", "moves", "--seat-grace", "120"}};
}

// What the players of the unfinished match knew when the backup was taken.
struct seats_then {
    std::string code;
    std::vector<std::string> tokens;
    std::vector<v1::TableUpdate> updates;
};

TEST(BackupServer, ABackupTakenMidMatchRestoresTheHistoryAndTheMatchResumesAfterKillNine) {
    temp_dir dir;
    const std::string live = (dir.path() / "live.db").string();
    const std::string bak = (dir.path() / "golf.bak").string();
    const std::string restored = (dir.path() / "restored.db").string();
    std::string listed;
    seats_then then;
    {
        server_process server(GOLF_SERVER_PATH, on(live));
        ASSERT_NE(server.port(), 0) << server.log();
        two_players finished(server.url(), "four-card", 1);
        finished.play_to_the_end();
        two_players playing(server.url(), "six-card", 3);
        playing.play_into_hole(1, 5);
        playing.catch_up();  // with --durability moves, what the seats were shown is written
        for (auto& c : playing.seats) then.updates.push_back(*c->latest());
        then.code = playing.code;
        then.tokens = playing.tokens;
        listed = history(server);
        ASSERT_TRUE(contains(listed, "\"matches\":[{")) << listed;

        const golf_run backup = golf_cli({"backup", "--db", live, "--out", bak});
        ASSERT_EQ(backup.status, 0) << backup.err;
        EXPECT_TRUE(backup.out.starts_with("wrote " + bak + " (")) << backup.out;
        EXPECT_TRUE(contains(backup.out, "): 2 matches, schema version ")) << backup.out;
        const golf_run over_live = golf_cli({"restore", "--from", bak, "--db", live, "--force"});
        EXPECT_EQ(over_live.status, 1) << over_live.out;
        EXPECT_TRUE(contains(over_live.err, "is in use by another process")) << over_live.err;
        playing.move();  // the server plays on after the backup; this move is not in it
        EXPECT_EQ(server.stop(SIGKILL), 128 + SIGKILL);
    }
    ASSERT_EQ(then.updates[0].scorecard().holes_size(), 1);
    // Over the killed server's own file too: its write-ahead log is folded into the file kept beside.
    const golf_run over_killed = golf_cli({"restore", "--from", bak, "--db", live, "--force"});
    EXPECT_EQ(over_killed.status, 0) << over_killed.err;
    EXPECT_FALSE(std::filesystem::exists(live + "-wal"));
    EXPECT_EQ(testing::query_text(live + ".before-restore", "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(testing::query_text(live, "SELECT count(*) FROM matches"), "2");

    const golf_run restore = golf_cli({"restore", "--from", bak, "--db", restored});
    ASSERT_EQ(restore.status, 0) << restore.err;
    EXPECT_TRUE(restore.out.starts_with("restored " + bak + " into " + restored + ": 2 matches")) << restore.out;

    server_process server(GOLF_SERVER_PATH, on(restored));
    ASSERT_NE(server.port(), 0) << server.log();
    EXPECT_TRUE(contains(server.log(), "restored 1 unfinished matches")) << server.log();
    EXPECT_EQ(history(server), listed) << "the restored server lists another history";

    std::vector<std::unique_ptr<client::connection>> seats;
    for (std::size_t s = 0; s < then.tokens.size(); ++s) {
        seats.push_back(std::make_unique<client::connection>());
        seats.back()->connect(server.url(), "backup_test");
        EXPECT_EQ(seats.back()->reclaim(then.tokens[s]).code(), then.code);
    }
    for (std::size_t s = 0; s < seats.size(); ++s) {
        const auto& now = seats[s]->wait_until(
            [](const v1::TableUpdate& u) { return u.has_hand() && u.seats(0).connected() && u.seats(1).connected(); });
        EXPECT_TRUE(MessageDifferencer::Equals(now.hand(), then.updates[s].hand()))
            << "seat " << s << " sees another hand than at the backup:\n"
            << now.hand().DebugString();
        EXPECT_TRUE(MessageDifferencer::Equals(now.scorecard(), then.updates[s].scorecard()));
    }
    const ruleset rules = wire::to_ruleset(seats[0]->joined()->rules()).value();
    auto bot = make_bot("heuristic");
    random_source random{17};
    const std::vector<client::connection*> players{seats[0].get(), seats[1].get()};
    for (int m = 0; m < 20000 && server::e2e::step(players, rules, *bot, random); ++m) {}
    const auto& last = seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
    EXPECT_EQ(last.scorecard().holes_size(), 3);
    const auto finished = [&] {
        v1::ClientMessage list;
        list.mutable_list_matches()->set_player("Ann");
        const v1::MatchList matches = seats[0]->request(list).match_list();
        return matches.matches_size() == 2 && std::all_of(matches.matches().begin(), matches.matches().end(),
                                                          [](const v1::MatchSummary& m) { return m.ended_unix() > 0; });
    };
    EXPECT_TRUE(server::testing::eventually(finished)) << history(server);
    seats.clear();
    EXPECT_EQ(server.stop(SIGTERM), 0);
}

TEST(BackupServer, PgDumpAndPgRestoreCarryTheHistoryToAnotherDatabase) {
    if (testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL server for the tests (GOLF_TEST_PG_DIR)";
    testing::pg_database source;
    testing::pg_database target;
    temp_dir dir;
    const std::string bak = (dir.path() / "golf.dump").string();
    std::string listed;
    {
        server_process server(GOLF_SERVER_PATH, {.db = source.url()});
        ASSERT_NE(server.port(), 0) << server.log();
        two_players table(server.url(), "four-card", 2);
        table.play_to_the_end();
        EXPECT_TRUE(server::testing::eventually([&] { return source.run("SELECT count(*) FROM holes") == "2"; }));
        listed = history(server);
        // Over TCP with the password, which pg_dump gets as PGPASSWORD, not on its command line.
        const golf_run backup = golf_cli({"backup", "--db", source.tcp_url(), "--out", bak});
        ASSERT_EQ(backup.status, 0) << backup.err;
        EXPECT_TRUE(contains(backup.out, "pg_dump custom format): 1 match, schema version ")) << backup.out;
        table.seats.clear();
        EXPECT_EQ(server.stop(SIGTERM), 0);
    }
    const golf_run restore = golf_cli({"restore", "--from", bak, "--db", target.tcp_url()});
    ASSERT_EQ(restore.status, 0) << restore.err;
    EXPECT_TRUE(contains(restore.out, ": 1 match, schema version ")) << restore.out;
    const golf_run again = golf_cli({"restore", "--from", bak, "--db", target.url()});
    EXPECT_EQ(again.status, 2);
    EXPECT_TRUE(contains(again.err, "already holds a golf-server database; pass --force")) << again.err;
    {
        server_process server(GOLF_SERVER_PATH, {.db = target.url()});
        ASSERT_NE(server.port(), 0) << server.log();
        EXPECT_EQ(history(server), listed) << "the restored database lists another history";
    }

    // A dump of a newer schema than this golf knows is refused, and the target keeps what it has.
    const std::string version = target.run("SELECT MAX(version) FROM golf_schema");
    source.run("INSERT INTO golf_schema (version) VALUES (99)");
    const std::string newer = (dir.path() / "newer.dump").string();
    ASSERT_EQ(golf_cli({"backup", "--db", source.url(), "--out", newer}).status, 0);
    const golf_run refused = golf_cli({"restore", "--from", newer, "--db", target.url(), "--force"});
    EXPECT_EQ(refused.status, 2);
    EXPECT_TRUE(contains(refused.err, "has schema version 99, newer than the version")) << refused.err;
    EXPECT_EQ(target.run("SELECT MAX(version) FROM golf_schema"), version);
    EXPECT_EQ(target.run("SELECT count(*) FROM matches"), "1");
    target.run("DELETE FROM hole_scores");
    const golf_run forced = golf_cli({"restore", "--from", bak, "--db", target.url(), "--force"});
    EXPECT_EQ(forced.status, 0) << forced.err;
    EXPECT_EQ(target.run("SELECT count(*) FROM hole_scores"), source.run("SELECT count(*) FROM hole_scores"));

    const golf_run unreachable =
        golf_cli({"backup", "--db", "postgresql://golf@127.0.0.1:1/none?connect_timeout=2", "--out", bak + ".x"});
    EXPECT_EQ(unreachable.status, 1);
    EXPECT_TRUE(contains(unreachable.err, "golf backup: cannot reach")) << unreachable.err;
    EXPECT_FALSE(std::filesystem::exists(bak + ".x.partial"));
}

}  // namespace
}  // namespace golf
