// golf load's idle connections: each says Hello, gets its Welcome, then only stays open (the WebSocket answers
// the server's pings), for what holding many quiet players costs the server. One owner serves them all.
#pragma once

#include <string>
#include <string_view>

#include "cli/load/load_connection.hpp"
#include "cli/load/load_stats.hpp"

namespace golf::cli::load {

// Idle connections: Hello, Welcome, then nothing but staying open (the WebSocket answers the server's pings).
class idle_owner final : public connection_owner {
public:
    explicit idle_owner(shared_stats& stats) : stats_(stats) {}
    void on_open(ws_connection&) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        stats_.ready.fetch_add(1);
    }
    void on_frame(ws_connection&, std::string_view) override {}
    void on_lost(ws_connection& c, const std::string& why) override {
        if (c.was_opened()) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        if (stats_.stopping.load()) return;
        if (!c.was_opened()) stats_.failed.fetch_add(1);
        stats_.error("idle connection " + std::to_string(c.id()) + ": " + why);
    }

private:
    shared_stats& stats_;
};

}  // namespace golf::cli::load
