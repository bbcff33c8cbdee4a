// The checks of checker.hpp, each a function of its own over one match.
#include "tests/faults/checker.hpp"

#include <google/protobuf/util/message_differencer.h>

#include <map>

#include "engine/action_log.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/open_store.hpp"
#include "proto/convert.hpp"

namespace golf::faults {

namespace {

namespace leak = testing::leak;
constexpr std::uint64_t change_mask = 0xffffffffULL;  // hand_version: the record's id above its change count

// One change of the recorded match, in order: each hole's deal, then its moves.
struct change {
    int hole = 0;
    bool deal = false;
    logged_action move{};
};

std::vector<change> changes_of(const golf::match& m) {
    std::vector<change> out;
    for (std::size_t i = 0; i < m.holes().size(); ++i) {
        const int hole = static_cast<int>(i) + 1;
        out.push_back({hole, true, {}});
        for (const logged_action& a : m.holes()[i].actions) out.push_back({hole, false, a});
    }
    if (m.hole_in_play()) {
        const int hole = static_cast<int>(m.holes().size()) + 1;
        out.push_back({hole, true, {}});
        for (const logged_action& a : m.current_hand()->log()) out.push_back({hole, false, a});
    }
    return out;
}

std::string move_text(int seat, action a) { return to_text(logged_action{static_cast<std::uint8_t>(seat), a}); }

// Every acknowledged move at its change number, once, in order; every other recorded move sent unanswered.
void check_moves(const match_history& h, const std::vector<change>& record, check_report& out,
                 const std::function<void(const std::string&)>& fail) {
    std::map<std::size_t, const acknowledged*> acked;
    std::size_t last = 0;
    const auto told = [](const acknowledged& a) {
        return "acknowledged by " + a.node + " at " + clock_text(a.answered) + ", sent " + clock_text(a.sent) +
               ", shown at version " + std::to_string(a.shown & change_mask);
    };
    for (const acknowledged& a : h.acks) {
        ++out.figures.acknowledged;
        const std::size_t at = static_cast<std::size_t>(a.before & change_mask) + 1;
        const std::string what = move_text(a.seat, a.act) + " (hole " + std::to_string(a.hole) + ", change " +
                                 std::to_string(at) + ", " + told(a) + ")";
        const bool there = (a.before >> 32) == h.match_id && at <= record.size() && !record[at - 1].deal &&
                           record[at - 1].hole == a.hole &&
                           record[at - 1].move == logged_action{static_cast<std::uint8_t>(a.seat), a.act};
        if (!there) {
            ++out.figures.lost;
            fail("an acknowledged move is not in the record where it was made: " + what + "; the record has " +
                 (at <= record.size() && !record[at - 1].deal ? to_text(record[at - 1].move) : "no move") +
                 " there, of " + std::to_string(record.size()) + " changes");
            continue;
        }
        if (const auto [it, first] = acked.emplace(at, &a); !first) {
            ++out.figures.duplicated;
            fail("change " + std::to_string(at) + " was acknowledged twice: " + what + ", and before as " +
                 move_text(it->second->seat, it->second->act) + ", " + told(*it->second));
        }
        if (at <= last) {
            ++out.figures.out_of_order;
            fail("acknowledged out of order: " + what + " after change " + std::to_string(last));
        }
        last = std::max(last, at);
        if (a.shown != 0 && ((a.shown >> 32) != h.match_id || (a.shown & change_mask) < at))
            fail("the update that showed " + what + " was version " + std::to_string(a.shown));
    }
    out.figures.unanswered += static_cast<std::int64_t>(h.unknown.size());
    for (std::size_t i = 0; i < record.size(); ++i) {
        if (record[i].deal || acked.count(i + 1) != 0) continue;
        const bool sent = std::any_of(h.unknown.begin(), h.unknown.end(), [&](const unanswered& u) {
            return (u.before >> 32) == h.match_id && (u.before & change_mask) == i &&
                   record[i].move == logged_action{static_cast<std::uint8_t>(u.seat), u.act};
        });
        if (sent) {
            ++out.figures.unanswered_made;
            continue;
        }
        ++out.figures.unexplained;
        fail("change " + std::to_string(i + 1) + " of the record, " + to_text(record[i].move) +
             ", is a move no client acknowledged or sent unanswered there");
    }
}

// Every seating and acknowledgement by a node that owned the table at that moment; those that were not are told
// once per node, with the first and last time, and the owner log's story.
void check_owners(const match_history& h, const std::vector<owner_change>& owners, const owner_history* history,
                  check_report& out, const std::function<void(const std::string&)>& fail) {
    std::vector<seating> served = h.seatings;
    for (const probe& p : h.probes) served.push_back(p.seated);
    for (const acknowledged& a : h.acks)
        served.push_back({a.node, a.sent, a.answered, "acknowledged " + move_text(a.seat, a.act)});
    std::map<std::string, std::vector<const seating*>> wrong;  // by node
    for (const seating& s : served) {
        ++out.figures.owner_checks;
        if (owned_during(owners, s.node, s.from, s.to)) continue;
        ++out.figures.two_owners;
        wrong[s.node].push_back(&s);
    }
    for (auto& [node, list] : wrong) {
        std::sort(list.begin(), list.end(), [](const seating* a, const seating* b) { return a->from < b->from; });
        const seating& first = *list.front();
        fail("node " + node + " served the table " + std::to_string(list.size()) + " times from " +
             clock_text(first.from) + " to " + clock_text(list.back()->to) +
             " while it did not own it (first: " + first.what + ", when the owner was " +
             (owner_at(owners, first.from).empty() ? "nobody" : owner_at(owners, first.from)) + ")" +
             (history ? "; " + owner_story(*history, h.code, first.from, 1500) : ""));
    }
}

// A probing spectator's first view is the spectator's view of the recorded hand at some moment, with no card it
// may not know.
void check_probes(const match_history& h, const golf::match& m, const std::vector<change>& record, check_report& out,
                  const std::function<void(const std::string&)>& fail) {
    const auto rules = std::make_shared<const ruleset>(*h.rules);
    for (const probe& p : h.probes) {
        ++out.figures.probes;
        if (!p.first || !p.first->has_hand()) continue;
        const v1::HandView& shown = p.first->hand();
        const int hole = static_cast<int>(shown.hole());
        const bool in_play = hole == static_cast<int>(m.holes().size()) + 1 && m.current_hand();
        if (hole < 1 || (hole > static_cast<int>(m.holes().size()) && !in_play)) {
            fail(p.seated.what + ": a view of hole " + std::to_string(hole) + ", which the record does not have");
            continue;
        }
        const std::uint64_t seed = in_play ? m.current_hand()->seed() : m.holes()[hole - 1].seed;
        const int dealer = in_play ? m.current_hand()->dealer() : m.holes()[hole - 1].dealer;
        std::vector<logged_action> moves;
        for (const change& c : record)
            if (c.hole == hole && !c.deal) moves.push_back(c.move);
        hand state(rules, h.players, dealer, seed);
        leak::knowledge known(state);
        bool found = false;
        for (std::size_t k = 0;; ++k) {
            if (google::protobuf::util::MessageDifferencer::Equals(
                    shown, wire::to_proto(state.view_for(leak::spectator), hole))) {
                leak::check_cards(shown, state, known, leak::spectator, h.code + ", " + p.seated.what, out.problems);
                found = true;
                break;
            }
            if (k == moves.size()) break;
            hand next = state;
            std::vector<event> events;
            if (next.apply(moves[k].seat, moves[k].act, &events) != action_error::none) break;
            known.record(state, moves[k], events, next);
            state = std::move(next);
        }
        if (!found)
            fail(p.seated.what + ": a spectator's view that is no moment of the recorded hole " + std::to_string(hole));
        for (const v1::TableEvent& e : p.first->events())
            if (e.private_card())
                fail(p.seated.what + ": a spectator was sent a private card: " + e.ShortDebugString());
    }
}

// What each receiver was last sent and who seated it, for the story of a problem the oracle found.
std::string receivers_story(const match_history& h) {
    std::string out = "seatings:";
    for (const seating& s : h.seatings) out += " " + s.what + " by " + s.node + " at " + clock_text(s.from) + ";";
    for (std::size_t r = 0; r < h.received.size(); ++r) {
        out += "\n    receiver " + std::to_string(r) + "'s last updates:";
        int shown = 0;
        for (auto m = h.received[r].rbegin(); m != h.received[r].rend() && shown < 3; ++m) {
            if (!m->has_table_update()) continue;
            const v1::TableUpdate& u = m->table_update();
            ++shown;
            out += " [" + v1::TableState_Name(u.state()) + " v" + std::to_string(u.hand_version() & change_mask) +
                   (u.has_hand() ? " hole " + std::to_string(u.hand().hole()) + " " + v1::Phase_Name(u.hand().phase())
                                 : " no hand") +
                   ", " + std::to_string(u.events_size()) + " events" +
                   (u.events_from_start() ? " from the start" : "") + "]";
        }
    }
    return out;
}

}  // namespace

void check_figures::add(const check_figures& o) {
    for (auto field :
         {&check_figures::matches, &check_figures::replayed, &check_figures::finished, &check_figures::acknowledged,
          &check_figures::lost, &check_figures::duplicated, &check_figures::out_of_order, &check_figures::unanswered,
          &check_figures::unanswered_made, &check_figures::unexplained, &check_figures::owner_checks,
          &check_figures::two_owners, &check_figures::probes, &check_figures::stuck})
        this->*field += o.*field;
}

void check_match(const match_history& h, const std::optional<persistence::match_detail>& record,
                 const std::vector<owner_change>& owners, check_report& out, const owner_history* history) {
    const std::string name = h.code + " (" + h.preset + ", driver " + std::to_string(h.driver) + ")";
    const auto fail = [&](const std::string& what) { out.problems.add(name + ": " + what); };
    // A refusal repeated while a client retries is told once, with its count.
    for (std::size_t i = 0; i < h.problems.size();) {
        std::size_t same = i + 1;
        while (same < h.problems.size() && h.problems[same] == h.problems[i]) ++same;
        fail(h.problems[i] + (same - i > 1 ? " (" + std::to_string(same - i) + " times)" : ""));
        i = same;
    }
    check_owners(h, owners, history, out, fail);
    if (h.match_id == 0) return;  // never started: nothing was recorded
    ++out.figures.matches;
    if (!h.gave_up.empty()) {
        ++out.figures.stuck;
        fail("stuck: " + h.gave_up);
    }
    if (!record) return fail("match " + std::to_string(h.match_id) + " has no record");
    if (record->summary.table_code != h.code)
        fail("match " + std::to_string(h.match_id) + " is recorded at table " + record->summary.table_code);
    const auto replayed = persistence::replay_match(*record);
    if (!replayed.problem.empty() || !replayed.match) return fail("the record does not replay: " + replayed.problem);
    ++out.figures.replayed;
    const std::vector<change> changes = changes_of(*replayed.match);
    check_moves(h, changes, out, fail);
    check_probes(h, *replayed.match, changes, out, fail);
    if (!h.final_card || !h.gave_up.empty()) return;
    ++out.figures.finished;
    if (!record->summary.ended_at) fail("the players saw the match end, but its record is unfinished");
    std::vector<leak::accepted_move> moves;
    for (const change& c : changes)
        if (!c.deal) moves.push_back({c.hole, c.move});
    const int before = out.problems.count;
    leak::check_match(*h.rules, h.players, *h.final_card, moves, h.received, name, out.oracle, out.problems);
    if (out.problems.count > before) fail(receivers_story(h));
}

void check_matches(const std::vector<match_history>& matches, const std::string& db_url, check_report& out) {
    // Everything read first: a database that fails midway leaves the report as it was, to be tried again.
    const owner_history owners = read_owner_history(db_url);
    const auto store = persistence::open_store({.db = db_url, .read_only = true});
    std::vector<std::optional<persistence::match_detail>> records;
    for (const match_history& h : matches) {
        records.push_back(h.match_id ? store->match(static_cast<persistence::match_id>(h.match_id)) : std::nullopt);
        // A table its drivers left because it went with its node before any deal was shown: the database must
        // indeed have no match to restore there, or the BAD_TOKEN they were given was a valid token refused.
        if (h.match_id == 0 && h.gave_up == left_before_deal && !store->unfinished_matches_at({h.code}).empty())
            out.problems.add(h.code + ": a valid seat token was refused: the table has a match to restore");
    }
    static const std::vector<owner_change> none;
    for (std::size_t i = 0; i < matches.size(); ++i) {
        const auto it = owners.tables.find(matches[i].code);
        check_match(matches[i], records[i], it == owners.tables.end() ? none : it->second, out, &owners);
    }
}

std::string check_report::summary() const {
    const check_figures& f = figures;
    const auto line = [](const char* what, std::int64_t n) {
        return "  " + std::string(what) + ": " + std::to_string(n) + "\n";
    };
    return line("matches started", f.matches) + line("records replayed", f.replayed) +
           line("matches played to the end", f.finished) + line("tables stuck", f.stuck) +
           line("moves acknowledged", f.acknowledged) + line("acknowledged and lost", f.lost) +
           line("acknowledged twice", f.duplicated) + line("acknowledged out of order", f.out_of_order) +
           line("sent and never answered", f.unanswered) + line("of which recorded", f.unanswered_made) +
           line("recorded and never sent", f.unexplained) +
           line("seatings and acknowledgements held against the owner log", f.owner_checks) +
           line("by a node that did not own the table", f.two_owners) + line("probing spectators", f.probes) +
           line("frames through the leak oracle", oracle.frames) + line("hands replayed by the oracle", oracle.hands) +
           line("problems", problems.count);
}

}  // namespace golf::faults
