// What a seat (or a spectator) is shown of a hand: hand::view_for and its helpers, the cells a layout scores,
// and every card of the hand for conservation checks.
#include "engine/hand.hpp"

#include <algorithm>
#include <array>

#include "engine/hand_events.hpp"

namespace golf {

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
    just_seen_.push_back(
        {static_cast<std::int8_t>(viewer), static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot)});
}

bool hand::just_saw(int viewer, int seat, int slot) const {
    return std::any_of(just_seen_.begin(), just_seen_.end(),
                       [&](const seen_now& s) { return s.viewer == viewer && s.seat == seat && s.slot == slot; });
}

bool hand::remembers(int viewer, int seat, int slot, recall memory) const {
    const position& p = seats_[static_cast<std::size_t>(seat)].layout[static_cast<std::size_t>(slot)];
    return viewer >= 0 && (p.known_by & seat_bit(viewer)) &&
           (memory == recall::perfect || !rules_->peeks_shown_once || just_saw(viewer, seat, slot));
}

seat_set hand::seats_shown_beyond_spectator(int viewer, recall memory) const {
    seat_set beyond = 0;
    if (viewer < 0 || viewer >= players()) return beyond;
    const seat_set me = seat_bit(viewer);  // tested first: most face-down cards are not the viewer's to know
    for (std::size_t i = 0; i < seats_.size(); ++i) {
        const auto& layout = seats_[i].layout;
        for (std::size_t j = 0; j < layout.size(); ++j) {
            const position& p = layout[j];
            if ((p.known_by & me) && !p.empty && !p.face_up && !p.shown &&
                remembers(viewer, static_cast<int>(i), static_cast<int>(j), memory)) {
                beyond |= seat_bit(static_cast<int>(i));
                break;
            }
        }
    }
    return beyond;
}

void hand::seat_view_into(int viewer, int seat, seat_view& sv, recall memory) const {
    const seat_state& s = seats_[static_cast<std::size_t>(seat)];
    sv.start_left = s.start_left;
    sv.rearranging = s.rearranging;
    sv.turns_taken = s.turns_taken;
    sv.look_points = s.look_points;
    sv.penalty_points = s.penalty_points;
    sv.start_touched = s.start_touched;
    sv.shields.assign(s.shields.begin(), s.shields.end());
    sv.layout.resize(s.layout.size());
    for (std::size_t j = 0; j < s.layout.size(); ++j) {
        const position& p = s.layout[j];
        position_view& pv = sv.layout[j];
        pv.empty = p.empty;
        pv.face_up = p.face_up;
        pv.known_by = p.known_by;
        pv.locked = p.locked;
        const bool knows = p.face_up || p.shown || remembers(viewer, seat, static_cast<int>(j), memory);
        if (!p.empty && knows) pv.value = p.value;
        else pv.value.reset();
    }
    std::array<std::optional<card>, max_positions_limit> shown{};  // on the stack: views are made for every move
    for (std::size_t j = 0; j < s.layout.size() && j < shown.size(); ++j)
        if (const position& p = s.layout[j]; p.face_up && !p.empty) shown[j] = p.value;
    sv.shown_points = layout_points(*rules_, std::span(shown.data(), std::min(s.layout.size(), shown.size())));
}

void hand::view_into(int viewer, hand_view& v, recall memory) const {
    view_into(viewer, v, memory, static_cast<seat_set>(~seat_set{0}));
}

void hand::view_into(int viewer, hand_view& v, recall memory, seat_set fill) const {
    if (viewer < 0 || viewer >= players()) viewer = -1;
    v.viewer = viewer;
    v.current_phase = phase_;
    v.current_seat = current_;
    v.dealer = dealer_;
    v.rows = rules_->rows;
    v.cols = rules_->cols;
    v.seats.resize(seats_.size());  // every field of every seat filled is set; vectors keep their memory
    for (std::size_t i = 0; i < seats_.size(); ++i)
        if (fill & seat_bit(static_cast<int>(i))) seat_view_into(viewer, static_cast<int>(i), v.seats[i], memory);
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
    v.pile.clear();
    v.out_of_play.clear();
    v.kept.clear();
    if (memory == recall::perfect && viewer >= 0) {
        v.pile.assign(discards_.begin(), discards_.end());
        v.out_of_play.assign(removed_.begin(), removed_.end());
        for (std::size_t i = 0; i < seats_.size(); ++i)
            for (std::size_t j = 0; j < seats_[i].layout.size(); ++j)
                if (const position& p = seats_[i].layout[j]; p.kept && !p.empty && !p.face_up)
                    v.kept.push_back({static_cast<int>(i), static_cast<int>(j), *p.kept});
    }
    v.legal.clear();
    if (viewer >= 0) legal_actions(viewer, v.legal);
    v.result.reset();
    if (phase_ == phase::over) v.result = result_;
}

}  // namespace golf
