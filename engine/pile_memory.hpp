// What a seat that forgets nothing knows beyond the view it is shown: the whole discard pile. Everyone saw each
// card go there, but a view as shown (the protocol's) carries only the top discard; a server bot's view
// (recall::perfect) carries them all. A network bot feeds this every view it is shown, one move apart, and gets the
// same knowledge back: a card more on the pile is the new top, one fewer is the top taken, a pile of one is what
// shows. When a change could mean more than one thing (a view missed, a move that put two cards on the pile at
// once) or cards have gone out of play (whole lines removed: a server bot's view lists them, and a card placed and
// removed in one move is named in no view), it says it is not sure, fills nothing, and the bot plays as before
// until the pile is down to one card again (a new hole, a reshuffle).
#pragma once

#include <vector>

#include "engine/hand.hpp"

namespace golf {

class pile_memory {
public:
    // `view`: the seat's view now (as shown). `next`: it is exactly one move after the last view seen in this hole;
    // false for a hole's first view, and after a gap (a view missed, a reconnection).
    void see(const ruleset& rules, const hand_view& view, bool next);
    // Fills view.pile (left empty when not sure): the view a server bot would have been given. Nothing is out of play
    // while it is sure.
    void recall_into(hand_view& view) const;
    bool sure() const { return sure_; }

private:
    bool sure_ = false;
    std::vector<card> pile_;  // bottom first
    int last_count_ = 0;      // discard_count of the last view seen
};

}  // namespace golf
