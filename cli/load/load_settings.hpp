// What one `golf load` run was asked for, as read from its flags and checked (cli/load/load_command.cpp), and the
// limits the run keeps to whatever it was asked.
#pragma once

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli/load/load_connection.hpp"
#include "engine/ruleset.hpp"

namespace golf::cli::load {

using clock_type = std::chrono::steady_clock;

// golf-server closes a connection sending more than 200 messages a second on average; a table in closed loop moves
// at most this often per seat, so the load tool never trips that limit itself.
constexpr int max_moves_per_seat_second = 100;

struct settings {
    std::string url;
    std::string ca_file;  // wss://: an authority trusted beside the system's (--ca-file, GOLF_CA_FILE)
    target where;
    bool echo = false;
    int tables = 0;
    int seats = 4;
    std::string preset_name = "six-card";
    ruleset rules;
    bool house_rules = false;
    std::string level = "heuristic";
    int bot_tables = 0;              // tables of the server's own bots beside the measured ones
    std::string bot_level = "hard";  // their level (make_bot's name)
    int duration_s = 10;
    std::optional<int> rate;  // moves (or echo frames) per second, over everything
    int idle_connections = 0;
    int connections = 0;    // --echo
    int frame_bytes = 512;  // --echo
    int fanout = 1;         // --echo: connections per group, each frame written to the whole group
    int threads = 2;
    int setup_timeout_s = 120;
    bool json = false;
    // Moves answered by their TableUpdate (Hello.update_answers_act); --separate-ok: by an Ok frame first.
    greeting greet = greeting::hello_update_answers_act;
};

// Thrown for a failed run: one line on stderr and exit status 1.
struct run_failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace golf::cli::load
