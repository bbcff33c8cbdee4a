// The fault schedules. ShortSchedule (CI): every fault kind once on one shared set-up, four tables playing
// through HAProxy throughout; the checker must find nothing, every fault must settle, no node may be left
// unhealthy, and no valid token may be refused. LongSchedule (scripts/faults.sh, by hand): random faults for
// GOLF_FAULTS_MINUTES, its report written to GOLF_FAULTS_REPORT.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "tests/faults/fault_run.hpp"

namespace golf::faults {
namespace {

using namespace std::chrono_literals;
constexpr std::chrono::milliseconds node_timeout{1500};

run_settings settings_here() {
    run_settings s;
    s.cluster.server_path = GOLF_SERVER_PATH;
    // By hand: another build's server (a long run on a copy, while this tree is rebuilt).
    if (const char* server = std::getenv("GOLF_FAULTS_SERVER")) s.cluster.server_path = server;
    s.cluster.source_dir = GOLF_SOURCE_DIR;
    s.cluster.node_timeout = node_timeout;
    return s;
}

void expect_nothing_wrong(const run_result& r) {
    const check_figures& f = r.report.figures;
    EXPECT_TRUE(r.report.problems.empty()) << r.report.problems.text();
    EXPECT_EQ(f.lost, 0);
    EXPECT_EQ(f.duplicated, 0);
    EXPECT_EQ(f.unexplained, 0);
    EXPECT_EQ(f.two_owners, 0);
    EXPECT_EQ(f.stuck, 0);
    EXPECT_EQ(f.replayed, f.matches);
    EXPECT_EQ(r.tally.bad_token, 0);
    EXPECT_TRUE(r.finished) << "the last matches did not end in time";
    EXPECT_TRUE(r.unhealthy_at_end.empty()) << r.unhealthy_at_end.front() << " is not healthy at the end";
    for (const fault_record& fr : r.faults) EXPECT_GT(fr.settled, 0) << fr.kind << " (" << fr.what << "): " << fr.stuck;
    // Enough play to mean something: every fault struck tables in play.
    EXPECT_GT(f.acknowledged, 1000);
    EXPECT_GT(r.report.oracle.frames, 1000);
    if (::testing::Test::HasFailure()) std::cout << "the nodes' warnings:\n" << r.warnings;
}

TEST(Faults, ShortSchedule) {
    if (const std::string why = missing_for_faults(); !why.empty()) GTEST_SKIP() << why;
    run_settings s = settings_here();
    std::vector<fault> schedule = short_schedule(node_timeout);
    if (const char* only = std::getenv("GOLF_FAULTS_ONLY"))  // by hand: the faults whose name holds these words
        std::erase_if(schedule, [&](const fault& f) { return kind_name(f.kind).find(only) == std::string::npos; });
    std::size_t next = 0;
    s.next_fault = [&]() -> std::optional<fault> {
        if (next == schedule.size()) return std::nullopt;
        return schedule[next++];
    };
    const run_result r = run_faults(s);
    std::cout << r.text();
    EXPECT_EQ(r.faults.size(), schedule.size());
    EXPECT_EQ(r.faults.size(), std::getenv("GOLF_FAULTS_ONLY") ? r.faults.size() : 19u);
    expect_nothing_wrong(r);
}

TEST(Faults, DISABLED_LongSchedule) {
    if (const std::string why = missing_for_faults(); !why.empty()) GTEST_SKIP() << why;
    const char* minutes_text = std::getenv("GOLF_FAULTS_MINUTES");
    const double minutes = minutes_text ? std::atof(minutes_text) : 60;
    const char* seed_text = std::getenv("GOLF_FAULTS_SEED");
    run_settings s = settings_here();
    s.seed = seed_text ? std::strtoull(seed_text, nullptr, 10) : 1;
    s.settle = 60s;
    random_source random(s.seed);
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double, std::ratio<60>>(minutes);
    s.next_fault = [&]() -> std::optional<fault> {
        if (std::chrono::steady_clock::now() > end) return std::nullopt;
        // A quiet moment of 0.5 to 5 s between faults, then the next.
        std::this_thread::sleep_for(std::chrono::milliseconds(500 + random.below(4500)));
        return random_fault(random, node_timeout);
    };
    const run_result r = run_faults(s);
    const std::string report = "# " + std::to_string(static_cast<int>(minutes)) + " minutes, seed " +
                               std::to_string(s.seed) + "\n\n" + outcome_summary(r.outcomes) + "\n" + r.text() +
                               "\n## Every fault\n\n" + outcome_table(r.outcomes);
    std::cout << report;
    if (const char* path = std::getenv("GOLF_FAULTS_REPORT")) std::ofstream(path) << report;
    expect_nothing_wrong(r);
}

}  // namespace
}  // namespace golf::faults
