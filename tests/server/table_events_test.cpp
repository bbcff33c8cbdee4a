// What a table tells its players beyond the views: the structured events of every move, cut for each
// receiver (a card only its actor saw reaches nobody else), the hole's log resent whole to whoever comes back, the
// memory rule (a peeked card shown once), the table's recent chat for newcomers, the wait for NextHole between
// holes, and a clock that runs out told by name. Real sockets on 127.0.0.1, real clients.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "tests/server/e2e_support.hpp"

namespace table_events_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::two_players;
namespace v1 = golf::v1;

// Every TableEvent a connection receives, in order, from here on.
struct event_tape {
    std::vector<v1::TableEvent> events;
    std::vector<bool> from_start;  // per update: events_from_start
    explicit event_tape(connection& c) {
        c.set_observer([this](const v1::ServerMessage& m) {
            if (!m.has_table_update()) return;
            from_start.push_back(m.table_update().events_from_start());
            for (const auto& e : m.table_update().events()) events.push_back(e);
        });
    }
};

// Ann creates a two-seat six-card table (as `edit` changes it) and Bob joins it.
v1::TableJoined ann_and_bob(running_server& server, connection& ann, connection& bob,
                            const std::function<void(v1::CreateTable&)>& edit) {
    ann.connect(server.url(), "table_events_test");
    bob.connect(server.url(), "table_events_test");
    v1::CreateTable create;
    create.set_player_name("Ann");
    create.set_preset("six-card");
    create.set_seats(2);
    edit(create);
    const auto created = ann.create_table(create);
    bob.join(created.code(), "Bob");
    ann.wait_until(golf::server::e2e::everyone_seated);
    return created;
}

bool between(const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_BETWEEN_HOLES; }

// Ann and Bob play until both see the first hole over.
void play_the_first_hole(connection& ann, connection& bob, const v1::TableJoined& created) {
    const auto rules = golf::wire::to_ruleset(created.rules()).value();
    auto brain = golf::make_bot("heuristic");
    golf::random_source random(5);
    for (int m = 0; m < 2000; ++m) {
        drain(ann);
        drain(bob);
        if (ann.latest() && between(*ann.latest()) && bob.latest() && between(*bob.latest())) return;
        golf::server::e2e::step({&ann, &bob}, rules, *brain, random, 200ms);
    }
    ADD_FAILURE() << "the first hole did not end";
}

// The index of every event of `hole` a receiver kept, once each: the log is gap-free and in order.
std::vector<std::uint32_t> indices(const std::vector<v1::TableEvent>& events, std::uint32_t hole) {
    std::vector<std::uint32_t> out;
    for (const auto& e : events)
        if (e.hole() == hole && std::find(out.begin(), out.end(), e.index()) == out.end()) out.push_back(e.index());
    return out;
}

TEST(table_events, every_move_is_an_event_and_a_card_drawn_from_the_stock_reaches_only_its_drawer) {
    running_server server;
    two_players table(server.url(), "six-card", 1);
    event_tape ann(*table.seats[0]);
    event_tape bob(*table.seats[1]);
    // At least 12 moves and one draw from the stock (the deal is random: a hole may open on discards taken).
    bool drew = false;
    for (int m = 0; m < 60 && (m < 12 || !drew); ++m)
        drew = table.move().act.kind == golf::action_kind::draw_stock || drew;
    ASSERT_TRUE(drew) << "60 moves without a draw from the stock";
    table.catch_up();
    ASSERT_FALSE(ann.events.empty());
    int draws = 0;
    for (const auto* tape : {&ann, &bob}) {
        const int me = tape == &ann ? 0 : 1;
        for (const auto& e : tape->events) {
            if (e.kind() == v1::EVENT_KIND_DREW_STOCK) {
                ++draws;
                EXPECT_EQ(e.has_card(), e.seat() == me) << e.DebugString();
                EXPECT_EQ(e.private_card(), e.seat() == me);
            }
            if (e.kind() == v1::EVENT_KIND_FLIPPED || e.kind() == v1::EVENT_KIND_DISCARDED) {
                EXPECT_TRUE(e.has_card()) << "a card turned up or thrown away is public: " << e.DebugString();
                EXPECT_FALSE(e.private_card());
            }
        }
        const auto seen = indices(tape->events, 1);
        for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i) << "the log has a gap or a repeat";
    }
    EXPECT_GT(draws, 0);
    EXPECT_EQ(ann.events.front().kind(), v1::EVENT_KIND_HOLE_DEALT);
    EXPECT_EQ(indices(ann.events, 1).size(), indices(bob.events, 1).size()) << "both were told every change";
}

TEST(table_events, a_seat_taken_back_gets_the_whole_log_of_the_hole) {
    running_server server(30s);
    two_players table(server.url(), "six-card", 1);
    event_tape ann(*table.seats[0]);
    for (int m = 0; m < 12; ++m) table.move();
    table.catch_up();
    const std::string token = table.seats[1]->token();
    table.seats[1]->abort();

    connection back;
    back.connect(server.url(), "table_events_test");
    event_tape again(back);
    back.reclaim(token);
    back.wait_until([](const v1::TableUpdate& u) { return u.events_from_start() && u.events_size() > 0; });
    drain(*table.seats[0]);
    ASSERT_FALSE(again.from_start.empty());
    EXPECT_TRUE(again.from_start.front()) << "the first update after a reclaim starts the log over";
    // The same log as Ann's, from its first event, with Bob's own cards and none of Ann's draws.
    const auto log = indices(again.events, 1);
    ASSERT_GE(log.size(), 13u);
    EXPECT_EQ(log.front(), 0u);
    std::map<std::uint32_t, v1::EventKind> anns;
    for (const auto& e : ann.events) anns[e.index()] = e.kind();
    for (const auto& e : again.events) {
        if (anns.contains(e.index())) {
            EXPECT_EQ(e.kind(), anns[e.index()]) << e.DebugString();
        }
        if (e.kind() == v1::EVENT_KIND_DREW_STOCK) {
            EXPECT_EQ(e.has_card(), e.seat() == 1);
        }
    }
}

// Cambio is a memory game (peeks_shown_once): a peeked card is in the peeker's view once, then never again.
TEST(table_events, under_the_memory_rule_a_peeked_card_is_shown_once) {
    running_server server(30s);
    two_players table(server.url(), "cambio", 1);
    ASSERT_TRUE(table.rules.peeks_shown_once) << "Cambio's sources make memory part of the game";
    auto& ann = *table.seats[0];
    ann.wait_until([](const v1::TableUpdate& u) { return u.has_hand() && !u.hand().legal().empty(); });
    const v1::Action peek = ann.latest()->hand().legal(0);
    ASSERT_EQ(peek.kind(), v1::ACTION_KIND_PEEK);
    ASSERT_FALSE(ann.act(*golf::wire::from_proto(peek)).has_error());
    const v1::TableUpdate shown = ann.wait_until([&](const v1::TableUpdate& u) {
        return std::any_of(u.events().begin(), u.events().end(),
                           [](const v1::TableEvent& e) { return e.kind() == v1::EVENT_KIND_PEEKED; });
    });
    const auto& position = shown.hand().seats(0).positions(static_cast<int>(peek.position()));
    ASSERT_TRUE(position.has_card()) << "the update of the peek shows the card";
    const v1::Card card = position.card();
    const auto event = *std::find_if(shown.events().begin(), shown.events().end(),
                                     [](const v1::TableEvent& e) { return e.kind() == v1::EVENT_KIND_PEEKED; });
    EXPECT_TRUE(event.private_card());
    EXPECT_EQ(event.card().rank(), card.rank());

    // Bob's peek is the next change: Ann's view no longer holds her card.
    auto& bob = *table.seats[1];
    bob.wait_until([&](const v1::TableUpdate& u) { return u.hand_version() >= shown.hand_version(); });
    ASSERT_FALSE(bob.act(*golf::wire::from_proto(bob.latest()->hand().legal(0))).has_error());
    const v1::TableUpdate later =
        ann.wait_until([&](const v1::TableUpdate& u) { return u.hand_version() > shown.hand_version(); });
    EXPECT_FALSE(later.hand().seats(0).positions(static_cast<int>(peek.position())).has_card())
        << "a memory game shows a peeked card once";
    EXPECT_EQ(later.hand().seats(0).positions(static_cast<int>(peek.position())).known_by_size(), 1)
        << "who looked where stays public";

    // Coming back does not show it again: the resent log leaves the card out.
    const std::string token = ann.token();
    ann.abort();
    connection back;
    back.connect(server.url(), "table_events_test");
    back.reclaim(token);
    const v1::TableUpdate first = back.wait_until([](const v1::TableUpdate& u) { return u.events_from_start(); });
    for (const auto& e : first.events()) EXPECT_FALSE(e.has_card() && e.private_card()) << e.DebugString();
    EXPECT_FALSE(first.hand().seats(0).positions(static_cast<int>(peek.position())).has_card());
}

TEST(table_chat, recent_lines_reach_whoever_joins_or_comes_back) {
    running_server server(30s);
    connection ann;
    ann.connect(server.url(), "table_events_test");
    const auto created = ann.create_table("Ann", "six-card", 3);
    v1::ClientMessage say;
    say.mutable_send_chat()->set_text("hello, table");
    ASSERT_TRUE(ann.request(say).has_ok());

    connection bob;
    bob.connect(server.url(), "table_events_test");
    std::vector<v1::ChatLine> heard;
    bob.set_observer([&](const v1::ServerMessage& m) {
        if (m.has_chat()) heard.push_back(m.chat());
    });
    bob.join(created.code(), "Bob");
    bob.wait_until([](const v1::TableUpdate&) { return true; });
    ASSERT_EQ(heard.size(), 1u);
    EXPECT_EQ(heard[0].text(), "hello, table");
    EXPECT_EQ(heard[0].name(), "Ann");
    EXPECT_TRUE(heard[0].earlier());

    // A reconnect hears the same lines again, marked as earlier, and nothing twice.
    const std::string token = bob.token();
    bob.abort();
    connection back;
    back.connect(server.url(), "table_events_test");
    std::vector<v1::ChatLine> again;
    back.set_observer([&](const v1::ServerMessage& m) {
        if (m.has_chat()) again.push_back(m.chat());
    });
    back.reclaim(token);
    back.wait_until([](const v1::TableUpdate&) { return true; });
    ASSERT_EQ(again.size(), 1u);
    EXPECT_TRUE(again[0].earlier());
}

// A quick reaction is a kind, never words: it reaches everyone as a ChatLine with no text, shares chat's limit,
// and only a player in a seat sends one.
TEST(table_chat, a_seated_players_reaction_reaches_everyone_as_a_kind_and_is_refused_otherwise) {
    running_server server(30s);
    connection ann, bob, wat;
    ann.connect(server.url(), "table_events_test");
    const auto created = ann.create_table("Ann", "six-card", 3);
    bob.connect(server.url(), "table_events_test");
    bob.join(created.code(), "Bob");
    wat.connect(server.url(), "table_events_test");
    wat.join(created.code(), "Wat", true);
    std::vector<v1::ChatLine> watched;
    wat.set_observer([&](const v1::ServerMessage& m) {
        if (m.has_chat()) watched.push_back(m.chat());
    });
    const auto react = [](int kind, const std::string& text = "") {
        v1::ClientMessage m;
        m.mutable_send_chat()->set_reaction(static_cast<v1::Reaction>(kind));
        m.mutable_send_chat()->set_text(text);
        return m;
    };
    ASSERT_TRUE(bob.request(react(v1::REACTION_WELL_PLAYED)).has_ok());
    EXPECT_EQ(bob.request(react(v1::REACTION_NICE, "and words")).error().code(), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(bob.request(react(99)).error().code(), v1::ERROR_CODE_BAD_REQUEST) << "no such reaction";
    EXPECT_EQ(wat.request(react(v1::REACTION_WOW)).error().code(), v1::ERROR_CODE_NOT_SEATED);
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(bob.request(react(v1::REACTION_OOPS)).has_ok());
    EXPECT_EQ(bob.request(react(v1::REACTION_OOPS)).error().code(), v1::ERROR_CODE_RATE_LIMITED)
        << "reactions count with chat lines: five in ten seconds";

    for (int i = 0; i < 50 && watched.size() < 5; ++i) wat.next(100ms);
    ASSERT_EQ(watched.size(), 5u) << "only the accepted ones went out";
    EXPECT_EQ(watched[0].reaction(), v1::REACTION_WELL_PLAYED);
    EXPECT_EQ(watched[0].text(), "");
    EXPECT_EQ(watched[0].name(), "Bob");
    EXPECT_EQ(watched[0].seat(), 1);
}

TEST(next_hole, the_next_hole_is_dealt_once_every_player_has_read_the_review) {
    running_server server(30s);
    connection ann, bob;
    const auto created = ann_and_bob(server, ann, bob, [](v1::CreateTable& create) {
        create.set_preset("four-card");
        create.mutable_house_rules()->set_holes(2);
        create.set_between_holes_seconds(600);  // far longer than the test: only NextHole can deal the next hole
    });
    ann.start_match();
    play_the_first_hole(ann, bob, created);
    const v1::TableUpdate wait = ann.wait_until(between);
    ASSERT_TRUE(wait.has_next_hole());
    EXPECT_EQ(wait.next_hole().wait_ms(), 600000u);
    EXPECT_EQ(wait.next_hole().waiting_size(), 2);
    EXPECT_TRUE(wait.hand().has_result()) << "the review of the finished hole";

    v1::ClientMessage next;
    next.mutable_next_hole();
    ASSERT_TRUE(ann.request(next).has_ok());
    ASSERT_TRUE(ann.request(next).has_ok()) << "a second NextHole is harmless";
    const v1::TableUpdate half =
        bob.wait_until([](const v1::TableUpdate& u) { return u.next_hole().ready_size() == 1; });
    EXPECT_EQ(half.state(), v1::TABLE_STATE_BETWEEN_HOLES) << "Bob is still reading";
    ASSERT_EQ(half.next_hole().waiting_size(), 1);
    EXPECT_EQ(half.next_hole().waiting(0), 1u);

    ASSERT_TRUE(bob.request(next).has_ok());
    const v1::TableUpdate dealt = ann.wait_until(
        [](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING && u.hand().hole() == 2; });
    EXPECT_FALSE(dealt.has_next_hole());
    EXPECT_TRUE(dealt.events_from_start()) << "a new hole starts a new log";
    EXPECT_EQ(dealt.events(0).kind(), v1::EVENT_KIND_HOLE_DEALT);
    EXPECT_EQ(bob.request(next).error().code(), v1::ERROR_CODE_BAD_REQUEST) << "nothing is waiting now";
}

TEST(next_hole, when_the_last_reader_leaves_the_others_need_not_wait) {
    running_server server(30s);
    connection ann, bob;
    const auto created = ann_and_bob(server, ann, bob, [](v1::CreateTable& create) {
        create.set_preset("four-card");
        create.mutable_house_rules()->set_holes(2);
        create.set_between_holes_seconds(600);
    });
    ann.start_match();
    play_the_first_hole(ann, bob, created);
    v1::ClientMessage next;
    next.mutable_next_hole();
    ASSERT_TRUE(ann.request(next).has_ok());
    bob.abort();  // Bob is away: nobody connected is still reading
    const v1::TableUpdate dealt = ann.wait_until(
        [](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING && u.hand().hole() == 2; });
    EXPECT_EQ(dealt.hand().hole(), 2u);
}

TEST(next_hole, a_spectator_cannot_deal_the_next_hole) {
    running_server server(30s);
    connection ann, watcher;
    ann.connect(server.url(), "table_events_test");
    watcher.connect(server.url(), "table_events_test");
    const auto created = ann.create_table("Ann", "six-card", 2);
    watcher.join(created.code(), "Wat", true);
    v1::ClientMessage next;
    next.mutable_next_hole();
    EXPECT_EQ(watcher.request(next).error().code(), v1::ERROR_CODE_NOT_SEATED);
    EXPECT_EQ(ann.request(next).error().code(), v1::ERROR_CODE_BAD_REQUEST) << "no hole has been played";
}

// Play now, quick play and `golf play --create` choose no wait: the server's default gives a minute to read the
// review, bots are ready from the start, and the only person's Next hole deals at once.
TEST(next_hole, a_table_without_its_own_wait_gives_a_minute_and_its_only_person_deals_at_once) {
    golf::testing::temp_dir dir;
    golf::server::server_config config = golf::server::testing::test_config(dir);
    config.between_holes = golf::server::server_config{}.between_holes;
    golf::server::testing::running_server server(config);
    connection ann;
    ann.connect("ws://127.0.0.1:" + std::to_string(server.port()) + "/ws", "table_events_test");
    v1::Ruleset house;
    house.set_holes(2);
    const auto created = ann.create_table("Ann", "four-card", 3, house);
    ann.add_bot();
    ann.add_bot();
    ann.start_match();
    const auto rules = golf::wire::to_ruleset(created.rules()).value();
    auto brain = golf::make_bot("heuristic");
    golf::random_source random(7);
    for (int m = 0; m < 2000 && !(ann.latest() && between(*ann.latest())); ++m) {
        drain(ann);
        golf::server::e2e::step({&ann}, rules, *brain, random, 200ms);
    }
    const v1::TableUpdate wait = ann.wait_until(between);
    ASSERT_TRUE(wait.has_next_hole());
    EXPECT_EQ(wait.next_hole().wait_ms(), 60000u);
    EXPECT_EQ(std::vector<std::uint32_t>(wait.next_hole().ready().begin(), wait.next_hole().ready().end()),
              (std::vector<std::uint32_t>{1, 2}))
        << "the bots are ready from the start";
    EXPECT_EQ(std::vector<std::uint32_t>(wait.next_hole().waiting().begin(), wait.next_hole().waiting().end()),
              (std::vector<std::uint32_t>{0}));

    v1::ClientMessage next;
    next.mutable_next_hole();
    ASSERT_TRUE(ann.request(next).has_ok());
    const v1::TableUpdate dealt = ann.wait_until(
        [](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_PLAYING && u.hand().hole() == 2; }, 5s);
    EXPECT_FALSE(dealt.has_next_hole()) << "dealt long before the minute is out";
}

// When the turn clock runs out the server moves for the seat, and everyone is told who it was.
TEST(table_events, a_clock_that_runs_out_is_an_event_and_a_note_naming_the_player) {
    running_server server(30s);
    connection ann, bob;
    ann_and_bob(server, ann, bob, [](v1::CreateTable& create) { create.set_turn_clock_seconds(5); });
    event_tape tape(bob);
    ann.start_match();
    // Nobody moves: after 5 s the server makes both seats' start flips.
    const v1::TableUpdate ran_out = bob.wait_until(
        [](const v1::TableUpdate& u) { return u.note().find("clock ran out") != std::string::npos; }, 15s);
    EXPECT_NE(ran_out.note().find("Ann's clock ran out"), std::string::npos) << ran_out.note();
    const auto clock = std::find_if(tape.events.begin(), tape.events.end(),
                                    [](const v1::TableEvent& e) { return e.kind() == v1::EVENT_KIND_CLOCK_RAN_OUT; });
    ASSERT_NE(clock, tape.events.end());
    EXPECT_TRUE(std::any_of(clock + 1, tape.events.end(), [&](const v1::TableEvent& e) {
        return e.kind() == v1::EVENT_KIND_FLIPPED && e.seat() == clock->seat();
    })) << "the moves made for the seat follow the event";
}

}  // namespace
}  // namespace table_events_tests
