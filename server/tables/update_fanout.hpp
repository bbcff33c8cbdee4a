// One TableUpdate on its way to everyone at a table. The fields every receiver shares are serialised once; each
// receiver's frame appends its own seat, its own engine view (never anyone else's) and the hole's events it has
// not been sent yet. A seat that a receiver sees just as a spectator does (in most games every seat but its own)
// is neither built nor encoded for it: the spectator's is encoded once and its bytes reused, within the update and
// at later ones until the seat changes; so is each player's own seat. Spectators at the same place in the log share one frame. A fan-out lives for one update, on
// the stack; its messages are kept per thread from part to part (cleared).
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
#include "server/tables/hole_log.hpp"

namespace golf::server {

class update_fanout {
public:
    using frame_ptr = std::shared_ptr<const std::string>;

    // A seat as last encoded (a HandView.seats field): a move changes one or two seats, so most are as they were
    // at the update before and their bytes are reused.
    struct encoded_seat {
        seat_view seat;
        std::string bytes;
    };

    // What a fan-out reuses from one update to the next (a table keeps one): the receiver's engine view and its
    // encoding, a spectator's view of each seat, and each player's own seat as that player sees it.
    struct scratch {
        hand_view view;
        std::string hand;  // `view` encoded, the seats from `seats` or `own` where they are the same
        hand_view everyone;
        std::vector<encoded_seat> seats;  // everyone.seats as last encoded
        std::vector<encoded_seat> own;    // by player: its own seat as last encoded, where a spectator sees less
    };

    // `h`: the hand whose views go out (null: none); `hole`: its number for the views.
    update_fanout(const hand* h, int hole, const hole_log& log, bool shown_once, scratch& reuse);
    update_fanout(const update_fanout&) = delete;
    update_fanout& operator=(const update_fanout&) = delete;

    // The shared part, filled by `fill(v1::TableUpdate&)`, then `encoded`: fields already encoded (a message's
    // fields may come in any order); before any frame.
    template <class Fill>
    void share(Fill&& fill, std::string_view encoded = {}) {
        auto& base = cleared<v1::TableUpdate>();
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
    // The calling thread's message of type M, cleared. Each part is built and encoded within one call, so one
    // message does for all; cleared, it keeps its submessages (a view is a hundred or so), and the next part
    // reuses them instead of making them again. Made per part, even on an arena, they were a fifth of the
    // server's instructions a move (docs/PERFORMANCE.md, "Cost per move").
    template <class M>
    static M& cleared() {
        thread_local M message;
        message.Clear();
        return message;
    }

    void encode_hand(const hand_view& view, seat_set beyond);  // into reuse_.hand
    void encode_everyone();  // reuse_.everyone and reuse_.seats, at the first frame with a view
    // `seat` as a HandView.seats field, re-encoded only when it differs from what `cache` was made from.
    static const std::string& encoded(encoded_seat& cache, const seat_view& seat);
    frame_ptr spectator_frame(hole_log::cursor& at);

    struct shared_frame {
        hole_log::cursor from, to;
        frame_ptr frame;
    };

    const hand* hand_;
    const int hole_;
    const hole_log& log_;
    const bool shown_once_;
    scratch& reuse_;
    bool everyone_encoded_ = false;
    std::string shared_;
    std::vector<shared_frame> shared_frames_;
};

}  // namespace golf::server
