// The server's front door for browsers and proxies: the security headers on every kind of answer, the Origin check
// on the WebSocket upgrade, --allowed-origin and --trusted-proxy as flags and variables, and the client's address
// behind a trusted proxy (X-Forwarded-For) for the per-address connection limit and the registration and sign-in
// limits. Real sockets on 127.0.0.1.
#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/config.hpp"
#include "server/net/origin_check.hpp"
#include "server/net/security_headers.hpp"
#include "server/net/trusted_proxies.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/child_process.hpp"

namespace golf::server::testing {
namespace security_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;

const std::string policy_for_127 =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws://127.0.0.1 wss://127.0.0.1; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'";

void expect_security_headers(const http::response<http::string_body>& r, const std::string& what,
                             const std::string& policy = policy_for_127) {
    EXPECT_EQ(r["Content-Security-Policy"], policy) << what;
    EXPECT_EQ(r["X-Content-Type-Options"], "nosniff") << what;
    EXPECT_EQ(r["Referrer-Policy"], "no-referrer") << what;
    EXPECT_EQ(r["X-Frame-Options"], "DENY") << what;
    EXPECT_EQ(r["Cross-Origin-Opener-Policy"], "same-origin") << what;
    EXPECT_EQ(r.count("Strict-Transport-Security"), 0u) << what;
}

// A web root with an index and one asset, and a config serving it.
struct site {
    temp_dir dir;
    server_config config = test_config(dir);
    site() {
        std::filesystem::create_directories(dir.path() / "web" / "assets");
        std::ofstream(dir.path() / "web" / "index.html") << "<!doctype html><title>Golf</title>";
        std::ofstream(dir.path() / "web" / "assets" / "app-1234.js") << "console.log('golf')";
        config.handshake_timeout = 10s;  // connections held open while a test counts them
    }
};

TEST(SecurityHeaders, EveryKindOfAnswerCarriesThem) {
    site s;
    running_server server(s.config);
    const std::map<std::string, http::status> answers{{"/", http::status::ok},
                                                      {"/t/ABC234", http::status::ok},
                                                      {"/assets/app-1234.js", http::status::ok},
                                                      {"/healthz", http::status::ok},
                                                      {"/api/leaderboard", http::status::ok},
                                                      {"/api/tables/ZZZZZZ", http::status::not_found},
                                                      {"/missing.js", http::status::not_found},
                                                      {"/ws", http::status::upgrade_required}};
    for (const auto& [target, status] : answers) {
        const auto r = http_request(server.port(), target);
        EXPECT_EQ(r.result(), status) << target;
        expect_security_headers(r, target);
    }
    http_client client(server.port());
    const auto post = client.request(http::verb::post, "/healthz");
    EXPECT_EQ(post.result(), http::status::method_not_allowed);
    expect_security_headers(post, "POST");
}

TEST(SecurityHeaders, AHostThatIsNotAPlainHostIsLeftOutOfThePolicy) {
    site s;
    running_server server(s.config);
    http_client client(server.port());
    http::request<http::string_body> req{http::verb::get, "/healthz", 11};
    req.set(http::field::host, "evil; script-src *");
    const auto r = client.send(req);
    expect_security_headers(r, "odd host",
                            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                            "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
                            "form-action 'self'; frame-ancestors 'none'");
}

// A WebSocket upgrade request on `client` with `extra` headers (which may replace Host); the answer is 101 when
// accepted, and the connection then stays open with the client.
http::response<http::string_body> upgrade(http_client& client, const headers& extra) {
    http::request<http::string_body> req{http::verb::get, "/ws", 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::upgrade, "websocket");
    req.set(http::field::connection, "Upgrade");
    req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    req.set(http::field::sec_websocket_version, "13");
    for (const auto& [name, value] : extra) req.insert(name, value);
    for (const auto& [name, value] : extra)
        if (name == "Host") req.set(http::field::host, value);
    boost::system::error_code error;
    auto response = client.send(req, &error);
    EXPECT_FALSE(error) << error.message();
    return response;
}

http::status upgrade_status(std::uint16_t port, const headers& extra) {
    http_client client(port);
    return upgrade(client, extra).result();
}

TEST(Origin, SameOriginAndNoOriginAreAccepted) {
    site s;
    running_server server(s.config);
    const std::string host = "127.0.0.1:" + std::to_string(server.port());
    EXPECT_EQ(upgrade_status(server.port(), {{"Host", host}, {"Origin", "http://" + host}}),
              http::status::switching_protocols);
    EXPECT_EQ(upgrade_status(server.port(), {{"Host", "Golf.Example.org"}, {"Origin", "https://golf.example.org"}}),
              http::status::switching_protocols);
    EXPECT_EQ(upgrade_status(server.port(), {}), http::status::switching_protocols);  // a program, not a browser
}

TEST(Origin, AnotherSiteIsRefusedWith403) {
    site s;
    running_server server(s.config);
    const std::string host = "127.0.0.1:" + std::to_string(server.port());
    for (const std::string& origin :
         std::vector<std::string>{"https://evil.example", "http://127.0.0.1:1", "null", "http://" + host + ".x"}) {
        http_client client(server.port());
        const auto r = upgrade(client, {{"Host", host}, {"Origin", origin}});
        EXPECT_EQ(r.result(), http::status::forbidden) << origin;
        EXPECT_EQ(r.body(), "a page from another site may not open a game connection here\n");
        expect_security_headers(r, origin, content_security_policy(host));
    }
}

TEST(Origin, AConfiguredOriginIsAcceptedAndOnlyIt) {
    site s;
    s.config.allowed_origins = {"https://golf.example.org", "http://localhost:5173"};
    running_server server(s.config);
    const std::string host = "127.0.0.1:" + std::to_string(server.port());
    EXPECT_EQ(upgrade_status(server.port(), {{"Origin", "https://golf.example.org"}}),
              http::status::switching_protocols);
    EXPECT_EQ(upgrade_status(server.port(), {{"Origin", "http://localhost:5173"}}), http::status::switching_protocols);
    // Once origins are named, even the request's own host is not enough.
    EXPECT_EQ(upgrade_status(server.port(), {{"Host", host}, {"Origin", "http://" + host}}), http::status::forbidden);
    EXPECT_EQ(upgrade_status(server.port(), {{"Origin", "https://evil.example"}}), http::status::forbidden);
    EXPECT_EQ(upgrade_status(server.port(), {}), http::status::switching_protocols);
}

TEST(Origin, OriginsAreComparedAsBrowsersWriteThem) {
    EXPECT_EQ(normalize_origin("HTTPS://Golf.Example.org:443"), "https://golf.example.org");
    EXPECT_EQ(normalize_origin("http://[::1]:8080"), "http://[::1]:8080");
    for (const char* bad : {"golf.example.org", "ftp://x", "https://x/", "https://x/path", "https://", "https://x:0",
                            "https://x:99999", "https://u@x", "https://x?q", "https://x y"})
        EXPECT_FALSE(normalize_origin(bad)) << bad;
}

// Parses flags and variables as golf-server does.
config_result parse(std::initializer_list<const char*> args, std::map<std::string, std::string> env = {}) {
    std::vector<const char*> argv{"golf-server"};
    argv.insert(argv.end(), args.begin(), args.end());
    return parse_config(static_cast<int>(argv.size()), argv.data(), [&env](const char* name) -> const char* {
        const auto found = env.find(name);
        return found == env.end() ? nullptr : found->second.c_str();
    });
}

TEST(SecurityFlags, RepeatedFlagsAndCommaSeparatedVariables) {
    const auto flags = parse({"--allowed-origin", "https://a.example", "--allowed-origin=http://b.example:8080",
                              "--trusted-proxy", "127.0.0.1/32", "--trusted-proxy", "::1"});
    ASSERT_TRUE(flags.config) << flags.message;
    EXPECT_EQ(flags.config->allowed_origins, (std::vector<std::string>{"https://a.example", "http://b.example:8080"}));
    EXPECT_EQ(flags.config->trusted_proxies,
              (std::vector<address_range>{*parse_address_range("127.0.0.1/32"), *parse_address_range("::1/128")}));
    const auto env = parse({}, {{"GOLF_ALLOWED_ORIGINS", "https://a.example, https://c.example"},
                                {"GOLF_TRUSTED_PROXIES", "172.16.0.0/12,10.0.0.0/8"}});
    ASSERT_TRUE(env.config) << env.message;
    EXPECT_EQ(env.config->allowed_origins, (std::vector<std::string>{"https://a.example", "https://c.example"}));
    EXPECT_EQ(env.config->trusted_proxies.size(), 2u);
    // A flag wins over its variable, as for every option.
    const auto both = parse({"--allowed-origin", "https://a.example"}, {{"GOLF_ALLOWED_ORIGINS", "https://z.example"}});
    ASSERT_TRUE(both.config);
    EXPECT_EQ(both.config->allowed_origins, (std::vector<std::string>{"https://a.example"}));
}

TEST(SecurityFlags, BadValuesAreClearErrors) {
    const auto origin = parse({"--allowed-origin", "https://golf.example.org/play"});
    EXPECT_FALSE(origin.config);
    EXPECT_EQ(origin.exit_code, 2);
    EXPECT_EQ(origin.message,
              "--allowed-origin: expected an origin such as https://golf.example.org: http or https, a host, perhaps "
              "a port, no path (got 'https://golf.example.org/play')");
    const auto proxy = parse({}, {{"GOLF_TRUSTED_PROXIES", "127.0.0.1/32,172.16.0.0/33"}});
    EXPECT_FALSE(proxy.config);
    EXPECT_EQ(proxy.exit_code, 2);
    EXPECT_EQ(proxy.message,
              "GOLF_TRUSTED_PROXIES: expected an address range such as 172.16.0.0/12 or ::1/128 (got '172.16.0.0/33')");
    for (const char* bad : {"", "10.0.0.0/", "10.0.0.0/x", "10.0.0/8", "example.org/8", "::1/129", "10.0.0.0/8/8"})
        EXPECT_FALSE(parse_address_range(bad)) << bad;
}

TEST(SecurityFlags, TheBinaryRefusesABadOriginAtStart) {
    golf::testing::child_process p({GOLF_SERVER_PATH, "--allowed-origin", "golf.example.org"});
    EXPECT_EQ(p.wait_exit(), 2);
    EXPECT_EQ(p.err(),
              "golf-server: --allowed-origin: expected an origin such as https://golf.example.org: http or https, a "
              "host, perhaps a port, no path (got 'golf.example.org')\n");
    golf::testing::child_process q({GOLF_SERVER_PATH, "--trusted-proxy", "172.16.0.0/40"});
    EXPECT_EQ(q.wait_exit(), 2);
}

TEST(TrustedProxy, TheRightmostUntrustedAddressIsTheClient) {
    const std::vector<address_range> trusted{*parse_address_range("127.0.0.1/32"), *parse_address_range("10.0.0.0/8")};
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "203.0.113.7"), "203.0.113.7");
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "1.1.1.1, 203.0.113.7, 10.1.2.3"), "203.0.113.7");
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "::ffff:198.51.100.2"), "198.51.100.2");
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "2001:db8::1"), "2001:db8::1");
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", ""), "127.0.0.1");
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "10.0.0.9"), "10.0.0.9");  // only proxies: the farthest
    EXPECT_EQ(forwarded_client(trusted, "127.0.0.1", "junk, 10.0.0.9"), "10.0.0.9");
    EXPECT_EQ(forwarded_client(trusted, "192.0.2.1", "203.0.113.7"), "192.0.2.1");  // an untrusted peer
    EXPECT_EQ(forwarded_client({}, "127.0.0.1", "203.0.113.7"), "127.0.0.1");
    const std::vector<address_range> v6{*parse_address_range("::1/128"), *parse_address_range("fd00::/8")};
    EXPECT_EQ(forwarded_client(v6, "::1", "203.0.113.7, fd12::3"), "203.0.113.7");
    EXPECT_EQ(forwarded_client(v6, "127.0.0.1", "203.0.113.7"), "127.0.0.1");
    EXPECT_TRUE(in_any(trusted, "::ffff:127.0.0.1"));                         // an IPv4 proxy on a dual-stack socket
    EXPECT_TRUE(in_any({*parse_address_range("10.1.2.3/8")}, "10.200.0.1"));  // bits past the prefix are ignored
}

// Opens `n` upgrades carrying these X-Forwarded-For values, held open; returns their statuses in order.
std::vector<http::status> hold_upgrades(std::uint16_t port, const std::vector<std::string>& forwarded,
                                        std::vector<std::unique_ptr<http_client>>& held) {
    std::vector<http::status> statuses;
    for (const std::string& address : forwarded) {
        held.push_back(std::make_unique<http_client>(port));
        statuses.push_back(upgrade(*held.back(), {{"X-Forwarded-For", address}}).result());
    }
    return statuses;
}

constexpr auto ok = http::status::switching_protocols;
constexpr auto busy = http::status::service_unavailable;

TEST(TrustedProxy, EachForwardedAddressHasItsOwnLimit) {
    site s;
    s.config.max_connections_per_address = 2;
    s.config.trusted_proxies = {*parse_address_range("127.0.0.1/32")};
    running_server server(s.config);
    std::vector<std::unique_ptr<http_client>> held;
    EXPECT_EQ(hold_upgrades(server.port(), {"198.51.100.1", "198.51.100.2", "198.51.100.3"}, held),
              (std::vector<http::status>{ok, ok, ok}));
    EXPECT_EQ(hold_upgrades(server.port(), {"203.0.113.9", "203.0.113.9", "203.0.113.9"}, held),
              (std::vector<http::status>{ok, ok, busy}));
    // A proxy's plain HTTP requests are not counted against anyone.
    EXPECT_EQ(http_request(server.port(), "/healthz").result(), http::status::ok);
    // A closed connection frees its place.
    held.erase(held.begin() + 3);
    EXPECT_TRUE(eventually([&] {
        std::vector<std::unique_ptr<http_client>> again;
        return hold_upgrades(server.port(), {"203.0.113.9"}, again) == std::vector<http::status>{ok};
    }));
}

TEST(TrustedProxy, WithoutTheFlagForwardedForIsIgnored) {
    site s;
    s.config.max_connections_per_address = 2;
    running_server server(s.config);
    std::vector<std::unique_ptr<http_client>> held;
    std::vector<http::status> statuses = hold_upgrades(server.port(), {"198.51.100.1", "198.51.100.2"}, held);
    EXPECT_EQ(statuses, (std::vector<http::status>{ok, ok}));
    // The third from 127.0.0.1 is refused when accepted, whatever it claims to be.
    http_client third(server.port());
    boost::system::error_code error;
    const std::string received = third.read_all(error);
    EXPECT_TRUE(received.starts_with("HTTP/1.1 503 Service Unavailable\r\n")) << received;
    EXPECT_NE(received.find("Content-Security-Policy: default-src 'self';"), std::string::npos) << received;
}

TEST(TrustedProxy, TheRegistrationLimitFollowsTheForwardedAddress) {
    site s;
    s.config.trusted_proxies = {*parse_address_range("127.0.0.1/32")};
    running_server server(s.config);
    std::uint32_t request = 100;
    const auto register_from = [&](const std::string& address, const std::string& name) {
        ws_client c(server.port());
        c.stream().set_option(websocket::stream_base::decorator(
            [address](websocket::request_type& r) { r.set("X-Forwarded-For", address); }));
        c.greet();
        v1::ClientMessage m = account_requests::register_as(name, "correct horse battery");
        m.set_request_id(++request);
        EXPECT_FALSE(c.write(serialize(m)));
        for (int i = 0; i < 50; ++i) {
            const auto reply = c.read();
            if (!reply) break;
            if (reply->request_id() == request) return reply->has_error() ? reply->error().message() : std::string();
        }
        return std::string("no answer");
    };
    for (const char* name : {"Alma", "Bruno", "Carla", "Dario", "Elena"})
        EXPECT_EQ(register_from("198.51.100.4", name), "") << name;
    EXPECT_TRUE(register_from("198.51.100.4", "Fabio").starts_with("too many registrations from your address"));
    EXPECT_EQ(register_from("198.51.100.5", "Fabio"), "");
}

// One connection from `forwarded` (through the trusted proxy at 127.0.0.1): the answers to sign-ins with an
// unknown session token, until the first that is not a plain refusal (at most `tries`).
std::vector<std::string> failed_sign_ins(std::uint16_t port, const std::string& forwarded, int tries) {
    ws_client c(port);
    c.stream().set_option(websocket::stream_base::decorator(
        [forwarded](websocket::request_type& r) { r.set("X-Forwarded-For", forwarded); }));
    c.greet();
    std::vector<std::string> answers;
    for (std::uint32_t id = 1; id <= static_cast<std::uint32_t>(tries); ++id) {
        v1::ClientMessage m = account_requests::sign_in_with_token(std::string(32, 'f'));
        m.set_request_id(id);
        EXPECT_FALSE(c.write(serialize(m)));
        std::optional<v1::ServerMessage> reply;
        for (int i = 0; i < 50 && !(reply && reply->request_id() == id); ++i) reply = c.read();
        answers.push_back(reply && reply->has_error() ? reply->error().message() : "no error");
        if (answers.back() != "that session has ended; sign in again") break;
    }
    return answers;
}

TEST(TrustedProxy, TheSignInLimitFollowsTheForwardedAddress) {
    site s;
    s.config.trusted_proxies = {*parse_address_range("127.0.0.1/32")};
    running_server server(s.config);
    const auto first = failed_sign_ins(server.port(), "198.51.100.6", 40);
    ASSERT_GT(first.size(), 1u);
    EXPECT_LE(first.size(), 21u);  // an address has 20 free failures
    EXPECT_TRUE(first.back().starts_with("too many failed sign-ins from your address")) << first.back();
    // Another client behind the same proxy is not held back by the first one's failures.
    EXPECT_EQ(failed_sign_ins(server.port(), "198.51.100.7", 1),
              std::vector<std::string>{"that session has ended; sign in again"});
}

}  // namespace
}  // namespace security_tests
}  // namespace golf::server::testing
