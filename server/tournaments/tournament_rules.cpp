#include "server/tournaments/tournament_rules.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "competition/scoring.hpp"
#include "competition/seating.hpp"
#include "server/accounts/player_names.hpp"

namespace golf::server::tournament_rules {

namespace {

using refusal = std::optional<std::string>;

}  // namespace

int entrant_index(const v1::Tournament& t, const entrant_key& who) {
    for (int i = 0; i < t.entrants_size(); ++i)
        if (who.names(t.entrants(i))) return i;
    return -1;
}

int entrant_named(const v1::Tournament& t, const std::string& name) {
    for (int i = 0; i < t.entrants_size(); ++i)
        if (t.entrants(i).name() == name) return i;
    return -1;
}

competition::entrant as_entrant(const v1::TournamentEntrant& e) {
    competition::entrant out;
    out.id = e.name();
    out.points = e.points();
    out.opponent_points = e.opponent_points();
    out.strokes = e.strokes();
    out.rating = e.rating();
    out.byes = static_cast<int>(e.byes());
    out.seats_taken.assign(e.seats_taken().begin(), e.seats_taken().end());
    return out;
}

// Who met whom in the rounds so far (by name, as the seating keys them).
competition::meetings meetings_of(const v1::Tournament& t) {
    competition::meetings met;
    for (const auto& round : t.rounds())
        for (const auto& table : round.tables()) {
            std::vector<std::string> names;
            for (const auto& seat : table.seats()) names.push_back(seat.name());
            competition::note_table(met, names);
        }
    return met;
}

int active_entrants(const v1::Tournament& t) {
    return static_cast<int>(
        std::count_if(t.entrants().begin(), t.entrants().end(), [](const auto& e) { return !e.withdrawn(); }));
}

namespace {

// Every table of a finished duplicate round: each seat's matchpoints against the same seat at the other tables.
void score_duplicate_round(v1::TournamentRound& round) {
    std::vector<std::vector<int>> totals;
    for (const auto& table : round.tables()) {
        totals.emplace_back();
        for (const auto& seat : table.seats()) totals.back().push_back(seat.total());
    }
    const auto scored = competition::score_duplicate(totals);
    if (!scored) return;  // tables of different sizes: the settings forbid it
    for (int n = 0; n < round.tables_size(); ++n)
        for (int s = 0; s < round.tables(n).seats_size(); ++s) {
            auto* seat = round.mutable_tables(n)->mutable_seats(s);
            const double percent = scored->percent[static_cast<std::size_t>(n)][static_cast<std::size_t>(s)];
            seat->set_percent(percent);
            seat->set_points((round.tables(n).seats_size() - 1) * percent / 100);
        }
}

}  // namespace

bool holds_back(const v1::Tournament& t, const std::string& code) {
    if (t.state() == v1::TOURNAMENT_STATE_CANCELLED) return false;
    for (const auto& round : t.rounds())
        for (const auto& table : round.tables())
            if (table.code() == code) return !round.finished();
    return false;
}

std::string state_name(v1::TournamentState state) {
    switch (state) {
        case v1::TOURNAMENT_STATE_OPEN: return "open";
        case v1::TOURNAMENT_STATE_RUNNING: return "running";
        case v1::TOURNAMENT_STATE_PAUSED: return "paused";
        case v1::TOURNAMENT_STATE_FINISHED: return "finished";
        case v1::TOURNAMENT_STATE_CANCELLED: return "cancelled";
        default: return "unknown";
    }
}

refusal settle(v1::TournamentSettings& s, const ruleset& rules) {
    if (s.name().empty() || s.name().size() > 60) return "a tournament's name is 1 to 60 characters";
    if (!v1::TournamentFormat_IsValid(s.format())) return "the format is Swiss, duplicate or arena";
    const int most = std::min(8, rules.max_players);
    if (s.seats() < 2 || static_cast<int>(s.seats()) > most || static_cast<int>(s.seats()) < rules.min_players)
        return "a table seats " + std::to_string(std::max(2, rules.min_players)) + " to " + std::to_string(most) +
               " with these rules";
    if (s.min_seats() == 0)
        s.set_min_seats(std::max<std::uint32_t>({2, s.seats() - 1, static_cast<std::uint32_t>(rules.min_players)}));
    if (s.min_seats() < 2 || s.min_seats() > s.seats() || static_cast<int>(s.min_seats()) < rules.min_players)
        return "the fewest at a table is " + std::to_string(std::max(2, rules.min_players)) + " to the most (" +
               std::to_string(s.seats()) + ")";
    if (duplicate(s)) {
        if (rules.winner_plays_first)
            return "a duplicate tournament needs the deal to pass in turn: these rules let the winner play first";
        s.set_min_seats(s.seats());  // every table the same, so every seat has its like at each table
    }
    if (arena(s)) {
        if (s.arena_minutes() == 0) s.set_arena_minutes(default_arena_minutes);
        if (s.arena_minutes() > max_arena_minutes)
            return "an arena runs 1 to " + std::to_string(max_arena_minutes) + " minutes";
        s.set_rounds(0);  // each seating is a round of its own
    } else if (s.rounds() < 1 || s.rounds() > max_rounds) {
        return "a tournament has 1 to " + std::to_string(max_rounds) + " rounds";
    }
    if (s.max_players() == 0) s.set_max_players(max_entrants);
    if (s.max_players() < min_entrants || s.max_players() > max_entrants)
        return "a tournament takes " + std::to_string(min_entrants) + " to " + std::to_string(max_entrants) +
               " players";
    if (s.turn_clock_seconds() == 0) s.set_turn_clock_seconds(default_turn_clock_s);
    if (s.turn_clock_seconds() < 5 || s.turn_clock_seconds() > 3600) return "the turn clock is 5 to 3600 seconds";
    return std::nullopt;
}

refusal sign_up(v1::Tournament& t, const entrant_key& who, const std::string& name, double rating) {
    const bool open = t.state() == v1::TOURNAMENT_STATE_OPEN;
    const bool started = t.state() == v1::TOURNAMENT_STATE_RUNNING || t.state() == v1::TOURNAMENT_STATE_PAUSED;
    const bool late = started && t.settings().late_join() &&
                      (arena(t.settings()) || t.rounds_size() < static_cast<int>(t.settings().rounds()));
    const int i = entrant_index(t, who);
    if (i >= 0 && started && t.entrants(i).paused()) {
        t.mutable_entrants(i)->set_paused(false);  // an arena's: seated again when enough are free
        t.mutable_entrants(i)->set_free_since_unix_s(0);
        return std::nullopt;
    }
    if (!open && !late) return "this tournament takes no more sign-ups";
    if (i >= 0) {
        if (!t.entrants(i).withdrawn()) return "you are signed up already";
        t.mutable_entrants(i)->set_withdrawn(false);  // back before the next round
        return std::nullopt;
    }
    const bool guest = who.account == 0;
    if (guest && !t.settings().guests()) return "this tournament takes signed-in players only";
    if (guest && (who.entry_hash.empty() || name.empty())) return "that entry token names nobody in this tournament";
    if (active_entrants(t) >= static_cast<int>(t.settings().max_players()))
        return "this tournament is full (" + std::to_string(t.settings().max_players()) + " players)";
    const std::string key = player_names::key(name);
    for (const auto& e : t.entrants())
        if (player_names::key(e.name()) == key) return "someone in this tournament goes by that name already";
    auto* e = t.add_entrants();
    e->set_name(name);
    e->set_account_id(who.account);
    e->set_guest(guest);
    e->set_entry_token_hash(who.entry_hash);
    e->set_rating(rating);
    restand(t);
    return std::nullopt;
}

refusal withdraw(v1::Tournament& t, const entrant_key& who) {
    const int i = entrant_index(t, who);
    if (i < 0 || t.entrants(i).withdrawn()) return "you are not signed up";
    if (t.state() == v1::TOURNAMENT_STATE_FINISHED || t.state() == v1::TOURNAMENT_STATE_CANCELLED)
        return "this tournament is over";
    if (t.state() == v1::TOURNAMENT_STATE_OPEN) t.mutable_entrants()->DeleteSubrange(i, 1);
    else t.mutable_entrants(i)->set_withdrawn(true);
    restand(t);
    return std::nullopt;
}

refusal check_start_time(const v1::TournamentSettings& s, std::int64_t now) {
    const std::int64_t at = s.starts_at_unix_s();
    if (at != 0 && (at <= now || at > now + max_start_delay_s))
        return "the start time is within 30 days from now, not in the past (or none: the organiser starts it)";
    return std::nullopt;
}

int needed_to_start(const v1::Tournament& t) {
    return std::max<int>(min_entrants, static_cast<int>(t.settings().min_seats()));
}

namespace {

// Bot entrants up to the fewest a start needs, then up to whole tables of `seats`, within the most a tournament
// takes. Their names cannot be an account's: a registered name has no '#'.
void add_fillers(v1::Tournament& t) {
    const int seats = static_cast<int>(t.settings().seats());
    int field = active_entrants(t);
    int wanted = std::max(field, needed_to_start(t));
    wanted = std::min(max_entrants, (wanted + seats - 1) / seats * seats);
    for (int n = 1; field < wanted; ++n) {
        const std::string name = "Bot #" + std::to_string(n);
        if (entrant_named(t, name) >= 0) continue;
        auto* e = t.add_entrants();
        e->set_name(name);
        e->set_account_id(-n);  // never an account's: theirs are positive
        e->set_bot(true);
        ++field;
    }
}

}  // namespace

refusal start(v1::Tournament& t, std::int64_t now) {
    if (t.state() != v1::TOURNAMENT_STATE_OPEN) return "this tournament has started already";
    if (t.settings().bot_fillers() && active_entrants(t) > 0) add_fillers(t);
    const int needed = needed_to_start(t);
    if (active_entrants(t) < needed)
        return "a tournament starts with " + std::to_string(needed) + " players or more; " +
               std::to_string(active_entrants(t)) + " signed up";
    t.set_state(v1::TOURNAMENT_STATE_RUNNING);
    if (arena(t.settings())) t.set_ends_at_unix_s(now + 60 * static_cast<std::int64_t>(t.settings().arena_minutes()));
    restand(t);
    return std::nullopt;
}

std::vector<int> unfinished_rounds(const v1::Tournament& t) {
    std::vector<int> out;
    for (int r = 0; r < t.rounds_size(); ++r)
        if (!t.rounds(r).finished()) out.push_back(r);
    return out;
}

const v1::TournamentTable* table_at(const v1::Tournament& t, const std::string& name) {
    for (const int r : unfinished_rounds(t))
        for (const auto& table : t.rounds(r).tables())
            if (!table.finished())
                for (const auto& seat : table.seats())
                    if (seat.name() == name) return &table;
    return nullptr;
}

std::string table_of(const v1::Tournament& t, const std::string& name) {
    const auto* table = table_at(t, name);
    return table ? table->code() : "";
}

const v1::TournamentRound* round_in_play(const v1::Tournament& t) {
    if (t.rounds().empty() || t.rounds().rbegin()->finished()) return nullptr;
    return &*t.rounds().rbegin();
}

const v1::TournamentRound* seat_next_round(v1::Tournament& t, std::int64_t now) {
    std::vector<int> field_index;
    std::vector<competition::entrant> field;
    for (int i = 0; i < t.entrants_size(); ++i)
        if (!t.entrants(i).withdrawn()) {
            field_index.push_back(i);
            field.push_back(as_entrant(t.entrants(i)));
        }
    const competition::seating_rules rules{static_cast<int>(t.settings().seats()),
                                           static_cast<int>(t.settings().min_seats())};
    if (t.rounds_size() >= static_cast<int>(t.settings().rounds()) ||
        static_cast<int>(field.size()) < rules.min_seats) {
        t.set_state(v1::TOURNAMENT_STATE_FINISHED);
        return nullptr;
    }
    const auto seating = competition::seat_round(field, meetings_of(t), rules);
    auto* round = add_round(t, seating, field_index, now);
    // A bye scores the middle of the largest table's points: neither a win nor a loss.
    const double bye_points = seating.tables.empty() ? 0 : (static_cast<double>(seating.tables[0].size()) - 1) / 2;
    for (const int b : seating.byes) {
        auto* e = t.mutable_entrants(field_index[static_cast<std::size_t>(b)]);
        round->add_byes(e->name());
        e->set_byes(e->byes() + 1);
        e->set_points(e->points() + bye_points);
    }
    return round;
}

v1::TournamentRound* add_round(v1::Tournament& t, const competition::round_seating& seating,
                               const std::vector<int>& field_index, std::int64_t now) {
    auto* round = t.add_rounds();
    round->set_number(static_cast<std::uint32_t>(t.rounds_size()));
    round->set_started_at_unix_s(now);
    for (std::size_t n = 0; n < seating.tables.size(); ++n) {
        auto* table = round->add_tables();
        table->set_number(static_cast<std::uint32_t>(n + 1));
        for (std::size_t s = 0; s < seating.tables[n].size(); ++s) {
            auto* e = t.mutable_entrants(field_index[static_cast<std::size_t>(seating.tables[n][s])]);
            table->add_seats()->set_name(e->name());
            while (e->seats_taken_size() <= static_cast<int>(s)) e->add_seats_taken(0);
            e->set_seats_taken(static_cast<int>(s), e->seats_taken(static_cast<int>(s)) + 1);
        }
    }
    return round;
}

void record_table(v1::Tournament& t, int round_index, int table_number, std::span<const int> totals,
                  const std::vector<bool>& by_bot, std::int64_t match_id) {
    if (round_index < 0 || round_index >= t.rounds_size()) return;
    auto* round = t.mutable_rounds(round_index);
    if (round->finished() || table_number < 0 || table_number >= round->tables_size()) return;
    auto* table = round->mutable_tables(table_number);
    if (table->finished() || static_cast<int>(totals.size()) != table->seats_size()) return;
    // Swiss and arena: place points at once. Duplicate: the seats are compared across tables once the round is over.
    const auto points = competition::place_points(totals);
    const bool by_place = !duplicate(t.settings());
    for (int s = 0; s < table->seats_size(); ++s) {
        auto* seat = table->mutable_seats(s);
        seat->set_total(totals[static_cast<std::size_t>(s)]);
        if (by_place) seat->set_points(points[static_cast<std::size_t>(s)]);
        const int e = entrant_named(t, seat->name());
        const bool filler = e >= 0 && t.entrants(e).bot();  // a bot by nature: it never fails to come
        seat->set_played_by_bot(!filler && static_cast<std::size_t>(s) < by_bot.size() &&
                                by_bot[static_cast<std::size_t>(s)]);
    }
    if (arena(t.settings())) score_arena_table(t, *table);
    table->set_finished(true);
    table->set_match_id(match_id);
    round->set_finished(std::all_of(round->tables().begin(), round->tables().end(),
                                    [](const auto& other) { return other.finished(); }));
    if (!by_place && round->finished()) score_duplicate_round(*round);
    if (by_place || round->finished()) {
        for (const auto& each : round->tables())
            for (const auto& seat : each.seats()) {
                if (by_place && &each != table) continue;  // the other tables were counted when they finished
                if (arena(t.settings()) && seat.played_by_bot()) continue;  // a bot's strokes are not theirs
                if (const int e = entrant_named(t, seat.name()); e >= 0) {
                    auto* entrant = t.mutable_entrants(e);
                    entrant->set_points(entrant->points() + seat.points());
                    entrant->set_strokes(entrant->strokes() + seat.total());
                }
            }
    }
    restand(t);
}

void restand(v1::Tournament& t) {
    // Opponents' points: everyone each entrant sat with, counted once for every round they sat together.
    std::map<std::string, double> points;
    for (const auto& e : t.entrants()) points[e.name()] = e.points();
    std::map<std::string, double> opponents;
    for (const auto& round : t.rounds())
        for (const auto& table : round.tables())
            for (const auto& a : table.seats())
                for (const auto& b : table.seats())
                    if (a.name() != b.name()) opponents[a.name()] += points[b.name()];
    std::vector<competition::entrant> field;
    for (auto& e : *t.mutable_entrants()) {
        e.set_opponent_points(opponents[e.name()]);
        field.push_back(as_entrant(e));
    }
    const auto order = competition::standing(field);
    google::protobuf::RepeatedPtrField<v1::TournamentEntrant> sorted;
    for (const int i : order) *sorted.Add() = t.entrants(i);
    t.mutable_entrants()->Swap(&sorted);
    const auto key = [](const v1::TournamentEntrant& e) {
        return std::tuple(e.points(), e.opponent_points(), e.strokes(), e.rating());
    };
    for (int i = 0; i < t.entrants_size(); ++i) {
        const bool tied = i > 0 && key(t.entrants(i)) == key(t.entrants(i - 1));
        t.mutable_entrants(i)->set_place(tied ? t.entrants(i - 1).place() : static_cast<std::uint32_t>(i + 1));
    }
}

}  // namespace golf::server::tournament_rules
