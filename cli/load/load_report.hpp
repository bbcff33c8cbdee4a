// golf load's report: what one run measured, printed as text or (--json) as one JSON object on the last line.
#pragma once

#include <cstdint>

#include "cli/load/load_metrics.hpp"
#include "cli/load/load_settings.hpp"
#include "cli/load/load_stats.hpp"

namespace golf::cli::load {

// What the run took from the clock and the server around the measurement window; the rest is in shared_stats.
struct measurement {
    server_metrics before;         // before the first connection
    server_metrics at_start;       // as the window opened
    server_metrics after;          // as it closed, every connection still open
    double setup_s = 0;            // from the first connection to every table playing
    double elapsed_s = 0;          // the window's length
    std::uint64_t moves = 0;       // moves (or echoes) completed in the window
    std::uint64_t frames = 0;      // frames in and out of the clients in the window
    std::int64_t connections = 0;  // open as the window closed
    double own_cpu = 0;            // this tool's CPU seconds in the window
    double own_cpu_system = 0;     // the kernel's part of it
};

// Prints the report once every I/O thread has stopped; returns the exit status (a failure when nothing could be set
// up, said on stderr).
int report(const settings& config, shared_stats& stats, const measurement& m);

}  // namespace golf::cli::load
