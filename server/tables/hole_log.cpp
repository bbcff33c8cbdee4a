#include "server/tables/hole_log.hpp"

#include "proto/convert.hpp"

namespace golf::server {

void hole_log::start(int hole) {
    hole_ = hole;
    entries_.clear();
}

void hole_log::add(const std::vector<event>& events) {
    for (const event& e : events) entries_.push_back(entry{v1::EVENT_KIND_UNSPECIFIED, e});
}

void hole_log::add_table(v1::EventKind kind, int seat) {
    entry e;
    e.table_kind = kind;
    e.engine.seat = static_cast<std::int8_t>(seat);
    entries_.push_back(e);
}

void hole_log::fill(v1::TableUpdate& u, int viewer, cursor& at, bool shown_once) const {
    const std::size_t from = next_for(at);
    const bool from_start = from == 0;
    if (from_start) u.set_events_from_start(true);
    // Live, each receiver sees what it saw once; a log resent to one who has just (re)joined must not show a memory
    // game's cards again.
    const bool with_seen_card = !(at.hole < 0 && shown_once);
    for (std::size_t i = from; i < entries_.size(); ++i) {
        v1::TableEvent& out = *u.add_events();
        const entry& e = entries_[i];
        if (e.table_kind != v1::EVENT_KIND_UNSPECIFIED) {
            out.set_hole(static_cast<std::uint32_t>(hole_));
            out.set_index(static_cast<std::uint32_t>(i));
            out.set_kind(e.table_kind);
            out.set_seat(e.engine.seat);
            out.set_target_seat(-1);
            out.set_other_seat(-1);
            continue;
        }
        wire::fill(out, e.engine, viewer, with_seen_card, hole_, static_cast<int>(i));
    }
    at = cursor{hole_, entries_.size()};
}

}  // namespace golf::server
