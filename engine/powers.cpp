// The table of powers (powers.hpp): for each power, when it is possible, what it does as it starts, how its steps are
// checked and listed. The functions the table points to are grouped by power below; they read the hand as its
// friend. Starting a power and asking whether one is possible are here too; its steps are done in power_steps.cpp.
#include "engine/powers.hpp"

#include <array>
#include <cstddef>

#include "engine/hand.hpp"
#include "engine/hand_events.hpp"

namespace golf {

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

// What each power checks and offers, as functions of the hand (a friend of it). `me` is always the seat using it.
struct power_table {
    using events = std::vector<event>*;
    static constexpr std::uint8_t u8(int n) { return static_cast<std::uint8_t>(n); }

    // ---- shared by several powers ------------------------------------------------------------------------------

    static int others_cards(const hand& h, int seat) {
        int others = 0;
        for (int t = 0; t < h.players(); ++t)
            if (t != seat) others += h.card_count(t);
        return others;
    }
    template <class Pred>
    static bool any_other(const hand& h, int seat, Pred&& pred) {
        for (int t = 0; t < h.players(); ++t)
            if (t != seat && pred(t)) return true;
        return false;
    }
    // Two lines of `seat`'s layout that may exchange: named as line_pairs() says, and holding a card between them.
    static bool lines_ok(const hand& h, int seat, int a, int b) {
        if (seat < 0 || seat >= h.players()) return false;
        for (const auto& [x, y] : line_pairs(*h.rules_, a, b))
            if (h.occupied(seat, x) || h.occupied(seat, y)) return true;
        return false;
    }

    static bool never(const hand&, int, bool) { return false; }
    static bool own_card(const hand& h, int seat, bool) { return h.card_count(seat) > 0; }
    static bool other_card(const hand& h, int seat, bool) { return others_cards(h, seat) > 0; }
    static bool any_card(const hand& h, int seat, bool) {
        return own_card(h, seat, false) || other_card(h, seat, false);
    }
    static bool own_and_other_card(const hand& h, int seat, bool) {
        return own_card(h, seat, false) && other_card(h, seat, false);
    }
    static bool two_cards(const hand& h, int seat, bool) { return h.card_count(seat) + others_cards(h, seat) >= 2; }

    static action_error own_peek(const hand& h, action a) {
        if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
        if (a.target != h.current_) return action_error::bad_position;
        return h.occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
    }
    static action_error other_peek(const hand& h, action a) {
        if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
        if (a.target == h.current_ || a.target >= h.players()) return action_error::bad_position;
        return h.occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
    }
    static action_error any_peek(const hand& h, action a) {
        if (a.kind != action_kind::power_peek) return action_error::wrong_phase;
        return h.occupied(a.target, a.slot) ? action_error::none : action_error::bad_position;
    }
    static bool swap_cards_ok(const hand& h, action a) {
        return a.kind == action_kind::power_swap && h.occupied(a.target, a.slot) && h.occupied(a.other_target, a.other);
    }
    // power_swap is spelled with its two positions in order, so "this pair" means either order.
    static bool is_pair(action a, int seat1, int slot1, int seat2, int slot2) {
        return (a.target == seat1 && a.slot == slot1 && a.other_target == seat2 && a.other == slot2) ||
               (a.target == seat2 && a.slot == slot2 && a.other_target == seat1 && a.other == slot1);
    }
    static action_error no_steps(const hand&, action) { return action_error::wrong_phase; }

    static void offer(const hand& h, std::vector<action>& out, action a) { h.offer_if_legal(h.current_, a, out); }
    // Every card on the table, for the steps that reach any layout.
    template <class F>
    static void each_card(const hand& h, F&& f) {
        for (int t = 0; t < h.players(); ++t)
            for (int i = 0; i < h.rules_->positions(); ++i)
                if (h.occupied(t, i)) f(t, i);
    }
    static void list_nothing(const hand&, std::vector<action>&) {}
    static void list_peeks(const hand& h, std::vector<action>& out) {
        each_card(h, [&](int t, int i) { offer(h, out, action{action_kind::power_peek, u8(i), 0, u8(t), 0}); });
    }
    static void list_swaps(const hand& h, std::vector<action>& out) {
        each_card(h, [&](int t, int i) {
            each_card(h, [&](int t2, int i2) {
                if (t < t2 || (t == t2 && i < i2))
                    offer(h, out, action{action_kind::power_swap, u8(i), u8(i2), u8(t), u8(t2)});
            });
        });
    }

    // ---- peek_own, peek_opponent, peek_any ------------------------------------------------------------------------

    static action_error check_peek_own(const hand& h, action a) { return own_peek(h, a); }
    static action_error check_peek_opponent(const hand& h, action a) { return other_peek(h, a); }

    // ---- swap_own_opponent, swap_any ------------------------------------------------------------------------------

    static action_error check_swap_own_opponent(const hand& h, action a) {
        if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
        if (!swap_cards_ok(h, a) || (a.target == h.current_) == (a.other_target == h.current_))
            return action_error::bad_position;
        return action_error::none;
    }
    static action_error check_swap_any(const hand& h, action a) {
        if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
        return swap_cards_ok(h, a) ? action_error::none : action_error::bad_position;
    }

    // ---- peek_then_swap: another seat's card looked at, then exchanged with one of yours ---------------------------

    static action_error check_peek_then_swap(const hand& h, action a) {
        if (h.power_.step == 0) return other_peek(h, a);
        if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
        for (int own = 0; swap_cards_ok(h, a) && own < h.rules_->positions(); ++own)
            if (is_pair(a, h.power_.seat, h.power_.slot, h.current_, own)) return action_error::none;
        return action_error::bad_position;
    }
    static void list_peek_then_swap(const hand& h, std::vector<action>& out) {
        if (h.power_.step == 0) return list_peeks(h, out);
        list_swaps(h, out);
    }

    // ---- peek_both_swap: one of yours and one of another seat's looked at, then exchanged or not -------------------

    static action_error check_peek_both_swap(const hand& h, action a) {
        if (h.power_.step == 0) return own_peek(h, a);
        if (h.power_.step == 1) return other_peek(h, a);
        if (a.kind == action_kind::pass) return action_error::none;
        if (a.kind != action_kind::power_swap) return action_error::wrong_phase;
        return swap_cards_ok(h, a) && is_pair(a, h.current_, h.power_.own_slot, h.power_.seat, h.power_.slot)
                   ? action_error::none
                   : action_error::bad_position;
    }
    static void list_peek_both_swap(const hand& h, std::vector<action>& out) {
        if (h.power_.step < 2) return list_peeks(h, out);
        list_swaps(h, out);
        offer(h, out, action{action_kind::pass});
    }

    // ---- shuffle_opponent ------------------------------------------------------------------------------------------

    static action_error check_shuffle(const hand& h, action a) {
        if (a.kind != action_kind::shuffle) return action_error::wrong_phase;
        return a.target != h.current_ && a.target < h.players() && h.card_count(a.target) > 0
                   ? action_error::none
                   : action_error::bad_position;
    }
    static void list_shuffles(const hand& h, std::vector<action>& out) {
        for (int t = 0; t < h.players(); ++t) offer(h, out, action{action_kind::shuffle, 0, 0, u8(t), 0});
    }

    // ---- cancel_call: no steps --------------------------------------------------------------------------------------

    static bool call_in_force(const hand& h, int, bool) { return h.caller_ >= 0; }
    static bool start_cancel_call(hand& h, events e) {
        h.cancel_call(e);
        return true;
    }

    // ---- swap_in, draw_two_keep_one: a card placed -----------------------------------------------------------------

    static bool swap_in_possible(const hand& h, int seat, bool card_in_hand) {
        return card_in_hand && any_other(h, seat, [&](int t) { return h.any_replaceable(t); });
    }
    static action_error check_swap_in(const hand& h, action a) {
        if (a.kind != action_kind::power_place) return action_error::wrong_phase;
        if (a.target == h.current_ || a.target >= h.players() || a.other != 0 || !h.held_)
            return action_error::bad_position;
        return h.replaceable(a.target, a.slot) ? action_error::none : action_error::bad_position;
    }
    static bool draw_two_possible(const hand& h, int seat, bool card_in_hand) {
        return (card_in_hand || !h.stock_.empty()) && h.any_replaceable(seat);
    }
    // The next two stock cards (or what is left) are offered to their user.
    static bool start_draw_two(hand& h, events e) {
        for (int i = 0; i < 2 && !h.stock_.empty(); ++i) {
            h.offered_.push_back(h.stock_.back());
            h.stock_.pop_back();
        }
        emit(e, event_kind::offered, h.current_, 0, {}, static_cast<int>(h.offered_.size()));
        return false;
    }
    static action_error check_draw_two(const hand& h, action a) {
        if (a.kind != action_kind::power_place) return action_error::wrong_phase;
        const bool card_there =
            a.other == 0 ? h.held_.has_value() : static_cast<std::size_t>(a.other) <= h.offered_.size();
        if (a.target != h.current_ || !card_there) return action_error::bad_position;
        return h.replaceable(h.current_, a.slot) ? action_error::none : action_error::bad_position;
    }
    static void list_places(const hand& h, std::vector<action>& out) {
        each_card(h, [&](int t, int i) {
            for (int k = 0; k <= 2; ++k) offer(h, out, action{action_kind::power_place, u8(i), u8(k), u8(t), 0});
        });
    }

    // ---- swap_lines ----------------------------------------------------------------------------------------------

    static bool swap_lines_possible(const hand& h, int seat, bool) {
        return any_other(h, seat, [&](int t) {
            for (int a = 0; a < h.rules_->slots(); ++a)
                for (int b = a + 1; b < h.rules_->slots(); ++b)
                    if (lines_ok(h, t, a, b)) return true;
            return false;
        });
    }
    static action_error check_swap_lines(const hand& h, action a) {
        if (a.kind != action_kind::power_lines) return action_error::wrong_phase;
        return a.target != h.current_ && lines_ok(h, a.target, a.slot, a.other) ? action_error::none
                                                                                : action_error::bad_position;
    }
    static void list_lines(const hand& h, std::vector<action>& out) {
        for (int t = 0; t < h.players(); ++t)
            for (int a = 0; a < h.rules_->slots(); ++a)
                for (int b = a + 1; b < h.rules_->slots(); ++b)
                    offer(h, out, action{action_kind::power_lines, u8(a), u8(b), u8(t), 0});
    }

    // ---- shield: kept at once, no steps ----------------------------------------------------------------------------

    static bool card_held(const hand&, int, bool card_in_hand) { return card_in_hand; }
    static bool start_shield(hand& h, events e) {
        const card kept = *h.held_;
        h.held_.reset();
        h.seats_[static_cast<std::size_t>(h.current_)].shields.push_back(kept);
        emit(e, event_kind::shield_kept, h.current_, 0, kept);
        return true;
    }

    // ---- turn_card: another seat's card face up, or one of yours face down ----------------------------------------

    static bool turn_card_possible(const hand& h, int seat, bool) {
        for (int t = 0; t < h.players(); ++t)
            for (const position& p : h.seats_[static_cast<std::size_t>(t)].layout)
                if (!p.empty && (t == seat) == p.face_up) return true;
        return false;
    }
    static action_error check_turn_card(const hand& h, action a) {
        if (a.kind != action_kind::power_flip) return action_error::wrong_phase;
        if (!h.occupied(a.target, a.slot)) return action_error::bad_position;
        const bool face_up = h.seats_[a.target].layout[a.slot].face_up;
        return (a.target == h.current_) == face_up ? action_error::none : action_error::bad_position;
    }
    static void list_flips(const hand& h, std::vector<action>& out) {
        each_card(h, [&](int t, int i) { offer(h, out, action{action_kind::power_flip, u8(i), 0, u8(t), 0}); });
    }

    // ---- add_or_remove: a stock card into another seat's layout, or one of yours out -------------------------------

    static bool add_or_remove_possible(const hand& h, int seat, bool) {
        return own_card(h, seat, false) ||
               (!h.stock_.empty() && any_other(h, seat, [&](int t) { return h.empty_positions(t) > 0; }));
    }
    static action_error check_add_or_remove(const hand& h, action a) {
        if (a.kind == action_kind::power_remove)
            return h.occupied(h.current_, a.slot) ? action_error::none : action_error::bad_position;
        if (a.kind != action_kind::power_add) return action_error::wrong_phase;
        if (a.target == h.current_ || a.target >= h.players() || h.stock_.empty()) return action_error::bad_position;
        return h.empty_positions(a.target) > 0 ? action_error::none : action_error::no_room;
    }
    static void list_add_or_remove(const hand& h, std::vector<action>& out) {
        for (int t = 0; t < h.players(); ++t) offer(h, out, action{action_kind::power_add, 0, 0, u8(t), 0});
        for (int i = 0; i < h.rules_->positions(); ++i) offer(h, out, action{action_kind::power_remove, u8(i), 0});
    }

    // ---- two_powers: two different powers chosen and used one after the other -------------------------------------

    // Which power two_powers may choose now: one some rank 3..king has, other than the first choice.
    static bool pick_allowed(const hand& h, power_kind kind) {
        if (!rule_of(kind).pickable || kind == h.power_.first) return false;
        for (int rank = 3; rank <= 13; ++rank)
            if (h.rules_->rank_power[static_cast<std::size_t>(rank)] == kind) return true;
        return false;
    }
    static bool two_powers_possible(const hand& h, int seat, bool card_in_hand) {
        for (int k = 0; k < power_kind_count; ++k) {
            const auto kind = static_cast<power_kind>(k);
            if (pick_allowed(h, kind) && h.power_possible(kind, seat, card_in_hand)) return true;
        }
        return false;
    }
    static action_error check_two_powers(const hand& h, action a) {
        if (a.kind == action_kind::pass)  // the second power may be declined, never the first
            return h.power_.picks_left == 1 ? action_error::none : action_error::not_allowed;
        if (a.kind != action_kind::choose_power) return action_error::wrong_phase;
        if (a.slot >= power_kind_count) return action_error::bad_position;
        const auto kind = static_cast<power_kind>(a.slot);
        return pick_allowed(h, kind) && h.power_possible(kind, h.current_, h.held_.has_value())
                   ? action_error::none
                   : action_error::not_allowed;
    }
    static void list_choices(const hand& h, std::vector<action>& out) {
        for (int k = 0; k < power_kind_count; ++k) offer(h, out, action{action_kind::choose_power, u8(k), 0});
        offer(h, out, action{action_kind::pass});
    }
};

namespace {

using P = power_table;
using appeal = power_appeal;

// One entry per power_kind, in its order.
constexpr std::array<power_rule, power_kind_count> table{{
    {.kind = power_kind::none,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = false,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::never,
     .start = nullptr,
     .check_step = &P::no_steps,
     .list_steps = &P::list_nothing,
     .appeal = appeal::never,
     .pick_value = 2},
    {.kind = power_kind::peek_own,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::own_card,
     .start = nullptr,
     .check_step = &P::check_peek_own,
     .list_steps = &P::list_peeks,
     .appeal = appeal::own_unknown,
     .pick_value = 4},
    {.kind = power_kind::peek_opponent,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::other_card,
     .start = nullptr,
     .check_step = &P::check_peek_opponent,
     .list_steps = &P::list_peeks,
     .appeal = appeal::always,
     .pick_value = 2},
    {.kind = power_kind::peek_any,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::any_card,
     .start = nullptr,
     .check_step = &P::any_peek,
     .list_steps = &P::list_peeks,
     .appeal = appeal::own_unknown,
     .pick_value = 3},
    {.kind = power_kind::swap_own_opponent,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::own_and_other_card,
     .start = nullptr,
     .check_step = &P::check_swap_own_opponent,
     .list_steps = &P::list_swaps,
     .appeal = appeal::own_high,
     .pick_value = 5},
    {.kind = power_kind::swap_any,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::two_cards,
     .start = nullptr,
     .check_step = &P::check_swap_any,
     .list_steps = &P::list_swaps,
     .appeal = appeal::own_high,
     .pick_value = 3},
    {.kind = power_kind::peek_then_swap,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 1,
     .possible = &P::own_and_other_card,
     .start = nullptr,
     .check_step = &P::check_peek_then_swap,
     .list_steps = &P::list_peek_then_swap,
     .appeal = appeal::own_high,
     .pick_value = 5},
    {.kind = power_kind::peek_both_swap,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 2,
     .possible = &P::own_and_other_card,
     .start = nullptr,
     .check_step = &P::check_peek_both_swap,
     .list_steps = &P::list_peek_both_swap,
     .appeal = appeal::own_unknown_or_high,
     .pick_value = 4},
    {.kind = power_kind::shuffle_opponent,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::other_card,
     .start = nullptr,
     .check_step = &P::check_shuffle,
     .list_steps = &P::list_shuffles,
     .appeal = appeal::leader_ahead,
     .pick_value = 2},
    {.kind = power_kind::cancel_call,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::call_in_force,
     .start = &P::start_cancel_call,
     .check_step = &P::no_steps,
     .list_steps = &P::list_nothing,
     .appeal = appeal::leader_ahead,
     .pick_value = 8},
    {.kind = power_kind::swap_in,
     .keeps_card = true,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::swap_in_possible,
     .start = nullptr,
     .check_step = &P::check_swap_in,
     .list_steps = &P::list_places,
     .appeal = appeal::held_high,
     .pick_value = 4},
    {.kind = power_kind::draw_two_keep_one,
     .keeps_card = true,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::draw_two_possible,
     .start = &P::start_draw_two,
     .check_step = &P::check_draw_two,
     .list_steps = &P::list_places,
     .appeal = appeal::own_unknown_or_high,
     .pick_value = 6},
    {.kind = power_kind::swap_lines,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::swap_lines_possible,
     .start = nullptr,
     .check_step = &P::check_swap_lines,
     .list_steps = &P::list_lines,
     .appeal = appeal::leader_level,
     .pick_value = 2},
    {.kind = power_kind::shield,
     .keeps_card = true,
     .shown_on_use = true,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::card_held,
     .start = &P::start_shield,
     .check_step = &P::no_steps,
     .list_steps = &P::list_nothing,
     .appeal = appeal::always,
     .pick_value = 4},
    {.kind = power_kind::turn_card,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::turn_card_possible,
     .start = nullptr,
     .check_step = &P::check_turn_card,
     .list_steps = &P::list_flips,
     .appeal = appeal::always,
     .pick_value = 3},
    {.kind = power_kind::add_or_remove,
     .keeps_card = false,
     .shown_on_use = false,
     .pickable = true,
     .picks = 0,
     .peeks_before_swap = 0,
     .possible = &P::add_or_remove_possible,
     .start = nullptr,
     .check_step = &P::check_add_or_remove,
     .list_steps = &P::list_add_or_remove,
     .appeal = appeal::always,
     .pick_value = 5},
    {.kind = power_kind::two_powers,
     .keeps_card = true,
     .shown_on_use = false,
     .pickable = false,
     .picks = 2,
     .peeks_before_swap = 0,
     .possible = &P::two_powers_possible,
     .start = nullptr,
     .check_step = &P::check_two_powers,
     .list_steps = &P::list_choices,
     .appeal = appeal::always,
     .pick_value = 2},
}};

constexpr bool in_kind_order() {
    for (std::size_t k = 0; k < table.size(); ++k)
        if (table[k].kind != static_cast<power_kind>(k)) return false;
    return true;
}
static_assert(in_kind_order(), "the table of powers lists every power_kind once, in order");

}  // namespace

const power_rule& rule_of(power_kind kind) { return table[static_cast<std::size_t>(kind)]; }

bool hand::power_possible(power_kind kind, int seat, bool card_in_hand) const {
    return rule_of(kind).possible(*this, seat, card_in_hand);
}

void hand::begin_power(power_kind kind, std::vector<event>* events) {
    power_ = power_view{};
    power_.picks_left = rule_of(kind).picks;
    start_power(kind, events);
}

// Starts `kind` (keeping a two_powers card's choices); the powers without steps are done at once.
void hand::start_power(power_kind kind, std::vector<event>* events) {
    power_.kind = kind;
    power_.step = 0;
    power_.seat = power_.slot = power_.own_slot = -1;
    phase_ = phase::power;
    const power_rule& rule = rule_of(kind);
    if (rule.start && rule.start(*this, events)) finish_power(events);
}

// The call goes, and with it the final round; whoever comes next may call again.
void hand::cancel_call(std::vector<event>* events) {
    emit(events, event_kind::call_cancelled, current_, 0, {}, caller_);
    caller_ = -1;
    final_turns_left_ = 0;
}

}  // namespace golf
