// pile_memory (see pile_memory.hpp): the discard pile and the cards out of play, followed from view to view.
#include "engine/pile_memory.hpp"

#include <algorithm>

namespace golf {

namespace {

// Every card a view accounts for: in layouts, kept as shields, in the stock, on the pile, in hand. The rest of the
// packs are out of play (or, while draw_two_keep_one's cards are being looked at, off the stock: not sure then).
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

// The pile after one move that changed its size by `grew`; false when the change could mean more than one thing.
bool follow_pile(std::vector<card>& pile, const hand_view& before, const hand_view& view) {
    if (view.discard_count <= 1) {  // whatever happened (a reshuffle keeps the top alone): the pile is what shows
        pile.assign(view.top_discard ? 1 : 0, view.top_discard.value_or(card{}));
        return view.discard_count == static_cast<int>(pile.size());
    }
    const int grew = view.discard_count - before.discard_count;
    if (grew == 0) return top_is(pile, view);
    if (grew == 1) {
        if (!view.top_discard) return false;
        pile.push_back(*view.top_discard);
        return true;
    }
    if (grew != -1 || pile.empty()) return false;
    pile.pop_back();  // the top taken
    return top_is(pile, view);
}

}  // namespace

void pile_memory::see(const ruleset& rules, const hand_view& view, bool next) {
    const int out_now = rules.deck_size(static_cast<int>(view.seats.size())) - cards_in_play(view);
    if (!next) {  // a hole's first view: nothing can have been buried or put out of play yet
        pile_.clear();
        out_.clear();
        if (view.top_discard) pile_.push_back(*view.top_discard);
        sure_ = out_now == 0 && view.discard_count == static_cast<int>(pile_.size());
    } else {
        sure_ = sure_ && follow(view, out_now);
    }
    if (!sure_) {
        pile_.clear();
        out_.clear();
    }
    last_ = view;
}

// One move later: the pile, then the known cards that left the layouts for nowhere (whole lines removed). When a
// line goes in the move that also put a card on the pile, the card placed went with it, unnamed in any view.
bool pile_memory::follow(const hand_view& view, int out_now) {
    if (!follow_pile(pile_, last_, view)) return false;
    const int gone = out_now - static_cast<int>(out_.size());
    if (gone == 0) return top_is(pile_, view);
    if (gone < 0 || view.discard_count != last_.discard_count || view.seats.size() != last_.seats.size()) return false;
    std::vector<card> vanished;
    for (std::size_t s = 0; s < view.seats.size(); ++s) {
        const auto& was = last_.seats[s].layout;
        const auto& now = view.seats[s].layout;
        for (std::size_t i = 0; i < std::min(was.size(), now.size()); ++i)
            if (!was[i].empty && now[i].empty) {
                if (!was[i].value) return false;  // a card nobody could name
                vanished.push_back(*was[i].value);
            }
    }
    if (static_cast<int>(vanished.size()) != gone) return false;
    out_.insert(out_.end(), vanished.begin(), vanished.end());
    return top_is(pile_, view);
}

void pile_memory::recall_into(hand_view& view) const {
    view.pile = pile_;
    view.out_of_play = out_;
}

}  // namespace golf
