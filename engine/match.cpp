#include "engine/match.hpp"

#include <algorithm>
#include <stdexcept>

namespace golf {

std::optional<std::string> match::check(const ruleset& rules, int players) {
    return validate_for_players(rules, players);
}

match::match(std::shared_ptr<const ruleset> rules, int players, int first_dealer)
    : rules_(std::move(rules)), players_(players), next_dealer_(first_dealer) {
    if (!rules_) throw std::invalid_argument("match: no ruleset");
    if (auto problem = check(*rules_, players)) throw std::invalid_argument(*problem);
    if (first_dealer < 0 || first_dealer >= players) throw std::invalid_argument("match: dealer is not a seat");
    totals_.assign(static_cast<std::size_t>(players), 0);
}

bool match::start_hole(std::uint64_t seed) {
    if (over_ || hole_in_play()) return false;
    hand_.emplace(rules_, players_, next_dealer_, seed);
    return true;
}

action_error match::apply(int seat, action a, std::vector<event>* events) {
    if (!hole_in_play()) return action_error::hand_over;
    const action_error error = hand_->apply(seat, a, events);
    if (error == action_error::none && hand_->over()) record_finished_hole();
    return error;
}

void match::record_finished_hole() {
    const hand& h = *hand_;
    hole_record record;
    record.dealer = h.dealer();
    record.seed = h.seed();
    record.caller = h.caller();
    record.ended = h.ended();
    record.scores = h.result().scores;
    for (int s = 0; s < players_; ++s) totals_[static_cast<std::size_t>(s)] += record.scores[static_cast<std::size_t>(s)];
    record.totals = totals_;
    record.actions = h.log();
    holes_.push_back(std::move(record));
    next_dealer_ = (h.dealer() + 1) % players_;

    if (h.result().match_winner >= 0) {
        outright_winner_ = h.result().match_winner;
        over_ = true;
        return;
    }
    const ruleset& r = *rules_;
    const bool holes_done = r.holes > 0 && static_cast<int>(holes_.size()) >= r.holes;
    const bool target_reached =
        r.target_score > 0 && std::any_of(totals_.begin(), totals_.end(), [&](int t) { return t >= r.target_score; });
    if (!holes_done && !target_reached) return;
    // A play-off continues while the lowest total is shared.
    over_ = r.match_tie == match_tie_rule::shared || winners().size() == 1;
}

std::vector<int> match::winners() const {
    if (outright_winner_ >= 0) return {outright_winner_};
    std::vector<int> out;
    const int lowest = *std::min_element(totals_.begin(), totals_.end());
    for (int s = 0; s < players_; ++s)
        if (totals_[static_cast<std::size_t>(s)] == lowest) out.push_back(s);
    return out;
}

match_view match::view_for(int seat) const {
    match_view v;
    if (hand_) {
        v.hand = hand_->view_for(seat);
    } else {
        v.hand.viewer = seat >= 0 && seat < players_ ? seat : -1;
        v.hand.current_phase = phase::over;
        v.hand.rows = rules_->rows;
        v.hand.cols = rules_->cols;
        v.hand.dealer = next_dealer_;
    }
    v.holes.reserve(holes_.size());
    for (const hole_record& h : holes_) {
        hole_record copy = h;
        copy.actions.clear();  // the scorecard, not the action record
        v.holes.push_back(std::move(copy));
    }
    v.totals = totals_;
    v.match_over = over_;
    if (over_) v.winners = winners();
    return v;
}

}  // namespace golf
