// One WebSocket connection: the handshake (Hello within the handshake timeout, answered by Welcome), then every
// message to the registry. Reads one binary frame at a time (bounded by read_message_max and a per-connection
// message rate); writes one frame at a time from a bounded FIFO, and cuts off a client that cannot keep up.
// All of the session's state lives on its strand; send() and close() post there from any thread.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <string>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"
#include "server/shared_state.hpp"

namespace golf::server {

class websocket_session : public client_link,
                          public connection,
                          public std::enable_shared_from_this<websocket_session> {
public:
    websocket_session(boost::asio::ip::tcp::socket socket, std::shared_ptr<shared_state> state,
                      std::unique_ptr<shared_state::ticket> ticket);
    ~websocket_session() override;

    // Completes the WebSocket handshake for the upgrade request the HTTP session read.
    void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

    void send(std::shared_ptr<const std::string> frame) override;
    void close(std::string_view reason) override;
    const std::string& session_id() const override { return session_id_; }
    const std::string& remote_address() const override { return address_; }
    void shut_down() override;

private:
    using clock = std::chrono::steady_clock;
    using close_code = boost::beast::websocket::close_code;

    void on_accept(boost::system::error_code error);
    void on_deadline(boost::system::error_code error);
    void do_read();
    void on_read(boost::system::error_code error, std::size_t bytes);
    void handle(v1::ClientMessage message, clock::time_point received);
    void reply(std::shared_ptr<const std::string> frame, clock::time_point received);
    bool take_token(clock::time_point now);
    void enqueue(std::shared_ptr<const std::string> frame);
    void do_write();
    void on_write(boost::system::error_code error, std::size_t bytes);
    void begin_close(std::string reason, close_code code);
    void on_close(boost::system::error_code error);
    void finish(std::string_view why);
    void log_error(std::string_view what, const boost::system::error_code& error) const;

    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::shared_ptr<shared_state> state_;
    std::unique_ptr<shared_state::ticket> ticket_;
    const std::string session_id_;
    const std::string address_;
    // The Hello deadline, then (once closing) the deadline for the close to finish.
    boost::asio::steady_timer deadline_;
    std::deque<std::shared_ptr<const std::string>> queue_;  // front() is being written
    bool open_ = false;                                     // the WebSocket handshake completed
    bool greeted_ = false;                                  // Hello answered with Welcome
    bool closing_ = false;                                  // Closing queued: nothing more is read or sent
    bool finished_ = false;                                 // the connection is gone and has been reported
    std::string close_why_;
    boost::beast::websocket::close_reason close_reason_;
    double tokens_ = 0;  // the message rate limit's bucket
    clock::time_point refilled_;
};

// 16 bytes from OpenSSL's generator, as 32 hex digits.
std::string random_session_id();

}  // namespace golf::server
