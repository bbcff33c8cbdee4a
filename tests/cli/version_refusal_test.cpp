// `golf play` and `golf bot` against a real golf-server that does not speak the version they say (--speak-protocol,
// the hidden flag that stands in for an older or newer golf): one sentence naming both sides' versions, the URL,
// the server's build and what to do, and exit status 3, as their --help says.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/support/child_process.hpp"

namespace golf::testing {
namespace {

using namespace std::chrono_literals;

struct run_result {
    std::optional<int> status;
    std::string err;
};

run_result run_golf(std::vector<std::string> args) {
    args.insert(args.begin(), GOLF_CLI_PATH);
    child_process golf(args);
    golf.close_stdin();
    run_result result;
    result.status = golf.wait_exit(30s);
    result.err = golf.err();
    return result;
}

TEST(VersionRefusal, GolfPlaySpeakingAnOlderProtocolSaysUpdateGolfAndExits3) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const auto run = run_golf({"play", "--url", server.url(), "--create", "six-card", "--speak-protocol", "0"});
    EXPECT_EQ(run.status, 3) << run.err;
    EXPECT_EQ(run.err, "golf play: golf speaks protocol 0 but the server at " + server.url() +
                           " needs 1..1: update golf (the server runs " GOLF_VERSION ")\n");
}

TEST(VersionRefusal, GolfBotSpeakingANewerProtocolSaysSoAndExits3) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const auto run =
        run_golf({"bot", "--url", server.url(), "--create", "six-card", "--seats", "2", "--speak-protocol", "2"});
    EXPECT_EQ(run.status, 3) << run.err;
    EXPECT_EQ(run.err, "golf bot: golf speaks protocol 2 but the server at " + server.url() +
                           " needs 1..1: use an older golf or update the server (the server runs " GOLF_VERSION ")\n");
}

TEST(VersionRefusal, TheExitStatusIsInTheHelpAndTheTestFlagIsNot) {
    for (const char* command : {"play", "bot"}) {
        child_process help({GOLF_CLI_PATH, command, "--help"});
        EXPECT_EQ(help.wait_exit(10s), 0) << command;
        std::string text = help.out() + help.err();
        std::replace(text.begin(), text.end(), '\n', ' ');  // the usage wraps its lines
        EXPECT_NE(text.find("3 when the server does not speak this golf's protocol version"), std::string::npos)
            << command << ":\n"
            << text;
        EXPECT_EQ(text.find("--speak-protocol"), std::string::npos) << command;
    }
}

}  // namespace
}  // namespace golf::testing
