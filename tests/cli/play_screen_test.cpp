// `golf play` on a pseudo-terminal against a real golf-server on 127.0.0.1: a table with a bot, started and played
// by keys as a person would type them ("f a1", "d", "x"), and the full screen read back: every move is listed with
// its key, the keys are the same on every turn, "?" shows them all, and the move log tells the hole in sentences
// ("You drew from the stock (the 6♠) and threw it away."); seats are numbered from 1, as typed ("open 2"), and a
// seat the table does not have is refused with the range. Every wait is bounded in time and in reads.
#include <gtest/gtest.h>

#include <pty.h>
#include <regex>
#include <sys/wait.h>
#include <utility>

#include "tests/support/child_process.hpp"

namespace golf::testing {
namespace {

using namespace std::chrono_literals;

// `golf play` on the terminal side of a pty; the test holds the other side.
class screen_session {
public:
    // `lang`: the terminal's LANG ("C.UTF-8": English).
    screen_session(const std::string& url, std::vector<std::string> extra, const std::string& lang = "C.UTF-8") {
        winsize size{};
        size.ws_col = 120;
        size.ws_row = 45;
        pid_ = ::forkpty(&terminal_, nullptr, nullptr, &size);
        if (pid_ == 0) {
            ::setenv("LANG", lang.c_str(), 1);
            ::unsetenv("LC_MESSAGES");
            ::unsetenv("LC_ALL");
            ::unsetenv("LC_CTYPE");
            std::vector<std::string> args{GOLF_CLI_PATH, "play", "--url", url, "--name", "ann"};
            args.insert(args.end(), extra.begin(), extra.end());
            std::vector<char*> argv;
            for (std::string& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(GOLF_CLI_PATH, argv.data());
            ::_exit(127);
        }
    }
    ~screen_session() {
        if (pid_ > 0 && !exited_) {
            ::kill(pid_, SIGKILL);
            int ignored = 0;
            ::waitpid(pid_, &ignored, 0);
        }
        if (terminal_ >= 0) ::close(terminal_);
    }
    screen_session(const screen_session&) = delete;
    screen_session& operator=(const screen_session&) = delete;

    bool started() const { return pid_ > 0 && terminal_ >= 0; }

    // Reads what the program wrote, waiting up to `wait_ms`; false once it has gone.
    bool pump(int wait_ms) {
        pollfd in{terminal_, POLLIN, 0};
        if (::poll(&in, 1, wait_ms) <= 0) return true;
        char buffer[16384];
        const ssize_t n = ::read(terminal_, buffer, sizeof buffer);
        if (n <= 0) return false;  // EIO: the child has gone
        raw_.append(buffer, static_cast<std::size_t>(n));
        return true;
    }

    // The latest whole frame as the eye reads it (from "home" to the cursor shown at its end), escape sequences
    // taken out; empty before the first.
    std::string screen() const {
        const std::size_t end = raw_.rfind("\x1b[?25h");
        if (end == std::string::npos) return {};
        const std::size_t home = raw_.rfind("\x1b[H", end);
        const std::size_t start = home == std::string::npos ? 0 : home;
        const std::string frame = raw_.substr(start, end - start);
        return std::regex_replace(frame, std::regex("\x1b\\[[0-9;?]*[A-Za-z]"), "");
    }

    // Waits (at most `limit`, at most 2000 reads) until the latest frame satisfies `ok`.
    template <typename Check>
    bool wait_for(Check ok, std::chrono::seconds limit = 30s) {
        const auto deadline = clock_type::now() + limit;
        for (int reads = 0; reads < 2000 && clock_type::now() < deadline; ++reads) {
            if (ok(screen())) return true;
            if (!pump(50)) break;
        }
        return ok(screen());
    }
    bool wait_for_text(const std::string& text, std::chrono::seconds limit = 30s) {
        return wait_for([&](const std::string& s) { return s.find(text) != std::string::npos; }, limit);
    }

    void type(const std::string& keys) {
        ASSERT_EQ(::write(terminal_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size()));
    }

    // Waits for the exit (at most 10 s); the status, or -1.
    int wait_exit() {
        int status = -1;
        for (int i = 0; i < 500; ++i) {
            pump(0);
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                exited_ = true;
                return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            }
            std::this_thread::sleep_for(20ms);
        }
        return -1;
    }

    const std::string& raw() const { return raw_; }

private:
    pid_t pid_ = -1;
    int terminal_ = -1;
    bool exited_ = false;
    std::string raw_;
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A key offered on the screen: its letters highlighted, then the move's words.
bool offers(const std::string& screen, const std::string& key, const std::string& words) {
    return has(screen, " " + key + "  " + words);
}

TEST(GolfPlayScreen, KeysAndTheMoveLogOnAFullScreen) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    screen_session play(server.url(), {"--create", "six-card", "--bots", "1", "--set", "holes=1"});
    ASSERT_TRUE(play.started());
    ASSERT_TRUE(play.wait_for_text("every seat is filled: s to start")) << play.screen();
    // Seats are numbered from 1 on the screen and when typed: "open 2" names the bot's seat, the wire's seat 1.
    EXPECT_TRUE(has(play.screen(), "1: ann (you, host")) << play.screen();
    EXPECT_TRUE(has(play.screen(), "2: bot 1 (heuristic)")) << play.screen();
    for (const auto& [typed, answer] : {std::pair{"open 0", "there is no seat 0; seats are 1 to 2"},
                                        std::pair{"open 3", "there is no seat 3; seats are 1 to 2"},
                                        std::pair{"open 2", "seat 2 is not away"}}) {  // the server's words
        play.type(std::string(typed) + "\r");
        ASSERT_TRUE(play.wait_for_text(std::string("error: ") + answer)) << typed << "\n" << play.screen();
    }
    play.type("s\r");

    // The start: each of your cards flips by its place's key, the same keys as the layout's letters and numbers.
    ASSERT_TRUE(play.wait_for([](const std::string& s) {
        return offers(s, "f a1", "turn your top-left card face up") &&
               offers(s, "f c2", "turn your bottom-right card face up");
    })) << play.screen();
    EXPECT_TRUE(has(play.screen(), "   a   b   c")) << play.screen();
    EXPECT_TRUE(has(play.screen(), "move? 1-6 or a key")) << play.screen();
    EXPECT_TRUE(has(play.screen(), "Hole 1 is dealt")) << play.screen();
    play.type("l 0a1\r");
    ASSERT_TRUE(play.wait_for_text("error: there is no seat 0; seats are 1 to 2")) << play.screen();
    play.type("fa1\r");
    ASSERT_TRUE(play.wait_for_text("You turned up your top-left card: the ")) << play.screen();
    ASSERT_TRUE(play.wait_for([](const std::string& s) { return !offers(s, "f a1", "turn"); })) << play.screen();
    EXPECT_TRUE(offers(play.screen(), "f c2", "turn your bottom-right card face up")) << "the same key, a turn later";
    play.type("F B1\r");
    ASSERT_TRUE(play.wait_for_text("You turned up your top-middle card: the ")) << play.screen();

    // The help, then back.
    play.type("?\r");
    ASSERT_TRUE(play.wait_for_text("Enter closes the keys")) << play.screen();
    EXPECT_TRUE(has(play.screen(), "a1 is your top-left card, c2 your bottom-right card")) << play.screen();
    EXPECT_TRUE(has(play.screen(), "  d         draw from the stock")) << play.screen();
    play.type("\r");
    ASSERT_TRUE(play.wait_for([](const std::string& s) { return !has(s, "Enter closes the keys"); })) << play.screen();

    // A turn: draw (d), then throw the card away (x), by the same keys whenever it is your turn.
    ASSERT_TRUE(play.wait_for([](const std::string& s) { return offers(s, "d", "draw from the stock"); }, 60s))
        << play.screen();
    play.type("d\r");
    ASSERT_TRUE(play.wait_for([](const std::string& s) {
        return offers(s, "x", "throw away the ") && offers(s, "e a1", "put the ");
    })) << play.screen();
    std::smatch drawn;
    const std::string holding = play.screen();
    ASSERT_TRUE(std::regex_search(holding, drawn, std::regex("You drew from the stock \\(the (\\S+)\\)\\.")))
        << holding;
    const std::string card = drawn[1].str();
    play.type("x\r");
    ASSERT_TRUE(play.wait_for_text("You drew from the stock (the " + card + ") and threw it away.")) << play.screen();
    // The bot's turn is told too: a sentence naming it after yours.
    EXPECT_TRUE(play.wait_for([](const std::string& s) {
        return std::regex_search(
            s, std::regex("threw it away\\.[\\s\\S]*\n  bot 1[^\n]* (drew from the stock|took the )"));
    })) << play.screen();
    EXPECT_TRUE(
        std::regex_search(play.screen(), std::regex("bot 1[^\n]* turned up their top-(left|middle|right) card: the ")))
        << play.screen();

    play.type("q\r");
    EXPECT_EQ(play.wait_exit(), 0) << play.raw().substr(play.raw().size() > 3000 ? play.raw().size() - 3000 : 0);
    EXPECT_TRUE(has(play.raw(), "left table ")) << play.screen();
}

// The terminal's language: Polish from --lang, and German from the terminal's LANG; the same keys either way.
TEST(GolfPlayScreen, SpeaksTheLanguageAskedForOrTheTerminals) {
    server_process server(GOLF_SERVER_PATH);
    ASSERT_NE(server.port(), 0) << server.log();
    {
        screen_session play(server.url(), {"--create", "six-card", "--bots", "1", "--lang", "pl"});
        ASSERT_TRUE(play.started());
        ASSERT_TRUE(play.wait_for_text("wszystkie miejsca zajęte: s – start")) << play.screen();
        play.type("s\r");
        ASSERT_TRUE(play.wait_for_text("Runda 1 rozdana")) << play.screen();
        ASSERT_TRUE(play.wait_for_text("ruch? 1-6 lub klawisz")) << play.screen();
        play.type("fa1\r");
        ASSERT_TRUE(play.wait_for_text("Odkrywasz ")) << play.screen();
        EXPECT_FALSE(has(play.screen(), "move?")) << play.screen();
        play.type("q\r");
        EXPECT_EQ(play.wait_exit(), 0);
    }
    screen_session play(server.url(), {"--create", "six-card", "--bots", "1"}, "de_DE.UTF-8");
    ASSERT_TRUE(play.started());
    ASSERT_TRUE(play.wait_for_text("alle Plätze sind besetzt: s zum Starten")) << play.screen();
    play.type("q\r");
    EXPECT_EQ(play.wait_exit(), 0);
}

}  // namespace
}  // namespace golf::testing
