// The moves the server makes: bots, stand-ins and forfeited seats, and turns whose clock ran out.
#include "server/tables/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

namespace golf::server {

namespace {

constexpr int max_moves_per_timeout = 32;  // a turn is a handful of moves; the bound only guards a loop

bool contains(const std::vector<int>& seats, int s) { return std::find(seats.begin(), seats.end(), s) != seats.end(); }

}  // namespace

bool table::apply_for(int s, action a) {
    if (!plays_here()) return false;  // the node steps down and closes the table soon
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

// The first seat the server moves for now (a bot, a stand-in, a forfeited seat), or -1.
int table::next_bot_seat() const {
    for (int s : match_->current_hand()->seats_to_act())
        if (bot_controlled(s) && !match_->current_hand()->legal_actions(s).empty()) return s;
    return -1;
}

// A seat whose bot searches (easy, medium, hard, search:N): it thinks on the bot threads. Stand-ins and forfeited
// seats are played by the heuristic bot on the strand.
bool table::searching(int s) const {
    const seat& st = seats_[static_cast<std::size_t>(s)];
    return st.kind == seat_kind::bot && st.search_playouts > 0;
}

bot_point table::point_for(int s) const {
    return {match_number_, static_cast<int>(match_->holes().size()) + 1, match_->current_hand()->log().size(), s,
            seat_changes_};
}

bool table::thought_current() const {
    return thought_.id != 0 && match_ && match_->hole_in_play() && thought_.at == point_for(thought_.at.seat);
}

// The thought in hand is given up: counted as stale when the hand had left its point (not when it was used).
void table::drop_thought() {
    if (thought_.id != 0 && !thought_current()) {
        ++metrics_.bot_thoughts_stale;
        spdlog::debug("table {} seat {}: a search bot's answer is stale (the hand moved on); thinking again", code_,
                      thought_.at.seat);
    }
    thought_ = {};
    thought_awaited_ = false;
}

void table::schedule_bots() {
    if (bot_timer_.pending() || closed_ || !match_ || !match_->hole_in_play()) return;
    if (thought_awaited_) {
        if (thought_current()) return;  // on_thought applies the answer when it comes
        drop_thought();
    }
    const bool bot_may_claim = claim_timer_.pending() && [this] {
        for (int s = 0; s < seat_count(); ++s)
            if (bot_claim_for(s)) return true;
        return false;
    }();
    const int s = next_bot_seat();
    if (!bot_may_claim && s < 0) return;
    // A searching bot thinks during the delay: its move is applied once both are over. Refused (the queue is
    // full), on_bot_timer asks once more and then lets the heuristic bot decide.
    if (s >= 0 && searching(s) && !thought_current()) {
        drop_thought();
        start_thinking(s);
    }
    bot_timer_.arm(bot_delay_, shared_from_this(), [this] { on_bot_timer(); });
}

void table::on_bot_timer() {
    if (closed_) return;
    if (!match_ || !match_->hole_in_play()) return;
    if (bot_claims()) return;
    const int s = next_bot_seat();
    if (s < 0) return schedule_bots();
    const std::optional<action> a = searching(s) ? thought_for(s) : bot_move(s);
    if (a) play_bot_move(s, *a);
}

// A searching seat's move now that its delay is over: the answer if it has come; nullopt while it is being thought
// about (on_thought applies it). When the bot threads' queue is full the heuristic bot decides, this move only.
std::optional<action> table::thought_for(int s) {
    if (!thinking_) return bot_thinking::search(thinking_job(s));  // no bot threads (a test harness)
    if (!thought_current() || thought_.at.seat != s) {
        drop_thought();
        if (!start_thinking(s)) {
            ++metrics_.bot_thoughts_refused;
            spdlog::debug("table {} seat {}: the bot threads are busy; the heuristic bot decides this move", code_, s);
            return bot_move(s);
        }
    }
    if (thought_.answer) {
        const action a = *thought_.answer;
        thought_ = {};
        return a;
    }
    thought_awaited_ = true;
    return std::nullopt;
}

// Seat s's decision with its own copy of all it needs (no `done`).
bot_thinking::job table::thinking_job(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    bot_thinking::job job;
    job.view = match_->current_hand()->view_for(s, recall::perfect);
    job.rules = rules_;
    job.playouts = st.search_playouts;
    job.seed = st.random.next();  // the seat's generator moves on here, on the strand
    return job;
}

// Sends seat s's decision to the bot threads; false when they refuse it (or there are none).
bool table::start_thinking(int s) {
    if (!thinking_) return false;
    bot_thinking::job job = thinking_job(s);
    const std::uint64_t id = ++thought_ids_;
    job.done = [weak = weak_from_this(), strand = strand_, id](action a) {
        boost::asio::post(strand, [weak, id, a] {
            if (auto self = weak.lock()) self->on_thought(id, a);
        });
    };
    if (!thinking_->submit(std::move(job))) return false;
    ++metrics_.bot_thoughts;
    thought_ = {point_for(s), id, std::nullopt};
    return true;
}

// A search bot's answer, back on the strand. Applied only if the hand is still where it was asked about; a stale
// one is dropped and the bot thinks again. Before the delay is over it waits for on_bot_timer.
void table::on_thought(std::uint64_t id, action a) {
    if (closed_ || id != thought_.id) return;  // given up already
    if (!thought_current()) {
        drop_thought();
        return schedule_bots();
    }
    if (!thought_awaited_) {
        thought_.answer = a;
        return;
    }
    const int s = thought_.at.seat;
    thought_ = {};
    thought_awaited_ = false;
    play_bot_move(s, a);
}

void table::play_bot_move(int s, action a) {
    if (!apply_for(s, a)) return schedule_bots();
    std::string note = move_note(s, a);
    after_move(note);
    changed(note);
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
