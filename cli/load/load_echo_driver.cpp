// golf load's echo driver: connections to a plain WebSocket echo server (bench/echo_server), driven with the same
// connection code as the tables, for the stack's own ceiling. Every frame sent is timed until it is back.
//
// With --fanout N the driver is a group of N connections, as a table is of seats, and the server (echo_server
// --fanout N) writes every frame to the whole group: one frame in and N out, as a golf move is one Act and an
// update per seat. Each connection first sends the group's key and waits for it to come back (it is then in the
// group); the frames after carry a sequence number in their first 8 bytes and go from the connections in turn,
// each timed until the last of the group has it.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/load/load_connection.hpp"
#include "cli/load/load_driver.hpp"

namespace golf::cli::load {

namespace {

namespace net = boost::asio;

// Closed loop: the next frame goes when the last one is back (at every connection of the group). Open loop
// (--rate): frames go on schedule whatever comes back, each timed from when it was due.
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
          key_("group " + std::to_string(number)),
          number_(number),
          joined_(static_cast<std::size_t>(config.fanout), false) {}

    void start(std::uint64_t& next_source) override {
        for (int i = 0; i < config_.fanout; ++i) {
            stats_.connecting.fetch_add(1);
            connections_.push_back(std::make_shared<ws_connection>(
                strand_, config_.where, source_address_for(config_.where.server, next_source++), greeting::none, *this,
                i));
            connections_.back()->start();
        }
    }
    void abort_all() override {
        for (const auto& c : connections_) c->abort();
    }

    void on_open(ws_connection& c) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        if (fanout()) c.send(key_);  // joins the group; the key comes back once it is in
        else ready();
    }

    // Open loop: frames go on schedule from the start of the measurement, at a random phase within one interval.
    void begin_window(clock_type::time_point start, double phase) override {
        if (!config_.rate) return;
        net::post(strand_, [this, start, phase] {
            next_due_ = start + std::chrono::duration_cast<clock_type::duration>(interval_ * phase);
            tick();
        });
    }

    void on_frame(ws_connection& c, std::string_view frame) override {
        const auto now = clock_type::now();
        if (fanout() && !joined_[static_cast<std::size_t>(c.id())]) return on_joined(c, frame);
        if (stats_.in_window(now)) stats_.frames_in.fetch_add(1, std::memory_order_relaxed);
        pending* p = frame.size() == payload_.size() ? pending_for(frame) : nullptr;
        if (!p) return lose_track("a frame that was not sent");
        if (--p->receivers > 0) return;
        while (!sent_.empty() && sent_.front().receivers == 0) {
            if (stats_.in_window(sent_.front().due)) {
                stats_.latency.record(now - sent_.front().due);
                stats_.moves.fetch_add(1, std::memory_order_relaxed);
            }
            sent_.pop_front();
            ++first_sequence_;
        }
        if (!config_.rate && sent_.empty() && !stats_.stopping.load(std::memory_order_relaxed)) send_one(now);
    }

    void on_lost(ws_connection& c, const std::string& why) override {
        if (c.was_opened()) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        if (stats_.stopping.load()) return;
        stats_.error(name() + (fanout() ? " connection " + std::to_string(c.id()) : "") + ": " + why);
        if (!c.was_opened()) stats_.failed.fetch_add(1);
    }

private:
    struct pending {
        clock_type::time_point due;
        int receivers;  // still to receive it
    };

    bool fanout() const { return config_.fanout > 1; }
    std::string name() const { return (fanout() ? "echo group " : "echo connection ") + std::to_string(number_); }

    void ready() {
        stats_.ready.fetch_add(1);
        if (!config_.rate) send_one(clock_type::now());
    }

    void on_joined(ws_connection& c, std::string_view frame) {
        if (frame != key_) return lose_track("an answer to joining that was not the group's key");
        joined_[static_cast<std::size_t>(c.id())] = true;
        if (++joined_count_ == config_.fanout) ready();
    }

    // Plain echo: frames come back in the order sent. Fan-out: a frame's first 8 bytes say which it is.
    pending* pending_for(std::string_view frame) {
        if (!fanout()) return sent_.empty() ? nullptr : &sent_.front();
        std::uint64_t sequence = 0;
        std::memcpy(&sequence, frame.data(), sizeof sequence);
        if (sequence < first_sequence_ || sequence - first_sequence_ >= sent_.size()) return nullptr;
        pending& p = sent_[static_cast<std::size_t>(sequence - first_sequence_)];
        return p.receivers > 0 ? &p : nullptr;
    }

    void lose_track(const std::string& why) { stats_.error(name() + ": " + why); }

    void send_one(clock_type::time_point due) {
        if (stats_.in_window(clock_type::now())) stats_.frames_out.fetch_add(1, std::memory_order_relaxed);
        const std::uint64_t sequence = first_sequence_ + sent_.size();
        std::string frame = payload_;
        if (fanout()) std::memcpy(frame.data(), &sequence, sizeof sequence);
        sent_.push_back({due, config_.fanout});
        connections_[static_cast<std::size_t>(sequence % connections_.size())]->send(std::move(frame));
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
    const std::string key_;
    const int number_;
    std::vector<std::shared_ptr<ws_connection>> connections_;
    std::vector<bool> joined_;
    int joined_count_ = 0;
    std::deque<pending> sent_;  // sent and not yet back everywhere; the first is first_sequence_
    std::uint64_t first_sequence_ = 0;
    clock_type::time_point next_due_{};
};

}  // namespace

std::unique_ptr<driver> make_echo_driver(net::io_context& io, const settings& config, shared_stats& stats, int number,
                                         clock_type::duration interval) {
    return std::make_unique<echo_driver>(io, config, stats, number, interval);
}

}  // namespace golf::cli::load
