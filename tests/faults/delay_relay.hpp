// A TCP relay inside a namespace that holds every chunk it forwards for a delay set while it runs: the harness's
// packet delay, since this kernel has no netem. A node reaches its database through one on its own loopback, so
// the relay's other leg crosses the node's veth and every cut or loss of that link still applies to it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

namespace golf::faults {

class delay_relay {
public:
    // Listens on 127.0.0.1:`port` inside `ns` and forwards each connection to `target`:`target_port`.
    delay_relay(std::string ns, std::uint16_t port, std::string target, std::uint16_t target_port);
    ~delay_relay();
    delay_relay(const delay_relay&) = delete;
    delay_relay& operator=(const delay_relay&) = delete;

    // Each way: bytes read now are written `delay` later (0: at once).
    void set_delay(std::chrono::milliseconds delay) { delay_ms_ = static_cast<int>(delay.count()); }
    int connections() const { return accepted_; }

private:
    void run();

    std::string ns_;
    std::uint16_t port_;
    std::string target_;
    std::uint16_t target_port_;
    std::atomic<int> delay_ms_{0};
    std::atomic<int> accepted_{0};
    std::atomic<bool> stop_{false};
    int listener_ = -1;
    std::thread thread_;
};

}  // namespace golf::faults
