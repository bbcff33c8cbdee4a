// The registry: every table by its join code, and the lobby of open public tables. Sessions hand it every
// decoded message after Hello; it answers table-less requests itself (presets, create, join, reclaim, lobby) and
// passes the rest to the table the connection is at, on that table's strand. Maps are guarded by one mutex;
// frames are sent outside it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"
#include "server/config.hpp"
#include "server/metrics.hpp"

namespace golf::server {

class table;

class registry : public std::enable_shared_from_this<registry> {
public:
    registry(boost::asio::io_context& io, const server_config& config, metrics& counters);
    ~registry();

    // Called from the session for every message after the handshake; `received` is when its frame arrived.
    void handle(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                std::chrono::steady_clock::time_point received);
    // The connection is gone: its seat (if any) starts its grace period.
    void disconnected(const std::shared_ptr<client_link>& link);
    // Graceful shutdown: every table tells its clients and stops its timers.
    void shutdown();

    table_counts count_tables() const;

    // Used by tables.
    void lobby_changed();
    void forget(const std::string& code);
    std::shared_ptr<table> find(const std::string& code) const;
    std::shared_ptr<table> find_by_token(const std::string& seat_token) const;
    const server_config& config() const { return config_; }
    metrics& counters() { return metrics_; }

private:
    struct impl;
    boost::asio::io_context& io_;
    const server_config& config_;
    metrics& metrics_;
    std::unique_ptr<impl> impl_;
};

}  // namespace golf::server
