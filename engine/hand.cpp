// A hand's state and flow: the deal, the one door in (apply), the start, turns, the call and the end.
// Its checks and legal actions are in hand_checks.cpp, powers in powers.cpp (the table) and power_steps.cpp, matches
// and claims in matches_and_claims.cpp, views in hand_view.cpp.
#include "engine/hand.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/hand_events.hpp"
#include "engine/powers.hpp"

namespace golf {

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

bool hand::held_is_power() const {
    return held_ && !held_from_discard_ && rules_->power_of(*held_) != power_kind::none;
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
            const bool owner_saw = p.face_up || (p.known_by & seat_bit(current_));
            p.value = *held_;
            if (p.replace_once) p.locked = true;
            p.replace_once = false;
            p.face_up = r.new_card_face_up;
            // A card taken from the discard pile was seen by everyone; one from the stock only by its holder.
            p.known_by = held_from_discard_ ? static_cast<seat_set>(seat_bit(players()) - 1) : seat_bit(current_);
            p.shown = held_from_discard_;
            held_.reset();
            const bool everyone_knows = p.face_up || held_from_discard_;
            p.kept = everyone_knows ? std::nullopt : std::optional<kept_over>(kept_over{replaced, owner_saw});
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
            const power_rule& rule = rule_of(kind);
            if (rule.keeps_card) {  // the card stays in hand, unseen by others, until placed, kept or discarded
                emit(events, event_kind::power_used, current_, 0,
                     rule.shown_on_use ? std::optional<card>(used) : std::nullopt);
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
            case all_face_up_rule::ends_immediately: caller_ = seat; return finish(end_reason::all_face_up, events);
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

}  // namespace golf
