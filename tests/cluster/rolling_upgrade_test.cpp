// A rolling upgrade of the cluster under play: tables of people (real clients through HAProxy) and server bots
// play on while each node in turn is drained (SIGTERM), started again from the same binary (standing in for the
// new build) and waited for until healthy. Every player's client finds its seat again by itself; afterwards every
// match finishes, replays, and holds every move the server acknowledged. The drain and the pause players saw are
// printed as figures.
#include <algorithm>
#include <atomic>
#include <iomanip>
#include <map>
#include <mutex>

#include "engine/action_log.hpp"
#include "tests/cluster/cluster_fixture.hpp"

namespace golf::cluster_tests {
namespace {

using clock_type = std::chrono::steady_clock;
using ms = std::chrono::milliseconds;

constexpr int holes = 4;
constexpr auto pace = 30ms;  // between a table's moves while the upgrade runs: play goes on, the match lasts

long long millis(clock_type::duration d) { return std::chrono::duration_cast<ms>(d).count(); }

// What a reconnect handles: a lost connection (no code), a table on its way to another node or found there.
bool reconnect_handles(v1::ErrorCode code) {
    return code == v1::ERROR_CODE_UNSPECIFIED || code == v1::ERROR_CODE_TABLE_ELSEWHERE ||
           code == v1::ERROR_CODE_UNAVAILABLE;
}

// One table, Ann and Bob (people, played here) and a server bot, made on `node` through the proxy and played by
// one thread: a move at a time, paced while `upgrading`, never into the last hole until the upgrade is over (so
// every match is still being played through every drain). A connection that closes is made again through the
// proxy and its seat reclaimed with its token, as a player's client does.
class table_play {
public:
    // `proxy`: the proxy's WebSocket URL; `node`: the node to make the table on ("": whichever the proxy picks).
    table_play(std::string proxy, const std::string& node, int number)
        : proxy_(std::move(proxy)), random_(static_cast<std::uint64_t>(100 + number)) {
        for (const char* who : {"Ann", "Bob"}) names_.push_back(who + std::to_string(number));
        for (std::size_t s = 0; s < 2; ++s) {
            seats_.push_back(std::make_unique<connection>());
            seats_.back()->connect(node.empty() ? proxy_ : client::with_node(proxy_, node), "rolling_upgrade_test");
            watch(s);
        }
        v1::Ruleset house;
        house.set_holes(holes);
        const v1::TableJoined created = seats_[0]->create_table(names_[0], "six-card", 3, house);
        seats_[1]->join(created.code(), names_[1]);
        seats_[0]->add_bot();
        rules_ = wire::to_ruleset(created.rules()).value();
        tokens_ = {seats_[0]->token(), seats_[1]->token()};
        for (auto& c : seats_) c->wait_until(server::e2e::everyone_seated);
        seats_[0]->start_match();
    }

    void run(const std::atomic<bool>& upgrading, clock_type::time_point deadline) {
        while (clock_type::now() < deadline && !finished_) {
            try {
                if (upgrading && in_last_hole()) {
                    ping_both();  // held before the last hole, still answered: a drain shows as a pause
                    std::this_thread::sleep_for(pace);
                    continue;
                }
                if (play_one() && upgrading) ++during_upgrade_;
                if (upgrading) std::this_thread::sleep_for(pace);
            } catch (const client::error&) {
                ++losses_;
                if (!reconnect(deadline)) return;
            }
        }
    }

    bool finished() const { return finished_; }
    int losses() const { return losses_; }
    int moves_during_upgrade() const { return during_upgrade_; }
    int reconnects(std::size_t seat) const { return reconnects_[seat]; }
    int acknowledged(std::size_t seat) const { return acknowledged_[seat]; }
    clock_type::duration longest_pause() const { return longest_pause_; }
    const std::map<std::string, int>& refusals() const { return refusals_; }
    const std::string& name(std::size_t seat) const { return names_[seat]; }

private:
    std::vector<connection*> players() const { return {seats_[0].get(), seats_[1].get()}; }

    // Every frame a seat receives is an answer: the pause a player sees runs from the last before its connection
    // closed to the first after (its reclaim's).
    void watch(std::size_t seat) {
        seats_[seat]->set_observer([this, seat](const v1::ServerMessage&) { last_answer_[seat] = clock_type::now(); });
    }

    void ping_both() {
        for (auto& c : seats_) {
            v1::ClientMessage ping;
            ping.mutable_ping()->set_nonce(1);
            c->request(ping, 2s);
        }
    }

    bool in_last_hole() {
        for (auto& c : seats_) server::e2e::drain(*c);
        const auto& u = seats_[0]->latest();
        return u && u->scorecard().holes_size() >= holes - 1;
    }

    // One move by whoever has one (true), else whether the match is over is noted (false).
    bool play_one() {
        const auto moved = server::e2e::step(players(), rules_, *bot_, random_, 2000ms);
        if (moved) {
            ++acknowledged_[moved->seat];
            return true;
        }
        for (auto& c : seats_) c->next(0ms);  // throws once a connection is closed: reconnect
        finished_ = seats_[0]->latest() && seats_[0]->latest()->state() == v1::TABLE_STATE_FINISHED;
        return false;
    }

    // Both seats again (their node drained, both connections closed), each within 20 s; false when one cannot.
    bool reconnect(clock_type::time_point deadline) {
        for (std::size_t s = 0; s < seats_.size(); ++s) {
            if (seats_[s]->is_open()) {
                try {
                    seats_[s]->next(0ms);
                    continue;  // still connected: its node was not the one drained
                } catch (const client::error&) {}
            }
            if (!reclaim(s, std::min(deadline, clock_type::now() + 20s))) return false;
            ++reconnects_[s];
            longest_pause_ = std::max(longest_pause_, clock_type::now() - last_answer_[s]);
            watch(s);
        }
        return true;
    }

    bool reclaim(std::size_t seat, clock_type::time_point until) {
        while (clock_type::now() < until) {
            try {
                auto fresh = std::make_unique<connection>();
                fresh->connect(proxy_, "rolling_upgrade_test", 2s);
                fresh->reclaim(tokens_[seat], 3s);  // follows the table to its node (TABLE_ELSEWHERE) by itself
                seats_[seat] = std::move(fresh);
                return true;
            } catch (const client::error& e) {
                ++refusals_[std::string(client::error_code_name(e.code()))];
                EXPECT_TRUE(reconnect_handles(e.code())) << names_[seat] << ": " << e.what();
                std::this_thread::sleep_for(100ms);
            }
        }
        ADD_FAILURE() << names_[seat] << " could not reclaim the seat within 20 s";
        return false;
    }

    std::string proxy_;
    std::vector<std::string> names_, tokens_;
    std::vector<std::unique_ptr<connection>> seats_;
    golf::ruleset rules_;
    std::unique_ptr<golf::bot> bot_ = golf::make_bot("heuristic");
    golf::random_source random_;
    bool finished_ = false;
    int losses_ = 0;
    int during_upgrade_ = 0;  // the people's moves acknowledged while the upgrade ran
    int reconnects_[2] = {0, 0};
    int acknowledged_[2] = {0, 0};
    clock_type::time_point last_answer_[2] = {clock_type::now(), clock_type::now()};
    clock_type::duration longest_pause_{};
    std::map<std::string, int> refusals_;  // by code, every refusal met while reconnecting
};

class rolling_upgrade_test : public durable_moves_cluster_test {
protected:
    // SIGTERM to node `i`, its exit awaited (bounded), then the same binary started on the same port and waited
    // for until its /healthz answers 200. Returns how long the drain took.
    clock_type::duration upgrade_node(std::size_t i) {
        const auto asked = clock_type::now();
        nodes_[i]->signal(SIGTERM);
        EXPECT_EQ(nodes_[i]->wait(), 0) << names_[i] << " did not drain cleanly:\n" << nodes_[i]->log();
        const auto drained = clock_type::now() - asked;
        start_node(i);
        EXPECT_TRUE(within(15s, [&] { return healthy(ports_[i]); })) << names_[i] << " is not healthy again";
        EXPECT_TRUE(within(10s, [&] { return every_node_up(); }));
        return drained;
    }
    static bool healthy(std::uint16_t port) {
        try {
            server::testing::http_client client(port);
            boost::system::error_code error;
            const auto reply = client.request(boost::beast::http::verb::get, "/healthz", &error, false);
            return !error && reply.result() == boost::beast::http::status::ok;
        } catch (...) {
            return false;
        }
    }
    // The moves each seat made in `player`'s match, as the database recorded them; the match must replay.
    std::vector<int> recorded_moves(const std::string& player) const {
        const auto store = persistence::open_store({.db = db_->url(), .read_only = true});
        const auto matches = store->matches_by_player(player, 5);
        EXPECT_EQ(matches.size(), 1u) << player;
        if (matches.empty()) return {};
        const auto detail = store->match(matches[0].id);
        const auto replayed = persistence::replay_match(*detail);
        EXPECT_EQ(replayed.problem, "") << player;
        EXPECT_EQ(replayed.holes_checked, holes) << player;
        std::vector<int> by_seat(3, 0);
        for (const auto& hole : detail->holes)
            for (const auto& move : golf::decode_action_log(hole.actions).value_or(std::vector<logged_action>{}))
                if (move.seat < by_seat.size()) ++by_seat[move.seat];
        return by_seat;
    }
};

TEST_F(rolling_upgrade_test, draining_and_restarting_each_node_in_turn_loses_no_move_and_no_player) {
    std::vector<std::unique_ptr<table_play>> tables;
    int number = 0;
    for (const std::string node : {"n1", "n2", "n3", ""})
        tables.push_back(std::make_unique<table_play>(proxy_url(), node, number++));
    std::atomic<bool> upgrading{true};
    const auto deadline = clock_type::now() + 90s;
    std::vector<std::thread> threads;
    for (auto& t : tables) threads.emplace_back([&, table = t.get()] { table->run(upgrading, deadline); });

    std::this_thread::sleep_for(500ms);  // every table is under way
    std::vector<clock_type::duration> drains;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        drains.push_back(upgrade_node(i));
        std::this_thread::sleep_for(300ms);  // play goes on with the new node in place before the next goes
    }
    upgrading = false;
    for (auto& t : threads) t.join();

    clock_type::duration pause{};
    int played = 0;
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const auto& table = *tables[t];
        played += table.moves_during_upgrade();
        EXPECT_TRUE(table.finished()) << "table " << t << "'s match did not finish\n" << logs();
        pause = std::max(pause, table.longest_pause());
        const std::vector<int> recorded = recorded_moves(table.name(0));
        if (recorded.size() < 2) continue;
        int unacknowledged = 0;
        for (std::size_t s = 0; s < 2; ++s) {
            EXPECT_GE(table.reconnects(s), 1) << table.name(s) << " never had to find its seat again";
            EXPECT_GE(recorded[s], table.acknowledged(s)) << table.name(s) << ": an acknowledged move is missing";
            unacknowledged += recorded[s] - table.acknowledged(s);
        }
        // A move whose answer was lost with its connection may or may not have been made: at most one a loss.
        EXPECT_LE(unacknowledged, table.losses()) << "table " << t;
        for (const auto& [code, count] : table.refusals())
            std::cout << "[ rolling ] table " << t << " met " << code << " " << count << " times while reconnecting\n";
    }
    for (std::size_t i = 0; i < drains.size(); ++i)
        std::cout << "[ rolling ] " << names_[i] << " drained (SIGTERM to exit 0) in " << millis(drains[i]) << " ms\n";
    std::cout << "[ rolling ] " << played << " moves acknowledged at " << tables.size()
              << " tables during the upgrade\n";
    std::cout << "[ rolling ] the longest pause a player saw (last answer before a drain to the seat reclaimed): "
              << millis(pause) << " ms\n";
}

// A drained node hands its tables over as it exits; a seat reclaimed through another node that very moment is
// seated there. It was refused as BAD_TOKEN when the lookup took the table over: the table was open but its seats'
// tokens were still on their way to the table's strand, and a player's client gives up on BAD_TOKEN.
TEST_F(rolling_upgrade_test, a_seat_reclaimed_the_moment_its_node_drained_is_seated_on_another_node) {
    std::vector<std::unique_ptr<server::e2e::two_players>> tables;
    std::vector<std::string> tokens;
    for (int t = 0; t < 3; ++t) {
        tables.push_back(std::make_unique<server::e2e::two_players>(proxy_url("n1"), "six-card", 3));
        tables.back()->play_into_hole(0, 2 + t);
        tables.back()->seats.clear();
        tokens.insert(tokens.end(), tables.back()->tokens.begin(), tables.back()->tokens.end());
    }
    // Connected before the drain, so every reclaim goes out the moment it ends.
    std::vector<std::unique_ptr<connection>> players;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        players.push_back(std::make_unique<connection>());
        players.back()->connect(proxy_url(i % 2 == 0 ? "n2" : "n3"), "rolling_upgrade_test");
    }
    nodes_[index_of("n1")]->signal(SIGTERM);
    ASSERT_EQ(nodes_[index_of("n1")]->wait(), 0);
    std::vector<std::string> refused(tokens.size());
    std::vector<std::thread> reclaims;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        reclaims.emplace_back([&, i] {
            try {
                players[i]->reclaim(tokens[i], 5s);
            } catch (const client::error& e) {
                refused[i] = e.what();
            }
        });
    for (auto& r : reclaims) r.join();
    for (std::size_t i = 0; i < tokens.size(); ++i) EXPECT_EQ(refused[i], "") << "seat " << i << "\n" << logs();
}

}  // namespace
}  // namespace golf::cluster_tests
