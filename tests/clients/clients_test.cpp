// The clients against a real golf-server process: `golf play` driven through its plain output (prompts answered
// like a person would, a whole match to the final scorecard), its bad flags, and the Python example joining a
// table by code and playing to the end of the match. Every wait is bounded.
#include <gtest/gtest.h>

#include <random>
#include <regex>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pty.h>
#include <sys/socket.h>

#include "tests/support/child_process.hpp"

namespace golf::testing {
namespace {

using namespace std::chrono_literals;

// The lines of `text` from `from` up to its last newline; `from` moves past them.
std::vector<std::string> new_lines(const std::string& text, std::size_t& from) {
    std::vector<std::string> lines;
    for (std::size_t end = text.find('\n', from); end != std::string::npos; end = text.find('\n', from)) {
        lines.push_back(text.substr(from, end - from));
        from = end + 1;
    }
    return lines;
}

std::string context(const child_process& p) {
    const std::string& out = p.out();
    return "\n--- stdout (tail) ---\n" + out.substr(out.size() > 4000 ? out.size() - 4000 : 0) + "\n--- stderr ---\n" +
           p.err();
}

TEST(GolfPlay, BadFlagsExitTwoWithUsage) {
    const std::vector<std::vector<std::string>> cases = {
        {"--create", "six-card"},                       // no --url
        {"--url", "http://x", "--create", "six-card"},  // not ws://
        {"--url", "ws://127.0.0.1:1/ws"},               // neither --create nor --join
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--join", "ABCDEF"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "no-such-preset"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--set", "holes=x"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--seats", "99"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--seats", "2", "--bots", "2"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--spectate"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--bots", "1"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--clock", "30"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--clock", "3"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--public=yes"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", ""},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--name", ""},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--colour"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "extra"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--register"},  // --register without --account
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--account", "Ann", "--name", "Ann"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--bots-after", "30"},  // --bots-after without --quick
        {"--url", "ws://127.0.0.1:1/ws", "--quick", "six-card", "--join", "ABCDEF"},
        {"--url", "ws://127.0.0.1:1/ws", "--quick", "six-card", "--bots", "1"},
        {"--url", "ws://127.0.0.1:1/ws", "--quick", "six-card", "--bots-after", "4"},
        {"--url", "ws://127.0.0.1:1/ws", "--quick", "no-such-preset"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--bot-level", "genius"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--bot-level", "search:0"},
        {"--url", "ws://127.0.0.1:1/ws", "--create", "six-card", "--bot-level", "search:20001"},
        {"--url", "ws://127.0.0.1:1/ws", "--quick", "six-card", "--bot-level", "hard"},
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--lang", "tlh"},  // a language golf play does not speak
        {"--url", "ws://127.0.0.1:1/ws", "--join", "ABCDEF", "--lang", ""},
    };
    for (const auto& flags : cases) {
        std::vector<std::string> args{GOLF_CLI_PATH, "play"};
        args.insert(args.end(), flags.begin(), flags.end());
        child_process p(args);
        EXPECT_EQ(p.wait_exit(), 2) << flags.back() << context(p);
        EXPECT_TRUE(p.err().starts_with("golf play: ")) << p.err();
        EXPECT_NE(p.err().find("(see golf play --help)"), std::string::npos) << p.err();
        EXPECT_EQ(p.out(), "");
    }
}

TEST(GolfPlay, HelpDescribesTheCommand) {
    child_process p({GOLF_CLI_PATH, "play", "--help"});
    EXPECT_EQ(p.wait_exit(), 0);
    EXPECT_TRUE(p.out().starts_with("usage: golf play --url")) << p.out();
}

// A port on 127.0.0.1 that nothing listens on (bound, read, closed).
std::uint16_t closed_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    std::uint16_t port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

TEST(GolfPlay, NoServerExitsOneWithTheReason) {
    const std::uint16_t port = closed_port();
    ASSERT_NE(port, 0);
    child_process p(
        {GOLF_CLI_PATH, "play", "--url", "ws://127.0.0.1:" + std::to_string(port) + "/ws", "--create", "six-card"});
    EXPECT_EQ(p.wait_exit(), 1) << context(p);
    EXPECT_NE(p.err().find("golf play: "), std::string::npos) << p.err();
    EXPECT_NE(p.err().find("could not connect"), std::string::npos) << p.err();
}

TEST(GolfPlay, UnknownTableIsARefusalNotACrash) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process p({GOLF_CLI_PATH, "play", "--url", server.url(), "--join", "ZZZZZZ"});
    EXPECT_EQ(p.wait_exit(), 1) << context(p);
    EXPECT_NE(p.err().find("NO_SUCH_TABLE"), std::string::npos) << p.err();
}

// An account made from `golf play` (the password from GOLF_PASSWORD, never a flag) owns its name: a guest is refused
// it; signed in again, two players meet through quick play, the account's seat marked and the guest's not.
TEST(GolfPlay, RegistersSignsInAndMeetsAGuestThroughQuickPlay) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    const auto with_password = [](std::vector<std::string> args, const std::string& password) {
        return std::make_unique<child_process>(std::move(args), std::vector<std::string>{"GOLF_PASSWORD=" + password});
    };
    auto made = with_password(
        {GOLF_CLI_PATH, "play", "--url", server.url(), "--account", "Marguerite", "--register", "--create", "six-card"},
        "correct horse battery");
    made->close_stdin();
    EXPECT_EQ(made->wait_exit(), 0) << context(*made);
    EXPECT_NE(made->out().find("signed in as Marguerite"), std::string::npos) << made->out();

    child_process guest({GOLF_CLI_PATH, "play", "--url", server.url(), "--name", "MARGUERITE", "--create", "six-card"});
    EXPECT_EQ(guest.wait_exit(), 1) << context(guest);
    EXPECT_NE(guest.err().find("NAME_TAKEN"), std::string::npos) << guest.err();

    auto wrong = with_password(
        {GOLF_CLI_PATH, "play", "--url", server.url(), "--account", "marguerite", "--quick", "six-card"}, "wrong one!");
    EXPECT_EQ(wrong->wait_exit(), 1) << context(*wrong);
    EXPECT_NE(wrong->err().find("BAD_CREDENTIALS"), std::string::npos) << wrong->err();

    child_process bob({GOLF_CLI_PATH, "play", "--url", server.url(), "--name", "Bob", "--quick", "six-card"});
    auto ann_process =
        with_password({GOLF_CLI_PATH, "play", "--url", server.url(), "--account", "marguerite", "--quick", "six-card"},
                      "correct horse battery");
    child_process& ann = *ann_process;
    std::string code_bob, code_ann;
    const std::regex code_line(R"((^|\n)code: ([A-Z0-9]{6})\n)");
    const auto deadline = clock_type::now() + 20s;
    for (int round = 0; round < 1000 && clock_type::now() < deadline && (code_bob.empty() || code_ann.empty());
         ++round) {
        bob.pump(50);
        ann.pump(50);
        std::smatch m;
        if (std::regex_search(bob.out(), m, code_line)) code_bob = m[2];
        if (std::regex_search(ann.out(), m, code_line)) code_ann = m[2];
    }
    ASSERT_FALSE(code_bob.empty()) << context(bob);
    EXPECT_EQ(code_ann, code_bob) << context(ann);
    for (int round = 0; round < 200 && ann.out().find("Bob (host, guest") == std::string::npos; ++round) ann.pump(50);
    EXPECT_NE(ann.out().find("Marguerite (you"), std::string::npos) << ann.out();
    EXPECT_EQ(ann.out().find("Marguerite (you, guest"), std::string::npos) << ann.out();
    EXPECT_NE(ann.out().find("Bob (host, guest"), std::string::npos) << ann.out();
    EXPECT_EQ(server.log().find("correct horse battery"), std::string::npos) << "a password in the server's log";
    bob.write("q\n");
    ann.write("q\n");
    EXPECT_EQ(bob.wait_exit(), 0) << context(bob);
    EXPECT_EQ(ann.wait_exit(), 0) << context(ann);
}

// Plays a whole match of `golf play` against a server bot by answering its "> " prompts: moves chosen at random
// from the numbered list, 's' when every seat is filled, 'q' once the match is over.
TEST(GolfPlay, PlaysAWholeMatchThroughItsPlainOutput) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process p({GOLF_CLI_PATH, "play", "--url", server.url(), "--name", "ann", "--create", "six-card", "--set",
                     "holes=2", "--seats", "3", "--bots", "1", "--clock", "60"});
    std::mt19937 random(7);
    const std::regex move_prompt(R"(^> move\? 1-(\d+) )");
    std::size_t scanned = 0;
    bool chatted = false;
    bool added_bot = false;
    bool tried_bad_input = false;
    bool finished = false;
    int moves = 0;
    const auto deadline = clock_type::now() + 120s;
    for (int round = 0; round < 100000 && !finished && clock_type::now() < deadline; ++round) {
        const bool open = p.pump(100);
        std::optional<std::string> prompt;
        for (const std::string& line : new_lines(p.out(), scanned))
            if (line.starts_with("> ")) prompt = line;  // answer only the latest prompt
        if (!prompt) {
            if (!open) break;
            continue;
        }
        std::smatch match;
        if (prompt->find("b to add a bot") != std::string::npos && !added_bot) {
            p.write("b\n");  // the third seat, from the prompt
            added_bot = true;
        } else if (prompt->find("every seat is filled: s to start") != std::string::npos) {
            if (!chatted) {
                p.write("c hello table\n");
                chatted = true;
            }
            p.write("s\n");
        } else if (std::regex_search(*prompt, match, move_prompt)) {
            const int count = std::stoi(match[1].str());
            ASSERT_GE(count, 1);
            if (!tried_bad_input) {  // refused with a message, then the prompt comes again
                p.write(std::to_string(count + 1) + "\nxyzzy\n");
                tried_bad_input = true;
                continue;
            }
            p.write(std::to_string(std::uniform_int_distribution<int>(1, count)(random)) + "\n");
            ++moves;
        } else if (prompt->find("the match is over") != std::string::npos) {
            finished = true;
        }
    }
    ASSERT_TRUE(finished) << "no end of match within the deadline" << context(p);
    const std::string& out = p.out();
    EXPECT_TRUE(out.find("code: ") != std::string::npos) << context(p);
    EXPECT_NE(out.find("chat: ann (guest): hello table"), std::string::npos) << context(p);
    EXPECT_NE(out.find("error: choose a move from 1 to"), std::string::npos) << context(p);
    EXPECT_NE(out.find("error: unknown command 'xyzzy'"), std::string::npos) << context(p);
    EXPECT_GT(moves, 4);
    EXPECT_TRUE(added_bot);
    EXPECT_NE(out.find("seat 3 bot 2 (heuristic)"), std::string::npos) << context(p);
    EXPECT_TRUE(std::regex_search(out, std::regex(R"(\nclock: ann [01]:\d\d\n)"))) << context(p);
    // The final scorecard: both holes, totals and the winner.
    const auto over = out.rfind("match over\nscorecard:\n");
    ASSERT_NE(over, std::string::npos) << context(p);
    const std::string card = out.substr(over);
    const std::regex final_card(R"(\nhole +ann +[^\n]+\n1( +-?\d+){3}\n2( +-?\d+){3}\ntotal( +-?\d+){3}\nwinners?: )");
    EXPECT_TRUE(std::regex_search(card, final_card)) << card;
    // A finished hole shows every layout turned up and scored column by column.
    EXPECT_TRUE(std::regex_search(out, std::regex(R"(hole 1 scored:\n  ann -?\d+ \(columns -?\d+ -?\d+ -?\d+)")))
        << context(p);
    p.write("q\n");
    EXPECT_EQ(p.wait_exit(), 0) << context(p);
    EXPECT_NE(p.out().find("left table "), std::string::npos) << context(p);
    EXPECT_EQ(p.out().find("\x1b["), std::string::npos) << "escape codes in plain output";
}

// A power move in `golf play`: a cambio table where every rank peeks at an opponent's card (house rules), so the
// first card drawn from the stock offers it. The move list names the power in words, the peek names the bot's
// card, and after choosing it the plain table shows that card face down but known, "(5C)", in the bot's layout.
TEST(GolfPlay, ListsAPowerMoveInWordsAndPlaysIt) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    std::vector<std::string> args{GOLF_CLI_PATH, "play",  "--url",   server.url(), "--name", "ann",    "--create",
                                  "cambio",      "--set", "holes=1", "--seats",    "2",      "--bots", "1"};
    for (const char* rank : {"joker", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                             "jack", "queen", "king"}) {
        args.emplace_back("--set");
        args.push_back(std::string("power_") + rank + "=peek_opponent");
    }
    child_process p(args);
    const std::regex move_prompt(R"(^> move\? 1-(\d+) )");
    const std::regex numbered(R"(^  (\d+)\. (.*)$)");
    std::vector<std::string> menu;  // the latest numbered moves, by number - 1
    std::size_t scanned = 0;
    bool used_power = false;
    bool peeked = false;
    std::string use_label;
    std::string peek_label;
    std::size_t peeked_at = 0;
    const auto deadline = clock_type::now() + 60s;
    for (int round = 0; round < 100000 && !peeked && clock_type::now() < deadline; ++round) {
        const bool open = p.pump(100);
        std::optional<std::string> prompt;
        for (const std::string& line : new_lines(p.out(), scanned)) {
            std::smatch m;
            if (line == "moves:") menu.clear();
            else if (std::regex_match(line, m, numbered)) menu.push_back(m[2].str());
            else if (line.starts_with("> ")) prompt = line;
        }
        if (!prompt) {
            if (!open) break;
            continue;
        }
        if (prompt->find("every seat is filled: s to start") != std::string::npos) {
            p.write("s\n");
            continue;
        }
        if (!std::regex_search(*prompt, move_prompt)) continue;
        // The move to make: a start peek, a draw, the power, then the peek at the bot's card.
        const auto pick = [&](const std::string& prefix) -> int {
            for (std::size_t i = 0; i < menu.size(); ++i)
                if (menu[i].starts_with(prefix)) return static_cast<int>(i) + 1;
            return 0;
        };
        int choice = 0;
        if (used_power && (choice = pick("look at bot")) > 0) {
            peek_label = menu[static_cast<std::size_t>(choice) - 1];
            peeked = true;
            peeked_at = p.out().size();
        } else if ((choice = pick("use the ")) > 0) {
            use_label = menu[static_cast<std::size_t>(choice) - 1];
            used_power = true;
        } else if ((choice = pick("peek at ")) == 0 && (choice = pick("draw from the stock")) == 0) {
            continue;  // not a move of ours to make (waiting for the bot)
        }
        p.write(std::to_string(choice) + "\n");
    }
    ASSERT_TRUE(peeked) << "no power move within the deadline" << context(p);
    // Each move with its words and its key; cards named as in the move log ("7♣", "10♦", "joker").
    EXPECT_TRUE(
        std::regex_match(use_label, std::regex(R"(use the ([^ ]+)'s power: look at another player's card  \[u\])")))
        << use_label;
    EXPECT_TRUE(std::regex_match(peek_label, std::regex(R"(look at bot [^']*'s [a-z-]+ card  \[l 2[a-c][12]\])")))
        << peek_label;
    EXPECT_NE(p.out().find("power: you are using a power (look at another player's card)"), std::string::npos)
        << context(p);
    // The peeked card, face down but known to ann, in the bot's layout.
    const std::regex known_in_bot_layout(R"(\nseat 2 bot[^\n]*: [^\n]*\((([2-9]|10|[AJQK])[^ ()]*|joker)\))");
    const auto shown = [&] { return std::regex_search(p.out().substr(peeked_at), known_in_bot_layout); };
    for (int i = 0; i < 100 && !shown(); ++i) p.pump(50);
    EXPECT_TRUE(shown()) << context(p);
    p.write("q\n");
    EXPECT_EQ(p.wait_exit(), 0) << context(p);
}

// A connection lost mid-session is resumed with the seat token: the same seat, still the host, and play goes on.
TEST(GolfPlay, ResumesItsSeatAfterTheConnectionIsCut) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    cutting_proxy proxy(server.port());
    child_process p({GOLF_CLI_PATH, "play", "--url", "ws://127.0.0.1:" + std::to_string(proxy.port()) + "/ws", "--name",
                     "ann", "--create", "six-card", "--bots", "1"});
    ASSERT_TRUE(p.wait_for_output("> every seat is filled")) << context(p);
    std::smatch code;
    ASSERT_TRUE(std::regex_search(p.out(), code, std::regex(R"(code: (\w{6}))"))) << context(p);
    const std::string table = code[1].str();  // copied: out() grows and moves
    proxy.cut();
    ASSERT_TRUE(p.wait_for_output("connection lost")) << context(p);
    ASSERT_TRUE(p.wait_for_output("reconnected to table " + table)) << context(p);
    EXPECT_EQ(proxy.connections(), 2);
    const std::size_t resumed = p.out().find("reconnected to table ");
    ASSERT_TRUE(p.wait_for_output("seat 1 ann (you, host, guest)", 30s, resumed)) << context(p);
    ASSERT_TRUE(p.wait_for_output("> every seat is filled", 30s, resumed)) << context(p);
    p.write("s\n");
    ASSERT_TRUE(p.wait_for_output("> move? ", 30s, resumed)) << context(p);
    EXPECT_NE(p.out().find("table " + table + ": playing", resumed), std::string::npos) << context(p);
    p.write("q\n");
    EXPECT_EQ(p.wait_exit(), 0) << context(p);
}

// `golf play` on a pseudo-terminal: the full-screen table on the alternate screen, driven by keys, and the
// terminal given back on 'q'.
TEST(GolfPlay, DrawsTheTableFullScreenOnATerminal) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    winsize size{};
    size.ws_col = 100;
    size.ws_row = 30;
    int terminal = -1;
    const pid_t pid = ::forkpty(&terminal, nullptr, nullptr, &size);
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::setenv("LANG", "C.UTF-8", 1);
        ::unsetenv("LC_ALL");
        ::unsetenv("LC_CTYPE");
        const std::string url = server.url();
        ::execl(GOLF_CLI_PATH, GOLF_CLI_PATH, "play", "--url", url.c_str(), "--name", "ann", "--create", "six-card",
                "--bots", "1", "--clock", "60", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    std::string screen;
    const auto read_until = [&](const std::string& text) {
        const auto deadline = clock_type::now() + 30s;
        while (screen.find(text) == std::string::npos && clock_type::now() < deadline) {
            pollfd in{terminal, POLLIN, 0};
            if (::poll(&in, 1, 100) <= 0) continue;
            char buffer[8192];
            const ssize_t n = ::read(terminal, buffer, sizeof buffer);
            if (n <= 0) break;  // EIO: the child has gone
            screen.append(buffer, static_cast<std::size_t>(n));
        }
        return screen.find(text) != std::string::npos;
    };
    const auto type = [&](const std::string& keys) {
        ASSERT_EQ(::write(terminal, keys.data(), keys.size()), static_cast<ssize_t>(keys.size()));
    };
    EXPECT_TRUE(read_until("every seat is filled: s to start")) << screen;
    EXPECT_NE(screen.find("\x1b[?1049h"), std::string::npos) << "no alternate screen";
    type("s\r");
    EXPECT_TRUE(read_until("move? 1-")) << screen;
    EXPECT_TRUE(read_until("clock: ")) << screen;
    EXPECT_TRUE(read_until("\u2592\u2592\u2592")) << "no card backs";
    EXPECT_TRUE(std::regex_search(screen, std::regex("\u2663|\u2666|\u2665|\u2660"))) << "no suit symbols";
    EXPECT_NE(screen.find("ann (you, host, guest)"), std::string::npos);
    type("c hi\r");
    EXPECT_TRUE(read_until("ann (guest): hi")) << screen;
    type("q\r");
    EXPECT_TRUE(read_until("left table ")) << screen;
    EXPECT_NE(screen.find("\x1b[?1049l"), std::string::npos) << "the terminal was not given back";
    int status = -1;
    for (int i = 0; i < 300 && ::waitpid(pid, &status, WNOHANG) == 0; ++i) std::this_thread::sleep_for(20ms);
    if (::waitpid(pid, &status, WNOHANG) == 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
    }
    ::close(terminal);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
}

// A spectator sees the table but no card that is not face up, and the end of its input ends it cleanly.
TEST(GolfPlay, SpectatorSeesOnlyFaceUpCards) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process host(
        {GOLF_CLI_PATH, "play", "--url", server.url(), "--name", "host", "--create", "six-card", "--bots", "1"});
    ASSERT_TRUE(host.wait_for_output("> every seat is filled")) << context(host);
    std::smatch code;
    ASSERT_TRUE(std::regex_search(host.out(), code, std::regex(R"(code: (\w{6}))"))) << context(host);
    const std::string table = code[1].str();  // copied: out() grows and moves
    child_process watcher({GOLF_CLI_PATH, "play", "--url", server.url(), "--join", table, "--spectate"});
    ASSERT_TRUE(watcher.wait_for_output("> ")) << context(watcher);
    host.write("s\n");
    ASSERT_TRUE(host.wait_for_output("> move? ")) << context(host);
    ASSERT_TRUE(watcher.wait_for_output("table " + table + ": playing")) << context(watcher);
    for (int i = 0; i < 20; ++i) watcher.pump(20);
    // "(5♣)" is how a face-down card known to the viewer is written; a spectator knows none.
    EXPECT_FALSE(std::regex_search(watcher.out(), std::regex(R"(\((([2-9]|10|[AJQK])[^ ()]*|joker)\))")))
        << context(watcher);
    EXPECT_NE(watcher.out().find("##"), std::string::npos) << context(watcher);
    EXPECT_NE(watcher.out().find("watching"), std::string::npos) << context(watcher);
    watcher.close_stdin();
    EXPECT_EQ(watcher.wait_exit(), 0) << context(watcher);
    host.write("q\n");
    EXPECT_EQ(host.wait_exit(), 0) << context(host);
}

// The Python example joins a table made by `golf bot` and plays a whole match against it.
TEST(PythonExample, JoinsByCodeAndPlaysTheMatchToTheEnd) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process host({GOLF_CLI_PATH, "bot", "--url", server.url(), "--create", "six-card", "--seats", "2", "--set",
                        "holes=3", "--name", "cpp-bot", "--timeout", "60"});
    ASSERT_TRUE(host.wait_for_output("code: ")) << context(host);
    std::smatch code;
    ASSERT_TRUE(host.wait_for_output("\n", 10s));
    ASSERT_TRUE(std::regex_search(host.out(), code, std::regex(R"(code: (\w{6}))"))) << context(host);
    const std::string table = code[1].str();  // copied: out() grows and moves
    child_process python({GOLF_PYTHON, GOLF_PYTHON_CLIENT, "--url", server.url(), "--join", table, "--name", "py",
                          "--seed", "3", "--timeout", "60"},
                         {"PYTHONPATH=" GOLF_PYTHON_PATH});
    EXPECT_EQ(python.wait_exit(120s), 0) << context(python);
    EXPECT_EQ(host.wait_exit(60s), 0) << context(host);
    EXPECT_NE(python.out().find("joined table " + table + " at seat 1"), std::string::npos) << context(python);
    EXPECT_TRUE(std::regex_search(python.out(), std::regex(R"(\n3 +-?\d+ +-?\d+\ntotal +-?\d+ +-?\d+\nwinners: )")))
        << context(python);
    EXPECT_EQ(python.err(), "");
}

TEST(PythonExample, AnUnknownCodeExitsOne) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    child_process python(
        {GOLF_PYTHON, GOLF_PYTHON_CLIENT, "--url", server.url(), "--join", "ZZZZZZ", "--timeout", "20"},
        {"PYTHONPATH=" GOLF_PYTHON_PATH});
    EXPECT_EQ(python.wait_exit(60s), 1) << context(python);
    EXPECT_NE(python.err().find("NO_SUCH_TABLE"), std::string::npos) << context(python);
}

}  // namespace
}  // namespace golf::testing
