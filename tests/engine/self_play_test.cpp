// Seeded random self-play with invariant checks at every step (after OpenSpiel's RandomSimTest): for every preset
// and every seat count it allows, and for random combinations of house rules.
// At every step: the seats to act have legal actions, unique, and nobody else has any; every card is somewhere
// exactly once; a copy equals the original and stays equal under the same action; a refused action changes
// nothing; and every view shows exactly the cards its viewer knows, by an oracle that follows the public events
// on its own rather than trusting the engine's bookkeeping; a hand sampled from the acting seat's view (as the search
// bot samples) shows that seat the same view and holds every card once. At the end: the replay equals the hand and the hand
// score equals the scorer's.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "engine/hand_events.hpp"
#include "engine/kept_memory.hpp"
#include "engine/match.hpp"
#include "engine/pile_memory.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "engine/scoring.hpp"
#include "test_support.hpp"

namespace golf::testing {
namespace {

// Who may know which layout card, rebuilt from events alone. Viewer index `players` is a spectator.
class knowledge_oracle {
public:
    explicit knowledge_oracle(const hand& h) : players_(h.players()) {
        known_.assign(
            static_cast<std::size_t>(players_ + 1),
            std::vector<std::vector<bool>>(static_cast<std::size_t>(players_),
                                           std::vector<bool>(static_cast<std::size_t>(h.rules().positions()), false)));
    }

    // `h` is read only for what every view shows anyway (which positions are face up).
    void follow(int actor, const event& e, const hand& h) {
        const auto everyone = [&](int seat, int slot) {
            for (auto& viewer : known_) viewer[static_cast<std::size_t>(seat)][static_cast<std::size_t>(slot)] = true;
        };
        switch (e.kind) {
            case event_kind::flipped:
            case event_kind::exposed: everyone(e.seat, e.slot); break;
            case event_kind::peeked:
            case event_kind::looked: at(e.seat, e.seat, e.slot) = true; break;
            case event_kind::placed:
                for (int v = 0; v <= players_; ++v) at(v, e.seat, e.slot) = e.card_shown.has_value() || v == e.seat;
                break;
            case event_kind::swapped_own:
                for (int v = 0; v <= players_; ++v) {
                    std::vector<bool>& row = known_[static_cast<std::size_t>(v)][static_cast<std::size_t>(e.seat)];
                    const bool a = row[e.slot];
                    row[e.slot] = row[e.other];
                    row[e.other] = a;
                }
                break;
            case event_kind::peeked_at: at(e.seat, e.target, e.slot) = true; break;
            case event_kind::swapped:
                for (int v = 0; v <= players_; ++v) {
                    const bool a = at(v, e.target, e.slot);
                    at(v, e.target, e.slot) = at(v, e.other_target, e.other);
                    at(v, e.other_target, e.other) = a;
                }
                break;
            case event_kind::shuffled:
                for (int v = 0; v <= players_; ++v)
                    for (std::size_t i = 0; i < h.seat(e.target).layout.size(); ++i)
                        if (!h.seat(e.target).layout[i].face_up) at(v, e.target, static_cast<int>(i)) = false;
                break;
            case event_kind::shown:
            case event_kind::turned_up:
            case event_kind::turned_down: everyone(e.target, e.slot); break;
            case event_kind::gave:  // seat's card at slot moved into target's position `other`
                for (int v = 0; v <= players_; ++v) at(v, e.target, e.other) = at(v, e.seat, e.slot);
                break;
            case event_kind::added:
                for (int v = 0; v <= players_; ++v) at(v, e.target, e.slot) = e.card_shown.has_value() || v == e.seat;
                break;
            case event_kind::drew_stock: held_public_ = false; break;
            case event_kind::took_discard: held_public_ = true; break;
            case event_kind::hand_over:
                for (auto& viewer : known_)
                    for (auto& seat : viewer) seat.assign(seat.size(), true);
                break;
            default: break;
        }
        (void)actor;
    }

    // The view must show every card the viewer knows and no other, with its true value.
    void check(const hand& h) const {
        for (int v = 0; v <= players_; ++v) {
            // What the viewer knows (a perfect memory); under peeks_shown_once it is shown only part of it, checked below.
            const hand_view view = v < players_ ? h.view_for(v, recall::perfect) : h.spectator_view();
            const hand_view shown_view = v < players_ ? h.view_for(v) : view;
            ASSERT_EQ(view.seats.size(), static_cast<std::size_t>(players_));
            for (int s = 0; s < players_; ++s) {
                const auto& truth = h.seat(s).layout;
                for (std::size_t i = 0; i < truth.size(); ++i) {
                    const position_view& shown = view.seats[static_cast<std::size_t>(s)].layout[i];
                    if (truth[i].empty) {
                        EXPECT_FALSE(shown.value.has_value());
                        continue;
                    }
                    const bool entitled = known_[static_cast<std::size_t>(v)][static_cast<std::size_t>(s)][i];
                    ASSERT_EQ(shown.value.has_value(), entitled)
                        << "viewer " << v << " seat " << s << " position " << i << (entitled ? " hidden" : " LEAKED");
                    if (entitled) {
                        ASSERT_EQ(*shown.value, truth[i].value);
                    }
                    const auto& as_shown = shown_view.seats[static_cast<std::size_t>(s)].layout[i].value;
                    if (!h.rules().peeks_shown_once || as_shown) {
                        ASSERT_EQ(as_shown, shown.value) << "only a memory game forgets, and it shows nothing new";
                    }
                }
                // The points a seat shows come from the cards everyone sees, so no view can say more through them.
                std::vector<std::optional<card>> face_up;
                for (const position_view& p : view.seats[static_cast<std::size_t>(s)].layout)
                    face_up.push_back(p.face_up && !p.empty ? p.value : std::nullopt);
                ASSERT_EQ(view.seats[static_cast<std::size_t>(s)].shown_points, layout_points(h.rules(), face_up))
                    << "viewer " << v << " seat " << s << ": shown points not those of the face-up cards";
            }
            // The cards draw_two_keep_one looked at are its user's alone.
            const bool user = v < players_ && v == h.current_seat();
            ASSERT_EQ(view.offered, user ? h.offered() : std::vector<card>{})
                << "viewer " << v << " and the offered cards";
            for (int s = 0; s < players_; ++s)
                ASSERT_EQ(view.seats[static_cast<std::size_t>(s)].shields, h.seat(s).shields) << "shields are public";
            const bool holding = h.held().has_value();
            const bool may_see_held = holding && (held_public_ || v == h.current_seat());
            ASSERT_EQ(view.held.has_value(), may_see_held) << "viewer " << v << " and the held card";
            if (may_see_held) {
                ASSERT_EQ(*view.held, *h.held());
            }
            EXPECT_EQ(view.stock_count, static_cast<int>(h.stock().size()));
            if (!h.discards().empty()) {
                EXPECT_EQ(view.top_discard, h.discards().back());
            }
        }
    }

private:
    std::vector<bool>::reference at(int viewer, int seat, int slot) {
        return known_[static_cast<std::size_t>(viewer)][static_cast<std::size_t>(seat)][static_cast<std::size_t>(slot)];
    }

    int players_;
    bool held_public_ = false;
    std::vector<std::vector<std::vector<bool>>> known_;  // [viewer][seat][position]
};

std::map<int, int> count_cards(const std::vector<card>& cs) {
    std::map<int, int> counts;
    for (card x : cs) ++counts[card_index(x)];
    return counts;
}

// What a search bot relies on: a hand sampled from a seat's view shows that seat exactly that view (the same moves
// legal), holds every card of the packs exactly once, and takes the move the seat is about to make.
void check_sampled(const hand& h, int seat, action chosen, const std::map<int, int>& deck, std::uint64_t seed) {
    random_source random(seed);  // its own, so the moves of the self-play stay as they were
    const hand_view view = h.view_for(seat, recall::perfect);
    const std::optional<hand> sampled = hand::sampled_from(h.rules_ptr(), view, random);
    ASSERT_TRUE(sampled.has_value()) << "no hand sampled from seat " << seat << "'s view";
    ASSERT_TRUE(sampled->view_for(seat, recall::perfect) == view)
        << "a sampled hand shows seat " << seat << " more or less";
    ASSERT_EQ(count_cards(sampled->all_cards()), deck) << "a sampled hand lost or doubled cards";
    hand copy = *sampled;
    ASSERT_EQ(copy.apply(seat, chosen), action_error::none) << "the sampled hand refused a legal move";
}

// Steps at which every seat's pile_memory was sure, of all steps (see pile_watch).
struct pile_tally {
    long sure = 0;
    long steps = 0;
};

// What a network bot rebuilds from the views it is shown (pile_memory) is, whenever it says it is sure, exactly
// the pile a server bot's perfect-recall view holds, and nothing is out of play.
class pile_watch {
public:
    explicit pile_watch(const hand& h) : memories_(static_cast<std::size_t>(h.players())) { see(h, false); }

    void see(const hand& h, bool next) {
        bool all_sure = true;
        for (int seat = 0; seat < h.players(); ++seat) {
            pile_memory& memory = memories_[static_cast<std::size_t>(seat)];
            hand_view view = h.view_for(seat);
            memory.see(h.rules(), view, next);
            all_sure = all_sure && memory.sure();
            if (!memory.sure()) continue;
            memory.recall_into(view);
            const hand_view perfect = h.view_for(seat, recall::perfect);
            ASSERT_EQ(view.pile, perfect.pile) << "seat " << seat << "'s remembered discard pile";
            ASSERT_EQ(count_cards(view.out_of_play), count_cards(perfect.out_of_play))
                << "seat " << seat << "'s remembered cards out of play";
        }
        ++tally.steps;
        tally.sure += all_sure ? 1 : 0;
    }

    pile_tally tally;

private:
    std::vector<pile_memory> memories_;
};

// What a network bot follows of the cards kept from the stock (kept_memory, from each move's events and the view
// before it) is, whenever it says it is sure, exactly what a server bot's perfect-recall view lists.
class kept_watch {
public:
    explicit kept_watch(const hand& h) : memories_(static_cast<std::size_t>(h.players())) {
        for (kept_memory& m : memories_) m.restart(true);
    }

    void before(const hand& h) {
        views_.resize(memories_.size());
        for (int seat = 0; seat < h.players(); ++seat) views_[static_cast<std::size_t>(seat)] = h.view_for(seat);
    }

    void see(const hand& h, const std::vector<event>& events) {
        for (int seat = 0; seat < h.players(); ++seat) {
            kept_memory& memory = memories_[static_cast<std::size_t>(seat)];
            std::vector<event> as_seen;
            for (const event& e : events) as_seen.push_back(event_for(e, seat));
            memory.see(views_[static_cast<std::size_t>(seat)], as_seen);
            ++steps;
            if (!memory.sure()) continue;
            ++sure;
            hand_view view = h.view_for(seat);
            memory.recall_into(view);
            ASSERT_EQ(view.kept, h.view_for(seat, recall::perfect).kept) << "seat " << seat << "'s kept cards";
        }
    }

    long sure = 0, steps = 0;

private:
    std::vector<kept_memory> memories_;
    std::vector<hand_view> views_;
};

struct run_limits {
    int max_actions = 20000;
    bool check_views = true;
    std::map<event_kind, int>* tally = nullptr;  // counts the events of every hand played, when set
    pile_tally* piles = nullptr;                 // adds up pile_watch's steps, when set
    pile_tally* kept = nullptr;                  // adds up kept_watch's steps (seat by seat), when set
};

// Plays one hand with uniformly random legal actions, checking every invariant at every step.
void self_play(std::shared_ptr<const ruleset> rules, int players, std::uint64_t seed, run_limits limits = {}) {
    SCOPED_TRACE("players " + std::to_string(players) + " seed " + std::to_string(seed));
    random_source random(seed * 7919 + 13);
    const int dealer = static_cast<int>(seed % static_cast<std::uint64_t>(players));
    hand h(rules, players, dealer, seed);
    const auto deck = count_cards(make_deck(rules->packs_for(players), rules->jokers_per_pack));
    knowledge_oracle oracle(h);
    pile_watch piles(h);
    kept_watch kept(h);
    std::vector<action> legal;
    std::vector<event> events;
    hand_view reused;  // filled by view_into for one viewer after another, as the server does

    int steps = 0;
    for (; steps < limits.max_actions && !h.over(); ++steps) {
        const std::vector<int> acting = h.seats_to_act();
        ASSERT_FALSE(acting.empty());
        std::vector<std::pair<int, action>> claims;  // out of turn, from anyone
        for (int seat = 0; seat < players; ++seat) {
            h.legal_actions(seat, legal);
            const bool acts = std::find(acting.begin(), acting.end(), seat) != acting.end();
            const auto turn_moves =
                std::count_if(legal.begin(), legal.end(), [](action a) { return a.kind != action_kind::claim; });
            ASSERT_EQ(turn_moves > 0, acts) << "seat " << seat;
            std::set<std::tuple<int, int, int, int, int>> unique;
            for (action a : legal) {
                unique.insert({static_cast<int>(a.kind), a.slot, a.other, a.target, a.other_target});
                ASSERT_EQ(h.check(seat, a), action_error::none) << "a listed move is refused";
                if (a.kind == action_kind::claim) claims.emplace_back(seat, a);
            }
            ASSERT_EQ(unique.size(), legal.size()) << "duplicate legal actions";
        }
        ASSERT_EQ(count_cards(h.all_cards()), deck) << "cards lost or duplicated at step " << steps;
        // A view filled into one that held another viewer's (another step's) is exactly the fresh one.
        for (int i = 0; i <= players; ++i) {
            const int viewer = (steps + i) % (players + 1) - 1;  // -1: a spectator
            h.view_into(viewer, reused);
            ASSERT_TRUE(reused == h.view_for(viewer)) << "view_into differs from view_for for viewer " << viewer;
            // The seats said to show it more than a spectator are exactly those whose views differ (the server
            // builds only those per receiver).
            const hand_view spectator = h.spectator_view();
            const seat_set beyond = h.seats_shown_beyond_spectator(viewer);
            for (int s = 0; s < players; ++s)
                ASSERT_EQ((beyond & seat_bit(s)) != 0,
                          !(reused.seats[static_cast<std::size_t>(s)] == spectator.seats[static_cast<std::size_t>(s)]))
                    << "seat " << s << " for viewer " << viewer;
            hand_view partial = spectator;  // its seats are the spectator's; those in `beyond` are built over them
            h.view_into(viewer, partial, recall::as_shown, beyond);
            ASSERT_TRUE(partial == h.view_for(viewer)) << "the spectator's seats and the rest differ for " << viewer;
        }

        int seat = acting[random.below(acting.size())];
        h.legal_actions(seat, legal);
        std::vector<action> turn_moves = legal;
        std::erase_if(turn_moves, [](action a) { return a.kind == action_kind::claim; });
        action chosen = turn_moves[random.below(turn_moves.size())];
        if (!claims.empty() && random.below(4) == 0) {  // now and then someone claims the top discard
            std::tie(seat, chosen) = claims[random.below(claims.size())];
            h.legal_actions(seat, legal);
        }

        // A random action outside the legal set must be refused without a trace.
        constexpr std::uint64_t kinds = static_cast<std::uint64_t>(action_kind::choose_power) + 1;
        action probe{static_cast<action_kind>(random.below(kinds)), static_cast<std::uint8_t>(random.below(40)),
                     static_cast<std::uint8_t>(random.below(40))};
        if (random.below(2)) {
            probe.target = static_cast<std::uint8_t>(random.below(static_cast<std::uint64_t>(players) + 1));
            probe.other_target = static_cast<std::uint8_t>(random.below(static_cast<std::uint64_t>(players) + 1));
        }
        if (std::find(legal.begin(), legal.end(), probe) == legal.end()) {
            const hand before = h;
            ASSERT_NE(h.apply(seat, probe), action_error::none)
                << "accepted " << to_string(probe.kind) << " " << int(probe.slot) << " " << int(probe.other)
                << " in phase " << to_string(h.current_phase());
            ASSERT_TRUE(h == before);
        }

        check_sampled(h, seat, chosen, deck, seed * 131 + static_cast<std::uint64_t>(steps));
        if (::testing::Test::HasFatalFailure()) return;
        hand copy = h;
        ASSERT_TRUE(copy == h);
        events.clear();
        kept.before(h);
        ASSERT_EQ(h.apply(seat, chosen, &events), action_error::none);
        ASSERT_EQ(copy.apply(seat, chosen), action_error::none);
        ASSERT_TRUE(copy == h) << "a copy diverged";
        for (const event& e : events) {
            oracle.follow(seat, e, h);
            if (limits.tally) ++(*limits.tally)[e.kind];
        }
        if (limits.check_views) oracle.check(h);
        piles.see(h, true);
        kept.see(h, events);
        if (::testing::Test::HasFatalFailure()) return;
    }
    if (limits.piles) {
        limits.piles->sure += piles.tally.sure;
        limits.piles->steps += piles.tally.steps;
    }
    if (limits.kept) {
        limits.kept->sure += kept.sure;
        limits.kept->steps += kept.steps;
    }
    ASSERT_TRUE(h.over()) << "the hand did not end within " << limits.max_actions << " actions; the last: " << [&] {
        std::string tail;
        const auto& log = h.log();
        for (std::size_t i = log.size() > 12 ? log.size() - 12 : 0; i < log.size(); ++i)
            tail += std::to_string(log[i].seat) + ":" + std::string(to_string(log[i].act.kind)) + ":" +
                    std::to_string(log[i].act.slot) + " ";
        return tail + "phase " + std::string(to_string(h.current_phase()));
    }();
    ASSERT_EQ(count_cards(h.all_cards()), deck);

    auto again = hand::replay(rules, players, dealer, seed, h.log());
    ASSERT_TRUE(again.has_value());
    ASSERT_TRUE(*again == h) << "replay differs";

    std::vector<layout_cells> layouts;
    std::vector<int> extra;
    for (int s = 0; s < players; ++s) {
        layouts.push_back(h.cells_of(s));
        extra.push_back(h.seat(s).look_points + h.seat(s).removed_points + h.seat(s).penalty_points);
    }
    EXPECT_EQ(score_hand(*rules, layouts, h.caller(), extra).scores, h.result().scores);
    const hand_view final_view = h.spectator_view();
    ASSERT_TRUE(final_view.result.has_value());
    EXPECT_EQ(final_view.result->scores, h.result().scores);
}

class PresetSelfPlay : public ::testing::TestWithParam<std::string> {};

TEST_P(PresetSelfPlay, EverySeatCountKeepsEveryInvariant) {
    const preset* p = find_preset(GetParam());
    ASSERT_NE(p, nullptr);
    auto rules = std::make_shared<const ruleset>(p->rules);
    for (int players = p->rules.min_players; players <= p->rules.max_players; ++players)
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            self_play(rules, players, seed * 1000 + static_cast<std::uint64_t>(players));
            if (HasFatalFailure()) return;
        }
}

TEST_P(PresetSelfPlay, ManyHandsWithFourPlayers) {
    const preset* p = find_preset(GetParam());
    auto rules = std::make_shared<const ruleset>(p->rules);
    const int players = std::clamp(4, p->rules.min_players, p->rules.max_players);
    pile_tally piles, kept;
    for (std::uint64_t seed = 100; seed < 160; ++seed) {
        self_play(rules, players, seed, {.piles = &piles, .kept = &kept});
        if (HasFatalFailure()) return;
    }

    // Where no move puts two cards on the pile at once (draw_two_keep_one's rest, a set of equal cards) or takes a
    // line away, a network bot's pile_memory is always sure; elsewhere until such a move, and again from a pile of one.
    const ruleset& r = p->rules;
    const bool buries_several =
        r.matching == match_rule::own_equal_set || r.remove_completed_lines ||
        std::find(r.rank_power.begin(), r.rank_power.end(), power_kind::draw_two_keep_one) != r.rank_power.end();
    if (!buries_several) EXPECT_EQ(piles.sure, piles.steps) << "a network bot lost track of the pile";
    else EXPECT_GT(piles.sure, piles.steps / 4);
    // Its kept_memory too, where no card is given or added unseen (matches and claims that take another's card,
    // a wrong match's penalty card, the 9 and the ace of Powers); elsewhere until such a move.
    const auto has_power = [&](power_kind k) {
        return std::find(r.rank_power.begin(), r.rank_power.end(), k) != r.rank_power.end();
    };
    const bool moves_unseen = r.matching != match_rule::none || r.claims != claim_rule::none ||
                              has_power(power_kind::swap_in) || has_power(power_kind::add_or_remove);
    if (!moves_unseen) EXPECT_EQ(kept.sure, kept.steps) << "a network bot lost track of the kept cards";
    else EXPECT_GT(kept.sure, kept.steps / 5);
}

// Random play of the powers preset reaches every power of its table, each step checked by the oracle above.
TEST(PowersSelfPlay, EveryPowerOfTheTableIsUsedWithTheOracleWatching) {
    // Random players knock early, so long hands (no knocking, a turn limit) are played too.
    const auto rules = std::make_shared<const ruleset>(find_preset("powers")->rules);
    const auto long_hands = rules_of("powers", {"knocking=false", "turn_limit=150"});
    std::map<event_kind, int> tally;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        self_play(seed % 5 == 0 ? long_hands : rules, 2 + static_cast<int>(seed % 3), 7000 + seed, {.tally = &tally});
        if (HasFatalFailure()) return;
    }
    for (const event_kind kind :
         {event_kind::offered, event_kind::shield_kept, event_kind::blocked, event_kind::turned_up,
          event_kind::turned_down, event_kind::lines_swapped, event_kind::power_chosen, event_kind::added,
          event_kind::thrown, event_kind::call_cancelled, event_kind::shuffled, event_kind::swapped})
        EXPECT_GT(tally[kind], 0) << "event " << static_cast<int>(kind) << " never happened";
}

// Cactus's match rules in self-play: every hole's next dealer sits before the lowest layout, a tie drawn for.
TEST(CactusSelfPlay, TheWinnerOfAHolePlaysFirstInTheNext) {
    auto rules = std::make_shared<const ruleset>(find_preset("cactus")->rules);
    int ties = 0, holes = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const int players = 2 + static_cast<int>(seed % 3);
        match m(rules, players, 0);
        random_source random(seed);
        for (int hole = 0; hole < 3 && !m.over(); ++hole, ++holes) {
            ASSERT_TRUE(m.start_hole(random.next()));
            for (int step = 0; step < 20000 && m.hole_in_play(); ++step) {
                const hand& h = *m.current_hand();
                const auto legal = h.legal_actions(h.seats_to_act().front());
                // Call soon, so holes are short: a knock when offered, else anything.
                action chosen = legal[random.below(legal.size())];
                for (action a : legal)
                    if (a.kind == action_kind::knock) chosen = a;
                ASSERT_EQ(m.apply(h.seats_to_act().front(), chosen), action_error::none);
            }
            ASSERT_FALSE(m.hole_in_play());
            const hole_record& record = m.holes().back();
            const hand_score& result = m.current_hand()->result();
            int lowest = result.layouts[0].points;
            for (const layout_score& l : result.layouts) lowest = std::min(lowest, l.points);
            std::vector<int> tied;
            for (int s = 0; s < players; ++s)
                if (result.layouts[static_cast<std::size_t>(s)].points == lowest) tied.push_back(s);
            if (tied.size() > 1) std::erase(tied, record.caller);  // the caller loses ties
            const int first = record.plays_first_next;
            ASSERT_TRUE(std::find(tied.begin(), tied.end(), first) != tied.end()) << "seed " << seed;
            EXPECT_EQ(m.next_dealer(), (first + players - 1) % players);
            if (tied.size() == 1) {
                EXPECT_TRUE(record.first_draw.empty());
                continue;
            }
            ++ties;
            // The draw, round by round: the seats still tied draw in seat order; the lowest rank stays in.
            const auto& draw = record.first_draw;
            std::size_t at = 0;
            for (int round = 0; tied.size() > 1 && round < 64; ++round) {
                ASSERT_LE(at + tied.size(), draw.size());
                int low = 14;
                for (std::size_t k = 0; k < tied.size(); ++k) {
                    ASSERT_EQ(draw[at + k].first, tied[k]);
                    low = std::min<int>(low, draw[at + k].second.rank);
                }
                std::vector<int> next;
                for (std::size_t k = 0; k < tied.size(); ++k)
                    if (draw[at + k].second.rank == low) next.push_back(tied[k]);
                at += tied.size();
                tied = next;
            }
            EXPECT_EQ(at, draw.size());
            EXPECT_EQ(tied.front(), first);
        }
    }
    RecordProperty("ties_drawn", std::to_string(ties));
    EXPECT_GT(holes, 60);
    EXPECT_GT(ties, 0) << "no tie was drawn for";
}

std::vector<std::string> preset_names() {
    std::vector<std::string> names;
    for (const preset& p : presets()) names.emplace_back(p.name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Presets, PresetSelfPlay, ::testing::ValuesIn(preset_names()),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                             std::string name = param.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

// House rules drawn at random on top of random presets: every choice and flag of the options table, kept when
// the ruleset validates. A turn limit bounds rulesets under which nothing would ever end a hand.
TEST(RandomHouseRules, EveryValidCombinationKeepsEveryInvariant) {
    random_source random(20261121);
    int played = 0;
    for (int attempt = 0; attempt < 3000 && played < 150; ++attempt) {
        const auto all = presets();
        ruleset r = all[random.below(all.size())].rules;
        for (const option_info& option : ruleset_options()) {
            if (random.below(4) != 0) continue;
            if (option.kind == option_kind::boolean) {
                (void)set_option(r, option.name, random.below(2) ? "true" : "false");
            } else if (option.kind == option_kind::choice) {
                (void)set_option(r, option.name, option.choices[random.below(option.choices.size())]);
            } else if (option.kind == option_kind::integer && option.group != "match" && option.group != "table") {
                const int span = std::min(option.max - option.min, 12);
                (void)set_option(
                    r, option.name,
                    std::to_string(option.min + static_cast<int>(random.below(static_cast<std::uint64_t>(span) + 1))));
            }
        }
        r.turn_limit = 400;
        const int players = r.min_players + static_cast<int>(random.below(3));
        if (validate_for_players(r, players)) continue;
        SCOPED_TRACE(to_text(r));
        self_play(std::make_shared<const ruleset>(r), players, 5000 + static_cast<std::uint64_t>(attempt));
        if (HasFatalFailure()) return;
        ++played;
    }
    EXPECT_GE(played, 100) << "too few random rulesets were valid to mean anything";
}

}  // namespace
}  // namespace golf::testing
