// What a `golf load` run drives: a table of bot seats (golf-server) or one echo connection (bench/echo_server).
// Drivers are made and started on the main thread; their connections' handlers then run on the I/O threads, each
// driver on its own strand.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <memory>

#include "cli/load/load_settings.hpp"
#include "cli/load/load_stats.hpp"

namespace golf::cli::load {

class driver {
public:
    virtual ~driver() = default;
    // Main thread: opens the driver's connections, each from the source address `next_source` picks (and moves on).
    virtual void start(std::uint64_t& next_source) = 0;
    // Any thread: drops every connection at once.
    virtual void abort_all() = 0;
    // The measurement window opens at `start`; an open-loop schedule starts at `phase` (0 to 1) of one interval.
    virtual void begin_window(clock_type::time_point start, double phase) = 0;
    // Counts a move whose update has not come long after `now`, as an error (tables only).
    virtual void check_stall(clock_type::time_point) {}
};

// `interval`: with --rate, the open-loop spacing of this driver's moves (or frames); else the least gap between
// a table's moves (zero for echo).
std::unique_ptr<driver> make_table_driver(boost::asio::io_context& io, const settings& config, shared_stats& stats,
                                          int number, clock_type::duration interval, std::uint64_t seed);
// A table of golf-server's own bots beside the measured ones (--bot-tables): only its host is a client here.
std::unique_ptr<driver> make_bot_table_driver(boost::asio::io_context& io, const settings& config, shared_stats& stats,
                                              int number, std::uint64_t seed);
std::unique_ptr<driver> make_echo_driver(boost::asio::io_context& io, const settings& config, shared_stats& stats,
                                         int number, clock_type::duration interval);

}  // namespace golf::cli::load
