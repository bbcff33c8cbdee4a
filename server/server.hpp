// golf-server in one object: the I/O threads and their io_contexts, the listener, the registry, the counters, and
// graceful shutdown (stop accepting, tables tell their clients, every connection is told and closed, drain,
// threads return). main() and the in-process tests both use it.
//
// Each I/O thread runs an io_context of its own (a shard): the listener deals connections out to them in turn, and
// a table lives on the shard of the connection that created it. A thread's own handlers then go through its own
// queue without a lock, and the threads do not take turns at one scheduler's mutex and one epoll set; work for
// another shard (a frame for a seat whose connection is there) is posted to it.
#pragma once

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "server/config.hpp"
#include "server/metrics.hpp"

namespace golf::server {

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
    class shard;

    void shut_down();
    void run_io(boost::asio::io_context& io);
    void stop_io();
    void sweep_idle();

    std::shared_ptr<shared_state> state_;  // first: sessions destroyed with the io_contexts still use it
    std::vector<std::unique_ptr<shard>> shards_;  // one per I/O thread
    // Keeps each thread's run() going while its shard has nothing to do: work may come from another shard.
    std::vector<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> keep_running_;
    boost::asio::io_context& io_;  // the first shard: the listener, the signals and the server's timers
    std::shared_ptr<listener> listener_;
    std::optional<boost::asio::signal_set> signals_;
    boost::asio::steady_timer drain_deadline_;
    // Four times per idle timeout, every connection checks how long it has been quiet: one timer for the server
    // rather than a wait on every idle connection (about 650 bytes each; Beast's own idle timer cost about 250).
    boost::asio::steady_timer idle_sweep_;
    std::atomic<bool> stopping_{false};
    std::uint16_t port_ = 0;
};

}  // namespace golf::server
