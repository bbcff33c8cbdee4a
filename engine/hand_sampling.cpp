// hand::sampled_from: a hand consistent with one seat's view, for bots that search (engine/search_bot.cpp).
// The cards the viewer cannot see (face-down cards it never looked at, the stock, a card another seat holds or was
// offered; the discards under the top and the cards out of play unless the view remembers them) are a deal of the
// cards it has not seen: uniform, but for a card its owner drew and kept face down, which is below the card it
// replaced (or an average card, when the owner did not know that one), and another card its owner looked at, the
// lower of two. Facts every seat saw but a view does not hold are inferred: the turns played (the seats' turns
// added up), which positions may still be replaced once (face down and never seen by their owner), the first seat
// out under when_everyone (the first face-up layout after the dealer), and a jack's skip (a jack on top of the
// discards mid-turn). Bonuses earned by removed lines are not in a view and start again at 0.
#include <algorithm>
#include <array>

#include "engine/hand.hpp"
#include "engine/hand_events.hpp"
#include "engine/powers.hpp"

namespace golf {

namespace {

// The cards of the packs, less every card the view shows; nullopt when a card is shown more often than it exists.
std::optional<std::vector<card>> unseen_cards(const ruleset& rules, const hand_view& view) {
    std::array<int, card_index_count> left{};
    const int players = static_cast<int>(view.seats.size());
    for (card c : make_deck(rules.packs_for(players), rules.jokers_per_pack)) ++left[card_index(c)];
    bool too_many = false;
    const auto seen = [&](card c) {
        if (--left[card_index(c)] < 0) too_many = true;
    };
    for (const seat_view& seat : view.seats) {
        for (const position_view& p : seat.layout)
            if (!p.empty && p.value) seen(*p.value);
        for (card shield : seat.shields) seen(shield);
    }
    const bool whole_pile = !view.pile.empty();  // a perfect memory: every discard is known
    if (whole_pile) {
        for (card c : view.pile) seen(c);
        for (card c : view.out_of_play) seen(c);
    } else if (view.top_discard) {
        seen(*view.top_discard);
    }
    if (view.held) seen(*view.held);
    for (card c : view.offered) seen(c);
    if (too_many) return std::nullopt;
    std::vector<card> cards;
    for (int i = 0; i < card_index_count; ++i)
        for (int n = 0; n < left[static_cast<std::size_t>(i)]; ++n)
            cards.push_back(i == card_index(joker()) ? joker() : make_card(i % 13 + 1, static_cast<suit>(i / 13)));
    return cards;
}

// Takes the next card of the shuffled unseen cards (the caller checked there are enough).
card next_of(std::vector<card>& cards) {
    const card c = cards.back();
    cards.pop_back();
    return c;
}

// The lower of the next two cards: for a card another seat looked at and chose to keep face down, which is more
// likely low than any unseen card (uniform samples made such layouts look weak, and the bot knocked too late).
card kept_of(const ruleset& rules, std::vector<card>& cards) {
    const std::size_t n = cards.size();
    if (n >= 2 && rules.value_of(cards[n - 2]) < rules.value_of(cards[n - 1])) std::swap(cards[n - 2], cards[n - 1]);
    return next_of(cards);
}

// A card its owner drew from the stock and kept face down: people keep a drawn card lower than the card it replaces,
// or than an average card when they did not know that one. So it is one of the unseen cards below that bound,
// uniform among them (the cards are shuffled: the last such is as likely any of them), which is the posterior of
// "kept when lower"; the lower of two when none is.
card kept_below(const ruleset& rules, std::vector<card>& cards, double bound) {
    for (std::size_t i = cards.size(); i-- > 0;) {
        if (rules.value_of(cards[i]) >= bound) continue;
        std::swap(cards[i], cards.back());
        return next_of(cards);
    }
    return kept_of(rules, cards);
}

double mean_value(const ruleset& rules, const std::vector<card>& cards) {
    double total = 0;
    for (card c : cards) total += rules.value_of(c);
    return cards.empty() ? 0.0 : total / static_cast<double>(cards.size());
}

bool in_range(int value, int low, int end) { return value >= low && value < end; }

// The facts a hand's code indexes by, in range (a view read from the network may hold anything).
bool plausible(const ruleset& rules, const hand_view& view) {
    const int players = static_cast<int>(view.seats.size());
    const int positions = rules.positions();
    const power_view& power = view.power;
    const bool held_needed = view.current_phase == phase::holding || view.current_phase == phase::matching;
    return in_range(view.viewer, 0, players) && in_range(view.dealer, 0, players) &&
           in_range(view.current_seat, 0, players) && in_range(view.caller, -1, players) &&
           in_range(power.seat, -1, players) && in_range(power.slot, -1, positions) &&
           in_range(power.own_slot, -1, positions) && power.step >= 0 && power.picks_left >= 0 &&
           view.stock_count >= 0 && view.discard_count >= (view.top_discard ? 1 : 0) && view.final_turns_left >= 0 &&
           (view.pile.empty() || (view.pile.size() == static_cast<std::size_t>(view.discard_count) &&
                                  view.top_discard == view.pile.back())) &&
           view.offered.size() <= 2 && (view.holding || !held_needed) && (view.holding || !view.held) &&
           std::all_of(view.marked.begin(), view.marked.end(), [&](int m) { return in_range(m, 0, positions); }) &&
           std::all_of(view.kept.begin(), view.kept.end(), [&](const kept_card& k) {
               return in_range(k.seat, 0, players) && in_range(k.slot, 0, positions);
           });
}

}  // namespace

// Layouts, shields and counters as the view shows them; hidden values are left for the deal. false: wrong shape.
bool hand::fill_seats_from(const hand_view& view) {
    const ruleset& r = *rules_;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat_view& sv = view.seats[s];
        seat_state& st = seats_[s];
        if (sv.layout.size() != static_cast<std::size_t>(r.positions())) return false;
        st.start_left = sv.start_left;
        st.rearranging = sv.rearranging;
        st.turns_taken = sv.turns_taken;
        st.look_points = sv.look_points;
        st.penalty_points = sv.penalty_points;
        st.shields = sv.shields;
        st.start_touched = sv.start_touched;
        st.layout.assign(sv.layout.size(), position{});
        for (std::size_t i = 0; i < sv.layout.size(); ++i) {
            const position_view& pv = sv.layout[i];
            position& p = st.layout[i];
            p.empty = pv.empty;
            p.face_up = pv.face_up;
            p.known_by = pv.known_by;
            p.locked = pv.locked;
            if (pv.value) p.value = *pv.value;
            // Seen face down without having looked: everyone saw it (taken from the discards, tried by a match).
            p.shown = !pv.empty && !pv.face_up && pv.value && !(pv.known_by & seat_bit(view.viewer));
            const bool owner_saw = pv.face_up || (pv.known_by & seat_bit(static_cast<int>(s)));
            p.replace_once = r.unseen_replace_once && !pv.empty && !owner_saw && !pv.locked;
        }
        turns_played_ += sv.turns_taken;
    }
    for (const kept_card& k : view.kept) seats_[k.seat].layout[k.slot].kept = k.kept;
    return true;
}

void hand::infer_hidden_flags(const hand_view& view) {
    const ruleset& r = *rules_;
    if (r.all_face_up == all_face_up_rule::when_everyone && caller_ < 0) {
        for (int i = 1; i <= players() && first_out_ < 0; ++i)
            if (all_face_up((dealer_ + i) % players())) first_out_ = (dealer_ + i) % players();
    }
    const bool mid_turn = phase_ == phase::after_discard || phase_ == phase::calling || phase_ == phase::power ||
                          phase_ == phase::matching;
    last_discard_was_jack_ = r.jack_skips_next && mid_turn && view.top_discard && view.top_discard->rank == 11;
}

std::optional<hand> hand::sampled_from(std::shared_ptr<const ruleset> rules, const hand_view& view,
                                       random_source& random) {
    const int players = static_cast<int>(view.seats.size());
    if (!rules || validate_for_players(*rules, players) || !plausible(*rules, view)) return std::nullopt;
    auto unseen = unseen_cards(*rules, view);
    if (!unseen) return std::nullopt;
    random.shuffle(std::span<card>(*unseen));

    hand h(stacked_tag{}, std::move(rules), players, view.dealer, random.next());
    if (!h.fill_seats_from(view)) return std::nullopt;
    const int buried = view.pile.empty() ? view.discard_count - (view.top_discard ? 1 : 0) : 0;
    std::size_t needed = static_cast<std::size_t>(std::max(0, view.stock_count)) +
                         static_cast<std::size_t>(std::max(0, buried)) + (view.holding && !view.held ? 1u : 0u);
    for (const seat_view& sv : view.seats)
        for (const position_view& pv : sv.layout) needed += !pv.empty && !pv.value;
    if (needed > unseen->size()) return std::nullopt;

    // Cards kept over a known card first: their bounds are the tightest facts about them.
    const double average = mean_value(*h.rules_, *unseen);
    for (const bool bounded : {true, false}) {
        for (std::size_t s = 0; s < h.seats_.size(); ++s) {
            const auto& shown = view.seats[s].layout;
            for (std::size_t i = 0; i < shown.size(); ++i) {
                const position_view& pv = shown[i];
                position& p = h.seats_[s].layout[i];
                const std::optional<kept_over>& kept = p.kept;  // from view.kept, by fill_seats_from
                if (pv.empty || pv.value || kept.has_value() != bounded) continue;
                card& dealt = p.value;
                if (kept)
                    dealt = kept_below(*h.rules_, *unseen, kept->over_seen ? h.rules_->value_of(kept->over) : average);
                else
                    dealt =
                        pv.known_by & seat_bit(static_cast<int>(s)) ? kept_of(*h.rules_, *unseen) : next_of(*unseen);
            }
        }
    }
    if (view.holding) h.held_ = view.held ? *view.held : next_of(*unseen);
    if (!view.pile.empty()) {
        h.discards_ = view.pile;
    } else {
        for (int i = 1; i < view.discard_count; ++i) h.discards_.push_back(next_of(*unseen));
        if (view.top_discard) h.discards_.push_back(*view.top_discard);
    }
    for (int i = 0; i < view.stock_count; ++i) h.stock_.push_back(next_of(*unseen));
    // Another seat's draw_two_keep_one: up to two of the cards left are the ones it is looking at.
    h.offered_ = view.offered;
    const bool others_offer =
        view.current_phase == phase::power && view.power.kind == power_kind::draw_two_keep_one && view.offered.empty();
    for (int i = 0; i < 2 && others_offer && !unseen->empty(); ++i) h.offered_.push_back(next_of(*unseen));
    h.removed_ = view.out_of_play;  // and what is left went out of play
    h.removed_.insert(h.removed_.end(), unseen->begin(), unseen->end());

    h.phase_ = view.current_phase;
    h.current_ = view.current_seat;
    h.held_from_discard_ = view.held_from_discard;
    h.power_ = view.power;
    h.marked_.assign(view.marked.begin(), view.marked.end());
    h.claim_open_ = view.claim_open;
    h.discard_power_unused_ = view.discard_power_unused;
    h.caller_ = view.caller;
    h.final_turns_left_ = view.final_turns_left;
    h.ended_ = view.ended;
    if (view.result) h.result_ = *view.result;
    h.infer_hidden_flags(view);
    if (h.legal_actions(view.viewer) != view.legal) return std::nullopt;  // a view no hand could show
    return h;
}

}  // namespace golf
