// golf load's report, as text lines or one JSON object. The field names and the lines are what scripts and
// docs/PERFORMANCE.md read, so they change only on purpose.
#include "cli/load/load_report.hpp"

#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"

namespace golf::cli::load {

namespace {

// What a counter read at `start` and `end` grew by; -1 when either reading is missing (-1).
double grown(double start, double end) { return start >= 0 && end >= 0 ? end - start : -1; }

// The figures both forms print, worked out once from the measurement.
struct figures {
    const shared_stats& stats;
    const measurement& m;
    double moves_per_s;
    double frames_per_s;
    std::int64_t per_connection;  // the server's resident bytes added per connection held
    std::uint64_t errors;
    std::string first_error;
    double server_cpu;
    double server_cpu_system;

    double p(double q) const { return ms(stats.latency.quantile(q)); }
    double per_move_us(double cpu) const {
        return m.moves > 0 && cpu >= 0 ? cpu * 1e6 / static_cast<double>(m.moves) : 0.0;
    }
};

figures figures_of(shared_stats& stats, const measurement& m) {
    const double elapsed = m.elapsed_s;
    const std::int64_t added = m.after.resident_bytes - m.before.resident_bytes;
    std::string first_error;
    {
        std::lock_guard lock(stats.mutex);
        first_error = stats.first_error;
    }
    return figures{
        stats,
        m,
        elapsed > 0 ? static_cast<double>(m.moves) / elapsed : 0,
        elapsed > 0 ? static_cast<double>(m.frames) / elapsed : 0,
        m.connections > 0 && m.after.resident_bytes > 0 && m.before.resident_bytes > 0 ? added / m.connections : 0,
        stats.errors.load(),
        first_error,
        grown(m.at_start.cpu_seconds, m.after.cpu_seconds),
        grown(m.at_start.cpu_system_seconds, m.after.cpu_system_seconds),
    };
}

void print_json(const settings& config, const figures& f) {
    const shared_stats& stats = f.stats;
    const measurement& m = f.m;
    json_writer out;
    out.begin_object();
    out.key("mode").string(config.echo ? "echo" : "tables");
    if (!config.echo) {
        out.key("tables").integer(config.tables);
        out.key("seats").integer(config.seats);
        out.key("rules").string(config.preset_name);
        out.key("level").string(config.level);
        out.key("bot_tables").integer(config.bot_tables);
        out.key("bot_level").string(config.bot_level);
        out.key("bot_table_updates").unsigned_integer(stats.bot_table_updates.load());
    } else {
        out.key("frame_bytes").integer(config.frame_bytes);
        out.key("fanout").integer(config.fanout);
    }
    out.key("idle_connections").integer(config.idle_connections);
    out.key("threads").integer(config.threads);
    out.key("duration_s").number(m.elapsed_s);
    out.key("setup_s").number(m.setup_s);
    out.key("offered_per_s");
    if (config.rate) out.integer(*config.rate);
    else out.null();
    out.key("moves").unsigned_integer(m.moves);
    out.key("moves_per_s").number(f.moves_per_s);
    out.key("frames_per_s").number(f.frames_per_s);
    out.key("frames_per_move").number(m.moves > 0 ? static_cast<double>(m.frames) / static_cast<double>(m.moves) : 0);
    out.key("p50_ms").number(f.p(0.50));
    out.key("p90_ms").number(f.p(0.90));
    out.key("p99_ms").number(f.p(0.99));
    out.key("p999_ms").number(f.p(0.999));
    out.key("max_ms").number(f.p(1.0));
    if (!config.echo) {
        out.key("hole_end_moves").unsigned_integer(stats.hole_end_latency.count());
        out.key("hole_end_p50_ms").number(ms(stats.hole_end_latency.quantile(0.50)));
        out.key("hole_end_p99_ms").number(ms(stats.hole_end_latency.quantile(0.99)));
        out.key("mid_hole_p50_ms").number(ms(stats.mid_hole_latency.quantile(0.50)));
        out.key("mid_hole_p99_ms").number(ms(stats.mid_hole_latency.quantile(0.99)));
        out.key("from_sent_p50_ms").number(ms(stats.from_sent_latency.quantile(0.50)));
        out.key("from_sent_p99_ms").number(ms(stats.from_sent_latency.quantile(0.99)));
    }
    out.key("connections").integer(m.connections);
    if (!config.echo) out.key("node_hops").unsigned_integer(stats.node_hops.load());
    out.key("errors").unsigned_integer(f.errors);
    out.key("first_error").string(f.first_error);
    out.key("server_rss_bytes").integer(m.after.resident_bytes);
    out.key("server_rss_start_bytes").integer(m.before.resident_bytes);
    out.key("server_rss_per_connection_bytes").integer(f.per_connection);
    out.key("server_connections_open").integer(m.after.connections_open);
    // CPU per move holds even when other programs share the machine: capacity is about cores / cost.
    out.key("server_cpu_s").number(f.server_cpu);
    out.key("server_cpu_us_per_move").number(f.per_move_us(f.server_cpu));
    out.key("client_cpu_s").number(m.own_cpu);
    out.key("client_cpu_us_per_move").number(f.per_move_us(m.own_cpu));
    // The kernel's part of each: on loopback it includes delivering every frame sent, to either side. With the
    // tool beside the server, cores / (the two added) bounds the rate however cheap the code above them.
    out.key("server_cpu_system_us_per_move").number(f.per_move_us(f.server_cpu_system));
    out.key("client_cpu_system_us_per_move").number(f.per_move_us(m.own_cpu_system));
    out.end_object();
    std::cout << out.text() << '\n';
}

void print_text(const settings& config, const figures& f) {
    const shared_stats& stats = f.stats;
    const measurement& m = f.m;
    const char* unit = config.echo ? "echoes" : "moves";
    std::printf("%s: %llu %s in %.1f s: %.0f %s/s, %.0f frames/s\n",
                config.echo ? "echo" : (std::to_string(config.tables) + " tables").c_str(),
                static_cast<unsigned long long>(m.moves), unit, m.elapsed_s, f.moves_per_s, unit, f.frames_per_s);
    std::printf("latency: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms\n", f.p(0.5), f.p(0.9),
                f.p(0.99), f.p(0.999), f.p(1.0));
    if (!config.echo)
        std::printf("  a hole's last move (%llu): p50 %.3f ms, p99 %.3f ms; the others: p50 %.3f ms, p99 %.3f ms\n",
                    static_cast<unsigned long long>(stats.hole_end_latency.count()),
                    ms(stats.hole_end_latency.quantile(0.50)), ms(stats.hole_end_latency.quantile(0.99)),
                    ms(stats.mid_hole_latency.quantile(0.50)), ms(stats.mid_hole_latency.quantile(0.99)));
    if (!config.echo && config.rate)
        std::printf("  from when each move was written, not due: p50 %.3f ms, p99 %.3f ms\n",
                    ms(stats.from_sent_latency.quantile(0.50)), ms(stats.from_sent_latency.quantile(0.99)));
    if (config.bot_tables > 0)
        std::printf("beside them: %d tables of %s server bots (%llu updates to their hosts in the window)\n",
                    config.bot_tables, config.bot_level.c_str(),
                    static_cast<unsigned long long>(stats.bot_table_updates.load()));
    const std::uint64_t hops = stats.node_hops.load();
    const std::string followed =
        hops > 0 ? "; " + std::to_string(hops) + " joins followed their table to another node" : "";
    std::printf("connections: %lld held (setup %.1f s)%s; errors: %llu%s%s\n", static_cast<long long>(m.connections),
                m.setup_s, followed.c_str(), static_cast<unsigned long long>(f.errors),
                f.first_error.empty() ? "" : "; first: ", f.first_error.c_str());
    std::printf("server memory: %.1f MiB resident (%.1f MiB at the start; %lld bytes per connection)\n",
                static_cast<double>(m.after.resident_bytes) / 1048576.0,
                static_cast<double>(m.before.resident_bytes) / 1048576.0, static_cast<long long>(f.per_connection));
    const char* per = config.echo ? "echo" : "move";
    std::printf(
        "cpu: server %.2f s (%.1f us per %s, %.1f of it in the kernel), this tool %.2f s (%.1f us per %s, "
        "%.1f in the kernel)\n",
        f.server_cpu, f.per_move_us(f.server_cpu), per, f.per_move_us(f.server_cpu_system), m.own_cpu,
        f.per_move_us(m.own_cpu), per, f.per_move_us(m.own_cpu_system));
}

}  // namespace

int report(const settings& config, shared_stats& stats, const measurement& m) {
    const figures f = figures_of(stats, m);
    if (config.json) print_json(config, f);
    else print_text(config, f);
    if (stats.ready.load() == 0) {
        std::cerr << "golf load: nothing could be set up: " << f.first_error << '\n';
        return exit_failure;
    }
    return exit_ok;
}

}  // namespace golf::cli::load
