// What a seat that forgets nothing knows of the cards kept face down from the stock: the card each one replaced,
// and whether its owner had seen that card (hand_view::kept, in a server bot's perfect-memory view). The protocol's
// views do not carry it, and cannot always show where a card went: a card placed over one its owner had looked at
// leaves the position's view as it was. A network bot follows it from each move's events (which name the position)
// and the view before the move (which shows who had seen the card replaced). It follows what placing, swaps,
// shuffles and throws do to a layout; after a move that gives or adds a card, or a gap between views, it says it is
// not sure and fills nothing until the next hole.
#pragma once

#include <span>
#include <vector>

#include "engine/hand.hpp"

namespace golf {

class kept_memory {
public:
    // A hole's first view (nothing has been kept yet: sure), or a view after a gap (`sure` false until next hole).
    void restart(bool sure);
    // One move: `before` is the seat's view before it (as shown), `events` the move's events as the seat got them.
    void see(const hand_view& before, std::span<const event> events);
    // Fills view.kept with the face-down cards that were kept (left empty when not sure).
    void recall_into(hand_view& view) const;
    bool sure() const { return sure_; }

private:
    void place(const hand_view& before, const event& placed, const event* discarded);
    void swap(int seat, int slot, int other_seat, int other);
    void forget(int seat, int slot);

    bool sure_ = false;
    std::vector<kept_card> kept_;  // face up or down: a card turned face down again shows its entry again
};

}  // namespace golf
