// The WebSocket session over real sockets: the Hello/Welcome handshake and its failures, Ping/Pong, every kind of
// bad input closing with a reason, timeouts, the message rate limit, a slow reader cut off with a bounded queue,
// the per-address connection limit, and a graceful stop telling connected clients.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "tests/server/net_test_support.hpp"

namespace golf::server::testing {
namespace session_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

TEST(Session, HelloIsAnsweredByWelcome) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    ASSERT_FALSE(client.connect_error());
    ASSERT_FALSE(client.handshake());
    ASSERT_FALSE(client.write(serialize(hello_message(1, 42))));
    const auto reply = client.read();
    ASSERT_TRUE(reply && reply->has_welcome());
    EXPECT_EQ(reply->request_id(), 42u);
    EXPECT_EQ(reply->welcome().server_version(), GOLF_VERSION);
    EXPECT_EQ(reply->welcome().protocol_version(), 1u);
    const std::string& id = reply->welcome().session_id();
    EXPECT_EQ(id.size(), 32u);
    EXPECT_TRUE(std::all_of(id.begin(), id.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
        << id;
}

TEST(Session, EverySessionGetsItsOwnId) {
    temp_dir dir;
    running_server server(test_config(dir));
    std::set<std::string> ids;
    for (int i = 0; i < 5; ++i) {
        ws_client client(server.port());
        ids.insert(client.greet().session_id());
    }
    EXPECT_EQ(ids.size(), 5u);
}

TEST(Session, PingIsAnsweredByPongWithTheNonce) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    for (const std::uint64_t nonce : {std::uint64_t{0}, std::uint64_t{7}, ~std::uint64_t{0}}) {
        ASSERT_FALSE(client.write(serialize(ping_message(nonce, 9))));
        const auto reply = client.read();
        ASSERT_TRUE(reply && reply->has_pong());
        EXPECT_EQ(reply->pong().nonce(), nonce);
        EXPECT_EQ(reply->request_id(), 9u);
    }
}

TEST(Session, RequestsAfterHelloReachTheRegistry) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    v1::ClientMessage request;
    request.set_request_id(7);
    request.mutable_list_presets();
    ASSERT_FALSE(client.write(serialize(request)));
    const auto reply = client.read();
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->request_id(), 7u);
    EXPECT_TRUE(reply->has_presets()) << reply->DebugString();
}

TEST(Session, RequestBeforeHelloIsRefusedAndClosed) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    ASSERT_FALSE(client.handshake());
    ASSERT_FALSE(client.write(serialize(ping_message(1, 5))));
    const auto reply = client.read();
    ASSERT_TRUE(reply && reply->has_error());
    EXPECT_EQ(reply->request_id(), 5u);
    EXPECT_EQ(reply->error().code(), v1::ERROR_CODE_HELLO_FIRST);
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "the first message must be Hello");
    EXPECT_EQ(client.last_error(), websocket::error::closed);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
}

TEST(Session, SecondHelloIsAnErrorButTheConnectionStays) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    ASSERT_FALSE(client.write(serialize(hello_message(1, 4))));
    const auto reply = client.read();
    ASSERT_TRUE(reply && reply->has_error());
    EXPECT_EQ(reply->error().code(), v1::ERROR_CODE_BAD_REQUEST);
    ASSERT_FALSE(client.write(serialize(ping_message(11))));
    const auto pong = client.read();
    ASSERT_TRUE(pong && pong->has_pong());
}

TEST(Session, TextFrameClosesWithPolicyError) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    ASSERT_FALSE(client.write("{\"hello\": true}", false));
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "binary frames only");
    EXPECT_EQ(client.last_error(), websocket::error::closed);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
    EXPECT_EQ(client.close_reason().reason, "binary frames only");
    EXPECT_EQ(server.counters().bad_frames.load(), 1);
}

TEST(Session, UndecodableFrameClosesWithAReason) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    ASSERT_FALSE(client.write(std::string(11, '\xff')));  // a varint longer than ten bytes: never valid protobuf
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "undecodable frame");
    EXPECT_EQ(client.last_error(), websocket::error::closed);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::bad_payload);
    EXPECT_EQ(client.close_reason().reason, "undecodable frame");
    EXPECT_EQ(server.counters().bad_frames.load(), 1);
}

TEST(Session, UndecodableFrameBeforeHelloAlsoCloses) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    ASSERT_FALSE(client.handshake());
    ASSERT_FALSE(client.write(std::string("\x0f\x0f\x0f", 3)));  // wire type 7 does not exist
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "undecodable frame");
}

TEST(Session, FrameOverTheLimitCloses) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.max_message_bytes = 1024;
    running_server server(config);
    ws_client client(server.port());
    client.greet();
    v1::ClientMessage big = ping_message(1);
    big.mutable_hello()->set_client_name(std::string(4096, 'x'));  // replaces the ping; any message will do
    // The server may reset the connection before the client has finished writing, so the write may fail too.
    (void)client.write(serialize(big));
    EXPECT_FALSE(client.read());
    // Beast sends close code 1009 and tears the connection down without waiting for the rest of the frame, so
    // the client may see the close frame or only a reset; either way the connection is over.
    EXPECT_NE(client.last_error(), net::error::timed_out);
    if (client.last_error() == websocket::error::closed) {
        EXPECT_EQ(client.close_reason().code, websocket::close_code::too_big);
    }
    EXPECT_TRUE(eventually([&] { return server.counters().bad_frames.load() == 1; }));
}

TEST(Session, FrameAtTheLimitIsAccepted) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.max_message_bytes = 1024;
    running_server server(config);
    ws_client client(server.port());
    client.greet();
    v1::ClientMessage ping = ping_message(5);
    // Unknown fields are kept by the parser and ignored: padding up to exactly the limit.
    std::string bytes = serialize(ping);
    const std::size_t padding = 1024 - bytes.size() - 4;  // tag (field 1000, length-delimited) + length: 2 + 2 bytes
    ASSERT_GE(padding, 128u);
    ASSERT_LT(padding, 16384u);
    bytes += std::string("\xc2\x3e", 2);
    bytes += static_cast<char>(0x80 | (padding & 0x7f));
    bytes += static_cast<char>(padding >> 7);
    bytes += std::string(padding, 'p');
    ASSERT_EQ(bytes.size(), 1024u);
    ASSERT_FALSE(client.write(bytes));
    const auto reply = client.read();
    ASSERT_TRUE(reply && reply->has_pong()) << client.last_error().message();
    EXPECT_EQ(reply->pong().nonce(), 5u);
}

TEST(Session, ConnectionThatNeverUpgradesIsClosedAfterTheTimeout) {
    temp_dir dir;
    running_server server(test_config(dir));  // handshake_timeout: 1 s
    ws_client client(server.port());
    ASSERT_FALSE(client.connect_error());
    const auto error = client.wait_for_tcp_close();
    EXPECT_NE(error, net::error::timed_out) << "the server kept a silent connection open";
    EXPECT_TRUE(eventually([&] { return server.get().open_connections() == 0; }));
}

TEST(Session, ConnectionThatNeverSaysHelloIsClosedAfterTheTimeout) {
    temp_dir dir;
    running_server server(test_config(dir));  // handshake_timeout: 1 s
    ws_client client(server.port());
    ASSERT_FALSE(client.handshake());
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "no Hello within 1 s");
    EXPECT_EQ(client.last_error(), websocket::error::closed);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
}

// A server whose idle timeout is 1 s (a ping after 0.5 s of quiet, closed after 1 s without even a pong) and one
// greeted client.
struct idle_watch {
    static server_config config_for(const temp_dir& dir) {
        server_config config = test_config(dir);
        config.idle_timeout = 1s;
        return config;
    }
    temp_dir dir;
    running_server server{config_for(dir)};
    ws_client client{server.port()};
    idle_watch() { client.greet(); }
};

TEST(Session, QuietClientThatAnswersPingsStaysConnected) {
    idle_watch t;
    int pings = 0;
    const auto reply = t.client.answer_pings_for(2500ms, pings);
    ASSERT_TRUE(reply) << t.client.last_error().message();
    EXPECT_TRUE(reply->has_pong());
    EXPECT_GE(pings, 2) << "the server should ping a quiet client about every half timeout";
    EXPECT_EQ(t.server.counters().idle_closed.load(), 0);
    EXPECT_EQ(t.server.get().open_connections(), 1);
}

TEST(Session, ClientThatAnswersNothingIsClosedAfterTheIdleTimeout) {
    idle_watch t;
    // Not reading, so the server's ping goes unanswered.
    EXPECT_TRUE(eventually([&] { return t.server.counters().idle_closed.load() == 1; }));
    const auto closing = t.client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "nothing heard for 1 s");
    EXPECT_EQ(t.client.close_reason().code, websocket::close_code::policy_error);
    EXPECT_TRUE(eventually([&] { return t.server.get().open_connections() == 0; }));
}

TEST(Session, ClientThatKeepsSendingIsNeverIdle) {
    idle_watch t;
    // Messages every 200 ms for 2.4 s, reading only the replies: no ping is needed, and none goes unanswered.
    for (int i = 0; i < 12; ++i) {
        std::this_thread::sleep_for(200ms);
        ASSERT_FALSE(t.client.write(serialize(ping_message(static_cast<std::uint64_t>(i)))));
        const auto reply = t.client.read();
        ASSERT_TRUE(reply && reply->has_pong()) << "message " << i << ": " << t.client.last_error().message();
    }
    EXPECT_EQ(t.server.counters().idle_closed.load(), 0);
}

TEST(Session, FloodIsClosed) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.max_messages_per_second = 10;  // a burst of 20
    running_server server(config);
    ws_client client(server.port());
    client.greet();
    std::string burst;
    for (int i = 0; i < 200; ++i) burst += masked_frame(serialize(ping_message(static_cast<std::uint64_t>(i))));
    ASSERT_FALSE(client.write_raw(burst));  // all in one write, so they arrive together
    int pongs = 0;
    const auto closing = client.read_until_closed(&pongs);
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "too many messages");
    EXPECT_LT(pongs, 200);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
}

TEST(Session, SlowReaderIsCutOff) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.write_queue_limit = 16;
    config.max_messages_per_second = 1'000'000'000;  // this test is about writes, not the rate limit
    running_server server(config);
    ws_client client(server.port(), 4096);  // a small receive buffer, and it is never read
    client.greet();
    // Each Ping is answered by a Pong the client never reads; once the socket buffers are full the server's
    // queue grows until the limit, and the server cuts the connection, so the writes below start failing.
    std::string chunk;
    for (int i = 0; i < 2000; ++i) chunk += masked_frame(serialize(ping_message(~std::uint64_t{0}, ~std::uint32_t{0})));
    boost::system::error_code error;
    for (std::size_t written = 0; !error && written < (std::size_t{256} << 20); written += chunk.size())
        error = client.write_raw(chunk);
    EXPECT_TRUE(error) << "the server never cut off a client that does not read";
    EXPECT_NE(error, net::error::timed_out);
    EXPECT_TRUE(eventually([&] { return server.counters().slow_clients_cut.load() == 1; }));
    EXPECT_TRUE(eventually([&] { return server.counters().connections_open.load() == 0; }));
}

TEST(Session, ConnectionsPerAddressAreLimited) {
    temp_dir dir;
    server_config config = test_config(dir);
    config.max_connections_per_address = 2;
    running_server server(config);
    auto first = std::make_unique<ws_client>(server.port());
    first->greet();
    ws_client second(server.port());
    second.greet();

    const auto refused = http_request(server.port(), "/healthz");
    EXPECT_EQ(refused.result(), http::status::service_unavailable);
    EXPECT_EQ(refused.body(), "too many connections from your address\n");
    EXPECT_EQ(server.counters().connections_refused.load(), 1);

    // A place frees when a connection closes.
    EXPECT_FALSE(first->close());
    first.reset();
    EXPECT_TRUE(eventually([&] { return server.get().open_connections() == 1; }));
    ws_client third(server.port());
    third.greet();
    EXPECT_EQ(server.counters().connections_refused.load(), 1);
}

TEST(Session, StopTellsConnectedClientsAndCloses) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client a(server.port());
    a.greet();
    ws_client b(server.port());
    b.greet();
    std::thread stopper([&] { server.stop(); });
    for (ws_client* client : {&a, &b}) {
        const auto closing = client->read_until_closed();
        ASSERT_TRUE(closing);
        EXPECT_EQ(closing->reason(), "server shutting down");
        EXPECT_EQ(client->last_error(), websocket::error::closed);
    }
    stopper.join();
    EXPECT_EQ(server.counters().connections_open.load(), 0);
}

TEST(Session, StopWithASilentClientFinishesWithinTheDrainTime) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    client.greet();
    server.stop();  // the client never answers the close: the close times out and the server still stops
    EXPECT_EQ(server.counters().connections_open.load(), 0);
    const auto closing = client.read_until_closed();
    ASSERT_TRUE(closing);
    EXPECT_EQ(closing->reason(), "server shutting down");
}

}  // namespace
}  // namespace session_tests
}  // namespace golf::server::testing
