// The cluster every test in tests/cluster/ plays on: three golf-server processes (--node) on one PostgreSQL
// database (the tests' own server) behind a real HAProxy on loopback (scripts/haproxy_config.sh), with what the
// tests share: finding a seat again through the proxy, a node's log, a match's record replayed.
#pragma once

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/pg_database.hpp"
#include "tests/support/proxied_nodes.hpp"

namespace golf::cluster_tests {

using namespace std::chrono_literals;
using client::connection;
using google::protobuf::util::MessageDifferencer;
using testing::child_process;
using testing::server_options;
using testing::server_process;

inline constexpr auto node_timeout = "1500";  // ms: a node silent this long is presumed dead

// `body` until it returns true or `limit` passes; every 100 ms.
inline bool within(std::chrono::milliseconds limit, const std::function<bool()>& body) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (body()) return true;
        std::this_thread::sleep_for(100ms);
    }
    return body();
}

class cluster_test : public ::testing::Test {
protected:
    void SetUp() override {
        if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
        db_ = std::make_unique<golf::testing::pg_database>();
        for (const char* name : {"n1", "n2", "n3"}) {
            names_.emplace_back(name);
            ports_.push_back(0);
            nodes_.emplace_back();
            start_node(nodes_.size() - 1);
        }
        proxy_port_ = golf::testing::free_loopback_port();
        std::vector<std::string> args{"/bin/bash", GOLF_HAPROXY_CONFIG, "127.0.0.1:" + std::to_string(proxy_port_)};
        for (std::size_t i = 0; i < nodes_.size(); ++i)
            args.push_back(names_[i] + "=127.0.0.1:" + std::to_string(ports_[i]));
        child_process config(args);
        ASSERT_EQ(config.wait_exit(), 0) << config.err();
        std::ofstream(dir_.path() / "haproxy.cfg") << config.out();
        proxy_ = std::make_unique<child_process>(
            std::vector<std::string>{"/usr/sbin/haproxy", "-db", "-f", (dir_.path() / "haproxy.cfg").string()});
        ASSERT_TRUE(within(10s, [&] { return every_node_up(); })) << proxy_->err();
    }
    void TearDown() override {
        if (proxy_) proxy_->signal(SIGTERM);
        // Under a sanitizer a node's report ends it, which a failover could hide: every report fails the test.
        for (std::size_t i = 0; i < nodes_.size(); ++i) {
            const std::string log = nodes_[i] ? nodes_[i]->log() : "";
            EXPECT_EQ(log.find("Sanitizer"), std::string::npos) << names_[i] << ":\n" << log;
        }
    }

    void start_node(std::size_t i) {
        server_options o;
        o.db = db_->url();
        o.port = ports_[i];
        o.extra = {"--node", names_[i], "--node-timeout-ms", node_timeout, "--seat-grace", "120"};
        o.extra.insert(o.extra.end(), node_flags_.begin(), node_flags_.end());
        nodes_[i] = std::make_unique<server_process>(GOLF_SERVER_PATH, o);
        ASSERT_NE(nodes_[i]->port(), 0) << nodes_[i]->log();
        ports_[i] = nodes_[i]->port();
    }
    bool every_node_up() const {
        for (const auto& n : nodes_) {
            if (!n || n->port() == 0) return false;
        }
        try {
            server::testing::http_client client(proxy_port_);
            boost::system::error_code error;
            const auto reply = client.request(boost::beast::http::verb::get, "/healthz", &error, false);
            return !error && reply.result() == boost::beast::http::status::ok;
        } catch (...) {
            return false;
        }
    }
    std::string proxy_url(const std::string& node = {}) const {
        return "ws://127.0.0.1:" + std::to_string(proxy_port_) + "/ws" + (node.empty() ? "" : "?node=" + node);
    }
    std::size_t index_of(const std::string& node) const {
        return static_cast<std::size_t>(std::find(names_.begin(), names_.end(), node) - names_.begin());
    }
    // A new connection through the proxy that reclaims `token`, trying again (for up to 20 s) while the table
    // finds its new node.
    std::unique_ptr<connection> reclaim_through_proxy(const std::string& token) const {
        std::unique_ptr<connection> c;
        const bool seated = within(20s, [&] {
            try {
                c = std::make_unique<connection>();
                c->connect(proxy_url(), "cluster_test", 2s);  // a paused node takes the connection, never answers
                c->reclaim(token, 3s);
                return true;
            } catch (const client::error&) {
                return false;
            }
        });
        EXPECT_TRUE(seated)
            << "the seat could not be reclaimed through the proxy\n"
            << db_->run(
                   "SELECT string_agg(code || ':' || COALESCE(owner_node, '-') || '/' || "
                   "COALESCE(owner_incarnation::text, '-'), ' ') FROM tables")
            << "\nmatches " << db_->run("SELECT string_agg(id || ':' || table_code, ' ') FROM matches") << "\nplayers "
            << db_->run("SELECT string_agg(display_name || ':' || COALESCE(token_hash, '-'), ' ') FROM players") << "\n"
            << logs();
        return seated ? std::move(c) : nullptr;
    }
    std::string logs() const {
        std::string out;
        for (std::size_t i = 0; i < nodes_.size(); ++i) out += "---- " + names_[i] + "\n" + nodes_[i]->log();
        return out;
    }
    // `player`'s one match, read from the database, replays hole by hole through the engine.
    void expect_record_replays(const std::string& player, int holes) const {
        const auto store = persistence::open_store({.db = db_->url(), .read_only = true});
        const auto matches = store->matches_by_player(player, 5);
        ASSERT_EQ(matches.size(), 1u);
        const auto replayed = persistence::replay_match(*store->match(matches[0].id));
        EXPECT_EQ(replayed.problem, "");
        EXPECT_EQ(replayed.holes_checked, holes);
    }
    // The node playing `table` is killed (kill -9); its seats, reclaimed through the proxy, find the table on
    // another node with each seat's hand and scorecard as `before`; the match is played to its end and replays.
    void kill_and_play_on(server::e2e::two_players& table, const std::vector<v1::TableUpdate>& before) {
        const std::string owner = node_of(*table.seats[0]);
        const auto killed_at = std::chrono::steady_clock::now();
        nodes_[index_of(owner)]->stop(SIGKILL);
        table.seats.clear();
        std::vector<std::unique_ptr<connection>> seats;
        for (const auto& token : table.tokens) seats.push_back(reclaim_through_proxy(token));
        ASSERT_TRUE(seats[0] && seats[1]);
        const auto moved_in = std::chrono::steady_clock::now() - killed_at;
        EXPECT_NE(node_of(*seats[0]), owner);
        EXPECT_EQ(seats[0]->joined()->code(), table.code);
        for (std::size_t s = 0; s < 2; ++s) {
            const auto& now = seats[s]->wait_until([](const v1::TableUpdate& u) {
                return u.has_hand() && u.seats(0).connected() && u.seats(1).connected();
            });
            EXPECT_TRUE(MessageDifferencer::Equals(now.hand(), before[s].hand()))
                << "seat " << s << " after the failover:\n"
                << now.hand().DebugString() << "\nbefore:\n"
                << before[s].hand().DebugString();
            EXPECT_TRUE(MessageDifferencer::Equals(now.scorecard(), before[s].scorecard()));
        }
        std::vector<connection*> players{seats[0].get(), seats[1].get()};
        ASSERT_TRUE(server::e2e::step(players, table.rules, *table.bot, table.random));
        const auto ms = [&](auto d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
        std::cout << "[ failover ] kill -9 to both seats reclaimed on " << node_of(*seats[0]) << ": " << ms(moved_in)
                  << " ms, to the first move accepted there: " << ms(std::chrono::steady_clock::now() - killed_at)
                  << " ms\n";
        for (int m = 0; m < 20000 && server::e2e::step(players, table.rules, *table.bot, table.random); ++m) {}
        const auto& last = seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
        EXPECT_EQ(last.scorecard().holes_size(), 3);
        EXPECT_TRUE(MessageDifferencer::Equals(last.scorecard().holes(0), before[0].scorecard().holes(0)));
        expect_record_replays(last.seats(0).name(), 3);
    }
    // The table's node, from the connection's Welcome.
    static std::string node_of(const connection& c) { return c.welcome().node(); }

    std::vector<std::string> node_flags_;  // besides the cluster's own
    golf::testing::temp_dir dir_;
    std::unique_ptr<golf::testing::pg_database> db_;
    std::vector<std::string> names_;
    std::vector<std::uint16_t> ports_;
    std::vector<std::unique_ptr<server_process>> nodes_;
    std::uint16_t proxy_port_ = 0;
    std::unique_ptr<child_process> proxy_;
};

// --durability moves, and moves held back from the database for 10 s unless a move's durability needs them: a
// node that loses an acknowledged move would show it.
class durable_moves_cluster_test : public cluster_test {
protected:
    durable_moves_cluster_test() { node_flags_ = {"--durability", "moves", "--db-move-delay-ms", "10000"}; }
};

}  // namespace golf::cluster_tests
