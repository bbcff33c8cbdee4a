// What a table tells its people: each update fanned out, replies, TableJoined and its chat backlog, the lobby line.
#include "server/tables/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "engine/ruleset_options.hpp"
#include "persistence/rating_update.hpp"
#include "proto/convert.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/update_fanout.hpp"

namespace golf::server {

// The fields of a TableUpdate every receiver shares: the table, the seats, the clocks, the note (and the scorecard,
// from encoded_scorecard).
void table::fill_shared_update(v1::TableUpdate& u, const std::string& note) const {
    u.set_code(code_);
    u.set_state(state_);
    u.set_host_seat(static_cast<std::uint32_t>(host_));
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        v1::SeatInfo& info = *u.add_seats();
        info.set_seat(static_cast<std::uint32_t>(s));
        info.set_occupied(st.kind != seat_kind::empty);
        info.set_name(st.name);
        info.set_registered(st.account != 0);
        info.set_bot(st.kind == seat_kind::bot ? st.level.level : v1::BOT_LEVEL_UNSPECIFIED);
        if (st.kind == seat_kind::bot) info.set_search_budget(st.level.search_budget);
        info.set_connected(st.kind == seat_kind::person && st.connected);
        info.set_bot_standing_in(st.bot_standing_in);
        info.set_forfeited(st.forfeited);
        info.set_open(st.open);
        if (!st.kick_voters.empty()) info.set_kick_votes(static_cast<std::uint32_t>(kick_votes(static_cast<int>(s))));
    }
    u.set_kick_votes_needed(static_cast<std::uint32_t>(kick_votes_needed()));
    u.set_removal_by_vote(strangers());
    u.set_spectators(static_cast<std::uint32_t>(spectators_.size()));
    if (!commitment_.empty()) {
        u.mutable_fairness()->set_commitment(commitment_);
        u.mutable_fairness()->set_hole(static_cast<std::uint32_t>(commitment_hole_));
    }
    if (clock_timer_.pending()) {
        v1::TurnClock& c = *u.mutable_clock();
        c.set_seat(clock_seat_);  // -1 during the start: every seat still owing a start action
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(clock_timer_.deadline() - clock::now());
        c.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
        c.set_seconds_per_turn(static_cast<std::uint32_t>((turn_clock_.count() + 999) / 1000));
    }
    if (claim_timer_.pending()) {
        v1::ClaimWindow& w = *u.mutable_claim_window();
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(claim_timer_.deadline() - clock::now());
        w.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
        w.set_window_ms(static_cast<std::uint32_t>(settings_.claim_window.count()));
    }
    if (claim_outcome_) *u.mutable_claim() = *claim_outcome_;
    fill_next_hole(u);
    u.set_hand_version(hand_version_);
    u.set_note(note);
}

// The match's scorecard as the update's field, encoded again only when a hole has been recorded since (rebuilt
// for every update, it grew with every hole played).
std::string_view table::encoded_scorecard() {
    if (!match_) return {};
    const std::tuple key{match_number_, match_->holes().size(), match_->over()};
    if (key == scorecard_key_) return scorecard_encoded_;
    v1::TableUpdate only;
    v1::Scorecard& card = *only.mutable_scorecard();
    const auto& holes = match_->holes();
    for (std::size_t i = 0; i < holes.size(); ++i) {
        v1::Scorecard::Hole& h = *card.add_holes();
        h.set_number(static_cast<std::uint32_t>(i + 1));
        h.set_dealer(holes[i].dealer);
        h.set_caller(holes[i].caller);
        for (int v : holes[i].scores) h.add_scores(v);
        for (int v : holes[i].totals) h.add_totals(v);
        // A finished hole's seed is revealed; a duplicate round's only in its record once the round is over, since
        // every table of the round is dealt from the same seeds.
        if (settings_.deal_key.empty()) h.set_seed(secure::seed_bytes(holes[i].seed));
        if (holes[i].plays_first_next >= 0) h.set_plays_first_next(holes[i].plays_first_next);
        for (const auto& [drawer, drawn] : holes[i].first_draw) {
            v1::Scorecard::Hole::Draw& draw = *h.add_first_draw();
            draw.set_seat(static_cast<std::uint32_t>(drawer));
            wire::fill(*draw.mutable_card(), drawn);
        }
    }
    for (int v : match_->totals()) card.add_totals(v);
    card.set_match_over(match_->over());
    card.set_match_id(recorder_.match_id());
    if (match_->over())
        for (int w : match_->winners()) card.add_winners(static_cast<std::uint32_t>(w));
    only.SerializeToString(&scorecard_encoded_);
    scorecard_key_ = key;
    return scorecard_encoded_;
}

void table::broadcast(const std::string& note) {
    const hand* h = match_ && match_->current_hand() ? &*match_->current_hand() : nullptr;
    const int hole = match_ ? static_cast<int>(match_->holes().size()) + (match_->hole_in_play() ? 1 : 0) : 0;
    update_fanout fanout(h, hole, log_, rules_->peeks_shown_once, fanout_scratch_);
    fanout.share([&](v1::TableUpdate& u) { fill_shared_update(u, note); }, encoded_scorecard());
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const auto link = seats_[s].kind == seat_kind::person ? seats_[s].link.lock() : nullptr;
        if (!link) continue;
        std::uint32_t answers = 0;
        // A link that did not ask for answers on updates gets its Ok after the update (table_durability.cpp).
        const auto answer = !link->update_answers_act()
                                ? act_answers_.end()
                                : std::find_if(act_answers_.begin(), act_answers_.end(),
                                               [&](const act_answer& a) { return a.link.lock() == link; });
        if (answer != act_answers_.end()) {
            answers = answer->request_id;
            act_answers_.erase(answer);
        }
        link->send(fanout.frame_for(static_cast<int>(s), seats_[s].log_at, answers));
    }
    fanout.send_to_spectators(spectators_);
}

void table::send_joined(const std::shared_ptr<client_link>& link, int s, const std::string& token, std::uint32_t rid) {
    v1::ServerMessage message;
    message.set_request_id(rid);
    v1::TableJoined& joined = *message.mutable_table_joined();
    joined.set_code(code_);
    joined.set_seat(s);
    joined.set_seat_token(token);
    joined.set_preset(preset_);
    *joined.mutable_rules() = wire::to_proto(*rules_);
    joined.set_rated(persistence::plays_preset_rules(preset_, to_text(*rules_)));
    link->send(encode(message));
    send_chat_backlog(link);
}

// The table's recent chat, marked as said earlier, right after TableJoined: a refresh or a reconnect loses none.
void table::send_chat_backlog(const std::shared_ptr<client_link>& link) {
    for (const v1::ChatLine& line : chat_log_) {
        v1::ServerMessage message;
        *message.mutable_chat() = line;
        message.mutable_chat()->set_earlier(true);
        link->send(encode(message));
    }
}

void table::publish() {
    auto reg = owner_.lock();
    if (!reg) return;
    v1::LobbyTable entry;
    entry.set_code(code_);
    entry.set_preset(preset_);
    entry.set_seats(static_cast<std::uint32_t>(seats_.size()));
    // An open seat is a free one to whoever looks for a table.
    entry.set_seated(static_cast<std::uint32_t>(std::count_if(
        seats_.begin(), seats_.end(), [](const seat& st) { return st.kind != seat_kind::empty && !st.open; })));
    entry.set_has_password(!settings_.password_hash.empty());
    entry.set_state(state_);
    entry.set_host_name(seats_[static_cast<std::size_t>(host_)].name);
    entry.set_host_registered(seats_[static_cast<std::size_t>(host_)].account != 0);
    const bool listed = settings_.is_public && !closed_;
    // The lobby's line changes only with the seats, the state or the host, which most moves leave alone: then the
    // registry (one lock for every table) is not asked at all.
    std::string published = entry.SerializeAsString();
    published.push_back(listed ? 'L' : '-');
    if (published == published_) return;
    published_ = std::move(published);
    reg->publish(code_, entry, listed);
}

void table::reply_ok(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    v1::ServerMessage message;
    message.set_request_id(rid);
    message.mutable_ok();
    link->send(encode(message));
}

void table::reply_error(const std::shared_ptr<client_link>& link, std::uint32_t rid, v1::ErrorCode code,
                        std::string_view text) {
    ++metrics_.errors;
    // A refusal is the client's mistake, not the server's; races (a stale view, a move just too late) are routine.
    const bool routine = code == v1::ERROR_CODE_STALE || code == v1::ERROR_CODE_NOT_YOUR_TURN;
    spdlog::log(routine ? spdlog::level::debug : spdlog::level::info, "table {} seat {} ({}): refused with {}: {}",
                code_, seat_of(link.get()), link->session_id(), v1::ErrorCode_Name(code), text);
    link->send(error_frame(rid, code, text));
}

}  // namespace golf::server
