// What every store does the same way, whatever its database: records go into the write queue (write_queue.hpp: one
// writer thread into the backend's write_backend), flush and when_written wait on it, health reads it. A store opened
// read-only has no queue and refuses to record. The SQLite and PostgreSQL stores supply the backend, match ids and
// the reads.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "persistence/match_store.hpp"
#include "persistence/write_queue.hpp"

namespace golf::persistence {

class queued_store : public match_store {
public:
    void record_table(table_record table) override;
    match_id start_match(match_start match) override;  // the id from next_match_id(), the row written later
    void record_hole(hole_record hole) override;
    void record_hand_progress(hand_progress progress) override;
    void record_seat_change(seat_change change) override;
    void record_bar(table_bar bar) override;
    void finish_match(match_result result) override;
    bool flush(std::chrono::milliseconds timeout) override;
    // `done` runs on the writer thread, outside the store's locks: it may read or enqueue, never flush().
    void when_written(std::function<void(bool written)> done, match_id of_match = 0) override;
    store_health health() const override;

protected:
    queued_store() = default;
    ~queued_store() override;

    // Starts the writer thread writing into `backend`, which must outlive stop_queue(). Not called: read-only.
    void start_queue(write_backend& backend, write_queue_options options);
    // Writes what is queued and joins the writer; a derived store calls it before its backend goes. Idempotent.
    void stop_queue();
    // Names the store in the logic_error a read-only store throws when asked to record.
    void set_name(std::string name) { name_ = std::move(name); }

private:
    virtual match_id next_match_id() = 0;
    virtual void add_backend_health(store_health&) const {}  // what only the backend counts (checkpoints)
    void enqueue(write_op op);

    std::string name_;
    std::unique_ptr<write_queue> queue_;  // none when read-only
};

}  // namespace golf::persistence
