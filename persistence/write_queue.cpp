// The write queue: coalescing a match's waiting moves, waking the writer (at once, or when the oldest move is due),
// taking batches, retrying a failed batch with a growing pause, finding the refused record of a refused batch, and
// answering flush() and when_written.
#include "persistence/write_queue.hpp"

#include <algorithm>
#include <exception>
#include <iterator>
#include <type_traits>
#include <utility>

#include <spdlog/spdlog.h>

namespace golf::persistence {

namespace {

constexpr auto never = std::chrono::steady_clock::time_point::max();

const char* describe_op(const auto& op) {
    using T = std::decay_t<decltype(op)>;
    if constexpr (std::is_same_v<T, table_record>) return "table";
    else if constexpr (std::is_same_v<T, hole_record>) return "hole";
    else if constexpr (std::is_same_v<T, hand_progress>) return "hand progress";
    else if constexpr (std::is_same_v<T, match_result>) return "match result";
    else if constexpr (std::is_same_v<T, seat_change>) return "seat change";
    else if constexpr (std::is_same_v<T, table_bar>) return "table bar";
    else return "match start";
}

// The match a record belongs to; 0 for a table's own record, which belongs to none.
match_id match_of(const auto& op) {
    using T = std::decay_t<decltype(op)>;
    if constexpr (std::is_same_v<T, table_record>) return 0;
    else if constexpr (std::is_same_v<T, started_match>) return op.id;
    else return op.match;
}

// The pause before retry `attempt`: 50 ms, doubling, at most a second.
std::chrono::milliseconds retry_delay(std::size_t attempt) {
    return std::min(std::chrono::milliseconds(25) * (1 << std::min<std::size_t>(attempt, 6)),
                    std::chrono::milliseconds(1000));
}

}  // namespace

write_queue::write_queue(write_backend& backend, write_queue_options options)
    : backend_(backend), options_(options), writer_([this] { writer_loop(); }) {}

write_queue::~write_queue() { stop(); }

void write_queue::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    work_cv_.notify_all();
    if (writer_.joinable()) writer_.join();
}

void write_queue::push(write_op op) {
    {
        std::lock_guard lock(mutex_);
        if (auto* progress = std::get_if<hand_progress>(&op)) {
            // A newer move replaces the one still waiting: it holds the whole hand so far.
            const auto [it, fresh] = queued_progress_.try_emplace(progress->match, taken_ + queue_.size());
            if (!fresh) {
                queue_[it->second - taken_] = std::move(op);
                return;  // nothing new to wake the writer for
            }
            queue_.push_back(std::move(op));
            ++enqueued_;
            // The first move to wait starts the writer's clock (it may be asleep with nothing to do); the rest
            // wait with it: no wake-up per move. The writer goes when that move is due, or sooner for another
            // record.
            const bool first_waiting = progress_due_ == never;
            if (first_waiting) progress_due_ = std::chrono::steady_clock::now() + options_.progress_delay;
            if (!first_waiting && queue_.size() < options_.max_batch) return;
        } else {
            queue_.push_back(std::move(op));
            ++enqueued_;
            ++urgent_queued_;
        }
    }
    work_cv_.notify_one();
}

bool write_queue::flush(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    const auto target = enqueued_;
    if (completed_ >= target) return true;
    flush_target_ = std::max(flush_target_, target);  // moves waiting out progress_delay are written now
    work_cv_.notify_one();
    return done_cv_.wait_for(lock, timeout, [&] { return completed_ >= target; });
}

store_health write_queue::health() const {
    std::lock_guard lock(mutex_);
    auto h = health_;
    h.pending = enqueued_ - completed_;
    return h;
}

void write_queue::when_written(std::function<void(bool written)> done, match_id of_match) {
    {
        std::lock_guard lock(mutex_);
        waiters_.push_back({completed_, enqueued_, false, std::move(done), of_match});
    }
    work_cv_.notify_one();  // with nothing pending the writer answers at once
}

void write_queue::run_ready_waiters() {
    std::vector<written_waiter> ready;
    {
        std::lock_guard lock(mutex_);
        const auto done = std::stable_partition(waiters_.begin(), waiters_.end(),
                                                [&](const written_waiter& w) { return w.target > completed_; });
        std::move(done, waiters_.end(), std::back_inserter(ready));
        waiters_.erase(done, waiters_.end());
    }
    for (auto& w : ready) {
        try {
            w.done(!w.failed);
        } catch (const std::exception& e) {
            spdlog::error("a when_written callback threw: {}", e.what());
        } catch (...) {
            spdlog::error("a when_written callback threw");
        }
    }
}

void write_queue::count_dropped(std::uint64_t first_seq, std::span<const write_op> dropped) {
    health_.dropped += dropped.size();
    for (std::size_t i = 0; i < dropped.size(); ++i) {
        const std::uint64_t seq = first_seq + i;
        const match_id of = std::visit([](const auto& r) { return match_of(r); }, dropped[i]);
        for (auto& w : waiters_) {
            if (seq < w.from || seq >= w.target) continue;
            if (w.of_match == 0 || of == 0 || of == w.of_match) w.failed = true;
        }
    }
}

bool write_queue::wait_for_work(std::unique_lock<std::mutex>& lock) {
    // Anything but moves alone (or a waiter, which waits for whatever is queued) is written at once; moves alone
    // once the oldest is due.
    const auto write_now = [&] {
        return stopping_ || urgent_queued_ > 0 || !waiters_.empty() || flush_target_ > taken_ ||
               queue_.size() >= options_.max_batch ||
               (!queue_.empty() && std::chrono::steady_clock::now() >= progress_due_);
    };
    while (!write_now()) {
        if (queue_.empty()) work_cv_.wait(lock);
        else work_cv_.wait_until(lock, progress_due_);
    }
    return !(queue_.empty() && stopping_ && waiters_.empty());
}

std::uint64_t write_queue::take_batch(std::vector<write_op>& batch) {
    const auto first_seq = taken_;
    const auto n = std::min(queue_.size(), std::max<std::size_t>(options_.max_batch, 1));
    for (std::size_t i = 0; i < n; ++i) {
        // Once taken, a match's progress is no longer replaceable: the next one queues anew. So a batch holds at
        // most one progress per match, the newest at the time it was taken.
        if (auto* progress = std::get_if<hand_progress>(&queue_.front())) {
            queued_progress_.erase(progress->match);
        } else {
            --urgent_queued_;
        }
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
        ++taken_;
    }
    if (queue_.empty()) progress_due_ = never;
    return first_seq;
}

void write_queue::writer_loop() {
    std::vector<write_op> batch;
    for (;;) {
        std::uint64_t first_seq = 0;
        {
            std::unique_lock lock(mutex_);
            if (!wait_for_work(lock)) return;  // stopping with nothing left
            first_seq = take_batch(batch);
        }
        if (!batch.empty()) {
            write(batch, first_seq);
            {
                std::lock_guard lock(mutex_);
                completed_ += batch.size();
            }
            done_cv_.notify_all();
            batch.clear();
        }
        run_ready_waiters();
    }
}

void write_queue::write(std::span<const write_op> batch, std::uint64_t first_seq) {
    for (std::size_t attempt = 1;; ++attempt) {
        const write_result result = backend_.write_batch(batch);
        if (result.status == write_status::committed) {
            std::lock_guard lock(mutex_);
            if (!health_.ok) spdlog::info("database writes succeed again");
            health_.ok = true;
            ++health_.transactions;
            return;
        }
        const bool refused = result.status == write_status::refused;
        bool stopping = false;
        {
            std::lock_guard lock(mutex_);
            // A refusal is the database's answer, not its absence (a fenced write of a table another node took
            // over): nothing waits to be retried, and the database is there, so the store is healthy.
            health_.ok = refused;
            if (!refused) ++health_.failed_attempts;
            health_.last_error = result.error;
            stopping = stopping_;
        }
        if (refused) {
            if (batch.size() > 1) {
                // Find the refused record: write the others one by one.
                for (std::size_t i = 0; i < batch.size(); ++i) write(batch.subspan(i, 1), first_seq + i);
            } else {
                spdlog::error("database refused a {} record, dropped: {}",
                              std::visit([](const auto& r) { return describe_op(r); }, batch.front()), result.error);
                std::lock_guard lock(mutex_);
                count_dropped(first_seq, batch);
            }
            return;
        }
        if (stopping && attempt >= options_.shutdown_retries) {
            spdlog::error("shutting down: giving up on {} records after {} failed writes: {}", batch.size(), attempt,
                          result.error);
            std::lock_guard lock(mutex_);
            count_dropped(first_seq, batch);
            return;
        }
        const auto delay = retry_delay(attempt);
        spdlog::warn("writing {} records failed ({}); retry {} in {} ms", batch.size(), result.error, attempt,
                     delay.count());
        std::this_thread::sleep_for(delay);
    }
}

}  // namespace golf::persistence
