// What players see waits for the record: nobody sees a hole end (and no next hole is dealt) before its record is
// written, so a crash never loses a hole that players saw finish; with --durability moves, nobody sees a deal or a
// move, nor does its mover get its answer, before its record is written, so no acknowledged move is ever lost.
#include "server/tables/table.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

namespace golf::server {

// Holds updates until everything recorded so far is written. A newer hold covers an older one (the write queue
// answers in order), so only the newest generation's answer counts.
void table::hold_until_written(bool hole_over) {
    persistence::match_store* store = recorder_.store();
    if (!store) {
        if (hole_over && !match_->over()) schedule_next_hole();
        return;
    }
    updates_held_ = true;
    hole_over_held_ = hole_over_held_ || hole_over;
    const std::uint64_t generation = ++durable_generation_;
    // A stalled database holds a hole's end for a while only (play goes on, /healthz says why); a move promised to
    // be durable waits as long as the database does.
    if (!durable_moves_)
        durable_timer_.arm(hole_durable_wait, shared_from_this(),
                           [this, generation] { on_written(generation, false); });
    // Only this match's records count: another table's refused record queued before ours must not hold us up.
    store->when_written(
        [weak = weak_from_this(), generation](bool written) {
            if (auto self = weak.lock())
                boost::asio::post(self->strand_,
                                  [self, generation, written] { self->on_written(generation, written); });
        },
        recorder_.match_id());
}

void table::on_written(std::uint64_t generation, bool written) {
    if (closed_ || !updates_held_ || generation != durable_generation_) return;
    if (!written && durable_moves_) {
        // Refused for good (another node owns the table, or the database rejects the record): showing the move
        // would acknowledge what is not kept.
        // Waiting on would leave its players unanswered; closed here, they connect again and find where it is
        // played now (or, were the refusal anything else, this node restores it from what the database kept).
        spdlog::error("table {}: a move's record was refused; it is not shown, and the table closes here", code_);
        shutdown("this server no longer holds the table; connect again to play on");
        return;
    }
    updates_held_ = false;
    durable_timer_.cancel();
    if (!written)
        spdlog::warn("table {}: hole {} is not on disk yet; play goes on while the database retries", code_,
                     match_ ? match_->holes().size() : 0);
    if (std::exchange(hole_over_held_, false) && match_ && !match_->over()) schedule_next_hole();
    changed(std::exchange(pending_note_, {}));
    answer_acts_without_update();
}

// An accepted Act whose mover got no update (a seat that is not a person's link any more, or, with holes
// durability, a hole's end still being written) is answered with an Ok, unless updates are held for its record.
void table::answer_acts_without_update() {
    if (updates_held_ && durable_moves_) return;
    for (const act_answer& a : std::exchange(act_answers_, {})) {
        if (auto link = a.link.lock()) reply_ok(link, a.request_id);
    }
}

}  // namespace golf::server
