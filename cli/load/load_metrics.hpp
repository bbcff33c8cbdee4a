// The server's own figures for `golf load`: resident memory, open connections and CPU time, read from its
// GET /metrics (Prometheus text) before, at the start of and after the measurement.
#pragma once

#include <cstdint>

#include "cli/load/load_settings.hpp"

namespace golf::cli::load {

struct server_metrics {
    std::int64_t resident_bytes = 0;
    std::int64_t connections_open = -1;
    double cpu_seconds = -1;         // -1: the server does not say
    double cpu_system_seconds = -1;  // the kernel's part of it
};

// GET /metrics on the server (bounded by a few seconds); zeros when it does not answer (the echo server answers
// only the resident memory line).
server_metrics read_metrics(const settings& config);

}  // namespace golf::cli::load
