#include "engine/hand.hpp"

#include <algorithm>
#include <stdexcept>

namespace golf {

namespace {

constexpr seat_set seat_bit(int seat) { return static_cast<seat_set>(1u << seat); }

constexpr int power_kind_count = static_cast<int>(power_kind::two_powers) + 1;

// The powers that keep the power card in hand while they are used (the card may be placed or kept).
constexpr bool keeps_card(power_kind kind) {
    return kind == power_kind::swap_in || kind == power_kind::draw_two_keep_one || kind == power_kind::two_powers ||
           kind == power_kind::shield;
}

void emit(std::vector<event>* events, event_kind kind, int seat, int slot = 0, std::optional<card> shown = {},
          int other = 0) {
    if (events)
        events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot),
                                static_cast<std::uint8_t>(other), shown, -1, -1, std::nullopt});
}

// An event that names the layouts it touches (powers, matches, claims).
void emit_at(std::vector<event>* events, event_kind kind, int seat, int target, int slot,
             std::optional<card> shown = {}, int other_target = -1, int other = 0) {
    if (events)
        events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot),
                                static_cast<std::uint8_t>(other), shown, static_cast<std::int8_t>(target),
                                static_cast<std::int8_t>(other_target), std::nullopt});
}

// An event whose card only its actor saw: `seat` looked at `target`'s `slot` and learnt `seen`.
void emit_seen(std::vector<event>* events, event_kind kind, int seat, int target, int slot, card seen) {
    if (!events) return;
    events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot), 0, std::nullopt,
                            static_cast<std::int8_t>(target), -1, seen});
}

}  // namespace

std::string_view to_string(phase p) {
    switch (p) {
        case phase::start: return "start";
        case phase::turn: return "turn";
        case phase::holding: return "holding";
        case phase::after_discard: return "after_discard";
        case phase::over: return "over";
        case phase::power: return "power";
        case phase::matching: return "matching";
        case phase::calling: return "calling";
    }
    return "unknown";
}

std::string_view to_string(end_reason r) {
    switch (r) {
        case end_reason::none: return "none";
        case end_reason::all_face_up: return "all_face_up";
        case end_reason::final_round_done: return "final_round_done";
        case end_reason::stock_exhausted: return "stock_exhausted";
        case end_reason::turn_limit: return "turn_limit";
        case end_reason::layout_empty: return "layout_empty";
    }
    return "unknown";
}

hand::hand(stacked_tag, std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed)
    : rules_(std::move(rules)), seed_(seed), random_(seed), dealer_(dealer) {
    if (!rules_) throw std::invalid_argument("hand: no ruleset");
    if (auto problem = validate_for_players(*rules_, players)) throw std::invalid_argument(*problem);
    if (dealer < 0 || dealer >= players) throw std::invalid_argument("hand: dealer is not a seat");
    seats_.resize(static_cast<std::size_t>(players));
}

hand::hand(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed)
    : hand(stacked_tag{}, std::move(rules), players, dealer, seed) {
    deal();
}

std::optional<hand> hand::stacked(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed,
                                  std::vector<card> deck) {
    if (!rules || validate_for_players(*rules, players) || dealer < 0 || dealer >= players) return std::nullopt;
    std::vector<int> expected(card_index_count, 0), given(card_index_count, 0);
    for (card c : make_deck(rules->packs_for(players), rules->jokers_per_pack)) ++expected[card_index(c)];
    for (card c : deck) {
        if (!c.is_joker() && (c.rank < 1 || c.rank > 13 || c.suit_ == suit::none)) return std::nullopt;
        ++given[card_index(c)];
    }
    if (given != expected) return std::nullopt;
    hand h(stacked_tag{}, std::move(rules), players, dealer, seed);
    h.stock_ = std::move(deck);
    h.deal_from_stock();
    return h;
}

std::optional<hand> hand::replay(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed,
                                 std::span<const logged_action> log) {
    if (!rules || validate_for_players(*rules, players) || dealer < 0 || dealer >= players) return std::nullopt;
    hand h(std::move(rules), players, dealer, seed);
    for (const logged_action& entry : log)
        if (h.apply(entry.seat, entry.act) != action_error::none) return std::nullopt;
    return h;
}

void hand::deal() {
    const ruleset& r = *rules_;
    const int n = players();
    stock_ = make_deck(r.packs_for(n), r.jokers_per_pack);
    random_.shuffle(std::span<card>(stock_));
    deal_from_stock();
}

void hand::deal_from_stock() {
    const ruleset& r = *rules_;
    const int n = players();
    // One card at a time, starting at the dealer's left, filling positions in row-major order.
    for (auto& s : seats_) {
        s.layout.assign(static_cast<std::size_t>(r.positions()), position{});
        for (int slot = r.slots(); slot < r.positions(); ++slot) s.layout[static_cast<std::size_t>(slot)].empty = true;
    }
    for (int slot = 0; slot < r.slots(); ++slot) {
        for (int i = 1; i <= n; ++i) {
            position& p = seats_[static_cast<std::size_t>((dealer_ + i) % n)].layout[static_cast<std::size_t>(slot)];
            p.value = stock_.back();
            p.replace_once = r.unseen_replace_once;  // cleared for the positions seen during the start
            stock_.pop_back();
        }
    }
    if (r.initial_discard) {
        discards_.push_back(stock_.back());
        stock_.pop_back();
        claim_open_ = true;
    }
    for (auto& s : seats_) s.start_left = r.start == start_action::none ? 0 : r.start_count;

    current_ = (dealer_ + 1) % n;
    const bool start_before_play = r.start != start_action::none && r.start_when == start_timing::before_play;
    phase_ = start_before_play ? phase::start : phase::turn;
}

// ---- queries -------------------------------------------------------------------------------------------------

int hand::face_down_count(int seat) const {
    int count = 0;
    for (const position& p : seats_[static_cast<std::size_t>(seat)].layout) count += (!p.empty && !p.face_up);
    return count;
}

bool hand::all_face_up(int seat) const { return face_down_count(seat) == 0; }

bool hand::start_applies_now(int seat) const {
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    if (s.start_left == 0 && !s.rearranging) return false;
    if (phase_ == phase::start) return true;
    return phase_ == phase::turn && seat == current_ && rules_->start_when == start_timing::first_turn;
}

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

action_error hand::check(int seat, action a) const {
    if (phase_ == phase::over) return action_error::hand_over;
    if (seat < 0 || seat >= players()) return action_error::not_a_seat;
    if (!well_formed(a)) return action_error::malformed;
    if (a.kind == action_kind::claim) return check_claim(seat, a);
    const ruleset& r = *rules_;
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    const int slot = a.slot;
    const bool slot_ok = slot < r.positions() && !s.layout[static_cast<std::size_t>(slot)].empty;

    if (start_applies_now(seat)) {
        switch (a.kind) {
            case action_kind::flip:
            case action_kind::peek: {
                const auto wanted = r.start == start_action::flip ? action_kind::flip : action_kind::peek;
                if (a.kind != wanted || s.start_left == 0) return action_error::wrong_phase;
                return check_start_position(seat, slot);
            }
            case action_kind::swap_own: {
                if (!s.rearranging) return action_error::wrong_phase;
                const bool other_ok = a.other < r.positions() && !s.layout[a.other].empty;
                return slot_ok && other_ok && a.slot != a.other ? action_error::none : action_error::bad_position;
            }
            case action_kind::ready: return s.rearranging ? action_error::none : action_error::wrong_phase;
            default: return action_error::wrong_phase;
        }
    }
    if (phase_ == phase::start || seat != current_) return action_error::not_your_turn;

    const auto face_down_here = [&] { return slot_ok && !s.layout[static_cast<std::size_t>(slot)].face_up; };
    // Paying to look is possible before and after drawing, at a face-down card the player does not know yet.
    const auto check_look = [&] {
        if (r.look_cost <= 0) return action_error::not_allowed;
        return face_down_here() && !(s.layout[slot].known_by & seat_bit(seat)) ? action_error::none
                                                                               : action_error::bad_position;
    };
    switch (phase_) {
        case phase::turn:
            switch (a.kind) {
                case action_kind::draw_stock:
                    return stock_.empty() ? action_error::not_allowed : action_error::none;
                case action_kind::take_discard: {
                    if (discards_.empty()) return action_error::not_allowed;
                    if (r.power_cards_unplaceable && r.power_of(discards_.back()) != power_kind::none)
                        return action_error::not_allowed;  // it could go nowhere
                    if (r.final_turn_stock_only && caller_ >= 0) return action_error::not_allowed;
                    if (!r.taken_discard_must_be_used) return action_error::none;
                    for (int i = 0; i < r.positions(); ++i)
                        if (replaceable(seat, i)) return action_error::none;
                    return action_error::not_allowed;  // nowhere to put it
                }
                case action_kind::knock:
                    return r.knocking && caller_ < 0 ? action_error::none : action_error::not_allowed;
                case action_kind::reveal_all:
                    return r.reveal_all_turn && caller_ < 0 && face_down_count(seat) > 0 ? action_error::none
                                                                                           : action_error::not_allowed;
                case action_kind::flip:
                    if (!r.flip_only_turn) return action_error::not_allowed;
                    return face_down_here() ? action_error::none : action_error::bad_position;
                case action_kind::look: return check_look();
                case action_kind::use_power:
                    if (!r.discard_power_reuse || !discard_power_unused_ || discards_.empty())
                        return action_error::not_allowed;
                    return power_possible(r.power_of(discards_.back()), seat, false) ? action_error::none
                                                                                     : action_error::not_allowed;
                default: return action_error::wrong_phase;
            }
        case phase::holding:
            switch (a.kind) {
                case action_kind::place:
                    if (r.power_cards_unplaceable && r.power_of(*held_) != power_kind::none)
                        return action_error::not_allowed;
                    return replaceable(seat, slot) ? action_error::none : action_error::bad_position;
                case action_kind::use_power:
                    return held_is_power() && power_possible(r.power_of(*held_), seat, true) ? action_error::none
                                                                                             : action_error::not_allowed;
                case action_kind::match: return check_match(a);
                case action_kind::discard: {
                    if (!held_from_discard_ || !r.taken_discard_must_be_used) return action_error::none;
                    // A claim may have emptied the layout since the card was taken: then it goes back.
                    for (int i = 0; i < r.positions(); ++i)
                        if (replaceable(seat, i)) return action_error::not_allowed;
                    return action_error::none;
                }
                case action_kind::look: return check_look();
                default: return action_error::wrong_phase;
            }
        case phase::after_discard:
            switch (a.kind) {
                case action_kind::flip: return face_down_here() ? action_error::none : action_error::bad_position;
                case action_kind::pass: {
                    const int down = face_down_count(seat);
                    const bool may_pass = r.discard_flip == discard_flip_rule::optional ||
                                          (r.discard_flip == discard_flip_rule::compulsory_unless_one_left && down == 1);
                    return may_pass ? action_error::none : action_error::not_allowed;
                }
                default: return action_error::wrong_phase;
            }
        case phase::power: return check_power_step(a);
        case phase::matching:
            if (a.kind == action_kind::pass) return action_error::none;
            return a.kind == action_kind::match ? check_match(a) : action_error::wrong_phase;
        case phase::calling:
            return a.kind == action_kind::knock || a.kind == action_kind::pass ? action_error::none
                                                                              : action_error::wrong_phase;
        default: return action_error::wrong_phase;
    }
}

bool hand::occupied(int seat, int slot) const {
    if (seat < 0 || seat >= players() || slot < 0 || slot >= rules_->positions()) return false;
    return !seats_[static_cast<std::size_t>(seat)].layout[static_cast<std::size_t>(slot)].empty;
}

int hand::card_count(int seat) const {
    int count = 0;
    for (const position& p : seats_[static_cast<std::size_t>(seat)].layout) count += !p.empty;
    return count;
}

int hand::empty_positions(int seat) const { return rules_->positions() - card_count(seat); }

bool hand::matches(card a, card b) const {
    return rules_->match_by_value ? rules_->value_of(a) == rules_->value_of(b) : a.rank == b.rank;
}

bool hand::held_is_power() const {
    return held_ && !held_from_discard_ && rules_->power_of(*held_) != power_kind::none;
}

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
    const bool open_phase = phase_ == phase::turn || phase_ == phase::holding || phase_ == phase::after_discard ||
                            phase_ == phase::calling;
    if (!open_phase || start_applies_now(seat)) return action_error::wrong_phase;
    if (!claim_open_ || discards_.empty()) return action_error::not_allowed;
    if (a.target >= players()) return action_error::bad_position;
    if (a.target == seat && a.other != 0) return action_error::malformed;
    if (r.claims == claim_rule::own_matching_top && a.target != seat) return action_error::bad_position;
    if (!occupied(a.target, a.slot)) return action_error::bad_position;
    if (a.target != seat && !occupied(seat, a.other)) return action_error::bad_position;
    return empty_positions(seat) >= r.wrong_claim_cards ? action_error::none : action_error::no_room;
}

void hand::legal_actions(int seat, std::vector<action>& out) const {
    out.clear();
    if (phase_ == phase::over || seat < 0 || seat >= players()) return;
    const int slots = rules_->positions();
    const auto u8 = [](int n) { return static_cast<std::uint8_t>(n); };
    const auto try_add = [&](action a) {
        if (check(seat, a) == action_error::none) out.push_back(a);
    };
    const auto each_slot = [&](action_kind kind) {
        for (int i = 0; i < slots; ++i) try_add(action{kind, static_cast<std::uint8_t>(i), 0});
    };
    if (start_applies_now(seat)) {
        const seat_state& s = seats_[static_cast<std::size_t>(seat)];
        if (s.start_left > 0) {
            each_slot(rules_->start == start_action::flip ? action_kind::flip : action_kind::peek);
        } else {
            for (int i = 0; i < slots; ++i)
                for (int j = i + 1; j < slots; ++j)
                    try_add(action{action_kind::swap_own, static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(j)});
            try_add(action{action_kind::ready});
        }
        return;
    }
    // Every card on the table, for the kinds that reach any layout.
    const auto each_card = [&](auto&& f) {
        for (int t = 0; t < players(); ++t)
            for (int i = 0; i < slots; ++i)
                if (occupied(t, i)) f(t, i);
    };
    // Trying another seat's card names one of your own to give for it.
    const auto each_target = [&](action_kind kind) {
        each_card([&](int t, int i) {
            if (t == seat) return try_add(action{kind, u8(i), 0, u8(t), 0});
            for (int own = 0; own < slots; ++own)
                if (occupied(seat, own)) try_add(action{kind, u8(i), u8(own), u8(t), 0});
        });
    };
    if (rules_->claims != claim_rule::none && claim_open_) {
        if (rules_->claims == claim_rule::own_matching_top) {
            for (int i = 0; i < slots; ++i) try_add(action{action_kind::claim, u8(i), 0, u8(seat), 0});
        } else {
            each_target(action_kind::claim);
        }
    }
    if (phase_ == phase::start || seat != current_) return;
    const auto matches_here = [&] {
        if (rules_->matching == match_rule::own_equal_set) {
            for (int i = 0; i < slots; ++i) try_add(action{action_kind::match, u8(i), 0, u8(seat), 0});
        } else if (rules_->matching == match_rule::any_layout) {
            each_target(action_kind::match);
        }
    };
    switch (phase_) {
        case phase::turn:
            try_add(action{action_kind::draw_stock});
            try_add(action{action_kind::take_discard});
            try_add(action{action_kind::knock});
            try_add(action{action_kind::reveal_all});
            if (rules_->flip_only_turn) each_slot(action_kind::flip);
            if (rules_->look_cost > 0) each_slot(action_kind::look);
            try_add(action{action_kind::use_power});
            break;
        case phase::holding:
            each_slot(action_kind::place);
            try_add(action{action_kind::discard});
            if (rules_->look_cost > 0) each_slot(action_kind::look);
            try_add(action{action_kind::use_power});
            matches_here();
            break;
        case phase::matching:
            matches_here();
            try_add(action{action_kind::pass});
            break;
        case phase::calling:
            try_add(action{action_kind::knock});
            try_add(action{action_kind::pass});
            break;
        case phase::power:
            each_card([&](int t, int i) { try_add(action{action_kind::power_peek, u8(i), 0, u8(t), 0}); });
            if (power_.kind == power_kind::swap_own_opponent || power_.kind == power_kind::swap_any ||
                power_.step > 0) {
                each_card([&](int t, int i) {
                    each_card([&](int t2, int i2) {
                        if (t < t2 || (t == t2 && i < i2))
                            try_add(action{action_kind::power_swap, u8(i), u8(i2), u8(t), u8(t2)});
                    });
                });
            }
            for (int t = 0; t < players(); ++t) try_add(action{action_kind::shuffle, 0, 0, u8(t), 0});
            switch (power_.kind) {
                case power_kind::swap_in:
                case power_kind::draw_two_keep_one:
                    each_card([&](int t, int i) {
                        for (int k = 0; k <= 2; ++k) try_add(action{action_kind::power_place, u8(i), u8(k), u8(t), 0});
                    });
                    break;
                case power_kind::swap_lines:
                    for (int t = 0; t < players(); ++t)
                        for (int a = 0; a < rules_->slots(); ++a)
                            for (int b = a + 1; b < rules_->slots(); ++b)
                                try_add(action{action_kind::power_lines, u8(a), u8(b), u8(t), 0});
                    break;
                case power_kind::turn_card:
                    each_card([&](int t, int i) { try_add(action{action_kind::power_flip, u8(i), 0, u8(t), 0}); });
                    break;
                case power_kind::add_or_remove:
                    for (int t = 0; t < players(); ++t) try_add(action{action_kind::power_add, 0, 0, u8(t), 0});
                    each_slot(action_kind::power_remove);
                    break;
                case power_kind::two_powers:
                    for (int k = 0; k < power_kind_count; ++k) try_add(action{action_kind::choose_power, u8(k), 0});
                    break;
                default: break;
            }
            try_add(action{action_kind::pass});
            break;
        case phase::after_discard:
            each_slot(action_kind::flip);
            try_add(action{action_kind::pass});
            break;
        default: break;
    }
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

// ---- the one door in ---------------------------------------------------------------------------------------------

action_error hand::apply(int seat, action a, std::vector<event>* events) {
    if (const action_error error = check(seat, a); error != action_error::none) return error;
    log_.push_back(logged_action{static_cast<std::uint8_t>(seat), a});
    just_seen_.clear();
    if (a.kind == action_kind::claim) {  // out of turn: whoever it is, whatever the phase
        do_claim(seat, a, events);
        return action_error::none;
    }
    if (start_applies_now(seat)) {
        do_start(seat, a, events);
        return action_error::none;
    }
    if (a.kind == action_kind::look) {  // not a turn of its own, in either phase that allows it
        do_look(a, events);
        return action_error::none;
    }
    switch (phase_) {
        case phase::turn: do_turn(a, events); break;
        case phase::holding: do_holding(a, events); break;
        case phase::after_discard: do_after_discard(a, events); break;
        case phase::power: do_power(a, events); break;
        case phase::matching: do_matching(a, events); break;
        case phase::calling: do_calling(a, events); break;
        default: break;
    }
    return action_error::none;
}

void hand::do_start(int seat, action a, std::vector<event>* events) {
    seat_state& s = seats_[static_cast<std::size_t>(seat)];
    switch (a.kind) {
        case action_kind::flip:
        case action_kind::peek: {
            position& p = s.layout[a.slot];
            if (a.kind == action_kind::flip) {
                p.face_up = true;
                emit(events, event_kind::flipped, seat, a.slot, p.value);
            } else {
                p.known_by |= seat_bit(seat);
                saw(seat, seat, a.slot);
                emit_seen(events, event_kind::peeked, seat, seat, a.slot, p.value);
            }
            p.replace_once = false;
            s.start_touched |= std::uint64_t{1} << a.slot;
            if (--s.start_left == 0) s.rearranging = rules_->rearrange_after_start;
            if (a.kind == action_kind::flip) remove_completed_lines(seat, events);
            break;
        }
        case action_kind::swap_own:
            std::swap(s.layout[a.slot], s.layout[a.other]);
            emit(events, event_kind::swapped_own, seat, a.slot, {}, a.other);
            break;
        case action_kind::ready:
            s.rearranging = false;
            emit(events, event_kind::ready, seat);
            break;
        default: break;
    }
    if (phase_ == phase::start) finish_start_if_done();
}

void hand::finish_start_if_done() {
    for (const seat_state& s : seats_)
        if (s.start_left > 0 || s.rearranging) return;
    phase_ = phase::turn;
    current_ = (dealer_ + 1) % players();
}

void hand::do_turn(action a, std::vector<event>* events) {
    seat_state& s = seats_[static_cast<std::size_t>(current_)];
    switch (a.kind) {
        case action_kind::draw_stock:
            held_ = stock_.back();
            stock_.pop_back();
            held_from_discard_ = false;
            phase_ = phase::holding;
            emit_seen(events, event_kind::drew_stock, current_, -1, 0, *held_);
            break;
        case action_kind::take_discard:
            held_ = discards_.back();
            discards_.pop_back();
            held_from_discard_ = true;
            claim_open_ = false;  // the card a claim would match has left the pile
            discard_power_unused_ = false;
            phase_ = phase::holding;
            emit(events, event_kind::took_discard, current_, 0, held_);
            break;
        case action_kind::knock:
            caller_ = current_;
            emit(events, event_kind::knocked, current_);
            begin_final_round(events);
            end_turn(events);
            break;
        case action_kind::reveal_all:
            for (std::size_t i = 0; i < s.layout.size(); ++i) {
                position& p = s.layout[i];
                if (p.empty || p.face_up) continue;
                p.face_up = true;
                emit(events, event_kind::flipped, current_, static_cast<int>(i), p.value);
            }
            emit(events, event_kind::revealed_all, current_);
            remove_completed_lines(current_, events);
            end_turn(events);
            break;
        case action_kind::flip:
            s.layout[a.slot].face_up = true;
            emit(events, event_kind::flipped, current_, a.slot, s.layout[a.slot].value);
            remove_completed_lines(current_, events);
            end_turn(events);
            break;
        case action_kind::use_power: {  // the top discard's power, which its player did not use
            discard_power_unused_ = false;
            emit(events, event_kind::power_used, current_, 0, discards_.back());
            begin_power(rules_->power_of(discards_.back()), events);
            break;
        }
        default: break;
    }
}

void hand::do_look(action a, std::vector<event>* events) {
    seat_state& s = seats_[static_cast<std::size_t>(current_)];
    s.layout[a.slot].known_by |= seat_bit(current_);
    s.look_points += rules_->look_cost;
    saw(current_, current_, a.slot);
    emit_seen(events, event_kind::looked, current_, current_, a.slot, s.layout[a.slot].value);
}

void hand::do_holding(action a, std::vector<event>* events) {
    const ruleset& r = *rules_;
    seat_state& s = seats_[static_cast<std::size_t>(current_)];
    switch (a.kind) {
        case action_kind::place: {
            position& p = s.layout[a.slot];
            const card replaced = p.value;
            p.value = *held_;
            if (p.replace_once) p.locked = true;
            p.replace_once = false;
            p.face_up = r.new_card_face_up;
            // A card taken from the discard pile was seen by everyone; one from the stock only by its holder.
            p.known_by = held_from_discard_ ? static_cast<seat_set>(seat_bit(players()) - 1) : seat_bit(current_);
            p.shown = held_from_discard_;
            held_.reset();
            const bool everyone_knows = p.face_up || held_from_discard_;
            if (everyone_knows) {
                emit(events, event_kind::placed, current_, a.slot, p.value);
            } else {
                saw(current_, current_, a.slot);
                emit_seen(events, event_kind::placed, current_, -1, a.slot, p.value);
            }
            put_on_discard(replaced);
            emit(events, event_kind::discarded, current_, a.slot, replaced);
            remove_completed_lines(current_, events);
            end_turn(events);
            break;
        }
        case action_kind::use_power: {
            const card used = *held_;
            const power_kind kind = rules_->power_of(used);
            if (keeps_card(kind)) {  // the card stays in hand, unseen by others, until placed, kept or discarded
                emit(events, event_kind::power_used, current_, 0,
                     kind == power_kind::shield ? std::optional<card>(used) : std::nullopt);
            } else {
                held_.reset();
                put_on_discard(used);
                discard_power_unused_ = false;
                emit(events, event_kind::power_used, current_, 0, used);
            }
            begin_power(kind, events);
            break;
        }
        case action_kind::match: do_matching(a, events); break;
        case action_kind::discard: {
            const card thrown = *held_;
            held_.reset();
            put_on_discard(thrown);
            emit(events, event_kind::discarded, current_, 0, thrown);
            const int down = face_down_count(current_);
            const bool flip_rule_applies = !held_from_discard_ && down > 0 && r.discard_flip != discard_flip_rule::none;
            if (flip_rule_applies) {
                phase_ = phase::after_discard;
            } else {
                end_turn(events);
            }
            break;
        }
        default: break;
    }
}

void hand::do_after_discard(action a, std::vector<event>* events) {
    seat_state& s = seats_[static_cast<std::size_t>(current_)];
    if (a.kind == action_kind::flip) {
        s.layout[a.slot].face_up = true;
        emit(events, event_kind::flipped, current_, a.slot, s.layout[a.slot].value);
        remove_completed_lines(current_, events);
    } else {
        emit(events, event_kind::passed, current_);
    }
    end_turn(events);
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

// A card joins `seat`'s layout at its first empty position, face down, known to `known`.
void hand::add_card(int seat, card c, seat_set known, std::vector<event>* events) {
    auto& layout = seats_[static_cast<std::size_t>(seat)].layout;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (!layout[i].empty) continue;
        layout[i] = position{};
        layout[i].value = c;
        layout[i].known_by = known;
        layout[i].shown = known == static_cast<seat_set>(seat_bit(players()) - 1);
        const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
        const int knower = known == seat_bit(seat) ? seat : -1;
        if (knower >= 0) {
            saw(knower, seat, static_cast<int>(i));
            emit_seen(events, event_kind::added, knower, seat, static_cast<int>(i), c);
        } else {
            emit_at(events, event_kind::added, knower, seat, static_cast<int>(i),
                    known == everyone ? std::optional<card>(c) : std::nullopt);
        }
        return;
    }
    discards_.insert(discards_.begin(), c);  // unreachable while moves that add a card check for room
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
    if (matches(tried, *held_)) {
        discards_.push_back(tried);
        p = position{};
        p.empty = true;
        emit_at(events, event_kind::thrown, me, a.target, a.slot, tried);
        if (a.target != me) {  // one of yours, unseen, takes its place
            std::swap(seats_[a.target].layout[a.slot], seats_[me].layout[a.other]);
            emit_at(events, event_kind::gave, me, a.target, a.other, {}, -1, a.slot);
        }
        end_if_layout_empty(events);
        return;
    }
    p.known_by = everyone;
    p.shown = true;
    emit_at(events, event_kind::shown, me, a.target, a.slot, tried);
    emit(events, event_kind::match_failed, me);
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

void hand::do_claim(int seat, action a, std::vector<event>* events) {
    const ruleset& r = *rules_;
    const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
    claim_open_ = false;  // one claim per discard, right or wrong
    position& p = seats_[a.target].layout[a.slot];
    const card tried = p.value;
    if (matches(tried, discards_.back())) {
        discards_.push_back(tried);
        discard_power_unused_ = false;
        p = position{};
        p.empty = true;
        emit_at(events, event_kind::thrown, seat, a.target, a.slot, tried);
        if (a.target != seat) {
            std::swap(seats_[a.target].layout[a.slot], seats_[static_cast<std::size_t>(seat)].layout[a.other]);
            emit_at(events, event_kind::gave, seat, a.target, a.other, {}, -1, a.slot);
        }
        end_if_layout_empty(events);
        return;
    }
    p.known_by = everyone;
    p.shown = true;
    emit_at(events, event_kind::shown, seat, a.target, a.slot, tried);
    emit(events, event_kind::match_failed, seat);
    if (a.target != seat) seats_[static_cast<std::size_t>(seat)].penalty_points += r.wrong_claim_points;
    for (int i = 0; i < r.wrong_claim_cards && !stock_.empty(); ++i) {
        const card penalty = stock_.back();
        stock_.pop_back();
        add_card(seat, penalty, 0, events);
    }
    // The seat to move must still be able to draw.
    if (phase_ == phase::turn) refill_stock_if_empty(events);
}

bool hand::end_if_layout_empty(std::vector<event>* events) {
    if (!rules_->empty_layout_ends || phase_ == phase::over) return false;
    for (int s = 0; s < players(); ++s) {
        if (card_count(s) > 0) continue;
        if (held_) {  // the card in hand follows the thrown ones
            discards_.push_back(*held_);
            held_.reset();
        }
        emit(events, event_kind::layout_emptied, s);
        finish(end_reason::layout_empty, events);
        return true;
    }
    return false;
}

void hand::do_calling(action a, std::vector<event>* events) {
    if (a.kind == action_kind::knock) {
        caller_ = current_;
        emit(events, event_kind::called, current_);
        begin_final_round(events);
    }
    advance_turn(events);
}

void hand::put_on_discard(card c) {
    discards_.push_back(c);
    claim_open_ = true;
    discard_power_unused_ = rules_->power_of(c) != power_kind::none;
    if (rules_->jack_skips_next && c.rank == 11) last_discard_was_jack_ = true;
}

// Whole lines (and, when they score a bonus, 2x2 blocks) of equal face-up cards leave the layout (9-card option).
void hand::remove_completed_lines(int seat, std::vector<event>* events) {
    if (!rules_->remove_completed_lines) return;
    seat_state& s = seats_[static_cast<std::size_t>(seat)];
    layout_cells face_up_cells;
    face_up_cells.reserve(s.layout.size());
    for (const position& p : s.layout)
        face_up_cells.push_back(!p.empty && p.face_up ? std::optional<card>(p.value) : std::nullopt);
    const std::vector<equal_group> groups = completed_groups(*rules_, face_up_cells);
    if (groups.empty()) return;
    for (const equal_group& group : groups) {
        s.removed_points += group.bonus;
        for (int i : group.cells) {
            position& p = s.layout[static_cast<std::size_t>(i)];
            if (p.empty) continue;  // shared by two groups
            removed_.push_back(p.value);
            p = position{};
            p.empty = true;
            p.face_up = true;
        }
    }
    emit(events, event_kind::lines_removed, seat);
}

void hand::begin_final_round(std::vector<event>* events) {
    final_turns_left_ = players() - 1;
    emit(events, event_kind::final_round, caller_);
    if (!rules_->expose_on_end) return;
    for (int seat = 0; seat < players(); ++seat) {
        seat_state& s = seats_[static_cast<std::size_t>(seat)];
        s.start_left = 0;  // nothing is left to turn up at a first turn
        s.rearranging = false;
        for (std::size_t i = 0; i < s.layout.size(); ++i) {
            position& p = s.layout[i];
            if (p.empty || p.face_up) continue;
            p.face_up = true;
            emit(events, event_kind::exposed, seat, static_cast<int>(i), p.value);
        }
    }
}

// A finished turn may first offer its player the call (call_after_turn).
void hand::end_turn(std::vector<event>* events) {
    if (rules_->call_after_turn && caller_ < 0 && phase_ != phase::over) {
        phase_ = phase::calling;
        return;
    }
    advance_turn(events);
}

void hand::advance_turn(std::vector<event>* events) {
    const ruleset& r = *rules_;
    const int n = players();
    const int seat = current_;
    seats_[static_cast<std::size_t>(seat)].turns_taken++;
    ++turns_played_;
    phase_ = phase::turn;

    const bool in_final_round = caller_ >= 0 && seat != caller_;
    if (caller_ < 0 && all_face_up(seat)) {
        switch (r.all_face_up) {
            case all_face_up_rule::ends_immediately:
                caller_ = seat;
                return finish(end_reason::all_face_up, events);
            case all_face_up_rule::final_round:
                caller_ = seat;
                begin_final_round(events);
                break;
            case all_face_up_rule::when_everyone: {
                // The first to go out is the caller for scoring; play goes on until everyone is face up.
                first_out_ = first_out_ < 0 ? seat : first_out_;
                break;
            }
            case all_face_up_rule::nothing: break;
        }
    }
    if (r.all_face_up == all_face_up_rule::when_everyone && caller_ < 0) {
        bool everyone = true;
        for (int s = 0; s < n; ++s) everyone &= all_face_up(s);
        if (everyone) {
            caller_ = first_out_;
            return finish(end_reason::all_face_up, events);
        }
    }
    if (in_final_round && --final_turns_left_ <= 0) return finish(end_reason::final_round_done, events);
    if (r.turn_limit > 0 && turns_played_ >= r.turn_limit) return finish(end_reason::turn_limit, events);
    refill_stock_if_empty(events);
    if (phase_ == phase::over) return;

    int next = (seat + 1) % n;
    if (last_discard_was_jack_) {
        last_discard_was_jack_ = false;
        emit(events, event_kind::turn_skipped, next);
        if (caller_ >= 0 && next != caller_ && --final_turns_left_ <= 0)
            return finish(end_reason::final_round_done, events);
        next = (next + 1) % n;
    }
    current_ = next;
}

void hand::refill_stock_if_empty(std::vector<event>* events) {
    if (!stock_.empty()) return;
    if (rules_->empty_stock == empty_stock_rule::end_hand || discards_.size() <= 1)
        return finish(end_reason::stock_exhausted, events);
    const card top = discards_.back();
    discards_.pop_back();
    stock_.swap(discards_);
    discards_.assign(1, top);
    random_.shuffle(std::span<card>(stock_));
    emit(events, event_kind::stock_reshuffled, current_);
}

void hand::finish(end_reason why, std::vector<event>* events) {
    phase_ = phase::over;
    ended_ = why;
    std::vector<layout_cells> layouts;
    std::vector<int> extra;
    layouts.reserve(seats_.size());
    for (int s = 0; s < players(); ++s) {
        for (position& p : seats_[static_cast<std::size_t>(s)].layout) p.face_up = true;
        layouts.push_back(cells_of(s));
        const seat_state& st = seats_[static_cast<std::size_t>(s)];
        extra.push_back(st.look_points + st.removed_points + st.penalty_points);
    }
    result_ = score_hand(*rules_, layouts, caller_, extra);
    emit(events, event_kind::hand_over, caller_);
}

// ---- views -------------------------------------------------------------------------------------------------------

layout_cells hand::cells_of(int seat) const {
    layout_cells cells;
    const auto& layout = seats_[static_cast<std::size_t>(seat)].layout;
    cells.reserve(layout.size());
    for (const position& p : layout) cells.push_back(p.empty ? std::nullopt : std::optional<card>(p.value));
    return cells;
}

std::vector<card> hand::all_cards() const {
    std::vector<card> cards(stock_);
    cards.insert(cards.end(), discards_.begin(), discards_.end());
    cards.insert(cards.end(), removed_.begin(), removed_.end());
    cards.insert(cards.end(), offered_.begin(), offered_.end());
    for (const seat_state& s : seats_) {
        for (const position& p : s.layout)
            if (!p.empty) cards.push_back(p.value);
        cards.insert(cards.end(), s.shields.begin(), s.shields.end());
    }
    if (held_) cards.push_back(*held_);
    return cards;
}

hand_view hand::view_for(int viewer, recall memory) const {
    hand_view v;
    view_into(viewer, v, memory);
    return v;
}

void hand::saw(int viewer, int seat, int slot) {
    just_seen_.push_back({static_cast<std::int8_t>(viewer), static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot)});
}

bool hand::just_saw(int viewer, int seat, int slot) const {
    return std::any_of(just_seen_.begin(), just_seen_.end(), [&](const seen_now& s) {
        return s.viewer == viewer && s.seat == seat && s.slot == slot;
    });
}

void hand::view_into(int viewer, hand_view& v, recall memory) const {
    const ruleset& r = *rules_;
    if (viewer < 0 || viewer >= players()) viewer = -1;
    v.viewer = viewer;
    v.current_phase = phase_;
    v.current_seat = current_;
    v.dealer = dealer_;
    v.rows = r.rows;
    v.cols = r.cols;
    v.seats.resize(seats_.size());  // every field of every element is set below; vectors keep their memory
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        const seat_state& s = seats_[i];
        seat_view& sv = v.seats[i];
        sv.start_left = s.start_left;
        sv.rearranging = s.rearranging;
        sv.turns_taken = s.turns_taken;
        sv.look_points = s.look_points;
        sv.penalty_points = s.penalty_points;
        sv.shields.assign(s.shields.begin(), s.shields.end());
        sv.layout.resize(s.layout.size());
        for (std::size_t j = 0; j < s.layout.size(); ++j) {
            const position& p = s.layout[j];
            position_view& pv = sv.layout[j];
            pv.empty = p.empty;
            pv.face_up = p.face_up;
            pv.known_by = p.known_by;
            pv.locked = p.locked;
            const bool remembers = viewer >= 0 && (p.known_by & seat_bit(viewer)) &&
                                   (memory == recall::perfect || !r.peeks_shown_once ||
                                    just_saw(viewer, static_cast<int>(i), static_cast<int>(j)));
            const bool knows = p.face_up || p.shown || remembers;
            if (!p.empty && knows) pv.value = p.value;
            else pv.value.reset();
        }
    }
    v.top_discard.reset();
    if (!discards_.empty()) v.top_discard = discards_.back();
    v.discard_count = static_cast<int>(discards_.size());
    v.stock_count = static_cast<int>(stock_.size());
    v.held_from_discard = held_from_discard_;
    v.holding = held_.has_value();
    v.held.reset();
    if (held_ && (held_from_discard_ || viewer == current_)) v.held = held_;
    v.caller = caller_;
    v.final_round = final_round();
    v.final_turns_left = final_round() ? final_turns_left_ : 0;
    v.ended = ended_;
    v.power = power_;
    v.marked.assign(marked_.begin(), marked_.end());
    v.claim_open = claim_open_ && rules_->claims != claim_rule::none;
    v.discard_power_unused = discard_power_unused_ && rules_->discard_power_reuse;
    v.offered.clear();
    if (viewer >= 0 && viewer == current_) v.offered.assign(offered_.begin(), offered_.end());
    v.legal.clear();
    if (viewer >= 0) legal_actions(viewer, v.legal);
    v.result.reset();
    if (phase_ == phase::over) v.result = result_;
}

}  // namespace golf
