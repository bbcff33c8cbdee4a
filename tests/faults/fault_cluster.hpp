// What the fault harness runs, each in a network namespace of its own on the hub (network.hpp): PostgreSQL
// (scripts/local_postgres.sh, listening on its veth), golf-server nodes (--node, --durability moves) that reach it
// through a delay relay on their own loopback, and HAProxy (scripts/haproxy_config.sh) in front of them; clients
// live in a namespace of their own and reach HAProxy across the hub, as third parties do. Any process can be
// killed (-9), paused and resumed (SIGSTOP, SIGCONT) and started again. The destructor stops everything, removes
// the namespaces and the run's folder (/tmp/PREFIX), whatever state the faults left it in.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tests/faults/delay_relay.hpp"
#include "tests/faults/network.hpp"
#include "tests/support/child_process.hpp"

namespace golf::faults {

struct cluster_settings {
    std::string server_path;  // golf-server
    std::string source_dir;   // the repository: scripts/local_postgres.sh and scripts/haproxy_config.sh
    int nodes = 3;
    std::chrono::milliseconds node_timeout{1500};
    std::vector<std::string> node_flags{"--durability", "moves"};
};

class fault_cluster {
public:
    static constexpr std::uint16_t port = 8080;  // every golf-server and HAProxy, each in its own namespace
    static constexpr const char* clients = "cl";

    explicit fault_cluster(cluster_settings settings);
    ~fault_cluster();
    fault_cluster(const fault_cluster&) = delete;
    fault_cluster& operator=(const fault_cluster&) = delete;

    network& net() { return *net_; }
    const cluster_settings& settings() const { return settings_; }
    int nodes() const { return static_cast<int>(nodes_.size()); }
    static std::string node_name(int i) { return "n" + std::to_string(i + 1); }
    std::string proxy_url() const { return "ws://" + net_->address("px") + ":" + std::to_string(port) + "/ws"; }
    std::string client_namespace() const { return net_->ns(clients); }
    // Over the database's Unix socket: reachable from here whatever the faults do to its link.
    const std::string& db_url() const { return socket_url_; }
    delay_relay& relay(int node) { return *relays_.at(static_cast<std::size_t>(node)); }

    // Processes. A node, the proxy or the database that is stopped (killed) can be started again.
    void kill_node(int i);
    void terminate_node(int i);  // SIGTERM: a graceful stop that hands its tables over
    void pause_node(int i, bool paused);
    void start_node(int i);
    bool node_running(int i) const { return nodes_.at(static_cast<std::size_t>(i)) != nullptr; }
    void kill_proxy();
    void pause_proxy(bool paused);
    void start_proxy();
    void kill_db();
    void pause_db(bool paused);
    void start_db();

    // GET /healthz of a node (directly) or through the proxy, from the clients' namespace: the status, 0 for none.
    int node_health(int i, std::string* body = nullptr) const;
    int proxy_health() const;
    // Every node's log so far (every start of it), for a report.
    std::string node_log(int i) const;
    std::string logs() const;
    // The node that owns the most tables with a match in play, by the database (-1: none).
    int busiest_node() const;

private:
    void start_postgres(const char* action);
    void signal_db(int signal_number);
    std::string node_db_url() const;

    cluster_settings settings_;
    std::string prefix_;
    std::string dir_;  // /tmp/PREFIX: logs, the proxy's configuration, PostgreSQL's folder
    std::unique_ptr<network> net_;
    std::string socket_url_;
    std::string password_;
    std::vector<std::unique_ptr<delay_relay>> relays_;
    std::vector<std::unique_ptr<testing::child_process>> nodes_;
    std::vector<int> starts_;  // per node, how many times it was started (its log files)
    std::unique_ptr<testing::child_process> proxy_;
    int proxy_starts_ = 0;
};

// GET `path` from host:port on a fresh connection (a second to connect and answer): the status, 0 for none;
// `body` gets the start of the answer's body.
int http_status(const std::string& host, std::uint16_t port, const std::string& path, std::string* body = nullptr);

}  // namespace golf::faults
