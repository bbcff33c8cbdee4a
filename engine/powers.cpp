// Power cards in use: when a power may be used, how its steps are checked and done, and how it ends.
#include "engine/hand.hpp"

#include <algorithm>

#include "engine/hand_events.hpp"
#include "engine/powers.hpp"

namespace golf {

namespace {

// The two positions name two rows (both in the first column, rows of the dealt grid) or two columns (both in the
// first row, whole columns); the pairs of positions that exchange, or nothing when they name no two lines.
std::vector<std::pair<int, int>> line_pairs(const ruleset& r, int a, int b) {
    std::vector<std::pair<int, int>> pairs;
    if (a < 0 || a >= b) return pairs;
    if (b < r.cols) {
        for (int row = 0; row < r.rows + r.extra_rows; ++row) pairs.emplace_back(row * r.cols + a, row * r.cols + b);
    } else if (a % r.cols == 0 && b % r.cols == 0 && b < r.slots()) {
        for (int col = 0; col < r.cols; ++col) pairs.emplace_back(a + col, b + col);
    }
    return pairs;
}

}  // namespace

// Two lines of `seat`'s layout that may exchange: named as line_pairs() says, and holding a card between them.
bool hand::lines_ok(int seat, int a, int b) const {
    if (seat < 0 || seat >= players()) return false;
    for (const auto& [x, y] : line_pairs(*rules_, a, b))
        if (occupied(seat, x) || occupied(seat, y)) return true;
    return false;
}

// Which power two_powers may choose now: one some rank 3..king has, other than two_powers and the first choice.
bool hand::pick_allowed(power_kind kind) const {
    if (kind == power_kind::none || kind == power_kind::two_powers || kind == power_.first) return false;
    for (int rank = 3; rank <= 13; ++rank)
        if (rules_->rank_power[static_cast<std::size_t>(rank)] == kind) return true;
    return false;
}

// A power is offered only when its first step, and any card a later step needs, exist. `card_in_hand`: the power

// card is held (not when the power comes from the top discard, nor once a two_powers card has been placed or kept).
bool hand::power_possible(power_kind kind, int seat, bool card_in_hand) const {
    const ruleset& r = *rules_;
    const bool own = card_count(seat) > 0;
    int others = 0;
    for (int t = 0; t < players(); ++t)
        if (t != seat) others += card_count(t);
    const auto any_other = [&](auto&& pred) {
        for (int t = 0; t < players(); ++t)
            if (t != seat && pred(t)) return true;
        return false;
    };
    const auto any_own_replaceable = [&] {
        for (int i = 0; i < r.positions(); ++i)
            if (replaceable(seat, i)) return true;
        return false;
    };
    switch (kind) {
        case power_kind::none: return false;
        case power_kind::peek_own: return own;
        case power_kind::peek_opponent:
        case power_kind::shuffle_opponent: return others > 0;
        case power_kind::peek_any: return own || others > 0;
        case power_kind::swap_own_opponent:
        case power_kind::peek_then_swap:
        case power_kind::peek_both_swap: return own && others > 0;
        case power_kind::swap_any: return card_count(seat) + others >= 2;
        case power_kind::cancel_call: return caller_ >= 0;
        case power_kind::swap_in:
            return card_in_hand && any_other([&](int t) {
                       for (int i = 0; i < r.positions(); ++i)
                           if (replaceable(t, i)) return true;
                       return false;
                   });
        case power_kind::draw_two_keep_one: return (card_in_hand || !stock_.empty()) && any_own_replaceable();
        case power_kind::swap_lines:
            return any_other([&](int t) {
                for (int a = 0; a < r.slots(); ++a)
                    for (int b = a + 1; b < r.slots(); ++b)
                        if (lines_ok(t, a, b)) return true;
                return false;
            });
        case power_kind::shield: return card_in_hand;
        case power_kind::turn_card: {
            for (int t = 0; t < players(); ++t)
                for (const position& p : seats_[static_cast<std::size_t>(t)].layout)
                    if (!p.empty && (t == seat) == p.face_up) return true;
            return false;
        }
        case power_kind::add_or_remove:
            return own || (!stock_.empty() && any_other([&](int t) { return empty_positions(t) > 0; }));
        case power_kind::two_powers:
            for (int k = 0; k < power_kind_count; ++k)
                if (pick_allowed(static_cast<power_kind>(k)) && power_possible(static_cast<power_kind>(k), seat, card_in_hand))
                    return true;
            return false;
    }
    return false;
}

action_error hand::check_power_step(action a) const {
    const int me = current_;
    const auto own_peek = [&] {
        if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
        if (a.target != me) return action_error::bad_position;
        return occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
    };
    const auto other_peek = [&] {
        if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
        if (a.target == me || a.target >= players()) return action_error::bad_position;
        return occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
    };
    const bool swap_cards_ok = a.kind == action_kind::power_swap && occupied(a.target, a.slot) &&
                               occupied(a.other_target, a.other);
    // power_swap is spelled with its two positions in order, so "this pair" means either order.
    const auto is_pair = [&](int seat1, int slot1, int seat2, int slot2) {
        return (a.target == seat1 && a.slot == slot1 && a.other_target == seat2 && a.other == slot2) ||
               (a.target == seat2 && a.slot == slot2 && a.other_target == seat1 && a.other == slot1);
    };
    switch (power_.kind) {
        case power_kind::none: return action_error::wrong_phase;
        case power_kind::peek_own: return own_peek();
        case power_kind::peek_opponent: return other_peek();
        case power_kind::peek_any:
            if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
            return occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
        case power_kind::swap_own_opponent:
            if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
            if (!swap_cards_ok || (a.target == me) == (a.other_target == me)) return action_error::bad_position;
            return action_error::none;
        case power_kind::swap_any:
            if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
            return swap_cards_ok ? action_error::none : action_error::bad_position;
        case power_kind::peek_then_swap:
            if (power_.step == 0) return other_peek();
            if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
            for (int own = 0; swap_cards_ok && own < rules_->positions(); ++own)
                if (is_pair(power_.seat, power_.slot, me, own)) return action_error::none;
            return action_error::bad_position;
        case power_kind::peek_both_swap:
            if (power_.step == 0) return own_peek();
            if (power_.step == 1) return other_peek();
            if (a.kind == action_kind::pass) return action_error::none;
            if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
            return swap_cards_ok && is_pair(me, power_.own_slot, power_.seat, power_.slot) ? action_error::none
                                                                                           : action_error::bad_position;
        case power_kind::cancel_call:
        case power_kind::shield: return action_error::wrong_phase;  // they have no steps
        case power_kind::swap_in:
            if (a.kind != action_kind::power_place) return action_error::wrong_phase;
            if (a.target == me || a.target >= players() || a.other != 0 || !held_) return action_error::bad_position;
            return replaceable(a.target, a.slot) ? action_error::none : action_error::bad_position;
        case power_kind::draw_two_keep_one:
            if (a.kind != action_kind::power_place) return action_error::wrong_phase;
            if (a.target != me || (a.other == 0 ? !held_ : static_cast<std::size_t>(a.other) > offered_.size())) return action_error::bad_position;
            return replaceable(me, a.slot) ? action_error::none : action_error::bad_position;
        case power_kind::swap_lines:
            if (a.kind != action_kind::power_lines) return action_error::wrong_phase;
            return a.target != me && lines_ok(a.target, a.slot, a.other) ? action_error::none
                                                                          : action_error::bad_position;
        case power_kind::turn_card: {
            if (a.kind != action_kind::power_flip) return action_error::wrong_phase;
            if (!occupied(a.target, a.slot)) return action_error::bad_position;
            const bool face_up = seats_[a.target].layout[a.slot].face_up;
            return (a.target == me) == face_up ? action_error::none : action_error::bad_position;
        }
        case power_kind::add_or_remove:
            if (a.kind == action_kind::power_remove)
                return occupied(me, a.slot) ? action_error::none : action_error::bad_position;
            if (a.kind != action_kind::power_add) return action_error::wrong_phase;
            if (a.target == me || a.target >= players() || stock_.empty()) return action_error::bad_position;
            return empty_positions(a.target) > 0 ? action_error::none : action_error::no_room;
        case power_kind::two_powers: {
            if (a.kind == action_kind::pass)  // the second power may be declined, never the first
                return power_.picks_left == 1 ? action_error::none : action_error::not_allowed;
            if (a.kind != action_kind::choose_power) return action_error::wrong_phase;
            if (a.slot >= power_kind_count) return action_error::bad_position;
            const auto kind = static_cast<power_kind>(a.slot);
            return pick_allowed(kind) && power_possible(kind, me, held_.has_value()) ? action_error::none
                                                                                     : action_error::not_allowed;
        }
        case power_kind::shuffle_opponent:
            if (a.kind != action_kind::shuffle) return action_error::wrong_phase;
            return a.target != me && a.target < players() && card_count(a.target) > 0 ? action_error::none
                                                                                        : action_error::bad_position;
    }
    return action_error::wrong_phase;
}

void hand::begin_power(power_kind kind, std::vector<event>* events) {
    power_ = power_view{};
    if (kind == power_kind::two_powers) power_.picks_left = 2;
    start_power(kind, events);
}

// Starts `kind` (keeping a two_powers card's choices); the powers without steps are done at once.
void hand::start_power(power_kind kind, std::vector<event>* events) {
    power_.kind = kind;
    power_.step = 0;
    power_.seat = power_.slot = power_.own_slot = -1;
    phase_ = phase::power;
    switch (kind) {
        case power_kind::cancel_call:
            cancel_call(events);
            return finish_power(events);
        case power_kind::shield: {
            const card kept = *held_;
            held_.reset();
            seats_[static_cast<std::size_t>(current_)].shields.push_back(kept);
            emit(events, event_kind::shield_kept, current_, 0, kept);
            return finish_power(events);
        }
        case power_kind::draw_two_keep_one:
            for (int i = 0; i < 2 && !stock_.empty(); ++i) {
                offered_.push_back(stock_.back());
                stock_.pop_back();
            }
            emit(events, event_kind::offered, current_, 0, {}, static_cast<int>(offered_.size()));
            return;
        default: return;
    }
}

// The call goes, and with it the final round; whoever comes next may call again.
void hand::cancel_call(std::vector<event>* events) {
    emit(events, event_kind::call_cancelled, current_, 0, {}, caller_);
    caller_ = -1;
    final_turns_left_ = 0;
}

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

void hand::do_power(action a, std::vector<event>* events) {
    const int me = current_;
    if (const int target = shielded_target(a); target >= 0) {
        seat_state& defender = seats_[static_cast<std::size_t>(target)];
        const card shield = defender.shields.back();
        defender.shields.pop_back();
        put_on_discard(shield);
        discard_power_unused_ = false;
        emit_at(events, event_kind::blocked, me, target, 0, shield);
        power_.picks_left = 0;  // the whole power card is spent
        return finish_power(events);
    }
    switch (a.kind) {
        case action_kind::power_peek: {
            seats_[a.target].layout[a.slot].known_by |= seat_bit(me);
            saw(me, a.target, a.slot);
            emit_seen(events, event_kind::peeked_at, me, a.target, a.slot, seats_[a.target].layout[a.slot].value);
            const bool more = (power_.kind == power_kind::peek_then_swap && power_.step == 0) ||
                              (power_.kind == power_kind::peek_both_swap && power_.step < 2);
            if (!more) return finish_power(events);
            if (a.target == me) {
                power_.own_slot = a.slot;
            } else {
                power_.seat = a.target;
                power_.slot = a.slot;
            }
            ++power_.step;
            return;
        }
        case action_kind::power_swap:
            std::swap(seats_[a.target].layout[a.slot], seats_[a.other_target].layout[a.other]);
            emit_at(events, event_kind::swapped, me, a.target, a.slot, {}, a.other_target, a.other);
            return finish_power(events);
        case action_kind::shuffle: {
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
            }
            emit_at(events, event_kind::shuffled, me, a.target, 0);
            return finish_power(events);
        }
        case action_kind::power_place: do_power_place(a, events); return finish_power(events);
        case action_kind::power_flip: do_power_flip(a, events); return finish_power(events);
        case action_kind::power_lines: do_power_lines(a, events); return finish_power(events);
        case action_kind::power_add: {
            const card added = stock_.back();
            stock_.pop_back();
            add_card(a.target, added, 0, events);
            return finish_power(events);
        }
        case action_kind::power_remove: {
            position& p = seats_[static_cast<std::size_t>(me)].layout[a.slot];
            const card thrown = p.value;
            p = position{};
            p.empty = true;
            put_on_discard(thrown);
            emit_at(events, event_kind::thrown, me, me, a.slot, thrown);
            if (end_if_layout_empty(events)) return;
            return finish_power(events);
        }
        case action_kind::choose_power: {
            const auto kind = static_cast<power_kind>(a.slot);
            if (power_.first == power_kind::none) power_.first = kind;
            --power_.picks_left;
            emit(events, event_kind::power_chosen, me, a.slot);
            return start_power(kind, events);
        }
        default:  // pass: the optional swap, or a two_powers card's second power, declined
            if (power_.kind == power_kind::two_powers) power_.picks_left = 0;
            return finish_power(events);
    }
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
