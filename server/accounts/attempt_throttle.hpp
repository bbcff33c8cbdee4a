// Slows down guessing: counts failed attempts per key (a name, an address) and, past a few free ones, makes each
// further attempt wait twice as long as the last, up to a cap. A key is forgotten once quiet for `forget`. Used for
// sign-ins (per name and per address) and registrations (per address). Thread-safe; bounded in memory (the oldest
// keys go first). Per node: with several nodes each keeps its own counts.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace golf::server {

class attempt_throttle {
public:
    using clock = std::chrono::steady_clock;

    struct policy {
        int free_attempts = 5;                       // failures before any wait
        std::chrono::milliseconds first_wait{1000};  // after the first failure past the free ones; doubles
        std::chrono::milliseconds max_wait{std::chrono::minutes(15)};
        std::chrono::milliseconds forget{std::chrono::minutes(15)};  // quiet this long: the count starts over
        std::size_t max_keys = 100000;
    };

    // The account service's three (docs/protocol.md, "Accounts", states them): failed sign-ins per name and per
    // address, and registrations per address.
    static policy sign_ins_per_name();
    static policy sign_ins_per_address();
    static policy registrations_per_address();

    explicit attempt_throttle(policy p) : policy_(p) {}

    // How long until `key` may try again; zero: now.
    std::chrono::milliseconds wait(std::string_view key, clock::time_point now);
    // A failed attempt (for registrations: any attempt) counts against `key`.
    void count(std::string_view key, clock::time_point now);
    // A success clears `key`'s count.
    void clear(std::string_view key);

private:
    struct record {
        int failures = 0;
        clock::time_point last;
    };

    policy policy_;
    std::mutex mutex_;
    std::unordered_map<std::string, record> records_;
};

}  // namespace golf::server
