// golf-server in one object: the io_context and its threads, the listener, the registry, the counters, and
// graceful shutdown (stop accepting, tables tell their clients, every connection is told and closed, drain,
// threads return). main() and the in-process tests both use it.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <optional>

#include "server/common/metrics.hpp"
#include "server/config.hpp"

namespace golf::server {

class cluster;
class accounts;
class tournament_director;

class listener;
class shared_state;

class server {
public:
    explicit server(server_config config);
    ~server();
    server(const server&) = delete;
    server& operator=(const server&) = delete;

    // Binds and starts accepting; returns the bound port (useful with port 0). Throws std::runtime_error with a
    // message naming the address when it cannot listen (e.g. the port is in use).
    std::uint16_t start();
    // Runs the I/O on config.threads threads (the caller's among them) until the server has stopped.
    void run();
    // Graceful stop; safe from any thread, any number of times. run() returns once connections have closed,
    // or after a bounded drain time.
    void stop();
    // SIGINT and SIGTERM call stop(); a second signal during the drain stops at once. Call before run().
    void stop_on_signals();

    std::uint16_t port() const { return port_; }
    const server_config& config() const;
    metrics& counters();
    std::size_t open_connections() const;

    // How long a stop waits for connections to finish their close handshakes.
    static constexpr std::chrono::seconds drain_time{5};

private:
    void shut_down();
    void run_io();
    void sweep_idle();

    std::shared_ptr<shared_state> state_;  // first: sessions destroyed with the io_context still use it
    boost::asio::io_context io_;
    std::shared_ptr<listener> listener_;
    std::shared_ptr<cluster> cluster_;                  // several nodes on one PostgreSQL database (--node) only
    std::shared_ptr<accounts> accounts_;                // held here too, so it stops before the registry goes
    std::shared_ptr<tournament_director> tournaments_;  // likewise
    std::optional<boost::asio::signal_set> signals_;
    boost::asio::steady_timer drain_deadline_;
    // Four times per idle timeout, every connection checks how long it has been quiet: one timer for the server
    // rather than a wait on every idle connection (about 650 bytes each; Beast's own idle timer cost about 250).
    boost::asio::steady_timer idle_sweep_;
    std::atomic<bool> stopping_{false};
    std::uint16_t port_ = 0;
};

}  // namespace golf::server
