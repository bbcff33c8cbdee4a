#include "engine/match.hpp"

#include <algorithm>
#include <span>
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
    for (int s = 0; s < players_; ++s)
        totals_[static_cast<std::size_t>(s)] += record.scores[static_cast<std::size_t>(s)];
    record.totals = totals_;
    record.actions = h.log();
    next_dealer_ = (h.dealer() + 1) % players_;
    if (rules_->winner_plays_first) {
        record.plays_first_next = hand_winner(h, record.first_draw);
        next_dealer_ = (record.plays_first_next + players_ - 1) % players_;
    }
    holes_.push_back(std::move(record));

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

int match::hand_winner(const hand& h, std::vector<std::pair<int, card>>& draws) const {
    const auto& layouts = h.result().layouts;
    std::vector<int> tied;
    int lowest = 0;
    for (int s = 0; s < players_; ++s) {
        const int points = layouts[static_cast<std::size_t>(s)].points;
        if (tied.empty() || points < lowest) {
            tied.assign(1, s);
            lowest = points;
        } else if (points == lowest) {
            tied.push_back(s);
        }
    }
    if (rules_->winner_tie == winner_tie_rule::caller_loses && tied.size() > 1) std::erase(tied, h.caller());
    if (tied.size() == 1) return tied.front();
    // "They draw cards to decide": one card each, in seat order, from a pack the hole's seed shuffles; the lowest
    // rank (ace low) wins and those tied on it draw again. A bounded number of rounds, then the first of them.
    random_source random(h.seed() ^ 0x6669727374647277ULL);
    std::vector<card> pack;
    std::size_t next = 0;
    for (int round = 0; round < 64 && tied.size() > 1; ++round) {
        std::vector<int> low;
        int low_rank = 0;
        for (const int s : tied) {
            if (next == pack.size()) {
                pack = make_deck(1, 0);
                random.shuffle(std::span<card>(pack));
                next = 0;
            }
            const card drawn = pack[next++];
            draws.emplace_back(s, drawn);
            if (low.empty() || drawn.rank < low_rank) {
                low.assign(1, s);
                low_rank = drawn.rank;
            } else if (drawn.rank == low_rank) {
                low.push_back(s);
            }
        }
        tied = std::move(low);
    }
    return tied.front();
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
