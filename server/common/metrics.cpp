#include "server/common/metrics.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

namespace golf::server {

namespace {

// The shortest plain decimal that reads back as the same double ("0.0001", not "1e-04"), for le="..." and sums.
std::string number(double value) {
    char buffer[400];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return error == std::errc{} ? std::string(buffer, end) : "0";
}

void header(std::string& out, const char* name, const char* type, const char* help) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void sample(std::string& out, const std::string& name, std::int64_t value) {
    out += name;
    out += ' ';
    out += std::to_string(value);
    out += '\n';
}

void single(std::string& out, const char* name, const char* type, const char* help, std::int64_t value) {
    header(out, name, type, help);
    sample(out, name, value);
}

}  // namespace

void metrics::observe_latency(std::chrono::steady_clock::duration d) {
    const double seconds = std::chrono::duration<double>(d).count();
    const auto bucket = std::lower_bound(latency_buckets.begin(), latency_buckets.end(), seconds);
    latency_counts_[static_cast<std::size_t>(bucket - latency_buckets.begin())].fetch_add(1, std::memory_order_relaxed);
    latency_sum_ns_.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count(),
                              std::memory_order_relaxed);
}

std::string metrics::render(const table_counts& tables, std::int64_t resident,
                            const persistence::store_health* database) const {
    std::string out;
    out.reserve(4096);
    single(out, "golf_connections_open", "gauge", "WebSocket connections open now.", connections_open.load());
    single(out, "golf_connections_total", "counter", "WebSocket connections accepted.", connections_total.load());
    single(out, "golf_connections_refused_total", "counter",
           "Connections refused (too many from one address, or shutting down).", connections_refused.load());
    single(out, "golf_messages_received_total", "counter", "Client messages received.", messages_in.load());
    single(out, "golf_frames_sent_total", "counter", "Frames written to clients.", frames_out.load());
    single(out, "golf_actions_total", "counter", "Game actions applied (people and bots).", actions.load());
    single(out, "golf_errors_total", "counter", "Error replies sent.", errors.load());
    single(out, "golf_slow_clients_disconnected_total", "counter",
           "Clients cut off because their write queue was full.", slow_clients_cut.load());
    single(out, "golf_idle_clients_closed_total", "counter",
           "Connections closed because nothing, not even a pong, came for the idle timeout.", idle_closed.load());
    single(out, "golf_bad_frames_total", "counter", "Undecodable, text or oversized frames received.",
           bad_frames.load());
    single(out, "golf_io_threads_running", "gauge",
           "I/O threads in use now: the first always, the others while it is busy (up to --threads).",
           io_threads_running.load());
    single(out, "golf_bot_thoughts_total", "counter", "Search bots' decisions sent to the bot threads.",
           bot_thoughts.load());
    single(out, "golf_bot_thoughts_refused_total", "counter",
           "Search bots' decisions made by the heuristic bot instead, the bot threads' queue being full.",
           bot_thoughts_refused.load());
    single(out, "golf_bot_thoughts_stale_total", "counter",
           "Search bots' answers dropped because the hand had moved on while they thought.", bot_thoughts_stale.load());

    header(out, "golf_tables", "gauge", "Tables by state.");
    sample(out, "golf_tables{state=\"waiting\"}", tables.waiting);
    sample(out, "golf_tables{state=\"playing\"}", tables.playing);
    sample(out, "golf_tables{state=\"between_holes\"}", tables.between_holes);
    sample(out, "golf_tables{state=\"finished\"}", tables.finished);

    header(out, "golf_message_latency_seconds", "histogram",
           "Time from a request's arrival to its replies being queued.");
    std::int64_t cumulative = 0;
    for (std::size_t i = 0; i < latency_buckets.size(); ++i) {
        cumulative += latency_counts_[i].load(std::memory_order_relaxed);
        sample(out, "golf_message_latency_seconds_bucket{le=\"" + number(latency_buckets[i]) + "\"}", cumulative);
    }
    cumulative += latency_counts_.back().load(std::memory_order_relaxed);
    sample(out, "golf_message_latency_seconds_bucket{le=\"+Inf\"}", cumulative);
    out += "golf_message_latency_seconds_sum " +
           number(static_cast<double>(latency_sum_ns_.load(std::memory_order_relaxed)) / 1e9) + "\n";
    sample(out, "golf_message_latency_seconds_count", cumulative);

    single(out, "golf_resident_memory_bytes", "gauge", "Resident set size of the server process.", resident);
    const cpu_time cpu = process_cpu_time();
    header(out, "golf_process_cpu_seconds_total", "counter", "CPU time used by the server process (user and system).");
    out += "golf_process_cpu_seconds_total " + number(cpu.total()) + "\n";
    header(out, "golf_process_cpu_system_seconds_total", "counter",
           "The part of golf_process_cpu_seconds_total spent in the kernel (system calls, including the network "
           "stack's work for the frames sent).");
    out += "golf_process_cpu_system_seconds_total " + number(cpu.system) + "\n";

    if (database) {
        const auto count = [](std::uint64_t n) { return static_cast<std::int64_t>(n); };
        single(out, "golf_db_ok", "gauge", "1 while database writes succeed; 0 from a failed write until one succeeds.",
               database->ok ? 1 : 0);
        single(out, "golf_db_pending_records", "gauge", "Records queued for the database or being written.",
               count(database->pending));
        single(out, "golf_db_transactions_total", "counter", "Write transactions committed.",
               count(database->transactions));
        single(out, "golf_db_checkpoints_total", "counter",
               "Checkpoints that copied write-ahead log pages into the database file.", count(database->checkpoints));
        single(out, "golf_db_failed_writes_total", "counter", "Write transactions that failed and were retried.",
               count(database->failed_attempts));
        single(out, "golf_db_dropped_records_total", "counter", "Records the database refused (each logged).",
               count(database->dropped));
    }
    return out;
}

std::int64_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::int64_t total_pages = 0;
    std::int64_t resident_pages = 0;
    if (!(statm >> total_pages >> resident_pages)) return 0;
    const long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? resident_pages * page : 0;
}

// CPU time the process has used, all its threads, user and system (zeros when unreadable): the load tool divides it
// by the moves played, a figure that holds even when other programs share the machine.
cpu_time process_cpu_time() {
    rusage usage{};
    if (::getrusage(RUSAGE_SELF, &usage) != 0) return {};
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return {seconds(usage.ru_utime), seconds(usage.ru_stime)};
}

}  // namespace golf::server
