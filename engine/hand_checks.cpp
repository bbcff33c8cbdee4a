// Whether an action is allowed now (hand::check) and every action that is (hand::legal_actions), outside the steps
// of a power (powers.cpp) and the rules of matches and claims (matches_and_claims.cpp).
#include "engine/hand.hpp"

#include "engine/hand_events.hpp"
#include "engine/powers.hpp"

namespace golf {

namespace {

constexpr std::uint8_t u8(int n) { return static_cast<std::uint8_t>(n); }

}  // namespace

action_error hand::check_start_position(int seat, int slot) const {
    const ruleset& r = *rules_;
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    if (slot < 0 || slot >= r.positions()) return action_error::bad_position;
    const position& p = s.layout[static_cast<std::size_t>(slot)];
    if (p.empty || p.face_up || (s.start_touched >> slot & 1u)) return action_error::bad_position;

    const int col = slot % r.cols;
    const int middle = r.cols / 2;
    bool touched_middle = false, touched_outer = false, touched_same_col = false, touched_any = false;
    int touched_col = -1;
    for (int i = 0; i < r.slots(); ++i) {
        if (!(s.start_touched >> i & 1u)) continue;
        touched_any = true;
        const int c = i % r.cols;
        touched_col = c;
        touched_same_col |= (c == col);
        touched_middle |= (c == middle);
        touched_outer |= (c == 0 || c == r.cols - 1);
    }
    switch (r.start_where) {
        case start_pattern::any: return action_error::none;
        case start_pattern::same_column:
            return !touched_any || touched_col == col ? action_error::none : action_error::bad_position;
        case start_pattern::different_columns:
            return touched_same_col ? action_error::bad_position : action_error::none;
        case start_pattern::middle_and_outer: {
            const bool is_middle = col == middle;
            const bool is_outer = col == 0 || col == r.cols - 1;
            if (is_middle) return touched_middle ? action_error::bad_position : action_error::none;
            if (is_outer) return touched_outer ? action_error::bad_position : action_error::none;
            return action_error::bad_position;
        }
        case start_pattern::nearest_row:
            return slot / r.cols == r.rows - 1 ? action_error::none : action_error::bad_position;
    }
    return action_error::bad_position;
}

bool hand::replaceable(int seat, int slot) const {
    const ruleset& r = *rules_;
    if (slot < 0 || slot >= r.positions()) return false;
    const auto& layout = seats_[static_cast<std::size_t>(seat)].layout;
    const position& p = layout[static_cast<std::size_t>(slot)];
    if (p.empty || p.locked) return false;
    if (r.face_up_locked && p.face_up) return false;
    if (r.frozen_columns && r.rows >= 2) {
        bool column_face_up = true;
        for (int row = 0; row < r.rows; ++row) {
            const position& q = layout[static_cast<std::size_t>(row * r.cols + slot % r.cols)];
            column_face_up &= !q.empty && q.face_up;
        }
        if (column_face_up) return false;
    }
    return true;
}

bool hand::any_replaceable(int seat) const {
    for (int i = 0; i < rules_->positions(); ++i)
        if (replaceable(seat, i)) return true;
    return false;
}

bool hand::face_down_at(int seat, int slot) const {
    return occupied(seat, slot) &&
           !seats_[static_cast<std::size_t>(seat)].layout[static_cast<std::size_t>(slot)].face_up;
}

action_error hand::check(int seat, action a) const {
    if (phase_ == phase::over) return action_error::hand_over;
    if (seat < 0 || seat >= players()) return action_error::not_a_seat;
    if (!well_formed(a)) return action_error::malformed;
    if (a.kind == action_kind::claim) return check_claim(seat, a);
    if (start_applies_now(seat)) return check_start(seat, a);
    if (phase_ == phase::start || seat != current_) return action_error::not_your_turn;
    switch (phase_) {
        case phase::turn: return check_turn(seat, a);
        case phase::holding: return check_holding(seat, a);
        case phase::after_discard: return check_after_discard(seat, a);
        case phase::power: return rule_of(power_.kind).check_step(*this, a);
        case phase::matching:
            if (a.kind == action_kind::pass) return action_error::none;
            return a.kind == action_kind::match ? check_match(a) : action_error::wrong_phase;
        case phase::calling:
            return a.kind == action_kind::knock || a.kind == action_kind::pass ? action_error::none
                                                                               : action_error::wrong_phase;
        default: return action_error::wrong_phase;
    }
}

// The start action owed (flip or peek), then rearranging under rearrange_after_start.
action_error hand::check_start(int seat, action a) const {
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    switch (a.kind) {
        case action_kind::flip:
        case action_kind::peek: {
            const auto wanted = rules_->start == start_action::flip ? action_kind::flip : action_kind::peek;
            if (a.kind != wanted || s.start_left == 0) return action_error::wrong_phase;
            return check_start_position(seat, a.slot);
        }
        case action_kind::swap_own:
            if (!s.rearranging) return action_error::wrong_phase;
            return occupied(seat, a.slot) && occupied(seat, a.other) && a.slot != a.other ? action_error::none
                                                                                          : action_error::bad_position;
        case action_kind::ready: return s.rearranging ? action_error::none : action_error::wrong_phase;
        default: return action_error::wrong_phase;
    }
}

action_error hand::check_turn(int seat, action a) const {
    const ruleset& r = *rules_;
    switch (a.kind) {
        case action_kind::draw_stock: return stock_.empty() ? action_error::not_allowed : action_error::none;
        case action_kind::take_discard:
            if (discards_.empty()) return action_error::not_allowed;
            if (r.power_cards_unplaceable && r.power_of(discards_.back()) != power_kind::none)
                return action_error::not_allowed;  // it could go nowhere
            if (r.final_turn_stock_only && caller_ >= 0) return action_error::not_allowed;
            if (!r.taken_discard_must_be_used) return action_error::none;
            return any_replaceable(seat) ? action_error::none : action_error::not_allowed;  // nowhere to put it
        case action_kind::knock: return r.knocking && caller_ < 0 ? action_error::none : action_error::not_allowed;
        case action_kind::reveal_all:
            return r.reveal_all_turn && caller_ < 0 && face_down_count(seat) > 0 ? action_error::none
                                                                                 : action_error::not_allowed;
        case action_kind::flip:
            if (!r.flip_only_turn) return action_error::not_allowed;
            return face_down_at(seat, a.slot) ? action_error::none : action_error::bad_position;
        case action_kind::look: return check_look(seat, a.slot);
        case action_kind::use_power:
            if (!r.discard_power_reuse || !discard_power_unused_ || discards_.empty()) return action_error::not_allowed;
            return power_possible(r.power_of(discards_.back()), seat, false) ? action_error::none
                                                                             : action_error::not_allowed;
        default: return action_error::wrong_phase;
    }
}

action_error hand::check_holding(int seat, action a) const {
    const ruleset& r = *rules_;
    switch (a.kind) {
        case action_kind::place:
            if (r.power_cards_unplaceable && r.power_of(*held_) != power_kind::none) return action_error::not_allowed;
            return replaceable(seat, a.slot) ? action_error::none : action_error::bad_position;
        case action_kind::use_power:
            return held_is_power() && power_possible(r.power_of(*held_), seat, true) ? action_error::none
                                                                                     : action_error::not_allowed;
        case action_kind::match: return check_match(a);
        case action_kind::discard:
            if (!held_from_discard_ || !r.taken_discard_must_be_used) return action_error::none;
            // A claim may have emptied the layout since the card was taken: then it goes back.
            return any_replaceable(seat) ? action_error::not_allowed : action_error::none;
        case action_kind::look: return check_look(seat, a.slot);
        default: return action_error::wrong_phase;
    }
}

action_error hand::check_after_discard(int seat, action a) const {
    switch (a.kind) {
        case action_kind::flip: return face_down_at(seat, a.slot) ? action_error::none : action_error::bad_position;
        case action_kind::pass: {
            const discard_flip_rule rule = rules_->discard_flip;
            const bool may_pass = rule == discard_flip_rule::optional ||
                                  (rule == discard_flip_rule::compulsory_unless_one_left && face_down_count(seat) == 1);
            return may_pass ? action_error::none : action_error::not_allowed;
        }
        default: return action_error::wrong_phase;
    }
}

// Paying to look is possible before and after drawing, at a face-down card the player does not know yet.
action_error hand::check_look(int seat, int slot) const {
    if (rules_->look_cost <= 0) return action_error::not_allowed;
    return face_down_at(seat, slot) && !(seats_[static_cast<std::size_t>(seat)].layout[slot].known_by & seat_bit(seat))
               ? action_error::none
               : action_error::bad_position;
}

void hand::legal_actions(int seat, std::vector<action>& out) const {
    out.clear();
    if (phase_ == phase::over || seat < 0 || seat >= players()) return;
    if (start_applies_now(seat)) return legal_start(seat, out);
    if (rules_->claims != claim_rule::none && claim_open_)
        offer_tries(seat, action_kind::claim, rules_->claims == claim_rule::own_matching_top, out);
    if (phase_ == phase::start || seat != current_) return;
    const auto offer = [&](action_kind kind) { offer_if_legal(seat, action{kind}, out); };
    const auto matches_here = [&] {
        if (rules_->matching != match_rule::none)
            offer_tries(seat, action_kind::match, rules_->matching == match_rule::own_equal_set, out);
    };
    switch (phase_) {
        case phase::turn:
            for (const action_kind kind :
                 {action_kind::draw_stock, action_kind::take_discard, action_kind::knock, action_kind::reveal_all})
                offer(kind);
            if (rules_->flip_only_turn) offer_each_slot(seat, action_kind::flip, out);
            if (rules_->look_cost > 0) offer_each_slot(seat, action_kind::look, out);
            offer(action_kind::use_power);
            break;
        case phase::holding:
            offer_each_slot(seat, action_kind::place, out);
            offer(action_kind::discard);
            if (rules_->look_cost > 0) offer_each_slot(seat, action_kind::look, out);
            offer(action_kind::use_power);
            matches_here();
            break;
        case phase::matching:
            matches_here();
            offer(action_kind::pass);
            break;
        case phase::calling:
            offer(action_kind::knock);
            offer(action_kind::pass);
            break;
        case phase::power: rule_of(power_.kind).list_steps(*this, out); break;
        case phase::after_discard:
            offer_each_slot(seat, action_kind::flip, out);
            offer(action_kind::pass);
            break;
        default: break;
    }
}

void hand::legal_start(int seat, std::vector<action>& out) const {
    const int slots = rules_->positions();
    if (seats_[static_cast<std::size_t>(seat)].start_left > 0)
        return offer_each_slot(seat, rules_->start == start_action::flip ? action_kind::flip : action_kind::peek, out);
    for (int i = 0; i < slots; ++i)
        for (int j = i + 1; j < slots; ++j) offer_if_legal(seat, action{action_kind::swap_own, u8(i), u8(j)}, out);
    offer_if_legal(seat, action{action_kind::ready}, out);
}

void hand::offer_each_slot(int seat, action_kind kind, std::vector<action>& out) const {
    for (int i = 0; i < rules_->positions(); ++i) offer_if_legal(seat, action{kind, u8(i), 0}, out);
}

// Matches or claims: on the seat's own cards only, or on every card on the table, where trying another seat's card
// names one of your own to give for it.
void hand::offer_tries(int seat, action_kind kind, bool own_only, std::vector<action>& out) const {
    const int slots = rules_->positions();
    if (own_only) {
        for (int i = 0; i < slots; ++i) offer_if_legal(seat, action{kind, u8(i), 0, u8(seat), 0}, out);
        return;
    }
    for (int t = 0; t < players(); ++t) {
        for (int i = 0; i < slots; ++i) {
            if (!occupied(t, i)) continue;
            if (t == seat) {
                offer_if_legal(seat, action{kind, u8(i), 0, u8(t), 0}, out);
                continue;
            }
            for (int own = 0; own < slots; ++own)
                if (occupied(seat, own)) offer_if_legal(seat, action{kind, u8(i), u8(own), u8(t), 0}, out);
        }
    }
}

void hand::offer_if_legal(int seat, action a, std::vector<action>& out) const {
    if (check(seat, a) == action_error::none) out.push_back(a);
}

std::vector<action> hand::legal_actions(int seat) const {
    std::vector<action> out;
    legal_actions(seat, out);
    return out;
}

std::vector<int> hand::seats_to_act() const {
    std::vector<int> out;
    if (phase_ == phase::over) return out;
    if (phase_ != phase::start) {
        out.push_back(current_);
        return out;
    }
    for (int s = 0; s < players(); ++s)
        if (start_applies_now(s)) out.push_back(s);
    return out;
}

}  // namespace golf
