// Shared by the network tests (http, session, process): golf-server run in this process on 127.0.0.1, and small
// Beast clients that speak raw HTTP and WebSocket (so tests can send what a well-behaved client never would).
// Every wait is bounded: an operation that does not finish within io_timeout fails the test instead of hanging.
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <spdlog/spdlog.h>
#include <string>
#include <thread>

#include "golf/v1/messages.pb.h"
#include "server/config.hpp"
#include "server/server.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::server::testing {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using namespace std::chrono_literals;

inline constexpr std::chrono::seconds io_timeout{10};

using golf::testing::temp_dir;

// A configuration for in-process tests: loopback, any free port, short timeouts, the database in `dir`.
inline server_config test_config(const temp_dir& dir) {
    spdlog::set_level(spdlog::level::warn);
    server_config config;
    config.host = "127.0.0.1";
    config.port = 0;
    config.threads = 2;
    config.db = (dir.path() / "golf.db").string();
    config.web_root = (dir.path() / "web").string();  // none unless a test makes one
    config.handshake_timeout = 1s;
    config.bot_delay = 0ms;
    config.between_holes = 0ms;
    return config;
}

// golf-server on its own thread for the length of a test.
class running_server {
public:
    explicit running_server(server_config config) : server_(std::move(config)) {
        port_ = server_.start();
        thread_ = std::thread([this] { server_.run(); });
    }
    ~running_server() { stop(); }
    running_server(const running_server&) = delete;
    running_server& operator=(const running_server&) = delete;

    // Graceful stop; returns once the server's threads have finished.
    void stop() {
        if (!thread_.joinable()) return;
        server_.stop();
        thread_.join();
    }
    std::uint16_t port() const { return port_; }
    server& get() { return server_; }
    metrics& counters() { return server_.counters(); }

private:
    server server_;
    std::uint16_t port_ = 0;
    std::thread thread_;
};

// Polls `condition` (every 5 ms, for at most io_timeout): for effects that happen on the server's threads.
inline bool eventually(const std::function<bool()>& condition) {
    const auto deadline = std::chrono::steady_clock::now() + io_timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(5ms);
    }
    return true;
}

// Runs one asynchronous operation on `io` to completion or until io_timeout passes; then `cancel` aborts it and
// the result is timed_out.
template <class Start>
boost::system::error_code bounded(net::io_context& io, Start&& start, const std::function<void()>& cancel) {
    std::optional<boost::system::error_code> result;
    io.restart();
    start([&result](boost::system::error_code error, auto&&...) { result = error; });
    io.run_for(io_timeout);
    if (result) return *result;
    cancel();
    io.restart();
    io.run();
    return net::error::timed_out;
}

// One client WebSocket frame carrying `payload` (binary), masked as RFC 6455 requires of clients; the mask key is
// zero, so the payload goes out as it is. Used to write many frames in one socket write.
inline std::string masked_frame(std::string_view payload, bool binary = true) {
    std::string frame;
    frame += static_cast<char>(binary ? 0x82 : 0x81);
    const std::size_t n = payload.size();
    if (n < 126) {
        frame += static_cast<char>(0x80 | n);
    } else if (n < 65536) {
        frame += static_cast<char>(0x80 | 126);
        frame += static_cast<char>(n >> 8);
        frame += static_cast<char>(n & 0xff);
    } else {
        frame += static_cast<char>(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8) frame += static_cast<char>((n >> shift) & 0xff);
    }
    frame.append(4, '\0');
    frame.append(payload);
    return frame;
}

inline std::string serialize(const v1::ClientMessage& message) {
    std::string bytes;
    message.SerializeToString(&bytes);
    return bytes;
}

inline v1::ClientMessage hello_message(std::uint32_t version = 1, std::uint32_t request_id = 0) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_hello()->set_client_name("net test");
    message.mutable_hello()->set_protocol_version(version);
    return message;
}

inline v1::ClientMessage ping_message(std::uint64_t nonce, std::uint32_t request_id = 0) {
    v1::ClientMessage message;
    message.set_request_id(request_id);
    message.mutable_ping()->set_nonce(nonce);
    return message;
}

// A raw WebSocket client over Beast. Each call waits at most io_timeout.
class ws_client {
public:
    // Connects the TCP socket; a small receive buffer (bytes) makes a client that does not read fill up sooner.
    explicit ws_client(std::uint16_t port, int receive_buffer = 0) : ws_(io_) {
        tcp::socket& socket = beast::get_lowest_layer(ws_).socket();
        socket.open(tcp::v4());
        if (receive_buffer > 0) socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
        const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
        connect_error_ = run([&](auto handler) { beast::get_lowest_layer(ws_).async_connect(endpoint, handler); });
    }

    const boost::system::error_code& connect_error() const { return connect_error_; }

    boost::system::error_code handshake() {
        return run([&](auto handler) { ws_.async_handshake("127.0.0.1", "/ws", handler); });
    }

    // Connects, does the WebSocket handshake and Hello; fails the test if any step fails.
    v1::Welcome greet() {
        EXPECT_FALSE(connect_error_) << connect_error_.message();
        const auto error = handshake();
        EXPECT_FALSE(error) << error.message();
        EXPECT_FALSE(write(serialize(hello_message()))) << "writing Hello";
        const auto reply = read();
        EXPECT_TRUE(reply && reply->has_welcome()) << (reply ? reply->DebugString() : last_error_.message());
        return reply && reply->has_welcome() ? reply->welcome() : v1::Welcome{};
    }

    boost::system::error_code write(const std::string& bytes, bool binary = true) {
        ws_.binary(binary);
        return run([&](auto handler) { ws_.async_write(net::buffer(bytes), handler); });
    }

    // Bytes straight onto the socket, bypassing the WebSocket framing (see masked_frame).
    boost::system::error_code write_raw(const std::string& bytes) {
        return run([&](auto handler) {
            net::async_write(beast::get_lowest_layer(ws_).socket(), net::buffer(bytes), handler);
        });
    }

    // The next message, or nullopt (then last_error() says why: websocket::error::closed after a close frame).
    std::optional<v1::ServerMessage> read() {
        beast::flat_buffer buffer;
        last_error_ = run([&](auto handler) { ws_.async_read(buffer, handler); });
        if (last_error_) return std::nullopt;
        return decode(buffer);
    }

    // Waits with a read pending for `quiet` (Beast answers the server's WebSocket pings while a read waits), then
    // sends a Ping message and returns the next message: its Pong, or whatever ended the wait early (a Closing).
    // `pings` counts the pings that came meanwhile. nullopt (last_error() says why) when the connection ended.
    std::optional<v1::ServerMessage> answer_pings_for(std::chrono::milliseconds quiet, int& pings) {
        pings = 0;
        ws_.control_callback([&pings](websocket::frame_type kind, beast::string_view) {
            if (kind == websocket::frame_type::ping) ++pings;
        });
        const std::string ping = serialize(ping_message(77, 78));  // outlives its write
        beast::flat_buffer buffer;
        std::optional<boost::system::error_code> read_result;
        io_.restart();
        ws_.async_read(buffer, [&read_result](boost::system::error_code error, std::size_t) { read_result = error; });
        io_.run_for(quiet);
        if (!read_result) ws_.async_write(net::buffer(ping), [](boost::system::error_code, std::size_t) {});
        io_.restart();
        io_.run_for(io_timeout);  // returns once the read (and the write) are done
        if (!read_result) beast::get_lowest_layer(ws_).close();
        io_.restart();
        io_.run();
        ws_.control_callback();
        last_error_ = read_result ? *read_result : net::error::timed_out;
        if (last_error_) return std::nullopt;
        return decode(buffer);
    }

    // Reads until the connection ends; returns the Closing message seen on the way (if any).
    std::optional<v1::Closing> read_until_closed(int* messages_before = nullptr) {
        std::optional<v1::Closing> closing;
        int count = 0;
        for (int i = 0; i < 1000000; ++i) {
            const auto message = read();
            if (!message) break;
            if (message->has_closing()) closing = message->closing();
            else if (!closing) ++count;
        }
        if (messages_before) *messages_before = count;
        return closing;
    }

    // Waits for the server to end the TCP connection (eof or reset), discarding anything it sends.
    boost::system::error_code wait_for_tcp_close() {
        tcp::socket& socket = beast::get_lowest_layer(ws_).socket();
        std::array<char, 4096> scratch{};
        for (;;) {
            const auto error = run([&](auto handler) { socket.async_read_some(net::buffer(scratch), handler); });
            if (error) return error;
        }
    }

    boost::system::error_code close() {
        return run([&](auto handler) { ws_.async_close(websocket::close_code::normal, handler); });
    }

    const boost::system::error_code& last_error() const { return last_error_; }
    const websocket::close_reason& close_reason() const { return ws_.reason(); }
    websocket::stream<beast::tcp_stream>& stream() { return ws_; }

private:
    template <class Start>
    boost::system::error_code run(Start&& start) {
        return bounded(io_, std::forward<Start>(start), [this] { beast::get_lowest_layer(ws_).close(); });
    }

    static std::optional<v1::ServerMessage> decode(const beast::flat_buffer& buffer) {
        v1::ServerMessage message;
        const auto data = buffer.data();
        if (!message.ParseFromArray(data.data(), static_cast<int>(data.size()))) {
            ADD_FAILURE() << "the server sent an undecodable frame";
            return std::nullopt;
        }
        return message;
    }

    net::io_context io_;
    websocket::stream<beast::tcp_stream> ws_;
    boost::system::error_code connect_error_;
    boost::system::error_code last_error_;
};

// A keep-alive HTTP/1.1 client for one connection.
class http_client {
public:
    explicit http_client(std::uint16_t port) : stream_(io_) {
        const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
        connect_error_ = run([&](auto handler) { stream_.async_connect(endpoint, handler); });
    }

    // Sends one request and reads the response; a failure is reported in `error`.
    http::response<http::string_body> request(http::verb method, const std::string& target,
                                              boost::system::error_code* error = nullptr, bool keep_alive = true) {
        http::request<http::string_body> req{method, target, 11};
        req.set(http::field::host, "127.0.0.1");
        req.keep_alive(keep_alive);
        return send(req, error);
    }

    http::response<http::string_body> send(http::request<http::string_body>& req,
                                           boost::system::error_code* error = nullptr) {
        http::response_parser<http::string_body> parser;
        parser.body_limit(16 << 20);
        parser.skip(req.method() == http::verb::head);  // a reply to HEAD has a length but no body
        boost::system::error_code failure = connect_error_;
        if (!failure) failure = run([&](auto handler) { http::async_write(stream_, req, handler); });
        if (!failure) failure = run([&](auto handler) { http::async_read(stream_, buffer_, parser, handler); });
        http::response<http::string_body> response = parser.release();
        if (error) {
            *error = failure;
        } else {
            EXPECT_FALSE(failure) << failure.message();
        }
        return response;
    }

    boost::system::error_code write_raw(const std::string& bytes) {
        return run([&](auto handler) { net::async_write(stream_, net::buffer(bytes), handler); });
    }

    // Reads until the server closes; returns what it sent and the error that ended the read (eof when graceful).
    std::string read_all(boost::system::error_code& error) {
        std::string received;
        std::array<char, 4096> scratch{};
        for (;;) {
            std::size_t n = 0;
            error = run([&](auto handler) {
                stream_.async_read_some(net::buffer(scratch),
                                        [&n, handler](boost::system::error_code e, std::size_t got) mutable {
                                            n = got;
                                            handler(e);
                                        });
            });
            received.append(scratch.data(), n);
            if (error) return received;
        }
    }

private:
    template <class Start>
    boost::system::error_code run(Start&& start) {
        return bounded(io_, std::forward<Start>(start), [this] { stream_.close(); });
    }

    net::io_context io_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    boost::system::error_code connect_error_;
};

// GET (or another method) on a fresh connection.
inline http::response<http::string_body> http_request(std::uint16_t port, const std::string& target,
                                                      http::verb method = http::verb::get) {
    http_client client(port);
    return client.request(method, target, nullptr, false);
}

}  // namespace golf::server::testing
