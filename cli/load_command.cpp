// golf load: a load generator for golf-server. It plays N tables at once over real WebSocket connections, every seat
// a bot client deciding from its own view, and measures what a player would feel: the time from a move being sent
// to the last seat at the table receiving the update it caused. With --echo it drives a plain WebSocket echo server
// (bench/echo_server) with the same connection code instead, for the stack's own ceiling. Asynchronous throughout:
// a few I/O threads, one strand per table, never a thread per connection; every wait is bounded.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <google/protobuf/arena.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "cli/load_connection.hpp"
#include "cli/load_frame_scan.hpp"
#include "cli/load_histogram.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/random.hpp"
#include "golf/v1/messages.pb.h"
#include "proto/convert.hpp"
#include "server/metrics.hpp"

namespace golf::cli {

namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;
using clock_type = std::chrono::steady_clock;
using load::greeting;
using load::strand;
using load::ws_connection;

// golf-server closes a connection sending more than 200 messages a second on average; a table in closed loop moves
// at most this often per seat, so the load tool never trips that limit itself.
constexpr int max_moves_per_seat_second = 100;
// At most this many connections being set up at once, so the server's accept backlog never overflows.
constexpr int max_connecting = 512;
constexpr auto stall_limit = std::chrono::seconds(10);  // a move whose update has not come by then is an error
constexpr int max_seconds = 3600;

struct settings {
    std::string url;
    load::target where;
    bool echo = false;
    int tables = 0;
    int seats = 4;
    std::string preset_name = "six-card";
    ruleset rules;
    bool house_rules = false;
    std::string level = "heuristic";
    int duration_s = 10;
    std::optional<int> rate;  // moves (or echo frames) per second, over everything
    int idle_connections = 0;
    int connections = 0;      // --echo
    int frame_bytes = 512;    // --echo
    int threads = 2;
    int setup_timeout_s = 120;
    bool json = false;
    // Moves answered by their TableUpdate (Hello.update_answers_act); --separate-ok: by an Ok frame first.
    greeting greet = greeting::hello_update_answers_act;
};

// Thrown for a failed run: one line on stderr and exit status 1.
struct run_failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Everything every driver counts; atomics, since drivers run on all the I/O threads.
struct shared_stats {
    latency_histogram latency;
    // The same moves split in two: a hole's last move is answered only once the hole is on disk (and the next
    // deal follows it), so its latency is a different thing from a move in the middle of a hole.
    latency_histogram hole_end_latency;
    latency_histogram mid_hole_latency;
    // From when a move was written rather than when it was due: the server's and the network's part alone. In open
    // loop the difference is the tool's own lateness (a timer that fired late, a thread that was busy).
    latency_histogram from_sent_latency;
    std::atomic<bool> measuring{false};
    std::atomic<bool> stopping{false};
    std::atomic<std::int64_t> measure_start_ns{0};
    std::atomic<std::uint64_t> moves{0};       // completed in the measurement window
    std::atomic<std::uint64_t> frames_in{0};   // frames received by the clients, in the window
    std::atomic<std::uint64_t> frames_out{0};  // frames sent by the clients, in the window
    std::atomic<std::uint64_t> errors{0};
    std::atomic<std::int64_t> open{0};         // connections open now
    std::atomic<int> connecting{0};            // connections being set up now
    std::atomic<int> ready{0};                 // tables playing (or echo/idle connections open)
    std::atomic<int> failed{0};                // tables or connections that could not be set up
    std::mutex mutex;
    std::string first_error;

    void error(const std::string& what) {
        errors.fetch_add(1, std::memory_order_relaxed);
        std::lock_guard lock(mutex);
        if (first_error.empty()) first_error = what;
    }
    bool in_window(clock_type::time_point t) const {
        return measuring.load(std::memory_order_relaxed) &&
               t.time_since_epoch().count() >= measure_start_ns.load(std::memory_order_relaxed);
    }
};

std::uint64_t next_source = 0;  // main thread only: which 127.0.0.x the next connection comes from

// One table: its seats' connections share this driver's strand, so the driver needs no lock. It creates the table
// (first connection), joins the others, starts the match, then moves one seat at a time: a move is sent, and the
// next only once every seat has the update it caused (or, with --rate, not before its scheduled time).
class table_driver final : public load::connection_owner {
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
    void start() {
        seats_.resize(static_cast<std::size_t>(config_.seats));
        for (int i = 0; i < config_.seats; ++i)
            connections_.push_back(std::make_shared<ws_connection>(
                strand_, config_.where, load::source_address_for(config_.where.server, next_source++), config_.greet,
                *this, i));
        stats_.connecting.fetch_add(config_.seats);
        for (const auto& c : connections_) c->start();
    }

    void abort_all() {
        for (const auto& c : connections_) c->abort();
    }

    // Open loop: the schedule starts with the measurement (at a random phase within one interval), so moves due
    // while the other tables were still being set up neither load the server early nor count late.
    void begin_window(clock_type::time_point start, double phase) {
        net::post(strand_, [this, start, phase] {
            window_open_ = true;
            idle_ = false;
            next_due_ = start + std::chrono::duration_cast<clock_type::duration>(interval_ * phase);
            try_move();
        });
    }

    // Strand: a move sent more than stall_limit ago whose update never came.
    void check_stall(clock_type::time_point now) {
        net::post(strand_, [this, now] {
            if (in_flight_ && !dead_ && now - sent_at_ > stall_limit) {
                dead_ = true;
                stats_.error("table " + std::to_string(number_) + ": no update " +
                             std::to_string(stall_limit.count()) + " s after a move");
            }
        });
    }

    void on_open(ws_connection& c) override {
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
        const auto now = clock_type::now();
        if (stats_.in_window(now)) stats_.frames_in.fetch_add(1, std::memory_order_relaxed);
        seat_state& me = seats_[static_cast<std::size_t>(c.id())];
        // Most frames are another seat's move reaching this one: scanned for the few fields counted, not built.
        if (const load::frame_scan scan = load::scan_frame(frame); scan.update_to_count_only())
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
        std::uint64_t version = 0;        // the newest hand_version this seat has seen
        bool counted = false;             // has seen the update of the move in flight
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
                    const bool ended_hole =
                        state == v1::TABLE_STATE_BETWEEN_HOLES || state == v1::TABLE_STATE_FINISHED;
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

// One connection to the echo server: a frame out, the same frame back. Closed loop: the next frame goes when the
// last one is back. Open loop (--rate): frames go on schedule whatever comes back, each timed from when it was due.
class echo_driver final : public load::connection_owner {
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

    void start() {
        stats_.connecting.fetch_add(1);
        connection_ = std::make_shared<ws_connection>(
            strand_, config_.where, load::source_address_for(config_.where.server, next_source++), greeting::none, *this,
            number_);
        connection_->start();
    }
    void abort_all() { connection_->abort(); }

    void on_open(ws_connection&) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        stats_.ready.fetch_add(1);
        if (!config_.rate) send_one(clock_type::now());
    }

    // Open loop: frames go on schedule from the start of the measurement, at a random phase within one interval.
    void begin_window(clock_type::time_point start, double phase) {
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

// Idle connections: Hello, Welcome, then nothing but staying open (the WebSocket answers the server's pings).
class idle_owner final : public load::connection_owner {
public:
    explicit idle_owner(shared_stats& stats) : stats_(stats) {}
    void on_open(ws_connection&) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        stats_.ready.fetch_add(1);
    }
    void on_frame(ws_connection&, std::string_view) override {}
    void on_lost(ws_connection& c, const std::string& why) override {
        if (c.was_opened()) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        if (stats_.stopping.load()) return;
        if (!c.was_opened()) stats_.failed.fetch_add(1);
        stats_.error("idle connection " + std::to_string(c.id()) + ": " + why);
    }

private:
    shared_stats& stats_;
};

struct server_metrics {
    std::int64_t resident_bytes = 0;
    std::int64_t connections_open = -1;
    double cpu_seconds = -1;         // -1: the server does not say
    double cpu_system_seconds = -1;  // the kernel's part of it
};

// What a counter read at `start` and `end` grew by; -1 when either reading is missing (-1).
double grown(double start, double end) { return start >= 0 && end >= 0 ? end - start : -1; }

// GET /metrics on the server (bounded by a few seconds); zeros when it does not answer (the echo server answers
// only the resident memory line).
server_metrics read_metrics(const settings& config) {
    server_metrics result;
    net::io_context io;
    beast::tcp_stream stream(io);
    beast::flat_buffer buffer;
    http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
    request.set(http::field::host, config.where.host);
    request.set(http::field::connection, "close");
    http::response<http::string_body> response;
    stream.expires_after(std::chrono::seconds(5));
    stream.async_connect(config.where.server, [&](boost::system::error_code error) {
        if (error) return;
        http::async_write(stream, request, [&](boost::system::error_code e, std::size_t) {
            if (e) return;
            http::async_read(stream, buffer, response, [](boost::system::error_code, std::size_t) {});
        });
    });
    io.run_for(std::chrono::seconds(6));
    const std::string& body = response.body();
    const auto value_of = [&](std::string_view name) -> double {
        std::size_t at = 0;
        while ((at = body.find(name, at)) != std::string::npos) {
            if ((at == 0 || body[at - 1] == '\n') && at + name.size() < body.size() && body[at + name.size()] == ' ')
                return std::strtod(body.c_str() + at + name.size() + 1, nullptr);
            at += name.size();
        }
        return -1;
    };
    result.resident_bytes = std::max<std::int64_t>(0, static_cast<std::int64_t>(value_of("golf_resident_memory_bytes")));
    result.connections_open = static_cast<std::int64_t>(value_of("golf_connections_open"));
    result.cpu_seconds = value_of("golf_process_cpu_seconds_total");
    result.cpu_system_seconds = value_of("golf_process_cpu_system_seconds_total");
    return result;
}

// Raises the soft limit on open files to the hard limit; returns the limit now in force.
std::uint64_t raise_file_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 1024;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur;
}

double ms(std::chrono::nanoseconds d) { return static_cast<double>(d.count()) / 1e6; }

int run(settings& config) {
    const auto endpoint = client::parse_url(config.url);
    net::io_context io(config.threads);
    {
        tcp::resolver resolver(io);
        boost::system::error_code error;
        const auto found = resolver.resolve(endpoint->host, endpoint->port, error);
        if (error || found.empty())
            throw run_failure("cannot resolve " + endpoint->host + ": " + (error ? error.message() : "no address"));
        config.where.server = found.begin()->endpoint();
        config.where.host = endpoint->host;
        config.where.path = endpoint->target;
    }
    const std::uint64_t needed = static_cast<std::uint64_t>(config.echo ? config.connections
                                                                         : config.tables * config.seats) +
                                 static_cast<std::uint64_t>(config.idle_connections) + 64;
    const std::uint64_t files = raise_file_limit();
    if (files < needed)
        throw run_failure("needs about " + std::to_string(needed) + " open files, but the limit is " +
                          std::to_string(files) + " (raise the hard limit: ulimit -Hn)");

    const server_metrics before = read_metrics(config);
    shared_stats stats;
    std::vector<std::unique_ptr<table_driver>> tables;
    std::vector<std::unique_ptr<echo_driver>> echoes;
    idle_owner idle(stats);
    std::vector<std::shared_ptr<ws_connection>> idlers;

    const int units = config.echo ? config.connections : config.tables;
    clock_type::duration interval{};
    if (config.rate) {
        interval = std::chrono::duration_cast<clock_type::duration>(std::chrono::duration<double>(
            static_cast<double>(std::max(units, 1)) / static_cast<double>(*config.rate)));
    } else if (!config.echo) {
        interval = std::chrono::microseconds(1000000 / (max_moves_per_seat_second * config.seats));
    }
    std::mt19937_64 seeds(std::random_device{}());
    for (int i = 0; i < units; ++i) {
        if (config.echo) echoes.push_back(std::make_unique<echo_driver>(io, config, stats, i, interval));
        else tables.push_back(std::make_unique<table_driver>(io, config, stats, i, interval, seeds()));
    }

    auto work = net::make_work_guard(io);
    std::vector<std::thread> threads;
    for (int i = 0; i < config.threads; ++i) threads.emplace_back([&io] { io.run(); });

    const bool progress = ::isatty(STDERR_FILENO) != 0;
    const auto setup_started = clock_type::now();
    const auto setup_deadline = setup_started + std::chrono::seconds(config.setup_timeout_s);
    const int per_unit = config.echo ? 1 : config.seats;
    const auto throttle = [&] {
        while (stats.connecting.load() + per_unit > max_connecting && clock_type::now() < setup_deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    for (auto& t : tables) {
        throttle();
        t->start();
    }
    for (auto& e : echoes) {
        throttle();
        e->start();
    }
    for (int i = 0; i < config.idle_connections; ++i) {
        throttle();
        stats.connecting.fetch_add(1);
        idlers.push_back(std::make_shared<ws_connection>(
            net::make_strand(io), config.where, load::source_address_for(config.where.server, next_source++),
            greeting::hello, idle, i));
        idlers.back()->start();
    }
    const int expected = units + config.idle_connections;
    std::uint64_t last_moves = 0;
    auto last_print = clock_type::now();
    while (stats.ready.load() + stats.failed.load() < expected && clock_type::now() < setup_deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (progress && clock_type::now() - last_print >= std::chrono::seconds(1)) {
            last_print = clock_type::now();
            std::fprintf(stderr, "\rsetting up: %lld connections open, %d of %d ready, %llu errors\033[K",
                         static_cast<long long>(stats.open.load()), stats.ready.load(), expected,
                         static_cast<unsigned long long>(stats.errors.load()));
        }
    }
    const double setup_s = std::chrono::duration<double>(clock_type::now() - setup_started).count();
    const int not_ready = expected - stats.ready.load() - stats.failed.load();
    if (not_ready > 0) stats.error(std::to_string(not_ready) + " tables or connections were not ready in time");

    // The measurement window: only moves due inside it count.
    const server_metrics at_start = read_metrics(config);
    const server::cpu_time own_cpu_at_start = server::process_cpu_time();
    const auto start = clock_type::now();
    stats.measure_start_ns.store(start.time_since_epoch().count());
    stats.measuring.store(true);
    {
        std::uniform_real_distribution<double> phase(0.0, 1.0);
        for (auto& t : tables) t->begin_window(start, phase(seeds));
        for (auto& e : echoes) e->begin_window(start, phase(seeds));
    }
    const auto end = start + std::chrono::seconds(config.duration_s);
    last_print = start;
    while (clock_type::now() < end) {
        std::this_thread::sleep_for(std::min<clock_type::duration>(std::chrono::milliseconds(100),
                                                                   end - clock_type::now()));
        const auto now = clock_type::now();
        if (now - last_print < std::chrono::seconds(1)) continue;
        for (auto& t : tables) t->check_stall(now);
        if (progress) {
            const std::uint64_t moves = stats.moves.load();
            const double rate = static_cast<double>(moves - last_moves) /
                                std::chrono::duration<double>(now - last_print).count();
            std::fprintf(stderr, "\r%3llds: %.0f %s/s, p99 %.3f ms, %lld connections, %llu errors\033[K",
                         static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(now - start).count()),
                         rate, config.echo ? "frames" : "moves", ms(stats.latency.quantile(0.99)),
                         static_cast<long long>(stats.open.load()),
                         static_cast<unsigned long long>(stats.errors.load()));
            last_moves = moves;
        }
        last_print = now;
    }
    const double elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
    stats.measuring.store(false);
    const std::uint64_t moves = stats.moves.load();
    const std::uint64_t frames = stats.frames_in.load() + stats.frames_out.load();
    const std::int64_t connections = stats.open.load();
    const server::cpu_time own_cpu_at_end = server::process_cpu_time();
    const double own_cpu = own_cpu_at_end.total() - own_cpu_at_start.total();
    const double own_cpu_system = own_cpu_at_end.system - own_cpu_at_start.system;
    // The server's memory while every connection is still open.
    const server_metrics after = read_metrics(config);
    const double server_cpu = grown(at_start.cpu_seconds, after.cpu_seconds);
    const double server_cpu_system = grown(at_start.cpu_system_seconds, after.cpu_system_seconds);
    const auto per_move_us = [&](double cpu) {
        return moves > 0 && cpu >= 0 ? cpu * 1e6 / static_cast<double>(moves) : 0.0;
    };
    stats.stopping.store(true);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (progress) std::fprintf(stderr, "\r\033[K");

    for (auto& t : tables) t->abort_all();
    for (auto& e : echoes) e->abort_all();
    for (auto& c : idlers) c->abort();
    work.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    io.stop();
    for (std::thread& t : threads) t.join();

    const double moves_per_s = elapsed > 0 ? static_cast<double>(moves) / elapsed : 0;
    const double frames_per_s = elapsed > 0 ? static_cast<double>(frames) / elapsed : 0;
    const auto p = [&](double q) { return ms(stats.latency.quantile(q)); };
    const std::int64_t added = after.resident_bytes - before.resident_bytes;
    const std::int64_t per_connection = connections > 0 && after.resident_bytes > 0 && before.resident_bytes > 0
                                            ? added / connections
                                            : 0;
    const std::uint64_t errors = stats.errors.load();
    std::string first_error;
    {
        std::lock_guard lock(stats.mutex);
        first_error = stats.first_error;
    }

    if (config.json) {
        json_writer out;
        out.begin_object();
        out.key("mode").string(config.echo ? "echo" : "tables");
        if (!config.echo) {
            out.key("tables").integer(config.tables);
            out.key("seats").integer(config.seats);
            out.key("rules").string(config.preset_name);
            out.key("level").string(config.level);
        } else {
            out.key("frame_bytes").integer(config.frame_bytes);
        }
        out.key("idle_connections").integer(config.idle_connections);
        out.key("threads").integer(config.threads);
        out.key("duration_s").number(elapsed);
        out.key("setup_s").number(setup_s);
        out.key("offered_per_s");
        if (config.rate) out.integer(*config.rate);
        else out.null();
        out.key("moves").unsigned_integer(moves);
        out.key("moves_per_s").number(moves_per_s);
        out.key("frames_per_s").number(frames_per_s);
        out.key("frames_per_move").number(moves > 0 ? static_cast<double>(frames) / static_cast<double>(moves) : 0);
        out.key("p50_ms").number(p(0.50));
        out.key("p90_ms").number(p(0.90));
        out.key("p99_ms").number(p(0.99));
        out.key("p999_ms").number(p(0.999));
        out.key("max_ms").number(p(1.0));
        if (!config.echo) {
            out.key("hole_end_moves").unsigned_integer(stats.hole_end_latency.count());
            out.key("hole_end_p50_ms").number(ms(stats.hole_end_latency.quantile(0.50)));
            out.key("hole_end_p99_ms").number(ms(stats.hole_end_latency.quantile(0.99)));
            out.key("mid_hole_p50_ms").number(ms(stats.mid_hole_latency.quantile(0.50)));
            out.key("mid_hole_p99_ms").number(ms(stats.mid_hole_latency.quantile(0.99)));
            out.key("from_sent_p50_ms").number(ms(stats.from_sent_latency.quantile(0.50)));
            out.key("from_sent_p99_ms").number(ms(stats.from_sent_latency.quantile(0.99)));
        }
        out.key("connections").integer(connections);
        out.key("errors").unsigned_integer(errors);
        out.key("first_error").string(first_error);
        out.key("server_rss_bytes").integer(after.resident_bytes);
        out.key("server_rss_start_bytes").integer(before.resident_bytes);
        out.key("server_rss_per_connection_bytes").integer(per_connection);
        out.key("server_connections_open").integer(after.connections_open);
        // CPU per move holds even when other programs share the machine: capacity is about cores / cost.
        out.key("server_cpu_s").number(server_cpu);
        out.key("server_cpu_us_per_move").number(per_move_us(server_cpu));
        out.key("client_cpu_s").number(own_cpu);
        out.key("client_cpu_us_per_move").number(per_move_us(own_cpu));
        // The kernel's part of each: on loopback it includes delivering every frame sent, to either side. With the
        // tool beside the server, cores / (the two added) bounds the rate however cheap the code above them.
        out.key("server_cpu_system_us_per_move").number(per_move_us(server_cpu_system));
        out.key("client_cpu_system_us_per_move").number(per_move_us(own_cpu_system));
        out.end_object();
        std::cout << out.text() << '\n';
    } else {
        const char* unit = config.echo ? "echoes" : "moves";
        std::printf("%s: %llu %s in %.1f s: %.0f %s/s, %.0f frames/s\n",
                    config.echo ? "echo" : (std::to_string(config.tables) + " tables").c_str(),
                    static_cast<unsigned long long>(moves), unit, elapsed, moves_per_s, unit, frames_per_s);
        std::printf("latency: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms\n", p(0.5), p(0.9),
                    p(0.99), p(0.999), p(1.0));
        if (!config.echo)
            std::printf("  a hole's last move (%llu): p50 %.3f ms, p99 %.3f ms; the others: p50 %.3f ms, p99 %.3f ms\n",
                        static_cast<unsigned long long>(stats.hole_end_latency.count()),
                        ms(stats.hole_end_latency.quantile(0.50)), ms(stats.hole_end_latency.quantile(0.99)),
                        ms(stats.mid_hole_latency.quantile(0.50)), ms(stats.mid_hole_latency.quantile(0.99)));
        if (!config.echo && config.rate)
            std::printf("  from when each move was written, not due: p50 %.3f ms, p99 %.3f ms\n",
                        ms(stats.from_sent_latency.quantile(0.50)), ms(stats.from_sent_latency.quantile(0.99)));
        std::printf("connections: %lld held (setup %.1f s); errors: %llu%s%s\n", static_cast<long long>(connections),
                    setup_s, static_cast<unsigned long long>(errors), first_error.empty() ? "" : "; first: ",
                    first_error.c_str());
        std::printf("server memory: %.1f MiB resident (%.1f MiB at the start; %lld bytes per connection)\n",
                    static_cast<double>(after.resident_bytes) / 1048576.0,
                    static_cast<double>(before.resident_bytes) / 1048576.0, static_cast<long long>(per_connection));
        const char* per = config.echo ? "echo" : "move";
        std::printf("cpu: server %.2f s (%.1f us per %s, %.1f of it in the kernel), this tool %.2f s (%.1f us per %s, "
                    "%.1f in the kernel)\n",
                    server_cpu, per_move_us(server_cpu), per, per_move_us(server_cpu_system), own_cpu,
                    per_move_us(own_cpu), per, per_move_us(own_cpu_system));
    }
    if (stats.ready.load() == 0) {
        std::cerr << "golf load: nothing could be set up: " << first_error << '\n';
        return exit_failure;
    }
    return exit_ok;
}

}  // namespace

std::string_view load_usage() {
    return "usage: golf load --url ws://HOST:PORT/ws --tables N [--seats 4] [--rules PRESET] [--set OPTION=VALUE ...]\n"
           "                 [--duration SECONDS] [--rate MOVES_PER_S] [--idle-connections M] [--level LEVEL]\n"
           "                 [--threads T] [--setup-timeout SECONDS] [--separate-ok] [--json]\n"
           "       golf load --echo --url ws://HOST:PORT/ --connections N [--rate FRAMES_PER_S] [--frame-bytes B]\n"
           "                 [--duration SECONDS] [--threads T] [--json]\n"
           "\n"
           "Load for golf-server: N tables played at once over real WebSocket connections, every seat a bot client\n"
           "deciding from its own view. Each table moves one seat at a time; a move's latency runs from when it was\n"
           "sent (with --rate: from when it was due, so a server falling behind shows) to the last seat receiving\n"
           "the update it caused. Finished matches are rematched, so tables play for the whole run. Connections come\n"
           "from 127.0.0.2 to 127.0.0.254 in turn when the server is on loopback. With --echo it drives a WebSocket\n"
           "echo server (bench/echo_server) with the same client code, for the stack's own ceiling.\n"
           "\n"
           "  --url URL             the server's WebSocket, e.g. ws://127.0.0.1:8080/ws\n"
           "  --tables N            tables to play at once (0 to 100000; 0 with --idle-connections only)\n"
           "  --seats N             seats per table (default 4), within the ruleset's player range\n"
           "  --rules PRESET        the preset (default six-card); --set adds house rules\n"
           "  --duration SECONDS    how long to measure, after every table is playing (1 to 3600, default 10)\n"
           "  --rate MOVES_PER_S    open loop: moves offered per second over all tables, on a schedule that\n"
           "                        starts once every table is playing (default: closed loop, each table as fast\n"
           "                        as its updates come back, at most 100 moves/s per seat)\n"
           "  --idle-connections M  extra connections that say Hello and then stay open (0 to 1000000)\n"
           "  --level LEVEL         the bots: random or heuristic (default heuristic)\n"
           "  --threads T           I/O threads (1 to 64, default 2)\n"
           "  --setup-timeout S     longest wait for every table to be playing (1 to 3600, default 120)\n"
           "  --separate-ok         ask for each move's Ok in a frame of its own, ahead of the update (by default\n"
           "                        the bots set Hello.update_answers_act: the update answers the move)\n"
           "  --echo                drive an echo server: --connections N each echo one frame at a time\n"
           "  --connections N       echo connections (1 to 1000000)\n"
           "  --frame-bytes B       echo frame size (1 to 65536, default 512)\n"
           "  --json                print one JSON object as the last line: moves_per_s, frames_per_s, p50_ms,\n"
           "                        p90_ms, p99_ms, p999_ms, connections, errors, server_rss_bytes, ...; and\n"
           "                        the latency of holes' last moves (hole_end_p50_ms, hole_end_p99_ms) apart\n"
           "                        from the others' (mid_hole_p50_ms, mid_hole_p99_ms), and the latency from\n"
           "                        when each move was written instead of due (from_sent_p50_ms, from_sent_p99_ms)\n"
           "\n"
           "Every unexpected Error reply and every lost connection counts in errors. Progress goes to stderr each\n"
           "second when it is a terminal. Exit status: 0 when the run finished (errors or not), 1 when it could not\n"
           "run (no server: nothing could be set up; too few open files), 2 bad flags.\n";
}

int run_load(std::span<const std::string_view> words) {
    command_line args(words);
    settings config;
    std::optional<std::string_view> url, seats_text, tables_text, connections_text, frame_text;
    std::vector<std::string> house_rules;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--url") {
            url = args.value();
        } else if (flag == "--tables") {
            tables_text = args.value();
        } else if (flag == "--seats") {
            seats_text = args.value();
        } else if (flag == "--rules") {
            config.preset_name = std::string(args.value());
        } else if (flag == "--set") {
            house_rules.emplace_back(args.value());
        } else if (flag == "--duration") {
            config.duration_s = parse_int("--duration", args.value(), 1, max_seconds);
        } else if (flag == "--rate") {
            config.rate = parse_int("--rate", args.value(), 1, 10000000);
        } else if (flag == "--idle-connections") {
            config.idle_connections = parse_int("--idle-connections", args.value(), 0, 1000000);
        } else if (flag == "--level") {
            config.level = std::string(args.value());
        } else if (flag == "--threads") {
            config.threads = parse_int("--threads", args.value(), 1, 64);
        } else if (flag == "--setup-timeout") {
            config.setup_timeout_s = parse_int("--setup-timeout", args.value(), 1, max_seconds);
        } else if (flag == "--echo") {
            args.expect_no_value();
            config.echo = true;
        } else if (flag == "--connections") {
            connections_text = args.value();
        } else if (flag == "--frame-bytes") {
            frame_text = args.value();
        } else if (flag == "--separate-ok") {
            args.expect_no_value();
            config.greet = greeting::hello;
        } else if (flag == "--json") {
            args.expect_no_value();
            config.json = true;
        } else {
            args.unknown_flag();
        }
    }
    config.url = server_url_or_throw(url);
    if (config.echo) {
        if (tables_text || seats_text || !house_rules.empty() || config.idle_connections > 0)
            throw usage_error("--echo takes --connections, not --tables, --seats, --set or --idle-connections");
        if (!connections_text) throw usage_error("missing --connections N (with --echo)");
        config.connections = parse_int("--connections", *connections_text, 1, 1000000);
        if (frame_text) config.frame_bytes = parse_int("--frame-bytes", *frame_text, 1, 65536);
    } else {
        if (connections_text || frame_text) throw usage_error("--connections and --frame-bytes go with --echo");
        if (!tables_text) throw usage_error("missing --tables N");
        config.tables = parse_int("--tables", *tables_text, 0, 100000);
        if (config.tables == 0 && config.idle_connections == 0)
            throw usage_error("--tables 0 needs --idle-connections M");
        const preset& base = find_preset_or_throw(config.preset_name);
        config.rules = rules_with_house_rules(base, house_rules);
        config.house_rules = !house_rules.empty();
        if (seats_text)
            config.seats = parse_int("--seats", *seats_text, config.rules.min_players, config.rules.max_players);
        else if (config.seats < config.rules.min_players || config.seats > config.rules.max_players)
            config.seats = config.rules.min_players;
        if (const auto problem = match::check(config.rules, config.seats))
            throw usage_error("--seats " + std::to_string(config.seats) + ": " + *problem);
        if (!make_bot(config.level))
            throw usage_error("--level: expected random or heuristic (got '" + config.level + "')");
        if (config.rate && config.tables > 0 &&
            *config.rate > static_cast<long long>(config.tables) * config.seats * max_moves_per_seat_second)
            throw usage_error("--rate " + std::to_string(*config.rate) + ": more than " +
                              std::to_string(max_moves_per_seat_second) +
                              " moves per second per seat (the server's message limit); add tables");
        if (config.rate && config.tables == 0) throw usage_error("--rate needs --tables");
    }

    try {
        return run(config);
    } catch (const run_failure& e) {
        std::cerr << "golf load: " << e.what() << '\n';
    }
    return exit_failure;
}

}  // namespace golf::cli
