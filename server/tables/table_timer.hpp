// A generation-checked timer on a table's strand: arm() sets a deadline and the work to do then, cancel() or a
// new arm() makes any earlier firing stale, and a stale firing does nothing. So a timer that had already expired
// (its completion queued on the strand) cannot act after the table moved on. Strand only, like the table.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>

namespace golf::server {

class table_timer {
public:
    using strand_type = boost::asio::strand<boost::asio::io_context::executor_type>;
    using clock = std::chrono::steady_clock;

    explicit table_timer(const strand_type& strand) : timer_(strand) {}

    // `handler()` runs on the strand at `deadline` unless cancelled or re-armed first. `keep` holds the timer's
    // owner (and so the timer) alive until the wait completes.
    template <class Handler>
    void arm_at(clock::time_point deadline, std::shared_ptr<const void> keep, Handler handler) {
        const std::uint64_t armed = ++generation_;
        pending_ = true;
        timer_.expires_at(deadline);
        timer_.async_wait(
            [this, armed, owner = std::move(keep), work = std::move(handler)](boost::system::error_code) mutable {
                if (armed != generation_) return;  // cancelled or re-armed since
                pending_ = false;
                work();
            });
    }

    template <class Handler>
    void arm(clock::duration after, std::shared_ptr<const void> keep, Handler handler) {
        arm_at(clock::now() + after, std::move(keep), std::move(handler));
    }

    // Any firing from before is stale from now on.
    void cancel() {
        ++generation_;
        pending_ = false;
        timer_.cancel();
    }

    // Armed, and neither fired nor cancelled since.
    bool pending() const { return pending_; }
    // The deadline of the last arm.
    clock::time_point deadline() const { return timer_.expiry(); }
    // Changes with every arm and cancel: work that completes elsewhere (a store's callback) can carry it and
    // check, like a firing, that nothing has happened since.
    std::uint64_t generation() const { return generation_; }

private:
    boost::asio::steady_timer timer_;
    std::uint64_t generation_ = 0;
    bool pending_ = false;
};

}  // namespace golf::server
