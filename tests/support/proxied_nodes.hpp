// Several golf-server nodes (--node NAME) on one PostgreSQL database, behind a real HAProxy on a free port of
// 127.0.0.1 configured by scripts/haproxy_config.sh (Debian's haproxy, in the foreground): what a test needs to reach
// a table on any node through one address. The nodes stop with SIGTERM and the proxy with SIGKILL at the end; every
// wait is bounded.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/child_process.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::testing {

inline constexpr const char* haproxy_path = "/usr/sbin/haproxy";

// A port of 127.0.0.1 that nothing listens on now.
inline std::uint16_t free_loopback_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
    ::close(fd);
    return ntohs(address.sin_port);
}

// The status line of `GET path` on 127.0.0.1:`port` ("" when nothing answers within a second).
inline std::string http_status_line(std::uint16_t port, const std::string& path) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    timeval limit{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    std::string line;
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        const std::string request = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
        if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size())) {
            char buffer[256];
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n > 0) line.assign(buffer, static_cast<std::size_t>(n));
        }
    }
    ::close(fd);
    return line.substr(0, line.find('\r'));
}

class proxied_nodes {
public:
    // Starts a node per name on `db_url` (each with `extra` flags), then the proxy; throws when one does not start.
    proxied_nodes(const std::string& server_path, const std::string& config_script, const std::string& db_url,
                  const std::vector<std::string>& names, const std::vector<std::string>& extra = {})
        : names_(names) {
        for (const std::string& name : names) {
            server_options o;
            o.db = db_url;
            o.extra = {"--node", name};
            o.extra.insert(o.extra.end(), extra.begin(), extra.end());
            nodes_.push_back(std::make_unique<server_process>(server_path, o));
            if (nodes_.back()->port() == 0) throw std::runtime_error("node " + name + " did not start:\n" + logs());
        }
        proxy_port_ = free_loopback_port();
        std::vector<std::string> args{"/bin/bash", config_script, "127.0.0.1:" + std::to_string(proxy_port_)};
        for (std::size_t i = 0; i < names.size(); ++i)
            args.push_back(names[i] + "=127.0.0.1:" + std::to_string(nodes_[i]->port()));
        child_process config(args);
        if (config.wait_exit() != 0) throw std::runtime_error("haproxy_config.sh failed: " + config.err());
        std::ofstream(dir_.path() / "haproxy.cfg") << config.out();
        proxy_ = std::make_unique<child_process>(
            std::vector<std::string>{haproxy_path, "-db", "-f", (dir_.path() / "haproxy.cfg").string()});
        const auto deadline = clock_type::now() + std::chrono::seconds(10);
        while (http_status_line(proxy_port_, "/healthz").find(" 200") == std::string::npos) {
            if (clock_type::now() > deadline) throw std::runtime_error("HAProxy did not answer:\n" + proxy_->err());
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }
    ~proxied_nodes() {
        proxy_.reset();  // killed before the nodes stop, so no client is sent to a node going away
        nodes_.clear();
    }
    proxied_nodes(const proxied_nodes&) = delete;
    proxied_nodes& operator=(const proxied_nodes&) = delete;

    // The proxy's WebSocket URL, asking for `node` when one is named.
    std::string url(const std::string& node = {}) const {
        return "ws://127.0.0.1:" + std::to_string(proxy_port_) + "/ws" + (node.empty() ? "" : "?node=" + node);
    }
    std::uint16_t proxy_port() const { return proxy_port_; }
    // Every node's log, each under its name.
    std::string logs() const {
        std::string out;
        for (std::size_t i = 0; i < nodes_.size(); ++i) out += "---- " + names_[i] + "\n" + nodes_[i]->log();
        return out;
    }

private:
    temp_dir dir_;
    std::vector<std::string> names_;
    std::vector<std::unique_ptr<server_process>> nodes_;
    std::uint16_t proxy_port_ = 0;
    std::unique_ptr<child_process> proxy_;
};

}  // namespace golf::testing
