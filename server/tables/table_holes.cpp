// Between holes: a finished hole (once its record is written, table_durability.cpp) waits for its review to be read.
#include "server/tables/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

namespace golf::server {

void table::schedule_next_hole() {
    state_ = v1::TABLE_STATE_BETWEEN_HOLES;
    next_hole_pending_ = true;
    for (seat& st : seats_) st.read_review = false;
    arm_deal(between_holes_);
}

// The next hole is dealt `after` from now, unless someone's Next hole deals it first.
void table::arm_deal(std::chrono::milliseconds after) {
    hole_timer_.arm(after, shared_from_this(), [this] {
        if (closed_ || !match_ || match_->over() || match_->hole_in_play()) return;
        if (deal_next_hole()) changed("hole " + std::to_string(commitment_hole_) + " dealt");
    });
}

// A player has read the hole's review; when the last connected person has, the next hole is dealt at once.
void table::next_hole(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    const int s = seat_of(link.get());
    if (s < 0) return reply_error(link, rid, v1::ERROR_CODE_NOT_SEATED, "only players deal the next hole");
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "no hole is waiting to be dealt");
    reply_ok(link, rid);
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.read_review) return;
    st.read_review = true;
    if (!deal_if_all_read()) changed(st.name + " is ready for the next hole");
}

// Between holes: once someone has read the review and no connected person is still reading it (the last reader
// pressed Next hole, or left), the next hole need not wait for the timer.
bool table::deal_if_all_read() {
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES || !still_reading().empty()) return false;
    if (std::none_of(seats_.begin(), seats_.end(), [](const seat& st) { return st.read_review; })) return false;
    hole_timer_.cancel();
    if (!deal_next_hole()) return false;  // tried again in a moment
    changed("hole " + std::to_string(commitment_hole_) + " dealt");
    return true;
}

std::vector<int> table::still_reading() const {
    std::vector<int> out;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        if (st.kind == seat_kind::person && st.connected && !st.link.expired() && !st.read_review)
            out.push_back(static_cast<int>(s));
    }
    return out;
}

void table::fill_next_hole(v1::TableUpdate& u) const {
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES) return;
    v1::NextHoleWait& w = *u.mutable_next_hole();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(hole_timer_.deadline() - clock::now());
    w.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
    w.set_wait_ms(static_cast<std::uint32_t>(between_holes_.count()));
    // Bots, and seats a bot plays for, never hold the table: they are ready from the start.
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].read_review || bot_controlled(static_cast<int>(s))) w.add_ready(static_cast<std::uint32_t>(s));
    for (int s : still_reading()) w.add_waiting(static_cast<std::uint32_t>(s));
}

}  // namespace golf::server
