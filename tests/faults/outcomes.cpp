// Waits and failovers per fault, and their tables in Markdown.
#include "tests/faults/outcomes.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace golf::faults {

namespace {

std::string ms_text(double ms) {
    char buffer[32];
    if (ms >= 10000) std::snprintf(buffer, sizeof buffer, "%.0f s", ms / 1000);
    else if (ms >= 1000) std::snprintf(buffer, sizeof buffer, "%.1f s", ms / 1000);
    else std::snprintf(buffer, sizeof buffer, "%.0f ms", ms);
    return buffer;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5)];
}

std::string spread(const std::vector<double>& v) {
    if (v.empty()) return "-";
    return ms_text(percentile(v, 0.5)) + " / " + ms_text(percentile(v, 1.0));
}

int over_a_second(const std::vector<double>& v) {
    return static_cast<int>(std::count_if(v.begin(), v.end(), [](double w) { return w > 1000; }));
}

}  // namespace

ack_times times_of(const match_history& h) {
    ack_times t;
    for (const acknowledged& a : h.acks) {
        t.answered.push_back(a.answered);
        t.node.push_back(a.node);
    }
    t.ended = h.ended;
    t.finished = h.final_card.has_value() && h.gave_up.empty();
    return t;
}

std::vector<fault_outcome> outcomes(const std::vector<fault_record>& faults, const std::vector<ack_times>& tables) {
    std::vector<fault_outcome> out;
    for (const fault_record& f : faults) {
        fault_outcome o{f, 0, {}, {}, 0};
        for (const ack_times& t : tables) {
            const auto next = std::lower_bound(t.answered.begin(), t.answered.end(), f.start);
            if (next == t.answered.begin() || t.ended < f.start) continue;  // not in play when it struck
            if (next == t.answered.end() && t.finished) continue;           // its last move was made before
            ++o.tables;
            if (next == t.answered.end()) {
                ++o.never;
                continue;
            }
            const auto i = static_cast<std::size_t>(next - t.answered.begin());
            o.waits.push_back(*next - f.start);
            if (t.node[i] != t.node[i - 1]) o.failovers.push_back(*next - f.start);
        }
        out.push_back(std::move(o));
    }
    return out;
}

std::string outcome_table(const std::vector<fault_outcome>& outcomes) {
    std::string out =
        "| fault | what | tables in play | waited over 1 s | wait p50 / max | moved node | failover p50 / max | "
        "settled after the heal |\n|---|---|---|---|---|---|---|---|\n";
    for (const fault_outcome& o : outcomes) {
        const fault_record& r = o.record;
        out += "| " + r.kind + " | " + r.what + " | " + std::to_string(o.tables) + " | " +
               std::to_string(over_a_second(o.waits)) + (o.never ? " (+" + std::to_string(o.never) + " never)" : "") +
               " | " + spread(o.waits) + " | " + std::to_string(o.failovers.size()) + " | " + spread(o.failovers) +
               " | " + (r.settled > 0 ? ms_text(r.settled - r.healed) : "no: " + r.stuck) + " |\n";
    }
    return out;
}

std::string outcome_summary(const std::vector<fault_outcome>& outcomes) {
    struct totals {
        int faults = 0, tables = 0, never = 0, unsettled = 0;
        std::vector<double> waits, failovers, settles;
    };
    std::map<std::string, totals> by_kind;
    for (const fault_outcome& o : outcomes) {
        totals& t = by_kind[o.record.kind];
        ++t.faults;
        t.tables += o.tables;
        t.never += o.never;
        t.waits.insert(t.waits.end(), o.waits.begin(), o.waits.end());
        t.failovers.insert(t.failovers.end(), o.failovers.begin(), o.failovers.end());
        if (o.record.settled > 0) t.settles.push_back(o.record.settled - o.record.healed);
        else ++t.unsettled;
    }
    std::string out =
        "| fault | times | tables struck | waited over 1 s | wait p50 / max | moved node | failover p50 / max | "
        "settle p50 / max | never settled |\n|---|---|---|---|---|---|---|---|---|\n";
    for (const auto& [kind, t] : by_kind)
        out += "| " + kind + " | " + std::to_string(t.faults) + " | " + std::to_string(t.tables) + " | " +
               std::to_string(over_a_second(t.waits)) + (t.never ? " (+" + std::to_string(t.never) + " never)" : "") +
               " | " + spread(t.waits) + " | " + std::to_string(t.failovers.size()) + " | " + spread(t.failovers) +
               " | " + spread(t.settles) + " | " + std::to_string(t.unsettled) + " |\n";
    return out;
}

}  // namespace golf::faults
