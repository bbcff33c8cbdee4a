// Whole matches over real sockets: an in-process golf-server on 127.0.0.1 and four golf_client connections, each
// deciding only from the HandView it receives. Also: refused moves (invalid, out of turn, stale, malformed) leave
// the table exactly as it was, and `golf bot --fill-bots` as a real process plays a match to the end.
#include <arpa/inet.h>
#include <fcntl.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/child_process.hpp"

extern char** environ;

namespace match_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
using google::protobuf::util::MessageDifferencer;
namespace v1 = golf::v1;

// Four people at one table: seat 0 creates it, the others join by its code, seat 0 starts the match.
struct table_of_four {
    std::vector<std::unique_ptr<connection>> seats;
    golf::ruleset rules;

    table_of_four(const std::string& url, const std::string& preset, const v1::Ruleset& house_rules) {
        for (int s = 0; s < 4; ++s) {
            seats.push_back(std::make_unique<connection>());
            seats.back()->connect(url, "match_test");
        }
        const v1::TableJoined created = seats[0]->create_table("p0", preset, 4, house_rules);
        for (int s = 1; s < 4; ++s) {
            const v1::TableJoined joined = seats[s]->join(created.code(), "p" + std::to_string(s));
            EXPECT_EQ(joined.seat(), s);
        }
        rules = golf::wire::to_ruleset(created.rules()).value();
    }

    void start() {
        seats[0]->wait_until([](const v1::TableUpdate& u) {
            return std::all_of(u.seats().begin(), u.seats().end(), [](const v1::SeatInfo& s) { return s.occupied(); });
        });
        seats[0]->start_match();
    }
};

bool match_over(const connection& c) {
    return c.latest() && c.latest()->state() == v1::TABLE_STATE_FINISHED && c.latest()->scorecard().match_over();
}

v1::Ruleset holes(int count) {
    v1::Ruleset house;
    house.set_holes(count);
    return house;
}

class whole_match : public ::testing::TestWithParam<const char*> {};

TEST_P(whole_match, four_clients_play_two_holes_deciding_from_their_own_views) {
    running_server server;
    table_of_four table(server.url(), GetParam(), holes(2));
    table.start();
    std::vector<connection*> players;
    std::vector<std::unique_ptr<golf::bot>> bots;
    for (int s = 0; s < 4; ++s) {
        players.push_back(table.seats[s].get());
        bots.push_back(golf::make_bot(s % 2 == 0 ? "heuristic" : "random"));
    }
    golf::random_source random(7);
    for (int moves = 0; step(players, table.rules, bots, random); ++moves)
        ASSERT_LT(moves, 20000) << "the match does not end";
    for (connection* c : players) c->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });

    const v1::Scorecard& card = players[0]->latest()->scorecard();
    ASSERT_EQ(card.holes_size(), 2);
    std::vector<int> totals(4, 0);
    for (const v1::Scorecard::Hole& hole : card.holes()) {
        ASSERT_EQ(hole.scores_size(), 4);
        EXPECT_EQ(hole.seed().size(), 8u) << "each finished hole reveals its seed";
        for (int s = 0; s < 4; ++s) totals[s] += hole.scores(s);
    }
    ASSERT_EQ(card.totals_size(), 4);
    const int lowest = *std::min_element(totals.begin(), totals.end());
    std::vector<std::uint32_t> expected_winners;
    for (int s = 0; s < 4; ++s) {
        EXPECT_EQ(card.totals(s), totals[s]) << "seat " << s;
        if (totals[s] == lowest) expected_winners.push_back(static_cast<std::uint32_t>(s));
    }
    EXPECT_EQ(std::vector<std::uint32_t>(card.winners().begin(), card.winners().end()), expected_winners);
    for (connection* c : players) {
        EXPECT_TRUE(MessageDifferencer::Equals(c->latest()->scorecard(), card)) << "seat " << c->seat();
        EXPECT_EQ(c->latest()->hand().phase(), v1::PHASE_OVER);
        EXPECT_EQ(c->latest()->hand().hole(), 2u);
    }
}

INSTANTIATE_TEST_SUITE_P(presets, whole_match, ::testing::Values("six-card", "four-card", "eight-card", "nine-card"),
                         [](const auto& param_info) {
                             std::string name = param_info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

v1::ServerMessage act_raw(connection& c, const v1::Action& action, std::uint64_t hand_version) {
    v1::ClientMessage message;
    *message.mutable_act()->mutable_action() = action;
    message.mutable_act()->set_hand_version(hand_version);
    return c.request(std::move(message));
}

v1::Action wire_action(v1::ActionKind kind, std::uint32_t position = 0, std::uint32_t other = 0) {
    v1::Action a;
    a.set_kind(kind);
    a.set_position(position);
    a.set_other(other);
    return a;
}

// Hello.update_answers_act: Ann asks for it, Bob does not. Every move of Ann's that the server accepts is answered
// by the TableUpdate it causes (her seat, a newer version) and by nothing else, except a move that ends a hole,
// whose update waits for the disk and which gets an Ok; Bob's moves get an Ok and updates that answer nothing.
TEST(update_answers_act, an_accepted_move_is_answered_by_its_update_instead_of_an_ok) {
    running_server server;
    connection ann;
    connection bob;
    ann.ask_update_answers_act();
    std::map<std::uint32_t, int> anns_replies;  // request_id -> messages carrying it
    int bobs_answering_updates = 0;
    ann.set_observer([&](const v1::ServerMessage& m) {
        if (m.request_id() != 0) ++anns_replies[m.request_id()];
    });
    bob.set_observer([&](const v1::ServerMessage& m) {
        if (m.has_table_update() && m.request_id() != 0) ++bobs_answering_updates;
    });
    ann.connect(server.url(), "match_test");
    bob.connect(server.url(), "match_test");
    EXPECT_TRUE(ann.welcome().update_answers_act());
    EXPECT_FALSE(bob.welcome().update_answers_act());
    const v1::TableJoined created = ann.create_table("Ann", "four-card", 2, holes(2));
    bob.join(created.code(), "Bob");
    ann.wait_until(golf::server::e2e::everyone_seated);
    ann.start_match();
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    const auto bot = golf::make_bot("heuristic");
    golf::random_source random(11);

    int answered_by_update = 0, holes_ended_by_ann = 0, refused = 0, bobs_oks = 0;
    for (int moves = 0; moves < 2000; ++moves) {
        drain(ann);
        drain(bob);
        if (match_over(ann) && match_over(bob)) break;
        connection* mover = nullptr;
        for (connection* c : {&ann, &bob})
            if (c->latest() && golf::client::my_move(*c->latest())) mover = c;
        if (!mover) {
            ann.next(5ms);
            bob.next(5ms);
            continue;
        }
        connection& other = mover == &ann ? bob : ann;
        if (other.latest() && other.latest()->hand().phase() == v1::PHASE_TURN && refused < 3) {
            // A move out of turn is still refused with an Error, whoever asked for what.
            const v1::ServerMessage reply =
                act_raw(other, wire_action(v1::ACTION_KIND_DRAW_STOCK), other.latest()->hand_version());
            ASSERT_TRUE(reply.has_error()) << reply.DebugString();
            ++refused;
        }
        const v1::TableUpdate before = *mover->latest();
        const auto view = golf::wire::to_hand_view(before.hand());
        ASSERT_TRUE(view);
        const golf::action chosen = bot->choose(rules, *view, random);
        const v1::ServerMessage reply = mover->act(chosen);
        if (reply.has_error() && reply.error().code() == v1::ERROR_CODE_STALE) continue;
        ASSERT_FALSE(reply.has_error()) << reply.DebugString();
        const bool ended_hole = mover->latest()->scorecard().holes_size() > before.scorecard().holes_size();
        if (mover == &bob) {
            EXPECT_TRUE(reply.has_ok()) << reply.DebugString();
            bobs_oks += reply.has_ok();
        } else if (ended_hole) {
            EXPECT_TRUE(reply.has_ok()) << "a hole's last move is answered before its update: " << reply.DebugString();
            ++holes_ended_by_ann;
        } else {
            ASSERT_TRUE(reply.has_table_update()) << reply.DebugString();
            EXPECT_EQ(reply.table_update().your_seat(), 0);
            EXPECT_GT(reply.table_update().hand_version(), before.hand_version());
            ++answered_by_update;
        }
    }
    ASSERT_TRUE(match_over(ann)) << "the match did not end";
    EXPECT_GT(answered_by_update, 5);
    EXPECT_GT(bobs_oks, 5);
    EXPECT_GT(refused, 0);
    EXPECT_EQ(bobs_answering_updates, 0);
    for (const auto& [id, count] : anns_replies) EXPECT_EQ(count, 1) << "request " << id << " was answered twice";
    std::cout << "Ann's moves answered by their update: " << answered_by_update
              << ", holes she ended (answered by Ok): " << holes_ended_by_ann << '\n';
}

TEST(refused_moves, leave_the_table_unchanged) {
    running_server server;
    table_of_four table(server.url(), "six-card", holes(1));
    connection watcher;
    watcher.connect(server.url(), "match_test watcher");
    watcher.join(table.seats[0]->code(), "watcher", true);
    table.start();
    std::vector<connection*> players;
    std::vector<std::unique_ptr<golf::bot>> bots;
    for (int s = 0; s < 4; ++s) {
        players.push_back(table.seats[s].get());
        bots.push_back(golf::make_bot("heuristic"));
    }
    golf::random_source random(11);
    // Play through the start (everyone turns up two cards) and a turn or two, until a seat is to begin a turn.
    std::uint64_t version = 0;
    for (int moves = 0;; ++moves) {
        ASSERT_LT(moves, 200);
        const auto moved = step(players, table.rules, bots, random);
        ASSERT_TRUE(moved);
        // Everyone, the watcher included, catches up with the move.
        version = players[moved->seat]->latest()->hand_version();
        const auto caught_up = [&](const v1::TableUpdate& u) { return u.hand_version() >= version; };
        for (connection* c : players) c->wait_until(caught_up);
        watcher.wait_until(caught_up);
        if (moves >= 10 && players[0]->latest()->hand().phase() == v1::PHASE_TURN) break;
    }
    for (connection* c : players) ASSERT_EQ(c->latest()->hand_version(), version);
    ASSERT_EQ(players[0]->latest()->hand().phase(), v1::PHASE_TURN);
    std::vector<v1::TableUpdate> before;
    for (connection* c : players) before.push_back(*c->latest());
    const v1::TableUpdate watcher_before = *watcher.latest();

    const int current = before[0].hand().current_seat();
    connection& mover = *players[static_cast<std::size_t>(current)];
    connection& other = *players[static_cast<std::size_t>((current + 1) % 4)];

    const auto expect_refused = [&](connection& c, const v1::Action& a, std::uint64_t v, v1::ErrorCode code,
                                    const char* what) {
        const v1::ServerMessage reply = act_raw(c, a, v);
        ASSERT_TRUE(reply.has_error()) << what << " was accepted";
        EXPECT_EQ(reply.error().code(), code) << what << ": " << reply.error().message();
        EXPECT_FALSE(reply.error().message().empty()) << what;
    };
    expect_refused(other, wire_action(v1::ACTION_KIND_DRAW_STOCK), version, v1::ERROR_CODE_NOT_YOUR_TURN,
                   "drawing out of turn");
    expect_refused(other, wire_action(v1::ACTION_KIND_DRAW_STOCK), 0, v1::ERROR_CODE_NOT_YOUR_TURN,
                   "drawing out of turn without a version");
    expect_refused(mover, wire_action(v1::ACTION_KIND_PLACE, 0), version, v1::ERROR_CODE_ILLEGAL_ACTION,
                   "placing before drawing");
    expect_refused(mover, wire_action(v1::ACTION_KIND_DISCARD), version, v1::ERROR_CODE_ILLEGAL_ACTION,
                   "discarding before drawing");
    expect_refused(mover, wire_action(v1::ACTION_KIND_FLIP, 200), version, v1::ERROR_CODE_ILLEGAL_ACTION,
                   "flipping a position outside the layout");
    expect_refused(mover, wire_action(v1::ACTION_KIND_DRAW_STOCK, 3), version, v1::ERROR_CODE_ILLEGAL_ACTION,
                   "a draw that names a position");
    expect_refused(mover, wire_action(v1::ACTION_KIND_KNOCK), version, v1::ERROR_CODE_ILLEGAL_ACTION,
                   "knocking where the rules have no knock");
    expect_refused(mover, wire_action(v1::ACTION_KIND_UNSPECIFIED), version, v1::ERROR_CODE_BAD_REQUEST,
                   "an action without a kind");
    expect_refused(mover, wire_action(v1::ACTION_KIND_DRAW_STOCK), version - 1, v1::ERROR_CODE_STALE,
                   "a move on an old view");
    expect_refused(watcher, wire_action(v1::ACTION_KIND_DRAW_STOCK), 0, v1::ERROR_CODE_NOT_SEATED,
                   "a spectator's move");

    // Nothing was sent to anyone because nothing changed: a late update would show up behind a Pong.
    for (connection* c : players) {
        v1::ClientMessage ping;
        ping.mutable_ping()->set_nonce(1);
        ASSERT_TRUE(c->request(ping).has_pong());
        drain(*c);
        EXPECT_TRUE(MessageDifferencer::Equals(*c->latest(), before[static_cast<std::size_t>(c->seat())]))
            << "seat " << c->seat() << " was told of a change";
    }
    // A newcomer's snapshot shows the same hand as before the refusals.
    connection late;
    late.connect(server.url(), "match_test late watcher");
    late.join(table.seats[0]->code(), "late", true);
    const v1::TableUpdate& snapshot = late.wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    EXPECT_EQ(snapshot.hand_version(), version);
    EXPECT_TRUE(MessageDifferencer::Equals(snapshot.hand(), watcher_before.hand()));
    // And the seat to move can still make a move on the view it had before the refusals.
    const v1::ServerMessage accepted = act_raw(mover, wire_action(v1::ACTION_KIND_DRAW_STOCK), version);
    EXPECT_TRUE(accepted.has_ok()) << accepted.DebugString();
}

// ---- golf bot as a real process ---------------------------------------------------------------------------------

struct process_result {
    int status = -1;  // exit status, or -1 if it had to be killed
    std::string out;
};

// Runs `args` with stdout captured in a file; kills it if it runs longer than `limit`.
process_result run_process(const std::vector<std::string>& args, std::chrono::seconds limit) {
    const auto out_path =
        std::filesystem::temp_directory_path() / ("golf_bot_test_" + std::to_string(::getpid()) + ".out");
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    process_result result;
    const int spawned = posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&files);
    if (spawned != 0) return result;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    for (;;) {
        const pid_t done = ::waitpid(pid, &status, WNOHANG);
        if (done == pid) {
            if (WIFEXITED(status)) result.status = WEXITSTATUS(status);
            break;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(20ms);
    }
    std::ifstream in(out_path);
    std::ostringstream text;
    text << in.rdbuf();
    result.out = text.str();
    std::filesystem::remove(out_path);
    return result;
}

TEST(golf_bot, fills_a_table_with_server_bots_and_plays_a_match_to_the_end) {
    running_server server;
    const process_result r = run_process({GOLF_CLI_PATH, "bot", "--url", server.url(), "--create", "six-card",
                                          "--seats", "4", "--fill-bots", "--matches", "1", "--timeout", "30"},
                                         120s);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_EQ(r.out.rfind("code: ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("match 1 of 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("total"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("winner"), std::string::npos) << r.out;
}

TEST(golf_bot, plays_several_matches_with_house_rules_and_rematches) {
    running_server server;
    const process_result r =
        run_process({GOLF_CLI_PATH, "bot", "--url", server.url(), "--create", "four-card", "--seats", "3",
                     "--fill-bots", "--level", "random", "--set", "holes=1", "--matches", "2", "--timeout", "30"},
                    120s);
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("match 1 of 2"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("match 2 of 2"), std::string::npos) << r.out;
}

TEST(golf_bot, a_join_code_that_does_not_exist_fails_with_status_1) {
    running_server server;
    const process_result r =
        run_process({GOLF_CLI_PATH, "bot", "--url", server.url(), "--join", "ZZZZZZ", "--timeout", "10"}, 60s);
    EXPECT_EQ(r.status, 1);
}

TEST(golf_bot, an_unknown_level_or_budget_exits_with_status_2) {
    for (const char* level : {"genius", "search:0", "search:20001"}) {
        const process_result r = run_process({GOLF_CLI_PATH, "bot", "--url", "ws://127.0.0.1:1/ws", "--create",
                                              "six-card", "--seats", "4", "--fill-bots", "--level", level},
                                             60s);
        EXPECT_EQ(r.status, 2) << level << ": " << r.out;
    }
}

TEST(golf_bot, joins_a_table_made_by_another_bot) {
    running_server server;
    // The creator waits for a second person, who joins through the code it prints.
    connection host;
    host.connect(server.url(), "match_test host");
    const v1::TableJoined created = host.create_table("host", "six-card", 2, holes(1));
    std::thread joiner_thread;
    process_result joiner;
    joiner_thread = std::thread([&] {
        joiner = run_process({GOLF_CLI_PATH, "bot", "--url", server.url(), "--join", created.code(), "--name", "joiner",
                              "--timeout", "30"},
                             120s);
    });
    host.wait_until([](const v1::TableUpdate& u) { return u.seats_size() == 2 && u.seats(1).occupied(); }, 30s);
    host.start_match();
    std::vector<connection*> players{&host};
    std::vector<std::unique_ptr<golf::bot>> bots;
    bots.push_back(golf::make_bot("heuristic"));
    golf::random_source random(3);
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    const auto deadline = std::chrono::steady_clock::now() + 60s;
    while (!match_over(host) && std::chrono::steady_clock::now() < deadline) step(players, rules, bots, random, 200ms);
    joiner_thread.join();
    EXPECT_TRUE(match_over(host));
    EXPECT_EQ(joiner.status, 0) << joiner.out;
    EXPECT_NE(joiner.out.find("seat: 1"), std::string::npos) << joiner.out;
    EXPECT_NE(joiner.out.find("match 1 of 1"), std::string::npos) << joiner.out;
}

// A server restarted under it (an upgrade's drain, a crash) costs the bot nothing: it takes its seat back with its
// token once the server is up again on the same database and port, and plays its matches to the end.
TEST(golf_bot, takes_its_seat_back_when_the_server_restarts_and_plays_on) {
    const golf::testing::temp_dir dir;
    auto first = std::make_unique<golf::testing::server_process>(
        GOLF_SERVER_PATH, golf::testing::server_options{.db = dir.path() / "golf.db"});
    const std::uint16_t port = first->port();
    ASSERT_NE(port, 0) << first->log();
    const std::string url = first->url();
    process_result bot;
    std::thread runner([&] {  // --timeout bounds the wait for the second server too (slow to start when sanitized)
        bot = run_process({GOLF_CLI_PATH, "bot", "--url", url, "--create", "six-card", "--seats", "2", "--fill-bots",
                           "--level", "search:300", "--set", "holes=3", "--matches", "2", "--timeout", "60"},
                          180s);
    });
    // Stopped mid-match (after its first hole of three), so the restarted server restores the table: a match
    // already over and not yet followed by another leaves nothing to restore and no seat to take back.
    const auto deadline = std::chrono::steady_clock::now() + 30s;
    while (first->log().find("hole 1 finished") == std::string::npos && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(20ms);
    first->signal(SIGTERM);
    EXPECT_EQ(first->wait(), 0);
    first.reset();
    golf::testing::server_process second(GOLF_SERVER_PATH, {.db = dir.path() / "golf.db", .port = port});
    runner.join();
    EXPECT_EQ(bot.status, 0) << bot.out << second.log();
    EXPECT_NE(bot.out.find("match 2 of 2"), std::string::npos) << bot.out;
    EXPECT_NE(second.log().find("restored"), std::string::npos) << second.log();
}

// ---- the client library on its own ----------------------------------------------------------------------------

TEST(golf_client, parses_websocket_urls) {
    const auto full = golf::client::parse_url("ws://127.0.0.1:8080/ws");
    ASSERT_TRUE(full);
    EXPECT_EQ(full->host, "127.0.0.1");
    EXPECT_EQ(full->port, "8080");
    EXPECT_EQ(full->target, "/ws");
    const auto bare = golf::client::parse_url("ws://example.org");
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->port, "80");
    EXPECT_EQ(bare->target, "/ws");
    const auto v6 = golf::client::parse_url("ws://[::1]:9/x");
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, "9");
    for (const char* bad : {"http://a:1/ws", "ws://:80/ws", "ws://a:99999/ws", "ws://a:x/ws", "ws://[::1/ws", ""})
        EXPECT_FALSE(golf::client::parse_url(bad)) << bad;
}

// A port on 127.0.0.1 that nothing listens on: bound to get a free number, then released.
int closed_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        return -1;
    ::close(fd);
    return ntohs(address.sin_port);
}

TEST(golf_client, a_refused_connection_is_a_clear_error_not_a_hang) {
    const int port = closed_port();
    ASSERT_GT(port, 0);
    const std::string url = "ws://127.0.0.1:" + std::to_string(port) + "/ws";
    connection c;
    try {
        c.connect(url, "match_test", 5s);
        FAIL() << "connected to a closed port";
    } catch (const golf::client::error& e) {
        EXPECT_NE(std::string(e.what()).find(url), std::string::npos) << e.what();
    }
    EXPECT_FALSE(c.is_open());
}

TEST(golf_client, waiting_for_a_message_that_never_comes_times_out) {
    running_server server;
    connection c;
    c.connect(server.url(), "match_test");
    EXPECT_FALSE(c.next(50ms));
    EXPECT_THROW(c.wait_until([](const v1::TableUpdate&) { return true; }, 50ms), golf::client::error);
    EXPECT_TRUE(c.is_open());
}

TEST(golf_client, a_connection_the_server_closes_is_reported_with_its_reason) {
    running_server server;
    connection c;
    c.connect(server.url(), "match_test");
    c.send_raw("a text frame is not allowed", false);
    std::string reason;
    for (int i = 0; i < 10 && reason.empty(); ++i) {
        try {
            c.next(5s);  // a Closing message may come first
        } catch (const golf::client::error& e) {
            reason = e.what();
        }
    }
    EXPECT_FALSE(reason.empty()) << "the connection stayed open";
    EXPECT_FALSE(c.is_open());
    EXPECT_EQ(c.close_reason(), reason);
    EXPECT_THROW(c.request(v1::ClientMessage()), golf::client::error);
}

TEST(golf_client, a_request_error_carries_the_server_code) {
    running_server server;
    connection c;
    c.connect(server.url(), "match_test");
    try {
        c.join("ZZZZZZ", "nobody");
        FAIL() << "joined a table that does not exist";
    } catch (const golf::client::error& e) {
        EXPECT_EQ(e.code(), v1::ERROR_CODE_NO_SUCH_TABLE) << e.what();
    }
    EXPECT_TRUE(c.is_open());
}

}  // namespace
}  // namespace match_tests
