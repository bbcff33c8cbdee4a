// HTTP on the server's port: /healthz (healthy, and unhealthy when the database cannot be written), /metrics in
// the Prometheus text format, wrong paths and methods, keep-alive, and bad requests. Real sockets on 127.0.0.1.
#include <gtest/gtest.h>

#include <fstream>

#include "server/common/metrics.hpp"
#include "tests/server/net_test_support.hpp"

namespace golf::server::testing {
namespace http_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Http, HealthzIsOkWhenTheDatabaseCanBeWritten) {
    temp_dir dir;
    running_server server(test_config(dir));
    const auto response = http_request(server.port(), "/healthz");
    EXPECT_EQ(response.result(), http::status::ok);
    EXPECT_EQ(response.body(), "ok\n");
}

TEST(Http, HealthzIgnoresAQueryString) {
    temp_dir dir;
    running_server server(test_config(dir));
    EXPECT_EQ(http_request(server.port(), "/healthz?probe=1").result(), http::status::ok);
}

// The web client's files: a fake build of it in a temporary web root.
struct web_root {
    temp_dir dir;
    web_root() {
        std::filesystem::create_directories(dir.path() / "web" / "assets");
        std::ofstream(dir.path() / "web" / "index.html") << "<!doctype html><title>Golf</title>";
        std::ofstream(dir.path() / "web" / "assets" / "app-1234.js") << "console.log('golf')";
        std::ofstream(dir.path() / "web" / ".secret") << "hidden";
        std::ofstream(dir.path() / "outside.txt") << "outside the root";
        std::filesystem::create_symlink(dir.path() / "outside.txt", dir.path() / "web" / "link.txt");
    }
    server_config config() const {
        server_config c = test_config(dir);
        c.web_root = (dir.path() / "web").string();
        return c;
    }
};

TEST(Http, TheWebClientIsServedAtTheRoot) {
    web_root root;
    running_server server(root.config());
    const auto index = http_request(server.port(), "/");
    EXPECT_EQ(index.result(), http::status::ok);
    EXPECT_EQ(index.body(), "<!doctype html><title>Golf</title>");
    EXPECT_EQ(index[http::field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(index[http::field::cache_control], "no-cache");
    const auto script = http_request(server.port(), "/assets/app-1234.js");
    EXPECT_EQ(script.result(), http::status::ok);
    EXPECT_EQ(script.body(), "console.log('golf')");
    EXPECT_EQ(script[http::field::content_type], "text/javascript; charset=utf-8");
    EXPECT_TRUE(contains(std::string(script[http::field::cache_control]), "immutable"));
}

TEST(Http, TheServiceWorkerAndTheManifestAreServedSoTheSiteInstalls) {
    web_root root;
    std::ofstream(root.dir.path() / "web" / "sw.js") << "self.addEventListener('fetch', () => {});";
    std::ofstream(root.dir.path() / "web" / "manifest.webmanifest") << R"({"name": "Golf"})";
    running_server server(root.config());
    const auto worker = http_request(server.port(), "/sw.js");
    EXPECT_EQ(worker.result(), http::status::ok);
    EXPECT_EQ(worker[http::field::content_type], "text/javascript; charset=utf-8");
    // The browser asks again on every load, so a new build's worker is found at once.
    EXPECT_EQ(worker[http::field::cache_control], "no-cache");
    // worker-src falls back to script-src 'self' and manifest-src to default-src 'self': no directive narrows them.
    const std::string policy(worker["Content-Security-Policy"]);
    EXPECT_TRUE(policy.starts_with("default-src 'self';")) << policy;
    EXPECT_FALSE(contains(policy, "worker-src") || contains(policy, "manifest-src") || contains(policy, "child-src"))
        << policy;
    const auto manifest = http_request(server.port(), "/manifest.webmanifest");
    EXPECT_EQ(manifest.result(), http::status::ok);
    EXPECT_EQ(manifest[http::field::content_type], "application/manifest+json");
    EXPECT_EQ(manifest[http::field::cache_control], "no-cache");
}

TEST(Http, AShareLinkWithoutAnExtensionOpensTheApp) {
    web_root root;
    running_server server(root.config());
    const auto link = http_request(server.port(), "/t/ABC234?x=1");
    EXPECT_EQ(link.result(), http::status::ok);
    EXPECT_EQ(link.body(), "<!doctype html><title>Golf</title>");
}

TEST(Http, AProfileLinkOfANameWithADotOpensTheApp) {
    web_root root;
    running_server server(root.config());
    for (const char* target : {"/p/J.R.", "/p/Jo.Cat", "/p/Ann"}) {
        const auto link = http_request(server.port(), target);
        EXPECT_EQ(link.result(), http::status::ok) << target;
        EXPECT_EQ(link.body(), "<!doctype html><title>Golf</title>") << target;
    }
    EXPECT_EQ(http_request(server.port(), "/missing.js").result(), http::status::not_found);
}

TEST(Http, NothingOutsideTheWebRootOrHiddenIsServed) {
    web_root root;
    running_server server(root.config());
    for (const char* target : {"/missing.js", "/../outside.txt", "/assets/../../outside.txt", "/.secret", "/link.txt",
                               "/assets/%2e%2e/index.html", "/assets\\..\\index.html"}) {
        EXPECT_EQ(http_request(server.port(), target).result(), http::status::not_found) << target;
    }
}

TEST(Http, WithoutABuiltWebClientTheRootIs404ButTheServerRuns) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.web_root = (dir.path() / "no-such-dir").string();
    running_server server(config);
    EXPECT_EQ(http_request(server.port(), "/").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/healthz").result(), http::status::ok);
}

TEST(Http, HeadHealthzHasTheLengthButNoBody) {
    temp_dir dir;
    running_server server(test_config(dir));
    http_client client(server.port());
    const auto response = client.request(http::verb::head, "/healthz");
    EXPECT_EQ(response.result(), http::status::ok);
    EXPECT_EQ(response[http::field::content_length], "3");
    EXPECT_TRUE(response.body().empty());
    // The connection is still usable, so the client read exactly the headers.
    EXPECT_EQ(client.request(http::verb::get, "/healthz").body(), "ok\n");
}

TEST(Http, MetricsHasEveryMetricInPrometheusTextFormat) {
    temp_dir dir;
    running_server server(test_config(dir));
    const auto response = http_request(server.port(), "/metrics");
    EXPECT_EQ(response.result(), http::status::ok);
    EXPECT_EQ(response[http::field::content_type], "text/plain; version=0.0.4; charset=utf-8");
    const std::string& text = response.body();
    for (const char* name : {"golf_connections_open",
                             "golf_connections_total",
                             "golf_connections_refused_total",
                             "golf_messages_received_total",
                             "golf_frames_sent_total",
                             "golf_actions_total",
                             "golf_errors_total",
                             "golf_slow_clients_disconnected_total",
                             "golf_idle_clients_closed_total",
                             "golf_bad_frames_total",
                             "golf_tables",
                             "golf_resident_memory_bytes",
                             "golf_message_latency_seconds",
                             "golf_process_cpu_seconds_total",
                             "golf_process_cpu_system_seconds_total",
                             "golf_db_ok",
                             "golf_db_pending_records",
                             "golf_db_transactions_total",
                             "golf_db_checkpoints_total",
                             "golf_db_failed_writes_total",
                             "golf_db_dropped_records_total"}) {
        EXPECT_TRUE(contains(text, std::string("# HELP ") + name + " ")) << name;
        EXPECT_TRUE(contains(text, std::string("# TYPE ") + name + " ")) << name;
    }
    EXPECT_TRUE(contains(text, "# TYPE golf_connections_open gauge\n"));
    EXPECT_TRUE(contains(text, "# TYPE golf_connections_total counter\n"));
    EXPECT_TRUE(contains(text, "# TYPE golf_message_latency_seconds histogram\n"));
    for (const char* state : {"waiting", "playing", "between_holes", "finished"})
        EXPECT_TRUE(contains(text, std::string("golf_tables{state=\"") + state + "\"} 0\n")) << state;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"+Inf\"} "));
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_sum "));
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_count "));
    EXPECT_FALSE(contains(text, "golf_resident_memory_bytes 0\n"));
    EXPECT_TRUE(contains(text, "golf_db_ok 1\n")) << text;
    EXPECT_TRUE(contains(text, "# TYPE golf_db_transactions_total counter\n"));
    EXPECT_TRUE(contains(text, "# TYPE golf_process_cpu_system_seconds_total counter\n"));
}

TEST(Http, MetricsCountAWebSocketConnection) {
    temp_dir dir;
    running_server server(test_config(dir));
    EXPECT_TRUE(contains(http_request(server.port(), "/metrics").body(), "golf_connections_open 0\n"));
    {
        ws_client client(server.port());
        client.greet();
        // The Welcome's write is counted when it completes, which may be just after the client has read it.
        EXPECT_TRUE(eventually([&] { return server.counters().frames_out.load() == 1; }));
        const std::string text = http_request(server.port(), "/metrics").body();
        EXPECT_TRUE(contains(text, "golf_connections_open 1\n")) << text;
        EXPECT_TRUE(contains(text, "golf_connections_total 1\n")) << text;
        EXPECT_TRUE(contains(text, "golf_messages_received_total 1\n")) << text;  // the Hello
        EXPECT_TRUE(contains(text, "golf_frames_sent_total 1\n")) << text;        // the Welcome
        EXPECT_TRUE(contains(text, "golf_message_latency_seconds_count 1\n")) << text;
        EXPECT_FALSE(client.close());
    }
    EXPECT_TRUE(eventually([&] { return server.counters().connections_open.load() == 0; }));
    const std::string text = http_request(server.port(), "/metrics").body();
    EXPECT_TRUE(contains(text, "golf_connections_open 0\n")) << text;
    EXPECT_TRUE(contains(text, "golf_connections_total 1\n")) << text;
}

TEST(Http, UnknownPathIs404) {
    temp_dir dir;
    running_server server(test_config(dir));
    EXPECT_EQ(http_request(server.port(), "/").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/nope").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/healthz/extra").result(), http::status::not_found);
}

TEST(Http, WrongMethodIs405) {
    temp_dir dir;
    running_server server(test_config(dir));
    for (const char* path : {"/healthz", "/metrics", "/ws"}) {
        const auto response = http_request(server.port(), path, http::verb::post);
        EXPECT_EQ(response.result(), http::status::method_not_allowed) << path;
        EXPECT_EQ(response[http::field::allow], "GET, HEAD") << path;
    }
}

TEST(Http, WebSocketPathWithoutAnUpgradeIs426) {
    temp_dir dir;
    running_server server(test_config(dir));
    EXPECT_EQ(http_request(server.port(), "/ws").result(), http::status::upgrade_required);
}

TEST(Http, KeepAliveServesSeveralRequestsOnOneConnection) {
    temp_dir dir;
    running_server server(test_config(dir));
    http_client client(server.port());
    for (int i = 0; i < 3; ++i) {
        const auto health = client.request(http::verb::get, "/healthz");
        EXPECT_EQ(health.result(), http::status::ok);
        EXPECT_TRUE(health.keep_alive());
        EXPECT_EQ(client.request(http::verb::get, "/missing").result(), http::status::not_found);
    }
}

TEST(Http, ConnectionCloseIsHonoured) {
    temp_dir dir;
    running_server server(test_config(dir));
    http_client client(server.port());
    const auto response = client.request(http::verb::get, "/healthz", nullptr, false);
    EXPECT_FALSE(response.keep_alive());
    boost::system::error_code error;
    EXPECT_EQ(client.read_all(error), "");
    EXPECT_EQ(error, net::error::eof);
}

TEST(Http, MalformedRequestIs400ThenClosed) {
    temp_dir dir;
    running_server server(test_config(dir));
    http_client client(server.port());
    ASSERT_FALSE(client.write_raw("THIS IS NOT HTTP\r\n\r\n"));
    boost::system::error_code error;
    const std::string received = client.read_all(error);
    EXPECT_TRUE(received.starts_with("HTTP/1.1 400 Bad Request\r\n")) << received;
}

TEST(Http, OversizedBodyIs413) {
    temp_dir dir;
    running_server server(test_config(dir));
    http_client client(server.port());
    http::request<http::string_body> req{http::verb::post, "/healthz", 11};
    req.set(http::field::host, "127.0.0.1");
    req.body() = std::string(64 * 1024, 'x');
    req.prepare_payload();
    boost::system::error_code error;
    const auto response = client.send(req, &error);
    // The server may close before it has read the whole body; when the reply arrives, it says why.
    if (!error) {
        EXPECT_EQ(response.result(), http::status::payload_too_large);
    }
}

TEST(Http, ARequestThatNeverCompletesIsClosedAfterTheTimeout) {
    temp_dir dir;
    running_server server(test_config(dir));  // handshake_timeout: 1 s
    http_client client(server.port());
    ASSERT_FALSE(client.write_raw("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"));  // no blank line: incomplete
    boost::system::error_code error;
    client.read_all(error);
    EXPECT_NE(error, net::error::timed_out) << "the server kept the connection open";
}

TEST(Metrics, LatencyHistogramIsCumulative) {
    metrics m;
    m.observe_latency(std::chrono::microseconds(50));   // <= 0.0001
    m.observe_latency(std::chrono::microseconds(300));  // <= 0.0005
    m.observe_latency(std::chrono::seconds(2));         // only +Inf
    const std::string text = m.render({1, 2, 3, 4}, 4096);
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"0.0001\"} 1\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"0.00025\"} 1\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"0.0005\"} 2\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"1\"} 2\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_bucket{le=\"+Inf\"} 3\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_count 3\n")) << text;
    EXPECT_TRUE(contains(text, "golf_message_latency_seconds_sum 2.00035\n")) << text;
    EXPECT_TRUE(contains(text, "golf_tables{state=\"waiting\"} 1\n"));
    EXPECT_TRUE(contains(text, "golf_tables{state=\"playing\"} 2\n"));
    EXPECT_TRUE(contains(text, "golf_tables{state=\"between_holes\"} 3\n"));
    EXPECT_TRUE(contains(text, "golf_tables{state=\"finished\"} 4\n"));
    EXPECT_TRUE(contains(text, "golf_resident_memory_bytes 4096\n"));
}

TEST(Metrics, TheDatabaseLinesShowTheStoresHealthAndAreLeftOutWithoutAStore) {
    metrics m;
    persistence::store_health health;
    health.ok = false;
    health.pending = 7;
    health.transactions = 1234;
    health.checkpoints = 5;
    health.failed_attempts = 3;
    health.dropped = 2;
    const std::string text = m.render({}, 4096, &health);
    EXPECT_TRUE(contains(text, "golf_db_ok 0\n")) << text;
    EXPECT_TRUE(contains(text, "golf_db_pending_records 7\n")) << text;
    EXPECT_TRUE(contains(text, "golf_db_transactions_total 1234\n")) << text;
    EXPECT_TRUE(contains(text, "golf_db_checkpoints_total 5\n")) << text;
    EXPECT_TRUE(contains(text, "golf_db_failed_writes_total 3\n")) << text;
    EXPECT_TRUE(contains(text, "golf_db_dropped_records_total 2\n")) << text;
    EXPECT_FALSE(contains(m.render({}, 4096), "golf_db_")) << "no store, no database lines";
}

TEST(Metrics, ResidentBytesReadsThisProcess) { EXPECT_GT(resident_bytes(), 0); }

}  // namespace
}  // namespace http_tests
}  // namespace golf::server::testing
