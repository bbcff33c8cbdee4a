// golf load: a load generator for golf-server. It plays N tables at once over real WebSocket connections, every seat
// a bot client deciding from its own view, and measures what a player would feel: the time from a move being sent
// to the last seat at the table receiving the update it caused. With --echo it drives a plain WebSocket echo server
// (bench/echo_server) with the same connection code instead, for the stack's own ceiling. This file reads and
// checks the flags; cli/load/load_run.cpp runs, the drivers (cli/load/load_table_driver.cpp,
// cli/load/load_echo_driver.cpp) measure, and cli/load/load_report.cpp prints.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/load/load_run.hpp"
#include "cli/load/load_settings.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"

namespace golf::cli {

namespace {

using load::greeting;
using load::max_moves_per_seat_second;
using load_settings = load::settings;

constexpr int max_seconds = 3600;

// The flags whose meaning depends on others (--echo or not), kept as given until every flag is read.
struct flag_texts {
    std::optional<std::string_view> url, seats, tables, connections, frame_bytes, fanout, bot_tables, bot_level,
        ca_file;
    std::vector<std::string> house_rules;
};

flag_texts read_flags(command_line& args, load_settings& config) {
    flag_texts texts;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--url") {
            texts.url = args.value();
        } else if (flag == "--ca-file") {
            texts.ca_file = args.value();
        } else if (flag == "--tables") {
            texts.tables = args.value();
        } else if (flag == "--seats") {
            texts.seats = args.value();
        } else if (flag == "--rules") {
            config.preset_name = std::string(args.value());
        } else if (flag == "--set") {
            texts.house_rules.emplace_back(args.value());
        } else if (flag == "--duration") {
            config.duration_s = parse_int("--duration", args.value(), 1, max_seconds);
        } else if (flag == "--rate") {
            config.rate = parse_int("--rate", args.value(), 1, 10000000);
        } else if (flag == "--idle-connections") {
            config.idle_connections = parse_int("--idle-connections", args.value(), 0, 1000000);
        } else if (flag == "--level") {
            config.level = std::string(args.value());
        } else if (flag == "--bot-tables") {
            texts.bot_tables = args.value();
        } else if (flag == "--bot-level") {
            texts.bot_level = args.value();
        } else if (flag == "--threads") {
            config.threads = parse_int("--threads", args.value(), 1, 64);
        } else if (flag == "--setup-timeout") {
            config.setup_timeout_s = parse_int("--setup-timeout", args.value(), 1, max_seconds);
        } else if (flag == "--echo") {
            args.expect_no_value();
            config.echo = true;
        } else if (flag == "--connections") {
            texts.connections = args.value();
        } else if (flag == "--frame-bytes") {
            texts.frame_bytes = args.value();
        } else if (flag == "--fanout") {
            texts.fanout = args.value();
        } else if (flag == "--separate-ok") {
            args.expect_no_value();
            config.greet = greeting::hello;
        } else if (flag == "--json") {
            args.expect_no_value();
            config.json = true;
        } else {
            args.unknown_flag();
        }
    }
    return texts;
}

void plan_echo(load_settings& config, const flag_texts& texts) {
    if (texts.tables || texts.seats || !texts.house_rules.empty() || config.idle_connections > 0 || texts.bot_tables ||
        texts.bot_level)
        throw usage_error(
            "--echo takes --connections, not --tables, --seats, --set, --idle-connections, --bot-tables or "
            "--bot-level");
    if (!texts.connections) throw usage_error("missing --connections N (with --echo)");
    config.connections = parse_int("--connections", *texts.connections, 1, 1000000);
    if (texts.frame_bytes) config.frame_bytes = parse_int("--frame-bytes", *texts.frame_bytes, 1, 65536);
    if (texts.fanout) config.fanout = parse_int("--fanout", *texts.fanout, 1, 64);
    if (config.connections % config.fanout != 0)
        throw usage_error("--connections " + std::to_string(config.connections) + ": not a whole number of groups of " +
                          std::to_string(config.fanout) + " (--fanout)");
    if (config.fanout > 1 && config.frame_bytes < 8)
        throw usage_error("--fanout needs --frame-bytes 8 or more (a frame carries its sequence number)");
}

void plan_tables(load_settings& config, const flag_texts& texts) {
    if (texts.connections || texts.frame_bytes || texts.fanout)
        throw usage_error("--connections, --frame-bytes and --fanout go with --echo");
    if (!texts.tables) throw usage_error("missing --tables N");
    config.tables = parse_int("--tables", *texts.tables, 0, 100000);
    if (config.tables == 0 && config.idle_connections == 0) throw usage_error("--tables 0 needs --idle-connections M");
    const preset& base = find_preset_or_throw(config.preset_name);
    config.rules = rules_with_house_rules(base, texts.house_rules);
    config.house_rules = !texts.house_rules.empty();
    if (texts.seats)
        config.seats = parse_int("--seats", *texts.seats, config.rules.min_players, config.rules.max_players);
    else if (config.seats < config.rules.min_players || config.seats > config.rules.max_players)
        config.seats = config.rules.min_players;
    if (const auto problem = match::check(config.rules, config.seats))
        throw usage_error("--seats " + std::to_string(config.seats) + ": " + *problem);
    config.level = bot_level_or_throw("--level", config.level);
    if (texts.bot_tables) config.bot_tables = parse_int("--bot-tables", *texts.bot_tables, 0, 10000);
    if (texts.bot_level && !texts.bot_tables) throw usage_error("--bot-level goes with --bot-tables");
    if (texts.bot_level) config.bot_level = bot_level_or_throw("--bot-level", *texts.bot_level);
    if (config.rate && config.tables > 0 &&
        *config.rate > static_cast<long long>(config.tables) * config.seats * max_moves_per_seat_second)
        throw usage_error("--rate " + std::to_string(*config.rate) + ": more than " +
                          std::to_string(max_moves_per_seat_second) +
                          " moves per second per seat (the server's message limit); add tables");
    if (config.rate && config.tables == 0) throw usage_error("--rate needs --tables");
}

}  // namespace

std::string_view load_usage() {
    return "usage: golf load --url ws[s]://HOST:PORT/ws --tables N [--seats 4] [--rules PRESET] [--set OPTION=VALUE "
           "...]\n"
           "                 [--duration SECONDS] [--rate MOVES_PER_S] [--idle-connections M] [--level LEVEL]\n"
           "                 [--threads T] [--setup-timeout SECONDS] [--separate-ok] [--json]\n"
           "                 [--bot-tables K [--bot-level LEVEL]] [--ca-file PEM]\n"
           "       golf load --echo --url ws://HOST:PORT/ --connections N [--rate FRAMES_PER_S] [--frame-bytes B]\n"
           "                 [--fanout G] [--duration SECONDS] [--threads T] [--json]\n"
           "       golf load --tournament swiss|duplicate|arena --url URL [--players 64] [--seats 4] [--rounds 5 |\n"
           "                 --minutes 20] [--rules PRESET] [--set OPTION=VALUE ...] [--level LEVEL] [--think-ms MS]\n"
           "                 [--timeout S]\n"
           "\n"
           "Load for golf-server: N tables played at once over real WebSocket connections, every seat a bot client\n"
           "deciding from its own view. Each table moves one seat at a time; a move's latency runs from when it was\n"
           "sent (with --rate: from when it was due, so a server falling behind shows) to the last seat receiving\n"
           "the update it caused. Finished matches are rematched, so tables play for the whole run. Connections come\n"
           "from 127.0.0.2 to 127.0.0.254 in turn when the server is on loopback. Through HAProxy in front of several\n"
           "nodes, a join answered ERROR_CODE_TABLE_ELSEWHERE connects again with ?node=NAME and joins there (the\n"
           "report counts these hops). With --echo it drives a WebSocket echo server (bench/echo_server) with the\n"
           "same client code, for the stack's own ceiling.\n"
           "\n"
           "  --url URL             the server's WebSocket, e.g. ws://127.0.0.1:8080/ws, or wss://HOST:PORT/ws\n"
           "                        through a TLS proxy (certificate checked against the system's authorities)\n"
           "  --ca-file PEM         also trust this authority for wss:// (e.g. Caddy's `tls internal` root);\n"
           "                        default $GOLF_CA_FILE\n"
           "  --tables N            tables to play at once (0 to 100000; 0 with --idle-connections only)\n"
           "  --seats N             seats per table (default 4), within the ruleset's player range\n"
           "  --rules PRESET        the preset (default six-card); --set adds house rules\n"
           "  --duration SECONDS    how long to measure, after every table is playing (1 to 3600, default 10)\n"
           "  --rate MOVES_PER_S    open loop: moves offered per second over all tables, on a schedule that\n"
           "                        starts once every table is playing (default: closed loop, each table as fast\n"
           "                        as its updates come back, at most 100 moves/s per seat)\n"
           "  --idle-connections M  extra connections that say Hello and then stay open (0 to 1000000)\n"
           "  --level LEVEL         the bots: random, heuristic, easy, medium, hard or search:N (default heuristic;\n"
           "                        the searching ones think in this tool)\n"
           "  --bot-tables K        also K tables of the server's own bots, not measured, beside the N measured\n"
           "                        ones (0 to 10000): each has one client here, its host, and --seats - 1\n"
           "                        server bots of --bot-level; it rematches for the whole run\n"
           "  --bot-level LEVEL     the bot tables' server bots: random, heuristic, easy, medium, hard or\n"
           "                        search:N (default hard)\n"
           "  --threads T           I/O threads (1 to 64, default 2)\n"
           "  --setup-timeout S     longest wait for every table to be playing (1 to 3600, default 120)\n"
           "  --separate-ok         ask for each move's Ok in a frame of its own, ahead of the update (by default\n"
           "                        the bots set Hello.update_answers_act: the update answers the move)\n"
           "  --echo                drive an echo server: --connections N each echo one frame at a time\n"
           "  --connections N       echo connections (1 to 1000000)\n"
           "  --frame-bytes B       echo frame size (1 to 65536, default 512)\n"
           "  --fanout G            the connections in groups of G (1 to 64, default 1), for `echo_server --fanout\n"
           "                        G`, which writes each frame to its whole group, as golf-server writes a move's\n"
           "                        update to every seat; frames go from each group's connections in turn, each\n"
           "                        timed until the whole group has it\n"
           "  --json                print one JSON object as the last line: moves_per_s, frames_per_s, p50_ms,\n"
           "                        p90_ms, p99_ms, p999_ms, connections, errors, server_rss_bytes, ...; and\n"
           "                        the latency of holes' last moves (hole_end_p50_ms, hole_end_p99_ms) apart\n"
           "                        from the others' (mid_hole_p50_ms, mid_hole_p99_ms), and the latency from\n"
           "                        when each move was written instead of due (from_sent_p50_ms, from_sent_p99_ms)\n"
           "\n"
           "With --tournament it plays a whole tournament instead: --players accounts register (each from an\n"
           "address of its own on loopback), the first organises and starts it, and every entrant plays each\n"
           "table it is told of with a --level bot of its own, waiting --think-ms before each move as a person\n"
           "would (0 unless set), until the tournament is over (--timeout, default 3600 s). It reports the\n"
           "rounds, the tables, the wait between one table and the next, the moves, the refusals and the top of\n"
           "the standing; exit status 1 unless the tournament finished without a failure.\n"
           "\n"
           "Every unexpected Error reply and every lost connection counts in errors. Progress goes to stderr each\n"
           "second when it is a terminal. Exit status: 0 when the run finished (errors or not), 1 when it could not\n"
           "run (no server: nothing could be set up; too few open files), 2 bad flags.\n";
}

int run_load(std::span<const std::string_view> words) {
    if (std::find(words.begin(), words.end(), "--tournament") != words.end()) return run_tournament_load(words);
    command_line args(words);
    load_settings config;
    const flag_texts texts = read_flags(args, config);
    config.url = server_url_or_throw(texts.url);
    config.ca_file = ca_file_or_throw(texts.ca_file, config.url);
    if (config.echo) plan_echo(config, texts);
    else plan_tables(config, texts);

    try {
        return load::run(config);
    } catch (const load::run_failure& e) {
        std::cerr << "golf load: " << e.what() << '\n';
    }
    return exit_failure;
}

}  // namespace golf::cli
