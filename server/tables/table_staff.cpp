// What moderators see of a table and do to it (server/registry/staff_tables.cpp asks): who sits where, as everyone
// at the table sees it and never a card; ending it for everyone; passing on an announcement; a ban taking seats.
#include <spdlog/spdlog.h>

#include "server/frames.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

void table::describe_for_staff(v1::LiveTable& out) const {
    out.set_code(code_);
    out.set_preset(preset_);
    out.set_state(state_);
    out.set_is_public(settings_.is_public);
    if (match_) out.set_hole(static_cast<std::uint32_t>(match_->holes().size()) + (match_->hole_in_play() ? 1 : 0));
    out.set_holes(static_cast<std::uint32_t>(std::max(rules_->holes, 0)));
    std::uint32_t watching = 0;
    for (const spectator& sp : spectators_) watching += sp.link.expired() ? 0 : 1;
    out.set_watchers(watching);
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        v1::LiveSeat& one = *out.add_seats();
        one.set_seat(static_cast<std::uint32_t>(s));
        if (st.kind == seat_kind::empty) continue;
        one.set_name(st.name);
        one.set_registered(st.account != 0);
        one.set_bot(bot_controlled(static_cast<int>(s)));
        one.set_connected(st.kind == seat_kind::person && st.connected);
        one.set_host(host_ == static_cast<int>(s));
        one.set_person(st.kind == seat_kind::person);
    }
}

bool table::end_by_staff(const std::string& reason) {
    if (closed_ || !plays_here()) return false;
    v1::ServerMessage told;
    told.mutable_removed()->set_code(code_);
    told.mutable_removed()->set_reason(reason);
    told.mutable_removed()->set_table_ended(true);
    tell_everyone(encode(told));
    close("a moderator ended it: " + reason);  // gives the match up: unrated, never restored
    return true;
}

// An account's ban takes each seat of the account; a ban of guests at an address, the guests' seats from there; a
// ban from public play, those seats at public and quick-play tables only. A mute takes nothing.
void table::remove_banned(const persistence::sanction_record& ban, std::int64_t now) {
    using kind = persistence::sanction_kind;
    if (closed_ || !plays_here() || !ban.active_at(now) || ban.kind == kind::mute) return;
    if (ban.kind == kind::public_ban && !strangers()) return;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        if (st.kind != seat_kind::person || st.open) continue;
        const bool held = ban.account != 0 ? st.account == ban.account : st.account == 0 && st.address == ban.address;
        if (!held) continue;
        spdlog::info("table {} seat {}: sanction {} takes {}'s seat", code_, s, ban.id, st.name);
        remove_person(static_cast<int>(s), removed_by::ban, ban.reason, ban.expires_at);
    }
}

void table::tell_everyone(const std::shared_ptr<const std::string>& frame) const {
    for (const seat& st : seats_)
        if (auto link = st.kind == seat_kind::person ? st.link.lock() : nullptr) link->send(frame);
    for (const spectator& sp : spectators_)
        if (auto link = sp.link.lock()) link->send(frame);
}

}  // namespace golf::server
