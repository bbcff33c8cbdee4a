// golf load's run: resolve the server, open every connection (a few I/O threads, one strand per driver, never a
// thread per connection), wait for every table to be playing, measure a window of the asked duration, then stop
// every connection and the threads before the report. The main thread only starts things, waits and prints
// progress; every wait is bounded.
#include "cli/load/load_run.hpp"

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "cli/load/load_driver.hpp"
#include "cli/load/load_idle_owner.hpp"
#include "cli/load/load_metrics.hpp"
#include "cli/load/load_report.hpp"
#include "cli/load/load_stats.hpp"
#include "clients/cpp/golf_client.hpp"
#include "server/common/metrics.hpp"

namespace golf::cli::load {

namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// At most this many connections being set up at once, so the server's accept backlog never overflows.
constexpr int max_connecting = 512;

// What one run drives; members are destroyed in reverse, the idle connections first, as they always were.
struct fleet {
    explicit fleet(shared_stats& stats) : idle(stats) {}
    std::vector<std::unique_ptr<driver>> drivers;  // tables, or echo connections
    idle_owner idle;
    std::vector<std::shared_ptr<ws_connection>> idlers;
    std::uint64_t next_source = 0;  // main thread only: which 127.0.0.x the next connection comes from
};

void resolve(settings& config, net::io_context& io) {
    const auto endpoint = client::parse_url(config.url);
    tcp::resolver resolver(io);
    boost::system::error_code error;
    const auto found = resolver.resolve(endpoint->host, endpoint->port, error);
    if (error || found.empty())
        throw run_failure("cannot resolve " + endpoint->host + ": " + (error ? error.message() : "no address"));
    config.where.server = found.begin()->endpoint();
    config.where.host = endpoint->host;
    config.where.path = endpoint->target;
    if (!endpoint->tls) return;
    try {
        config.where.tls = client::tls::make_context(config.ca_file);
    } catch (const std::runtime_error& e) {
        throw run_failure(e.what());
    }
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

void check_file_limit(const settings& config) {
    const std::uint64_t needed =
        static_cast<std::uint64_t>(config.echo ? config.connections : config.tables * config.seats) +
        static_cast<std::uint64_t>(config.idle_connections) + static_cast<std::uint64_t>(config.bot_tables) + 64;
    const std::uint64_t files = raise_file_limit();
    if (files < needed)
        throw run_failure("needs about " + std::to_string(needed) + " open files, but the limit is " +
                          std::to_string(files) + " (raise the hard limit: ulimit -Hn)");
}

// With --rate: the spacing of each driver's moves (or frames) that offers the rate over all of them. Without it:
// the least gap between a table's moves (the per-seat cap), and none for echo.
clock_type::duration interval_for(const settings& config, int units) {
    clock_type::duration interval{};
    if (config.rate) {
        interval = std::chrono::duration_cast<clock_type::duration>(
            std::chrono::duration<double>(static_cast<double>(std::max(units, 1)) / static_cast<double>(*config.rate)));
    } else if (!config.echo) {
        interval = std::chrono::microseconds(1000000 / (max_moves_per_seat_second * config.seats));
    }
    return interval;
}

// Starts every driver, then the idle connections, never more than max_connecting being set up at once.
void start_all(net::io_context& io, const settings& config, shared_stats& stats, fleet& f,
               clock_type::time_point setup_deadline) {
    const int per_unit = config.echo ? config.fanout : config.seats;
    const auto throttle = [&] {
        while (stats.connecting.load() + per_unit > max_connecting && clock_type::now() < setup_deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    for (auto& d : f.drivers) {
        throttle();
        d->start(f.next_source);
    }
    for (int i = 0; i < config.idle_connections; ++i) {
        throttle();
        stats.connecting.fetch_add(1);
        f.idlers.push_back(std::make_shared<ws_connection>(net::make_strand(io), config.where,
                                                           source_address_for(config.where.server, f.next_source++),
                                                           greeting::hello, f.idle, i));
        f.idlers.back()->start();
    }
}

// Waits until `expected` tables and connections are ready or have failed, or the deadline; returns the seconds
// since `setup_started`. Those still not ready count as one error.
double wait_until_ready(shared_stats& stats, int expected, clock_type::time_point setup_started,
                        clock_type::time_point setup_deadline, bool progress) {
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
    return setup_s;
}

// Sleeps until `end`, checking for stalled tables and printing progress once a second.
void watch_window(const settings& config, shared_stats& stats, fleet& f, clock_type::time_point start,
                  clock_type::time_point end, bool progress) {
    std::uint64_t last_moves = 0;
    auto last_print = start;
    while (clock_type::now() < end) {
        std::this_thread::sleep_for(
            std::min<clock_type::duration>(std::chrono::milliseconds(100), end - clock_type::now()));
        const auto now = clock_type::now();
        if (now - last_print < std::chrono::seconds(1)) continue;
        for (auto& d : f.drivers) d->check_stall(now);
        if (progress) {
            const std::uint64_t moves = stats.moves.load();
            const double rate =
                static_cast<double>(moves - last_moves) / std::chrono::duration<double>(now - last_print).count();
            std::fprintf(stderr, "\r%3llds: %.0f %s/s, p99 %.3f ms, %lld connections, %llu errors\033[K",
                         static_cast<long long>(std::chrono::duration_cast<std::chrono::seconds>(now - start).count()),
                         rate, config.echo ? "frames" : "moves", ms(stats.latency.quantile(0.99)),
                         static_cast<long long>(stats.open.load()),
                         static_cast<unsigned long long>(stats.errors.load()));
            last_moves = moves;
        }
        last_print = now;
    }
}

// The measurement window: only moves due inside it count. Fills in all of `m` but the setup and the `before`.
void measure(const settings& config, shared_stats& stats, fleet& f, std::mt19937_64& seeds, bool progress,
             measurement& m) {
    m.at_start = read_metrics(config);
    const server::cpu_time own_cpu_at_start = server::process_cpu_time();
    const auto start = clock_type::now();
    stats.measure_start_ns.store(start.time_since_epoch().count());
    stats.measuring.store(true);
    {
        std::uniform_real_distribution<double> phase(0.0, 1.0);
        for (auto& d : f.drivers) d->begin_window(start, phase(seeds));
    }
    watch_window(config, stats, f, start, start + std::chrono::seconds(config.duration_s), progress);
    m.elapsed_s = std::chrono::duration<double>(clock_type::now() - start).count();
    stats.measuring.store(false);
    m.moves = stats.moves.load();
    m.frames = stats.frames_in.load() + stats.frames_out.load();
    m.connections = stats.open.load();
    const server::cpu_time own_cpu_at_end = server::process_cpu_time();
    m.own_cpu = own_cpu_at_end.total() - own_cpu_at_start.total();
    m.own_cpu_system = own_cpu_at_end.system - own_cpu_at_start.system;
    // The server's memory while every connection is still open.
    m.after = read_metrics(config);
}

// Drops every connection, then lets the I/O threads finish what is queued and joins them.
void stop_all(shared_stats& stats, fleet& f, net::executor_work_guard<net::io_context::executor_type>& work,
              net::io_context& io, std::vector<std::thread>& threads, bool progress) {
    stats.stopping.store(true);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (progress) std::fprintf(stderr, "\r\033[K");

    for (auto& d : f.drivers) d->abort_all();
    for (auto& c : f.idlers) c->abort();
    work.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    io.stop();
    for (std::thread& t : threads) t.join();
}

}  // namespace

int run(settings& config) {
    net::io_context io(config.threads);
    resolve(config, io);
    check_file_limit(config);

    measurement m;
    m.before = read_metrics(config);
    shared_stats stats;
    fleet f(stats);
    const int units = config.echo ? config.connections / config.fanout : config.tables;
    const clock_type::duration interval = interval_for(config, units);
    std::mt19937_64 seeds(std::random_device{}());
    for (int i = 0; i < units; ++i) {
        if (config.echo) f.drivers.push_back(make_echo_driver(io, config, stats, i, interval));
        else f.drivers.push_back(make_table_driver(io, config, stats, i, interval, seeds()));
    }
    for (int i = 0; i < config.bot_tables; ++i)
        f.drivers.push_back(make_bot_table_driver(io, config, stats, i, seeds()));

    auto work = net::make_work_guard(io);
    std::vector<std::thread> threads;
    for (int i = 0; i < config.threads; ++i) threads.emplace_back([&io] { io.run(); });

    const bool progress = ::isatty(STDERR_FILENO) != 0;
    const auto setup_started = clock_type::now();
    const auto setup_deadline = setup_started + std::chrono::seconds(config.setup_timeout_s);
    start_all(io, config, stats, f, setup_deadline);
    m.setup_s = wait_until_ready(stats, units + config.bot_tables + config.idle_connections, setup_started,
                                 setup_deadline, progress);
    measure(config, stats, f, seeds, progress, m);
    stop_all(stats, f, work, io, threads, progress);
    return report(config, stats, m);
}

}  // namespace golf::cli::load
