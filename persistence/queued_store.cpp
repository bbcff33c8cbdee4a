// The writes every store shares: into the write queue, or a logic_error from a read-only store.
#include "persistence/queued_store.hpp"

#include <stdexcept>
#include <utility>

namespace golf::persistence {

queued_store::~queued_store() { stop_queue(); }

void queued_store::start_queue(write_backend& backend, write_queue_options options) {
    queue_ = std::make_unique<write_queue>(backend, options);
}

void queued_store::stop_queue() {
    if (queue_) queue_->stop();  // drains the queue, then joins the writer
}

void queued_store::enqueue(write_op op) {
    if (!queue_) throw std::logic_error("a read-only store cannot record (" + name_ + ")");
    queue_->push(std::move(op));
}

void queued_store::record_table(table_record table) { enqueue(std::move(table)); }

match_id queued_store::start_match(match_start match) {
    if (!queue_) throw std::logic_error("a read-only store cannot record (" + name_ + ")");
    const match_id id = next_match_id();
    enqueue(started_match{id, std::move(match)});
    return id;
}

void queued_store::record_hole(hole_record hole) { enqueue(std::move(hole)); }

void queued_store::record_hand_progress(hand_progress progress) { enqueue(std::move(progress)); }

void queued_store::record_seat_change(seat_change change) { enqueue(std::move(change)); }

void queued_store::record_bar(table_bar bar) { enqueue(std::move(bar)); }

void queued_store::finish_match(match_result result) { enqueue(std::move(result)); }

bool queued_store::flush(std::chrono::milliseconds timeout) {
    return queue_ ? queue_->flush(timeout) : true;  // a read-only store has nothing pending
}

void queued_store::when_written(std::function<void(bool written)> done, match_id of_match) {
    if (!queue_) {
        done(true);  // read-only: nothing is ever pending, and no writer thread would answer
        return;
    }
    queue_->when_written(std::move(done), of_match);
}

store_health queued_store::health() const {
    if (!queue_) return {};
    auto h = queue_->health();
    add_backend_health(h);
    return h;
}

}  // namespace golf::persistence
