// The current hole's events, in order: what TableUpdate.events carries. Each receiver keeps a cursor (how much of
// which hole it has been sent), so every update holds just what is new to it, and a receiver who has just arrived
// gets the hole's whole log (events_from_start). Cards are cut per receiver by the engine's event_for.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/action.hpp"
#include "golf/v1/messages.pb.h"

namespace golf::server {

class hole_log {
public:
    // Where a receiver is in the log; a fresh cursor (someone who has just joined or reclaimed a seat) or one of an
    // earlier hole gets the whole log next.
    struct cursor {
        int hole = -1;
        std::size_t sent = 0;
    };

    // A new hole (1-based): the log empties.
    void start(int hole);
    int hole() const { return hole_; }
    std::size_t size() const { return entries_.size(); }

    void add(const std::vector<event>& events);
    // One of the table's own events (EVENT_KIND_CLOCK_RAN_OUT and after), by `seat`.
    void add_table(v1::EventKind kind, int seat);

    // Appends to `u` what `viewer` (a seat, or -1) has not been sent yet and moves its cursor on. A whole log is
    // sent without the cards only its actor saw when `shown_once` (peeks_shown_once: a card is shown once).
    void fill(v1::TableUpdate& u, int viewer, cursor& at, bool shown_once) const;
    // The first entry `at` has not been sent, and whether it is the start of the hole's log.
    std::size_t next_for(const cursor& at) const { return at.hole == hole_ ? at.sent : 0; }

private:
    struct entry {
        v1::EventKind table_kind = v1::EVENT_KIND_UNSPECIFIED;  // set for the table's own events
        event engine{};
    };
    int hole_ = 0;
    std::vector<entry> entries_;
};

}  // namespace golf::server
