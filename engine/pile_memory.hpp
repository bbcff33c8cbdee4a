// What a seat that forgets nothing knows beyond the view it is shown: the whole discard pile and the cards out of
// play. Everyone saw each of them go there, but a view as shown (the protocol's) carries only the top discard; a
// server bot's view (recall::perfect) carries them all. A network bot feeds this every view it is shown, one move
// apart, and gets the same knowledge back. It rebuilds the pile from the changes between two views (a card more on
// it: the new top; one fewer: the top taken; a reshuffle: the top alone) and the cards out of play from the face-up
// cards that left a layout for nowhere. When a change could mean more than one thing (a view missed, a move that put
// two cards on the pile at once) it says it is not sure, fills nothing, and the bot plays as before until the next
// hole.
#pragma once

#include <vector>

#include "engine/hand.hpp"

namespace golf {

class pile_memory {
public:
    // `view`: the seat's view now (as shown). `next`: it is exactly one move after the last view seen in this hole;
    // false for a hole's first view, and after a gap (a view missed, a reconnection).
    void see(const ruleset& rules, const hand_view& view, bool next);
    // Fills view.pile and view.out_of_play (left empty when not sure): the view a server bot would have been given.
    void recall_into(hand_view& view) const;
    bool sure() const { return sure_; }

private:
    bool follow(const hand_view& view, int out_now);

    bool sure_ = false;
    std::vector<card> pile_;  // bottom first
    std::vector<card> out_;
    hand_view last_;
};

}  // namespace golf
