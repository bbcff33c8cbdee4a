#include "server/net/listener.hpp"

#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <spdlog/spdlog.h>
#include <stdexcept>

#include "server/net/http_session.hpp"
#include "server/net/security_headers.hpp"
#include "server/net/trusted_proxies.hpp"

namespace golf::server {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

namespace {

std::string describe(const tcp::endpoint& endpoint) {
    const std::string host = endpoint.address().to_string();
    return (endpoint.address().is_v6() ? "[" + host + "]" : host) + ":" + std::to_string(endpoint.port());
}

// Answers a refused connection with a 503, then waits briefly for the client to finish sending before closing,
// so the reply is not lost to a reset.
class busy_refusal : public std::enable_shared_from_this<busy_refusal> {
public:
    explicit busy_refusal(tcp::socket socket) : stream_(std::move(socket)) {}

    void run() {
        static const std::string response = [] {
            std::string text =
                "HTTP/1.1 503 Service Unavailable\r\n"
                "Content-Type: text/plain\r\n"
                "Content-Length: 39\r\n"
                "Connection: close\r\n";
            for (const auto& [name, value] : security_headers({})) text += std::string(name) + ": " + value + "\r\n";
            return text + "\r\ntoo many connections from your address\n";
        }();
        stream_.expires_after(std::chrono::seconds(2));
        net::async_write(stream_, net::buffer(response),
                         beast::bind_front_handler(&busy_refusal::on_write, shared_from_this()));
    }

private:
    void on_write(boost::system::error_code error, std::size_t) {
        if (error) return;
        stream_.socket().shutdown(tcp::socket::shutdown_send, error);
        drain();
    }

    void drain() {
        stream_.async_read_some(net::buffer(scratch_),
                                [self = shared_from_this()](boost::system::error_code error, std::size_t) {
                                    if (!error) self->drain();
                                });
    }

    beast::tcp_stream stream_;
    std::array<char, 1024> scratch_{};
};

}  // namespace

listener::listener(net::io_context& io, const tcp::endpoint& endpoint, std::shared_ptr<shared_state> state)
    : io_(io), acceptor_(net::make_strand(io)), backoff_(acceptor_.get_executor()), state_(std::move(state)) {
    boost::system::error_code error;
    const auto check = [&](const char* step) {
        if (error)
            throw std::runtime_error("cannot listen on " + describe(endpoint) + " (" + step + "): " + error.message());
    };
    acceptor_.open(endpoint.protocol(), error);
    check("open");
    // Lets a restarted server bind while old connections linger in TIME_WAIT; a live listener still conflicts.
    acceptor_.set_option(net::socket_base::reuse_address(true), error);
    check("set_option");
    acceptor_.bind(endpoint, error);
    check("bind");
    acceptor_.listen(net::socket_base::max_listen_connections, error);
    check("listen");
    port_ = acceptor_.local_endpoint(error).port();
    check("local_endpoint");
}

void listener::run() {
    net::dispatch(acceptor_.get_executor(), beast::bind_front_handler(&listener::do_accept, shared_from_this()));
}

void listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ignored;
        self->acceptor_.close(ignored);
        self->backoff_.cancel();
    });
}

void listener::do_accept() {
    if (!acceptor_.is_open()) return;
    // Each connection gets its own strand, so its handlers never run concurrently; the socket comes typed with it.
    acceptor_.async_accept(connection_executor(io_.get_executor()),
                           beast::bind_front_handler(&listener::on_accept, shared_from_this()));
}

void listener::on_accept(boost::system::error_code error, connection_socket socket) {
    if (error == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (error) {
        // E.g. out of file descriptors: pause instead of spinning on the same error.
        spdlog::warn("accept failed: {}", error.message());
        backoff_.expires_after(std::chrono::milliseconds(100));
        backoff_.async_wait([self = shared_from_this()](boost::system::error_code waited) {
            if (!waited) self->do_accept();
        });
        return;
    }
    const tcp::endpoint remote = socket.remote_endpoint(error);
    if (!error) {
        const std::string address = canonical_address(remote.address().to_string());
        // A trusted proxy's connection is counted once its request names the client (http_session).
        const bool proxied = in_any(state_->config().trusted_proxies, address);
        if (auto ticket =
                proxied ? shared_state::admit_proxied(state_, address) : shared_state::admit(state_, address)) {
            // A reply and the update after it are separate small writes: without this, Nagle's algorithm and
            // delayed ACKs hold the second one back for tens of milliseconds.
            boost::system::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            std::make_shared<http_session>(std::move(socket), state_, std::move(ticket))->run();
        } else {
            state_->counters().connections_refused.fetch_add(1);
            spdlog::info("refused a connection from {}: it already has {} open", address,
                         state_->config().max_connections_per_address);
            std::make_shared<busy_refusal>(std::move(socket))->run();
        }
    }
    do_accept();
}

}  // namespace golf::server
