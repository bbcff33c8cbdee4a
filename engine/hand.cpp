#include "engine/hand.hpp"

#include <algorithm>
#include <stdexcept>

namespace golf {

namespace {

constexpr seat_set seat_bit(int seat) { return static_cast<seat_set>(1u << seat); }

void emit(std::vector<event>* events, event_kind kind, int seat, int slot = 0, std::optional<card> shown = {},
          int other = 0) {
    if (events)
        events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot),
                                static_cast<std::uint8_t>(other), shown});
}

}  // namespace

std::string_view to_string(phase p) {
    switch (p) {
        case phase::start: return "start";
        case phase::turn: return "turn";
        case phase::holding: return "holding";
        case phase::after_discard: return "after_discard";
        case phase::over: return "over";
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
    for (auto& s : seats_) s.layout.assign(static_cast<std::size_t>(r.slots()), position{});
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
    if (slot < 0 || slot >= r.slots()) return action_error::bad_position;
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
    if (slot < 0 || slot >= r.slots()) return false;
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
    const ruleset& r = *rules_;
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    const int slot = a.slot;
    const bool slot_ok = slot < r.slots() && !s.layout[static_cast<std::size_t>(slot)].empty;

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
                const bool other_ok = a.other < r.slots() && !s.layout[a.other].empty;
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
                    if (r.final_turn_stock_only && caller_ >= 0) return action_error::not_allowed;
                    if (!r.taken_discard_must_be_used) return action_error::none;
                    for (int i = 0; i < r.slots(); ++i)
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
                default: return action_error::wrong_phase;
            }
        case phase::holding:
            switch (a.kind) {
                case action_kind::place:
                    return replaceable(seat, slot) ? action_error::none : action_error::bad_position;
                case action_kind::discard:
                    return held_from_discard_ && r.taken_discard_must_be_used ? action_error::not_allowed
                                                                              : action_error::none;
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
        default: return action_error::wrong_phase;
    }
}

void hand::legal_actions(int seat, std::vector<action>& out) const {
    out.clear();
    if (phase_ == phase::over || seat < 0 || seat >= players()) return;
    const int slots = rules_->slots();
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
    if (phase_ == phase::start || seat != current_) return;
    switch (phase_) {
        case phase::turn:
            try_add(action{action_kind::draw_stock});
            try_add(action{action_kind::take_discard});
            try_add(action{action_kind::knock});
            try_add(action{action_kind::reveal_all});
            if (rules_->flip_only_turn) each_slot(action_kind::flip);
            if (rules_->look_cost > 0) each_slot(action_kind::look);
            break;
        case phase::holding:
            each_slot(action_kind::place);
            try_add(action{action_kind::discard});
            if (rules_->look_cost > 0) each_slot(action_kind::look);
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
                emit(events, event_kind::peeked, seat, a.slot);
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
            emit(events, event_kind::drew_stock, current_);
            break;
        case action_kind::take_discard:
            held_ = discards_.back();
            discards_.pop_back();
            held_from_discard_ = true;
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
        default: break;
    }
}

void hand::do_look(action a, std::vector<event>* events) {
    seat_state& s = seats_[static_cast<std::size_t>(current_)];
    s.layout[a.slot].known_by |= seat_bit(current_);
    s.look_points += rules_->look_cost;
    emit(events, event_kind::looked, current_, a.slot);
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
            held_.reset();
            const bool everyone_knows = p.face_up || held_from_discard_;
            emit(events, event_kind::placed, current_, a.slot, everyone_knows ? std::optional<card>(p.value) : std::nullopt);
            put_on_discard(replaced);
            emit(events, event_kind::discarded, current_, a.slot, replaced);
            remove_completed_lines(current_, events);
            end_turn(events);
            break;
        }
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

void hand::put_on_discard(card c) {
    discards_.push_back(c);
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

void hand::end_turn(std::vector<event>* events) {
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
        extra.push_back(seats_[static_cast<std::size_t>(s)].look_points + seats_[static_cast<std::size_t>(s)].removed_points);
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
    for (const seat_state& s : seats_)
        for (const position& p : s.layout)
            if (!p.empty) cards.push_back(p.value);
    if (held_) cards.push_back(*held_);
    return cards;
}

hand_view hand::view_for(int viewer) const {
    const ruleset& r = *rules_;
    if (viewer < 0 || viewer >= players()) viewer = -1;
    const seat_set everyone = static_cast<seat_set>(seat_bit(players()) - 1);
    hand_view v;
    v.viewer = viewer;
    v.current_phase = phase_;
    v.current_seat = current_;
    v.dealer = dealer_;
    v.rows = r.rows;
    v.cols = r.cols;
    v.seats.reserve(seats_.size());
    for (const seat_state& s : seats_) {
        seat_view sv;
        sv.start_left = s.start_left;
        sv.rearranging = s.rearranging;
        sv.turns_taken = s.turns_taken;
        sv.look_points = s.look_points;
        sv.layout.reserve(s.layout.size());
        for (const position& p : s.layout) {
            position_view pv;
            pv.empty = p.empty;
            pv.face_up = p.face_up;
            pv.known_by = p.known_by;
            pv.locked = p.locked;
            const bool knows = p.face_up || p.known_by == everyone || (viewer >= 0 && (p.known_by & seat_bit(viewer)));
            if (!p.empty && knows) pv.value = p.value;
            sv.layout.push_back(pv);
        }
        v.seats.push_back(std::move(sv));
    }
    if (!discards_.empty()) v.top_discard = discards_.back();
    v.discard_count = static_cast<int>(discards_.size());
    v.stock_count = static_cast<int>(stock_.size());
    v.held_from_discard = held_from_discard_;
    if (held_ && (held_from_discard_ || viewer == current_)) v.held = held_;
    v.caller = caller_;
    v.final_round = final_round();
    v.final_turns_left = final_round() ? final_turns_left_ : 0;
    v.ended = ended_;
    if (viewer >= 0) legal_actions(viewer, v.legal);
    if (phase_ == phase::over) v.result = result_;
    return v;
}

}  // namespace golf
