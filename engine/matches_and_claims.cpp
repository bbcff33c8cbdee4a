// Matches (the held card tried against layout cards on the player's turn) and claims (out of turn, a layout card
// thrown on the top discard): their checks and what a right or wrong try does.
#include "engine/hand.hpp"

#include <algorithm>

#include "engine/hand_events.hpp"

namespace golf {

bool hand::matches(card a, card b) const {
    return rules_->match_by_value ? rules_->value_of(a) == rules_->value_of(b) : a.rank == b.rank;
}

// Shared by the first try (phase holding) and the next ones (phase matching).
action_error hand::check_match(action a) const {
    const ruleset& r = *rules_;
    const int me = current_;
    if (r.matching == match_rule::none) return action_error::not_allowed;
    if (a.target >= players()) return action_error::bad_position;
    if (a.target == me && a.other != 0) return action_error::malformed;
    if (!occupied(a.target, a.slot)) return action_error::bad_position;
    if (r.matching == match_rule::own_equal_set) {
        if (a.target != me) return action_error::bad_position;
        if (std::find(marked_.begin(), marked_.end(), a.slot) != marked_.end()) return action_error::bad_position;
    } else if (a.target != me && !occupied(me, a.other)) {
        return action_error::bad_position;  // nothing of yours to give for it
    } else if (stock_.empty()) {
        return action_error::not_allowed;  // a wrong try could not pay its penalty card, so tries would be free
    }
    // A wrong try adds a card (the held card, or a penalty card), which needs an empty position.
    return empty_positions(me) >= 1 ? action_error::none : action_error::no_room;
}

action_error hand::check_claim(int seat, action a) const {
    const ruleset& r = *rules_;
    if (r.claims == claim_rule::none) return action_error::not_allowed;
    if (phase_ == phase::over) return action_error::hand_over;
    const bool open_phase =
        phase_ == phase::turn || phase_ == phase::holding || phase_ == phase::after_discard || phase_ == phase::calling;
    if (!open_phase || start_applies_now(seat)) return action_error::wrong_phase;
    if (!claim_open_ || discards_.empty()) return action_error::not_allowed;
    if (a.target >= players()) return action_error::bad_position;
    if (a.target == seat && a.other != 0) return action_error::malformed;
    if (r.claims == claim_rule::own_matching_top && a.target != seat) return action_error::bad_position;
    if (!occupied(a.target, a.slot)) return action_error::bad_position;
    if (a.target != seat && !occupied(seat, a.other)) return action_error::bad_position;
    return empty_positions(seat) >= r.wrong_claim_cards ? action_error::none : action_error::no_room;
}

// Both match rules: one try per action; own_equal_set decides at a mismatch or at pass, any_layout at each try.
void hand::do_matching(action a, std::vector<event>* events) {
    const ruleset& r = *rules_;
    const int me = current_;
    const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
    if (a.kind == action_kind::pass) return finish_matching(events);
    phase_ = phase::matching;
    position& p = seats_[a.target].layout[a.slot];
    const card tried = p.value;
    if (r.matching == match_rule::own_equal_set) {
        p.known_by = everyone;
        p.shown = true;
        emit_at(events, event_kind::shown, me, a.target, a.slot, tried);
        marked_.push_back(a.slot);
        if (matches(tried, seats_[me].layout[marked_.front()].value)) return;
        // Not equal: the tried cards stay and the held card joins the layout; nothing is discarded this turn.
        emit(events, event_kind::match_failed, me);
        marked_.clear();
        const card joining = *held_;
        held_.reset();
        add_card(me, joining, held_from_discard_ ? everyone : seat_bit(me), events);
        phase_ = phase::turn;
        return end_turn(events);
    }
    if (matches(tried, *held_)) return throw_tried(me, a, tried, events);
    show_tried(me, a, tried, everyone, events);
    if (!stock_.empty()) {  // a penalty card, unseen
        const card penalty = stock_.back();
        stock_.pop_back();
        add_card(me, penalty, 0, events);
    }
}

void hand::finish_matching(std::vector<event>* events) {
    const ruleset& r = *rules_;
    const int me = current_;
    const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
    const card held = *held_;
    held_.reset();
    if (r.matching == match_rule::any_layout) {
        put_on_discard(held);
        emit(events, event_kind::discarded, me, 0, held);
        return end_turn(events);
    }
    auto& layout = seats_[static_cast<std::size_t>(me)].layout;
    if (marked_.size() >= 2) {  // every tried card was equal: they all go, the held card takes the first place
        for (const std::uint8_t slot : marked_) {
            const card thrown = layout[slot].value;
            layout[slot] = position{};
            layout[slot].empty = true;
            put_on_discard(thrown);
            emit_at(events, event_kind::thrown, me, me, slot, thrown);
        }
        position& p = layout[marked_.front()];
        p = position{};
        p.value = held;
        p.face_up = r.new_card_face_up;
        p.known_by = held_from_discard_ ? everyone : seat_bit(me);
        p.shown = held_from_discard_;
        const bool everyone_knows = p.face_up || held_from_discard_;
        if (everyone_knows) {
            emit(events, event_kind::placed, me, marked_.front(), held);
        } else {
            saw(me, me, marked_.front());
            emit_seen(events, event_kind::placed, me, -1, marked_.front(), held);
        }
    } else {  // a single card is not a set: the try fails
        emit(events, event_kind::match_failed, me);
        add_card(me, held, held_from_discard_ ? everyone : seat_bit(me), events);
    }
    marked_.clear();
    end_turn(events);
}

// A right match or claim: the tried card goes on the discards and, when it was another seat's, one of the
// thrower's cards, unseen, takes its place.
void hand::throw_tried(int seat, action a, card tried, std::vector<event>* events) {
    discards_.push_back(tried);
    seats_[a.target].layout[a.slot] = position{};
    seats_[a.target].layout[a.slot].empty = true;
    emit_at(events, event_kind::thrown, seat, a.target, a.slot, tried);
    if (a.target != seat) {
        std::swap(seats_[a.target].layout[a.slot], seats_[static_cast<std::size_t>(seat)].layout[a.other]);
        emit_at(events, event_kind::gave, seat, a.target, a.other, {}, -1, a.slot);
    }
    end_if_layout_empty(events);
}

// A wrong one: the tried card stays, shown to everyone.
void hand::show_tried(int seat, action a, card tried, seat_set everyone, std::vector<event>* events) {
    position& p = seats_[a.target].layout[a.slot];
    p.known_by = everyone;
    p.shown = true;
    emit_at(events, event_kind::shown, seat, a.target, a.slot, tried);
    emit(events, event_kind::match_failed, seat);
}

void hand::do_claim(int seat, action a, std::vector<event>* events) {
    const ruleset& r = *rules_;
    const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
    claim_open_ = false;  // one claim per discard, right or wrong
    position& p = seats_[a.target].layout[a.slot];
    const card tried = p.value;
    if (matches(tried, discards_.back())) {
        discard_power_unused_ = false;
        return throw_tried(seat, a, tried, events);
    }
    show_tried(seat, a, tried, everyone, events);
    if (a.target != seat) seats_[static_cast<std::size_t>(seat)].penalty_points += r.wrong_claim_points;
    for (int i = 0; i < r.wrong_claim_cards && !stock_.empty(); ++i) {
        const card penalty = stock_.back();
        stock_.pop_back();
        add_card(seat, penalty, 0, events);
    }
    // The seat to move must still be able to draw.
    if (phase_ == phase::turn) refill_stock_if_empty(events);
}

}  // namespace golf
