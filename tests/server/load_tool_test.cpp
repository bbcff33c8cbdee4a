// `golf load` against a real golf-server on 127.0.0.1: a short run with a few tables (and a few idle connections)
// reports moves, ordered percentiles, no errors and the server's memory in its JSON line; bad flags exit 2. This
// checks behaviour only: the speed targets live in scripts/perf.sh and docs/PERFORMANCE.md, never here.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/cli/json_reader.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using golf::test::json_reader;
using golf::test::json_value;
using golf::testing::child_process;
using golf::testing::server_process;
using golf::testing::temp_dir;

// The last line of the output, which --json promises is the JSON object.
std::string last_line(const std::string& out) {
    std::string text = out;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    const auto at = text.rfind('\n');
    return at == std::string::npos ? text : text.substr(at + 1);
}

json_value run_load(const std::vector<std::string>& extra) {
    std::vector<std::string> args{GOLF_CLI_PATH, "load"};
    args.insert(args.end(), extra.begin(), extra.end());
    child_process load(args);
    const auto status = load.wait_exit(std::chrono::seconds(90));
    EXPECT_EQ(status, 0) << load.err();
    return json_reader::parse(last_line(load.out()));
}

TEST(LoadTool, PlaysTablesAndReportsJson) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const json_value result = run_load({"--url", server.url(), "--tables", "3", "--duration", "2", "--idle-connections",
                                        "5", "--threads", "1", "--json"});
    EXPECT_EQ(result["mode"].string(), "tables");
    EXPECT_GT(result["moves"].number(), 0);
    EXPECT_GT(result["moves_per_s"].number(), 0);
    EXPECT_GT(result["frames_per_s"].number(), result["moves_per_s"].number());  // a move is several frames
    EXPECT_EQ(result["errors"].number(), 0) << result["first_error"].string();
    EXPECT_EQ(result["connections"].number(), 3 * 4 + 5);
    EXPECT_EQ(result["server_connections_open"].number(), 3 * 4 + 5);
    const double p50 = result["p50_ms"].number();
    const double p90 = result["p90_ms"].number();
    const double p99 = result["p99_ms"].number();
    const double p999 = result["p999_ms"].number();
    EXPECT_GT(p50, 0);
    EXPECT_LE(p50, p90);
    EXPECT_LE(p90, p99);
    EXPECT_LE(p99, p999);
    EXPECT_LE(p999, result["max_ms"].number());
    EXPECT_GT(result["server_rss_bytes"].number(), 0);
    // CPU per move, each side's kernel part within it (two seconds of closed-loop play: neither side is idle).
    for (const char* side : {"server", "client"}) {
        const double all = result[std::string(side) + "_cpu_us_per_move"].number();
        const double kernel = result[std::string(side) + "_cpu_system_us_per_move"].number();
        EXPECT_GT(kernel, 0) << side;
        EXPECT_LE(kernel, all) << side;
    }
    // The moves split into holes' last moves and the rest: a hole is tens of moves, and holes end in a 2 s run.
    const double hole_ends = result["hole_end_moves"].number();
    EXPECT_GT(hole_ends, 0);
    EXPECT_LT(hole_ends * 10, result["moves"].number());
    EXPECT_GT(result["hole_end_p50_ms"].number(), 0);
    EXPECT_LE(result["hole_end_p50_ms"].number(), result["hole_end_p99_ms"].number());
    EXPECT_GT(result["mid_hole_p50_ms"].number(), 0);
    EXPECT_LE(result["mid_hole_p50_ms"].number(), result["mid_hole_p99_ms"].number());
    EXPECT_LE(result["mid_hole_p99_ms"].number(), result["max_ms"].number());
    // Closed loop: a move is written the moment it is due, so both clocks read the same.
    EXPECT_DOUBLE_EQ(result["from_sent_p50_ms"].number(), p50);
    EXPECT_DOUBLE_EQ(result["from_sent_p99_ms"].number(), p99);
}

// By default the bots set Hello.update_answers_act, so a move costs its Act and one update per seat; with
// --separate-ok the mover's Ok is a frame of its own on top.
TEST(LoadTool, MovesAreAnsweredByTheirUpdateUnlessSeparateOkIsAsked) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const std::vector<std::string> common{"--url", server.url(), "--tables", "3", "--duration", "2", "--json"};
    const json_value merged = run_load(common);
    std::vector<std::string> separate_args = common;
    separate_args.push_back("--separate-ok");
    const json_value separate = run_load(separate_args);
    EXPECT_EQ(merged["errors"].number(), 0) << merged["first_error"].string();
    EXPECT_EQ(separate["errors"].number(), 0) << separate["first_error"].string();
    const double merged_frames = merged["frames_per_move"].number();
    const double separate_frames = separate["frames_per_move"].number();
    // 1 + 4 frames a move (a little more: a hole's last move is answered by an Ok, and a hole's start is news;
    // a little less or more at the window's edges).
    EXPECT_GT(merged_frames, 4.8);
    EXPECT_LT(merged_frames, 5.5);
    EXPECT_GT(separate_frames, merged_frames + 0.8);
}

TEST(LoadTool, OpenLoopPacesMovesAtTheOfferedRate) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const json_value result =
        run_load({"--url", server.url(), "--tables", "4", "--rate", "50", "--duration", "2", "--json"});
    EXPECT_EQ(result["errors"].number(), 0) << result["first_error"].string();
    EXPECT_EQ(result["offered_per_s"].number(), 50);
    // Paced, not flat out: a table in closed loop on loopback makes hundreds of moves a second.
    EXPECT_GT(result["moves"].number(), 0);
    EXPECT_LE(result["moves"].number(), 50 * 2 + 10);
    // Open loop: a move is written at or after its due time, so latency from writing is never the longer.
    EXPECT_GT(result["from_sent_p50_ms"].number(), 0);
    EXPECT_LE(result["from_sent_p50_ms"].number(), result["p50_ms"].number());
    EXPECT_LE(result["from_sent_p99_ms"].number(), result["p99_ms"].number());
}

// --bot-tables: tables of the server's own searching bots play beside the measured ones (each with one client, its
// host); they are counted apart and do not disturb the measured tables' run.
TEST(LoadTool, BotTablesPlayBesideTheMeasuredTables) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const json_value result = run_load({"--url", server.url(), "--tables", "2", "--bot-tables", "2", "--bot-level",
                                        "easy", "--duration", "2", "--json"});
    EXPECT_EQ(result["errors"].number(), 0) << result["first_error"].string();
    EXPECT_EQ(result["bot_tables"].number(), 2);
    EXPECT_EQ(result["bot_level"].string(), "easy");
    EXPECT_GT(result["bot_table_updates"].number(), 0) << "the server's bots did not play";
    EXPECT_GT(result["moves"].number(), 0);
    EXPECT_EQ(result["connections"].number(), 2 * 4 + 2);
}

#ifdef GOLF_ECHO_SERVER_PATH
// bench/echo_server, started as the load runs expect it; its port from its "listening on" line.
class echo_process {
public:
    explicit echo_process(std::vector<std::string> flags)
        : log_(dir_.path() / "echo.log"),
          process_(arguments(std::move(flags)), {}, log_),
          port_(golf::testing::wait_for_listening_port(log_)) {}
    std::uint16_t port() const { return port_; }
    std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/ws"; }

private:
    static std::vector<std::string> arguments(std::vector<std::string> flags) {
        flags.insert(flags.begin(), {GOLF_ECHO_SERVER_PATH, "--host", "127.0.0.1", "--port", "0"});
        return flags;
    }
    temp_dir dir_;
    std::filesystem::path log_;
    child_process process_;
    std::uint16_t port_ = 0;
};

TEST(LoadTool, EchoesOneFramePerFrameSent) {
    echo_process echo({"--threads", "1"});
    ASSERT_NE(echo.port(), 0);
    const json_value result =
        run_load({"--url", echo.url(), "--echo", "--connections", "6", "--duration", "1", "--threads", "1", "--json"});
    EXPECT_EQ(result["mode"].string(), "echo");
    EXPECT_EQ(result["fanout"].number(), 1);
    EXPECT_EQ(result["errors"].number(), 0) << result["first_error"].string();
    EXPECT_EQ(result["connections"].number(), 6);
    EXPECT_GT(result["moves"].number(), 0);
    EXPECT_NEAR(result["frames_per_move"].number(), 2.0, 0.05);  // one out, the same one back
}

// The floor under a golf move: each frame goes to its whole group of four, as a move's update goes to every seat.
// A frame counts once the last connection of its group has it, so a move is one frame out and four in.
TEST(LoadTool, FanOutEchoWritesEachFrameToTheWholeGroup) {
    echo_process echo({"--threads", "1", "--fanout"});
    ASSERT_NE(echo.port(), 0);
    for (const char* rate : {"", "200"}) {
        std::vector<std::string> flags{"--url", echo.url(),   "--echo", "--fanout",  "4", "--connections",
                                       "12",    "--duration", "1",      "--threads", "1", "--json"};
        if (*rate) flags.insert(flags.end(), {"--rate", rate});
        const json_value result = run_load(flags);
        EXPECT_EQ(result["fanout"].number(), 4);
        EXPECT_EQ(result["errors"].number(), 0) << rate << ": " << result["first_error"].string();
        EXPECT_EQ(result["connections"].number(), 12);
        EXPECT_GT(result["moves"].number(), 0) << rate;
        EXPECT_NEAR(result["frames_per_move"].number(), 5.0, 0.1) << rate;
        EXPECT_GT(result["server_cpu_us_per_move"].number(), 0) << rate;
    }
    // The plain echo server answers each frame once, to its sender: a group waiting for four copies never completes
    // one, and says so.
    echo_process plain({"--threads", "1"});
    ASSERT_NE(plain.port(), 0);
    const json_value result = run_load({"--url", plain.url(), "--echo", "--fanout", "4", "--connections", "4",
                                        "--duration", "1", "--threads", "1", "--json"});
    EXPECT_EQ(result["moves"].number(), 0);
}
#endif

TEST(LoadTool, BadFlagsExitTwoWithAMessage) {
    const std::vector<std::vector<std::string>> bad{
        {"--tables", "3"},                                                   // no --url
        {"--url", "http://x", "--tables", "3"},                              // not ws://
        {"--url", "ws://127.0.0.1:1/ws"},                                    // no --tables
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "x"},                   // not a number
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "-1"},                  // out of range
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--seats", "99"},  // more seats than the rules allow
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--rules", "no-such-preset"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--duration", "0"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--rate", "0"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "1", "--rate", "100000"},  // beyond the per-seat limit
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--level", "genius"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--bot-tables", "-1"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--bot-tables", "2", "--bot-level", "search:0"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--bot-level", "hard"},  // without --bot-tables
        {"--url", "ws://127.0.0.1:1/ws", "--echo", "--connections", "2", "--bot-tables", "2"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--json=yes"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--frobnicate"},
        {"--url", "ws://127.0.0.1:1/ws", "--echo"},  // echo without --connections
        {"--url", "ws://127.0.0.1:1/ws", "--echo", "--connections", "2", "--tables", "2"},
        {"--url", "ws://127.0.0.1:1/ws", "--echo", "--connections", "6", "--fanout", "4"},  // not whole groups
        {"--url", "ws://127.0.0.1:1/ws", "--echo", "--connections", "4", "--fanout", "4", "--frame-bytes", "4"},
        {"--url", "ws://127.0.0.1:1/ws", "--tables", "2", "--fanout", "4"},
    };
    for (const auto& flags : bad) {
        std::vector<std::string> args{GOLF_CLI_PATH, "load"};
        args.insert(args.end(), flags.begin(), flags.end());
        child_process load(args);
        EXPECT_EQ(load.wait_exit(), 2) << flags.back();
        EXPECT_TRUE(load.err().starts_with("golf load: ")) << load.err();
        EXPECT_EQ(load.out(), "");
    }
}

// --tournament: eight entrants, each its own account from its own address, play a two-round Swiss at tables of four
// to its end, every table played by the entrants' own bots.
TEST(LoadTool, PlaysAWholeTournament) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process load({GOLF_CLI_PATH, "load", "--tournament", "swiss", "--url", server.url(), "--players", "8",
                        "--seats", "4", "--rounds", "2", "--set", "holes=1", "--timeout", "120"});
    ASSERT_EQ(load.wait_exit(std::chrono::seconds(150)), 0) << load.err() << server.log();
    const std::string out = load.out();
    EXPECT_NE(out.find("8 entrants at tables of 4, four-card, 2 rounds"), std::string::npos) << out;
    EXPECT_NE(out.find("; finished "), std::string::npos) << out;
    EXPECT_NE(out.find(": 2 rounds, 4 tables, "), std::string::npos) << out;
    EXPECT_NE(out.find("moves refused: 0;"), std::string::npos) << out;
    EXPECT_NE(out.find("  1. "), std::string::npos) << "the top of the standing: " << out;

    for (const std::vector<std::string>& flags : std::vector<std::vector<std::string>>{
             {"--tournament", "knockout"},
             {"--tournament", "arena", "--rounds", "2"},
             {"--tournament", "swiss", "--minutes", "3"},
             {"--tournament", "swiss", "--players", "3"},
         }) {
        std::vector<std::string> args{GOLF_CLI_PATH, "load", "--url", server.url()};
        args.insert(args.end(), flags.begin(), flags.end());
        child_process bad(args);
        EXPECT_EQ(bad.wait_exit(), 2) << flags.back();
        EXPECT_TRUE(bad.err().starts_with("golf load: ")) << bad.err();
    }
}

TEST(LoadTool, NoServerIsARunFailureNotACrash) {
    // Port 1 (root only, never served here): every connection is refused, and the run says so with status 1.
    child_process load({GOLF_CLI_PATH, "load", "--url", "ws://127.0.0.1:1/ws", "--tables", "1", "--duration", "1",
                        "--setup-timeout", "5", "--json"});
    EXPECT_EQ(load.wait_exit(std::chrono::seconds(60)), 1) << load.err();
    EXPECT_NE(load.err().find("golf load: nothing could be set up"), std::string::npos) << load.err();
    const json_value result = json_reader::parse(last_line(load.out()));
    EXPECT_GT(result["errors"].number(), 0);
    EXPECT_EQ(result["moves"].number(), 0);
    EXPECT_NE(result["first_error"].string(), "");
}

}  // namespace
