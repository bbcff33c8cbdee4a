// kept_memory (see kept_memory.hpp): which card each card kept from the stock replaced, followed move by move.
#include "engine/kept_memory.hpp"

#include <algorithm>

#include "engine/hand_events.hpp"

namespace golf {

namespace {

// A position the view has: events from the network are checked before they index it.
bool has_position(const hand_view& view, int seat, int slot) {
    return seat >= 0 && seat < static_cast<int>(view.seats.size()) && slot >= 0 &&
           slot < static_cast<int>(view.seats[static_cast<std::size_t>(seat)].layout.size());
}

bool face_down_at(const hand_view& view, int seat, int slot) {
    return has_position(view, seat, slot) &&
           !view.seats[static_cast<std::size_t>(seat)].layout[static_cast<std::size_t>(slot)].face_up;
}

}  // namespace

void kept_memory::restart(bool sure) {
    kept_.clear();
    sure_ = sure;
}

void kept_memory::see(const hand_view& before, std::span<const event> events) {
    if (!sure_) return;
    for (std::size_t i = 0; i < events.size() && sure_; ++i) {
        const event& e = events[i];
        switch (e.kind) {
            case event_kind::placed: {
                const event* discarded =
                    i + 1 < events.size() && events[i + 1].kind == event_kind::discarded ? &events[i + 1] : nullptr;
                place(before, e, discarded);
                break;
            }
            case event_kind::swapped_own: swap(e.seat, e.slot, e.seat, e.other); break;
            case event_kind::swapped: swap(e.target, e.slot, e.other_target, e.other); break;
            case event_kind::shuffled:  // the face-down cards are mixed: nobody knows which was kept over what
                std::erase_if(kept_, [&](const kept_card& k) {
                    return k.seat == e.target && face_down_at(before, k.seat, k.slot);
                });
                break;
            case event_kind::thrown: forget(e.target, e.slot); break;
            case event_kind::gave:
            case event_kind::added: sure_ = false; break;  // a card moved or came in where events cannot say
            default: break;                                // nothing a layout's kept cards depend on
        }
    }
    if (!sure_) kept_.clear();
}

// A card placed from the stock face down remembers the card it replaced; one everyone knows remembers nothing.
void kept_memory::place(const hand_view& before, const event& placed, const event* discarded) {
    forget(placed.seat, placed.slot);
    if (placed.card_shown) return;  // face up, or taken from the discards
    if (!discarded || !discarded->card_shown || discarded->seat != placed.seat ||
        !has_position(before, placed.seat, placed.slot)) {
        sure_ = false;
        return;
    }
    const position_view& p =
        before.seats[static_cast<std::size_t>(placed.seat)].layout[static_cast<std::size_t>(placed.slot)];
    const bool owner_saw = p.face_up || (p.known_by & seat_bit(placed.seat));
    kept_.push_back({placed.seat, placed.slot, kept_over{*discarded->card_shown, owner_saw}});
}

void kept_memory::swap(int seat, int slot, int other_seat, int other) {
    for (kept_card& k : kept_) {
        if (k.seat == seat && k.slot == slot) k.seat = other_seat, k.slot = other;
        else if (k.seat == other_seat && k.slot == other) k.seat = seat, k.slot = slot;
    }
}

void kept_memory::forget(int seat, int slot) {
    std::erase_if(kept_, [&](const kept_card& k) { return k.seat == seat && k.slot == slot; });
}

void kept_memory::recall_into(hand_view& view) const {
    view.kept.clear();
    if (!sure_) return;
    for (const kept_card& k : kept_) {
        if (face_down_at(view, k.seat, k.slot) &&
            !view.seats[static_cast<std::size_t>(k.seat)].layout[static_cast<std::size_t>(k.slot)].empty)
            view.kept.push_back(k);
    }
    std::sort(view.kept.begin(), view.kept.end(), [](const kept_card& a, const kept_card& b) {
        return a.seat != b.seat ? a.seat < b.seat : a.slot < b.slot;
    });
}

}  // namespace golf
