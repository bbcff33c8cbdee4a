// A match: hands (holes) in a row with a rotating deal, a running scorecard, and the end by number of holes
// or by a target score. It owns the current hand; everything a seat does goes through apply().
// Under winner_plays_first the next deal goes to the seat before the hole's winner (so the winner plays first); a
// tie is broken by cards drawn from a pack shuffled by the finished hole's seed, so a replay (and anyone given the
// revealed seed) finds the same seat, and next_dealer() is known as soon as a hole ends.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/hand.hpp"

namespace golf {

struct hole_record {
    int dealer = 0;
    std::uint64_t seed = 0;
    int caller = -1;
    end_reason ended = end_reason::none;
    std::vector<int> scores;  // per seat, this hole
    std::vector<int> totals;  // per seat, running total after this hole
    std::vector<logged_action> actions;
    // winner_plays_first: the seat that plays first in the next hole, and the cards drawn to break a tie for it
    // (seat, card, in the order drawn; empty when nobody was tied).
    int plays_first_next = -1;
    std::vector<std::pair<int, card>> first_draw;
};

struct match_view {
    hand_view hand;
    std::vector<hole_record> holes;  // finished holes (their actions are left out of views)
    std::vector<int> totals;
    bool match_over = false;
    std::vector<int> winners;
};

class match {
public:
    // nullopt-like failure is reported through create(): a sentence naming the bad option.
    static std::optional<std::string> check(const ruleset& rules, int players);
    match(std::shared_ptr<const ruleset> rules, int players, int first_dealer = 0);

    // Deals the next hole with this seed. Only when no hole is in play and the match is not over.
    bool start_hole(std::uint64_t seed);
    action_error apply(int seat, action a, std::vector<event>* events = nullptr);

    bool hole_in_play() const { return hand_.has_value() && !hand_->over(); }
    bool over() const { return over_; }
    const std::optional<hand>& current_hand() const { return hand_; }
    const std::vector<hole_record>& holes() const { return holes_; }
    const std::vector<int>& totals() const { return totals_; }
    std::vector<int> winners() const;  // lowest totals (every tied seat) once over
    int next_dealer() const { return next_dealer_; }
    int players() const { return players_; }
    const ruleset& rules() const { return *rules_; }

    match_view view_for(int seat) const;

private:
    void record_finished_hole();
    // The lowest layout of the finished hand (ties as winner_tie says), and the cards a tie was drawn with.
    int hand_winner(const hand& h, std::vector<std::pair<int, card>>& draws) const;

    std::shared_ptr<const ruleset> rules_;
    int players_;
    int next_dealer_;
    std::optional<hand> hand_;
    std::vector<hole_record> holes_;
    std::vector<int> totals_;
    bool over_ = false;
    int outright_winner_ = -1;
};

}  // namespace golf
