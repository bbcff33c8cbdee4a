#include "server/config.hpp"

#include <algorithm>
#include <array>
#include <boost/asio/ip/address.hpp>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <map>
#include <string_view>
#include <thread>
#include <vector>

#include "server/net/origin_check.hpp"
#include "server/net/protocol_version.hpp"

namespace golf::server {

namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

// The error text for one value (without the flag or variable name), or empty when the value was taken.
using setter = std::string (*)(server_config&, std::string_view);

std::optional<std::int64_t> parse_number(std::string_view text, std::int64_t min, std::int64_t max) {
    std::int64_t value = 0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || stop != end || value < min || value > max) return std::nullopt;
    return value;
}

std::string expected_number(std::string_view text, std::int64_t min, std::int64_t max) {
    return "expected a number from " + std::to_string(min) + " to " + std::to_string(max) + " (got " + quoted(text) +
           ")";
}

// Reads a whole number in [min, max] into `out`, or says what was wrong.
template <class T>
std::string set_number(T& out, std::string_view text, std::int64_t min, std::int64_t max) {
    const auto value = parse_number(text, min, max);
    if (!value) return expected_number(text, min, max);
    out = static_cast<T>(*value);
    return {};
}

constexpr std::array log_levels{"trace", "debug", "info", "warn", "error", "off"};

struct option {
    std::string_view flag;
    std::string_view variable;
    std::string_view argument;
    std::string_view help;
    setter set;
    bool repeatable = false;  // each flag adds a value, and the variable holds several, comma-separated
};

const std::array options{
    option{"--host", "GOLF_HOST", "ADDRESS", "IP address to listen on (default 0.0.0.0; localhost: 127.0.0.1)",
           [](server_config& c, std::string_view text) -> std::string {
               boost::system::error_code error;
               if (text != "localhost") (void)boost::asio::ip::make_address(std::string(text), error);
               if (text.empty() || error)
                   return "expected an IP address such as 0.0.0.0 or ::1 (got " + quoted(text) + ")";
               c.host = std::string(text);
               return {};
           }},
    option{"--port", "GOLF_PORT", "PORT", "TCP port for WebSocket and HTTP (default 8080; 0: any free port)",
           [](server_config& c, std::string_view text) { return set_number(c.port, text, 0, 65535); }},
    option{"--db", "GOLF_DB", "PATH|URL",
           "SQLite database file (default golf.db in the working directory), or a PostgreSQL server as "
           "postgresql://USER:PASSWORD@HOST:PORT/DATABASE",
           [](server_config& c, std::string_view text) -> std::string {
               if (text.empty()) return "expected a file path or a postgresql:// URL (got '')";
               c.db = std::string(text);
               return {};
           }},
    option{"--db-sync", "GOLF_DB_SYNC", "MODE",
           "normal (default: a crash loses nothing, a power cut at most the last moments) or full (every write "
           "synced to disk)",
           [](server_config& c, std::string_view text) -> std::string {
               if (text != "normal" && text != "full") return "expected normal or full (got " + quoted(text) + ")";
               c.db_synchronous_full = text == "full";
               return {};
           }},
    option{"--db-move-delay-ms", "GOLF_DB_MOVE_DELAY_MS", "MS",
           "how long the hand in play may wait to be written after a move, so a busy server writes many moves "
           "in one transaction (default 20; 0: after every move; finished holes are never delayed)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t ms = 0;
               auto error = set_number(ms, text, 0, 10000);
               if (error.empty()) c.db_move_delay = std::chrono::milliseconds(ms);
               return error;
           }},
    option{"--durability", "GOLF_DURABILITY", "WHAT",
           "holes (default: a finished hole is shown once written; moves within --db-move-delay-ms) or moves (every "
           "move, its mover's answer included, is shown only once written)",
           [](server_config& c, std::string_view text) -> std::string {
               if (text != "holes" && text != "moves") return "expected holes or moves (got " + quoted(text) + ")";
               c.durable_moves = text == "moves";
               return {};
           }},
    option{"--db-connect-retry-s", "GOLF_DB_CONNECT_RETRY_S", "SECONDS",
           "PostgreSQL: how long a start keeps trying a database server it cannot reach (default 30; a refused "
           "login fails at once)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t seconds = 0;
               auto error = set_number(seconds, text, 0, 3600);
               if (error.empty()) c.db_connect_retry = std::chrono::seconds(seconds);
               return error;
           }},
    option{"--node", "GOLF_NODE", "NAME",
           "this node's name when several golf-server nodes share one PostgreSQL --db (letters, digits, - and _; "
           "default: the only node)",
           [](server_config& c, std::string_view text) -> std::string {
               const bool valid =
                   !text.empty() && text.size() <= 32 && std::all_of(text.begin(), text.end(), [](char ch) {
                       return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_';
                   });
               if (!valid) return "expected 1 to 32 letters, digits, - or _ (got " + quoted(text) + ")";
               c.node = std::string(text);
               return {};
           }},
    option{"--node-timeout-ms", "GOLF_NODE_TIMEOUT_MS", "MS",
           "how long a node may be silent before the others take its tables over (default 3000)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t ms = 0;
               auto error = set_number(ms, text, 500, 600000);
               if (error.empty()) c.node_timeout = std::chrono::milliseconds(ms);
               return error;
           }},
    option{"--web-root", "GOLF_WEB_ROOT", "DIR", "the built web client served at / (default: the build's web folder)",
           [](server_config& c, std::string_view text) -> std::string {
               if (text.empty()) return "expected a directory (got '')";
               c.web_root = std::string(text);
               return {};
           }},
    option{"--threads", "GOLF_THREADS", "N",
           "I/O threads at most: the first always runs, the others join while it is busy (default: the number "
           "of hardware threads)",
           [](server_config& c, std::string_view text) { return set_number(c.threads, text, 1, 256); }},
    option{"--log-level", "GOLF_LOG_LEVEL", "LEVEL", "trace, debug, info, warn, error or off (default info)",
           [](server_config& c, std::string_view text) -> std::string {
               if (std::find(log_levels.begin(), log_levels.end(), text) == log_levels.end())
                   return "expected one of trace, debug, info, warn, error, off (got " + quoted(text) + ")";
               c.log_level = std::string(text);
               return {};
           }},
    option{"--seat-grace", "GOLF_SEAT_GRACE", "SECONDS", "how long a dropped player's seat is held (default 120)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t seconds = 0;
               auto error = set_number(seconds, text, 0, 86400);
               if (error.empty()) c.seat_grace = std::chrono::seconds(seconds);
               return error;
           }},
    option{"--bot-delay-ms", "GOLF_BOT_DELAY_MS", "MS", "server bots' pause before each move (default 400)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t ms = 0;
               auto error = set_number(ms, text, 0, 60000);
               if (error.empty()) c.bot_delay = std::chrono::milliseconds(ms);
               return error;
           }},
    option{"--bot-threads", "GOLF_BOT_THREADS", "N",
           "threads the searching server bots (easy, medium, hard, search) think on, apart from the I/O threads "
           "(default: half the hardware threads, at least 1)",
           [](server_config& c, std::string_view text) { return set_number(c.bot_threads, text, 1, 256); }},
    option{"--between-holes-ms", "GOLF_BETWEEN_HOLES_MS", "MS",
           "the longest a hole's review waits for every player's Next hole (default 60000)",
           [](server_config& c, std::string_view text) -> std::string {
               std::int64_t ms = 0;
               auto error = set_number(ms, text, 0, 600000);
               if (error.empty()) c.between_holes = std::chrono::milliseconds(ms);
               return error;
           }},
    option{"--max-per-address", "GOLF_MAX_PER_ADDRESS", "N",
           "open connections allowed from one IP address (default 256)",
           [](server_config& c, std::string_view text) {
               return set_number(c.max_connections_per_address, text, 1, 100000);
           }},
    option{"--allowed-origin", "GOLF_ALLOWED_ORIGINS", "ORIGIN",
           "a page that may open /ws, as http(s)://host[:port]; repeatable (default: pages from the host the "
           "request names; clients that send no Origin always may)",
           [](server_config& c, std::string_view text) -> std::string {
               const auto origin = normalize_origin(text);
               if (!origin)
                   return "expected an origin such as https://golf.example.org: http or https, a host, perhaps a "
                          "port, no path (got " +
                          quoted(text) + ")";
               c.allowed_origins.push_back(*origin);
               return {};
           },
           true},
    option{"--trusted-proxy", "GOLF_TRUSTED_PROXIES", "CIDR",
           "a reverse proxy's range (127.0.0.1/32, 172.16.0.0/12, ::1/128); repeatable: its connections are the "
           "X-Forwarded-For client's (default: none; the header is ignored)",
           [](server_config& c, std::string_view text) -> std::string {
               const auto range = parse_address_range(text);
               if (!range)
                   return "expected an address range such as 172.16.0.0/12 or ::1/128 (got " + quoted(text) + ")";
               c.trusted_proxies.push_back(*range);
               return {};
           },
           true},
};

// A repeatable option's variable: its comma-separated values, spaces around each trimmed.
std::vector<std::string_view> split_list(std::string_view text) {
    std::vector<std::string_view> values;
    while (true) {
        const auto comma = text.find(',');
        std::string_view value = text.substr(0, comma);
        while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
        while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
        values.push_back(value);
        if (comma == std::string_view::npos) return values;
        text.remove_prefix(comma + 1);
    }
}

const option* find_option(std::string_view flag) {
    for (const option& o : options)
        if (o.flag == flag) return &o;
    return nullptr;
}

bool is_help(std::string_view word) { return word == "--help" || word == "-h"; }

// "golf-server 0.1.0 (protocol golf.v1)": what a bug report or an upgrade check needs.
std::string version_text() {
    std::string spoken = "golf.v" + std::to_string(protocol_version);
    if (oldest_protocol_version != protocol_version)
        spoken = "golf.v" + std::to_string(oldest_protocol_version) + " to " + spoken;
    return std::string("golf-server ") + GOLF_VERSION + " (protocol " + spoken + ")\n";
}

config_result failure(std::string message) { return {std::nullopt, std::move(message), 2}; }

}  // namespace

std::string usage() {
    std::string text =
        "usage: golf-server [OPTIONS]\n"
        "\n"
        "Serves Golf, the card game: WebSocket at ws://HOST:PORT/ws (protocol golf.v1), and on the same port\n"
        "the web client at /, history as JSON under /api/, GET /healthz and GET /metrics (Prometheus).\n"
        "Finished holes, matches in progress and results are kept in a SQLite file or a PostgreSQL database\n"
        "(--db); matches in progress are restored when the server starts again, and players reclaim their seats.\n"
        "\n"
        "options (each may also come from the environment variable shown; a flag wins over its variable):\n";
    for (const option& o : options) {
        std::string left = "  " + std::string(o.flag) + " " + std::string(o.argument);
        left.resize(std::max<std::size_t>(left.size() + 2, 28), ' ');
        text += left + std::string(o.help) + "\n" + std::string(28, ' ') + std::string(o.variable) + "\n";
    }
    text +=
        "  --help                    show this message\n"
        "  --version                 say this server's version and the protocol versions it speaks\n"
        "\n"
        "Flags take their value as '--port 9000' or '--port=9000'; a repeatable flag's variable takes a\n"
        "comma-separated list.\n"
        "SIGINT or SIGTERM stops the server gracefully: clients are told, then it exits 0.\n"
        "Exit status: 0 after a clean stop, 1 when the server cannot start (e.g. the port is taken), 2 bad options.\n";
    return text;
}

config_result parse_config(int argc, const char* const* argv, const environment_lookup& env) {
    // Flags first (the last of a repeated flag wins, but a repeatable one adds), then variables only for the options
    // no flag set.
    std::map<const option*, std::vector<std::string_view>> from_flags;
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i] ? argv[i] : "";
        if (is_help(word)) return {std::nullopt, usage(), 0};
        if (word == "--version") return {std::nullopt, version_text(), 0};
        if (!word.starts_with("-")) return failure("unexpected argument " + quoted(word) + " (see golf-server --help)");
        const auto equals = word.find('=');
        const std::string_view name = word.substr(0, equals);
        const option* o = find_option(name);
        if (!o) return failure("unknown option " + quoted(name) + " (see golf-server --help)");
        std::string_view value;
        if (equals != std::string_view::npos) {
            value = word.substr(equals + 1);
        } else if (i + 1 < argc && argv[i + 1] && !std::string_view(argv[i + 1]).starts_with("--")) {
            value = argv[++i];
        } else {
            return failure(std::string(name) + ": missing value");
        }
        auto& values = from_flags[o];
        if (!o->repeatable) values.clear();
        values.push_back(value);
    }

    server_config config;
    config.threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u));
    config.bot_threads = std::max(1, config.threads / 2);
    for (const option& o : options) {
        std::vector<std::string_view> values;
        std::string_view source;
        if (const auto found = from_flags.find(&o); found != from_flags.end()) {
            values = found->second;
            source = o.flag;
        } else if (const char* variable = env ? env(std::string(o.variable).c_str()) : nullptr; variable && *variable) {
            // An empty variable counts as unset, as shells make it easy to export one by accident.
            values = o.repeatable ? split_list(variable) : std::vector<std::string_view>{variable};
            source = o.variable;
        } else {
            continue;
        }
        for (const std::string_view value : values)
            if (std::string error = o.set(config, value); !error.empty())
                return failure(std::string(source) + ": " + error);
    }
    return {config, {}, 0};
}

}  // namespace golf::server
