// One asynchronous WebSocket client connection for `golf load`: TCP connect from a chosen source address (so tens of
// thousands of connections are not limited to one address's ephemeral ports), the WebSocket handshake, then, for
// golf-server, Hello answered by Welcome. Every frame received goes to the owner's callback; frames sent wait in a
// FIFO with one write in flight. Nothing here blocks and nothing owns a thread: all of a connection's handlers run
// on the executor it is given (the load tool gives every connection of one table the same strand), and the owner
// is called only there.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/basic_waitable_timer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

namespace golf::cli::load {

using strand = boost::asio::strand<boost::asio::io_context::executor_type>;
// The strand is part of the socket's type, so reads, writes and posts call it directly rather than through
// any_io_executor (as golf-server's sessions do; see server/connection_socket.hpp).
using socket_type = boost::asio::basic_stream_socket<boost::asio::ip::tcp, strand>;

class ws_connection;

// What a connection tells its owner, always on the connection's strand.
class connection_owner {
public:
    virtual ~connection_owner() = default;
    // The WebSocket (and, with a greeting, Hello/Welcome) is done.
    virtual void on_open(ws_connection& c) = 0;
    // One whole binary frame.
    virtual void on_frame(ws_connection& c, std::string_view frame) = 0;
    // The connection failed or was lost, before or after it opened; called at most once.
    virtual void on_lost(ws_connection& c, const std::string& why) = 0;
};

struct target {
    boost::asio::ip::tcp::endpoint server;
    std::string host;  // for the Host header
    std::string path;  // e.g. "/ws"
};

// What a connection says before on_open: nothing (the echo server), or Hello and wait for Welcome (golf-server),
// optionally asking for accepted moves to be answered by their TableUpdate instead of an Ok.
enum class greeting { none, hello, hello_update_answers_act };

class ws_connection : public std::enable_shared_from_this<ws_connection> {
public:
    // `source`: the local address to bind before connecting (unspecified: the kernel's choice). `id` is the owner's
    // to use.
    ws_connection(strand executor, target where, boost::asio::ip::address source, greeting greet,
                  connection_owner& owner, int id);

    void start();
    // Strand only. Queues one binary frame.
    void send(std::string frame);
    // Any thread: drops the connection at once (no close handshake); the owner is not told.
    void abort();

    int id() const { return id_; }
    const target& where() const { return where_; }
    const boost::asio::ip::address& source() const { return source_; }
    bool is_open() const { return open_; }
    // The connection did open (it may have been lost since).
    bool was_opened() const { return was_opened_; }
    std::uint64_t frames_in() const { return frames_in_; }
    std::uint64_t frames_out() const { return frames_out_; }

private:
    void on_connect(boost::system::error_code error);
    void on_handshake(boost::system::error_code error);
    void do_read();
    void on_read(boost::system::error_code error, std::size_t bytes);
    void do_write();
    void on_write(boost::system::error_code error, std::size_t bytes);
    void lose(const std::string& why);

    // Straight on the socket: the WebSocket stream keeps its own timeouts once open; connecting has its own timer.
    boost::beast::websocket::stream<socket_type> ws_;
    boost::asio::basic_waitable_timer<std::chrono::steady_clock, boost::asio::wait_traits<std::chrono::steady_clock>,
                                      strand>
        connect_deadline_;
    boost::beast::flat_buffer buffer_;
    target where_;
    boost::asio::ip::address source_;
    connection_owner& owner_;
    std::deque<std::string> queue_;  // front() is being written
    int id_;
    greeting greet_;
    bool open_ = false;
    bool was_opened_ = false;
    bool lost_ = false;
    bool aborted_ = false;
    bool connect_timed_out_ = false;
    std::uint64_t frames_in_ = 0;
    std::uint64_t frames_out_ = 0;
};

// 127.0.0.2 .. 127.0.0.254 in turn for connection number `n`, when the server is on loopback; otherwise unspecified
// (the kernel chooses). One source address has only about 28,000 ephemeral ports.
boost::asio::ip::address source_address_for(const boost::asio::ip::tcp::endpoint& server, std::uint64_t n);

}  // namespace golf::cli::load
