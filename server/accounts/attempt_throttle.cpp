#include "server/accounts/attempt_throttle.hpp"

#include <algorithm>

namespace golf::server {

attempt_throttle::policy attempt_throttle::sign_ins_per_name() { return policy{}; }

attempt_throttle::policy attempt_throttle::sign_ins_per_address() {
    policy p;
    p.free_attempts = 20;  // one address may be a whole club's
    return p;
}

attempt_throttle::policy attempt_throttle::registrations_per_address() {
    policy p;
    p.free_attempts = 5;  // a household behind one address may make a few accounts at once
    p.first_wait = std::chrono::minutes(1);
    p.max_wait = std::chrono::hours(1);
    p.forget = std::chrono::hours(1);
    return p;
}

std::chrono::milliseconds attempt_throttle::wait(std::string_view key, clock::time_point now) {
    std::lock_guard lock(mutex_);
    const auto found = records_.find(std::string(key));
    if (found == records_.end()) return {};
    const record& r = found->second;
    if (now - r.last >= policy_.forget) {
        records_.erase(found);
        return {};
    }
    const int over = r.failures - policy_.free_attempts;
    if (over < 0) return {};
    // 1, 2, 4, ... times the first wait; the shift is bounded before it could overflow.
    const std::chrono::milliseconds doubled = policy_.first_wait * (1LL << std::min(over, 30));
    const auto wait = std::min(policy_.max_wait, doubled);
    const auto ready = r.last + wait;
    if (ready <= now) return {};
    return std::chrono::ceil<std::chrono::milliseconds>(ready - now);
}

void attempt_throttle::count(std::string_view key, clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (records_.size() >= policy_.max_keys && !records_.contains(std::string(key))) {
        // Full: the keys quiet longest go first (a sweep per overflow, rare).
        std::erase_if(records_, [&](const auto& kv) { return now - kv.second.last >= policy_.forget; });
        if (records_.size() >= policy_.max_keys) {
            const auto oldest = std::min_element(records_.begin(), records_.end(), [](const auto& a, const auto& b) {
                return a.second.last < b.second.last;
            });
            records_.erase(oldest);
        }
    }
    record& r = records_[std::string(key)];
    if (r.failures > 0 && now - r.last >= policy_.forget) r.failures = 0;
    ++r.failures;
    r.last = now;
}

void attempt_throttle::clear(std::string_view key) {
    std::lock_guard lock(mutex_);
    records_.erase(std::string(key));
}

}  // namespace golf::server
