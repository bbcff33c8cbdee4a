// Starting, stopping and signalling the harness's processes inside their namespaces (`ip netns exec` execs the
// program itself, so the child's pid is the program's).
#include "tests/faults/fault_cluster.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/support/pg_database.hpp"

namespace golf::faults {

namespace {

using namespace std::chrono_literals;
constexpr const char* ip_path = "/usr/sbin/ip";
constexpr std::uint16_t pg_port = 5432;  // in the database's namespace, and each node's relay on its loopback

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Waits (at most `limit`) for golf-server's "listening on" line in `log`.
bool wait_listening(const std::string& log, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (read_file(log).find("listening on ") != std::string::npos) return true;
        std::this_thread::sleep_for(50ms);
    }
    return false;
}

std::vector<std::string> leaves(int nodes) {
    std::vector<std::string> out;
    for (int i = 0; i < nodes; ++i) out.push_back(fault_cluster::node_name(i));
    for (const char* other : {"db", "px", fault_cluster::clients}) out.emplace_back(other);
    return out;
}

}  // namespace

int http_status(const std::string& host, std::uint16_t port, const std::string& path, std::string* body) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    timeval limit{1, 0};  // connect() honours SO_SNDTIMEO: a cut link costs a second, not a SYN timeout
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    ::inet_pton(AF_INET, host.c_str(), &address.sin_addr);
    int status = 0;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        const std::string request = "GET " + path + " HTTP/1.0\r\nHost: " + host + "\r\n\r\n";
        char buffer[1024] = {};
        std::size_t got = 0;
        if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size()))
            for (ssize_t n = 1; n > 0 && got < sizeof buffer - 1; got += static_cast<std::size_t>(n))
                n = std::max<ssize_t>(0, ::recv(fd, buffer + got, sizeof buffer - 1 - got, 0));
        if (got > 12 && std::string_view(buffer).starts_with("HTTP/1.")) status = std::atoi(buffer + 9);
        const char* start = std::strstr(buffer, "\r\n\r\n");
        if (body && start) *body = std::string(start + 4).substr(0, 200);
    }
    ::close(fd);
    return status;
}

fault_cluster::fault_cluster(cluster_settings settings)
    : settings_(std::move(settings)), prefix_("golf-faults-" + std::to_string(::getpid())), dir_("/tmp/" + prefix_) {
    // What a run killed before its end left (its namespaces, their processes, its folder) goes first.
    run_command({"/bin/bash", settings_.source_dir + "/scripts/faults.sh", "clean"});
    std::filesystem::create_directories(dir_);
    ::chmod(dir_.c_str(), 0755);  // PostgreSQL's folder inside is the postgres user's
    net_ = std::make_unique<network>(prefix_, leaves(settings_.nodes));
    start_postgres("start");
    std::ofstream(dir_ + "/pg/data/pg_hba.conf", std::ios::app) << "host all all 10.201.0.0/16 scram-sha-256\n";
    run_command({"/usr/sbin/runuser", "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "-D",
                 dir_ + "/pg/data", "reload"});
    password_ = testing::read_first_line(dir_ + "/pg/password");
    std::string admin = testing::read_first_line(dir_ + "/pg/url");
    testing::pg_run(admin, "CREATE DATABASE golf_faults");
    socket_url_ = admin.replace(admin.find("/postgres?"), 10, "/golf_faults?");
    for (int i = 0; i < settings_.nodes; ++i) {
        relays_.push_back(std::make_unique<delay_relay>(net_->ns(node_name(i)), pg_port, net_->address("db"), pg_port));
        nodes_.emplace_back();
        starts_.push_back(0);
        start_node(i);
    }
    start_proxy();
}

fault_cluster::~fault_cluster() {
    proxy_.reset();  // child_process kills what still runs
    nodes_.clear();
    if (const char* keep_root = std::getenv("GOLF_FAULTS_KEEP")) {  // the logs, for reading after the run
        static int clusters = 0;  // each cluster of the process in a folder of its own
        const std::filesystem::path keep = std::filesystem::path(keep_root) / std::to_string(++clusters);
        std::error_code ignored;
        std::filesystem::create_directories(keep, ignored);
        for (const auto& entry : std::filesystem::directory_iterator(dir_, ignored))
            if (entry.path().extension() == ".log" || entry.path().extension() == ".cfg")
                std::filesystem::copy_file(entry.path(), keep / entry.path().filename(),
                                           std::filesystem::copy_options::overwrite_existing, ignored);
    }
    try {
        signal_db(SIGKILL);
    } catch (...) {}
    relays_.clear();
    net_.reset();
    try {
        run_command({"/bin/bash", settings_.source_dir + "/scripts/faults.sh", "clean", std::to_string(::getpid())});
    } catch (...) {}
}

std::string fault_cluster::node_db_url() const {
    return "postgresql://golf:" + password_ + "@127.0.0.1:" + std::to_string(pg_port) +
           "/golf_faults?sslmode=disable&gssencmode=disable";
}

void fault_cluster::start_node(int i) {
    auto& slot = nodes_.at(static_cast<std::size_t>(i));
    if (slot) throw std::logic_error(node_name(i) + " is running");
    const std::string name = node_name(i);
    const std::string log = dir_ + "/" + name + "." + std::to_string(++starts_[static_cast<std::size_t>(i)]) + ".log";
    std::vector<std::string> args{ip_path, "netns", "exec", net_->ns(name), settings_.server_path};
    // No pauses of bots of its own, seats held longer than any fault lasts, every client behind the proxy at one
    // address. The wait between holes is the default minute: players cut off as a hole ends come back to its
    // review (the table deals the next hole once someone has read it), and the drivers press Next hole at once.
    const std::pair<const char*, std::string> flags[] = {
        {"--host", net_->address(name)},
        {"--port", std::to_string(port)},
        {"--db", node_db_url()},
        {"--node", name},
        {"--node-timeout-ms", std::to_string(settings_.node_timeout.count())},
        {"--seat-grace", "600"},
        {"--threads", "2"},
        {"--bot-delay-ms", "0"},
        {"--max-per-address", "100000"},
        {"--log-level", "info"}};
    for (const auto& [flag, value] : flags) args.insert(args.end(), {flag, value});
    args.insert(args.end(), settings_.node_flags.begin(), settings_.node_flags.end());
    slot = std::make_unique<testing::child_process>(args, std::vector<std::string>{}, log);
    if (!wait_listening(log, 30s)) throw std::runtime_error(name + " did not start:\n" + read_file(log));
}

void fault_cluster::kill_node(int i) {
    auto& slot = nodes_.at(static_cast<std::size_t>(i));
    if (!slot) return;
    slot->signal(SIGKILL);
    slot->wait_exit(10s);
    slot.reset();
}

void fault_cluster::terminate_node(int i) {
    auto& slot = nodes_.at(static_cast<std::size_t>(i));
    if (!slot) return;
    slot->signal(SIGTERM);
    if (!slot->wait_exit(30s)) slot->signal(SIGKILL);
    slot.reset();
}

void fault_cluster::pause_node(int i, bool paused) {
    if (auto& slot = nodes_.at(static_cast<std::size_t>(i))) slot->signal(paused ? SIGSTOP : SIGCONT);
}

void fault_cluster::start_proxy() {
    std::vector<std::string> args{"/bin/bash", settings_.source_dir + "/scripts/haproxy_config.sh",
                                  net_->address("px") + ":" + std::to_string(port)};
    for (int i = 0; i < nodes(); ++i)
        args.push_back(node_name(i) + "=" + net_->address(node_name(i)) + ":" + std::to_string(port));
    std::ofstream(dir_ + "/haproxy.cfg") << run_command(args);
    proxy_ = std::make_unique<testing::child_process>(
        std::vector<std::string>{ip_path, "netns", "exec", net_->ns("px"), "/usr/sbin/haproxy", "-db", "-f",
                                 dir_ + "/haproxy.cfg"},
        std::vector<std::string>{}, dir_ + "/haproxy." + std::to_string(++proxy_starts_) + ".log");
}

void fault_cluster::kill_proxy() {
    if (!proxy_) return;
    proxy_->signal(SIGKILL);
    proxy_->wait_exit(10s);
    proxy_.reset();
}

void fault_cluster::pause_proxy(bool paused) {
    if (proxy_) proxy_->signal(paused ? SIGSTOP : SIGCONT);
}

// local_postgres.sh inside the database's namespace, on port 5432 of every address there, with commit times kept
// (the checker orders the tables' owners by them).
void fault_cluster::start_postgres(const char* action) {
    run_command({ip_path, "netns", "exec", net_->ns("db"), "/bin/bash",
                 settings_.source_dir + "/scripts/local_postgres.sh", action, dir_ + "/pg"},
                120s,
                {"GOLF_PG_PORT=" + std::to_string(pg_port),
                 "GOLF_PG_OPTIONS=-c listen_addresses=0.0.0.0 -c track_commit_timestamp=on"});
}

void fault_cluster::start_db() { start_postgres("up"); }

// Every process in the database's namespace: the postmaster and each backend.
void fault_cluster::signal_db(int signal_number) {
    std::istringstream pids(run_command({ip_path, "netns", "pids", net_->ns("db")}));
    for (int pid; pids >> pid;) ::kill(pid, signal_number);
    if (signal_number != SIGKILL) return;
    for (int wait = 0; wait < 100 && !run_command({ip_path, "netns", "pids", net_->ns("db")}).empty(); ++wait)
        std::this_thread::sleep_for(50ms);
}

void fault_cluster::kill_db() { signal_db(SIGKILL); }
void fault_cluster::pause_db(bool paused) { signal_db(paused ? SIGSTOP : SIGCONT); }

int fault_cluster::node_health(int i, std::string* body) const {
    int status = 0;
    in_namespace(client_namespace(),
                 [&] { status = http_status(net_->address(node_name(i)), port, "/healthz", body); });
    return status;
}

int fault_cluster::proxy_health() const {
    int status = 0;
    in_namespace(client_namespace(), [&] { status = http_status(net_->address("px"), port, "/healthz"); });
    return status;
}

std::string fault_cluster::node_log(int i) const {
    std::string out;
    for (int start = 1; start <= starts_.at(static_cast<std::size_t>(i)); ++start)
        out += read_file(dir_ + "/" + node_name(i) + "." + std::to_string(start) + ".log");
    return out;
}

std::string fault_cluster::logs() const {
    std::string out;
    for (int i = 0; i < nodes(); ++i) out += "---- " + node_name(i) + "\n" + node_log(i);
    return out;
}

int fault_cluster::busiest_node() const {
    try {
        const std::string name = testing::pg_run(
            socket_url_,
            "SELECT t.owner_node FROM tables t JOIN matches m ON m.table_code = t.code WHERE m.ended_at IS NULL AND "
            "t.owner_node IS NOT NULL GROUP BY t.owner_node ORDER BY count(*) DESC, t.owner_node LIMIT 1");
        for (int i = 0; i < nodes(); ++i)
            if (node_name(i) == name) return i;
    } catch (const std::exception&) {
        // the database is down: the caller picks a node itself
    }
    return -1;
}

}  // namespace golf::faults
