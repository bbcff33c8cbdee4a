// The arena format (docs/tournaments.md "Arena"): for a fixed time, whoever has finished a match is seated again as
// soon as enough others are free, by standing; place points, doubled on fire. Pure functions on the record, as in
// tournament_rules.cpp; the director passes the time in.
#include <algorithm>

#include "competition/scoring.hpp"
#include "competition/seating.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace golf::server::tournament_rules {

namespace {

// Wins in a row that set an entrant on fire: from the next table on, their place points count twice.
constexpr std::uint32_t fire_after = 2;

bool busy(const v1::Tournament& t) {
    for (const int r : unfinished_rounds(t))
        for (const auto& table : t.rounds(r).tables())
            if (!table.finished()) return true;
    return false;
}

}  // namespace

arena_step seat_arena(v1::Tournament& t, std::int64_t now) {
    arena_step step;
    if (!arena(t.settings()) || t.state() != v1::TOURNAMENT_STATE_RUNNING || now >= t.ends_at_unix_s()) return step;
    // The free, in standing order (the entrants are kept in it); each one's wait starts when first seen free.
    std::vector<int> free;
    bool waited = false;
    for (int i = 0; i < t.entrants_size(); ++i) {
        auto* e = t.mutable_entrants(i);
        if (e->withdrawn() || e->paused() || table_at(t, e->name())) continue;
        if (e->free_since_unix_s() == 0) {
            e->set_free_since_unix_s(now);
            step.changed = true;
        }
        waited = waited || now - e->free_since_unix_s() >= arena_wait_s;
        free.push_back(i);
    }
    const competition::seating_rules rules{static_cast<int>(t.settings().seats()),
                                           static_cast<int>(t.settings().min_seats())};
    if (static_cast<int>(free.size()) < rules.min_seats) return step;
    // Filler bots wait for a person: no table of bots alone.
    if (std::all_of(free.begin(), free.end(), [&](int i) { return t.entrants(i).bot(); })) return step;
    // While others play, only whole tables (the top of the free by standing), unless someone has waited long.
    if (busy(t) && !waited) free.resize(free.size() / static_cast<std::size_t>(rules.seats) * rules.seats);
    if (free.empty()) return step;
    std::vector<competition::entrant> field;
    for (const int i : free) field.push_back(as_entrant(t.entrants(i)));
    const auto seating = competition::seat_round(field, meetings_of(t), rules);
    if (seating.tables.empty()) return step;  // those left over wait for the next seating
    auto* round = add_round(t, seating, free, now);
    for (const auto& table : round->tables())
        for (const auto& seat : table.seats())
            if (const int e = entrant_named(t, seat.name()); e >= 0) t.mutable_entrants(e)->set_free_since_unix_s(0);
    step.changed = true;
    step.seated = round;
    return step;
}

bool finish_arena(v1::Tournament& t, std::int64_t now) {
    const bool started = t.state() == v1::TOURNAMENT_STATE_RUNNING || t.state() == v1::TOURNAMENT_STATE_PAUSED;
    if (!arena(t.settings()) || !started || now < t.ends_at_unix_s() || busy(t)) return false;
    t.set_state(v1::TOURNAMENT_STATE_FINISHED);
    return true;
}

void score_arena_table(v1::Tournament& t, v1::TournamentTable& table) {
    std::vector<int> totals;
    for (const auto& seat : table.seats()) totals.push_back(seat.total());
    const int lowest = totals.empty() ? 0 : *std::min_element(totals.begin(), totals.end());
    const auto winners = std::count(totals.begin(), totals.end(), lowest);
    for (int s = 0; s < table.seats_size(); ++s) {
        auto* seat = table.mutable_seats(s);
        const int e = entrant_named(t, seat->name());
        if (e < 0) continue;
        auto* entrant = t.mutable_entrants(e);
        if (seat->played_by_bot()) {
            // Never came: no points, and no more tables until they sign up again.
            seat->set_points(0);
            entrant->set_streak(0);
            entrant->set_paused(true);
            continue;
        }
        const bool on_fire = entrant->streak() >= fire_after;
        seat->set_on_fire(on_fire);
        if (on_fire) seat->set_points(seat->points() * 2);
        const bool won = seat->total() == lowest && winners == 1;
        entrant->set_streak(won ? entrant->streak() + 1 : 0);
    }
}

}  // namespace golf::server::tournament_rules
