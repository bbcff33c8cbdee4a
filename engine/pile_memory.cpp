// pile_memory (see pile_memory.hpp): the discard pile, followed from view to view.
#include "engine/pile_memory.hpp"

namespace golf {

namespace {

// Every card a view accounts for: in layouts, kept as shields, in the stock, on the pile, in hand. The rest of the
// packs are out of play (or, while draw_two_keep_one's cards are being looked at, off the stock).
int cards_in_play(const hand_view& view) {
    int count = view.stock_count + view.discard_count + (view.holding ? 1 : 0);
    for (const seat_view& seat : view.seats) {
        count += static_cast<int>(seat.shields.size());
        for (const position_view& p : seat.layout) count += p.empty ? 0 : 1;
    }
    return count;
}

bool top_is(const std::vector<card>& pile, const hand_view& view) {
    return pile.empty() ? !view.top_discard : view.top_discard && pile.back() == *view.top_discard;
}

// The pile one move after a view of `before` cards on it; false when the change could mean more than one thing.
bool follow_pile(std::vector<card>& pile, int before, const hand_view& view) {
    if (view.discard_count <= 1) {  // whatever happened (a reshuffle keeps the top alone): the pile is what shows
        pile.assign(view.top_discard ? 1 : 0, view.top_discard.value_or(card{}));
        return view.discard_count == static_cast<int>(pile.size());
    }
    const int grew = view.discard_count - before;
    if (grew == 1 && view.top_discard) {
        pile.push_back(*view.top_discard);
        return true;
    }
    if (grew == -1 && !pile.empty()) pile.pop_back();  // the top taken
    else if (grew != 0) return false;
    return top_is(pile, view);
}

}  // namespace

void pile_memory::see(const ruleset& rules, const hand_view& view, bool next) {
    const bool none_out = cards_in_play(view) == rules.deck_size(static_cast<int>(view.seats.size()));
    if (next && sure_) {
        sure_ = follow_pile(pile_, last_count_, view);
    } else {  // a hole's first view, the first after a gap, or after a doubt: sure again of a pile of one
        pile_.clear();
        if (view.top_discard) pile_.push_back(*view.top_discard);
        sure_ = view.discard_count == static_cast<int>(pile_.size());
    }
    sure_ = sure_ && none_out;
    if (!sure_) pile_.clear();
    last_count_ = view.discard_count;
}

void pile_memory::recall_into(hand_view& view) const {
    view.pile = pile_;
    view.out_of_play.clear();
}

}  // namespace golf
