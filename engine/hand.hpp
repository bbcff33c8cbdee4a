// One hand (a "hole") of Golf: the deal, the start, the turns and the end, as a copyable value.
// One door in: apply(seat, action) checks the action against the rules in force and either changes the
// state or returns a typed error with the state untouched. Randomness comes only from the seed, so
// ruleset + players + dealer + seed + the action log replay a hand exactly. view_for(seat) is the only way
// a card value should leave a hand: it holds exactly what that seat (or a spectator) knows.
//
// Power cards, matches, claims and calls (the Cambio family), as options any ruleset may use:
// - Layouts shrink and grow inside the grid model. A layout has ruleset::positions() = (rows + extra_rows) * cols
//   positions: the dealt grid, then extra rows that start empty. A card leaving play (a match, a claim) empties its
//   position; a card joining a layout (a penalty card, a failed Pablo match) takes the first empty position, and a
//   move that could add a card where no position is empty is refused (no_room). Cancelling patterns look at the
//   dealt grid only; cards in the extra rows score their value in their column.
// - A power is offered only for a card drawn from the stock (rank_power): in phase holding, `use_power` discards it
//   and enters phase power, where the power's steps are its own actions (power_peek, power_swap, shuffle, and pass
//   where a swap is optional); when the last step is done the turn ends. Taken from the discards it is a normal
//   card. Under discard_power_reuse a turn may instead be `use_power` on the top discard whose power nobody used.
// - Actions are {kind, slot, other} in the actor's own layout, plus {target, other_target}: seats, for the kinds
//   that reach any layout (power_peek, power_swap, shuffle, match, claim). Fields a kind does not use are 0.
// - Claims come in out of turn: apply(seat, claim) is accepted from any seat while play is in a turn, holding,
//   after_discard or calling phase and the top discard is open to a claim. Each card thrown on the pile by play
//   opens it; the first claim, right or wrong, closes it, so two claims on one discard never both succeed (the
//   server decides which arrives first). seats_to_act() still lists only the seats that must act; claims are
//   extra entries of legal_actions(seat) for everyone.
// - Calls: knocking is a whole turn; under call_after_turn a finished turn enters phase calling, where its player
//   may `knock` (call: everyone else has one more turn) or `pass`. The caller scores by the caller_* options.
// - Knowledge: a peek adds the peeker to known_by; a swap moves each position whole, so knowledge moves with the
//   cards; a shuffle clears known_by of the cards it moves; a card tried by a match or claim is shown to everyone.
// - The rest of Powers' table: swap_in and draw_two_keep_one keep the power card in hand (held, seen by its user
//   only) through phase power, and two_powers keeps it while its two powers are chosen and used, so a chosen swap_in
//   or shield uses the card in hand; a power card left in hand when the power ends goes to the discard pile. The two
//   stock cards of draw_two_keep_one are `offered`, in the user's view only. A kept shield sits in seat_state::shields
//   (public, never scored); the first power step another seat aims at a shielded seat is blocked instead of done:
//   the shield goes to the discard pile and the whole power is spent (blocking is automatic, so play never waits on
//   an out-of-turn answer).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/random.hpp"
#include "engine/ruleset.hpp"
#include "engine/scoring.hpp"

namespace golf {

using seat_set = std::uint16_t;  // bit i: seat i
static_assert(sizeof(seat_set) * 8 >= max_seats_limit);

enum class phase : std::uint8_t {
    start,          // players do their start action (flip, peek, rearrange), in any order
    turn,           // the current seat begins a turn
    holding,        // the current seat holds a drawn card
    after_discard,  // the current seat discarded a stock card and may or must flip a card
    over,           // the hand has ended and is scored
    power,          // the current seat is using a power: its steps are power_peek, power_swap, shuffle or pass
    matching,       // the current seat is matching its held card against layout cards (match, pass to finish)
    calling,        // the current seat's turn is done and it may call (knock) or pass (call_after_turn)
};

enum class end_reason : std::uint8_t {
    none,
    all_face_up,
    final_round_done,
    stock_exhausted,
    turn_limit,
    layout_empty,
};

std::string_view to_string(phase p);
std::string_view to_string(end_reason r);

// How a face-down card came to be where it is, as every seat saw it: its owner drew it from the stock and kept it
// over `over`, which went face up to the discards (`over_seen`: the owner knew `over`). Public, and a hint for
// bots that search: people keep a drawn card lower than the card it replaces.
struct kept_over {
    card over{};
    bool over_seen = false;
    friend bool operator==(const kept_over&, const kept_over&) = default;
};

struct position {
    card value{};
    bool empty = false;  // removed from play
    bool face_up = false;
    seat_set known_by = 0;          // seats that know this card while it is face down
    bool shown = false;             // everyone, spectators too, saw it (taken from the discards, tried by a match)
    bool replace_once = false;      // unseen at the start, under unseen_replace_once: one replacement allowed
    bool locked = false;            // may no longer be replaced
    std::optional<kept_over> kept;  // drawn from the stock and kept face down: the card it replaced
    friend bool operator==(const position&, const position&) = default;
};

struct seat_state {
    std::vector<position> layout;
    int start_left = 0;               // start actions still owed
    std::uint64_t start_touched = 0;  // positions used by the start action (for the pattern rules)
    bool rearranging = false;
    int turns_taken = 0;
    int look_points = 0;        // paid for looking during play
    int removed_points = 0;     // bonuses earned by lines or blocks removed from play
    int penalty_points = 0;     // wrong claims on other seats' cards
    std::vector<card> shields;  // kept face up beside the layout (shield power); they never score
    friend bool operator==(const seat_state&, const seat_state&) = default;
};

struct logged_action {
    std::uint8_t seat;
    action act;
    friend bool operator==(const logged_action&, const logged_action&) = default;
};

struct position_view {
    bool empty = false;
    bool face_up = false;
    std::optional<card> value;  // set only when the viewer may know it
    seat_set known_by = 0;      // who has looked at it (public: everyone sees who peeks where)
    bool locked = false;
    friend bool operator==(const position_view&, const position_view&) = default;
};

struct seat_view {
    std::vector<position_view> layout;
    int start_left = 0;
    bool rearranging = false;
    int turns_taken = 0;
    int look_points = 0;
    int penalty_points = 0;
    int shown_points = 0;             // the face-up cards scored alone: how the layout stands so far (public)
    std::vector<card> shields;        // public: kept face up
    std::uint64_t start_touched = 0;  // positions the start action turned up or looked at (public)
    friend bool operator==(const seat_view&, const seat_view&) = default;
};

// A face-down card its owner drew from the stock and kept (see kept_over), where it lies now.
struct kept_card {
    int seat = 0;
    int slot = 0;
    kept_over kept;
    friend bool operator==(const kept_card&, const kept_card&) = default;
};

// A power being used, as every seat sees it (which cards are looked at is public; what they are is not).
struct power_view {
    power_kind kind = power_kind::none;
    int step = 0;   // steps done
    int seat = -1;  // peek_then_swap, peek_both_swap: the other seat's card looked at
    int slot = -1;
    int own_slot = -1;                    // peek_both_swap: the user's own card looked at
    power_kind first = power_kind::none;  // two_powers: the power chosen first (the second must differ)
    int picks_left = 0;                   // two_powers: powers still to be chosen after the one in use
    friend bool operator==(const power_view&, const power_view&) = default;
};

// How much of what a seat once saw its view holds (see hand::view_for).
enum class recall : std::uint8_t { as_shown, perfect };

struct hand_view {
    int viewer = -1;  // -1: a spectator
    phase current_phase = phase::start;
    int current_seat = 0;
    int dealer = 0;
    int rows = 0, cols = 0;
    std::vector<seat_view> seats;
    std::optional<card> top_discard;
    int discard_count = 0;
    int stock_count = 0;
    bool held_from_discard = false;
    bool holding = false;      // the current seat holds a card (drawn, or a power card in use), seen or not
    std::optional<card> held;  // the card the current seat holds, when the viewer may know it
    int caller = -1;
    bool final_round = false;
    int final_turns_left = 0;
    end_reason ended = end_reason::none;
    power_view power;                   // in phase power
    std::vector<int> marked;            // in phase matching under own_equal_set: the current seat's cards tried
    bool claim_open = false;            // the top discard may still be claimed
    bool discard_power_unused = false;  // discard_power_reuse: the top discard's power may be used
    std::vector<card> offered;          // draw_two_keep_one: the stock cards looked at, for their user only
    // recall::perfect only (a seat that remembers all it saw): the discard pile bottom first, and the cards out of
    // play, each of which everyone saw go there; empty in views as shown.
    std::vector<card> pile;
    std::vector<card> out_of_play;
    std::vector<kept_card> kept;       // and every face-down card kept from the stock, with the card it replaced
    std::vector<action> legal;         // what the viewer may do now
    std::optional<hand_score> result;  // once the hand is over
    friend bool operator==(const hand_view&, const hand_view&) = default;
};

class hand {
public:
    // The ruleset must pass validate_for_players(rules, players); dealer in [0, players).
    // Throws std::invalid_argument otherwise (a programming error: callers validate first).
    hand(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed);

    // A hand dealt from `deck` as given (the top of the stock is back()) instead of a shuffled deck, for scripted
    // tests and puzzles; the seed still drives any reshuffle. nullopt unless `deck` holds exactly the ruleset's
    // cards for that many players.
    static std::optional<hand> stacked(std::shared_ptr<const ruleset> rules, int players, int dealer,
                                       std::uint64_t seed, std::vector<card> deck);

    // Rebuild a hand from its record. nullopt if any logged action is refused.
    static std::optional<hand> replay(std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed,
                                      std::span<const logged_action> log);

    // A whole hand the viewer could be in (hand_sampling.cpp): everything `view` shows as it shows it, and every
    // card the viewer cannot see dealt at random from the cards it has not seen (the packs less every card in its
    // view), so view_for(view.viewer, recall::perfect) of the result equals `view`. Public facts a view does not
    // carry are inferred (see hand_sampling.cpp). nullopt when no hand of this ruleset could show `view` (a card
    // seen more often than the packs hold it, a layout of the wrong size, no viewer, a position out of range, other
    // legal moves). A card the viewer once looked at but a view no longer shows (peeks_shown_once) is dealt anew.
    static std::optional<hand> sampled_from(std::shared_ptr<const ruleset> rules, const hand_view& view,
                                            random_source& random);

    action_error check(int seat, action a) const;
    action_error apply(int seat, action a, std::vector<event>* events = nullptr);
    void legal_actions(int seat, std::vector<action>& out) const;
    std::vector<action> legal_actions(int seat) const;
    // Seats that may act now (the current seat, or everyone still owing a start action).
    std::vector<int> seats_to_act() const;

    // What `seat` is shown. Under peeks_shown_once a face-down card it looked at is shown only in the view right after
    // the move that showed it (recall::as_shown); recall::perfect is the view of a seat that remembers everything it
    // saw (server bots), the same as as_shown under every other rule.
    hand_view view_for(int seat, recall memory = recall::as_shown) const;
    // view_for into `out`, whatever it held before, reusing its vectors' memory: a server building a view per seat
    // after every move allocates almost nothing.
    void view_into(int seat, hand_view& out, recall memory = recall::as_shown) const;
    // view_into with only the seats in `fill` built; the others keep what `out` held (the server builds them once,
    // as a spectator sees them, for every receiver that is shown no more: see seats_shown_beyond_spectator).
    void view_into(int seat, hand_view& out, recall memory, seat_set fill) const;
    // The seats of which `viewer` is shown more than a spectator is: those holding a face-down card it remembers.
    seat_set seats_shown_beyond_spectator(int viewer, recall memory = recall::as_shown) const;
    hand_view spectator_view() const { return view_for(-1); }

    const ruleset& rules() const { return *rules_; }
    const std::shared_ptr<const ruleset>& rules_ptr() const { return rules_; }
    int players() const { return static_cast<int>(seats_.size()); }
    int dealer() const { return dealer_; }
    std::uint64_t seed() const { return seed_; }
    phase current_phase() const { return phase_; }
    int current_seat() const { return current_; }
    bool over() const { return phase_ == phase::over; }
    end_reason ended() const { return ended_; }
    int caller() const { return caller_; }
    bool final_round() const { return caller_ >= 0 && phase_ != phase::over; }
    const hand_score& result() const { return result_; }  // meaningful once over()

    const seat_state& seat(int s) const { return seats_[static_cast<std::size_t>(s)]; }
    const std::vector<card>& stock() const { return stock_; }        // top is back()
    const std::vector<card>& discards() const { return discards_; }  // top is back()
    bool claim_open() const { return claim_open_; }                  // the top discard may still be claimed
    const std::vector<card>& removed() const { return removed_; }
    const std::vector<card>& offered() const { return offered_; }  // draw_two_keep_one's cards, in order
    const power_view& power() const { return power_; }
    std::optional<card> held() const { return held_; }
    const std::vector<logged_action>& log() const { return log_; }
    int turns_played() const { return turns_played_; }
    // Every card of the hand, wherever it is; for conservation checks.
    std::vector<card> all_cards() const;
    layout_cells cells_of(int seat) const;

    friend bool operator==(const hand&, const hand&) = default;

private:
    friend struct power_table;  // powers.cpp: what each power checks and offers, reading the hand
    struct stacked_tag {};
    hand(stacked_tag, std::shared_ptr<const ruleset> rules, int players, int dealer, std::uint64_t seed);

    // hand.cpp: the deal, the start, turns, the call and the end, and what they ask of the layouts.
    void deal();
    void deal_from_stock();
    void do_start(int seat, action a, std::vector<event>* events);
    void finish_start_if_done();
    void do_turn(action a, std::vector<event>* events);
    void do_look(action a, std::vector<event>* events);
    void do_holding(action a, std::vector<event>* events);
    void do_after_discard(action a, std::vector<event>* events);
    void do_calling(action a, std::vector<event>* events);
    void add_card(int seat, card c, seat_set known, std::vector<event>* events);
    bool end_if_layout_empty(std::vector<event>* events);
    void put_on_discard(card c);
    void remove_completed_lines(int seat, std::vector<event>* events);
    void begin_final_round(std::vector<event>* events);
    void end_turn(std::vector<event>* events);
    void advance_turn(std::vector<event>* events);
    void refill_stock_if_empty(std::vector<event>* events);
    void finish(end_reason why, std::vector<event>* events);
    bool start_applies_now(int seat) const;
    bool held_is_power() const;
    bool occupied(int seat, int slot) const;
    int card_count(int seat) const;
    int empty_positions(int seat) const;
    int face_down_count(int seat) const;
    bool all_face_up(int seat) const;

    // hand_checks.cpp: check() by phase, and legal_actions().
    action_error check_start(int seat, action a) const;
    action_error check_start_position(int seat, int slot) const;
    action_error check_turn(int seat, action a) const;
    action_error check_holding(int seat, action a) const;
    action_error check_after_discard(int seat, action a) const;
    action_error check_look(int seat, int slot) const;
    bool replaceable(int seat, int slot) const;
    bool any_replaceable(int seat) const;
    bool face_down_at(int seat, int slot) const;
    void offer_if_legal(int seat, action a, std::vector<action>& out) const;
    void legal_start(int seat, std::vector<action>& out) const;
    void offer_each_slot(int seat, action_kind kind, std::vector<action>& out) const;
    void offer_tries(int seat, action_kind kind, bool own_only, std::vector<action>& out) const;

    // powers.cpp (starting a power) and power_steps.cpp (its steps and its end).
    bool power_possible(power_kind kind, int seat, bool card_in_hand) const;
    void begin_power(power_kind kind, std::vector<event>* events);
    void start_power(power_kind kind, std::vector<event>* events);
    void cancel_call(std::vector<event>* events);
    void do_power(action a, std::vector<event>* events);
    int shielded_target(action a) const;
    void block_power(int target, std::vector<event>* events);
    bool do_power_peek(action a, std::vector<event>* events);
    void do_power_shuffle(action a, std::vector<event>* events);
    void do_power_remove(action a, std::vector<event>* events);
    void do_power_place(action a, std::vector<event>* events);
    void do_power_flip(action a, std::vector<event>* events);
    void do_power_lines(action a, std::vector<event>* events);
    void finish_power(std::vector<event>* events);

    // matches_and_claims.cpp
    bool matches(card a, card b) const;
    action_error check_match(action a) const;
    action_error check_claim(int seat, action a) const;
    void do_matching(action a, std::vector<event>* events);
    void finish_matching(std::vector<event>* events);
    void do_claim(int seat, action a, std::vector<event>* events);
    void throw_tried(int seat, action a, card tried, std::vector<event>* events);
    void show_tried(int seat, action a, card tried, seat_set everyone, std::vector<event>* events);

    // hand_sampling.cpp
    bool fill_seats_from(const hand_view& view);
    void infer_hidden_flags(const hand_view& view);

    // hand_view.cpp
    void saw(int viewer, int seat, int slot);
    bool just_saw(int viewer, int seat, int slot) const;
    bool remembers(int viewer, int seat, int slot, recall memory) const;  // a card `viewer` knows, face down or not
    void seat_view_into(int viewer, int seat, seat_view& out, recall memory) const;

    // Face-down cards a seat looked at in the last move applied (what peeks_shown_once shows once).
    struct seen_now {
        std::int8_t viewer;
        std::int8_t seat;
        std::uint8_t slot;
        friend bool operator==(const seen_now&, const seen_now&) = default;
    };

    std::shared_ptr<const ruleset> rules_;
    std::uint64_t seed_ = 0;
    random_source random_;
    int dealer_ = 0;
    std::vector<seat_state> seats_;
    std::vector<card> stock_;
    std::vector<card> discards_;
    std::vector<card> removed_;
    phase phase_ = phase::start;
    int current_ = 0;
    std::optional<card> held_;
    bool held_from_discard_ = false;
    bool last_discard_was_jack_ = false;
    power_view power_;                  // the power in use, in phase power
    std::vector<card> offered_;         // draw_two_keep_one's stock cards, until one is kept
    std::vector<std::uint8_t> marked_;  // positions tried so far, in phase matching (own_equal_set)
    bool claim_open_ = false;
    bool discard_power_unused_ = false;
    int caller_ = -1;
    int first_out_ = -1;  // under all_face_up == when_everyone: the first seat whose layout was all face up
    int final_turns_left_ = 0;
    int turns_played_ = 0;
    end_reason ended_ = end_reason::none;
    hand_score result_;
    std::vector<logged_action> log_;
    std::vector<seen_now> just_seen_;
};

}  // namespace golf
