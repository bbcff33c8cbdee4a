#include "server/update_fanout.hpp"

#include <utility>

#include "proto/convert.hpp"
#include "server/frames.hpp"

namespace golf::server {

v1::TableUpdate& update_fanout::cleared_message() {
    thread_local v1::TableUpdate message;
    message.Clear();
    return message;
}

update_fanout::update_fanout(const hand* h, int hole, const hole_log& log, bool shown_once, hand_view& view)
    : hand_(h), hole_(hole), log_(log), shown_once_(shown_once), view_(view) {}

update_fanout::frame_ptr update_fanout::frame_for(int viewer, hole_log::cursor& at, std::uint32_t answers) {
    v1::TableUpdate& personal = cleared_message();
    personal.set_your_seat(viewer);
    if (hand_) {
        hand_->view_into(viewer, view_);
        wire::fill(*personal.mutable_hand(), view_, hole_);
    }
    if (log_.hole() > 0) log_.fill(personal, viewer, at, shown_once_);
    return update_frame(shared_, personal, answers);
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
