// A real Caddy in front of a golf-server, for the wss:// tests: `tls internal` (Caddy's own authority, its root
// written under a temporary directory), https on a free port of 127.0.0.1 for the name localhost, proxied to the
// server's port. Caddy runs as the current user with its data and config in that directory and is stopped at the
// end; every wait is bounded. No Caddy installed: the constructor throws saying how to install it.
#pragma once

#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "tests/support/child_process.hpp"
#include "tests/support/proxied_nodes.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::testing {

inline constexpr const char* caddy_path = "/usr/bin/caddy";

class caddy_proxy {
public:
    explicit caddy_proxy(std::uint16_t golf_port) : port_(free_loopback_port()) {
        if (!std::filesystem::exists(caddy_path))
            throw std::runtime_error(std::string(caddy_path) +
                                     " is missing: the wss:// tests need Caddy (apt-get install -y caddy; "
                                     "scripts/common.sh installs it)");
        const auto config = dir_.path() / "Caddyfile";
        std::ofstream(config) << "{\n\tadmin off\n\thttp_port " << free_loopback_port() << "\n\thttps_port " << port_
                              << "\n\tdefault_sni localhost\n\tskip_install_trust\n\tauto_https disable_redirects\n"
                              << "\tstorage file_system " << (dir_.path() / "data").string() << "\n}\n"
                              << "localhost:" << port_ << " {\n\tbind 127.0.0.1\n\ttls internal\n"
                              << "\treverse_proxy 127.0.0.1:" << golf_port << "\n}\n";
        const std::string home = dir_.path().string();
        process_ = std::make_unique<child_process>(
            std::vector<std::string>{caddy_path, "run", "--config", config.string(), "--adapter", "caddyfile"},
            std::vector<std::string>{"HOME=" + home, "XDG_DATA_HOME=" + home + "/xdg-data",
                                     "XDG_CONFIG_HOME=" + home + "/xdg-config"},
            log_);
        const auto leaf = dir_.path() / "data/certificates/local/localhost/localhost.crt";
        const auto deadline = clock_type::now() + std::chrono::seconds(30);
        while (clock_type::now() < deadline && !(std::filesystem::exists(leaf) && accepts(port_)))
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (!std::filesystem::exists(leaf) || !accepts(port_))
            throw std::runtime_error("Caddy did not serve https on port " + std::to_string(port_) +
                                     " within 30 s; its log:\n" + log());
    }
    ~caddy_proxy() {
        if (!process_) return;
        process_->signal(SIGTERM);
        process_->wait_exit(std::chrono::seconds(10));  // the child's destructor kills it if it is still there
    }
    caddy_proxy(const caddy_proxy&) = delete;
    caddy_proxy& operator=(const caddy_proxy&) = delete;

    std::uint16_t port() const { return port_; }
    // wss://localhost:PORT/ws, the name Caddy's certificate carries.
    std::string url() const { return "wss://localhost:" + std::to_string(port_) + "/ws"; }
    // Caddy's own root authority, for --ca-file.
    std::string root_ca() const { return (dir_.path() / "data/pki/authorities/local/root.crt").string(); }
    std::string log() const { return file_text(log_); }

private:
    // Something accepts TCP connections on 127.0.0.1:`port`.
    static bool accepts(std::uint16_t port) {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = htons(port);
        const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
        ::close(fd);
        return connected;
    }

    temp_dir dir_;
    std::filesystem::path log_ = dir_.path() / "caddy.log";
    std::uint16_t port_;
    std::unique_ptr<child_process> process_;
};

}  // namespace golf::testing
