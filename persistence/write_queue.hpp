// The write queue every store shares: records are enqueued and return at once; one writer thread takes them in
// batches and hands each batch to a write_backend (one transaction, all or nothing), retrying a failed batch after a
// pause and dropping (and logging) only a record the database itself refuses. It knows no SQL. It holds at most one
// hand_progress per match (a newer one replaces the waiting one), so a stalled disk cannot make the per-move records
// pile up in memory, and a move alone may wait progress_delay so many are written in one transaction.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <unordered_map>
#include <variant>
#include <vector>

#include "persistence/match_store.hpp"

namespace golf::persistence {

// A match_start with the id the store gave it when it was enqueued.
struct started_match {
    match_id id;
    match_start match;
};

using write_op =
    std::variant<table_record, started_match, hole_record, hand_progress, seat_change, table_bar, match_result>;

enum class write_status {
    committed,  // every record of the batch is written
    failed,     // nothing is written; the same batch may succeed later (busy, locked, a full disk)
    refused,    // nothing is written; a record in it is one the database will refuse however often it is tried
};

struct write_result {
    write_status status = write_status::committed;
    std::string error;  // the database's sentence when not committed
};

// A database the queue writes into. Called on the writer thread only, one batch at a time.
class write_backend {
public:
    virtual ~write_backend() = default;
    // Writes the batch in one transaction: all of it or, on failure, none of it.
    virtual write_result write_batch(std::span<const write_op> batch) = 0;
};

struct write_queue_options {
    std::size_t max_batch = 1000;  // records per transaction
    // How long a hand_progress alone may wait to be written; any other record wakes the writer at once and takes
    // whatever is queued with it. 0: at once.
    std::chrono::milliseconds progress_delay{0};
    std::size_t shutdown_retries = 5;  // failed attempts tolerated while stopping before giving up (logged)
};

class write_queue {
public:
    // Starts the writer thread; `backend` must outlive the queue (or its stop()).
    write_queue(write_backend& backend, write_queue_options options);
    ~write_queue();  // stop()
    write_queue(const write_queue&) = delete;
    write_queue& operator=(const write_queue&) = delete;

    void push(write_op op);
    // Waits until everything pushed before the call is written or dropped; false if the timeout came first.
    bool flush(std::chrono::milliseconds timeout);
    // `done` runs on the writer thread, outside the queue's locks, once everything pushed before the call is
    // committed (true) or once some of it was dropped (false). It may push or read, never flush(). With
    // `of_match`, only a dropped record of that match (or one of no match) counts: a table waiting for its own
    // move is not failed by another table's refused record that happened to be queued before it.
    void when_written(std::function<void(bool written)> done, match_id of_match = 0);
    // Every field but checkpoints, which are the backend's.
    store_health health() const;
    // Writes what is queued (giving up after shutdown_retries failed attempts), answers every waiter, joins the
    // writer. Idempotent.
    void stop();

private:
    // A when_written callback: records [from, target) by sequence number were pending when it was asked for.
    struct written_waiter {
        std::uint64_t from;
        std::uint64_t target;
        bool failed;
        std::function<void(bool)> done;
        match_id of_match = 0;  // 0: every record counts
    };

    void writer_loop();
    bool wait_for_work(std::unique_lock<std::mutex>& lock);  // false: stopping with nothing left
    std::uint64_t take_batch(std::vector<write_op>& batch);  // with mutex_ held; returns the batch's first seq
    void write(std::span<const write_op> batch, std::uint64_t first_seq);
    void count_dropped(std::uint64_t first_seq, std::span<const write_op> dropped);  // with mutex_ held
    void run_ready_waiters();

    write_backend& backend_;
    write_queue_options options_;

    mutable std::mutex mutex_;
    std::condition_variable work_cv_;
    std::condition_variable done_cv_;
    std::deque<write_op> queue_;
    std::uint64_t taken_ = 0;  // records taken off the queue's front so far: queue_[seq - taken_] is record seq
    std::unordered_map<match_id, std::uint64_t> queued_progress_;  // match -> seq of its waiting hand_progress
    std::uint64_t enqueued_ = 0;
    std::size_t urgent_queued_ = 0;   // queued records other than hand_progress: the writer goes at once
    std::uint64_t flush_target_ = 0;  // flush() waits for records [0, flush_target_): the writer goes at once
    // When the oldest waiting hand_progress must be written (options_.progress_delay after it was queued).
    std::chrono::steady_clock::time_point progress_due_ = std::chrono::steady_clock::time_point::max();
    std::uint64_t completed_ = 0;  // written or dropped (each drop logged); records [0, completed_) are done
    std::vector<written_waiter> waiters_;
    bool stopping_ = false;
    store_health health_;
    std::thread writer_;
};

}  // namespace golf::persistence
