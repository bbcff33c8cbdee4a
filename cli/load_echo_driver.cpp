// golf load's echo driver: one connection to a plain WebSocket echo server (bench/echo_server), driven with the
// same connection code as the tables, for the stack's own ceiling. Every frame sent is timed until it is back.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <string_view>

#include "cli/load_connection.hpp"
#include "cli/load_driver.hpp"

namespace golf::cli::load {

namespace {

namespace net = boost::asio;

// One connection to the echo server: a frame out, the same frame back. Closed loop: the next frame goes when the
// last one is back. Open loop (--rate): frames go on schedule whatever comes back, each timed from when it was due.
class echo_driver final : public connection_owner, public driver {
public:
    echo_driver(net::io_context& io, const settings& config, shared_stats& stats, int number,
                clock_type::duration interval)
        : strand_(net::make_strand(io)),
          config_(config),
          stats_(stats),
          interval_(interval),
          timer_(strand_),
          payload_(static_cast<std::size_t>(config.frame_bytes), 'x'),
          number_(number) {}

    void start(std::uint64_t& next_source) override {
        stats_.connecting.fetch_add(1);
        connection_ = std::make_shared<ws_connection>(strand_, config_.where,
                                                      source_address_for(config_.where.server, next_source++),
                                                      greeting::none, *this, number_);
        connection_->start();
    }
    void abort_all() override { connection_->abort(); }

    void on_open(ws_connection&) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        stats_.ready.fetch_add(1);
        if (!config_.rate) send_one(clock_type::now());
    }

    // Open loop: frames go on schedule from the start of the measurement, at a random phase within one interval.
    void begin_window(clock_type::time_point start, double phase) override {
        if (!config_.rate) return;
        net::post(strand_, [this, start, phase] {
            next_due_ = start + std::chrono::duration_cast<clock_type::duration>(interval_ * phase);
            tick();
        });
    }

    void on_frame(ws_connection&, std::string_view frame) override {
        const auto now = clock_type::now();
        if (stats_.in_window(now)) stats_.frames_in.fetch_add(1, std::memory_order_relaxed);
        if (sent_.empty() || frame.size() != payload_.size()) {
            stats_.error("echo connection " + std::to_string(number_) + ": a frame that was not sent");
            return;
        }
        const auto due = sent_.front();
        sent_.pop_front();
        if (stats_.in_window(due)) {
            stats_.latency.record(now - due);
            stats_.moves.fetch_add(1, std::memory_order_relaxed);
        }
        if (!config_.rate && !stats_.stopping.load(std::memory_order_relaxed)) send_one(now);
    }

    void on_lost(ws_connection& c, const std::string& why) override {
        if (c.was_opened()) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        if (stats_.stopping.load()) return;
        stats_.error("echo connection " + std::to_string(number_) + ": " + why);
        if (!c.was_opened()) stats_.failed.fetch_add(1);
    }

private:
    void send_one(clock_type::time_point due) {
        if (stats_.in_window(clock_type::now())) stats_.frames_out.fetch_add(1, std::memory_order_relaxed);
        sent_.push_back(due);
        connection_->send(payload_);
    }

    void tick() {
        if (stats_.stopping.load(std::memory_order_relaxed)) return;
        const auto now = clock_type::now();
        // Every frame now due goes out (a bounded catch-up), each stamped with its own due time.
        for (int i = 0; i < 64 && next_due_ <= now; ++i) {
            send_one(next_due_);
            next_due_ += interval_;
        }
        timer_.expires_at(std::max(next_due_, now));
        timer_.async_wait([this](boost::system::error_code error) {
            if (!error) tick();
        });
    }

    strand strand_;
    const settings& config_;
    shared_stats& stats_;
    const clock_type::duration interval_;
    net::steady_timer timer_;
    const std::string payload_;
    const int number_;
    std::shared_ptr<ws_connection> connection_;
    std::deque<clock_type::time_point> sent_;
    clock_type::time_point next_due_{};
};

}  // namespace

std::unique_ptr<driver> make_echo_driver(net::io_context& io, const settings& config, shared_stats& stats, int number,
                                         clock_type::duration interval) {
    return std::make_unique<echo_driver>(io, config, stats, number, interval);
}

}  // namespace golf::cli::load
