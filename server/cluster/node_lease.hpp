// Whether this node may still play its tables: accept moves, deal, seat people. Alone, a node holds its tables for
// good. Among several nodes it holds them only until its lease ends: the moment it sent its last heartbeat that the
// database took, plus the node timeout less a margin. The database judges a node dead by that heartbeat's own time,
// which is later than the sending, so no other node can claim a table before this node has stopped playing it,
// however long the process was paused between deciding and acting (docs/ownership.md). Read on every move, from
// any thread; written by the cluster loop.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace golf::server {

class node_lease {
public:
    using clock = std::chrono::steady_clock;

    bool held() const { return clock::now().time_since_epoch().count() < until_.load(std::memory_order_acquire); }
    // Held, and by `incarnation`: a table claimed under an incarnation the node has left is not played here.
    bool held_by(std::int64_t incarnation) const {
        return held() && incarnation_.load(std::memory_order_acquire) == incarnation;
    }
    // A heartbeat of `incarnation` sent at `sent` was taken: the tables are ours until `sent + term`.
    void renew(clock::time_point sent, clock::duration term, std::int64_t incarnation) {
        incarnation_.store(incarnation, std::memory_order_release);
        until_.store((sent + term).time_since_epoch().count(), std::memory_order_release);
    }
    void end() { until_.store(0, std::memory_order_release); }

private:
    std::atomic<clock::rep> until_{clock::time_point::max().time_since_epoch().count()};
    std::atomic<std::int64_t> incarnation_{0};
};

}  // namespace golf::server
