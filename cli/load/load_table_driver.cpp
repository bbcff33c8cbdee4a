// golf load's table driver: one table of golf-server, every seat a bot client deciding from its own view. It
// measures what a player would feel: the time from a move being sent (or due) to the last seat at the table
// receiving the update it caused. This is the per-frame path of `golf load`: most frames are scanned, not parsed.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <google/protobuf/arena.h>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/load/load_connection.hpp"
#include "cli/load/load_driver.hpp"
#include "cli/load/load_frame_scan.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "golf/v1/messages.pb.h"
#include "proto/convert.hpp"

namespace golf::cli::load {

namespace {

namespace net = boost::asio;

constexpr auto stall_limit = std::chrono::seconds(10);  // a move whose update has not come by then is an error
// A join sent to another node at most this many times (a table that moves while followed is followed again).
constexpr int max_hops = 3;

// One table: its seats' connections share this driver's strand, so the driver needs no lock. It creates the table
// (first connection), joins the others, starts the match, then moves one seat at a time: a move is sent, and the
// next only once every seat has the update it caused (or, with --rate, not before its scheduled time). With several
// nodes behind a proxy, a join answered ERROR_CODE_TABLE_ELSEWHERE is made again on a new connection to the same
// URL with ?node=NAME; the new connection takes the old one's place (on the strand, so nothing else sees it change).
class table_driver final : public connection_owner, public driver {
public:
    table_driver(net::io_context& io, const settings& config, shared_stats& stats, int number,
                 clock_type::duration interval, std::uint64_t seed)
        : strand_(net::make_strand(io)),
          config_(config),
          stats_(stats),
          number_(number),
          interval_(interval),
          paced_(config.rate.has_value()),
          timer_(strand_),
          random_(seed),
          bot_(make_bot(config.level)) {}

    // Main thread. Both vectors are complete before the first connection starts: a connection's handlers run on an
    // I/O thread at once (a refused connect calls on_lost) and index them, so they must not grow under it.
    void start(std::uint64_t& next_source) override {
        seats_.resize(static_cast<std::size_t>(config_.seats));
        for (int i = 0; i < config_.seats; ++i)
            connections_.push_back(std::make_shared<ws_connection>(
                strand_, config_.where, source_address_for(config_.where.server, next_source++), config_.greet, *this,
                i));
        stats_.connecting.fetch_add(config_.seats);
        for (const auto& c : connections_) c->start();
    }

    // On the strand, where a connection that follows its table is replaced.
    void abort_all() override {
        net::post(strand_, [this] {
            for (const auto& c : connections_) c->abort();
        });
    }

    // Open loop: the schedule starts with the measurement (at a random phase within one interval), so moves due
    // while the other tables were still being set up neither load the server early nor count late.
    void begin_window(clock_type::time_point start, double phase) override {
        net::post(strand_, [this, start, phase] {
            window_open_ = true;
            idle_ = false;
            next_due_ = start + std::chrono::duration_cast<clock_type::duration>(interval_ * phase);
            try_move();
        });
    }

    // Strand: a move sent more than stall_limit ago whose update never came.
    void check_stall(clock_type::time_point now) override {
        net::post(strand_, [this, now] {
            if (in_flight_ && !dead_ && now - sent_at_ > stall_limit) {
                dead_ = true;
                stats_.error("table " + std::to_string(number_) + ": no update " + std::to_string(stall_limit.count()) +
                             " s after a move");
            }
        });
    }

    void on_open(ws_connection& c) override {
        if (replaced(c)) return;
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        seats_[static_cast<std::size_t>(c.id())].open = true;
        if (c.id() == 0) {
            v1::ClientMessage create;
            create.set_request_id(next_request_++);
            v1::CreateTable& t = *create.mutable_create_table();
            t.set_player_name("load " + std::to_string(number_) + "/0");
            t.set_preset(config_.preset_name);
            t.set_seats(static_cast<std::uint32_t>(config_.seats));
            if (config_.house_rules) *t.mutable_house_rules() = wire::to_proto(config_.rules);
            send(c, create);
        } else if (!code_.empty()) {
            join(c);
        }
    }

    void on_frame(ws_connection& c, std::string_view frame) override {
        if (replaced(c)) return;
        const auto now = clock_type::now();
        if (stats_.in_window(now)) stats_.frames_in.fetch_add(1, std::memory_order_relaxed);
        seat_state& me = seats_[static_cast<std::size_t>(c.id())];
        // Most frames are another seat's move reaching this one: scanned for the few fields counted, not built.
        if (const frame_scan scan = scan_frame(frame); scan.update_to_count_only())
            return on_update(c, me, now, static_cast<v1::TableState>(scan.state), scan.hand_version, nullptr);
        // The rest (this seat's move, errors, joins) parsed on the driver's arena: the previous frame's messages go
        // at once, and a frame costs no heap allocation once the arena's first block has grown to fit (a TableUpdate
        // is ~100 small messages).
        arena_.Reset();
        auto& message = *google::protobuf::Arena::CreateMessage<v1::ServerMessage>(&arena_);
        if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size())))
            return fail("an undecodable frame from the server");
        switch (message.body_case()) {
            case v1::ServerMessage::kError: {
                const bool setup = !started_;
                if (setup && message.error().code() == v1::ERROR_CODE_TABLE_ELSEWHERE &&
                    !message.error().node().empty() && me.hops < max_hops)
                    return follow(c, me, message.error().node());
                stats_.error("table " + std::to_string(number_) + ": " +
                             std::string(client::error_code_name(message.error().code())) + ": " +
                             message.error().message());
                if (setup) return fail_setup();
                if (in_flight_ && message.request_id() == move_request_) in_flight_ = false;  // the move is void
                return try_move();
            }
            case v1::ServerMessage::kTableJoined: {
                me.seat = static_cast<int>(message.table_joined().seat());
                if (c.id() == 0) {
                    code_ = message.table_joined().code();
                    for (std::size_t i = 1; i < connections_.size(); ++i)
                        if (seats_[i].open) join(*connections_[i]);
                }
                if (++joined_ == config_.seats) {
                    v1::ClientMessage start;
                    start.set_request_id(next_request_++);
                    start.mutable_start_match();
                    send(*connections_[0], start);
                }
                return;
            }
            case v1::ServerMessage::kTableUpdate: {
                const v1::TableUpdate& u = message.table_update();
                return on_update(c, me, now, u.state(), u.hand_version(), client::my_move(u) ? &u.hand() : nullptr);
            }
            default: return;  // Ok, chat, lobby
        }
    }

    void on_lost(ws_connection& c, const std::string& why) override {
        if (replaced(c)) return;
        seat_state& me = seats_[static_cast<std::size_t>(c.id())];
        if (me.open) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        me.open = false;
        if (stats_.stopping.load()) return;
        stats_.error("table " + std::to_string(number_) + " connection " + std::to_string(c.id()) + ": " + why);
        if (!started_) return fail_setup();
        dead_ = true;
    }

private:
    struct seat_state {
        bool open = false;
        int seat = -1;
        int hops = 0;               // times this seat's join was sent to another node
        std::uint64_t version = 0;  // the newest hand_version this seat has seen
        bool counted = false;       // has seen the update of the move in flight
        // The seat's view when it has something to do, converted as it arrives: a copy of the HandView message
        // would cost a hundred heap allocations, and the bot decides from this anyway.
        std::optional<hand_view> view;
    };

    void send(ws_connection& c, const v1::ClientMessage& message) {
        if (stats_.in_window(clock_type::now())) stats_.frames_out.fetch_add(1, std::memory_order_relaxed);
        c.send(message.SerializeAsString());
    }

    void join(ws_connection& c) {
        v1::ClientMessage join;
        join.set_request_id(next_request_++);
        join.mutable_join_table()->set_code(code_);
        join.mutable_join_table()->set_player_name("load " + std::to_string(number_) + "/" + std::to_string(c.id()));
        send(c, join);
    }

    // A connection another has taken the place of (its events may still be queued on the strand).
    bool replaced(const ws_connection& c) const { return connections_[static_cast<std::size_t>(c.id())].get() != &c; }

    // The join was answered by the node that does not play the table: join again through `node`.
    void follow(ws_connection& c, seat_state& me, const std::string& node) {
        ++me.hops;
        stats_.node_hops.fetch_add(1, std::memory_order_relaxed);
        if (me.open) {
            me.open = false;
            stats_.open.fetch_sub(1);
        }
        stats_.connecting.fetch_add(1);
        target where = c.where();
        where.path = client::with_node(where.path, node);
        auto next =
            std::make_shared<ws_connection>(strand_, std::move(where), c.source(), config_.greet, *this, c.id());
        connections_[static_cast<std::size_t>(c.id())] = next;
        c.abort();
        next->start();
    }

    void fail(const std::string& why) {
        stats_.error("table " + std::to_string(number_) + ": " + why);
        dead_ = true;
    }

    void fail_setup() {
        if (dead_) return;
        dead_ = true;
        stats_.failed.fetch_add(1);
    }

    // `my_move`: the update's view when it asks this seat to move (client::my_move), else null.
    void on_update(ws_connection& c, seat_state& me, clock_type::time_point now, v1::TableState state,
                   std::uint64_t hand_version, const v1::HandView* my_move) {
        me.version = std::max(me.version, hand_version);
        newest_ = std::max(newest_, hand_version);
        me.view.reset();
        if (my_move) {
            me.view = wire::to_hand_view(*my_move);
            if (!me.view || me.view->legal.empty()) {
                me.view.reset();
                return fail("a hand view this tool cannot read");
            }
        }
        if (state == v1::TABLE_STATE_PLAYING && !started_) {
            started_ = true;
            stats_.ready.fetch_add(1);
        }
        if (state == v1::TABLE_STATE_PLAYING) rematch_asked_ = false;
        if (in_flight_ && !me.counted && me.version >= target_version_) {
            me.counted = true;
            if (--remaining_ == 0) {
                in_flight_ = false;
                if (stats_.in_window(scheduled_)) {
                    stats_.latency.record(now - scheduled_);
                    const bool ended_hole = state == v1::TABLE_STATE_BETWEEN_HOLES || state == v1::TABLE_STATE_FINISHED;
                    (ended_hole ? stats_.hole_end_latency : stats_.mid_hole_latency).record(now - scheduled_);
                    stats_.from_sent_latency.record(now - sent_at_);
                    stats_.moves.fetch_add(1, std::memory_order_relaxed);
                }
            }
        }
        // A finished match: the host asks for a rematch, so the table plays for the whole run.
        if (state == v1::TABLE_STATE_FINISHED && c.id() == 0 && !rematch_asked_ && !stats_.stopping.load()) {
            rematch_asked_ = true;
            v1::ClientMessage rematch;
            rematch.set_request_id(next_request_++);
            rematch.mutable_rematch();
            send(c, rematch);
        }
        try_move();
    }

    // The seat that may move now, from an up-to-date view; -1 when none (between holes, an update still on its way).
    int mover() const {
        for (std::size_t i = 0; i < seats_.size(); ++i)
            if (seats_[i].open && seats_[i].view && seats_[i].version == newest_) return static_cast<int>(i);
        return -1;
    }

    void try_move() {
        if (dead_ || in_flight_ || stats_.stopping.load(std::memory_order_relaxed)) return;
        if (paced_ && !window_open_) return;
        const int who = mover();
        const auto now = clock_type::now();
        if (who < 0) {
            idle_ = true;
            return;
        }
        if (idle_) {
            // A gap the server did not cause (between holes, the start): the schedule does not run up a debt.
            idle_ = false;
            next_due_ = std::max(next_due_, now);
        }
        if (next_due_ > now) {
            if (!timer_armed_) {
                timer_armed_ = true;
                timer_.expires_at(next_due_);
                timer_.async_wait([this](boost::system::error_code) {
                    timer_armed_ = false;
                    try_move();
                });
            }
            return;
        }
        seat_state& me = seats_[static_cast<std::size_t>(who)];
        const action chosen = bot_->choose(config_.rules, *me.view, random_);
        v1::ClientMessage act;
        move_request_ = next_request_++;
        act.set_request_id(move_request_);
        *act.mutable_act()->mutable_action() = wire::to_proto(chosen);
        act.mutable_act()->set_hand_version(me.version);
        // Open loop: measured from when the move was due, so a server that falls behind shows it (no coordinated
        // omission). Closed loop: from now, and the next no sooner than the per-seat cap allows.
        scheduled_ = paced_ ? next_due_ : now;
        next_due_ = paced_ ? next_due_ + interval_ : now + interval_;
        sent_at_ = now;
        target_version_ = me.version + 1;
        remaining_ = 0;
        for (seat_state& s : seats_) {
            s.counted = !s.open;
            remaining_ += s.open ? 1 : 0;
        }
        in_flight_ = true;
        me.view.reset();
        send(*connections_[static_cast<std::size_t>(who)], act);
    }

    strand strand_;
    const settings& config_;
    shared_stats& stats_;
    const int number_;
    const clock_type::duration interval_;
    const bool paced_;
    net::steady_timer timer_;
    random_source random_;
    std::unique_ptr<bot> bot_;
    std::vector<std::shared_ptr<ws_connection>> connections_;
    std::vector<seat_state> seats_;
    static constexpr std::size_t first_block_size = 16 * 1024;
    std::unique_ptr<char[]> first_block_ = std::make_unique<char[]>(first_block_size);
    google::protobuf::Arena arena_{first_block_.get(), first_block_size};  // each frame's parse; Reset per frame
    std::string code_;
    std::uint32_t next_request_ = 2;  // 1 is the Hello
    int joined_ = 0;
    bool started_ = false;
    bool dead_ = false;
    bool rematch_asked_ = false;
    std::uint64_t newest_ = 0;
    bool in_flight_ = false;
    std::uint32_t move_request_ = 0;
    std::uint64_t target_version_ = 0;
    int remaining_ = 0;
    clock_type::time_point scheduled_{};
    clock_type::time_point sent_at_{};
    clock_type::time_point next_due_{};
    bool idle_ = true;
    bool timer_armed_ = false;
    bool window_open_ = false;
};

}  // namespace

std::unique_ptr<driver> make_table_driver(net::io_context& io, const settings& config, shared_stats& stats, int number,
                                          clock_type::duration interval, std::uint64_t seed) {
    return std::make_unique<table_driver>(io, config, stats, number, interval, seed);
}

}  // namespace golf::cli::load
