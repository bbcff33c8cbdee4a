// The steps of a power in use, whichever power takes them (powers.cpp says which steps each power has and checks
// them): a peek, a swap, a shuffle, a card placed, turned or added, lines exchanged, a power chosen; a shield that
// blocks a step; and how a power ends.
#include "engine/hand.hpp"

#include "engine/hand_events.hpp"
#include "engine/powers.hpp"

namespace golf {

// The first other seat with a shield that this power step aims at, or -1.
int hand::shielded_target(action a) const {
    const int me = current_;
    const auto shielded = [&](int seat) {
        return seat != me && seat < players() && !seats_[static_cast<std::size_t>(seat)].shields.empty();
    };
    switch (a.kind) {
        case action_kind::power_swap:
            if (shielded(a.target)) return a.target;
            return shielded(a.other_target) ? a.other_target : -1;
        case action_kind::power_peek:
        case action_kind::shuffle:
        case action_kind::power_place:
        case action_kind::power_flip:
        case action_kind::power_lines:
        case action_kind::power_add: return shielded(a.target) ? a.target : -1;
        default: return -1;
    }
}

// One step of the power in use; the power ends with it unless it leads on to another step or choice.
void hand::do_power(action a, std::vector<event>* events) {
    const int me = current_;
    if (const int target = shielded_target(a); target >= 0) return block_power(target, events);
    switch (a.kind) {
        case action_kind::power_peek:
            if (do_power_peek(a, events)) return;
            break;
        case action_kind::power_swap:
            std::swap(seats_[a.target].layout[a.slot], seats_[a.other_target].layout[a.other]);
            emit_at(events, event_kind::swapped, me, a.target, a.slot, {}, a.other_target, a.other);
            break;
        case action_kind::shuffle: do_power_shuffle(a, events); break;
        case action_kind::power_place: do_power_place(a, events); break;
        case action_kind::power_flip: do_power_flip(a, events); break;
        case action_kind::power_lines: do_power_lines(a, events); break;
        case action_kind::power_add: {
            const card added = stock_.back();
            stock_.pop_back();
            add_card(a.target, added, 0, events);
            break;
        }
        case action_kind::power_remove:
            do_power_remove(a, events);
            if (end_if_layout_empty(events)) return;
            break;
        case action_kind::choose_power: {
            const auto kind = static_cast<power_kind>(a.slot);
            if (power_.first == power_kind::none) power_.first = kind;
            --power_.picks_left;
            emit(events, event_kind::power_chosen, me, a.slot);
            return start_power(kind, events);
        }
        default:  // pass: the optional swap, or a two_powers card's second power, declined
            if (rule_of(power_.kind).picks > 0) power_.picks_left = 0;
            break;
    }
    finish_power(events);
}

// The defender's shield goes to the discard pile, and the whole power card is spent with it.
void hand::block_power(int target, std::vector<event>* events) {
    seat_state& defender = seats_[static_cast<std::size_t>(target)];
    const card shield = defender.shields.back();
    defender.shields.pop_back();
    put_on_discard(shield);
    discard_power_unused_ = false;
    emit_at(events, event_kind::blocked, current_, target, 0, shield);
    power_.picks_left = 0;
    finish_power(events);
}

// True when the power goes on to another step (a peek that leads to a swap).
bool hand::do_power_peek(action a, std::vector<event>* events) {
    const int me = current_;
    seats_[a.target].layout[a.slot].known_by |= seat_bit(me);
    saw(me, a.target, a.slot);
    emit_seen(events, event_kind::peeked_at, me, a.target, a.slot, seats_[a.target].layout[a.slot].value);
    if (power_.step >= rule_of(power_.kind).peeks_before_swap) return false;
    if (a.target == me) {
        power_.own_slot = a.slot;
    } else {
        power_.seat = a.target;
        power_.slot = a.slot;
    }
    ++power_.step;
    return true;
}

void hand::do_power_shuffle(action a, std::vector<event>* events) {
    auto& layout = seats_[a.target].layout;
    std::vector<std::size_t> where;
    std::vector<card> cards;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].empty || layout[i].face_up) continue;
        where.push_back(i);
        cards.push_back(layout[i].value);
    }
    random_.shuffle(std::span<card>(cards));
    for (std::size_t k = 0; k < where.size(); ++k) {
        layout[where[k]].value = cards[k];
        layout[where[k]].known_by = 0;
        layout[where[k]].shown = false;
        layout[where[k]].kept.reset();  // the cards are mixed: nobody knows which was kept over what
    }
    emit_at(events, event_kind::shuffled, current_, a.target, 0);
}

void hand::do_power_remove(action a, std::vector<event>* events) {
    const int me = current_;
    position& p = seats_[static_cast<std::size_t>(me)].layout[a.slot];
    const card thrown = p.value;
    p = position{};
    p.empty = true;
    put_on_discard(thrown);
    emit_at(events, event_kind::thrown, me, me, a.slot, thrown);
}

// swap_in: the power card into another seat's layout; draw_two_keep_one: the chosen card into the user's own.
// The card replaced goes face up to the discard pile, then the cards drawn and not kept.
void hand::do_power_place(action a, std::vector<event>* events) {
    const int me = current_;
    card incoming;
    if (a.other == 0) {
        incoming = *held_;
        held_.reset();
    } else {
        incoming = offered_[a.other - 1u];
        offered_.erase(offered_.begin() + (a.other - 1));
    }
    position& p = seats_[a.target].layout[a.slot];
    const card replaced = p.value;
    const bool lock = p.replace_once;
    p = position{};
    p.value = incoming;
    p.locked = lock;
    // Into your own layout as any new card; into another seat's face down, known to you only.
    p.face_up = a.target == me && rules_->new_card_face_up;
    p.known_by = seat_bit(me);
    put_on_discard(replaced);
    emit_at(events, event_kind::thrown, me, a.target, a.slot, replaced);
    if (p.face_up) {
        emit_at(events, event_kind::added, me, a.target, a.slot, incoming);
    } else {
        saw(me, a.target, a.slot);
        emit_seen(events, event_kind::added, me, a.target, a.slot, incoming);
    }
    for (const card rest : offered_) {
        put_on_discard(rest);
        emit(events, event_kind::discarded, me, 0, rest);
    }
    offered_.clear();
    discard_power_unused_ = false;  // the cards of a power in use are spent with it
    remove_completed_lines(a.target, events);
}

void hand::do_power_flip(action a, std::vector<event>* events) {
    const int me = current_;
    position& p = seats_[a.target].layout[a.slot];
    if (a.target == me) {  // face down again, but everyone has seen it
        p.face_up = false;
        p.shown = true;
        emit_at(events, event_kind::turned_down, me, me, a.slot, p.value);
        emit_at(events, event_kind::shown, me, me, a.slot, p.value);
        return;
    }
    p.face_up = true;
    emit_at(events, event_kind::turned_up, me, a.target, a.slot, p.value);
    // The one card whose power works in a layout: turned over from another's hand, it cancels the call.
    if (rules_->turned_up_cancels_call && caller_ >= 0 && rules_->power_of(p.value) == power_kind::cancel_call)
        cancel_call(events);
    remove_completed_lines(a.target, events);
}

void hand::do_power_lines(action a, std::vector<event>* events) {
    const int me = current_;
    auto& layout = seats_[a.target].layout;
    for (const auto& [x, y] : line_pairs(*rules_, a.slot, a.other)) {
        std::swap(layout[static_cast<std::size_t>(x)], layout[static_cast<std::size_t>(y)]);
        emit_at(events, event_kind::swapped, me, a.target, x, {}, a.target, y);
    }
    emit_at(events, event_kind::lines_swapped, me, a.target, a.slot, {}, -1, a.other);
}

// A two_powers card goes on to its next choice while one is left; a power card still in hand is discarded.
void hand::finish_power(std::vector<event>* events) {
    if (power_.picks_left > 0) {
        power_view next;
        next.kind = power_kind::two_powers;
        next.first = power_.first;
        next.picks_left = power_.picks_left;
        power_ = next;
        phase_ = phase::power;
        if (power_possible(power_kind::two_powers, current_, held_.has_value())) return;
    }
    if (held_) {
        const card rest = *held_;
        held_.reset();
        put_on_discard(rest);
        discard_power_unused_ = false;
        emit(events, event_kind::discarded, current_, 0, rest);
    }
    power_ = power_view{};
    end_turn(events);
}

}  // namespace golf
