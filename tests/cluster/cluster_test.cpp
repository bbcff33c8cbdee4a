// Several golf-server processes (--node) on one PostgreSQL database (the tests' own server) behind a real HAProxy
// on loopback (scripts/haproxy_config.sh), played by real clients through the proxy: a table made on one node is
// joined through the others; kill -9 of the node holding a live match moves the match to another node with its
// hand as it was; a node only paused (SIGSTOP past the timeout, then SIGCONT) steps down and never plays the table
// again; a restart of every node restores every unfinished match exactly once; a ban holds on every node at once;
// a tournament goes on when the node directing it is killed mid-round.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>

#include <array>
#include <csignal>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/cluster/cluster_fixture.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/leak_oracle.hpp"
#include "tests/support/pg_database.hpp"
#include "tests/support/proxied_nodes.hpp"

namespace golf::cluster_tests {
namespace {

// Two players at a table made on `node` (through the proxy, asked for by name).
std::unique_ptr<server::e2e::two_players> table_on(const std::string& url, int holes) {
    return std::make_unique<server::e2e::two_players>(url, "six-card", holes);
}

TEST_F(cluster_test, a_table_made_on_one_node_is_played_through_the_proxy_by_four_clients_from_every_node) {
    std::vector<std::unique_ptr<connection>> seats;
    for (const std::string node : {"n1", "n2", "", "n3"}) {
        seats.push_back(std::make_unique<connection>());
        seats.back()->connect(proxy_url(node), "cluster_test");
    }
    v1::Ruleset house;
    house.set_holes(2);
    const auto created = seats[0]->create_table("Ann", "six-card", 4, house);
    EXPECT_EQ(node_of(*seats[0]), "n1");
    const char* names[] = {"", "Bob", "Cat", "Dan"};
    for (std::size_t s = 1; s < 4; ++s) {
        seats[s]->join(created.code(), names[s]);  // follows the table to n1 where it landed elsewhere
        EXPECT_EQ(node_of(*seats[s]), "n1") << "seat " << s;
    }
    for (auto& c : seats) c->wait_until(server::e2e::everyone_seated);
    // Any node says where the table is played.
    for (int i = 0; i < 3; ++i) {
        const auto route = server::testing::http_request(proxy_port_, "/api/tables/" + created.code());
        EXPECT_EQ(route.body(), "{\"code\":\"" + created.code() + "\",\"node\":\"n1\"}\n");
    }
    seats[0]->start_match();
    const golf::ruleset rules = wire::to_ruleset(created.rules()).value();
    auto bot = golf::make_bot("heuristic");
    golf::random_source random{21};
    std::vector<connection*> players;
    for (auto& c : seats) players.push_back(c.get());
    for (int m = 0; m < 20000 && server::e2e::step(players, rules, *bot, random); ++m) {}
    const auto& last = seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
    ASSERT_EQ(last.scorecard().holes_size(), 2);

    expect_record_replays("Dan", 2);
}

// A lobby watcher's connection through the proxy to `node`: the list now, then every change.
std::unique_ptr<connection> watch_lobby(const std::string& url) {
    auto c = std::make_unique<connection>();
    c->connect(url, "cluster_test");
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    EXPECT_TRUE(c->request(watch).has_lobby());
    return c;
}

// Reads `watcher`'s lobby lists until one satisfies `wanted` (true) or 10 s pass (false).
bool lobby_until(connection& watcher, const std::function<bool(const v1::LobbyUpdate&)>& wanted) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto m = watcher.next(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()));
        if (m && m->has_lobby() && wanted(m->lobby())) return true;
    }
    return false;
}

const v1::LobbyTable* line_of(const v1::LobbyUpdate& l, const std::string& code) {
    for (const auto& t : l.tables())
        if (t.code() == code) return &t;
    return nullptr;
}

// Public tables made on n1 appear in the lobby watched on n2 and n3 (timed: the figure in docs/PERFORMANCE.md),
// a guest sitting down there shows, and the lines of a node killed with its tables not yet started vanish.
TEST_F(cluster_test, the_lobby_of_every_node_lists_the_public_tables_of_every_other_node) {
    auto on_n2 = watch_lobby(proxy_url("n2"));
    auto on_n3 = watch_lobby(proxy_url("n3"));
    std::vector<std::unique_ptr<connection>> hosts;
    std::vector<double> waits_ms;
    std::string code;
    for (int t = 0; t < 20; ++t) {
        v1::CreateTable request;
        request.set_player_name("Host" + std::to_string(t));
        request.set_preset("six-card");
        request.set_seats(2);
        request.set_public_(true);
        hosts.push_back(std::make_unique<connection>());
        hosts.back()->connect(proxy_url("n1"), "cluster_test");
        const auto made = std::chrono::steady_clock::now();
        code = hosts.back()->create_table(request).code();
        ASSERT_TRUE(lobby_until(*on_n2, [&](const v1::LobbyUpdate& l) { return line_of(l, code) != nullptr; }))
            << "table " << t << " never reached n2's lobby\n"
            << logs();
        waits_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - made).count());
    }
    std::sort(waits_ms.begin(), waits_ms.end());
    std::cout << std::fixed << std::setprecision(1) << "[ lobby ] created on n1 to listed on n2, 20 tables: p50 "
              << waits_ms[10] << " ms, max " << waits_ms.back() << " ms\n";
    EXPECT_TRUE(lobby_until(*on_n3, [&](const v1::LobbyUpdate& l) { return l.tables_size() == 20; }));

    connection guest;
    guest.connect(proxy_url("n3"), "cluster_test");
    guest.join(code, "Guest");
    EXPECT_TRUE(lobby_until(*on_n2, [&](const v1::LobbyUpdate& l) {
        const auto* line = line_of(l, code);
        return line && line->seated() == 2;
    }));
    nodes_[index_of("n1")]->stop(SIGKILL);
    EXPECT_TRUE(lobby_until(*on_n2, [&](const v1::LobbyUpdate& l) { return l.tables_size() == 0; }))
        << "a dead node's tables are still listed";
}

TEST_F(cluster_test, quick_play_from_every_node_meets_at_one_node_and_an_account_stays_signed_in_there) {
    // Every node has seen the other two (a round is a sixth of the node timeout).
    std::this_thread::sleep_for(std::chrono::milliseconds(2 * std::stoi(node_timeout) / 6 + 200));
    std::vector<std::unique_ptr<connection>> players;
    for (const char* node : {"n1", "n2", "n3", "n1"}) {
        players.push_back(std::make_unique<connection>());
        players.back()->connect(proxy_url(node), "cluster_test");
    }
    players[0]->register_account("Quinn", "a long enough password");
    std::vector<std::thread> waiting;
    std::vector<v1::TableJoined> joined(players.size());
    std::vector<std::string> failures(players.size());
    for (std::size_t i = 0; i < players.size(); ++i)
        waiting.emplace_back([&, i] {
            try {
                joined[i] = players[i]->quick_play("six-card", 4, 0, i == 0 ? "" : "Guest" + std::to_string(i), 20s);
            } catch (const std::exception& e) {
                failures[i] = e.what();
            }
        });
    for (auto& t : waiting) t.join();
    for (std::size_t i = 0; i < players.size(); ++i) ASSERT_TRUE(failures[i].empty()) << i << ": " << failures[i];
    std::set<std::string> codes, nodes;
    for (std::size_t i = 0; i < players.size(); ++i) {
        codes.insert(joined[i].code());
        nodes.insert(players[i]->welcome().node());
    }
    EXPECT_EQ(codes.size(), 1u) << "four people of one queue, one table";
    EXPECT_EQ(nodes.size(), 1u) << "every connection ended at the node that keeps the queue";
    const v1::TableUpdate& started =
        players[0]->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING; });
    const int quinn = joined[0].seat();
    ASSERT_GE(quinn, 0);
    EXPECT_EQ(started.seats(quinn).name(), "Quinn");
    EXPECT_TRUE(started.seats(quinn).registered()) << "signed in again on the node it followed the queue to";
    for (int s = 0; s < 4; ++s) {
        if (s == quinn) continue;
        EXPECT_FALSE(started.seats(s).registered()) << s;
    }
}

// A sanction is read from the database at every request, never kept by a node: given once, it holds on every node
// at once, and lifted once, it is gone from every node.
TEST_F(cluster_test, a_ban_holds_on_every_node_at_once_and_lifting_it_frees_every_node) {
    connection first;
    first.connect(proxy_url("n1"), "cluster_test");
    const v1::SignedIn ann = first.register_account("Ann", "a long enough password");
    const auto store = persistence::open_store({.db = db_->url()});
    const auto now = static_cast<std::int64_t>(std::time(nullptr));
    const auto ban = store->moderation()->add_sanction(
        {0, ann.account().id(), persistence::sanction_kind::ban, "cheating", now, 0, "the command line", 0, "", ""});
    for (const char* node : {"n1", "n2", "n3"}) {
        connection c;
        c.connect(proxy_url(node), "cluster_test");
        try {
            c.sign_in_with_token(ann.session_token());
            ADD_FAILURE() << node << " let a banned account sign in";
        } catch (const client::error& e) {
            EXPECT_EQ(e.code(), v1::ERROR_CODE_BANNED) << node << ": " << e.what();
        }
    }
    ASSERT_TRUE(store->moderation()->lift_sanction(ban.id, "the command line", now).has_value());
    for (const char* node : {"n1", "n2", "n3"}) {
        connection c;
        c.connect(proxy_url(node), "cluster_test");
        EXPECT_NO_THROW(c.sign_in_with_token(ann.session_token())) << node;
    }
}

// A moderator on one node: an announcement reaches the tables and lobby watchers of every node (through the
// moderation log); the live list is the node's own and names the others; a table on another node is named there.
TEST_F(cluster_test, a_moderator_announces_to_every_node_bans_a_seat_away_and_ends_a_table_where_it_is_played) {
    connection moe;
    moe.connect(proxy_url("n1"), "cluster_test");
    const v1::SignedIn moe_in = moe.register_account("Moe", "a long enough password");
    const auto store = persistence::open_store({.db = db_->url()});
    ASSERT_EQ(store->moderation()->set_role(moe_in.account().id(), persistence::staff_role::moderator, "cli", 0),
              persistence::role_change::done);
    connection ann;
    ann.connect(proxy_url("n2"), "cluster_test");
    const std::string code = ann.create_table("Ann", "six-card", 2).code();
    connection cat;
    cat.connect(proxy_url("n3"), "cluster_test");
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    cat.expect_success(watch);
    const auto heard = [](connection& c, std::chrono::milliseconds limit = 5000ms) {
        return server::testing::account_requests::next_where(
            c, [](const v1::ServerMessage& m) { return m.has_announcement(); }, limit);
    };

    v1::ClientMessage say;
    say.mutable_announce()->set_text("restart at noon");
    moe.expect_success(say);
    for (connection* c : {&ann, &cat}) {
        const auto told = heard(*c);
        ASSERT_TRUE(told.has_value()) << "an announcement made on n1 reaches n2 and n3\n" << logs();
        EXPECT_EQ(told->announcement().text(), "restart at noon");
    }
    EXPECT_FALSE(heard(ann, 1500ms).has_value()) << "each node relays it once (a round is 500 ms)";

    v1::ClientMessage list;
    list.mutable_list_live_tables();
    const auto live = moe.request(list);
    ASSERT_TRUE(live.has_live_tables()) << live.ShortDebugString();
    EXPECT_EQ(live.live_tables().node(), "n1");
    EXPECT_EQ(live.live_tables().tables_size(), 0);
    EXPECT_EQ(std::set<std::string>(live.live_tables().other_nodes().begin(), live.live_tables().other_nodes().end()),
              (std::set<std::string>{"n2", "n3"}));

    // A ban given on n1 takes the banned account's seat at n2 within a round.
    connection bea;
    bea.connect(proxy_url("n2"), "cluster_test");
    bea.register_account("Bea", "a long enough password");
    bea.join(code, "");
    v1::ClientMessage ban;
    ban.mutable_give_sanction()->set_name("Bea");
    ban.mutable_give_sanction()->set_kind(v1::SANCTION_KIND_BAN);
    ban.mutable_give_sanction()->set_reason("cheating");
    moe.expect_success(ban);
    const auto banned = server::testing::account_requests::next_where(
        bea, [](const v1::ServerMessage& m) { return m.has_removed(); }, 5000ms);
    ASSERT_TRUE(banned.has_value()) << "a ban given on n1 takes the seat at n2\n" << logs();
    EXPECT_TRUE(banned->removed().banned());
    EXPECT_EQ(banned->removed().reason(), "cheating");

    v1::ClientMessage end;
    end.mutable_end_table()->set_code(code);
    end.mutable_end_table()->set_reason("stuck");
    const auto elsewhere = moe.request(end);
    ASSERT_TRUE(elsewhere.has_error()) << elsewhere.ShortDebugString();
    EXPECT_EQ(elsewhere.error().code(), v1::ERROR_CODE_TABLE_ELSEWHERE);
    EXPECT_EQ(elsewhere.error().node(), "n2");
    connection moe_there;
    moe_there.connect(proxy_url("n2"), "cluster_test");
    moe_there.sign_in_with_token(moe_in.session_token());
    moe_there.expect_success(end);
    const auto told = server::testing::account_requests::next_where(
        ann, [](const v1::ServerMessage& m) { return m.has_removed(); }, 5000ms);
    ASSERT_TRUE(told.has_value());
    EXPECT_TRUE(told->removed().table_ended());
}

// With several nodes a table is made once its record is written; while the database cannot take it (its tables
// table locked here), the creator is told so within moments and no table is made; afterwards tables are made again.
TEST_F(cluster_test, a_table_the_database_cannot_record_is_refused_with_a_clear_error) {
    connection c;
    c.connect(proxy_url("n1"), "cluster_test");
    v1::ClientMessage create;
    create.mutable_create_table()->set_player_name("Ann");
    create.mutable_create_table()->set_preset("six-card");
    create.mutable_create_table()->set_seats(2);
    {
        const golf::testing::pg_database::lock held(*db_, "tables");
        const auto reply = c.request(create, 15s);
        ASSERT_TRUE(reply.has_error()) << reply.DebugString();
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_UNAVAILABLE);
        EXPECT_EQ(reply.error().message(),
                  "the database cannot take new tables now, so none was made; try again in a moment");
    }
    const auto made = c.create_table("Ann", "six-card", 2);
    EXPECT_EQ(made.seat(), 0);
}

// Quick play seats its people only once every node can find their table: while the database cannot record it,
// nobody is seated, and afterwards the same people are seated together at a table another node can find.
TEST_F(cluster_test, quick_play_seats_nobody_at_a_table_the_database_has_not_recorded) {
    std::vector<std::unique_ptr<connection>> players;
    for (int i = 0; i < 2; ++i) {
        players.push_back(std::make_unique<connection>());
        players.back()->connect(proxy_url("n1"), "cluster_test");
    }
    std::vector<v1::TableJoined> joined(players.size());
    std::vector<std::chrono::steady_clock::time_point> seated_at(players.size());
    std::vector<std::string> failures(players.size());
    std::vector<std::thread> waiting;
    std::chrono::steady_clock::time_point unlocked;
    {
        const golf::testing::pg_database::lock held(*db_, "tables");
        for (std::size_t i = 0; i < players.size(); ++i)
            waiting.emplace_back([&, i] {
                try {
                    joined[i] = players[i]->quick_play("six-card", 2, 0, "Guest" + std::to_string(i), 40s);
                    seated_at[i] = std::chrono::steady_clock::now();
                } catch (const std::exception& e) {
                    failures[i] = e.what();
                }
            });
        std::this_thread::sleep_for(7s);  // past the wait for a table's record: the first table is not made
        unlocked = std::chrono::steady_clock::now();
    }
    for (auto& t : waiting) t.join();
    for (std::size_t i = 0; i < players.size(); ++i) {
        ASSERT_TRUE(failures[i].empty()) << i << ": " << failures[i];
        EXPECT_GE(seated_at[i], unlocked) << i << " was seated before the table was recorded";
    }
    EXPECT_EQ(joined[0].code(), joined[1].code()) << "the two who waited together are seated together";
    connection watcher;
    watcher.connect(proxy_url("n3"), "cluster_test");
    EXPECT_NO_THROW(watcher.join(joined[0].code(), "", true)) << "another node finds the table";
}

// `golf bot` makes a table on n1; the Python example, sent to n3, follows it there and plays the match through.
TEST_F(cluster_test, golf_bot_and_the_python_example_find_a_table_on_another_node) {
    child_process host({GOLF_CLI_PATH, "bot", "--url", proxy_url("n1"), "--create", "six-card", "--seats", "2", "--set",
                        "holes=2", "--name", "cpp-bot", "--timeout", "60"});
    ASSERT_TRUE(host.wait_for_output("code: ")) << host.out() << host.err();
    ASSERT_TRUE(host.wait_for_output("\n", 10s));
    std::smatch code;
    const std::string out = host.out();
    ASSERT_TRUE(std::regex_search(out, code, std::regex(R"(code: (\w{6}))"))) << out;
    child_process python({GOLF_PYTHON, GOLF_PYTHON_CLIENT, "--url", proxy_url("n3"), "--join", code[1].str(), "--name",
                          "py", "--seed", "3", "--timeout", "60"},
                         {"PYTHONPATH=" GOLF_PYTHON_PATH});
    EXPECT_EQ(python.wait_exit(120s), 0) << python.out() << python.err();
    EXPECT_EQ(host.wait_exit(60s), 0) << host.out() << host.err();
    EXPECT_NE(python.out().find("the table is played on node n1"), std::string::npos) << python.out();
    EXPECT_NE(python.out().find("winners: "), std::string::npos) << python.out();
}

TEST_F(cluster_test, kill_nine_of_the_node_playing_a_match_moves_it_to_another_node_as_it_was) {
    auto table = table_on(proxy_url("n2"), 3);
    ASSERT_EQ(node_of(*table->seats[0]), "n2");
    const auto since_deal = table->play_into_hole(1, 5);
    table->catch_up();
    std::vector<v1::TableUpdate> before;
    for (auto& c : table->seats) before.push_back(*c->latest());
    // Every move reaches the database within moments (--db-move-delay-ms, 20 by default); wait until it has.
    const std::string expected = golf::encode_action_log(since_deal);
    ASSERT_TRUE(
        within(10s, [&] { return db_->run("SELECT convert_from(actions, 'UTF8') FROM hands_in_play") == expected; }));
    kill_and_play_on(*table, before);
}

// --durability moves: killed the moment its last answer arrived (no waiting for the database), the node has lost
// no move it acknowledged.
TEST_F(durable_moves_cluster_test, kill_nine_right_after_an_answer_loses_no_acknowledged_move) {
    auto table = table_on(proxy_url("n3"), 3);
    ASSERT_EQ(node_of(*table->seats[0]), "n3");
    table->play_into_hole(1, 6);
    table->catch_up();
    std::vector<v1::TableUpdate> before;
    for (auto& c : table->seats) before.push_back(*c->latest());
    kill_and_play_on(*table, before);
}

// The leak oracle across nodes: matches with powers, peeks and out-of-turn claims, each moved mid-hand to another
// node (its node killed; the moves were durable), every frame from both nodes checked against a replay.
TEST_F(durable_moves_cluster_test, a_table_that_moved_to_another_node_keeps_every_secret) {
    namespace leak = golf::testing::leak;
    leak::problems found;
    std::int64_t hands = 0;
    std::uint64_t seed = 70;
    for (const char* preset : {"six-card", "cambio", "cactus", "powers"}) {
        std::optional<std::size_t> killed;
        leak::table_plan plan;
        plan.preset = preset;
        plan.players = 3;
        plan.holes = 2;
        plan.seed = ++seed;
        plan.move_after = 5 + seed % 7;
        plan.move_table = [&](const std::string& node) {
            killed = index_of(node);
            nodes_[*killed]->stop(SIGKILL);
        };
        hands += leak::play_and_check(proxy_url(), plan, found).hands;
        EXPECT_TRUE(killed.has_value()) << preset << ": the table never moved";
        if (killed) start_node(*killed);
        ASSERT_TRUE(within(10s, [&] { return every_node_up(); }));
    }
    EXPECT_TRUE(found.empty()) << found.text();
    EXPECT_EQ(hands, 8);
}

TEST_F(cluster_test, a_paused_node_steps_down_and_never_plays_the_table_it_lost) {
    auto table = table_on(proxy_url("n1"), 3);
    const std::string expected = golf::encode_action_log(table->play_into_hole(0, 4));
    table->catch_up();
    // As with kill -9: the moves reach the database within moments (--db-move-delay-ms); pause once they have.
    ASSERT_TRUE(
        within(10s, [&] { return db_->run("SELECT convert_from(actions, 'UTF8') FROM hands_in_play") == expected; }));
    auto& paused = *nodes_[index_of("n1")];
    paused.signal(SIGSTOP);
    table->seats.clear();
    std::vector<std::unique_ptr<connection>> seats;
    for (const auto& token : table->tokens) seats.push_back(reclaim_through_proxy(token));
    ASSERT_TRUE(seats[0] && seats[1]);
    const std::string new_owner = node_of(*seats[0]);
    EXPECT_NE(new_owner, "n1");
    std::vector<connection*> players{seats[0].get(), seats[1].get()};
    for (auto* c : players) c->wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });
    ASSERT_TRUE(server::e2e::step(players, table->rules, *table->bot, table->random));

    paused.signal(SIGCONT);
    EXPECT_TRUE(within(10s, [&] { return paused.log().find("steps down") != std::string::npos; })) << paused.log();
    // Asked for by name (once the proxy sees it up again), the woken node sends the seat on to the table's one
    // owner.
    std::unique_ptr<connection> follower;
    ASSERT_TRUE(within(10s, [&] {
        follower = std::make_unique<connection>();
        follower->connect(proxy_url("n1"), "cluster_test", 2s);
        return node_of(*follower) == "n1";
    }));
    seats[1].reset();
    follower->reclaim(table->tokens[1]);
    EXPECT_EQ(node_of(*follower), new_owner);
    EXPECT_EQ(db_->run("SELECT owner_node FROM tables WHERE code = '" + table->code + "'"), new_owner);
}

TEST_F(cluster_test, a_restart_of_every_node_restores_every_unfinished_match_exactly_once) {
    auto first = table_on(proxy_url("n1"), 3);
    auto second = table_on(proxy_url("n3"), 3);
    first->play_into_hole(0, 3);
    second->play_into_hole(0, 2);
    first->seats.clear();
    second->seats.clear();
    // Every node stops at once (each hands its tables over as it goes), then every node starts again.
    for (auto& n : nodes_) n->signal(SIGTERM);
    for (auto& n : nodes_) EXPECT_EQ(n->wait(), 0);
    for (std::size_t i = 0; i < nodes_.size(); ++i) start_node(i);
    // Each match is restored by exactly one node: as it starts, or by its loop a moment later (both log it so).
    const std::regex taken("took over \\d+ tables and restored (\\d+)");
    const auto restored = [&] {
        int count = 0;
        for (auto& n : nodes_) {
            const std::string log = n->log();
            for (std::sregex_iterator m(log.begin(), log.end(), taken), end; m != end; ++m) count += std::stoi((*m)[1]);
        }
        return count;
    };
    EXPECT_TRUE(within(10s, [&] { return restored() >= 2; }));
    std::this_thread::sleep_for(1s);  // a few more rounds: nothing is restored twice
    EXPECT_EQ(restored(), 2);
    for (auto* t : {first.get(), second.get()}) {
        auto c = reclaim_through_proxy(t->tokens[0]);
        ASSERT_TRUE(c);
        EXPECT_EQ(c->joined()->code(), t->code);
    }
    // The history through any node lists both nodes' matches: it is read from the one database.
    for (const std::string node : {"n1", "n2", "n3"}) {
        const auto listed = server::testing::http_request(proxy_port_, "/api/matches?node=" + node).body();
        EXPECT_NE(listed.find(first->code), std::string::npos) << node << ": " << listed;
        EXPECT_NE(listed.find(second->code), std::string::npos) << node << ": " << listed;
    }
}

TEST_F(cluster_test, a_tournament_goes_on_when_the_node_directing_it_is_killed_mid_round) {
    // The cluster's seats wait 120 s for their people: the round stays in play until each entrant comes and goes.
    const std::string password = "a long enough password";
    std::vector<std::unique_ptr<connection>> people;
    for (const char* name : {"Ann", "Bob", "Cat", "Dan"}) {
        people.push_back(std::make_unique<connection>());
        people.back()->connect(proxy_url("n2"), "cluster_test");
        people.back()->register_account(name, password);
    }
    v1::ClientMessage create;
    auto& settings = *create.mutable_create_tournament()->mutable_settings();
    settings.set_name("Failover cup");
    settings.set_preset("four-card");
    settings.mutable_house_rules()->set_holes(1);
    settings.set_seats(2);
    settings.set_rounds(2);
    const std::int64_t id = people[0]->expect_success(create).tournament().tournament().id();
    for (auto& p : people) {
        v1::ClientMessage join;
        join.mutable_join_tournament()->set_id(id);
        p->expect_success(join);
    }
    v1::ClientMessage start;
    start.mutable_manage_tournament()->set_id(id);
    start.mutable_manage_tournament()->set_command(v1::TOURNAMENT_COMMAND_START);
    people[0]->expect_success(start);
    const auto read = [&](std::size_t who) {
        v1::ClientMessage m;
        m.mutable_get_tournament()->set_id(id);
        return people[who]->expect_success(m).tournament().tournament();
    };
    ASSERT_TRUE(within(10s, [&] { return read(0).rounds_size() == 1; })) << logs();
    // Ann takes her seat: her connection follows the table to the node playing it, which directs the tournament.
    const std::string code = read(0).your_table();
    people[0]->join(code, "");
    // Killed once the table's match is written, as it is within moments: the table is taken over, not lost.
    ASSERT_TRUE(within(10s, [&] {
        return db_->run("SELECT count(*) FROM matches WHERE table_code = '" + code + "'") == "1";
    })) << logs();
    const std::string director = node_of(*people[0]);
    nodes_[index_of(director)]->stop(SIGKILL);

    // Each entrant, through the proxy, takes their seat (on whichever node took the table over) and leaves it to a
    // bot; the next round is seated by a node still alive, and the tournament finishes.
    const auto sit_and_leave = [&](int round) {
        for (std::size_t who = 0; who < people.size(); ++who) {
            const bool seated = within(30s, [&] {
                try {
                    people[who] = std::make_unique<connection>();
                    people[who]->connect(proxy_url(), "cluster_test", 2s);
                    people[who]->sign_in(std::array{"Ann", "Bob", "Cat", "Dan"}[who], password, 3s);
                    const auto t = read(who);
                    if (t.rounds_size() != round || t.your_table().empty()) return false;
                    people[who]->join(t.your_table(), "", false, 3s);
                    v1::ClientMessage leave;
                    leave.mutable_leave_table();
                    people[who]->expect_success(leave, 3s);
                    return true;
                } catch (const client::error&) {
                    return false;
                }
            });
            ASSERT_TRUE(seated) << "entrant " << who << " in round " << round << "\n" << logs();
        }
    };
    sit_and_leave(1);
    ASSERT_TRUE(within(30s, [&] { return read(1).rounds_size() == 2; })) << logs();
    sit_and_leave(2);
    ASSERT_TRUE(within(30s, [&] { return read(1).state() == v1::TOURNAMENT_STATE_FINISHED; })) << logs();
    const auto done = read(1);
    for (const auto& round : done.rounds())
        for (const auto& table : round.tables()) {
            EXPECT_TRUE(table.finished());
            EXPECT_GT(table.match_id(), 0);
        }
    EXPECT_EQ(done.rounds(0).tables(0).code() == code || done.rounds(0).tables(1).code() == code, true)
        << "round 1 finished at the tables it was seated at";
}

}  // namespace
}  // namespace golf::cluster_tests
