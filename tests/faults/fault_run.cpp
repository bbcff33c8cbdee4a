// The run's order of things, and its report.
#include "tests/faults/fault_run.hpp"

#include <unistd.h>

#include <sstream>
#include <thread>

#include "tests/faults/owner_log.hpp"
#include "tests/faults/players.hpp"

namespace golf::faults {

namespace {

using namespace std::chrono_literals;

// Checks the matches that ended since the last call; keeps those it could not read yet (the database down).
void check_ended(std::vector<match_history> ended, const std::string& db_url, std::vector<match_history>& pending,
                 run_result& result, std::vector<ack_times>& times) {
    for (auto& h : ended) pending.push_back(std::move(h));
    if (pending.empty()) return;
    try {
        check_matches(pending, db_url, result.report);
    } catch (const std::exception&) {
        return;  // tried again after the next fault
    }
    for (const auto& h : pending) times.push_back(times_of(h));
    pending.clear();
}

// The log's warnings and errors, a run of one message (its time aside) told once, the first 100.
std::string warning_lines(const std::string& log) {
    std::istringstream in(log);
    std::string out, last;
    int lines = 0;
    for (std::string line; std::getline(in, line) && lines < 100;) {
        if (line.find("[warning]") == std::string::npos && line.find("[error]") == std::string::npos) continue;
        const std::string message = line.substr(std::min<std::size_t>(line.size(), 26));
        if (message == last) continue;
        last = message;
        out += line + "\n";
        ++lines;
    }
    return out;
}

}  // namespace

std::string missing_for_faults() {
    if (::geteuid() != 0) return "the fault harness makes network namespaces and nft rules: it runs as root only";
    for (const char* tool : {"/usr/sbin/ip", "/usr/sbin/nft", "/usr/sbin/haproxy", "/usr/lib/postgresql/15/bin/initdb"})
        if (::access(tool, X_OK) != 0)
            return std::string(tool) + " is missing (Debian's iproute2, nftables, haproxy, postgresql-15)";
    return "";
}

run_result run_faults(const run_settings& settings) {
    const auto began = std::chrono::steady_clock::now();
    run_result result;
    fault_cluster cluster(settings.cluster);
    for (int i = 0; i < 100 && cluster.proxy_health() != 200; ++i) std::this_thread::sleep_for(100ms);
    install_owner_log(cluster.db_url());
    players_settings who;
    who.url = cluster.proxy_url();
    who.ns = cluster.client_namespace();
    who.tables = settings.tables;
    who.seed = settings.seed;
    for (int i = 0; i < cluster.nodes(); ++i) who.probe_nodes.push_back(fault_cluster::node_name(i));
    std::vector<match_history> pending;
    std::vector<ack_times> times;
    {
        players people(who);
        fault_runner runner(cluster, people);
        std::this_thread::sleep_for(settings.warm_up);
        while (const auto f = settings.next_fault()) {
            result.faults.push_back(runner.run(*f, settings.settle));
            std::this_thread::sleep_for(settings.quiet);
            check_ended(people.take_ended(), cluster.db_url(), pending, result, times);
        }
        result.finished = people.finish(settings.finish);
        people.stop();  // a driver still at its table gives it up: its match is checked as stuck
        result.tally = people.tally();
        check_ended(people.take_ended(), cluster.db_url(), pending, result, times);
    }
    if (!pending.empty())
        result.report.problems.add(std::to_string(pending.size()) + " matches could not be read back");
    for (int i = 0; i < cluster.nodes(); ++i)
        if (cluster.node_health(i) != 200) result.unhealthy_at_end.push_back(fault_cluster::node_name(i));
    if (cluster.proxy_health() != 200) result.unhealthy_at_end.push_back("the proxy");
    result.outcomes = outcomes(result.faults, times);
    for (int i = 0; i < cluster.nodes(); ++i)
        result.warnings += "---- " + fault_cluster::node_name(i) + "\n" + warning_lines(cluster.node_log(i));
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return result;
}

std::string run_result::text() const {
    std::string out = outcome_table(outcomes) + "\n" + report.summary();
    const client_tally& t = tally;
    out += "  clients: " + std::to_string(t.reclaims) + " reclaims, " + std::to_string(t.unavailable) +
           " UNAVAILABLE, " + std::to_string(t.proxy_refused) + " HTTP 502/503, " + std::to_string(t.connect_failed) +
           " connects failed, " + std::to_string(t.bad_token) + " BAD_TOKEN (and " +
           std::to_string(t.lost_before_deal) + " tables lost before their first deal), " + std::to_string(t.stale) +
           " STALE, " + std::to_string(t.silences) + " silences, " + std::to_string(t.probes) + " probes\n";
    out += "  run: " + std::to_string(static_cast<int>(seconds)) + " s, " + std::to_string(faults.size()) + " faults:";
    for (const fault_record& f : faults) out += " " + clock_text(f.start) + " " + f.kind + ";";
    out += "\n";
    if (!report.problems.empty()) out += report.problems.text() + "\n";
    return out;
}

}  // namespace golf::faults
