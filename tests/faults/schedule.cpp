// The faults' strikes and heals, and the wait for the cluster to settle.
#include "tests/faults/schedule.hpp"

#include <algorithm>
#include <thread>

namespace golf::faults {

namespace {

using namespace std::chrono_literals;
using ms = std::chrono::milliseconds;

}  // namespace

std::string kind_name(fault_kind kind) {
    switch (kind) {
        case fault_kind::kill_node: return "kill -9 a node";
        case fault_kind::pause_node: return "pause a node";
        case fault_kind::restart_node: return "restart a node (SIGTERM)";
        case fault_kind::isolate_node: return "cut a node's link";
        case fault_kind::cut_node_db: return "cut a node from the database";
        case fault_kind::cut_proxy_node: return "cut a node from the proxy";
        case fault_kind::lose_node: return "drop a share of a node's packets";
        case fault_kind::delay_node_db: return "delay a node's database traffic";
        case fault_kind::kill_two_nodes: return "kill -9 two nodes";
        case fault_kind::pause_two_nodes: return "pause two nodes";
        case fault_kind::kill_db: return "kill -9 the database";
        case fault_kind::pause_db: return "pause the database";
        case fault_kind::cut_db: return "cut the database's link";
        case fault_kind::lose_db: return "drop a share of the database's packets";
        case fault_kind::delay_db: return "delay all database traffic";
        case fault_kind::kill_proxy: return "kill -9 the proxy";
        case fault_kind::pause_proxy: return "pause the proxy";
        case fault_kind::cut_proxy: return "cut the proxy's link";
    }
    return "?";
}

std::vector<fault> short_schedule(ms t) {
    using k = fault_kind;
    return {{k::kill_node, 2 * t},      {k::pause_node, t / 2},      {k::pause_node, 4 * t},
            {k::restart_node, 0ms},     {k::isolate_node, 2 * t},    {k::cut_node_db, 2 * t},
            {k::cut_proxy_node, 2 * t}, {k::lose_node, 2 * t, 30},   {k::delay_node_db, 2 * t, 200},
            {k::kill_two_nodes, 2 * t}, {k::pause_two_nodes, 3 * t}, {k::kill_db, t},
            {k::pause_db, 2 * t},       {k::cut_db, 2 * t},          {k::lose_db, 2 * t, 20},
            {k::delay_db, 2 * t, 150},  {k::kill_proxy, t},          {k::pause_proxy, t},
            {k::cut_proxy, 2 * t}};
}

fault random_fault(random_source& random, ms t) {
    const auto kind = static_cast<fault_kind>(random.below(static_cast<std::uint64_t>(fault_kind::cut_proxy) + 1));
    // From a tenth of T (a blip) to 8 T (long past every timeout), a few times more often short than long.
    const double share = static_cast<double>(random.below(1000)) / 1000.0;
    fault f{kind, ms(static_cast<long>(static_cast<double>(t.count()) * (0.1 + 7.9 * share * share))), 0};
    if (kind == fault_kind::restart_node) f.length = 0ms;
    if (kind == fault_kind::lose_node || kind == fault_kind::lose_db) f.amount = 5 + static_cast<int>(random.below(46));
    if (kind == fault_kind::delay_node_db || kind == fault_kind::delay_db)
        f.amount = 20 + static_cast<int>(random.below(static_cast<std::uint64_t>(t.count() / 2)));
    return f;
}

// The busiest running nodes first (the database's owner column), then the others.
std::vector<int> fault_runner::targets(int count) {
    std::vector<int> order;
    if (const int busiest = cluster_.busiest_node(); busiest >= 0) order.push_back(busiest);
    for (int i = 0; i < cluster_.nodes(); ++i)
        if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
    std::stable_partition(order.begin(), order.end(), [&](int i) { return cluster_.node_running(i); });
    order.resize(static_cast<std::size_t>(count));
    return order;
}

void fault_runner::strike(const fault& f, const std::vector<int>& nodes, fault_record& r) {
    using k = fault_kind;
    network& net = cluster_.net();
    const auto wait = [&] { std::this_thread::sleep_for(f.length); };
    const auto each = [&](auto&& what) {
        for (int n : nodes) what(n);
    };
    std::vector<int> cuts;
    const auto heal = [&] {
        for (int c : cuts) net.heal(c);
    };
    const std::string node = nodes.empty() ? "" : fault_cluster::node_name(nodes[0]);
    switch (f.kind) {
        case k::kill_node:
        case k::kill_two_nodes:
            each([&](int n) { cluster_.kill_node(n); });
            wait();
            r.healed = now_ms();
            each([&](int n) { cluster_.start_node(n); });
            return;
        case k::pause_node:
        case k::pause_two_nodes:
            each([&](int n) { cluster_.pause_node(n, true); });
            wait();
            each([&](int n) { cluster_.pause_node(n, false); });
            break;
        case k::restart_node:
            cluster_.terminate_node(nodes[0]);
            r.healed = now_ms();
            cluster_.start_node(nodes[0]);
            return;
        case k::isolate_node: cuts = {net.cut(node)}; break;
        case k::cut_node_db: cuts = {net.cut_between(node, "db")}; break;
        case k::cut_proxy_node: cuts = {net.cut_between(node, "px")}; break;
        case k::lose_node: cuts = {net.lose(node, f.amount)}; break;
        case k::cut_db: cuts = {net.cut("db")}; break;
        case k::lose_db: cuts = {net.lose("db", f.amount)}; break;
        case k::cut_proxy: cuts = {net.cut("px")}; break;
        case k::delay_node_db: cluster_.relay(nodes[0]).set_delay(ms(f.amount)); break;
        case k::delay_db:
            for (int n = 0; n < cluster_.nodes(); ++n) cluster_.relay(n).set_delay(ms(f.amount));
            break;
        case k::kill_db:
            cluster_.kill_db();
            wait();
            r.healed = now_ms();
            cluster_.start_db();
            return;
        case k::pause_db: cluster_.pause_db(true); break;
        case k::kill_proxy:
            cluster_.kill_proxy();
            wait();
            r.healed = now_ms();
            cluster_.start_proxy();
            return;
        case k::pause_proxy: cluster_.pause_proxy(true); break;
    }
    if (f.kind != k::pause_node && f.kind != k::pause_two_nodes) wait();
    heal();
    if (f.kind == k::pause_db) cluster_.pause_db(false);
    if (f.kind == k::pause_proxy) cluster_.pause_proxy(false);
    for (int n = 0; n < cluster_.nodes(); ++n) cluster_.relay(n).set_delay(0ms);
    r.healed = now_ms();
}

fault_record fault_runner::run(const fault& f, std::chrono::seconds settle) {
    fault_record r;
    r.kind = kind_name(f.kind);
    const bool on_nodes = f.kind <= fault_kind::pause_two_nodes;
    const bool two = f.kind == fault_kind::kill_two_nodes || f.kind == fault_kind::pause_two_nodes;
    const std::vector<int> nodes = on_nodes ? targets(two ? 2 : 1) : std::vector<int>{};
    for (int n : nodes) r.nodes.push_back(fault_cluster::node_name(n));
    for (const auto& n : r.nodes) r.what += n + " ";
    r.what += "for " + std::to_string(f.length.count()) + " ms";
    if (f.amount != 0)
        r.what += f.kind == fault_kind::lose_node || f.kind == fault_kind::lose_db
                      ? ", " + std::to_string(f.amount) + "% of packets"
                      : ", " + std::to_string(f.amount) + " ms each way";
    r.start = now_ms();
    strike(f, nodes, r);
    const auto deadline = std::chrono::steady_clock::now() + settle;
    for (;;) {
        r.stuck = unsettled(r.healed);
        if (r.stuck.empty()) {
            r.settled = now_ms();
            break;
        }
        if (std::chrono::steady_clock::now() > deadline) break;
        std::this_thread::sleep_for(200ms);
    }
    return r;
}

// What keeps the cluster from having settled since `since` ("" once it has).
std::string fault_runner::unsettled(wall_ms since) {
    std::string out;
    for (int n = 0; n < cluster_.nodes(); ++n) {
        std::string body;
        if (const int status = cluster_.node_health(n, &body); status != 200)
            out += fault_cluster::node_name(n) + " answers /healthz " + std::to_string(status) + " (" + body + "); ";
    }
    if (const int status = cluster_.proxy_health(); status != 200)
        out += "the proxy answers /healthz " + std::to_string(status) + "; ";
    if (const std::string idle = people_.idle_since(since); !idle.empty()) out += "no move since the heal: " + idle;
    return out;
}

}  // namespace golf::faults
