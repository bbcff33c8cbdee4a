// Several nodes on one PostgreSQL database (node_directory.hpp), as stores with node names on the tests' own
// server: a table belongs to the node that recorded it; another node takes it over only once the owner stops
// heartbeating (or releases it), exactly one node wins each table, and the fence refuses the old owner's writes.
#include <atomic>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "tests/persistence/sample_records.hpp"
#include "tests/support/pg_database.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
using namespace test_support;

constexpr auto dead_after = 1s;  // a node whose heartbeat is older than this is gone

class pg_nodes_test : public ::testing::Test {
protected:
    void SetUp() override {
        if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
        db_ = std::make_unique<golf::testing::pg_database>();
    }
    std::unique_ptr<pg_store> node(const std::string& name) const { return std::make_unique<pg_store>(options(name)); }
    pg_options options(const std::string& name) const {
        pg_options o;
        o.url = db_->url();
        o.node = name;
        o.node_timeout = dead_after;
        return o;
    }
    // A connection holding `code`'s row locked as a node's write does (its fence), in a transaction left open.
    std::unique_ptr<detail::pg_connection> holding(const std::string& code, const std::string& session = {}) const {
        auto c = std::make_unique<detail::pg_connection>(db_->url(), 5s, session);
        c->exec(("BEGIN; SELECT 1 FROM tables WHERE code = '" + code + "' FOR SHARE").c_str());
        return c;
    }
    // A table with an unfinished match, recorded by `store`.
    static match_id table_in_play(pg_store& store, const std::string& code) {
        auto t = bare_table(1'700'000'000, 2);
        t.code = code;
        store.record_table(t);
        auto m = two_player_match();
        m.table_code = code;
        const auto id = store.start_match(m);
        EXPECT_TRUE(store.flush(flush_limit));
        return id;
    }

    std::unique_ptr<golf::testing::pg_database> db_;
};

TEST_F(pg_nodes_test, a_table_is_taken_over_only_once_its_owner_stops_heartbeating) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    const auto owner = b->nodes()->owner_of_table("TABLE1", dead_after);
    ASSERT_TRUE(owner.has_value());
    EXPECT_EQ(owner->name, "a");
    EXPECT_TRUE(owner->live);
    EXPECT_TRUE(b->nodes()->claim_orphans(dead_after, 10).empty());
    EXPECT_FALSE(b->nodes()->claim_orphan("TABLE1", dead_after));

    // a keeps heartbeating for a while: still its table.
    for (int i = 0; i < 4; ++i) {
        std::this_thread::sleep_for(dead_after / 4);
        ASSERT_TRUE(a->nodes()->heartbeat(1, false));
    }
    EXPECT_TRUE(b->nodes()->claim_orphans(dead_after, 10).empty());

    // a stops answering.
    std::this_thread::sleep_for(dead_after + 300ms);
    ASSERT_TRUE(b->nodes()->heartbeat(0, false));
    EXPECT_FALSE(b->nodes()->owner_of_table("TABLE1", dead_after)->live);
    EXPECT_EQ(b->nodes()->claim_orphans(dead_after, 10), std::vector<std::string>{"TABLE1"});
    EXPECT_EQ(b->nodes()->owner_of_table("TABLE1", dead_after)->name, "b");
    EXPECT_TRUE(b->nodes()->claim_orphans(dead_after, 10).empty());  // once
}

TEST_F(pg_nodes_test, the_old_owner_cannot_write_to_a_table_taken_over_and_the_new_one_can) {
    auto a = node("a");
    auto b = node("b");
    const auto id = table_in_play(*a, "TABLE1");
    a->record_hole(hole(id, 1));
    ASSERT_TRUE(a->flush(flush_limit));
    std::this_thread::sleep_for(dead_after + 300ms);  // a is paused
    ASSERT_EQ(b->nodes()->claim_orphans(dead_after, 10).size(), 1u);

    // a wakes up and writes on as if nothing happened: refused, counted, nothing changed.
    a->record_hole(hole(id, 2));
    a->record_hand_progress(progress(id, 3, 4));
    ASSERT_TRUE(a->flush(flush_limit));
    EXPECT_EQ(a->health().dropped, 2u);
    EXPECT_TRUE(a->health().ok) << "a refusal is an answer: the woken node's /healthz must not stay 503";
    EXPECT_EQ(b->match(id)->holes.size(), 1u);
    EXPECT_FALSE(b->match(id)->in_play.has_value());
    // Nor can it take the table back by recording it again.
    auto again = bare_table(1'700'000'001, 2);
    again.code = "TABLE1";
    a->record_table(again);
    ASSERT_TRUE(a->flush(flush_limit));
    EXPECT_EQ(a->health().dropped, 3u);
    EXPECT_EQ(b->nodes()->owner_of_table("TABLE1", dead_after)->name, "b");

    b->record_hole(hole(id, 2));
    ASSERT_TRUE(b->flush(flush_limit));
    EXPECT_EQ(b->health().dropped, 0u);
    EXPECT_EQ(b->match(id)->holes.size(), 2u);
}

// A node whose heartbeats stalled (the database away, its process paused) past the timeout, and whose table was
// taken over meanwhile, must not live on as the same incarnation when a late heartbeat arrives: its lease would be
// renewed and it would play the table beside its new owner.
TEST_F(pg_nodes_test, an_incarnation_whose_table_was_taken_over_never_heartbeats_again) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    std::this_thread::sleep_for(dead_after + 300ms);  // a's heartbeats stall
    ASSERT_TRUE(b->nodes()->heartbeat(0, false));
    ASSERT_EQ(b->nodes()->claim_orphans(dead_after, 10).size(), 1u);
    EXPECT_FALSE(a->nodes()->heartbeat(1, false)) << "a late heartbeat renewed a node whose table was taken over";
    EXPECT_FALSE(a->nodes()->claim_orphan("TABLE1", 60s)) << "nor may it take the table back";
    EXPECT_EQ(b->nodes()->owner_of_table("TABLE1", dead_after)->name, "b");
    a->nodes()->rejoin();  // what the node does next: a new incarnation, alive again, owning nothing
    EXPECT_TRUE(a->nodes()->heartbeat(0, false));
    EXPECT_TRUE(b->nodes()->heartbeat(0, false));
    EXPECT_TRUE(b->nodes()->owner_of_table("TABLE1", dead_after)->live);
}

// A heartbeat sent just before the owner's time runs out, still uncommitted when another node's claim reads the
// older one: either the claim sees it and takes nothing, or the heartbeat is refused. Never both succeed, or the
// owner's lease (from the heartbeat's sending) would run on past the claim.
TEST_F(pg_nodes_test, a_heartbeat_in_flight_during_a_claim_never_leaves_two_owners) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    ASSERT_TRUE(a->nodes()->heartbeat(1, false));
    std::this_thread::sleep_for(dead_after - 100ms);
    // A's next heartbeat, held up in the database by a lock on its row (as a slow disk or a busy server would).
    detail::pg_connection locker(db_->url(), 5s, "");
    locker.exec("BEGIN; SELECT 1 FROM nodes WHERE name = 'a' FOR UPDATE");
    bool beat = false;
    std::thread heartbeat([&] {
        try {
            beat = a->nodes()->heartbeat(1, false);
        } catch (const store_error& e) {
            ADD_FAILURE() << "the heartbeat failed: " << e.what();
        }
    });
    // Only this test's database: the cluster is shared with tests running beside this one.
    const auto waiting = [&] {
        return std::stoi(
            db_->run("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
                     "wait_event_type = 'Lock'"));
    };
    for (int i = 0; i < 200 && waiting() < 1; ++i) std::this_thread::sleep_for(5ms);
    EXPECT_EQ(waiting(), 1);
    std::this_thread::sleep_for(200ms);  // a's last committed heartbeat is older than the timeout now
    bool claimed = false;
    std::atomic<bool> claim_done = false;
    std::thread claim([&] {
        try {
            claimed = b->nodes()->claim_orphans(dead_after, 10).size() == 1;
        } catch (const store_error& e) {
            ADD_FAILURE() << "the claim failed: " << e.what();
        }
        claim_done = true;
    });
    // The claim either ends at once (it never looked at a's row) or waits for the lock beside the heartbeat.
    for (int i = 0; i < 100 && !claim_done && waiting() < 2; ++i) std::this_thread::sleep_for(2ms);
    locker.exec("ROLLBACK");
    heartbeat.join();
    claim.join();
    EXPECT_FALSE(beat && claimed) << "a's heartbeat was taken and its table claimed on the strength of the older one";
    EXPECT_TRUE(beat || claimed);
}

// A node paused in the middle of a write keeps its transaction, and the locks of its fence, open: the database ends
// it after half the node timeout, so the table is taken over on time instead of when the node wakes.
TEST_F(pg_nodes_test, a_transaction_a_paused_node_left_open_does_not_hold_up_the_take_over) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    const auto paused_mid_write = holding("TABLE1", pg_node_session(options("a")));
    std::this_thread::sleep_for(dead_after + 300ms);
    ASSERT_TRUE(b->nodes()->heartbeat(0, false));
    EXPECT_EQ(b->nodes()->claim_orphans(dead_after, 10), std::vector<std::string>{"TABLE1"});
    EXPECT_THROW(paused_mid_write->exec("COMMIT"), detail::pg_failure) << "the server ended the open transaction";
}

// A lookup that claims a table whose row is locked gives up after half the timeout rather than wait, and the
// heartbeat, on a connection of its own, never waits behind it: a late heartbeat would let a third node take this
// node's tables while it plays them.
TEST_F(pg_nodes_test, a_claim_waiting_on_a_lock_neither_hangs_nor_holds_up_the_heartbeat) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    std::this_thread::sleep_for(dead_after + 300ms);  // a is gone
    const auto locked = holding("TABLE1");            // by someone who does not let go for 3 s
    std::thread release([&] {
        std::this_thread::sleep_for(3s);
        locked->exec("ROLLBACK");
    });
    const auto started = std::chrono::steady_clock::now();
    std::chrono::steady_clock::duration claim_took{};
    std::thread claim([&] {
        EXPECT_THROW(b->nodes()->claim_orphan("TABLE1", dead_after), store_error);
        claim_took = std::chrono::steady_clock::now() - started;
    });
    std::this_thread::sleep_for(100ms);
    for (int i = 0; i < 3; ++i) {
        const auto sent = std::chrono::steady_clock::now();
        EXPECT_TRUE(b->nodes()->heartbeat(0, false));
        EXPECT_LT(std::chrono::steady_clock::now() - sent, 300ms) << "the heartbeat waited behind the claim";
        std::this_thread::sleep_for(100ms);
    }
    claim.join();
    EXPECT_LT(claim_took, 2s) << "the claim waited for the lock";
    release.join();
    EXPECT_TRUE(b->nodes()->claim_orphan("TABLE1", dead_after)) << "once the lock is gone, the claim succeeds";
}

TEST_F(pg_nodes_test, nodes_claiming_together_take_each_orphan_exactly_once) {
    {
        auto gone = node("gone");
        for (int i = 0; i < 30; ++i) table_in_play(*gone, "T" + std::to_string(100 + i));
        gone->nodes()->rejoin();  // its tables are orphans now, whatever the clock says
    }
    auto a = node("a");
    auto b = node("b");
    std::vector<std::string> by_a, by_b;
    std::thread other([&] {
        for (int round = 0; round < 10; ++round) {
            for (auto& code : b->nodes()->claim_orphans(60s, 4)) by_b.push_back(code);
        }
    });
    for (int round = 0; round < 10; ++round) {
        for (auto& code : a->nodes()->claim_orphans(60s, 4)) by_a.push_back(code);
    }
    other.join();
    std::set<std::string> all(by_a.begin(), by_a.end());
    for (const auto& code : by_b) EXPECT_TRUE(all.insert(code).second) << code << " was taken twice";
    EXPECT_EQ(all.size(), 30u);
}

TEST_F(pg_nodes_test, a_node_that_joins_again_leaves_its_old_tables_to_be_taken_over) {
    auto a = node("a");
    table_in_play(*a, "TABLE1");
    const auto first = a->nodes()->incarnation();
    a->nodes()->rejoin();
    EXPECT_GT(a->nodes()->incarnation(), first);
    EXPECT_FALSE(a->nodes()->owner_of_table("TABLE1", 60s)->live);  // the old incarnation is gone
    EXPECT_TRUE(a->nodes()->claim_orphan("TABLE1", 60s));           // so anyone, itself included, may take it
    EXPECT_TRUE(a->nodes()->owner_of_table("TABLE1", 60s)->live);
}

// A claim sent by an incarnation a newer one of the same name has replaced (its process stepped down and joined
// again while the claim was on its way, or a second process took the name) takes nothing: a table it took would
// be played by no live incarnation, and another node could claim it at once.
TEST_F(pg_nodes_test, an_incarnation_that_was_replaced_claims_nothing) {
    auto a = node("a");
    table_in_play(*a, "TABLE1");
    table_in_play(*a, "TABLE2");
    a->nodes()->release_tables();  // both orphans now
    auto again = node("a");        // a newer incarnation of a
    ASSERT_GT(again->nodes()->incarnation(), a->nodes()->incarnation());
    EXPECT_TRUE(a->nodes()->claim_orphans(60s, 10).empty());
    EXPECT_FALSE(a->nodes()->claim_orphan("TABLE1", 60s));
    EXPECT_EQ(again->nodes()->claim_orphans(60s, 10), (std::vector<std::string>{"TABLE1", "TABLE2"}));
}

TEST_F(pg_nodes_test, a_released_table_is_taken_over_at_once_while_its_node_lives_on) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    a->nodes()->release_tables();
    EXPECT_TRUE(a->nodes()->heartbeat(0, true));
    EXPECT_EQ(b->nodes()->claim_orphans(60s, 10), std::vector<std::string>{"TABLE1"});
    const auto nodes = b->nodes()->nodes(60s);
    ASSERT_EQ(nodes.size(), 2u);
    EXPECT_EQ(nodes[0].name, "a");
    EXPECT_TRUE(nodes[0].draining);
    EXPECT_TRUE(nodes[1].live);
}

TEST_F(pg_nodes_test, a_seat_token_finds_the_table_of_its_unfinished_match) {
    auto a = node("a");
    const auto id = table_in_play(*a, "TABLE1");
    EXPECT_EQ(a->nodes()->table_of_token("hash-bob"), "TABLE1");
    EXPECT_EQ(a->nodes()->table_of_token("hash-nobody"), std::nullopt);
    a->finish_match({id, 1'700'000'100, 0, {1, 2}});
    ASSERT_TRUE(a->flush(flush_limit));
    EXPECT_EQ(a->nodes()->table_of_token("hash-bob"), std::nullopt);
}

TEST_F(pg_nodes_test, a_store_without_a_node_name_is_the_only_node) {
    pg_options o;
    o.url = db_->url();
    pg_store single(o);
    EXPECT_EQ(single.nodes(), nullptr);
}

// The lobby across nodes: a node lists only tables it owns, the others read the lines of live nodes that are not
// draining, and a node's feed hears of another node's change at once (not of its own).
TEST_F(pg_nodes_test, a_node_lists_its_own_tables_and_the_others_read_them_while_it_lives) {
    auto a = node("a");
    auto b = node("b");
    table_in_play(*a, "TABLE1");
    table_in_play(*b, "TABLE2");
    auto feed_of_b = b->nodes()->open_lobby_feed();
    EXPECT_TRUE(feed_of_b->wait(0ms, -1));  // it has just started listening: whatever is there is new to it
    a->nodes()->write_lobby({{"TABLE1", {}, "line one"}, {"TABLE2", {}, "not a's table"}}, {});
    EXPECT_TRUE(feed_of_b->wait(5000ms, -1));
    // a beats again: a slow start (b's migrations on a loaded machine) must not have aged it out already.
    ASSERT_TRUE(a->nodes()->heartbeat(1, false));
    const auto seen = b->nodes()->read_lobby(dead_after);
    ASSERT_EQ(seen.size(), 1u);  // TABLE2 is b's: a's line for it was skipped
    EXPECT_EQ(seen[0].code, "TABLE1");
    EXPECT_EQ(seen[0].node, "a");
    EXPECT_EQ(seen[0].line, "line one");
    EXPECT_TRUE(a->nodes()->read_lobby(dead_after).empty());  // a's own lines are not "the others'"

    b->nodes()->write_lobby({{"TABLE2", {}, "b's line"}}, {});
    EXPECT_FALSE(feed_of_b->wait(300ms, -1));  // its own change
    a->nodes()->write_lobby({}, {"TABLE1"});
    EXPECT_TRUE(feed_of_b->wait(5000ms, -1));
    EXPECT_TRUE(b->nodes()->read_lobby(dead_after).empty());

    a->nodes()->write_lobby({{"TABLE1", {}, "again"}}, {});
    ASSERT_TRUE(a->nodes()->heartbeat(1, false));
    ASSERT_EQ(b->nodes()->read_lobby(dead_after).size(), 1u);
    ASSERT_TRUE(a->nodes()->heartbeat(1, true));  // draining: its lines are not shown
    EXPECT_TRUE(b->nodes()->read_lobby(dead_after).empty());
    ASSERT_TRUE(a->nodes()->heartbeat(1, false));
    ASSERT_EQ(b->nodes()->read_lobby(dead_after).size(), 1u);
    std::this_thread::sleep_for(dead_after + 300ms);  // a stops heartbeating: its lines go with it
    EXPECT_TRUE(b->nodes()->read_lobby(dead_after).empty());
    a->nodes()->rejoin();  // a new incarnation lists its tables anew
    EXPECT_EQ(db_->run("SELECT count(*) FROM lobby WHERE node = 'a'"), "0");
}

}  // namespace
}  // namespace golf::persistence
