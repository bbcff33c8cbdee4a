// The checker can fail: a real match, played by the harness's own driver on one golf-server (SQLite, no faults),
// passes; each kind of broken history made from it is caught: an acknowledged move missing from the record, a
// recorded move nobody made, a change acknowledged twice, two nodes owning the table, a hidden card shown.
#include <gtest/gtest.h>

#include <thread>

#include "persistence/open_store.hpp"
#include "tests/faults/checker.hpp"
#include "tests/faults/players.hpp"
#include "tests/support/child_process.hpp"

namespace golf::faults {
namespace {

using namespace std::chrono_literals;

// One match of six-card Golf (two holes) with its record, shared by every test here: played once.
struct played {
    match_history history;
    persistence::match_detail record;
};

const played& one_match() {
    static const played p = [] {
        testing::server_process server(GOLF_SERVER_PATH, {.extra = {"--durability", "moves"}});
        players_settings who;
        who.url = server.url();
        who.tables = 1;
        who.think = 0ms;
        played out;
        {
            players people(who);
            for (int i = 0; i < 200 && people.tally().acknowledged == 0; ++i) std::this_thread::sleep_for(50ms);
            people.finish(120s);  // the match under way is played to its end
            auto ended = people.take_ended();
            out.history = std::move(ended.at(0));
        }
        const auto store = persistence::open_store({.db = server.db().string(), .read_only = true});
        out.record = store->match(static_cast<persistence::match_id>(out.history.match_id)).value();
        return out;
    }();
    return p;
}

// A single server names no node: one owner, "", from the start.
const std::vector<owner_change> one_owner{{0, "", 1}};

check_report check(const match_history& h, const persistence::match_detail& record,
                   const std::vector<owner_change>& owners = one_owner) {
    check_report out;
    check_match(h, record, owners, out);
    return out;
}

bool says(const check_report& r, const std::string& words) {
    return r.problems.text().find(words) != std::string::npos;
}

TEST(Checker, APlayedMatchPasses) {
    const played& p = one_match();
    ASSERT_GT(p.history.acks.size(), 20u);
    ASSERT_TRUE(p.history.gave_up.empty()) << p.history.gave_up;
    const check_report r = check(p.history, p.record);
    EXPECT_TRUE(r.problems.empty()) << r.problems.text();
    EXPECT_EQ(r.figures.acknowledged, static_cast<std::int64_t>(p.history.acks.size()));
    EXPECT_EQ(r.figures.replayed, 1);
    EXPECT_EQ(r.oracle.hands, 2);
    EXPECT_GT(r.figures.owner_checks, r.figures.acknowledged);
}

// The last hole cut short in the record, as if the node had acknowledged moves and lost them.
TEST(Checker, CatchesAnAcknowledgedMoveMissingFromTheRecord) {
    const played& p = one_match();
    persistence::match_detail broken = p.record;
    const persistence::hole_record last = broken.holes.back();
    broken.holes.pop_back();
    broken.summary.ended_at.reset();
    broken.summary.final_totals.clear();
    broken.summary.winner_seat.reset();
    std::string actions = last.actions;
    actions.erase(actions.rfind(' '));  // its last move gone
    broken.in_play = persistence::hand_progress{last.match, last.hole, last.seed, last.dealer, actions};
    const check_report r = check(p.history, broken);
    EXPECT_EQ(r.figures.lost, 1) << r.problems.text();
    EXPECT_TRUE(says(r, "an acknowledged move is not in the record where it was made")) << r.problems.text();
    EXPECT_TRUE(says(r, "its record is unfinished")) << r.problems.text();
}

// A move in the record that no client made (here: its acknowledgement forgotten, as if the server had made it).
TEST(Checker, CatchesARecordedMoveNobodyMade) {
    const played& p = one_match();
    match_history broken = p.history;
    broken.acks.erase(broken.acks.begin() + 5);
    const check_report r = check(broken, p.record);
    EXPECT_EQ(r.figures.unexplained, 1) << r.problems.text();
    EXPECT_TRUE(says(r, "is a move no client acknowledged or sent unanswered there")) << r.problems.text();
}

TEST(Checker, CatchesAChangeAcknowledgedTwice) {
    const played& p = one_match();
    match_history broken = p.history;
    broken.acks.insert(broken.acks.begin() + 7, broken.acks[6]);
    const check_report r = check(broken, p.record);
    EXPECT_EQ(r.figures.duplicated, 1) << r.problems.text();
    EXPECT_EQ(r.figures.out_of_order, 1) << r.problems.text();
}

// Halfway through, the owner log says another node took the table: every later move the first node acknowledged,
// and every seat it gave, was given by a node that did not own the table.
TEST(Checker, CatchesTwoOwners) {
    const played& p = one_match();
    const wall_ms halfway = p.history.acks[p.history.acks.size() / 2].sent;
    const check_report r = check(p.history, p.record, {{0, "", 1}, {halfway, "n2", 7}});
    EXPECT_GE(r.figures.two_owners, static_cast<std::int64_t>(p.history.acks.size() / 3)) << r.problems.text();
    EXPECT_TRUE(says(r, "while it did not own it (first: acknowledged")) << r.problems.text();
    EXPECT_TRUE(says(r, "when the owner was n2")) << r.problems.text();
}

// Seat 1 shown a face-down card of seat 0's.
TEST(Checker, CatchesAHiddenCardShownToAnotherSeat) {
    const played& p = one_match();
    match_history broken = p.history;
    bool leaked = false;
    for (auto& m : broken.received[1]) {
        if (!m.has_table_update() || !m.table_update().has_hand()) continue;
        auto* seat0 = m.mutable_table_update()->mutable_hand()->mutable_seats(0);
        for (auto& position : *seat0->mutable_positions()) {
            if (position.has_card() || position.face_up()) continue;
            position.mutable_card()->set_rank(13);
            position.mutable_card()->set_suit(v1::SUIT_SPADES);
            leaked = true;
            break;
        }
        if (leaked) break;
    }
    ASSERT_TRUE(leaked);
    const check_report r = check(broken, p.record);
    EXPECT_TRUE(says(r, "receiver 1")) << r.problems.text();
}

}  // namespace
}  // namespace golf::faults
