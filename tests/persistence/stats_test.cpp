// Tests for the stores' history and statistics (SQLite and PostgreSQL alike): matches by player newest first with limits, every match for
// an empty name, the leaderboard (wins by lowest final total, shared on a tie, bots not ranked, per preset and all
// presets) and a player's per-preset stats, on a hand-built set of matches whose numbers are worked out below.
#include <gtest/gtest.h>

#include "tests/persistence/any_store.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;

constexpr auto flush_limit = 60s;  // a bound for a hung writer, not a timing assertion
using test_support::backend;

struct player {
    std::string name;
    std::string token_hash;  // empty with a bot
    std::string bot;
};

const player ann{"ann", "t-ann", ""};
const player bob{"bob", "t-bob", ""};
const player bob_new_token{"bob", "t-bob-2", ""};  // the same name from another device: ranked together
const player cat{"cat", "t-cat", ""};
const player robo{"Robo", "", "heuristic"};

// Records a match: hand scores per hole (by seat), running totals summed; finished unless told otherwise.
match_id play(match_store& store, const std::string& preset, std::int64_t started_at,
              const std::vector<player>& players, const std::vector<std::vector<int>>& holes, bool finish = true) {
    match_start start{"", preset, preset, {}, started_at};
    for (std::size_t i = 0; i < players.size(); ++i) {
        start.seats.push_back({static_cast<int>(i), players[i].name, players[i].token_hash, players[i].bot});
    }
    const auto id = store.start_match(start);
    std::vector<int> totals(players.size(), 0);
    for (std::size_t n = 0; n < holes.size(); ++n) {
        hole_record h;
        h.match = id;
        h.hole = static_cast<int>(n) + 1;
        h.seed = n;
        h.hand_scores = holes[n];
        for (std::size_t seat = 0; seat < totals.size(); ++seat) totals[seat] += holes[n][seat];
        h.running_totals = totals;
        h.actions = "0:flip:0";
        store.record_hole(h);
    }
    if (finish) store.finish_match({id, started_at + 60, std::nullopt, totals});
    return id;
}

class stats_test : public test_support::any_store {
protected:
    void SetUp() override {
        any_store::SetUp();
        if (IsSkipped()) return;
        store_ = open();
        auto& s = *store_;
        // six-card: Robo (a bot) wins m1 with 5; ann 7, bob 9.
        m1_ = play(s, "six-card", 100, {ann, bob, robo}, {{5, 3, 4}, {2, 6, 1}});
        // six-card: ann and bob tie on 4 and share the win.
        m2_ = play(s, "six-card", 200, {ann, bob}, {{1, 4}, {3, 0}});
        // six-card: cat wins with 2 against ann's 10.
        m3_ = play(s, "six-card", 300, {ann, cat}, {{10, 2}});
        // nine-card: ann wins with 0 against bob's 5 (bob on a new token).
        m4_ = play(s, "nine-card", 400, {ann, bob_new_token}, {{0, 5}});
        // six-card, unfinished: counts in the history, never in the stats.
        m5_ = play(s, "six-card", 500, {ann, bob}, {{-5, 50}}, false);
        ASSERT_TRUE(s.flush(flush_limit));
        ASSERT_EQ(s.health().dropped, 0u);
    }
    void TearDown() override {
        store_.reset();
        any_store::TearDown();
    }

    static std::vector<match_id> ids(const std::vector<match_summary>& matches) {
        std::vector<match_id> out;
        for (const auto& m : matches) out.push_back(m.id);
        return out;
    }

    std::unique_ptr<match_store> store_;
    match_id m1_ = 0, m2_ = 0, m3_ = 0, m4_ = 0, m5_ = 0;
};

TEST_P(stats_test, a_players_matches_come_newest_first_up_to_the_limit) {
    EXPECT_EQ(ids(store_->matches_by_player("ann", 10)), (std::vector<match_id>{m5_, m4_, m3_, m2_, m1_}));
    EXPECT_EQ(ids(store_->matches_by_player("ann", 2)), (std::vector<match_id>{m5_, m4_}));
    EXPECT_EQ(ids(store_->matches_by_player("bob", 10)), (std::vector<match_id>{m5_, m4_, m2_, m1_}));
    EXPECT_EQ(ids(store_->matches_by_player("cat", 10)), (std::vector<match_id>{m3_}));
    EXPECT_EQ(ids(store_->matches_by_player("Robo", 10)), (std::vector<match_id>{m1_}));
    EXPECT_TRUE(store_->matches_by_player("ann", 0).empty());
    EXPECT_TRUE(store_->matches_by_player("nobody", 10).empty());
    EXPECT_TRUE(store_->matches_by_player("ANN", 10).empty());  // names are exact
}

TEST_P(stats_test, an_empty_name_lists_every_match_newest_first) {
    EXPECT_EQ(ids(store_->matches_by_player("", 100)), (std::vector<match_id>{m5_, m4_, m3_, m2_, m1_}));
    EXPECT_EQ(ids(store_->matches_by_player("", 3)), (std::vector<match_id>{m5_, m4_, m3_}));
}

TEST_P(stats_test, history_summaries_carry_preset_seats_bots_and_totals) {
    const auto all = store_->matches_by_player("", 100);
    ASSERT_EQ(all.size(), 5u);
    const auto& first = all.back();  // m1
    EXPECT_EQ(first.id, m1_);
    EXPECT_EQ(first.preset, "six-card");
    ASSERT_EQ(first.seats.size(), 3u);
    EXPECT_EQ(first.seats[2], (seat_record{2, "Robo", "", "heuristic"}));
    EXPECT_EQ(first.seats[0].bot, "");
    EXPECT_EQ(first.final_totals, (std::vector<std::optional<int>>{7, 9, 5}));
    EXPECT_EQ(first.ended_at, 160);
    const auto& unfinished = all.front();  // m5
    EXPECT_FALSE(unfinished.ended_at.has_value());
    EXPECT_EQ(unfinished.final_totals, (std::vector<std::optional<int>>{std::nullopt, std::nullopt}));
}

TEST_P(stats_test, matches_started_at_the_same_second_come_by_id_newest_first) {
    const auto a = play(*store_, "four-card", 900, {cat, ann}, {{1, 2}});
    const auto b = play(*store_, "four-card", 900, {cat, ann}, {{1, 2}});
    ASSERT_TRUE(store_->flush(flush_limit));
    EXPECT_EQ(ids(store_->matches_by_player("cat", 2)), (std::vector<match_id>{b, a}));
}

TEST_P(stats_test, the_leaderboard_of_one_preset_ranks_wins_then_lower_average) {
    // six-card, finished only (m1, m2, m3); Robo is a bot and not ranked:
    //   ann: 3 matches, 1 win (the m2 tie), totals 7 4 10 -> 7,   holes 5 2 1 3 10 -> 4.2
    //   bob: 2 matches, 1 win (the m2 tie), totals 9 4    -> 6.5, holes 3 6 4 0    -> 3.25
    //   cat: 1 match,   1 win,              total 2       -> 2,   hole 2           -> 2
    const auto board = store_->leaderboard("six-card", 10);
    ASSERT_EQ(board.size(), 3u);
    EXPECT_EQ(board[0].display_name, "cat");
    EXPECT_EQ(board[0].matches, 1);
    EXPECT_EQ(board[0].wins, 1);
    EXPECT_DOUBLE_EQ(board[0].average_total, 2.0);
    EXPECT_DOUBLE_EQ(board[0].average_hole, 2.0);
    EXPECT_EQ(board[1].display_name, "bob");
    EXPECT_EQ(board[1].matches, 2);
    EXPECT_EQ(board[1].wins, 1);
    EXPECT_DOUBLE_EQ(board[1].average_total, 6.5);
    EXPECT_DOUBLE_EQ(board[1].average_hole, 3.25);
    EXPECT_EQ(board[2].display_name, "ann");
    EXPECT_EQ(board[2].matches, 3);
    EXPECT_EQ(board[2].wins, 1);
    EXPECT_DOUBLE_EQ(board[2].average_total, 7.0);
    EXPECT_DOUBLE_EQ(board[2].average_hole, 4.2);

    const auto top = store_->leaderboard("six-card", 2);
    ASSERT_EQ(top.size(), 2u);
    EXPECT_EQ(top[0], board[0]);
    EXPECT_EQ(top[1], board[1]);
    EXPECT_TRUE(store_->leaderboard("six-card", 0).empty());
    EXPECT_TRUE(store_->leaderboard("ten-card", 10).empty());
}

TEST_P(stats_test, the_leaderboard_of_every_preset_counts_them_together) {
    //   ann: 4 matches, 2 wins, totals 7 4 10 0 -> 5.25, holes 5 2 1 3 10 0 -> 3.5
    //   cat: 1 match,   1 win,  total 2         -> 2,    hole 2             -> 2
    //   bob: 3 matches, 1 win,  totals 9 4 5    -> 6,    holes 3 6 4 0 5    -> 3.6 (two tokens, one name)
    const auto board = store_->leaderboard("", 10);
    ASSERT_EQ(board.size(), 3u);
    EXPECT_EQ(board[0], (leaderboard_entry{"ann", 4, 2, 5.25, 3.5}));
    EXPECT_EQ(board[1], (leaderboard_entry{"cat", 1, 1, 2.0, 2.0}));
    EXPECT_EQ(board[2].display_name, "bob");
    EXPECT_EQ(board[2].matches, 3);
    EXPECT_EQ(board[2].wins, 1);
    EXPECT_DOUBLE_EQ(board[2].average_total, 6.0);
    EXPECT_DOUBLE_EQ(board[2].average_hole, 3.6);

    const auto nine = store_->leaderboard("nine-card", 10);
    ASSERT_EQ(nine.size(), 2u);
    EXPECT_EQ(nine[0], (leaderboard_entry{"ann", 1, 1, 0.0, 0.0}));
    EXPECT_EQ(nine[1], (leaderboard_entry{"bob", 1, 0, 5.0, 5.0}));
}

TEST_P(stats_test, equal_wins_and_averages_are_ranked_by_name) {
    play(*store_, "ten-card", 1000, {cat, bob}, {{3, 3}});
    ASSERT_TRUE(store_->flush(flush_limit));
    const auto board = store_->leaderboard("ten-card", 10);
    ASSERT_EQ(board.size(), 2u);
    EXPECT_EQ(board[0], (leaderboard_entry{"bob", 1, 1, 3.0, 3.0}));
    EXPECT_EQ(board[1], (leaderboard_entry{"cat", 1, 1, 3.0, 3.0}));
}

TEST_P(stats_test, a_players_stats_are_per_preset_and_leave_out_unfinished_matches) {
    const auto stats = store_->player_stats("ann");
    ASSERT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats[0], (preset_stats{"nine-card", 1, 1, 0.0, 0.0}));
    EXPECT_EQ(stats[1].preset, "six-card");
    EXPECT_EQ(stats[1].matches, 3);
    EXPECT_EQ(stats[1].wins, 1);
    EXPECT_DOUBLE_EQ(stats[1].average_total, 7.0);
    EXPECT_DOUBLE_EQ(stats[1].average_hole, 4.2);

    const auto bobs = store_->player_stats("bob");
    ASSERT_EQ(bobs.size(), 2u);
    EXPECT_EQ(bobs[0], (preset_stats{"nine-card", 1, 0, 5.0, 5.0}));
    EXPECT_EQ(bobs[1], (preset_stats{"six-card", 2, 1, 6.5, 3.25}));

    EXPECT_TRUE(store_->player_stats("Robo").empty());  // bots are not ranked
    EXPECT_TRUE(store_->player_stats("nobody").empty());
}

TEST_P(stats_test, stats_survive_reopening_the_database) {
    store_.reset();
    store_ = open();
    EXPECT_EQ(store_->leaderboard("", 1).at(0), (leaderboard_entry{"ann", 4, 2, 5.25, 3.5}));
    EXPECT_EQ(store_->player_stats("cat"), (std::vector<preset_stats>{{"six-card", 1, 1, 2.0, 2.0}}));
}

INSTANTIATE_TEST_SUITE_P(every_backend, stats_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         test_support::backend_name);

}  // namespace
}  // namespace golf::persistence
