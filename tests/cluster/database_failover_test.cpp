// golf-server with --durability moves on PostgreSQL without a single point of failure (scripts/pg_ha.sh: a primary
// and a synchronous standby under Patroni, three etcd members, HAProxy sending connections to the primary), one
// set-up for the whole file (a CTest fixture). Real clients play through golf-server; the primary's PostgreSQL and
// its Patroni are killed (kill -9) mid-play; Patroni promotes the standby; every move a client saw acknowledged is
// in the record afterwards, in order, the match finishes and replays, and the ownership fence held.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/pg_database.hpp"

namespace golf::cluster_tests {
namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;
using testing::child_process;

// A move's answer may wait out a whole failover (about 10 s): the client waits longer than that.
constexpr auto act_timeout = 40s;

long long ms(clock_type::duration d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); }

// The set-up scripts/pg_ha.sh made in GOLF_TEST_PG_HA_DIR (CTest's fixture), and its actions.
class ha_database {
public:
    explicit ha_database(std::string dir) : dir_(std::move(dir)) {}
    std::string url() const { return golf::testing::read_first_line(dir_ + "/url"); }
    // Runs `pg_ha.sh ACTION DIR ARGS...`: its stdout; a failure fails the test with its stderr.
    std::string run(const std::string& action, const std::vector<std::string>& args = {}) const {
        std::vector<std::string> argv{"/bin/bash", GOLF_PG_HA, action, dir_};
        argv.insert(argv.end(), args.begin(), args.end());
        child_process script(argv);
        const auto status = script.wait_exit(90s);
        EXPECT_EQ(status, 0) << "pg_ha.sh " << action << ": " << script.err();
        std::string out = script.out();
        while (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
    }
    std::string primary() const { return run("primary"); }
    std::string sql(const std::string& query) const { return golf::testing::pg_run(url(), query); }

private:
    std::string dir_;
};

// One move by whoever has one; nullopt once the match is over. Everything waits out a failover: a move's answer
// and the next deal, each held until its record is written.
std::optional<logged_action> move(server::e2e::two_players& t) {
    return server::e2e::step(t.players(), t.rules, *t.bot, t.random, act_timeout, act_timeout);
}

// Every move of the match as recorded, hole after hole.
std::vector<logged_action> recorded_moves(const persistence::match_detail& match) {
    std::vector<logged_action> out;
    for (const auto& hole : match.holes) {
        const auto log = golf::decode_action_log(hole.actions);
        EXPECT_TRUE(log.has_value()) << "hole " << hole.hole << "'s actions do not decode";
        if (log) out.insert(out.end(), log->begin(), log->end());
    }
    return out;
}

class database_failover_test : public ::testing::Test {
protected:
    void SetUp() override {
        const char* dir = std::getenv("GOLF_TEST_PG_HA_DIR");
        if (dir == nullptr) GTEST_SKIP() << "no highly available PostgreSQL for the tests (GOLF_TEST_PG_HA_DIR)";
        if (std::filesystem::exists(std::string(dir) + "/missing"))
            GTEST_SKIP() << golf::testing::read_first_line(std::string(dir) + "/missing");
        ha_ = std::make_unique<ha_database>(dir);
        ha_->run("heal");  // a test before this one may have killed a server: a primary and a synchronous standby
        ASSERT_FALSE(HasFailure()) << "the database set-up could not be healed";
    }
    void TearDown() override {
        if (node_) {
            EXPECT_EQ(node_->log().find("Sanitizer"), std::string::npos) << node_->log();
        }
    }

    void start_node(const std::vector<std::string>& flags) {
        testing::server_options o;
        o.db = ha_->url();
        o.extra = {"--node", "n1", "--durability", "moves", "--seat-grace", "120"};
        o.extra.insert(o.extra.end(), flags.begin(), flags.end());
        node_ = std::make_unique<testing::server_process>(GOLF_SERVER_PATH, o);
        ASSERT_NE(node_->port(), 0) << node_->log();
    }
    static int count_of(const std::string& text, const std::string& what) {
        int n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    }
    std::string owner_of(const std::string& code) const {
        return ha_->sql("SELECT owner_node || '/' || owner_incarnation FROM tables WHERE code = '" + code + "'");
    }

    // A new connection to the node that takes seat `token` back, tried for up to act_timeout while the node
    // has no place in the cluster yet (it answers, but the table is not open again).
    std::unique_ptr<client::connection> reclaim(const std::string& token) const {
        const auto deadline = clock_type::now() + act_timeout;
        while (clock_type::now() < deadline) {
            try {
                auto c = std::make_unique<client::connection>();
                c->connect(node_->url(), "database_failover_test", 2s);
                c->reclaim(token, 3s);
                return c;
            } catch (const client::error&) {
                std::this_thread::sleep_for(200ms);
            }
        }
        ADD_FAILURE() << "seat " << token << " could not be reclaimed\n" << node_->log();
        return nullptr;
    }

    struct play_record {
        std::vector<logged_action> acked;  // every move whose answer arrived, in order
        int drops = 0;                     // how often the node closed the table and the players reclaimed
    };

    // Plays `t` to its end while another thread kills the primary once `before_kill` moves are acknowledged;
    // seats the node drops are reclaimed. Prints the time from the kill to the first move accepted after it. The
    // players wait for the kill before their next move: on a busy machine pg_ha.sh's kill can outlast the match.
    play_record play_through_a_failover(server::e2e::two_players& t, int before_kill) {
        const std::string old_primary = ha_->primary();
        EXPECT_FALSE(old_primary.empty());
        std::atomic<int> acked{0};
        std::atomic<clock_type::rep> killed_at{0};
        std::jthread killer([&] {  // joined however this function ends
            for (int i = 0; i < 3000 && acked.load() < before_kill; ++i) std::this_thread::sleep_for(5ms);
            ha_->run("kill", {old_primary});
            killed_at = clock_type::now().time_since_epoch().count();
        });
        play_record out;
        std::optional<clock_type::duration> first_after;
        for (int m = 0; m < 20000 && out.drops < 5; ++m) {
            for (int i = 0; i < 1800 && acked.load() >= before_kill && killed_at == 0; ++i)
                std::this_thread::sleep_for(50ms);
            const auto sent = clock_type::now().time_since_epoch().count();
            std::optional<logged_action> moved;
            try {
                moved = move(t);
            } catch (const client::error&) {  // the node stepped down: "connect again to play on"
                ++out.drops;
                for (std::size_t s = 0; s < t.seats.size(); ++s) t.seats[s] = reclaim(t.tokens[s]);
                if (!t.seats[0] || !t.seats[1]) break;
                continue;
            }
            if (!moved) break;
            out.acked.push_back(*moved);
            ++acked;
            if (!first_after && killed_at != 0 && sent > killed_at)
                first_after = clock_type::now().time_since_epoch() - clock_type::duration(killed_at.load());
        }
        killer.join();
        EXPECT_TRUE(first_after.has_value()) << "no move was made after the kill";
        const std::string new_primary = ha_->primary();
        EXPECT_NE(new_primary, old_primary);
        std::cout << "[ failover ] kill -9 of the primary " << old_primary
                  << " to the first move accepted after it: " << (first_after ? ms(*first_after) : -1) << " ms ("
                  << new_primary << " is primary now; " << out.acked.size() << " moves acknowledged, " << out.drops
                  << " times reclaimed)\n";
        return out;
    }
    void expect_finished(server::e2e::two_players& t) const {
        for (auto& c : t.seats) {
            if (!c) continue;
            c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; }, act_timeout);
        }
    }

    // The match played at `code`, read back through the database (on the promoted standby now): it replays hole by
    // hole. The set-up is shared by every test of the file (and every repeat), so the table's code finds it.
    persistence::match_detail recorded_match(const std::string& code, int holes) const {
        const auto store = persistence::open_store({.db = ha_->url(), .read_only = true});
        const std::string id =
            ha_->sql("SELECT string_agg(id::text, ' ') FROM matches WHERE table_code = '" + code + "'");
        EXPECT_NE(id, "");
        EXPECT_EQ(id.find(' '), std::string::npos) << "more than one match at " << code << ": " << id;
        if (id.empty()) return {};
        const auto detail = store->match(std::stoll(id));
        EXPECT_TRUE(detail.has_value());
        if (!detail) return {};
        const auto replayed = persistence::replay_match(*detail);
        EXPECT_EQ(replayed.problem, "");
        EXPECT_EQ(replayed.holes_checked, holes);
        return *detail;
    }

    std::unique_ptr<ha_database> ha_;
    std::unique_ptr<testing::server_process> node_;
};

// The node's lease outlasts the failover: it keeps its tables and its incarnation, its writer connects again
// through HAProxy to the promoted standby, and the fence there (replicated with the rest) still says the table is
// this incarnation's, so every write passes it and nothing is refused.
TEST_F(database_failover_test, killing_the_primary_mid_play_loses_no_acknowledged_move) {
    start_node({"--node-timeout-ms", "30000"});
    server::e2e::two_players t(node_->url(), "six-card", 3);
    const std::string owner = owner_of(t.code);
    ASSERT_FALSE(owner.empty());
    const auto run = play_through_a_failover(t, 8);
    EXPECT_EQ(run.drops, 0) << "the table closed during the failover";
    expect_finished(t);
    const auto match = recorded_match(t.code, 3);
    EXPECT_EQ(recorded_moves(match), run.acked) << "the record differs from the moves the players saw acknowledged";
    EXPECT_EQ(owner_of(t.code), owner) << "the table changed hands";
    EXPECT_EQ(node_->log().find("record was refused"), std::string::npos) << node_->log();
    EXPECT_EQ(node_->log().find("database refused"), std::string::npos) << node_->log();
    EXPECT_NE(node_->log().find("reconnected to the PostgreSQL"), std::string::npos) << node_->log();
}

// With the default --node-timeout-ms (3 s), shorter than the failover, the node's lease runs out while the
// database is away: it steps down and closes its table ("connect again to play on"). Once the promoted standby
// answers, the node takes the table back from the record and the players reclaim their seats. Every acknowledged
// move is in the record, in order; the one move in flight at each close was never acknowledged, and may be there.
TEST_F(database_failover_test, a_node_whose_lease_runs_out_in_the_failover_takes_its_table_back_losing_nothing) {
    start_node({});
    server::e2e::two_players t(node_->url(), "six-card", 3);
    const auto run = play_through_a_failover(t, 8);
    EXPECT_GE(run.drops, 1) << "the node never stepped down: the failover was shorter than its timeout";
    expect_finished(t);
    const auto recorded = recorded_moves(recorded_match(t.code, 3));
    std::size_t next = 0;  // acked must be a subsequence of recorded, with at most one extra move a drop
    for (const auto& m : recorded) {
        if (next < run.acked.size() && m == run.acked[next]) ++next;
    }
    EXPECT_EQ(next, run.acked.size()) << "acknowledged move " << next << " is not in the record, in order";
    EXPECT_LE(recorded.size(), run.acked.size() + static_cast<std::size_t>(run.drops));
    EXPECT_EQ(owner_of(t.code).substr(0, 3), "n1/");
    // It stepped down while the database was away, so it could not join again at once: it did before its next
    // heartbeat, and holds the table as a new incarnation, not the one that closed it.
    EXPECT_NE(owner_of(t.code), "n1/1");
    EXPECT_LE(count_of(node_->log(), "steps down"), run.drops) << "one step-down a drop, not one a round";
}

}  // namespace
}  // namespace golf::cluster_tests
