// golf-server: reads the settings (flags, then environment), starts the server and runs it until SIGINT or
// SIGTERM. Exit status: 0 after a graceful stop, 1 when it cannot start, 2 for bad options.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <spdlog/spdlog.h>
#include <string>

#ifdef GOLF_MIMALLOC
#include <mimalloc.h>
#endif

#include "server/config.hpp"
#include "server/server.hpp"

namespace {

// The malloc this build runs on, for the startup line: figures in docs/PERFORMANCE.md depend on it.
std::string allocator_name() {
#ifdef GOLF_MIMALLOC
    const int version = mi_version();  // 209 for 2.0.9
    return "mimalloc " + std::to_string(version / 100) + "." + std::to_string(version / 10 % 10) + "." +
           std::to_string(version % 10);
#else
    return "the C library's malloc";
#endif
}

}  // namespace

int main(int argc, char** argv) {
    using namespace golf::server;
    const config_result parsed = parse_config(argc, argv, [](const char* name) { return std::getenv(name); });
    if (!parsed.config) {
        if (parsed.exit_code == 0) {
            std::cout << parsed.message;
            return std::cout.flush() ? 0 : 1;
        }
        std::cerr << "golf-server: " << parsed.message << '\n';
        return parsed.exit_code;
    }
    const server_config& config = *parsed.config;
    spdlog::set_level(spdlog::level::from_str(config.log_level));
    try {
        server s(config);
        const std::uint16_t port = s.start();
        s.stop_on_signals();
        const bool v6 = config.host.find(':') != std::string::npos;
        spdlog::info("golf-server listening on {}{}{}:{} (version {}, {} threads, {})", v6 ? "[" : "", config.host,
                     v6 ? "]" : "", port, GOLF_VERSION, config.threads, allocator_name());
        std::string origins;
        for (const std::string& origin : config.allowed_origins) origins += (origins.empty() ? "" : ", ") + origin;
        if (!origins.empty()) spdlog::info("pages allowed to open /ws: {}", origins);
        if (!config.trusted_proxies.empty())
            spdlog::info("X-Forwarded-For is believed from {} trusted proxy range(s)", config.trusted_proxies.size());
        s.run();
        spdlog::info("golf-server stopped");
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "golf-server: " << e.what() << '\n';
        return 1;
    }
}
