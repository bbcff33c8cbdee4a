// The search bot: it decides from its seat's view only. For each decision it samples whole hands consistent with
// the view (hand::sampled_from: the cards it cannot see dealt at random from the cards it has not seen), plays each
// candidate move out to the end of the hand in every sample with the heuristic bot deciding for every seat from
// that seat's view of the sample, and keeps the move whose playouts leave it lowest (its score; where only the end
// of play is left to win, as in four-card, its score less the others' mean). Playouts are spread over the
// candidates by successive halving, and every candidate of a round is played on the same samples, so differences
// between moves are not drowned by differences between deals. docs/BOTS.md says why this design.
// Deterministic: the same view, playouts and random_source state give the same move.
#pragma once

#include "engine/bot.hpp"

namespace golf {

class search_bot final : public bot {
public:
    explicit search_bot(int playouts) : playouts_(playouts) {}
    action choose(const ruleset& rules, const hand_view& view, random_source& random) override;
    int playouts() const { return playouts_; }

private:
    int playouts_;
};

}  // namespace golf
