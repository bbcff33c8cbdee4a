#include "server/tables/update_fanout.hpp"

#include <utility>

#include "engine/hand_events.hpp"
#include "proto/convert.hpp"
#include "server/frames.hpp"

namespace golf::server {

update_fanout::update_fanout(const hand* h, int hole, const hole_log& log, bool shown_once, scratch& reuse)
    : hand_(h), hole_(hole), log_(log), shown_once_(shown_once), reuse_(reuse) {}

update_fanout::frame_ptr update_fanout::frame_for(int viewer, hole_log::cursor& at, std::uint32_t answers) {
    auto& personal = cleared<v1::TableUpdate>();
    personal.set_your_seat(viewer);
    if (log_.hole() > 0) log_.fill(personal, viewer, at, shown_once_);
    if (!hand_) return update_frame(shared_, personal, answers);
    // Only the seats this receiver is shown more of than a spectator are built; the rest are the spectator's.
    const seat_set beyond = hand_->seats_shown_beyond_spectator(viewer);
    hand_->view_into(viewer, reuse_.view, recall::as_shown, beyond);
    encode_hand(reuse_.view, beyond);
    return update_frame(shared_, personal, answers, &reuse_.hand);
}

// The view's own fields, then its seats: a seat the receiver is shown no more of than a spectator is (`beyond`
// lacks it) encodes to the spectator's bytes, made once; its own seat, which it usually knows more of, is kept per
// player.
void update_fanout::encode_hand(const hand_view& view, seat_set beyond) {
    auto& fields = cleared<v1::HandView>();
    wire::fill_except_seats(fields, view, hole_);
    reuse_.hand.clear();
    fields.AppendToString(&reuse_.hand);
    encode_everyone();
    for (std::size_t i = 0; i < reuse_.seats.size(); ++i) {
        if (!(beyond & seat_bit(static_cast<int>(i)))) {
            reuse_.hand += reuse_.seats[i].bytes;
        } else if (static_cast<int>(i) == view.viewer) {
            if (reuse_.own.size() <= i) reuse_.own.resize(i + 1);
            reuse_.hand += encoded(reuse_.own[i], view.seats[i]);
        } else {
            encoded_seat fresh;  // another's seat it knows more of than a spectator (a power's look): rare
            reuse_.hand += encoded(fresh, view.seats[i]);
        }
    }
}

const std::string& update_fanout::encoded(encoded_seat& cache, const seat_view& seat) {
    if (!cache.bytes.empty() && cache.seat == seat) return cache.bytes;
    cache.seat = seat;
    cache.bytes.clear();
    auto& layout = cleared<v1::SeatLayout>();
    wire::fill(layout, seat);
    append_message_field(cache.bytes, v1::HandView::kSeatsFieldNumber, layout);
    return cache.bytes;
}

void update_fanout::encode_everyone() {
    if (everyone_encoded_) return;
    everyone_encoded_ = true;
    hand_->view_into(-1, reuse_.everyone);
    reuse_.seats.resize(reuse_.everyone.seats.size());
    for (std::size_t i = 0; i < reuse_.seats.size(); ++i) encoded(reuse_.seats[i], reuse_.everyone.seats[i]);
}

// Spectators at the same place in the log share a frame; each takes the cursor that frame's fill left.
update_fanout::frame_ptr update_fanout::spectator_frame(hole_log::cursor& at) {
    auto same = std::find_if(shared_frames_.begin(), shared_frames_.end(),
                             [&](const shared_frame& f) { return f.from.hole == at.hole && f.from.sent == at.sent; });
    if (same == shared_frames_.end()) {
        const hole_log::cursor from = at;
        auto frame = frame_for(-1, at);
        same = shared_frames_.insert(shared_frames_.end(), shared_frame{from, at, std::move(frame)});
    }
    at = same->to;
    return same->frame;
}

}  // namespace golf::server
