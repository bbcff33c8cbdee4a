// One WebSocket connection: the handshake (Hello within the handshake timeout, answered by Welcome), then every
// message to the registry. Reads one binary frame at a time (bounded by read_message_max and a per-connection
// message rate); writes one frame at a time from a bounded FIFO, and cuts off a client that cannot keep up.
// All of the session's state lives on its strand; send() and close() queue work there from any thread. Once greeted,
// a quiet client is pinged and, if not even a pong comes, closed (watch_idle).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"
#include "server/net/connection_socket.hpp"
#include "server/net/shared_state.hpp"

namespace golf::server {

// The frames waiting for one connection, front() being written: a vector read from an index rather than a deque,
// because libstdc++'s deque allocates about 600 bytes even when empty, and most connections are idle most of the
// time. Empty, it holds no memory; a long queue gives its memory back once drained.
class frame_queue {
public:
    using frame = std::shared_ptr<const std::string>;
    bool empty() const { return head_ == items_.size(); }
    std::size_t size() const { return items_.size() - head_; }
    const frame& front() const { return items_[head_]; }
    void push_back(frame f) { items_.push_back(std::move(f)); }
    void pop_front() {
        items_[head_++].reset();
        if (head_ == items_.size()) {
            head_ = 0;
            items_.clear();
            if (items_.capacity() > kept_capacity) std::vector<frame>().swap(items_);
        } else if (head_ >= 64 && head_ * 2 >= items_.size()) {
            // Never drained (a steady stream): the slots already written are reclaimed now and then.
            items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
    }
    // Everything but the frame being written.
    void drop_waiting() {
        if (!empty()) items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(head_) + 1, items_.end());
    }

private:
    static constexpr std::size_t kept_capacity = 8;  // a move's reply and update, and a little more
    std::vector<frame> items_;
    std::size_t head_ = 0;
};

class websocket_session : public client_link,
                          public connection,
                          public std::enable_shared_from_this<websocket_session> {
public:
    websocket_session(connection_socket socket, std::shared_ptr<shared_state> state,
                      std::unique_ptr<shared_state::ticket> ticket);
    ~websocket_session() override;

    // Completes the WebSocket handshake for the upgrade request the HTTP session read.
    void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

    void send(std::shared_ptr<const std::string> frame) override;
    void close(std::string_view reason) override;
    const std::string& session_id() const override { return session_id_; }
    const std::string& remote_address() const override { return address_; }
    void shut_down() override;
    void check_idle() override;

private:
    using clock = std::chrono::steady_clock;
    using close_code = boost::beast::websocket::close_code;

    void on_accept(boost::system::error_code error);
    void on_deadline(boost::system::error_code error);
    void watch_idle();
    void do_read();
    void on_read_some(boost::system::error_code error, std::size_t bytes);
    void on_read(boost::system::error_code error);
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

    // Straight on the socket, not on a tcp_stream: the WebSocket stream keeps its own timeouts, and a tcp_stream
    // would add a layer of operations (and their allocations) to every read and write.
    boost::beast::websocket::stream<connection_socket> ws_;
    boost::beast::flat_buffer buffer_;
    std::shared_ptr<shared_state> state_;
    std::unique_ptr<shared_state::ticket> ticket_;
    const std::string session_id_;
    const std::string address_;
    // The Hello deadline, then (once closing) the deadline for the close to finish.
    boost::asio::steady_timer deadline_;
    clock::time_point last_heard_;  // the last message, ping or pong from the client
    clock::time_point pinged_at_;   // the last WebSocket ping sent for want of hearing anything
    frame_queue queue_;
    bool open_ = false;      // the WebSocket handshake completed
    bool greeted_ = false;   // Hello answered with Welcome
    bool closing_ = false;   // Closing queued: nothing more is read or sent
    bool finished_ = false;  // the connection is gone and has been reported
    std::string close_why_;
    boost::beast::websocket::close_reason close_reason_;
    double tokens_ = 0;  // the message rate limit's bucket
    clock::time_point refilled_;
};

// 16 bytes from OpenSSL's generator, as 32 hex digits.
std::string random_session_id();

}  // namespace golf::server
