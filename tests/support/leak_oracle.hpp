// The leak oracle: plays a match through a real golf-server with real client connections (seats that
// move from their own views and race out-of-turn claims, right and wrong, plus a spectator), records every frame
// each receiver gets, and afterwards checks each hole against a truth rebuilt on its own. The revealed seed must
// hash to the commitment shown before the hole's first move; the seed and the accepted moves must replay to the
// scores the server reported; every view must be the receiver's own engine view at some moment, in order; and
// every card in it must be one the receiver may know then according to a knowledge model that follows the moves
// and public events independently of the engine's known_by. No card may travel anywhere else in a frame; a replay
// the spectator asks for of the hole in play must be the spectator's own views of the moves so far, with no card
// in its events that those views do not show. Problems come back as
// sentences (not gtest failures), so several tables can be checked on several threads.
#pragma once

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "golf/v1/messages.pb.h"
#include "proto/convert.hpp"

namespace golf::testing::leak {

inline constexpr int spectator = -1;

inline std::string sha256(const std::string& bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr);
    return std::string(reinterpret_cast<const char*>(digest), length);
}

inline std::uint64_t big_endian(const std::string& bytes) {
    std::uint64_t value = 0;
    for (const char b : bytes) value = (value << 8) | static_cast<unsigned char>(b);
    return value;
}

// Who may know each face-down card, worked out from the moves and the hand's public events (independently of the
// engine's known_by): a seat knows what it peeked, looked at, placed or looked at with a power; knowledge travels
// with a card when cards are swapped or given; a shuffle wipes it; a card shown to everyone (a match or claim tried
// it, or it came from the discard pile) is public until it moves unseen; a card thrown by a claim leaves the layout.
struct knowledge {
    std::vector<std::vector<seat_set>> known;    // per seat, per position: seats that may know it
    std::vector<std::vector<bool>> public_card;  // per seat, per position: everyone may know it

    explicit knowledge(const hand& start) {
        for (int s = 0; s < start.players(); ++s) {
            known.emplace_back(start.seat(s).layout.size(), 0);
            public_card.emplace_back(start.seat(s).layout.size(), false);
        }
    }

    void forget(int s, int p) {
        known[s][p] = 0;
        public_card[s][p] = false;
    }

    // `before` and `after` surround `move`, whose public events are `events`.
    void record(const hand& before, logged_action move, const std::vector<event>& events, const hand& after) {
        auto& mine = known[move.seat];
        auto& open = public_card[move.seat];
        const seat_set me = static_cast<seat_set>(1u << move.seat);
        switch (move.act.kind) {
            case action_kind::peek:
            case action_kind::look: mine[move.act.slot] |= me; break;
            case action_kind::place:  // the placer knows the card; everyone saw it if it was the discard
                mine[move.act.slot] = me;
                open[move.act.slot] = before.view_for(spectator).held_from_discard;
                break;
            case action_kind::swap_own:
                std::swap(mine[move.act.slot], mine[move.act.other]);
                std::vector<bool>::swap(open[move.act.slot], open[move.act.other]);
                break;
            default: break;
        }
        for (const event& e : events) {
            const int t = e.target;
            switch (e.kind) {
                case event_kind::peeked_at: known[t][e.slot] |= static_cast<seat_set>(1u << e.seat); break;
                case event_kind::swapped:
                    std::swap(known[t][e.slot], known[e.other_target][e.other]);
                    std::vector<bool>::swap(public_card[t][e.slot], public_card[e.other_target][e.other]);
                    break;
                case event_kind::shuffled:
                    for (std::size_t p = 0; p < known[t].size(); ++p)
                        if (!before.seat(t).layout[p].face_up) forget(t, static_cast<int>(p));
                    break;
                case event_kind::shown: public_card[t][e.slot] = true; break;
                case event_kind::thrown: forget(t, e.slot); break;
                case event_kind::gave:  // the giver's card at slot moves, unseen, to target's other
                    known[t][e.other] = known[e.seat][e.slot];
                    public_card[t][e.other] = public_card[e.seat][e.slot];
                    forget(e.seat, e.slot);
                    break;
                case event_kind::added:
                    known[t][e.slot] = e.seat >= 0 ? static_cast<seat_set>(1u << e.seat) : 0;
                    public_card[t][e.slot] = e.card_shown.has_value();
                    break;
                case event_kind::placed:
                    if (move.act.kind != action_kind::place) {  // the held card placed by a matching turn
                        known[e.seat][e.slot] = static_cast<seat_set>(1u << e.seat);
                        public_card[e.seat][e.slot] = e.card_shown.has_value();
                    }
                    break;
                default: break;
            }
        }
        for (std::size_t s = 0; s < known.size(); ++s)
            for (std::size_t p = 0; p < known[s].size(); ++p)
                if (after.seat(static_cast<int>(s)).layout[p].empty) forget(static_cast<int>(s), static_cast<int>(p));
    }
};

// What went wrong, as sentences; only the first few are kept.
struct problems {
    std::vector<std::string> list;
    int count = 0;
    void add(std::string what) {
        if (++count <= 20) list.push_back(std::move(what));
    }
    bool empty() const { return count == 0; }
    std::string text() const {
        std::string out = std::to_string(count) + " problem(s):";
        for (const auto& p : list) out += "\n  " + p;
        return out;
    }
};

// The face-down cards a seat looked at in one move, as (seat, layout, position): what peeks_shown_once may show it.
using looked_now = std::vector<std::tuple<int, int, int>>;

inline looked_now looked_in(const std::vector<event>& events) {
    looked_now out;
    for (const event& e : events) {
        if (!e.card_seen || e.kind == event_kind::drew_stock) continue;
        out.emplace_back(e.seat, e.target >= 0 ? e.target : e.seat, e.slot);
    }
    return out;
}

// Every card in `view` is true, and `receiver` may know it in `truth` according to `knows`; under peeks_shown_once
// a face-down card it knows only privately is shown only in the view right after the move that showed it (`now`).
template <class Problems>
void check_cards(const v1::HandView& view, const hand& truth, const knowledge& knows, int receiver,
                 const std::string& where, Problems& found, const looked_now* now = nullptr) {
    const bool over = truth.over();
    if (view.seats_size() != truth.players())
        return found.add(where + ": " + std::to_string(view.seats_size()) + " seats");
    for (int s = 0; s < truth.players(); ++s) {
        const auto& layout = truth.seat(s).layout;
        if (view.seats(s).positions_size() != static_cast<int>(layout.size()))
            return found.add(where + ": seat " + std::to_string(s) + " has the wrong number of positions");
        for (int p = 0; p < view.seats(s).positions_size(); ++p) {
            const v1::Position& shown = view.seats(s).positions(p);
            if (!shown.has_card()) continue;
            const position& real = layout[static_cast<std::size_t>(p)];
            const std::string what = where + ", seat " + std::to_string(s) + " position " + std::to_string(p);
            if (real.empty) found.add(what + ": a card where there is none");
            if (wire::from_proto(shown.card()) != real.value) found.add(what + ": a card that is not there");
            const bool own = receiver >= 0 && (knows.known[s][p] & (1u << static_cast<unsigned>(receiver))) != 0;
            if (!(over || real.face_up || own || knows.public_card[s][p]))
                found.add(what + ": receiver " + std::to_string(receiver) + " was shown " + to_string(real.value) +
                          ", which it may not know");
            const bool only_private = !(over || real.face_up || knows.public_card[s][p]);
            if (now && only_private && std::find(now->begin(), now->end(), std::tuple{receiver, s, p}) == now->end())
                found.add(what + ": under peeks_shown_once receiver " + std::to_string(receiver) + " was shown " +
                          to_string(real.value) + " again");
        }
    }
    if (view.has_top_discard() &&
        (truth.discards().empty() || wire::from_proto(view.top_discard()) != truth.discards().back()))
        found.add(where + ": a top discard that is not there");
    if (view.has_held()) {
        if (!truth.held() || wire::from_proto(view.held()) != truth.held())
            found.add(where + ": a held card that nobody holds");
        else if (!(receiver == truth.current_seat() || truth.view_for(spectator).held_from_discard))
            found.add(where + ": receiver " + std::to_string(receiver) + " saw the card seat " +
                      std::to_string(truth.current_seat()) + " drew from the stock");
    }
    if (view.has_result() != over) found.add(where + ": a result before the end, or none at the end");
}

// The number of Card messages anywhere in `message`, except under `skip` (the hand view, whose cards check_cards
// judges), in rulesets (which name cards as rules: "the two of diamonds scores -10") and in a finished hole's
// tie-break draw (Cactus: cards drawn face up after the hole from a pack of their own, shuffled by the revealed
// seed; Persistence.ACactusScorecard... checks them against the engine): a card in a note, a claim outcome or a
// seat would be a leak nobody checks.
inline int cards_outside(const google::protobuf::Message& message, const google::protobuf::FieldDescriptor* skip,
                         const google::protobuf::FieldDescriptor* skip_too = nullptr) {
    if (message.GetDescriptor() == v1::Card::descriptor()) return 1;
    if (message.GetDescriptor() == v1::Ruleset::descriptor()) return 0;
    if (message.GetDescriptor() == v1::Scorecard::Hole::Draw::descriptor()) return 0;
    const auto* reflection = message.GetReflection();
    std::vector<const google::protobuf::FieldDescriptor*> fields;
    reflection->ListFields(message, &fields);
    int count = 0;
    for (const auto* field : fields) {
        if (field == skip || field == skip_too ||
            field->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE)
            continue;
        if (field->is_repeated()) {
            for (int i = 0; i < reflection->FieldSize(message, field); ++i)
                count += cards_outside(reflection->GetRepeatedMessage(message, field, i), skip, skip_too);
        } else {
            count += cards_outside(reflection->GetMessage(message, field), skip, skip_too);
        }
    }
    return count;
}

// The engine's events of one hole, in order, each with the index of the move that caused it (states[k + 1] is the
// hand after it).
struct hole_events {
    std::vector<event> events;
    std::vector<std::size_t> move;
};

// Every event `receiver` was sent about hole `h` (the table's own kinds aside, each index once, in index order) must
// be the replay's, in order; a public card must be the one the replay showed everyone, and a card only its actor saw
// must have gone to that actor alone, be true, and be known to it by the independent knowledge model.
template <class Problems>
void check_events(const std::vector<v1::ServerMessage>& frames, int h, int receiver, const hole_events& truth,
                  const std::vector<hand>& states, const std::vector<knowledge>& known, const std::string& who,
                  Problems& found) {
    std::map<std::uint32_t, v1::TableEvent> sent;
    for (const v1::ServerMessage& m : frames) {
        if (!m.has_table_update()) continue;
        for (const v1::TableEvent& e : m.table_update().events())
            if (static_cast<int>(e.hole()) == h && e.kind() < v1::EVENT_KIND_CLOCK_RAN_OUT) sent.emplace(e.index(), e);
    }
    if (sent.size() != truth.events.size()) {
        found.add(who + ": " + std::to_string(sent.size()) + " events of the hole, against the replay's " +
                  std::to_string(truth.events.size()));
        return;
    }
    std::size_t i = 0;
    for (const auto& [index, e] : sent) {
        const event& real = truth.events[i];
        const std::size_t k = truth.move[i++];
        const std::string where = who + ", event " + std::to_string(index);
        v1::TableEvent expected;  // the replay's event as anyone may see it
        wire::fill(expected, real, spectator, false, h, static_cast<int>(index));
        if (e.kind() != expected.kind() || e.seat() != expected.seat() || e.target_seat() != expected.target_seat() ||
            e.position() != expected.position() || e.other_seat() != expected.other_seat() ||
            e.other() != expected.other())
            found.add(where + ": " + e.ShortDebugString() + " is not the replay's event");
        if (!e.has_card()) continue;
        const card shown = wire::from_proto(e.card()).value_or(card{});
        if (!e.private_card()) {
            if (!real.card_shown || shown != *real.card_shown)
                found.add(where + ": a card nobody was shown: " + e.ShortDebugString());
            continue;
        }
        const hand& after = states[k + 1];
        const int target = real.target >= 0 ? real.target : real.seat;
        const bool drew = real.kind == event_kind::drew_stock;
        const std::optional<card> truth_card =
            drew ? after.held() : std::optional<card>(after.seat(target).layout[real.slot].value);
        const bool knows = drew ? receiver == after.current_seat()
                                : receiver >= 0 && (known[k + 1].known[target][real.slot] & (1u << receiver)) != 0;
        if (receiver != real.seat || !knows || truth_card != shown)
            found.add(where + ": receiver " + std::to_string(receiver) +
                      " was told a card it may not know: " + e.ShortDebugString());
    }
}

// One move the server accepted, with the hole it belongs to.
struct accepted_move {
    int hole;
    logged_action move;
};

// What the oracle judged.
struct tally {
    std::int64_t hands = 0;   // holes replayed and checked
    std::int64_t frames = 0;  // hand views checked against the truth (every receiver)
    std::int64_t moves = 0;   // accepted moves, claims included
    std::int64_t races = 0;   // discards on which one or more seats claimed at once
    std::int64_t claims_sent = 0;
    std::int64_t claims_won = 0;    // accepted (right or wrong)
    std::int64_t claims_wrong = 0;  // accepted and wrong (a penalty)
    std::int64_t claims_refused = 0;
    std::int64_t replays_in_play = 0;  // replays of the hole in play the watcher asked for and was sent
    std::int64_t replay_steps = 0;     // their steps, each checked as a view of the hand
    std::int64_t replays_behind = 0;   // asked before the record had the hole
    void add(const tally& o) {
        hands += o.hands;
        frames += o.frames;
        moves += o.moves;
        races += o.races;
        claims_sent += o.claims_sent;
        claims_won += o.claims_won;
        claims_wrong += o.claims_wrong;
        replays_in_play += o.replays_in_play;
        replay_steps += o.replay_steps;
        replays_behind += o.replays_behind;
        claims_refused += o.claims_refused;
    }
};

// A replay of the hole the receiver (a watcher) was sent: step k must be the receiver's own view of the hand after
// k moves, its cards ones they may know then, and its events the k-th move's as a watcher was told them. Of the
// hole in play (in_play), no step may be at or past its end.
template <typename ViewAt, typename Problems>
void check_replay(const v1::ReplayHole& replay, const hole_events& truth, const std::vector<hand>& states,
                  const std::vector<knowledge>& known, const ViewAt& view_at, int receiver, const std::string& where,
                  Problems& found, const std::vector<looked_now>* looked) {
    using google::protobuf::util::MessageDifferencer;
    if (replay.steps_size() == 0 || static_cast<std::size_t>(replay.steps_size()) > states.size())
        return found.add(where + ": " + std::to_string(replay.steps_size()) + " steps for a hand of " +
                         std::to_string(states.size() - 1) + " moves");
    if (replay.in_play() && states[static_cast<std::size_t>(replay.steps_size()) - 1].over())
        found.add(where + ": marked in play, yet its last step is the end");
    std::size_t next_event = 0;  // into truth.events, in order
    for (int k = 0; k < replay.steps_size(); ++k) {
        const auto at = static_cast<std::size_t>(k);
        const v1::ReplayStep& step = replay.steps(k);
        const std::string here = where + ", step " + std::to_string(k);
        if (!MessageDifferencer::Equals(step.hand(), view_at(at)))
            found.add(here + ": not the watcher's view after " + std::to_string(k) + " moves");
        check_cards(step.hand(), states[at], known[at], receiver, here, found, looked ? &(*looked)[at] : nullptr);
        for (const v1::TableEvent& e : step.events()) {
            if (k == 0 || next_event >= truth.events.size() || truth.move[next_event] != at - 1) {
                found.add(here + ": an event its move did not make: " + e.ShortDebugString());
                break;
            }
            v1::TableEvent expected;  // the move's event as anyone may see it
            wire::fill(expected, truth.events[next_event++], spectator, false, static_cast<int>(replay.hole()),
                       static_cast<int>(e.index()));
            if (!MessageDifferencer::Equals(e, expected))
                found.add(here + ": " + e.ShortDebugString() +
                          " is not the event a watcher was told: " + expected.ShortDebugString());
        }
        if (k > 0 && next_event < truth.events.size() && truth.move[next_event] == at - 1)
            found.add(here + ": the move made events the step does not have");
        while (next_event < truth.events.size() && truth.move[next_event] < at) ++next_event;
    }
}

// Checks every frame `received` (per receiver: seats 0..players-1, then the spectator) against holes replayed
// from the final scorecard's seeds and the accepted moves.
inline void check_match(const ruleset& rules, int players, const v1::Scorecard& card,
                        const std::vector<accepted_move>& moves,
                        const std::vector<std::vector<v1::ServerMessage>>& received, const std::string& name,
                        tally& counts, problems& all) {
    using google::protobuf::util::MessageDifferencer;
    struct prefixed {
        const std::string& name;
        problems& to;
        void add(const std::string& what) { to.add(name + ": " + what); }
    } found{name, all};
    const auto shared_rules = std::make_shared<const ruleset>(rules);
    const int holes = card.holes_size();
    const auto* hand_field = v1::TableUpdate::descriptor()->FindFieldByName("hand");
    const auto* events_field = v1::TableUpdate::descriptor()->FindFieldByName("events");  // check_events judges them
    for (std::size_t r = 0; r < received.size(); ++r)
        for (std::size_t f = 0; f < received[r].size(); ++f) {
            const v1::ServerMessage& m = received[r][f];
            if (m.has_replay_hole()) continue;  // judged with its hole (check_replay)
            if (const int n = cards_outside(m, hand_field, events_field); n > 0)
                found.add("receiver " + std::to_string(r) + ", frame " + std::to_string(f) + ": " + std::to_string(n) +
                          " card(s) outside the hand view: " + m.ShortDebugString());
            if (m.has_table_update() && m.table_update().has_fairness()) {
                const v1::Fairness& fair = m.table_update().fairness();
                const int h = static_cast<int>(fair.hole());
                if (h >= 1 && h <= holes && fair.commitment() != sha256(card.holes(h - 1).seed()))
                    found.add("receiver " + std::to_string(r) + ", frame " + std::to_string(f) +
                              ": a commitment that is not SHA-256 of hole " + std::to_string(h) + "'s revealed seed");
            }
        }
    for (int h = 1; h <= holes; ++h) {
        const v1::Scorecard::Hole& record = card.holes(h - 1);
        const std::string hole_name = "hole " + std::to_string(h);
        if (record.seed().size() != 8) {
            found.add(hole_name + ": a revealed seed of " + std::to_string(record.seed().size()) + " bytes");
            continue;
        }
        std::vector<hand> states{
            hand(shared_rules, players, static_cast<int>(record.dealer()), big_endian(record.seed()))};
        std::vector<knowledge> known{knowledge(states.back())};
        hole_events truth;
        std::vector<looked_now> looked{looked_now{}};  // per state: what its move showed privately
        bool replayed = true;
        for (const accepted_move& am : moves) {
            if (am.hole != h) continue;
            hand next = states.back();
            std::vector<event> events;
            if (const action_error e = next.apply(am.move.seat, am.move.act, &events); e != action_error::none) {
                found.add(hole_name + ": the replay refused seat " + std::to_string(am.move.seat) + "'s " +
                          std::string(to_string(am.move.act.kind)) + ": " + std::string(to_string(e)));
                replayed = false;
                break;
            }
            knowledge next_known = known.back();
            next_known.record(states.back(), am.move, events, next);
            for (const event& e : events) {
                truth.events.push_back(e);
                truth.move.push_back(states.size() - 1);
            }
            looked.push_back(looked_in(events));
            states.push_back(std::move(next));
            known.push_back(std::move(next_known));
        }
        if (!replayed) continue;
        if (!states.back().over()) {
            found.add(hole_name + ": the replayed hand is not over");
            continue;
        }
        if (std::vector<int>(record.scores().begin(), record.scores().end()) != states.back().result().scores)
            found.add(hole_name + ": the server's scores are not the replay's");
        ++counts.hands;

        for (std::size_t r = 0; r < received.size(); ++r) {
            const int receiver = r < static_cast<std::size_t>(players) ? static_cast<int>(r) : spectator;
            const std::string who = hole_name + ", receiver " + std::to_string(receiver);
            std::size_t at = 0;
            int views = 0;
            std::map<std::size_t, v1::HandView> expected;  // state index -> the receiver's view, made once
            const auto view_at = [&](std::size_t k) -> const v1::HandView& {
                auto it = expected.find(k);
                if (it == expected.end())
                    it = expected.emplace(k, wire::to_proto(states[k].view_for(receiver), h)).first;
                return it->second;
            };
            for (std::size_t f = 0; f < received[r].size(); ++f) {
                const v1::ServerMessage& m = received[r][f];
                if (!m.has_table_update() || !m.table_update().has_hand()) continue;
                const v1::HandView& shown = m.table_update().hand();
                if (static_cast<int>(shown.hole()) != h) continue;
                const std::string where = who + ", frame " + std::to_string(f);
                if (views++ == 0 && m.table_update().fairness().hole() != static_cast<std::uint32_t>(h))
                    found.add(where + ": the hole's first view came without its commitment");
                std::size_t k = at;
                while (k < states.size() && !MessageDifferencer::Equals(shown, view_at(k))) ++k;
                if (k == states.size()) {
                    std::string diff;
                    MessageDifferencer differ;
                    differ.ReportDifferencesToString(&diff);
                    differ.Compare(view_at(at), shown);
                    found.add(where + " is not the receiver's view at any later moment of the hand; against move " +
                              std::to_string(at) + ":\n" + diff);
                    break;
                }
                at = k;
                check_cards(shown, states[k], known[k], receiver, where, found,
                            rules.peeks_shown_once ? &looked[k] : nullptr);
                ++counts.frames;
            }
            if (views == 0) found.add(who + ": no view of the hole");
            check_events(received[r], h, receiver, truth, states, known, who, found);
            for (std::size_t f = 0; f < received[r].size(); ++f) {
                const v1::ServerMessage& m = received[r][f];
                if (!m.has_replay_hole() || static_cast<int>(m.replay_hole().hole()) != h) continue;
                check_replay(m.replay_hole(), truth, states, known, view_at, receiver,
                             who + ", replay in frame " + std::to_string(f), found,
                             rules.peeks_shown_once ? &looked : nullptr);
                counts.replay_steps += m.replay_hole().steps_size();
            }
            if (at != states.size() - 1) found.add(who + ": never saw the end of the hole");
        }
    }
}

// A match to play: which preset (with house rules), how many people, how many holes, and the driver's seed.
struct table_plan {
    std::string preset;
    std::vector<std::string> house_rules;  // OPTION=VALUE on top of the preset
    int players = 4;
    int holes = 1;
    std::uint64_t seed = 1;
    int claim_percent = 40;  // for each open discard, how likely each seat with a claim joins the race
    std::uint32_t claim_window_ms =
        30000;                        // the longest allowed: a claim loses to another claim, hardly ever to the clock
    std::chrono::seconds limit{600};  // the whole match, a bound for a server that stops answering
    // Several nodes: once `move_after` moves are accepted, move_table(node playing the table) makes the table move
    // (kills that node, say), and every receiver connects to `url` again and takes its place back (its seat by its
    // token, the spectator by the code), so the frames from both nodes go through the oracle.
    std::size_t move_after = 0;
    std::function<void(const std::string& node)> move_table;
    // Called with the spectator's connection before it joins (e.g. to sign it in as a moderator).
    std::function<void(client::connection&)> spectator_ready;
    // A table someone else made and started (a tournament's): `seat` signs each seat's connection in and takes its
    // seat, returning seat 0's TableJoined; no spectator joins (a duplicate table takes none mid-round). With
    // `reveal` (a duplicate round's table) the seeds are not at the table (every frame is checked for none): it
    // gives the finished match's scorecard with them, once they may be shown.
    std::function<v1::TableJoined(std::vector<std::unique_ptr<client::connection>>& seats)> seat;
    std::function<v1::Scorecard(const v1::Scorecard& live)> reveal;
};

namespace detail {

// The watcher asks for a replay of the hole in play (of the match the scorecard names): check_match judges every
// step of an answer against the truth. The replay is read from the record, which may not have the hole yet (its
// deal is written with its first moves, a moment after the table shows them): then NO_SUCH_MATCH, counted apart.
inline void ask_replay_of_hole_in_play(client::connection& watcher, const v1::TableUpdate& now, std::int64_t& sent,
                                       std::int64_t& behind, const std::function<void(const std::string&)>& fail) {
    if (now.state() != v1::TABLE_STATE_PLAYING || !now.has_hand() || now.hand().phase() == v1::PHASE_OVER ||
        now.scorecard().match_id() == 0)
        return;
    v1::ClientMessage ask;
    ask.mutable_get_replay()->set_match_id(now.scorecard().match_id());
    ask.mutable_get_replay()->set_hole(now.hand().hole());
    const auto reply = watcher.request(ask);
    if (reply.has_replay_hole()) ++sent;
    else if (reply.has_error() && reply.error().code() == v1::ERROR_CODE_NO_SUCH_MATCH) ++behind;
    else
        fail("the watcher's replay of hole " + std::to_string(now.hand().hole()) +
             " in play was refused: " + reply.ShortDebugString());
}

// Keeps one connection under the server's message rate (200 a second): a fast table on loopback can exceed it,
// and the server rightly closes such a connection. Waits, when needed, until a send is within the rate again.
class pacer {
public:
    void before_send() {
        const auto now = std::chrono::steady_clock::now();
        while (!sent_.empty() && now - sent_.front() >= std::chrono::seconds(1)) sent_.pop_front();
        if (sent_.size() >= per_second) {
            std::this_thread::sleep_until(sent_.front() + std::chrono::seconds(1));
            sent_.pop_front();
        }
        sent_.push_back(std::chrono::steady_clock::now());
    }

private:
    static constexpr std::size_t per_second = 150;
    std::deque<std::chrono::steady_clock::time_point> sent_;
};

inline void drain(client::connection& c) {
    while (c.next(std::chrono::milliseconds(0))) {}
}

// A new connection for receiver `r` (as its old one was made: the same observer, the same answer kind).
inline std::unique_ptr<client::connection> receiver_connection(const std::string& url, std::size_t r,
                                                               std::vector<std::vector<v1::ServerMessage>>& received) {
    auto c = std::make_unique<client::connection>();
    c->set_observer([&received, r](const v1::ServerMessage& m) { received[r].push_back(m); });
    // Odd seats have their moves answered by their updates (Hello.update_answers_act): both kinds of frame go
    // through the oracle.
    if (r % 2 == 1) c->ask_update_answers_act();
    c->connect(url, "leak_oracle");
    return c;
}

// After the table moved: every receiver takes its place back through `url`, trying for up to 30 s while the table
// finds its new node; false when one could not.
inline bool take_places_back(const std::string& url, const std::string& code,
                             std::vector<std::unique_ptr<client::connection>>& clients,
                             std::vector<std::vector<v1::ServerMessage>>& received) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (std::size_t r = 0; r < clients.size(); ++r) {
        const bool spectating = r + 1 == clients.size();
        const std::string token = spectating ? "" : clients[r]->token();
        clients[r].reset();
        while (!clients[r]) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            try {
                auto c = receiver_connection(url, r, received);
                if (spectating) c->join(code, "watcher", true);
                else c->reclaim(token);
                clients[r] = std::move(c);
            } catch (const client::error&) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        }
    }
    for (auto& c : clients) c->wait_until([](const v1::TableUpdate& u) { return u.has_hand() || u.has_scorecard(); });
    return true;
}

// The reply to request `id` on `c` (pushes read meanwhile still update latest() and the observer).
inline std::optional<v1::ServerMessage> reply_to(client::connection& c, std::uint32_t id) {
    for (int i = 0; i < 100000; ++i) {
        const auto m = c.next(std::chrono::seconds(10));
        if (!m) return std::nullopt;
        if (m->request_id() == id) return m;
    }
    return std::nullopt;
}

// Seat 0 creates the table `plan` asks for, the other seats join it in order and the last receiver watches.
inline v1::TableJoined make_table(const table_plan& plan, const ruleset& wanted,
                                  std::vector<std::unique_ptr<client::connection>>& clients) {
    const int players = plan.players;
    v1::CreateTable create;
    create.set_player_name("p0");
    create.set_preset(plan.preset);
    create.set_seats(static_cast<std::uint32_t>(players));
    *create.mutable_house_rules() = wire::to_proto(wanted);
    create.set_claim_window_ms(plan.claim_window_ms);
    const v1::TableJoined created = clients[0]->create_table(create);
    for (int s = 1; s < players; ++s)
        if (clients[s]->join(created.code(), "p" + std::to_string(s)).seat() != s)
            throw client::error("a seat out of order");
    if (plan.spectator_ready) plan.spectator_ready(*clients[players]);
    if (clients[players]->join(created.code(), "watcher", true).seat() != spectator)
        throw client::error("no spectator");
    clients[0]->wait_until([](const v1::TableUpdate& u) {
        return std::all_of(u.seats().begin(), u.seats().end(), [](const v1::SeatInfo& s) { return s.occupied(); });
    });
    return created;
}

}  // namespace detail

// Plays `plan` at a new table on `url` (seats 0.. and a spectator, every one its own connection), then checks
// every frame. Seats alternate between the random bot (which reaches peeks, looks and swaps a careful bot skips)
// and the heuristic one; after each discard that is open to claims, seats race claims (a claim they are sure of,
// or any claim the engine lists, which is usually wrong) from their own connections at once.
inline tally play_and_check(const std::string& url, const table_plan& plan, problems& found) {
    tally counts;
    const std::string name = plan.preset + " (seed " + std::to_string(plan.seed) + ")";
    const auto fail = [&](const std::string& what) { found.add(name + ": " + what); };
    const auto give_up = [&](const std::string& what) {
        fail(what);
        return counts;
    };
    const preset* base = find_preset(plan.preset);
    if (!base) return give_up("no such preset");
    ruleset wanted = base->rules;
    std::vector<std::string> rules_text{"holes=" + std::to_string(plan.holes), "target_score=0", "match_tie=shared"};
    rules_text.insert(rules_text.end(), plan.house_rules.begin(), plan.house_rules.end());
    for (const std::string& rule : rules_text)
        if (const auto error = set_option(wanted, rule)) return give_up(rule + ": " + *error);
    if (plan.players < wanted.min_players || plan.players > wanted.max_players) return counts;

    const int players = plan.players;
    const bool made_here = !plan.seat;  // else no spectator, no start, no seeds at the table
    std::vector<std::vector<v1::ServerMessage>> received(static_cast<std::size_t>(players) + (made_here ? 1 : 0));
    std::vector<std::unique_ptr<client::connection>> clients;  // seats, then the spectator
    std::vector<accepted_move> moves;
    std::optional<ruleset> rules;
    v1::Scorecard card;
    try {
        for (std::size_t r = 0; r < received.size(); ++r)
            clients.push_back(detail::receiver_connection(url, r, received));
        const v1::TableJoined created = made_here ? detail::make_table(plan, wanted, clients) : plan.seat(clients);
        rules = wire::to_ruleset(created.rules());
        if (!rules || *rules != wanted) return give_up("the table's rules are not the ones asked for");
        if (made_here) clients[0]->start_match();

        random_source random(plan.seed);
        std::vector<detail::pacer> pace(static_cast<std::size_t>(players));
        std::vector<std::unique_ptr<bot>> bots;
        for (int s = 0; s < players; ++s) bots.push_back(make_bot((plan.seed + s) % 2 == 0 ? "random" : "heuristic"));
        const auto catch_up = [&](std::uint64_t version) {
            for (auto& c : clients)
                c->wait_until([version](const v1::TableUpdate& u) { return u.hand_version() >= version; });
        };
        const auto deadline = std::chrono::steady_clock::now() + plan.limit;
        std::uint64_t raced_version = 0;
        const std::size_t move_limit = static_cast<std::size_t>(plan.holes) * 5000;
        for (;;) {
            if (std::chrono::steady_clock::now() > deadline) return give_up("the match did not end in time");
            if (moves.size() > move_limit) return give_up("the match does not end");
            for (auto& c : clients) detail::drain(*c);
            if (clients[0]->latest()->state() == v1::TABLE_STATE_FINISHED) break;

            // A race for the top discard, decided once per version of the table.
            const v1::TableUpdate& now = *clients[0]->latest();
            if (now.has_claim_window() && now.hand_version() != raced_version &&
                now.state() == v1::TABLE_STATE_PLAYING) {
                raced_version = now.hand_version();
                std::vector<std::pair<int, std::uint32_t>> racers;  // seat, request id
                std::vector<action> tried;
                for (int s = 0; s < players; ++s) {
                    // A seat with no update read yet (a slow machine), or whose newest has no hand (the table moved
                    // on to between holes), has no claim.
                    const auto& newest = clients[s]->latest();
                    if (!newest) continue;
                    const auto& u = *newest;
                    if (u.hand_version() != raced_version || !u.has_hand()) continue;
                    const auto view = wire::to_hand_view(u.hand());
                    if (!view)
                        return give_up("seat " + std::to_string(s) + " received a HandView it cannot read: " +
                                       u.hand().ShortDebugString().substr(0, 400));
                    std::vector<action> claims;
                    for (const action& a : view->legal)
                        if (a.kind == action_kind::claim) claims.push_back(a);
                    if (claims.empty() || static_cast<int>(random.below(100)) >= plan.claim_percent) continue;
                    std::optional<action> chosen = random.below(2) == 0 ? sure_claim(*rules, *view) : std::nullopt;
                    if (!chosen) chosen = claims[random.below(claims.size())];
                    v1::ClientMessage m;
                    *m.mutable_act()->mutable_action() = wire::to_proto(*chosen);
                    pace[static_cast<std::size_t>(s)].before_send();
                    racers.emplace_back(s, clients[s]->send(m));
                    tried.push_back(*chosen);
                }
                if (!racers.empty()) {
                    ++counts.races;
                    counts.claims_sent += static_cast<std::int64_t>(racers.size());
                    const int hole = static_cast<int>(now.hand().hole());
                    int won = -1;
                    for (std::size_t i = 0; i < racers.size(); ++i) {
                        const auto [s, id] = racers[i];
                        const auto reply = detail::reply_to(*clients[s], id);
                        if (!reply) return give_up("no reply to seat " + std::to_string(s) + "'s claim");
                        if (reply->has_error()) {
                            ++counts.claims_refused;
                            if (reply->error().code() != v1::ERROR_CODE_ILLEGAL_ACTION)
                                fail("a claim refused as " +
                                     std::string(client::error_code_name(reply->error().code())) + ": " +
                                     reply->error().message());
                            continue;
                        }
                        if (won >= 0) fail("two claims on one discard both succeeded");
                        won = static_cast<int>(i);
                    }
                    if (won >= 0) {
                        const int s = racers[static_cast<std::size_t>(won)].first;
                        moves.push_back({hole, {static_cast<std::uint8_t>(s), tried[static_cast<std::size_t>(won)]}});
                        ++counts.claims_won;
                        const auto& u = clients[s]->wait_until(
                            [&](const v1::TableUpdate& x) { return x.hand_version() > raced_version; });
                        if (!u.has_claim() || u.claim().seat() != s) fail("the race's winner was not announced");
                        else if (!u.claim().correct()) ++counts.claims_wrong;
                        catch_up(u.hand_version());
                    }
                    continue;
                }
            }

            // One owed move, by the first seat (from a rotating start) that has one.
            client::connection* mover = nullptr;
            const int first = static_cast<int>(random.below(static_cast<std::uint64_t>(players)));
            for (int i = 0; i < players && !mover; ++i) {
                client::connection& c = *clients[(first + i) % players];
                if (c.latest() && client::owes_move(*c.latest())) mover = &c;
            }
            if (!mover) {  // between holes, or a hole's end waits for the disk
                clients[0]->next(std::chrono::milliseconds(5));
                continue;
            }
            const int s = mover->seat();
            const v1::TableUpdate& u = *mover->latest();
            const auto view = wire::to_hand_view(u.hand());
            if (!view)
                return give_up("seat " + std::to_string(s) +
                               " received a HandView it cannot read: " + u.hand().ShortDebugString().substr(0, 400));
            action chosen = bots[static_cast<std::size_t>(s)]->choose(*rules, *view, random);
            if (chosen.kind == action_kind::claim)
                for (const action& a : view->legal)
                    if (a.kind != action_kind::claim) {
                        chosen = a;
                        break;
                    }
            const int hole = static_cast<int>(u.hand().hole());
            pace[static_cast<std::size_t>(s)].before_send();
            const v1::ServerMessage reply = mover->act(chosen);
            if (reply.has_error()) {
                if (reply.error().code() == v1::ERROR_CODE_STALE) continue;  // another update is on its way
                return give_up("seat " + std::to_string(s) + "'s legal move was refused: " + reply.error().message());
            }
            moves.push_back({hole, {static_cast<std::uint8_t>(s), chosen}});
            catch_up(mover->latest()->hand_version());
            if (made_here && moves.size() % 30 == 15)
                detail::ask_replay_of_hole_in_play(*clients[players], *clients[0]->latest(), counts.replays_in_play,
                                                   counts.replays_behind, fail);
            if (plan.move_table && moves.size() == plan.move_after) {
                plan.move_table(clients[0]->welcome().node());
                if (!detail::take_places_back(url, created.code(), clients, received))
                    return give_up("the receivers could not take their places back after the table moved");
                raced_version = 0;
            }
        }
        for (auto& c : clients)
            c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; });
        for (auto& c : clients) detail::drain(*c);
        card = clients[0]->latest()->scorecard();
        for (auto& c : clients) c->close();
        if (plan.reveal) {
            for (std::size_t r = 0; r < received.size(); ++r)
                for (const v1::ServerMessage& m : received[r])
                    for (const auto& hole : m.table_update().scorecard().holes())
                        if (!hole.seed().empty())
                            fail("receiver " + std::to_string(r) + " was shown hole " + std::to_string(hole.number()) +
                                 "'s seed at the table");
            card = plan.reveal(card);
        }
    } catch (const std::exception& e) {
        return give_up(std::string("the client failed: ") + e.what());
    }
    counts.moves = static_cast<std::int64_t>(moves.size());
    check_match(*rules, players, card, moves, received, name, counts, found);
    return counts;
}

}  // namespace golf::testing::leak
