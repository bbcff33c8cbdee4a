// Computer players. The heuristic bot works only from its seat's view: it estimates every layout it can
// see (known cards scored by score_layout, unknown cards at the mean value of the cards it has not seen)
// and picks the legal action that leaves its own estimate lowest, without ending play while it is behind.
#include "engine/bot.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <vector>

#include "engine/powers.hpp"
#include "engine/scoring.hpp"
#include "engine/search_bot.hpp"

namespace golf {

action random_bot::choose(const ruleset&, const hand_view& view, random_source& random) {
    return view.legal[static_cast<std::size_t>(random.below(view.legal.size()))];
}

namespace {

constexpr double take_margin = 2.0;        // a discard must beat the estimate by this much to be worth taking
constexpr double finish_margin = 1.0;      // ending play needs a lead of this much over the best opponent
constexpr double reveal_margin = 3.0;      // revealing unknown cards is a gamble: ask for a wider lead
constexpr double behind_penalty = 1000.0;  // ranks "ends play while behind" below every other choice
constexpr double column_hope_share = 0.5;  // of a nearly complete column's value (measured best of 0.3-0.7)
constexpr double never = std::numeric_limits<double>::infinity();

bool is_legal(const hand_view& view, action a) {
    return std::find(view.legal.begin(), view.legal.end(), a) != view.legal.end();
}

bool has_kind(const hand_view& view, action_kind kind) {
    return std::any_of(view.legal.begin(), view.legal.end(), [kind](action a) { return a.kind == kind; });
}

std::optional<action> first_of(const hand_view& view, action_kind kind) {
    for (action a : view.legal)
        if (a.kind == kind) return a;
    return std::nullopt;
}

card card_at_index(int index) {
    return index == card_index(joker()) ? joker() : make_card(index % 13 + 1, static_cast<suit>(index / 13));
}

// The mean value of the cards this seat has not seen: the deck less every card in its sight. Cards buried
// in the discard pile are not in the view, so they count as unseen.
double unseen_mean(const ruleset& rules, const hand_view& view) {
    const int packs = std::max(1, rules.packs_for(static_cast<int>(view.seats.size())));
    std::array<int, card_index_count> left{};
    for (int i = 0; i < card_index_count; ++i) left[i] = packs;
    left[card_index(joker())] = packs * rules.jokers_per_pack;
    const auto seen = [&left](card c) {
        int& n = left[card_index(c)];
        if (n > 0) --n;
    };
    for (const seat_view& seat : view.seats) {
        for (const position_view& p : seat.layout)
            if (!p.empty && p.value) seen(*p.value);
        for (const card shield : seat.shields) seen(shield);
    }
    for (const card drawn : view.offered) seen(drawn);
    if (view.top_discard) seen(*view.top_discard);
    if (view.held) seen(*view.held);

    double total = 0;
    int count = 0;
    for (int pass = 0; pass < 2 && count == 0; ++pass) {
        for (int i = 0; i < card_index_count; ++i) {
            // Everything seen (impossible in practice): fall back to one whole pack.
            const int n = pass == 0 ? left[i] : (i == card_index(joker()) ? rules.jokers_per_pack : 1);
            total += n * rules.value_of(card_at_index(i));
            count += n;
        }
    }
    return count > 0 ? total / count : 0.0;
}

// What the viewer knows of one layout.
struct layout_guess {
    layout_cells cells;         // known cards; nullopt where the position is empty or unknown
    std::vector<bool> unknown;  // face down and not known to the viewer
    int unknown_count = 0;
    int face_down = 0;  // positions still face down, known or not
};

layout_guess guess_layout(const seat_view& seat) {
    layout_guess g;
    g.cells.resize(seat.layout.size());
    g.unknown.resize(seat.layout.size(), false);
    for (std::size_t i = 0; i < seat.layout.size(); ++i) {
        const position_view& p = seat.layout[i];
        if (p.empty) continue;
        if (!p.face_up) ++g.face_down;
        if (p.value) {
            g.cells[i] = p.value;
        } else {
            g.unknown[i] = true;
            ++g.unknown_count;
        }
    }
    return g;
}

// A column of equal known cards lacking one unknown card (layouts of 3 rows and more) may still cancel:
// count part of its value as gone, so the bot keeps building the column instead of breaking it up.
double column_hope(const ruleset& rules, const layout_guess& g) {
    if (!rules.cancel_column || rules.rows < 3 || g.unknown_count == 0) return 0;
    double hope = 0;
    for (int c = 0; c < rules.cols; ++c) {
        int known = 0;
        int unknown = 0;
        int value = 0;
        std::optional<int> rank;
        bool alike = true;
        for (int r = 0; r < rules.rows; ++r) {
            const auto i = static_cast<std::size_t>(r * rules.cols + c);
            if (i >= g.cells.size()) return hope;
            if (g.unknown[i]) {
                ++unknown;
            } else if (const auto& cell = g.cells[i]) {
                alike = alike && (!rank || *rank == cell->rank);
                rank = cell->rank;
                value += rules.value_of(*cell);
                ++known;
            } else {
                alike = false;  // an empty position: the column can't be completed
            }
        }
        if (alike && known == rules.rows - 1 && unknown == 1 && value > 0) hope += column_hope_share * value;
    }
    return hope;
}

// Known cards scored by the rules (so pairs and patterns count), plus the unknown cards at `unknown_value`.
double estimate(const ruleset& rules, const layout_guess& g, double unknown_value) {
    // Unknown cells are empty to the scorer, so a straight (which needs every card) is never counted as a hope.
    return layout_points(rules, g.cells) + g.unknown_count * unknown_value - column_hope(rules, g);
}

// Everything the heuristic bot derives from one view before choosing.
class situation {
public:
    situation(const ruleset& rules, const hand_view& view)
        : rules_(rules),
          view_(view),
          me_(view.viewer),
          unseen_(unseen_mean(rules, view)),
          mine_(guess_layout(own())),
          my_estimate_(estimate(rules, mine_, unseen_)) {
        // Past this many own turns the bot stops waiting for a lead and steers the hand to its end,
        // harder with every further turn (its face-down cards may all be known and good enough to keep).
        pressure_ = std::max(0, own().turns_taken - (2 * rules.slots() + 8) + 1);
        urgent_ = pressure_ > 0;
        // Completing a layout only matters when it ends play and play is not ending already.
        end_matters_ = view.caller < 0 && !view.final_round &&
                       (rules.all_face_up == all_face_up_rule::ends_immediately ||
                        rules.all_face_up == all_face_up_rule::final_round);
    }

    action choose() const {
        const bool start_owed = own().start_left > 0 || own().rearranging;
        switch (view_.current_phase) {
            case phase::start: return choose_start();
            case phase::turn:
                return start_owed && (has_kind(view_, action_kind::flip) || has_kind(view_, action_kind::peek) ||
                                      has_kind(view_, action_kind::ready))
                           ? choose_start()
                           : choose_turn();
            case phase::holding: return choose_holding();
            case phase::after_discard: return choose_after_discard();
            case phase::power: return choose_power_step();
            case phase::matching:
                return next_match().value_or(first_of(view_, action_kind::pass).value_or(view_.legal.front()));
            case phase::calling:
                return should_knock() && has_kind(view_, action_kind::knock) ? action{action_kind::knock}
                                                                             : action{action_kind::pass};
            case phase::over: break;
        }
        return view_.legal.front();
    }

    // A claim the bot knows will succeed: a card it knows equal to the top discard (its own first).
    std::optional<action> sure_claim() const {
        if (!view_.top_discard) return std::nullopt;
        std::optional<action> best;
        double best_score = 0;
        for (action a : view_.legal) {
            if (a.kind != action_kind::claim) continue;
            const auto& known = card_at(a.target, a.slot);
            if (!known || !same(*known, *view_.top_discard)) continue;
            // Its own card first (the layout shrinks); for another seat's, give away its worst card.
            const double score = a.target == me_ ? 1000.0 : own_value(a.other);
            if (!best || score > best_score) {
                best = a;
                best_score = score;
            }
        }
        return best;
    }

private:
    const seat_view& own() const { return view_.seats[static_cast<std::size_t>(me_)]; }

    // The lowest estimate among the others' layouts, worked out when first asked: most choices never ask, and the
    // search bot asks this bot for every move of every playout.
    double best_other() const {
        if (best_other_) return *best_other_;
        double best = never;
        for (int s = 0; s < static_cast<int>(view_.seats.size()); ++s) {
            if (s == me_) continue;
            const seat_view& seat = view_.seats[static_cast<std::size_t>(s)];
            // Cards that went face down by choice (4-card Golf) are likely better than average.
            double unknown_value = unseen_;
            if (!rules_.new_card_face_up && unseen_ > 0) unknown_value *= std::max(0.5, 1.0 - 0.08 * seat.turns_taken);
            best = std::min(best, estimate(rules_, guess_layout(seat), unknown_value));
        }
        best_other_ = best;
        return best;
    }

    // May the bot end play with this final estimate?
    bool may_finish(double final_estimate) const {
        return !end_matters_ || urgent_ || final_estimate + finish_margin <= best_other();
    }

    // A turn's low-enough score: about one point a card early on, loosening as the hand goes on.
    double good_enough() const {
        int live = 0;
        for (const position_view& p : own().layout) live += p.empty ? 0 : 1;
        const double per_card = std::min(std::max(unseen_, 1.0), 1.0 + 0.25 * own().turns_taken);
        return live * per_card;
    }

    action choose_start() const {
        if (auto ready = first_of(view_, action_kind::ready)) return *ready;  // keep the layout as dealt
        for (action a : view_.legal)
            if (a.kind == action_kind::flip || a.kind == action_kind::peek) return a;
        return view_.legal.front();
    }

    const std::optional<card>& card_at(int seat, int slot) const {
        static const std::optional<card> none;
        const auto& layout = view_.seats[static_cast<std::size_t>(seat)].layout;
        if (slot < 0 || static_cast<std::size_t>(slot) >= layout.size() || layout[static_cast<std::size_t>(slot)].empty)
            return none;
        return layout[static_cast<std::size_t>(slot)].value;
    }

    bool same(card a, card b) const {
        return rules_.match_by_value ? rules_.value_of(a) == rules_.value_of(b) : a.rank == b.rank;
    }

    // The value of one of its own positions as it knows it (the unseen mean when unknown).
    double own_value(int slot) const {
        const auto& c = card_at(me_, slot);
        return c ? rules_.value_of(*c) : unseen_;
    }
    double value_at(int seat, int slot) const {
        const auto& c = card_at(seat, slot);
        return c ? rules_.value_of(*c) : unseen_;
    }

    // Is a power worth a turn's card? Peeks help while own cards are unknown; swaps while one is known high.
    bool power_worth(power_kind kind) const {
        double worst_known = -never;
        for (int i = 0; i < static_cast<int>(mine_.cells.size()); ++i)
            if (mine_.cells[static_cast<std::size_t>(i)]) worst_known = std::max(worst_known, own_value(i));
        switch (rule_of(kind).appeal) {
            case power_appeal::never: return false;
            case power_appeal::always: return true;
            case power_appeal::own_unknown: return mine_.unknown_count > 0;
            case power_appeal::own_unknown_or_high: return mine_.unknown_count > 0 || worst_known > unseen_;
            case power_appeal::own_high: return worst_known > unseen_ + take_margin;
            // Giving the held card away pays when it is worse than an average card.
            case power_appeal::held_high: return view_.held && rules_.value_of(*view_.held) > unseen_;
            case power_appeal::leader_ahead: return best_other() < my_estimate_;   // e.g. the caller looks set to win
            case power_appeal::leader_level: return best_other() <= my_estimate_;  // disorient whoever leads
        }
        return false;
    }

    int shields_of(int seat) const {
        return seat == me_ ? 0 : static_cast<int>(view_.seats[static_cast<std::size_t>(seat)].shields.size());
    }

    // The opponent whose layout looks lowest: the one to hurt.
    int leader() const {
        int best = -1;
        double best_estimate = never;
        for (int s = 0; s < static_cast<int>(view_.seats.size()); ++s) {
            if (s == me_) continue;
            const double e = estimate(rules_, guess_layout(view_.seats[static_cast<std::size_t>(s)]), unseen_);
            if (best < 0 || e < best_estimate) {
                best = s;
                best_estimate = e;
            }
        }
        return best;
    }

    // The next try of a match the bot is sure of: equal cards it knows (own_equal_set), or a card it knows equal
    // to the held one (any_layout, its own cards first, giving its worst card for another seat's).
    std::optional<action> next_match() const {
        if (!view_.held) return std::nullopt;
        if (rules_.matching == match_rule::own_equal_set) {
            std::optional<card> want;
            if (!view_.marked.empty()) want = card_at(me_, view_.marked.front());
            for (int i = 0; i < static_cast<int>(mine_.cells.size()) && !want; ++i) {
                const auto& c = card_at(me_, i);
                if (!c || rules_.value_of(*c) <= rules_.value_of(*view_.held)) continue;
                int equal = 0;
                for (int j = 0; j < static_cast<int>(mine_.cells.size()); ++j)
                    equal += card_at(me_, j) && same(*card_at(me_, j), *c);
                if (equal >= 2) want = c;
            }
            if (!want) return std::nullopt;
            for (action a : view_.legal)
                if (a.kind == action_kind::match && card_at(me_, a.slot) && same(*card_at(me_, a.slot), *want))
                    return a;
            return std::nullopt;
        }
        std::optional<action> best;
        double best_gain = 0;
        for (action a : view_.legal) {
            if (a.kind != action_kind::match) continue;
            const auto& c = card_at(a.target, a.slot);
            if (!c || !same(*c, *view_.held)) continue;
            const double gain = a.target == me_ ? rules_.value_of(*c) + 100.0 : own_value(a.other);
            if (!best || gain > best_gain) {
                best = a;
                best_gain = gain;
            }
        }
        return best;
    }

    action choose_power_step() const {
        std::optional<action> best;
        double best_score = -never;
        const int lead = leader();
        for (action a : view_.legal) {
            const std::optional<double> score = power_step_score(a, lead);
            if (score && (!best || *score > best_score)) {
                best = a;
                best_score = *score;
            }
        }
        return best.value_or(view_.legal.front());
    }

    // How good a step of the power in use looks (nullopt: not a step); `lead` is the opponent doing best.
    std::optional<double> power_step_score(action a, int lead) const {
        // Aiming at a shield only spends it, and the power with it: the last resort.
        const double shielded = names_target(a.kind) && shields_of(a.target) > 0 ? 50.0 : 0.0;
        const power_kind in_use = view_.power.kind;
        switch (a.kind) {
            case action_kind::power_place: return place_gain(a, lead) - shielded;
            case action_kind::power_flip: return flip_score(a, lead) - shielded;
            case action_kind::power_lines: return lines_known(a) + (a.target == lead ? 0.5 : 0.0) - shielded;
            case action_kind::power_add: return 0.8 * unseen_ + (a.target == lead ? 1.0 : 0.0) - shielded;
            case action_kind::power_remove: return own_value(a.slot);
            case action_kind::choose_power: {
                const auto kind = static_cast<power_kind>(a.slot);
                return power_worth(kind) ? rule_of(kind).pick_value : 1.0;
            }
            case action_kind::power_peek: {
                // Unknown cards first: its own, then those of the opponent doing best.
                const bool unknown = !card_at(a.target, a.slot);
                double score = unknown ? 100.0 : 0.0;
                if (a.target == me_) score += 50.0;
                return score - a.slot * 0.01 - shielded;
            }
            case action_kind::power_swap: return swap_gain(a) - shielded;
            case action_kind::shuffle: {
                // The opponent who knows most of its own layout.
                int known = 0;
                for (const position_view& p : view_.seats[a.target].layout)
                    known += !p.empty && (p.known_by >> a.target & 1u);
                return known - shielded;
            }
            case action_kind::pass:
                return in_use == power_kind::peek_both_swap ? 0.5 : in_use == power_kind::two_powers ? 0.0 : -never;
            default: return std::nullopt;
        }
    }

    // draw_two_keep_one: the best card for the worst position; swap_in: the held card for the lowest of the leader.
    double place_gain(action a, int lead) const {
        if (a.target == me_) {
            const std::optional<card> incoming =
                a.other == 0 ? view_.held
                             : (a.other <= view_.offered.size() ? std::optional<card>(view_.offered[a.other - 1u])
                                                                : std::nullopt);
            return own_value(a.slot) - (incoming ? rules_.value_of(*incoming) : unseen_);
        }
        return (view_.held ? rules_.value_of(*view_.held) : unseen_) - value_at(a.target, a.slot) +
               (a.target == lead ? 1.0 : 0.0);
    }

    double flip_score(action a, int lead) const {
        if (a.target == me_) return -5;  // turning its own card down tells nobody anything new
        double score = card_at(a.target, a.slot) ? 1.0 : 10.0;
        if (a.target == lead) score += 1;
        const auto& c = card_at(a.target, a.slot);
        // A black king known to lie face down under a call we did not make: turn it over.
        if (c && view_.caller >= 0 && view_.caller != me_ && rules_.turned_up_cancels_call &&
            rules_.power_of(*c) == power_kind::cancel_call)
            score += 100;
        return score;
    }

    // The cards of the two lines that their owner knows (the lines it knows best are the ones to swap).
    int lines_known(action a) const {
        int known = 0;
        const auto& layout = view_.seats[a.target].layout;
        const auto knows = [&](int i) {
            return i < static_cast<int>(layout.size()) && !layout[static_cast<std::size_t>(i)].empty &&
                   (layout[static_cast<std::size_t>(i)].known_by >> a.target & 1u);
        };
        const int cols = std::max(1, view_.cols);
        if (a.other < cols) {
            for (int i = 0; i < static_cast<int>(layout.size()); i += cols)
                known += knows(i + a.slot) + knows(i + a.other);
        } else {
            for (int c = 0; c < cols; ++c) known += knows(a.slot + c) + knows(a.other + c);
        }
        return known;
    }

    // A swap of one of its own cards with another seat's: what it gains; 0 for any other swap.
    double swap_gain(action a) const {
        const bool mine_first = a.target == me_;
        const bool mine_second = a.other_target == me_;
        if (mine_first == mine_second) return 0;
        const int my_slot = mine_first ? a.slot : a.other;
        const int their_seat = mine_first ? a.other_target : a.target;
        const int their_slot = mine_first ? a.other : a.slot;
        return own_value(my_slot) - value_at(their_seat, their_slot);
    }

    action choose_turn() const {
        if (has_kind(view_, action_kind::knock) && should_knock()) return action{action_kind::knock};
        if (has_kind(view_, action_kind::reveal_all) && should_reveal()) return action{action_kind::reveal_all};
        if (auto look = worth_looking()) return *look;
        if (has_kind(view_, action_kind::use_power) && view_.top_discard &&
            (rules_.power_of(*view_.top_discard) == power_kind::peek_own) && mine_.unknown_count >= 2)
            return action{action_kind::use_power};
        const bool can_draw = has_kind(view_, action_kind::draw_stock);
        if (has_kind(view_, action_kind::take_discard) && view_.top_discard) {
            if (!can_draw || my_estimate_ - best_place_estimate(*view_.top_discard) >= take_margin)
                return action{action_kind::take_discard};
        }
        if (urgent_ && has_kind(view_, action_kind::flip)) return best_flip();
        if (can_draw) return action{action_kind::draw_stock};
        if (has_kind(view_, action_kind::take_discard)) return action{action_kind::take_discard};
        if (has_kind(view_, action_kind::flip)) return best_flip();
        return view_.legal.front();
    }

    bool should_knock() const {
        if (urgent_) return true;
        return my_estimate_ <= good_enough() && my_estimate_ + finish_margin <= best_other();
    }

    bool should_reveal() const {
        if (urgent_) return true;
        return mine_.unknown_count <= 1 && my_estimate_ <= good_enough() &&
               my_estimate_ + reveal_margin <= best_other();
    }

    // Pay to look only when cheap and when the bot knows none of its own cards.
    std::optional<action> worth_looking() const {
        if (rules_.look_cost <= 0 || rules_.look_cost > 2 || urgent_) return std::nullopt;
        if (mine_.unknown_count < 2) return std::nullopt;
        for (const auto& cell : mine_.cells)
            if (cell) return std::nullopt;
        for (action a : view_.legal)
            if (a.kind == action_kind::look && a.slot < mine_.unknown.size() && mine_.unknown[a.slot]) return a;
        return std::nullopt;
    }

    // Can a card go at this position, as far as the view tells? (The holding phase's legal list is exact.)
    bool looks_replaceable(int slot) const {
        const auto& layout = own().layout;
        const position_view& p = layout[static_cast<std::size_t>(slot)];
        if (p.empty || p.locked) return false;
        if (rules_.face_up_locked && p.face_up) return false;
        if (rules_.frozen_columns && view_.cols > 0) {
            bool column_up = true;
            for (int i = slot % view_.cols; i < static_cast<int>(layout.size()); i += view_.cols) {
                const position_view& q = layout[static_cast<std::size_t>(i)];
                if (!q.empty && !q.face_up) column_up = false;
            }
            if (column_up) return false;
        }
        return true;
    }

    double best_place_estimate(card c) const {
        double best = never;
        for (int slot = 0; slot < static_cast<int>(mine_.cells.size()); ++slot)
            if (looks_replaceable(slot)) best = std::min(best, estimate_after_place(slot, c));
        return best;
    }

    // The estimate after putting `c` at `slot`, with a penalty when that ends play while behind.
    double estimate_after_place(int slot, card c) const {
        const auto i = static_cast<std::size_t>(slot);
        layout_guess g = mine_;
        if (g.unknown[i]) {
            g.unknown[i] = false;
            --g.unknown_count;
        }
        g.cells[i] = c;
        const bool was_face_down = !own().layout[i].face_up;
        const int face_down_after = g.face_down - (was_face_down ? 1 : 0) + (rules_.new_card_face_up ? 0 : 1);
        double value = estimate(rules_, g, unseen_);
        if (mine_.face_down > 0 && face_down_after == 0 && !may_finish(value)) value += behind_penalty;
        // Late in a stalled hand, prefer turning face-down positions up so the hand moves to its end.
        if (was_face_down && rules_.new_card_face_up) value -= pressure_;
        return value;
    }

    double estimate_after_discard() const {
        double value = my_estimate_;
        const bool must_flip = rules_.discard_flip == discard_flip_rule::compulsory;
        if (must_flip && mine_.face_down == 1 && !may_finish(value)) value += behind_penalty;
        return value;
    }

    action choose_holding() const {
        if (!view_.held) return first_of(view_, action_kind::discard).value_or(view_.legal.front());
        if (auto m = next_match()) return *m;
        std::optional<action> best;
        double best_value = never;
        // The discard is weighed first so that a placement must be strictly better to be chosen; a useful power
        // beats a plain discard by a little.
        if (auto discard = first_of(view_, action_kind::discard)) {
            best = discard;
            best_value = estimate_after_discard();
        }
        if (has_kind(view_, action_kind::use_power) && power_worth(rules_.power_of(*view_.held))) {
            best_value = (best ? best_value : my_estimate_) - take_margin;
            if (rules_.power_of(*view_.held) == power_kind::add_or_remove) {
                // Removing its worst card beats placing even a low card over it.
                for (int i = 0; i < static_cast<int>(own().layout.size()); ++i)
                    if (!own().layout[static_cast<std::size_t>(i)].empty)
                        best_value = std::min(best_value, my_estimate_ - own_value(i));
            }
            best = action{action_kind::use_power};
        }
        for (action a : view_.legal) {
            if (a.kind != action_kind::place || a.slot >= mine_.cells.size()) continue;
            const double value = estimate_after_place(a.slot, *view_.held);
            if (!best || value < best_value) {
                best = a;
                best_value = value;
            }
        }
        return best.value_or(view_.legal.front());
    }

    action choose_after_discard() const {
        if (has_kind(view_, action_kind::pass)) {
            // Flipping the last face-down card ends play: decline while behind.
            if (mine_.face_down <= 1 && !may_finish(my_estimate_)) return action{action_kind::pass};
            if (!has_kind(view_, action_kind::flip)) return action{action_kind::pass};
        }
        if (has_kind(view_, action_kind::flip)) return best_flip();
        return view_.legal.front();
    }

    // Flip an unknown card where a match would help most: beside known high cards in its column.
    action best_flip() const {
        std::optional<action> best;
        double best_hope = -never;
        for (action a : view_.legal) {
            if (a.kind != action_kind::flip || a.slot >= mine_.cells.size()) continue;
            double hope = 0;
            if (mine_.unknown[a.slot]) {
                hope = 1000.0 + column_hope(a.slot);
            } else if (mine_.cells[a.slot]) {
                hope = -rules_.value_of(*mine_.cells[a.slot]);  // a known card: showing it tells us nothing
            }
            if (!best || hope > best_hope) {
                best = a;
                best_hope = hope;
            }
        }
        return best.value_or(view_.legal.front());
    }

    // The mean known value of the other cards in the slot's column (the unseen mean if none is known).
    double column_hope(int slot) const {
        if (view_.cols <= 0) return unseen_;
        double total = 0;
        int count = 0;
        for (int i = slot % view_.cols; i < static_cast<int>(mine_.cells.size()); i += view_.cols) {
            const auto& cell = mine_.cells[static_cast<std::size_t>(i)];
            if (i == slot || !cell) continue;
            total += rules_.value_of(*cell);
            ++count;
        }
        return count > 0 ? total / count : unseen_;
    }

    const ruleset& rules_;
    const hand_view& view_;
    int me_;
    double unseen_;
    layout_guess mine_;
    double my_estimate_;
    mutable std::optional<double> best_other_;  // see best_other()
    int pressure_ = 0;
    bool urgent_ = false;
    bool end_matters_ = false;
};

}  // namespace

std::optional<action> sure_claim(const ruleset& rules, const hand_view& view) {
    if (view.viewer < 0 || view.viewer >= static_cast<int>(view.seats.size()) || !view.claim_open) return std::nullopt;
    return situation(rules, view).sure_claim();
}

action heuristic_bot::choose(const ruleset& rules, const hand_view& view, random_source&) {
    if (view.viewer < 0 || view.viewer >= static_cast<int>(view.seats.size()) || view.legal.size() == 1)
        return view.legal.front();
    const situation here(rules, view);
    if (auto claim = here.sure_claim()) return *claim;
    const action chosen = here.choose();
    return is_legal(view, chosen) ? chosen : view.legal.front();  // a guard: never answer outside legal
}

std::optional<int> search_playouts(std::string_view name) {
    for (const bot_level& level : bot_levels)
        if (name == level.name) return level.playouts;
    constexpr std::string_view prefix = "search:";
    if (!name.starts_with(prefix) || name.size() == prefix.size() || name.size() > prefix.size() + 5)
        return std::nullopt;
    int playouts = 0;
    for (char c : name.substr(prefix.size())) {
        if (c < '0' || c > '9') return std::nullopt;
        playouts = playouts * 10 + (c - '0');
    }
    if (playouts < 1 || playouts > max_search_playouts) return std::nullopt;
    return playouts;
}

std::unique_ptr<bot> make_bot(std::string_view name) {
    if (name == "random") return std::make_unique<random_bot>();
    if (name == "heuristic") return std::make_unique<heuristic_bot>();
    if (const auto playouts = search_playouts(name); playouts && *playouts > 0)
        return std::make_unique<search_bot>(*playouts);
    return nullptr;
}

}  // namespace golf
