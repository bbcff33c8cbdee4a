// One `golf load` run, once its flags are read and checked: set every table (or echo connection) up, measure for
// the run's duration, then report.
#pragma once

#include "cli/load/load_settings.hpp"

namespace golf::cli::load {

// Returns the exit status; throws run_failure when the run cannot start (no address, too few open files).
int run(settings& config);

}  // namespace golf::cli::load
