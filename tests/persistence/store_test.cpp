// Tests every match_store passes, run on SQLite and on PostgreSQL (a database of its own on the tests' server):
// round trips of every field, durability across reopening, restore queries, batching while the database is held by
// another connection, records the database refuses (dropped and counted, their batch kept), when_written, and the
// hand in play (coalescing, the move delay, cleared by its hole and by the end).
#include <algorithm>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "tests/persistence/any_store.hpp"
#include "tests/persistence/sample_records.hpp"

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;
using namespace test_support;

using store_test = any_store;

TEST_P(store_test, a_recorded_match_round_trips_with_holes_and_actions) {
    auto owned = open();
    auto& store = *owned;
    store.record_table(bare_table(1'699'999'999, 0));
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id, 1));
    store.record_hole(hole(id, 2));
    store.record_hole(hole(id, 3));
    store.finish_match({id, 1'700'000'500, 1, {6, -6}});
    ASSERT_TRUE(store.flush(flush_limit));

    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.table_code, "ABCD");
    EXPECT_EQ(detail->summary.ruleset, "standard");
    EXPECT_EQ(detail->summary.started_at, 1'700'000'000);
    EXPECT_EQ(detail->summary.ended_at, 1'700'000'500);
    EXPECT_EQ(detail->summary.winner_seat, 1);
    ASSERT_EQ(detail->summary.seats.size(), 2u);
    EXPECT_EQ(detail->summary.seats[0].display_name, "ann");
    EXPECT_EQ(detail->summary.seats[1].token_hash, "hash-bob");
    EXPECT_EQ(detail->summary.final_totals, (std::vector<std::optional<int>>{6, -6}));
    ASSERT_EQ(detail->holes.size(), 3u);
    for (int n = 1; n <= 3; ++n) EXPECT_EQ(detail->holes[n - 1], hole(id, n)) << "hole " << n;

    const auto anns = store.matches_by_player("ann", 10);
    ASSERT_EQ(anns.size(), 1u);
    EXPECT_EQ(anns[0].id, id);
    EXPECT_TRUE(store.matches_by_player("nobody", 10).empty());
    EXPECT_FALSE(store.match(id + 100).has_value());
    EXPECT_TRUE(store.health().ok);
    EXPECT_EQ(store.health().dropped, 0u);
}

TEST_P(store_test, a_flushed_hole_is_durable_across_reopening) {
    match_id id = 0;
    {
        auto owned = open();
        auto& store = *owned;
        id = store.start_match(two_player_match());
        store.record_hole(hole(id, 1));
        ASSERT_TRUE(store.flush(flush_limit));
    }
    auto reopened_store = open();
    auto& reopened = *reopened_store;
    const auto detail = reopened.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->holes[0], hole(id, 1));
    // Ids continue after the recorded ones, so a restarted server never reuses one.
    EXPECT_GT(reopened.start_match(two_player_match()), id);
}

TEST_P(store_test, unfinished_matches_are_listed_with_their_holes) {
    auto owned = open();
    auto& store = *owned;
    const auto finished = store.start_match(two_player_match());
    const auto running = store.start_match(two_player_match());
    const auto fresh = store.start_match(two_player_match());
    store.record_hole(hole(finished, 1));
    store.finish_match({finished, 1'700'000'100, 0, {1, -2}});
    store.record_hole(hole(running, 1));
    store.record_hole(hole(running, 2));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 2u);
    EXPECT_EQ(unfinished[0].summary.id, running);
    EXPECT_FALSE(unfinished[0].summary.ended_at.has_value());
    ASSERT_EQ(unfinished[0].holes.size(), 2u);
    EXPECT_EQ(unfinished[0].holes[1], hole(running, 2));
    EXPECT_EQ(unfinished[1].summary.id, fresh);
    EXPECT_TRUE(unfinished[1].holes.empty());
}

TEST_P(store_test, ten_thousand_holes_are_written_in_batches) {
    auto owned = open({.max_batch = 1000});
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    const auto before = store.health().transactions;

    // Another connection holds the lock while we enqueue, so the records queue up whatever the machine's speed;
    // enqueueing must not wait for the database meanwhile.
    auto blocked = block_writes();
    for (int n = 1; n <= 10'000; ++n) store.record_hole(hole(id, n));
    EXPECT_GT(store.health().pending, 0u);
    blocked.reset();

    ASSERT_TRUE(store.flush(flush_limit));
    const auto h = store.health();
    EXPECT_EQ(h.pending, 0u);
    EXPECT_EQ(h.dropped, 0u);
    // The batch taken before the lock showed, then at most 10 full batches: not one transaction per hole.
    EXPECT_LE(h.transactions - before, 11u);
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    ASSERT_EQ(detail->holes.size(), 10'000u);
    EXPECT_EQ(detail->holes.back(), hole(id, 10'000));
}

TEST_P(store_test, a_record_the_database_refuses_is_dropped_and_counted_without_losing_its_batch) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    store.record_hole(hole(id, 1));
    store.record_hole(hole(id + 99, 1));  // no such match: the foreign key refuses it
    store.record_hole(hole(id, 2));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 1u);
    EXPECT_EQ(store.match(id)->holes.size(), 2u);
}

TEST_P(store_test, when_written_reports_true_from_the_writer_thread_once_the_records_are_committed) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    auto blocked = block_writes();

    store.record_hole(hole(id, 1));
    std::promise<std::pair<bool, std::size_t>> answer;  // written, and the holes on disk at that moment
    std::thread::id caller;
    store.when_written([&](bool written) {
        caller = std::this_thread::get_id();
        answer.set_value({written, store.match(id)->holes.size()});
    });
    auto result = answer.get_future();
    // Never waits: the call returned while the hole cannot be written.
    EXPECT_EQ(result.wait_for(50ms), std::future_status::timeout);
    blocked.reset();

    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_EQ(result.get(), (std::pair<bool, std::size_t>{true, 1}));
    EXPECT_NE(caller, std::this_thread::get_id());
}

TEST_P(store_test, when_written_with_nothing_pending_answers_true) {
    auto owned = open();
    auto& store = *owned;
    std::promise<bool> answer;
    store.when_written([&](bool written) { answer.set_value(written); });
    auto result = answer.get_future();
    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(result.get());
}

TEST_P(store_test, when_written_reports_false_when_a_record_it_waited_for_was_dropped) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id + 99, 1));  // no such match: refused and dropped
    std::promise<bool> first;
    store.when_written([&](bool written) { first.set_value(written); });
    auto first_result = first.get_future();
    ASSERT_EQ(first_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_FALSE(first_result.get());

    // A drop before the call does not spoil the next answer.
    store.record_hole(hole(id, 1));
    std::promise<bool> second;
    store.when_written([&](bool written) { second.set_value(written); });
    auto second_result = second.get_future();
    ASSERT_EQ(second_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(second_result.get());
}

TEST_P(store_test, when_written_callbacks_still_pending_run_before_the_store_is_gone) {
    std::promise<bool> answer;
    auto result = answer.get_future();
    {
        auto owned = open();
        auto& store = *owned;
        const auto id = store.start_match(two_player_match());
        for (int n = 1; n <= 100; ++n) store.record_hole(hole(id, n));
        store.when_written([&](bool written) { answer.set_value(written); });
    }
    ASSERT_EQ(result.wait_for(0ms), std::future_status::ready);
    EXPECT_TRUE(result.get());
}

TEST_P(store_test, every_new_field_round_trips) {
    auto owned = open();
    auto& store = *owned;
    store.record_table(full_table());
    const auto id = store.start_match(match_with_a_bot());
    store.record_hand_progress(progress(id, 1, 5));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.preset, "six-card");
    EXPECT_EQ(detail->summary.ruleset, "six-card knocking=true");
    EXPECT_EQ(detail->summary.seats, match_with_a_bot().seats);
    ASSERT_TRUE(detail->table.has_value());
    EXPECT_EQ(*detail->table, full_table());
    ASSERT_TRUE(detail->in_play.has_value());
    EXPECT_EQ(*detail->in_play, progress(id, 1, 5));

    // A table recorded again (same code) takes the new values.
    auto changed = full_table();
    changed.is_public = false;
    changed.password_hash.clear();
    changed.turn_clock_ms = 0;
    changed.forfeit_when_away = false;
    changed.claim_window_ms = 0;
    changed.between_holes_ms = 0;
    changed.quick_play = !changed.quick_play;
    changed.seats = 2;
    store.record_table(changed);
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->table, changed);
}

TEST_P(store_test, a_match_at_an_unrecorded_table_has_no_table) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());  // table "ABCD" was never recorded
    ASSERT_TRUE(store.flush(flush_limit));
    const auto detail = store.match(id);
    ASSERT_TRUE(detail.has_value());
    EXPECT_EQ(detail->summary.table_code, "ABCD");
    EXPECT_FALSE(detail->table.has_value());
    EXPECT_FALSE(detail->in_play.has_value());

    // Recording the table afterwards makes it the match's table.
    store.record_table(bare_table(1'700'000'100, 2));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->table.has_value());
    EXPECT_EQ(store.match(id)->table->seats, 2);
}

TEST_P(store_test, bots_share_one_player_row_per_name) {
    auto owned = open();
    auto& store = *owned;
    for (int i = 0; i < 5; ++i) store.start_match(match_with_a_bot());
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(query("SELECT COUNT(*) FROM players"), "3");  // ann, Robo, Randy
}

TEST_P(store_test, many_progress_records_coalesce_and_the_row_holds_the_newest) {
    auto owned = open();
    auto& store = *owned;
    const auto a = store.start_match(two_player_match());
    const auto b = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));

    // Another connection stalls the writes while the moves arrive: the queue must not grow with them.
    auto blocked = block_writes();
    for (std::size_t move = 1; move <= 2000; ++move) {
        store.record_hand_progress(progress(a, 1, move));
        store.record_hand_progress(progress(b, 3, move / 2));
    }
    // Per match at most one record being written and one waiting.
    EXPECT_LE(store.health().pending, 4u);
    blocked.reset();

    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().pending, 0u);
    EXPECT_EQ(store.health().dropped, 0u);
    EXPECT_EQ(store.match(a)->in_play, progress(a, 1, 2000));
    EXPECT_EQ(store.match(b)->in_play, progress(b, 3, 1000));
    EXPECT_EQ(query("SELECT COUNT(*) FROM hands_in_play"), "2");
}

// With progress_delay, a move alone waits (so a busy server writes many in one transaction); anything else that is
// recorded, a waiter or a flush takes it along at once, and the delay itself is a bound.
TEST_P(store_test, a_delayed_move_waits_alone_and_goes_with_the_next_record_a_waiter_or_a_flush) {
    auto owned = open({.progress_delay = 1h});  // "never", for the length of this test
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    const auto in_play = [&] { return query("SELECT COUNT(*) FROM hands_in_play"); };

    store.record_hand_progress(progress(id, 1, 4));
    std::this_thread::sleep_for(200ms);  // the writer would have written it long since without the delay
    EXPECT_EQ(in_play(), "0");
    EXPECT_EQ(store.health().pending, 1u);

    // Another record wakes the writer, and the waiting move goes in the same transaction.
    std::promise<bool> written;
    store.record_table(bare_table(1'700'000'000, 2));
    store.when_written([&](bool ok) { written.set_value(ok); });
    auto result = written.get_future();
    ASSERT_EQ(result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_TRUE(result.get());
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 4));

    // A waiter alone does too.
    store.record_hand_progress(progress(id, 1, 5));
    std::promise<bool> waited;
    store.when_written([&](bool ok) { waited.set_value(ok); });
    auto waited_result = waited.get_future();
    ASSERT_EQ(waited_result.wait_for(flush_limit), std::future_status::ready);
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 5));

    // And a flush.
    store.record_hand_progress(progress(id, 1, 6));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 6));
    EXPECT_EQ(store.health().pending, 0u);
}

TEST_P(store_test, a_delayed_move_is_written_once_its_delay_is_over) {
    auto owned = open({.progress_delay = 50ms});
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    store.record_hand_progress(progress(id, 1, 3));
    store.record_hand_progress(progress(id, 1, 7));  // replaces the waiting one
    EXPECT_TRUE(written_without_flush(store));
    EXPECT_EQ(query("SELECT COUNT(*) FROM hands_in_play"), "1");
    EXPECT_EQ(store.match(id)->in_play, progress(id, 1, 7));
}

TEST_P(store_test, delayed_moves_of_many_matches_are_written_together_once_a_batch_is_full) {
    auto owned = open({.progress_delay = 1h, .max_batch = 8});
    auto& store = *owned;
    std::vector<match_id> ids;
    for (int i = 0; i < 8; ++i) ids.push_back(store.start_match(two_player_match()));
    ASSERT_TRUE(store.flush(flush_limit));
    for (const auto id : ids) store.record_hand_progress(progress(id, 1, 2));  // the eighth fills a batch
    EXPECT_TRUE(written_without_flush(store));
    EXPECT_EQ(query("SELECT COUNT(*) FROM hands_in_play"), "8");
}

TEST_P(store_test, a_hole_record_clears_the_progress_of_its_hole) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    store.record_hand_progress(progress(id, 1, 12));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->in_play.has_value());

    store.record_hole(hole(id, 1));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());

    // A late progress record of a hole already recorded does not bring the hand back.
    store.record_hand_progress(progress(id, 1, 13));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());
    EXPECT_EQ(store.health().dropped, 0u);

    // The next hole's progress is kept.
    store.record_hand_progress(progress(id, 2, 3));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.match(id)->in_play, progress(id, 2, 3));
}

TEST_P(store_test, the_next_holes_progress_survives_the_previous_hole_record_queued_behind_it) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    ASSERT_TRUE(store.flush(flush_limit));
    auto blocked = block_writes();
    // Hole 2's first move replaces hole 1's waiting progress, which sits before hole 1's record in the queue.
    store.record_hand_progress(progress(id, 1, 40));
    store.record_hand_progress(progress(id, 1, 41));
    store.record_hole(hole(id, 1));
    store.record_hand_progress(progress(id, 2, 1));
    blocked.reset();
    ASSERT_TRUE(store.flush(flush_limit));
    const auto detail = store.match(id);
    ASSERT_EQ(detail->holes.size(), 1u);
    EXPECT_EQ(detail->in_play, progress(id, 2, 1));
}

TEST_P(store_test, finishing_a_match_clears_its_progress) {
    auto owned = open();
    auto& store = *owned;
    const auto id = store.start_match(two_player_match());
    store.record_hole(hole(id, 1));
    store.record_hand_progress(progress(id, 2, 7));
    ASSERT_TRUE(store.flush(flush_limit));
    ASSERT_TRUE(store.match(id)->in_play.has_value());
    store.finish_match({id, 1'700'000'900, 0, {1, -2}});
    store.record_hand_progress(progress(id, 2, 8));  // a straggler after the end is ignored too
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_FALSE(store.match(id)->in_play.has_value());
    EXPECT_EQ(query("SELECT COUNT(*) FROM hands_in_play"), "0");
}

TEST_P(store_test, progress_for_an_unknown_match_is_dropped_and_counted) {
    auto owned = open();
    auto& store = *owned;
    store.record_hand_progress(progress(42, 1, 3));
    ASSERT_TRUE(store.flush(flush_limit));
    EXPECT_EQ(store.health().dropped, 1u);
}

TEST_P(store_test, unfinished_matches_come_oldest_first_with_their_table_and_hand_in_play) {
    auto owned = open();
    auto& store = *owned;
    store.record_table(full_table());
    const auto done = store.start_match(match_with_a_bot());
    const auto playing = store.start_match(match_with_a_bot());
    auto elsewhere = two_player_match();
    elsewhere.table_code.clear();
    const auto tableless = store.start_match(elsewhere);
    store.finish_match({done, 1'700'000'100, 0, {1, 2, 3}});
    store.record_hole(hole(playing, 1));
    store.record_hand_progress(progress(playing, 2, 9));
    ASSERT_TRUE(store.flush(flush_limit));

    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 2u);
    EXPECT_EQ(unfinished[0].summary.id, playing);
    EXPECT_EQ(unfinished[0].summary.preset, "six-card");
    EXPECT_EQ(unfinished[0].summary.seats, match_with_a_bot().seats);
    EXPECT_EQ(unfinished[0].holes.size(), 1u);
    EXPECT_EQ(unfinished[0].table, full_table());
    EXPECT_EQ(unfinished[0].in_play, progress(playing, 2, 9));
    EXPECT_EQ(unfinished[1].summary.id, tableless);
    EXPECT_TRUE(unfinished[1].summary.table_code.empty());
    EXPECT_FALSE(unfinished[1].table.has_value());
    EXPECT_FALSE(unfinished[1].in_play.has_value());
}

// Who was removed from a match's table comes back with the match, for whoever restores it.
TEST_P(store_test, a_matchs_bars_come_back_with_it) {
    auto owned = open();
    auto& store = *owned;
    store.record_table(full_table());
    const auto first = store.start_match(match_with_a_bot());
    const auto second = store.start_match(match_with_a_bot());
    store.record_bar({first, 7, ""});
    store.record_bar({first, 0, "203.0.113.9"});
    store.record_bar({second, 0, "2001:db8::1"});
    ASSERT_TRUE(store.flush(flush_limit));
    const auto unfinished = store.unfinished_matches();
    ASSERT_EQ(unfinished.size(), 2u);
    auto bars = unfinished[0].bars;
    std::sort(bars.begin(), bars.end(), [](const auto& a, const auto& b) { return a.account_id > b.account_id; });
    EXPECT_EQ(bars, (std::vector<golf::persistence::table_bar>{{first, 7, ""}, {first, 0, "203.0.113.9"}}));
    EXPECT_EQ(unfinished[1].bars, (std::vector<golf::persistence::table_bar>{{second, 0, "2001:db8::1"}}));
    EXPECT_EQ(store.match(second)->bars.size(), 1u);
}

// A node taking tables over reads only their matches (SQLite lists them from all the unfinished ones).
TEST_P(store_test, unfinished_matches_at_some_tables_are_only_theirs) {
    auto owned = open();
    auto& store = *owned;
    std::vector<match_id> ids;
    for (const char* code : {"TABLE1", "TABLE2", "TAB\"3"}) {
        auto m = two_player_match();
        m.table_code = code;
        ids.push_back(store.start_match(m));
    }
    ASSERT_TRUE(store.flush(flush_limit));
    const auto some = store.unfinished_matches_at({"TABLE2", "TAB\"3", "NOSUCH"});
    ASSERT_EQ(some.size(), 2u);
    EXPECT_EQ(some[0].summary.id, ids[1]);
    EXPECT_EQ(some[1].summary.id, ids[2]);
    EXPECT_EQ(some[1].summary.table_code, "TAB\"3");
    EXPECT_TRUE(store.unfinished_matches_at({}).empty());
}

INSTANTIATE_TEST_SUITE_P(every_backend, store_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

}  // namespace
}  // namespace golf::persistence
