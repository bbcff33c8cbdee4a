// One TableUpdate on its way to everyone at a table. The fields every receiver shares are serialised once; each
// receiver's frame appends its own seat, its own engine view (never anyone else's) and the hole's events it has
// not been sent yet. Spectators at the same place in the log share one frame. A fan-out lives for one update, on
// the stack: its arena's first block is part of it, so building a view costs no allocation.
#pragma once

#include <google/protobuf/arena.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"
#include "server/hole_log.hpp"

namespace golf::server {

class update_fanout {
public:
    using frame_ptr = std::shared_ptr<const std::string>;

    // `h`: the hand whose views go out (null: none); `hole`: its number for the views; `view`: the table's reused
    // engine view (hand::view_into keeps its memory).
    update_fanout(const hand* h, int hole, const hole_log& log, bool shown_once, hand_view& view);
    update_fanout(const update_fanout&) = delete;
    update_fanout& operator=(const update_fanout&) = delete;

    // The shared part, filled by `fill(v1::TableUpdate&)`; before any frame.
    template <class Fill>
    void share(Fill&& fill) {
        auto* base = google::protobuf::Arena::CreateMessage<v1::TableUpdate>(&arena_);
        fill(*base);
        base->SerializeToString(&shared_);
        arena_.Reset();
    }

    // `viewer`'s frame (a seat, or -1 for a spectator); `at` moves past the events it carries. A non-zero
    // `answers` makes it the answer to that request.
    frame_ptr frame_for(int viewer, hole_log::cursor& at, std::uint32_t answers = 0);

    // Every spectator still connected gets the frame for its place in the log (those who have just arrived get
    // the whole log). `Spectator` has `link` (a weak_ptr<client_link>) and `log_at`.
    template <class Spectator>
    void send_to_spectators(std::vector<Spectator>& spectators) {
        shared_frames_.clear();
        for (Spectator& sp : spectators) {
            const auto link = sp.link.lock();
            if (!link) continue;
            link->send(spectator_frame(sp.log_at));
        }
    }

private:
    frame_ptr spectator_frame(hole_log::cursor& at);

    struct shared_frame {
        hole_log::cursor from, to;
        frame_ptr frame;
    };

    const hand* hand_;
    const int hole_;
    const hole_log& log_;
    const bool shown_once_;
    hand_view& view_;
    // A view is a hundred or so small messages, the shared part dozens (seats, scorecard): on an arena they cost a
    // pointer bump each and are freed at once.
    alignas(std::max_align_t) std::array<char, 16 * 1024> first_block_;
    google::protobuf::Arena arena_;
    std::string shared_;
    std::vector<shared_frame> shared_frames_;
};

}  // namespace golf::server
