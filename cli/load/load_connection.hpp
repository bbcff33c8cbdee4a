// One asynchronous WebSocket client connection for `golf load`: TCP connect from a chosen source address (so tens of
// thousands of connections are not limited to one address's ephemeral ports), the WebSocket handshake, then, for
// golf-server, Hello answered by Welcome. Every frame received goes to the owner's callback; frames sent wait in a
// FIFO with one write in flight. Nothing here blocks and nothing owns a thread: all of a connection's handlers run
// on the executor it is given (the load tool gives every connection of one table the same strand), and the owner
// is called only there. A wss:// target adds a TLS handshake after the connect; the plain path stays as it was,
// one test of which stream is in use per operation.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/basic_waitable_timer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "clients/cpp/tls_client.hpp"

namespace golf::cli::load {

using strand = boost::asio::strand<boost::asio::io_context::executor_type>;
// The strand is part of the socket's type, so reads, writes and posts call it directly rather than through
// any_io_executor (as golf-server's sessions do; see server/net/connection_socket.hpp).
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
    std::string host;  // for the Host header (and, with TLS, the name the certificate must carry)
    std::string path;  // e.g. "/ws"
    std::shared_ptr<boost::asio::ssl::context> tls;  // wss://: shared by every connection; null for ws://
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
    void on_tls_handshake(boost::system::error_code error);
    void start_websocket();
    void on_handshake(boost::system::error_code error);
    void do_read();
    void on_read(boost::system::error_code error, std::size_t bytes);
    void do_write();
    void on_write(boost::system::error_code error, std::size_t bytes);
    void lose(const std::string& why);

    using plain_stream = boost::beast::websocket::stream<socket_type>;
    using tls_stream = boost::beast::websocket::stream<boost::beast::ssl_stream<socket_type>>;
    // Calls `f` with whichever stream this connection has.
    template <class F>
    decltype(auto) with_ws(F&& f) {
        if (plain_) return f(*plain_);
        return f(*secure_);
    }
    socket_type& socket();

    // Straight on the socket (or TLS over it): the WebSocket stream keeps its own timeouts once open; connecting
    // has its own timer. Exactly one of the two is set.
    std::optional<plain_stream> plain_;
    std::optional<tls_stream> secure_;
    std::shared_ptr<client::tls::verdict> verdict_;  // what the certificate check found (TLS only)
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
