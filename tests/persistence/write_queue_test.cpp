// Tests for the write queue without a database: a recording backend stands in for SQLite (it keeps every batch it
// is handed, can hold the writer inside a batch, and fails or refuses batches on cue). Coalescing of a match's
// moves, batching, retry after a failed batch with nothing lost, a refused record found and dropped alone, flush,
// when_written order, and shutdown draining (or giving up after shutdown_retries). Every wait is bounded.
#include "persistence/write_queue.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace golf::persistence {
namespace {

using namespace std::chrono_literals;

constexpr auto limit = 10s;  // a bound for a hung writer, not a timing assertion

// A record as one short word, so batches compare as lists of words.
std::string name(const write_op& op) {
    if (auto* t = std::get_if<table_record>(&op)) return "table " + t->code;
    if (auto* s = std::get_if<started_match>(&op)) return "start " + std::to_string(s->id);
    if (auto* h = std::get_if<hole_record>(&op)) {
        return "hole " + std::to_string(h->match) + "/" + std::to_string(h->hole);
    }
    if (auto* p = std::get_if<hand_progress>(&op)) return "progress " + std::to_string(p->match) + ":" + p->actions;
    return "result " + std::to_string(std::get<match_result>(op).match);
}

table_record table(std::string code) {
    table_record t;
    t.code = std::move(code);
    return t;
}

hole_record hole(match_id match, int number) {
    hole_record h;
    h.match = match;
    h.hole = number;
    return h;
}

hand_progress progress(match_id match, std::string actions) { return {match, 1, 0, 0, std::move(actions)}; }

class recording_backend final : public write_backend {
public:
    // Decides each call's status; committed when unset.
    std::function<write_status(const std::vector<std::string>& batch)> answer;

    write_result write_batch(std::span<const write_op> batch) override {
        std::vector<std::string> names;
        for (const auto& op : batch) names.push_back(name(op));
        std::unique_lock lock(mutex_);
        calls_.push_back(names);
        cv_.notify_all();
        cv_.wait_for(lock, limit, [&] { return !held_; });
        const auto status = answer ? answer(names) : write_status::committed;
        if (status == write_status::committed) {
            committed_.insert(committed_.end(), names.begin(), names.end());
            batches_.push_back(std::move(names));
            return {};
        }
        return {status, status == write_status::refused ? "refused" : "busy"};
    }

    // The next batch waits inside the backend until release().
    void hold() {
        std::lock_guard lock(mutex_);
        held_ = true;
    }
    void release() {
        {
            std::lock_guard lock(mutex_);
            held_ = false;
        }
        cv_.notify_all();
    }
    // True once the writer has been handed `count` batches in all.
    bool wait_for_calls(std::size_t count) {
        std::unique_lock lock(mutex_);
        return cv_.wait_for(lock, limit, [&] { return calls_.size() >= count; });
    }

    std::vector<std::vector<std::string>> calls() const {
        std::lock_guard lock(mutex_);
        return calls_;
    }
    std::vector<std::vector<std::string>> batches() const {  // committed ones
        std::lock_guard lock(mutex_);
        return batches_;
    }
    std::vector<std::string> committed() const {
        std::lock_guard lock(mutex_);
        return committed_;
    }

private:
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool held_ = false;
    std::vector<std::vector<std::string>> calls_;
    std::vector<std::vector<std::string>> batches_;
    std::vector<std::string> committed_;
};

// when_written answers, in the order they ran, with what the backend had committed at that moment.
struct written_log {
    std::mutex mutex;
    std::vector<std::string> answers;
    std::function<void(bool)> note(std::string label, recording_backend& backend) {
        return [this, label = std::move(label), &backend](bool written) {
            std::lock_guard lock(mutex);
            answers.push_back(label + (written ? " true " : " false ") + std::to_string(backend.committed().size()));
        };
    }
    std::vector<std::string> read() {
        std::lock_guard lock(mutex);
        return answers;
    }
};

TEST(write_queue, a_matchs_waiting_moves_coalesce_into_the_newest) {
    recording_backend backend;
    write_queue queue(backend, {});
    backend.hold();
    queue.push(table("A"));
    ASSERT_TRUE(backend.wait_for_calls(1));  // the writer is inside the first batch: what follows waits
    for (int move = 1; move <= 50; ++move) {
        queue.push(progress(7, "m" + std::to_string(move)));
        queue.push(progress(8, "n" + std::to_string(move)));
    }
    EXPECT_EQ(queue.health().pending, 3u);  // the table and one move per match
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    const std::vector<std::vector<std::string>> expected{{"table A"}, {"progress 7:m50", "progress 8:n50"}};
    EXPECT_EQ(backend.batches(), expected);
}

TEST(write_queue, a_move_taken_by_the_writer_is_not_replaced_the_next_one_queues_anew) {
    recording_backend backend;
    write_queue queue(backend, {});
    backend.hold();
    queue.push(progress(7, "m1"));
    ASSERT_TRUE(backend.wait_for_calls(1));
    queue.push(progress(7, "m2"));
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    EXPECT_EQ(backend.committed(), (std::vector<std::string>{"progress 7:m1", "progress 7:m2"}));
}

TEST(write_queue, queued_records_go_in_batches_of_at_most_max_batch_in_order) {
    recording_backend backend;
    write_queue queue(backend, {.max_batch = 8, .progress_delay = 0ms, .shutdown_retries = 5});
    backend.hold();
    queue.push(table("T0"));
    ASSERT_TRUE(backend.wait_for_calls(1));
    std::vector<std::string> expected{"table T0"};
    for (int i = 1; i <= 20; ++i) {
        queue.push(table("T" + std::to_string(i)));
        expected.push_back("table T" + std::to_string(i));
    }
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    std::vector<std::size_t> sizes;
    for (const auto& batch : backend.batches()) sizes.push_back(batch.size());
    EXPECT_EQ(sizes, (std::vector<std::size_t>{1, 8, 8, 4}));
    EXPECT_EQ(backend.committed(), expected);
    EXPECT_EQ(queue.health().transactions, 4u);
}

TEST(write_queue, a_failed_batch_is_retried_whole_and_nothing_is_lost) {
    recording_backend backend;
    int failures_left = 2;
    backend.answer = [&](const std::vector<std::string>&) {
        return failures_left-- > 0 ? write_status::failed : write_status::committed;
    };
    write_queue queue(backend, {});
    backend.hold();
    queue.push(table("A"));
    queue.push(hole(1, 1));
    queue.push(hole(1, 2));
    ASSERT_TRUE(backend.wait_for_calls(1));
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    const auto calls = backend.calls();
    ASSERT_GE(calls.size(), 3u);
    for (std::size_t i = 1; i < 3; ++i) EXPECT_EQ(calls[i], calls[0]) << "retry " << i << " was another batch";
    EXPECT_EQ(backend.committed(), (std::vector<std::string>{"table A", "hole 1/1", "hole 1/2"}));
    const auto health = queue.health();
    EXPECT_TRUE(health.ok);
    EXPECT_EQ(health.failed_attempts, 2u);
    EXPECT_EQ(health.dropped, 0u);
    EXPECT_EQ(health.last_error, "busy");
    EXPECT_EQ(health.pending, 0u);
}

TEST(write_queue, a_refused_record_is_dropped_alone_and_its_waiter_hears_false) {
    recording_backend backend;
    backend.answer = [](const std::vector<std::string>& batch) {
        for (const auto& record : batch) {
            if (record == "hole 1/13") return write_status::refused;
        }
        return write_status::committed;
    };
    write_queue queue(backend, {});
    written_log log;
    backend.hold();
    queue.push(hole(1, 12));
    ASSERT_TRUE(backend.wait_for_calls(1));
    queue.push(hole(1, 13));
    queue.push(hole(1, 14));
    queue.when_written(log.note("waiter", backend));
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    EXPECT_EQ(backend.committed(), (std::vector<std::string>{"hole 1/12", "hole 1/14"}));
    EXPECT_EQ(queue.health().dropped, 1u);
    queue.stop();  // the waiter has run once the writer is joined
    EXPECT_EQ(log.read(), (std::vector<std::string>{"waiter false 2"}));
}

// A table waiting for its own move's record is not failed by another match's record the database refused, even
// when that record was queued first (a node back from an outage, with a stale record of a table it lost queued
// before the first move at a table it took over): the move was kept, so it must be shown.
TEST(write_queue, a_waiter_for_one_match_is_failed_only_by_its_own_refused_records) {
    recording_backend backend;
    backend.answer = [](const std::vector<std::string>& batch) {
        for (const auto& record : batch) {
            if (record.starts_with("progress 5:")) return write_status::refused;
        }
        return write_status::committed;
    };
    write_queue queue(backend, {.progress_delay = 0ms});
    written_log log;
    backend.hold();
    queue.push(hole(9, 1));
    ASSERT_TRUE(backend.wait_for_calls(1));
    queue.push(progress(5, "stale"));  // another match's, refused
    queue.push(progress(7, "move"));
    queue.when_written(log.note("match 7", backend), 7);
    queue.when_written(log.note("match 5", backend), 5);
    queue.when_written(log.note("every match", backend));
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    queue.stop();
    EXPECT_EQ(backend.committed(), (std::vector<std::string>{"hole 9/1", "progress 7:move"}));
    EXPECT_EQ(log.read(), (std::vector<std::string>{"match 7 true 2", "match 5 false 2", "every match false 2"}));
}

// A node woken after a long pause finds its late records fenced: the database answered, so nothing is failing
// and its /healthz must not stay 503 until some later write happens to succeed.
TEST(write_queue, records_the_database_refuses_leave_the_store_healthy) {
    recording_backend backend;
    backend.answer = [](const std::vector<std::string>&) { return write_status::refused; };
    write_queue queue(backend, {});
    queue.push(hole(1, 12));
    queue.push(hole(1, 13));
    ASSERT_TRUE(queue.flush(limit));
    const auto health = queue.health();
    EXPECT_TRUE(health.ok);
    EXPECT_EQ(health.dropped, 2u);
    EXPECT_EQ(health.failed_attempts, 0u);
    EXPECT_EQ(health.last_error, "refused");
    EXPECT_EQ(health.pending, 0u);

    // Failing first (the database away), then refusing (back, and the table moved on): healthy again.
    int calls = 0;
    backend.answer = [&](const std::vector<std::string>&) {
        return ++calls == 1 ? write_status::failed : write_status::refused;
    };
    queue.push(hole(1, 14));
    ASSERT_TRUE(queue.flush(limit));
    EXPECT_TRUE(queue.health().ok) << "the refusal came from a database that answers";
    EXPECT_EQ(queue.health().failed_attempts, 1u);
}

TEST(write_queue, flush_writes_a_waiting_move_at_once_and_times_out_while_the_writer_is_held) {
    recording_backend backend;
    write_queue queue(backend, {.max_batch = 1000, .progress_delay = 1h, .shutdown_retries = 5});
    EXPECT_TRUE(queue.flush(0ms)) << "nothing pending";
    queue.push(progress(7, "m1"));
    EXPECT_TRUE(backend.calls().empty()) << "a move alone waits out progress_delay";
    ASSERT_TRUE(queue.flush(limit));
    EXPECT_EQ(backend.committed(), (std::vector<std::string>{"progress 7:m1"}));

    backend.hold();
    queue.push(table("A"));
    EXPECT_FALSE(queue.flush(20ms));
    backend.release();
    EXPECT_TRUE(queue.flush(limit));
}

TEST(write_queue, when_written_answers_in_order_on_the_writer_thread_once_its_records_are_committed) {
    recording_backend backend;
    write_queue queue(backend, {});
    written_log log;
    std::promise<std::thread::id> answered_on;
    queue.when_written([&](bool) { answered_on.set_value(std::this_thread::get_id()); });  // nothing pending
    auto thread = answered_on.get_future();
    ASSERT_EQ(thread.wait_for(limit), std::future_status::ready);
    EXPECT_NE(thread.get(), std::this_thread::get_id());

    backend.hold();
    queue.push(table("A"));
    ASSERT_TRUE(backend.wait_for_calls(1));
    queue.when_written(log.note("first", backend));
    queue.push(table("B"));
    queue.when_written(log.note("second", backend));
    backend.release();
    ASSERT_TRUE(queue.flush(limit));
    queue.stop();
    EXPECT_EQ(log.read(), (std::vector<std::string>{"first true 1", "second true 2"}));
}

TEST(write_queue, stopping_drains_everything_queued_and_answers_every_waiter) {
    recording_backend backend;
    written_log log;
    std::vector<std::string> expected;
    {
        write_queue queue(backend, {.max_batch = 4, .progress_delay = 1h, .shutdown_retries = 5});
        backend.hold();
        queue.push(table("T0"));
        expected.push_back("table T0");
        ASSERT_TRUE(backend.wait_for_calls(1));
        for (int i = 1; i <= 10; ++i) {
            queue.push(table("T" + std::to_string(i)));
            expected.push_back("table T" + std::to_string(i));
        }
        queue.push(progress(7, "m1"));
        expected.push_back("progress 7:m1");
        queue.when_written(log.note("waiter", backend));
        auto stopped = std::async(std::launch::async, [&] { queue.stop(); });
        EXPECT_EQ(stopped.wait_for(20ms), std::future_status::timeout) << "stop() returned with records queued";
        backend.release();
        ASSERT_EQ(stopped.wait_for(limit), std::future_status::ready);
    }
    EXPECT_EQ(backend.committed(), expected);
    EXPECT_EQ(log.read(), (std::vector<std::string>{"waiter true 12"}));
}

TEST(write_queue, stopping_gives_up_after_shutdown_retries_and_says_so) {
    recording_backend backend;
    backend.answer = [](const std::vector<std::string>&) { return write_status::failed; };
    written_log log;
    store_health health;
    {
        write_queue queue(backend, {.max_batch = 1000, .progress_delay = 0ms, .shutdown_retries = 3});
        backend.hold();
        queue.push(table("A"));
        ASSERT_TRUE(backend.wait_for_calls(1));
        queue.when_written(log.note("waiter", backend));
        auto stopped = std::async(std::launch::async, [&] { queue.stop(); });
        backend.release();
        ASSERT_EQ(stopped.wait_for(limit), std::future_status::ready);
        health = queue.health();
    }
    EXPECT_GE(backend.calls().size(), 3u);
    EXPECT_TRUE(backend.committed().empty());
    EXPECT_FALSE(health.ok);
    EXPECT_EQ(health.dropped, 1u);
    EXPECT_EQ(health.pending, 0u);
    EXPECT_EQ(log.read(), (std::vector<std::string>{"waiter false 0"}));
}

}  // namespace
}  // namespace golf::persistence
