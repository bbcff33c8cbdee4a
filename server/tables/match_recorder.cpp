#include "server/tables/match_recorder.hpp"

#include <chrono>
#include <span>
#include <utility>

#include "engine/action_log.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/match_replay.hpp"
#include "server/common/secure.hpp"

namespace golf::server {

namespace {

std::int64_t unix_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

match_recorder::match_recorder(std::shared_ptr<persistence::match_store> store, std::string code, std::string preset,
                               std::shared_ptr<const ruleset> rules)
    : store_(std::move(store)), code_(std::move(code)), preset_(std::move(preset)), rules_(std::move(rules)) {}

void match_recorder::record_table(const table_settings& settings, int seats) {
    if (!store_) return;
    persistence::table_record t;
    t.code = code_;
    t.preset = preset_;
    t.ruleset = to_text(*rules_);
    t.created_at = unix_now();
    t.seats = seats;
    t.is_public = settings.is_public;
    t.password_hash = secure::to_hex(settings.password_hash);
    t.turn_clock_ms = settings.turn_clock.count();
    t.forfeit_when_away = settings.forfeit_when_away;
    t.claim_window_ms = settings.claim_window.count();
    t.between_holes_ms = settings.between_holes.count();
    t.quick_play = settings.quick_play;
    t.tournament_id = settings.tournament_id;
    t.deal_key = secure::to_hex(settings.deal_key);
    store_->record_table(std::move(t));
}

void match_recorder::record_match_start(std::vector<persistence::seat_record> seats) {
    if (!store_) return;
    persistence::match_start m;
    m.table_code = code_;
    m.preset = preset_;
    m.ruleset = to_text(*rules_);
    m.started_at = unix_now();
    m.seats = std::move(seats);
    match_id_ = store_->start_match(std::move(m));
}

void match_recorder::record_bar(std::int64_t account, const std::string& address) {
    if (!store_ || match_id_ == 0) return;
    store_->record_bar({match_id_, account, address});
}

void match_recorder::record_progress(const golf::match& m, int match_number) {
    if (!store_ || !m.hole_in_play()) return;
    const hand& h = *m.current_hand();
    persistence::hand_progress p;
    p.match = match_id_;
    p.hole = static_cast<int>(m.holes().size()) + 1;
    p.seed = h.seed();
    p.dealer = h.dealer();
    const std::tuple key{match_number, p.hole, p.seed};
    if (key != progress_key_ || h.log().size() < progress_logged_) {
        progress_key_ = key;
        progress_actions_.clear();
        progress_logged_ = 0;
    }
    append_action_log(progress_actions_, std::span(h.log()).subspan(progress_logged_));
    progress_logged_ = h.log().size();
    p.actions = progress_actions_;
    store_->record_hand_progress(std::move(p));
}

void match_recorder::record_finished_hole(const golf::match& m) {
    if (!store_ || m.holes().empty()) return;
    const int number = static_cast<int>(m.holes().size());
    store_->record_hole(persistence::to_hole_record(match_id_, number, m.holes().back()));
}

void match_recorder::record_result(const golf::match& m) {
    if (!store_) return;
    persistence::match_result r;
    r.match = match_id_;
    r.ended_at = unix_now();
    const auto winners = m.winners();
    if (winners.size() == 1) r.winner_seat = winners.front();
    r.final_totals = m.totals();
    store_->finish_match(std::move(r));
}

void match_recorder::record_seat_change(persistence::seat_record seat) {
    if (!store_ || match_id_ == 0) return;
    store_->record_seat_change({match_id_, std::move(seat)});
}

void match_recorder::record_abandoned(const golf::match& m) {
    if (!store_) return;
    persistence::match_result r;
    r.match = match_id_;
    r.ended_at = unix_now();
    r.final_totals = m.totals();
    r.abandoned = true;
    store_->finish_match(std::move(r));
}

}  // namespace golf::server
