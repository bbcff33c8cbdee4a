// golf-server's settings: command-line flags, each also readable from an environment variable (GOLF_PORT, ...).
// A flag wins over its variable; a bad value is a clear message and exit status 2.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/net/trusted_proxies.hpp"

namespace golf::server {

struct server_config {
    std::string host = "0.0.0.0";      // --host, GOLF_HOST
    std::uint16_t port = 8080;         // --port, GOLF_PORT (0: any free port)
    std::string db = "golf.db";        // --db, GOLF_DB: a SQLite file or a postgresql:// URL
    bool db_synchronous_full = false;  // --db-sync normal|full, GOLF_DB_SYNC
    // --db-move-delay-ms, GOLF_DB_MOVE_DELAY_MS: how long the hand in play may wait to be written after a move
    std::chrono::milliseconds db_move_delay{20};
    // --durability holes|moves, GOLF_DURABILITY: what is written before anyone sees it (docs/operations.md,
    // "The database")
    bool durable_moves = false;
    // --db-connect-retry-s, GOLF_DB_CONNECT_RETRY_S: how long a start waits for a PostgreSQL server it cannot reach
    std::chrono::milliseconds db_connect_retry{std::chrono::seconds(30)};
    // --node, GOLF_NODE: this node's name when several share one PostgreSQL database (empty: the only node)
    std::string node;
    // --node-timeout-ms, GOLF_NODE_TIMEOUT_MS: a node silent this long is presumed dead and its tables taken over
    std::chrono::milliseconds node_timeout{3000};
    std::string web_root = GOLF_DEFAULT_WEB_ROOT;  // --web-root, GOLF_WEB_ROOT: the built web client
    int threads = 2;                               // --threads, GOLF_THREADS (default: hardware threads)
    std::string log_level = "info";                // --log-level, GOLF_LOG_LEVEL: trace debug info warn error off
    std::chrono::seconds seat_grace{120};          // --seat-grace, GOLF_SEAT_GRACE: a dropped seat is held this long
    std::chrono::milliseconds bot_delay{400};      // --bot-delay-ms, GOLF_BOT_DELAY_MS: server bots' thinking pause
    // --bot-threads, GOLF_BOT_THREADS: threads the search bots think on (server/tables/bot_thinking.hpp; default half
    // the hardware threads, at least 1). 0, for single-threaded in-process harnesses only: they think on the strand.
    int bot_threads = 1;
    std::chrono::milliseconds between_holes{60000};  // --between-holes-ms, GOLF_BETWEEN_HOLES_MS
    std::chrono::seconds handshake_timeout{10};      // WebSocket and Hello must complete within this
    std::chrono::seconds idle_timeout{60};           // no frame and no pong for this long closes the connection
    std::size_t max_message_bytes = 64 * 1024;       // read_message_max
    std::size_t write_queue_limit = 512;             // frames queued for one client before it is cut off
    int max_connections_per_address = 256;           // --max-per-address, GOLF_MAX_PER_ADDRESS
    // --allowed-origin (repeatable), GOLF_ALLOWED_ORIGINS (comma-separated): pages that may open /ws, as browsers
    // name them; empty: the page's own host only (server/net/origin_check.hpp)
    std::vector<std::string> allowed_origins;
    // --trusted-proxy (repeatable), GOLF_TRUSTED_PROXIES (comma-separated): peers whose X-Forwarded-For is believed
    std::vector<address_range> trusted_proxies;
    int max_tables = 100000;
    int max_messages_per_second = 200;  // per connection, averaged over a few seconds; beyond: closed
};

struct config_result {
    std::optional<server_config> config;  // set when the server should run
    std::string message;                  // the error (exit 2) or the usage text (exit 0)
    int exit_code = 0;
};

using environment_lookup = std::function<const char*(const char*)>;
config_result parse_config(int argc, const char* const* argv, const environment_lookup& env);
std::string usage();

}  // namespace golf::server
