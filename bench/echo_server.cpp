// echo_server: the baseline for `golf load --echo`. The least a Boost.Beast WebSocket server can do per frame, built
// the way golf-server is built (an acceptor on its own strand, a strand per connection typed into its socket,
// TCP_NODELAY, the HTTP request read by Beast and then upgraded, the WebSocket stream straight on the socket, binary
// frames, up to N threads on one io_context, elastic as golf-server's: server/net/io_threads.hpp), so that the ratio
// of golf-server's frames per second to this one's says what the game itself costs. It answers GET /metrics with
// the lines the load tool reads (golf_resident_memory_bytes, golf_process_cpu_seconds_total,
// golf_process_cpu_system_seconds_total) and nothing else.
//
// With --fanout (`golf load --echo --fanout G`) a connection's first frame names its group, and is answered once
// the connection is in it; every frame after is written to each connection of the group, itself included, through
// a write queue per connection, as golf-server writes a move's update to every seat. That is the frames of a move
// and nothing else: no rules, no views, no record.
//
//   echo_server [--host 127.0.0.1] [--port 0] [--threads 2] [--fanout]
//                                                      prints "listening on HOST:PORT", stops on SIGINT/TERM
#include "server/common/metrics.hpp"
#include "server/net/connection_socket.hpp"
#include "server/net/io_threads.hpp"
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <vector>

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

// The same figures golf-server's /metrics reports, read the same way; the same socket type as its sessions.
using golf::server::connection_executor;
using golf::server::connection_socket;
using golf::server::process_cpu_time;
using golf::server::resident_bytes;

class echo_session;

// --fanout: the connections that named the same group. Members are weak: a connection that is gone is skipped.
struct fanout_group {
    std::mutex mutex;
    std::vector<std::weak_ptr<echo_session>> members;
};

class fanout_groups {
public:
    std::shared_ptr<fanout_group> join(const std::string& key, std::weak_ptr<echo_session> member) {
        std::lock_guard lock(mutex_);
        auto& group = by_key_[key];
        if (!group) group = std::make_shared<fanout_group>();
        std::lock_guard group_lock(group->mutex);
        group->members.push_back(std::move(member));
        return group;
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<fanout_group>> by_key_;
};

class echo_session : public std::enable_shared_from_this<echo_session> {
public:
    // `groups` is null for a plain echo.
    echo_session(connection_socket socket, fanout_groups* groups) : ws_(std::move(socket)), groups_(groups) {}

    void run(http::request<http::string_body> upgrade) {
        // No idle timer, as in golf-server (which watches idleness with a timer of its own that a frame does not
        // touch): Beast's re-arms at every read, and the baseline should not pay per frame what golf-server does not.
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = websocket::stream_base::none();
        ws_.set_option(timeouts);
        ws_.read_message_max(64 * 1024);
        ws_.binary(true);
        ws_.async_accept(upgrade, beast::bind_front_handler(&echo_session::on_accept, shared_from_this()));
    }

private:
    using frame = std::shared_ptr<const std::string>;

    void on_accept(beast::error_code error) {
        if (!error) do_read();
    }
    void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&echo_session::on_read, shared_from_this())); }
    void on_read(beast::error_code error, std::size_t) {
        if (error) return;
        if (groups_) return fan_out();
        ws_.binary(ws_.got_binary());
        ws_.async_write(buffer_.data(), beast::bind_front_handler(&echo_session::on_write, shared_from_this()));
    }
    void on_write(beast::error_code error, std::size_t) {
        if (error) return;
        buffer_.consume(buffer_.size());
        do_read();
    }

    // --fanout: the first frame joins its group (and is answered alone), each later one goes to the whole group,
    // each member's copy deferred to its strand as golf-server's table hands a frame to each seat's session.
    void fan_out() {
        auto bytes = std::make_shared<const std::string>(beast::buffers_to_string(buffer_.data()));
        buffer_.consume(buffer_.size());
        if (!group_) {
            group_ = groups_->join(*bytes, weak_from_this());
            queue(std::move(bytes));
        } else {
            // Under the group's lock, which only a join also takes: deferring just queues, and no list is copied.
            std::lock_guard lock(group_->mutex);
            for (const auto& weak : group_->members)
                if (auto member = weak.lock())
                    net::defer(member->ws_.get_executor(), [member, bytes] { member->queue(bytes); });
        }
        do_read();
    }
    void queue(frame bytes) {
        writes_.push_back(std::move(bytes));
        if (writes_.size() == 1) do_write();
    }
    void do_write() {
        ws_.async_write(net::buffer(*writes_.front()),
                        beast::bind_front_handler(&echo_session::on_queued_write, shared_from_this()));
    }
    void on_queued_write(beast::error_code error, std::size_t) {
        if (error) return;
        writes_.pop_front();
        if (!writes_.empty()) do_write();
    }

    websocket::stream<connection_socket> ws_;
    beast::flat_buffer buffer_;
    fanout_groups* groups_;
    std::shared_ptr<fanout_group> group_;
    std::deque<frame> writes_;  // front() is being written
};

// Reads the upgrade request (or answers /metrics), as golf-server's HTTP session does.
class http_session : public std::enable_shared_from_this<http_session> {
public:
    http_session(connection_socket socket, fanout_groups* groups) : stream_(std::move(socket)), groups_(groups) {}

    void run() {
        net::dispatch(stream_.get_executor(), beast::bind_front_handler(&http_session::do_read, shared_from_this()));
    }

private:
    void do_read() {
        request_ = {};
        stream_.expires_after(std::chrono::seconds(10));
        http::async_read(stream_, buffer_, request_,
                         beast::bind_front_handler(&http_session::on_read, shared_from_this()));
    }
    void on_read(beast::error_code error, std::size_t) {
        if (error) return;
        if (websocket::is_upgrade(request_)) {
            stream_.expires_never();
            std::make_shared<echo_session>(stream_.release_socket(), groups_)->run(std::move(request_));
            return;
        }
        auto response = std::make_shared<http::response<http::string_body>>(http::status::ok, request_.version());
        response->set(http::field::content_type, "text/plain");
        const golf::server::cpu_time cpu = process_cpu_time();
        response->body() = "golf_resident_memory_bytes " + std::to_string(resident_bytes()) +
                           "\ngolf_process_cpu_seconds_total " + std::to_string(cpu.total()) +
                           "\ngolf_process_cpu_system_seconds_total " + std::to_string(cpu.system) + "\n";
        response->keep_alive(false);
        response->prepare_payload();
        http::async_write(stream_, *response, [self = shared_from_this(), response](beast::error_code, std::size_t) {
            beast::error_code ignored;
            self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        });
    }

    beast::basic_stream<tcp, connection_executor> stream_;
    beast::flat_buffer buffer_;
    http::request<http::string_body> request_;
    fanout_groups* groups_;
};

class listener : public std::enable_shared_from_this<listener> {
public:
    listener(net::io_context& io, const tcp::endpoint& endpoint, fanout_groups* groups)
        : io_(io), acceptor_(net::make_strand(io)), groups_(groups) {
        acceptor_.open(endpoint.protocol());
        acceptor_.set_option(net::socket_base::reuse_address(true));
        acceptor_.bind(endpoint);
        acceptor_.listen(net::socket_base::max_listen_connections);
    }
    std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
    void run() { do_accept(); }

private:
    void do_accept() {
        acceptor_.async_accept(connection_executor(io_.get_executor()),
                               beast::bind_front_handler(&listener::on_accept, shared_from_this()));
    }
    void on_accept(beast::error_code error, connection_socket socket) {
        if (!error) {
            beast::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<http_session>(std::move(socket), groups_)->run();
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));  // e.g. out of file descriptors
        }
        do_accept();
    }

    net::io_context& io_;
    tcp::acceptor acceptor_;
    fanout_groups* groups_;
};

int number(std::string_view flag, std::string_view text, int min, int max) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || value < min || value > max) {
        std::cerr << "echo_server: " << flag << ": expected " << min << " to " << max << " (got '" << text << "')\n";
        std::exit(2);
    }
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    std::string host = "127.0.0.1";
    int port = 0;
    int threads = 2;
    bool fanout = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (flag == "--fanout") {
            fanout = true;
            continue;
        }
        if (i + 1 >= argc) {
            std::cerr << "echo_server: " << flag
                      << " needs a value (usage: echo_server [--host H] [--port P] "
                         "[--threads N] [--fanout])\n";
            return 2;
        }
        const std::string_view value = argv[++i];
        if (flag == "--host") host = value;
        else if (flag == "--port") port = number(flag, value, 0, 65535);
        else if (flag == "--threads") threads = number(flag, value, 1, 256);
        else {
            std::cerr << "echo_server: unknown option '" << flag << "'\n";
            return 2;
        }
    }
    try {
        net::io_context io(threads);
        fanout_groups groups;
        auto server =
            std::make_shared<listener>(io, tcp::endpoint(net::ip::make_address(host), static_cast<std::uint16_t>(port)),
                                       fanout ? &groups : nullptr);
        server->run();
        std::cout << "listening on " << host << ":" << server->port() << std::endl;
        net::signal_set signals(io, SIGINT, SIGTERM);
        signals.async_wait([&io](beast::error_code, int) { io.stop(); });
        golf::server::io_threads pool(io, threads);  // elastic, as golf-server's
        pool.run([&io] { io.run(); });
    } catch (const std::exception& e) {
        std::cerr << "echo_server: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
