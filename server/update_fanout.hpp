// One TableUpdate on its way to everyone at a table. The fields every receiver shares are serialised once; each
// receiver's frame appends its own seat, its own engine view (never anyone else's) and the hole's events it has
// not been sent yet. Spectators at the same place in the log share one frame. A fan-out lives for one update, on
// the stack; every part is built in one message per thread, kept from part to part (see cleared_message).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
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

    // The shared part, filled by `fill(v1::TableUpdate&)`, then `encoded`: fields already encoded (a message's
    // fields may come in any order); before any frame.
    template <class Fill>
    void share(Fill&& fill, std::string_view encoded = {}) {
        v1::TableUpdate& base = cleared_message();
        fill(base);
        base.SerializeToString(&shared_);
        shared_.append(encoded);
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
    // The calling thread's message, cleared. Each part is built and encoded within one call, so one message does
    // for all; cleared, it keeps its submessages (a view is a hundred or so), and the next part reuses them
    // instead of making them again. Made per part, even on an arena, they were a fifth of the server's
    // instructions a move (docs/PERFORMANCE.md, "Cost per move").
    static v1::TableUpdate& cleared_message();

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
    std::string shared_;
    std::vector<shared_frame> shared_frames_;
};

}  // namespace golf::server
