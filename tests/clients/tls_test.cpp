// wss:// end to end: a real golf-server behind a real Caddy serving TLS with its own authority (`tls internal`).
// `golf bot` plays a match through it with --ca-file; without the authority, to a name the certificate does not
// carry, to a port serving no TLS and to a port nobody listens on, the client fails with a sentence that says
// which; the client library and `golf load` go through it too. Every wait is bounded.
#include <gtest/gtest.h>

#include <memory>
#include <regex>

#include "clients/cpp/golf_client.hpp"
#include "tests/support/caddy_proxy.hpp"
#include "tests/support/child_process.hpp"

namespace golf::testing {
namespace {

using namespace std::chrono_literals;

struct run_result {
    int status = -1;
    std::string out;
    std::string err;
};

// Runs golf with `args` (and `environment` added), its stdin closed, for at most two minutes.
run_result run_golf(const std::vector<std::string>& args, const std::vector<std::string>& environment = {}) {
    std::vector<std::string> argv{GOLF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    child_process golf(argv, environment);
    golf.close_stdin();
    const std::optional<int> status = golf.wait_exit(std::chrono::seconds(120));
    return {status.value_or(-1), golf.out(), golf.err()};
}

std::vector<std::string> bot_at(const std::string& url) {
    return {"bot", "--url",       url,     "--create", "six-card",  "--seats",
            "2",   "--fill-bots", "--set", "holes=1",  "--timeout", "30"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// One golf-server and one Caddy in front of it for every test here (Caddy makes its authority once).
class through_caddy : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        try {
            server_ = std::make_unique<server_process>(GOLF_SERVER_PATH);
            if (server_->port() == 0) throw std::runtime_error("golf-server did not start:\n" + server_->log());
            caddy_ = std::make_unique<caddy_proxy>(server_->port());
        } catch (const std::exception& e) {
            setup_failure_ = e.what();
        }
    }
    static void TearDownTestSuite() {
        caddy_.reset();
        server_.reset();
    }
    void SetUp() override {
        if (!setup_failure_.empty()) FAIL() << setup_failure_;
    }
    static std::string wss_by_address() { return "wss://127.0.0.1:" + std::to_string(caddy_->port()) + "/ws"; }

    static inline std::unique_ptr<server_process> server_;
    static inline std::unique_ptr<caddy_proxy> caddy_;
    static inline std::string setup_failure_;
};

TEST_F(through_caddy, golf_bot_plays_a_match_with_the_authority_given) {
    const run_result r = run_golf(with(bot_at(caddy_->url()), {"--ca-file", caddy_->root_ca()}));
    EXPECT_EQ(r.status, 0) << r.out << r.err << caddy_->log();
    EXPECT_NE(r.out.find("match 1 of 1 at table"), std::string::npos) << r.out;
}

TEST_F(through_caddy, the_authority_comes_from_golf_ca_file_too) {
    const run_result r = run_golf(bot_at(caddy_->url()), {"GOLF_CA_FILE=" + caddy_->root_ca()});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST_F(through_caddy, without_the_authority_the_certificate_is_not_trusted) {
    const run_result r = run_golf(bot_at(caddy_->url()));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "golf bot: could not connect to " + caddy_->url() +
                         ": the server's certificate is not trusted: unable to get local issuer certificate (give its "
                         "authority with --ca-file)\n");
}

TEST_F(through_caddy, a_host_the_certificate_does_not_name_is_refused) {
    const run_result r = run_golf(with(bot_at(wss_by_address()), {"--ca-file", caddy_->root_ca()}));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "golf bot: could not connect to " + wss_by_address() +
                         ": the server's certificate is not for 127.0.0.1 (it is for localhost)\n");
}

TEST_F(through_caddy, tls_to_a_port_without_tls_fails_the_handshake) {
    const std::string url = "wss://127.0.0.1:" + std::to_string(server_->port()) + "/ws";
    const run_result r = run_golf(bot_at(url));
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(r.err.starts_with("golf bot: could not connect to " + url + ": the TLS handshake failed: ")) << r.err;
    EXPECT_NE(r.err.find("(is the server serving TLS on that port?)"), std::string::npos) << r.err;
}

TEST_F(through_caddy, the_client_library_plays_through_tls_and_closes) {
    client::connection ann;
    ann.trust_ca_file(caddy_->root_ca());
    ann.ask_update_answers_act();
    ann.connect(caddy_->url(), "tls-test");
    EXPECT_FALSE(ann.welcome().server_version().empty());
    ann.create_table("Ann", "six-card", 2);
    ann.add_bot();
    ann.start_match();
    const auto& update = ann.wait_until(client::my_move, 10s);
    const auto view = update.hand();
    ASSERT_GT(view.legal_size(), 0);
    ann.close();
    EXPECT_FALSE(ann.is_open());
    EXPECT_EQ(ann.close_reason(), "closed by this client");
}

TEST_F(through_caddy, golf_load_measures_through_tls) {
    const run_result r =
        run_golf({"load", "--url", caddy_->url(), "--tables", "2", "--seats", "2", "--duration", "2", "--json"},
                 {"GOLF_CA_FILE=" + caddy_->root_ca()});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    std::smatch moves;
    ASSERT_TRUE(std::regex_search(r.out, moves, std::regex("\"moves\":([0-9]+)"))) << r.out;
    EXPECT_GT(std::stoll(moves[1]), 20) << r.out;
    EXPECT_NE(r.out.find("\"errors\":0,"), std::string::npos) << r.out;
}

TEST_F(through_caddy, golf_load_says_why_the_certificate_was_refused) {
    const run_result r =
        run_golf({"load", "--url", caddy_->url(), "--tables", "1", "--duration", "1", "--setup-timeout", "10"});
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.err.find("the server's certificate is not trusted: unable to get local issuer certificate (give its "
                         "authority with --ca-file)"),
              std::string::npos)
        << r.err;
}

TEST(wss_client, a_refused_connection_says_so) {
    const std::string url = "wss://127.0.0.1:" + std::to_string(free_loopback_port()) + "/ws";
    client::connection c;
    try {
        c.connect(url, "tls-test", 5s);
        ADD_FAILURE() << "connected to nothing";
    } catch (const client::error& e) {
        EXPECT_EQ(std::string(e.what()), "could not connect to " + url + ": Connection refused");
    }
}

TEST(wss_client, an_unreadable_ca_file_is_named) {
    client::connection c;
    c.trust_ca_file("/nonexistent/root.crt");
    try {
        c.connect("wss://localhost:1/ws", "tls-test", 5s);
        ADD_FAILURE() << "connected without a CA file";
    } catch (const client::error& e) {
        EXPECT_NE(std::string(e.what()).find("the CA file '/nonexistent/root.crt' could not be read"),
                  std::string::npos)
            << e.what();
    }
}

TEST(wss_client, urls_say_tls_and_its_default_port) {
    const auto secure = client::parse_url("wss://example.org/play");
    ASSERT_TRUE(secure);
    EXPECT_TRUE(secure->tls);
    EXPECT_EQ(secure->port, "443");
    EXPECT_EQ(secure->target, "/play");
    const auto plain = client::parse_url("ws://example.org");
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->tls);
    EXPECT_EQ(plain->port, "80");
    EXPECT_FALSE(client::parse_url("https://example.org/ws"));
    EXPECT_FALSE(client::parse_url("wss:/example.org/ws"));
}

}  // namespace
}  // namespace golf::testing
