// The moves the server makes: bots, stand-ins and forfeited seats, and turns whose clock ran out.
#include "server/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace golf::server {

namespace {

constexpr int max_moves_per_timeout = 32;  // a turn is a handful of moves; the bound only guards a loop

bool contains(const std::vector<int>& seats, int s) { return std::find(seats.begin(), seats.end(), s) != seats.end(); }

}  // namespace

bool table::apply_for(int s, action a) {
    const action_error error = apply_move(s, a);
    if (error != action_error::none) {
        spdlog::warn("table {} seat {}: the server's move {} was refused: {}", code_, s, move_note(s, a),
                     to_string(error));
        return false;
    }
    return true;
}

action table::bot_move(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.forfeited || !st.brain) return safe_move(s, st.random);
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    const action a = st.brain->choose(*rules_, view, st.random);
    return std::find(view.legal.begin(), view.legal.end(), a) != view.legal.end() ? a : view.legal.front();
}

// The heuristic bot's choice, but never a move that ends play (knock, reveal all) on someone else's behalf when
// another move exists.
action table::safe_move(int s, random_source& random) {
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    heuristic_bot chooser;
    const action a = chooser.choose(*rules_, view, random);
    if (a.kind != action_kind::knock && a.kind != action_kind::reveal_all) return a;
    for (action other : view.legal)
        if (other.kind != action_kind::knock && other.kind != action_kind::reveal_all) return other;
    return a;
}

void table::schedule_bots() {
    if (bot_timer_.pending() || closed_ || !match_ || !match_->hole_in_play()) return;
    const auto to_act = match_->current_hand()->seats_to_act();
    const bool bot_may_claim = claim_timer_.pending() && [this] {
        for (int s = 0; s < seat_count(); ++s)
            if (bot_claim_for(s)) return true;
        return false;
    }();
    if (!bot_may_claim && std::none_of(to_act.begin(), to_act.end(), [this](int s) { return bot_controlled(s); }))
        return;
    bot_timer_.arm(bot_delay_, shared_from_this(), [this] { on_bot_timer(); });
}

void table::on_bot_timer() {
    if (closed_) return;
    if (!match_ || !match_->hole_in_play()) return;
    if (bot_claims()) return;
    for (int s : match_->current_hand()->seats_to_act()) {
        if (!bot_controlled(s) || match_->current_hand()->legal_actions(s).empty()) continue;
        const action a = bot_move(s);
        if (!apply_for(s, a)) break;
        std::string note = move_note(s, a);
        after_move(note);
        return changed(note);
    }
    schedule_bots();
}

void table::update_clock() {
    const auto stop = [this] {
        if (clock_timer_.pending()) clock_timer_.cancel();
    };
    if (turn_clock_.count() <= 0 || closed_ || !match_ || !match_->hole_in_play()) return stop();
    const hand& h = *match_->current_hand();
    const auto to_act = h.seats_to_act();
    if (std::all_of(to_act.begin(), to_act.end(), [this](int s) { return bot_controlled(s); })) return stop();
    const int timed_seat = h.current_phase() == phase::start ? -1 : h.current_seat();
    const auto key =
        std::make_tuple(match_number_, static_cast<int>(match_->holes().size()), timed_seat, h.turns_played());
    if (clock_timer_.pending() && key == clock_key_) return;  // the same turn: its clock keeps running
    clock_key_ = key;
    clock_seat_ = timed_seat;
    clock_timer_.arm(turn_clock_, shared_from_this(), [this] { on_clock(); });
}

void table::on_clock() {
    if (closed_) return;
    if (!match_ || !match_->hole_in_play()) return;
    const hand& h = *match_->current_hand();
    std::vector<int> timed;
    for (int s : h.seats_to_act())
        if (!bot_controlled(s)) timed.push_back(s);
    std::string note;
    const bool start = h.current_phase() == phase::start;
    const int turns = h.turns_played();
    for (int s : timed) {
        log_.add_table(v1::EVENT_KIND_CLOCK_RAN_OUT, s);
        // Moves until the seat no longer owes one: its start actions, or the rest of its turn.
        for (int i = 0; i < max_moves_per_timeout && match_->hole_in_play(); ++i) {
            const hand& now = *match_->current_hand();
            const bool owes =
                start ? now.current_phase() == phase::start && contains(now.seats_to_act(), s)
                      : now.current_phase() != phase::start && now.current_seat() == s && now.turns_played() == turns;
            if (!owes || now.legal_actions(s).empty()) break;
            const action a = safe_move(s, random_);
            if (!apply_for(s, a)) break;
            std::string ignored;
            after_move(ignored);
        }
        note += (note.empty() ? "" : "; ") + seats_[static_cast<std::size_t>(s)].name +
                "'s clock ran out: the server played for them";
        spdlog::info("table {} seat {}: the turn clock ran out; the server played for it", code_, s);
    }
    if (!match_->hole_in_play()) note += "; hole " + std::to_string(match_->holes().size()) + " is over";
    changed(note);
}

}  // namespace golf::server
