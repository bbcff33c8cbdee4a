// The listener: accepts TCP connections on its own strand and gives each one an HTTP session (which upgrades
// /ws to a WebSocket session). An address already holding its limit of connections gets a 503 and is closed.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "server/net/connection_socket.hpp"
#include "server/net/shared_state.hpp"

namespace golf::server {

class listener : public std::enable_shared_from_this<listener> {
public:
    // Opens, binds and listens; throws std::runtime_error naming the endpoint when that fails (e.g. in use).
    listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
             std::shared_ptr<shared_state> state);

    std::uint16_t port() const { return port_; }
    void run();
    // Stops accepting; connections already accepted carry on. Safe from any thread.
    void stop();

private:
    void do_accept();
    void on_accept(boost::system::error_code error, connection_socket socket);

    boost::asio::io_context& io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer backoff_;  // after an accept error such as too many open files
    std::shared_ptr<shared_state> state_;
    std::uint16_t port_ = 0;
};

}  // namespace golf::server
