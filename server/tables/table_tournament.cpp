// A tournament's table: its seats are held for the round's entrants (by account, not by token), the match starts at
// once, and an entrant who has not come is played by a bot after the grace period; a filler entrant is a bot. The
// tournament decides who sits where and what comes after the match, so nobody hosts: no seat changes, bots,
// removals or rematches here.
#include <spdlog/spdlog.h>

#include "server/common/secure.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

void table::seat_tournament(const std::vector<held_seat>& entrants, std::function<void()> made,
                            std::function<void()> unmade) {
    spdlog::info("table {} created for tournament {}: preset {}, {} seats", code_, settings_.tournament_id, preset_,
                 seats_.size());
    host_ = 0;
    // Seated and dealt before the wait, so the match's start is written with the table's row: a table the tournament
    // lists either plays on after a take-over or closes unmade, and the director seats its entrants again.
    recorder_.record_table(settings_, seat_count());
    for (std::size_t s = 0; s < entrants.size() && s < seats_.size(); ++s) {
        seat& st = seats_[s];
        if (entrants[s].account < 0) {  // a filler: the tournament's own bot, under its entrant's name
            make_bot_seat(static_cast<int>(s), {v1::BOT_LEVEL_HEURISTIC, 0});
            st.name = entrants[s].name;
            continue;
        }
        st.kind = seat_kind::person;
        st.name = entrants[s].name;
        st.account = entrants[s].account;
        if (!entrants[s].entry_hash.empty()) st.token_hash = held_for_guest(entrants[s].entry_hash);
        st.connected = false;
        st.away_since = clock::now();
        ++seat_changes_;
        start_grace(static_cast<int>(s));
    }
    begin_match();
    changed("the tournament's match has started");
    when_recorded(std::move(made), std::move(unmade));
}

bool table::take_held_seat(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                           const std::string& entry_token) {
    const std::int64_t account = link->identity().account;
    const std::string held = entry_token.empty() ? "" : held_for_guest(secure::sha256(entry_token));
    if (account == 0 && held.empty()) return false;
    for (int s = 0; s < seat_count(); ++s) {
        seat& st = seats_[static_cast<std::size_t>(s)];
        const bool theirs = account != 0 ? st.account == account : secure::equal(st.token_hash, held);
        if (st.kind != seat_kind::person || !theirs) continue;
        if (auto old = st.link.lock(); old && old != link) {
            release(old);
            old->close("your seat was taken from another connection");
        }
        const auto reg = owner_.lock();
        if (reg && !st.token_hash.empty()) reg->remove_token(st.token_hash);
        const std::string token = secure::seat_token_at(code_);
        st.token_hash = secure::sha256(token);
        if (reg) reg->add_token(st.token_hash, code_);
        st.connect(link);
        st.grace.cancel();
        ++seat_changes_;
        recorder_.record_seat_change(seat_record_of(s));  // a restart knows the token too
        spdlog::info("table {} seat {}: {} took their seat", code_, s, st.name);
        send_joined(link, s, token, rid);
        changed(st.name + " took their seat");
        return true;
    }
    return false;
}

bool table::refused_at_tournament(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (!tournament()) return false;
    switch (message.body_case()) {
        case v1::ClientMessage::kTakeSeat:
        case v1::ClientMessage::kAddBot:
        case v1::ClientMessage::kRemoveBot:
        case v1::ClientMessage::kStartMatch:
        case v1::ClientMessage::kRematch:
        case v1::ClientMessage::kOpenSeat:
        case v1::ClientMessage::kKickSeat:
        case v1::ClientMessage::kPassHost:
        case v1::ClientMessage::kVoteKick:
            reply_error(link, message.request_id(), v1::ERROR_CODE_BAD_REQUEST,
                        "a tournament's table has no host: its seats, bots and next match are the tournament's");
            return true;
        default: return false;
    }
}

}  // namespace golf::server
