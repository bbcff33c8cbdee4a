// golf tournament against a real golf-server: an organiser creates a tournament from the terminal (house rules
// too), four accounts sign up with their API keys, the organiser starts it, and `show` prints the standing and the
// tables until the last round is over; bad input and refusals are one line each, nothing changed.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/support/child_process.hpp"

namespace golf {
namespace tournament_cli_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace server::testing::account_requests;
using testing::child_process;
using testing::server_process;

struct run_result {
    int status = -1;
    std::string out;
    std::string err;
};

run_result golf_tournament(const std::vector<std::string>& args, const std::string& key = "") {
    std::vector<std::string> argv{GOLF_CLI_PATH, "tournament"};
    argv.insert(argv.end(), args.begin(), args.end());
    child_process golf(argv,
                       key.empty() ? std::vector<std::string>{} : std::vector<std::string>{"GOLF_API_KEY=" + key});
    golf.close_stdin();
    const auto status = golf.wait_exit(60s);
    return {status.value_or(-1), golf.out(), golf.err()};
}

std::string new_key(const server_process& server, const std::string& name) {
    auto c = connect_to(server.url());
    EXPECT_TRUE(c->request(register_as(name, "a long enough password")).has_signed_in());
    const auto key = c->request(create_api_key("tournament"));
    EXPECT_TRUE(key.has_api_key_created()) << describe(key);
    return key.api_key_created().key();
}

TEST(TournamentCli, AnOrganiserRunsATournamentFromTheTerminal) {
    server_process server(GOLF_SERVER_PATH, {.extra = {"--seat-grace", "1"}});
    ASSERT_NE(server.port(), 0) << server.log();
    const std::string url = server.url();
    std::vector<std::string> keys;
    for (const std::string name : {"Ann", "Bob", "Cat", "Dan"}) keys.push_back(new_key(server, name));

    EXPECT_EQ(golf_tournament({"list"}).status, 2) << "no --server";
    EXPECT_EQ(golf_tournament({"create", "--name", "Club night", "--server", url}).status, 2) << "no key";
    const run_result bad = golf_tournament(
        {"create", "--name", "X", "--preset", "four-card", "--seats", "9", "--rounds", "2", "--server", url}, keys[0]);
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--seats"), std::string::npos) << bad.err;

    const run_result made = golf_tournament({"create", "--name", "Club night", "--preset", "four-card", "--seats", "2",
                                             "--rounds", "2", "--set", "holes=1", "--server", url},
                                            keys[0]);
    ASSERT_EQ(made.status, 0) << made.err;
    EXPECT_NE(made.out.find("1  Club night (four-card, tables of 2, 2 rounds), by Ann: open for sign-ups"),
              std::string::npos)
        << made.out;
    const run_result early = golf_tournament({"start", "1", "--server", url}, keys[0]);
    EXPECT_EQ(early.status, 1);
    EXPECT_NE(early.err.find("a tournament starts with 4 players or more; 0 signed up"), std::string::npos)
        << early.err;
    for (const auto& key : keys) ASSERT_EQ(golf_tournament({"join", "1", "--server", url}, key).status, 0);
    const run_result not_organiser = golf_tournament({"start", "1", "--server", url}, keys[1]);
    EXPECT_EQ(not_organiser.status, 1);
    EXPECT_NE(not_organiser.err.find("NOT_ORGANISER"), std::string::npos) << not_organiser.err;
    ASSERT_EQ(golf_tournament({"start", "1", "--server", url}, keys[0]).status, 0);

    run_result shown;
    for (int i = 0; i < 300; ++i) {
        shown = golf_tournament({"show", "1", "--server", url});
        if (shown.out.find(": finished") != std::string::npos) break;
        std::this_thread::sleep_for(200ms);
    }
    ASSERT_NE(shown.out.find(": finished"), std::string::npos) << shown.out << shown.err;
    EXPECT_NE(shown.out.find("round 2:"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("    1. "), std::string::npos) << "the standing: " << shown.out;
    EXPECT_NE(shown.out.find("[bot]"), std::string::npos) << "nobody came: bots played" << shown.out;
    const run_result listed = golf_tournament({"list", "--ended", "--server", url});
    EXPECT_NE(listed.out.find("1  Club night  four-card  finished, round 2 of 2, 4 players, by Ann"), std::string::npos)
        << listed.out;

    // An arena runs for minutes, not rounds.
    const std::vector<std::string> arena{"create", "--name",   "Sprint", "--preset", "four-card", "--seats",
                                         "2",      "--format", "arena",  "--server", url};
    auto with = [&](std::vector<std::string> extra) {
        auto words = arena;
        words.insert(words.end(), extra.begin(), extra.end());
        return golf_tournament(words, keys[0]);
    };
    EXPECT_EQ(with({"--rounds", "2"}).status, 2) << "an arena has no rounds";
    EXPECT_EQ(with({"--minutes", "721"}).status, 2);
    EXPECT_EQ(golf_tournament({"create", "--format", "knockout", "--server", url}, keys[0]).status, 2);
    const run_result sprint = with({"--minutes", "5"});
    ASSERT_EQ(sprint.status, 0) << sprint.err;
    EXPECT_NE(sprint.out.find("Sprint (four-card, tables of 2, an arena of 5 minutes), by Ann"), std::string::npos)
        << sprint.out;

    // One the server starts by itself, with bots to fill it.
    EXPECT_EQ(with({"--minutes", "5", "--starts-in", "0"}).status, 2);
    EXPECT_EQ(with({"--minutes", "5", "--starts-in", "43201"}).status, 2) << "more than 30 days";
    const run_result later = with({"--minutes", "5", "--starts-in", "90", "--bot-fillers", "--guests"});
    ASSERT_EQ(later.status, 0) << later.err;
    EXPECT_NE(later.out.find("  starts by itself at 20"), std::string::npos) << later.out;
    EXPECT_NE(later.out.find("  bots fill the field at the start"), std::string::npos) << later.out;
    EXPECT_NE(later.out.find("  guests may sign up"), std::string::npos) << later.out;
}

}  // namespace
}  // namespace tournament_cli_tests
}  // namespace golf
