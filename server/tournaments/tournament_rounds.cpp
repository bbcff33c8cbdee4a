// The director's rounds: once a second every running tournament this node directs is read, the results of its
// finished tables are taken from their recorded matches, and a finished round seats the next one at new tables.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <spdlog/spdlog.h>

#include "engine/presets.hpp"
#include "proto/convert.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"
#include "server/tournaments/tournament_director.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace golf::server {

namespace {

// A match recorded at the table since this long before its round began counts (clocks of nodes differ a little).
constexpr std::int64_t clock_slack_s = 60;
// A table of the round in play is first looked for this long after the director first saw it (its records are
// written or it is closed within table_record_wait), then this often.
constexpr std::int64_t lost_after_s = 10;
constexpr std::int64_t lost_recheck_s = 30;

// The tables of one opening, as each one's records are written (made) or not.
class tables_made {
public:
    void settle(bool made) {
        std::lock_guard lock(m_);
        ++settled_;
        failed_ = failed_ || !made;
        cv_.notify_all();
    }
    // Whether all `count` were made within `limit`.
    bool wait(int count, std::chrono::milliseconds limit) {
        std::unique_lock lock(m_);
        return cv_.wait_for(lock, limit, [&] { return settled_ >= count || failed_; }) && !failed_;
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    int settled_ = 0;
    bool failed_ = false;
};

}  // namespace

void tournament_director::start() {
    boost::asio::post(thread_, [self = shared_from_this()] { self->arm(); });
}

void tournament_director::arm() {
    if (stopped_ || !tournaments_) return;
    timer_.expires_after(tick);
    timer_.async_wait([self = weak_from_this()](const boost::system::error_code& error) {
        if (error) return;
        if (const auto me = self.lock()) me->on_tick();
    });
}

void tournament_director::on_tick() {
    if (stopped_) return;
    try {
        for (const auto& row : tournaments_->tournaments(false, list_limit)) {
            const bool open = row.state == "open";
            if (!open && row.state != "running" && row.state != "paused") continue;
            if (!directs_(row.id)) continue;
            if (open && !start_time_come(row)) continue;
            auto l = load(row.id);
            if (!l) continue;
            if (open) {
                if (start_on_time(*l, now_s())) save(*l, now_s());  // a stale save: tried again at the next tick
                continue;
            }
            opened_.clear();
            if (!direct(*l, now_s()) || save(*l, now_s())) continue;
            // Another node moved it on first: tables opened here meanwhile are not the tournament's.
            end_opened("the round was seated twice");
        }
        refresh_watched();
    } catch (const std::exception& e) {
        spdlog::warn("the tournaments' round could not read the database: {}", e.what());
    }
    arm();
}

bool tournament_director::direct(loaded& l, std::int64_t now) {
    bool changed = collect_results(l);
    changed = reseat_lost_tables(l, now) || changed;
    if (tournament_rules::arena(l.t.settings())) return seat_arena(l, now) || changed;
    if (l.t.state() != v1::TOURNAMENT_STATE_RUNNING || tournament_rules::round_in_play(l.t)) return changed;
    // Seated on a copy: if its tables cannot be opened, nothing of the round (byes, seats taken) is kept.
    loaded next = l;
    if (!tournament_rules::seat_next_round(next.t, now)) {
        finished(next.t);
        l = std::move(next);
        return true;
    }
    if (!open_tables(next, next.t.rounds_size() - 1)) return changed;  // tried again at the next tick
    seated(next.t);
    l = std::move(next);
    return true;
}

bool tournament_director::seat_arena(loaded& l, std::int64_t now) {
    if (tournament_rules::finish_arena(l.t, now)) {
        finished(l.t);
        return true;
    }
    loaded next = l;
    const auto step = tournament_rules::seat_arena(next.t, now);
    if (step.seated && !open_tables(next, next.t.rounds_size() - 1)) return false;  // tried again at the next tick
    if (!step.changed) return false;
    if (step.seated) seated(next.t);
    l = std::move(next);
    return true;
}

bool tournament_director::start_time_come(const persistence::tournament_row& row) {
    v1::Tournament t;
    if (!t.ParseFromString(row.body)) return false;
    const std::int64_t at = t.settings().starts_at_unix_s();
    return at != 0 && now_s() >= at;
}

// An open tournament whose start time has come starts, or says once why it cannot yet (it keeps trying).
bool tournament_director::start_on_time(loaded& l, std::int64_t now) {
    const std::int64_t at = l.t.settings().starts_at_unix_s();
    if (at == 0 || now < at) return false;
    if (tournament_rules::start(l.t, now)) {
        const auto needed = static_cast<std::uint32_t>(tournament_rules::needed_to_start(l.t));
        const auto signed_up = static_cast<std::uint32_t>(tournament_rules::active_entrants(l.t));
        const v1::TournamentNote& was = l.t.note_of();
        if (was.kind() == v1::TOURNAMENT_NOTE_KIND_WAITING_FOR_PLAYERS && was.count() == needed &&
            was.number() == signed_up)
            return false;
        tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_WAITING_FOR_PLAYERS, {}, signed_up, needed);
        return true;
    }
    tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_STARTED_ON_TIME);
    spdlog::info("tournament {} started at its start time", l.t.id());
    return true;
}

void tournament_director::finished(v1::Tournament& t) {
    tournament_rules::set_note(t, v1::TOURNAMENT_NOTE_KIND_FINISHED, t.entrants().empty() ? "" : t.entrants(0).name());
    spdlog::info("tournament {} finished", t.id());
}

void tournament_director::seated(v1::Tournament& t) {
    const auto& round = *t.rounds().rbegin();
    tournament_rules::set_note(t, v1::TOURNAMENT_NOTE_KIND_SEATED, {}, round.number(),
                               static_cast<std::uint32_t>(round.tables_size()));
    spdlog::info("tournament {}: {}", t.id(), t.note());
}

// A table of a round in play found neither playing (its match unfinished, here or at any node) nor finished has
// been lost: its node died before its records were written, or it was closed (its record refused, or ended by
// staff). Looked at once it has had time to be recorded, then now and again; its entrants sit down again at a new
// table, which deals from a new key in a duplicate round, so that nobody replays hands they have seen.
bool tournament_director::reseat_lost_tables(loaded& l, std::int64_t now) {
    const auto rounds = tournament_rules::unfinished_rounds(l.t);
    if (rounds.empty() || l.t.state() != v1::TOURNAMENT_STATE_RUNNING) {
        lost_checks_.erase(l.t.id());
        return false;
    }
    auto& due = lost_checks_[l.t.id()];
    std::map<std::string, std::int64_t> kept;
    std::vector<std::pair<int, std::vector<int>>> lost;  // by round
    for (const int r : rounds) {
        const auto& round = l.t.rounds(r);
        std::vector<int> here;
        for (int n = 0; n < round.tables_size(); ++n) {
            const auto& table = round.tables(n);
            if (table.finished() || table.code().empty()) continue;
            const auto found = due.find(table.code());
            std::int64_t when = found == due.end() ? now + lost_after_s : found->second;
            if (now >= when) {
                if (!alive(table.code(), round.started_at_unix_s())) {
                    here.push_back(n);
                    continue;
                }
                when = now + lost_recheck_s;
            }
            kept[table.code()] = when;
        }
        if (!here.empty()) lost.emplace_back(r, std::move(here));
    }
    due = std::move(kept);
    if (lost.empty()) return false;
    loaded next = l;
    for (const auto& [r, tables] : lost) {
        if (!open_tables(next, r, tables)) return false;  // tried again at the next tick
        for (const int n : tables)
            spdlog::warn("tournament {}: table {} of round {} was lost; its entrants sit down again at {}", l.t.id(),
                         l.t.rounds(r).tables(n).code(), l.t.rounds(r).number(), next.t.rounds(r).tables(n).code());
    }
    l = std::move(next);
    return true;
}

// In this order: a match that finishes between the two reads is found by the second.
bool tournament_director::alive(const std::string& code, std::int64_t round_started) {
    const auto games = tables_.lock();
    return (games && games->find(code)) || !store_->unfinished_matches_at({code}).empty() ||
           store_->finished_match_at(code, round_started - clock_slack_s);
}

bool tournament_director::collect_results(loaded& l) {
    bool changed = false;
    for (const int r : tournament_rules::unfinished_rounds(l.t)) {
        const std::int64_t since = l.t.rounds(r).started_at_unix_s() - clock_slack_s;
        for (int n = 0; n < l.t.rounds(r).tables_size(); ++n) {
            const auto& table = l.t.rounds(r).tables(n);
            if (table.finished() || table.code().empty()) continue;
            const auto match = store_->finished_match_at(table.code(), since);
            if (!match) continue;
            std::vector<int> totals;
            std::vector<bool> by_bot;
            for (std::size_t s = 0; s < match->summary.seats.size(); ++s) {
                totals.push_back(s < match->summary.final_totals.size() ? match->summary.final_totals[s].value_or(0)
                                                                        : 0);
                // The entrant never took the seat: it has no token, or still the one held for a guest.
                const auto token_hash = secure::from_hex(match->summary.seats[s].token_hash).value_or("");
                by_bot.push_back(token_hash.empty() || table::is_held_for_guest(token_hash));
            }
            const std::string code = table.code();
            tournament_rules::record_table(l.t, r, n, totals, by_bot, match->summary.id);
            spdlog::info("tournament {}: table {} of round {} finished", l.t.id(), code, l.t.rounds(r).number());
            changed = true;
        }
    }
    return changed;
}

bool tournament_director::open_tables(loaded& l, int round_index, const std::vector<int>& only) {
    const auto games = tables_.lock();
    const preset* base = find_preset(l.t.settings().preset());
    if (!games || !base) return false;
    ruleset rules = base->rules;
    if (wire::apply_overrides(rules, l.t.settings().house_rules())) return false;
    const auto shared_rules = std::make_shared<const ruleset>(std::move(rules));
    table_settings settings;
    settings.tournament_id = l.t.id();
    settings.turn_clock = std::chrono::seconds(l.t.settings().turn_clock_seconds());
    if (tournament_rules::duplicate(l.t.settings())) {
        // One secret for the round: every table deals the same hand each hole, and no revealed seed tells another.
        settings.deal_key.resize(32);
        secure::random_bytes(std::span(reinterpret_cast<unsigned char*>(settings.deal_key.data()), 32));
    }
    auto* round = l.t.mutable_rounds(round_index);
    const auto made = std::make_shared<tables_made>();
    int opened = 0;
    for (int n = 0; n < round->tables_size(); ++n) {
        if (!only.empty() && std::find(only.begin(), only.end(), n) == only.end()) continue;
        auto& planned = *round->mutable_tables(n);
        auto t = games->open_private_table(l.t.settings().preset(), shared_rules, planned.seats_size(), settings);
        if (!t) {
            spdlog::warn("tournament {}: the server has no room for round {}'s tables; trying again", l.t.id(),
                         round->number());
            end_opened("the round could not be seated");
            return false;
        }
        opened_.push_back(t);
        ++opened;
        planned.set_code(t->code());
        std::vector<table::held_seat> held;
        for (const auto& seat : planned.seats())
            for (const auto& e : l.t.entrants())
                if (e.name() == seat.name()) held.push_back({e.account_id(), e.name(), e.entry_token_hash()});
        boost::asio::post(t->strand(), [t, held = std::move(held), made] {
            t->seat_tournament(
                held, [made] { made->settle(true); }, [made] { made->settle(false); });
        });
    }
    // Told to the entrants only once every node can find the tables (their records written).
    if (made->wait(opened, table_record_wait + std::chrono::seconds(1))) return true;
    spdlog::warn("tournament {}: round {}'s tables could not be recorded in time; trying again", l.t.id(),
                 round->number());
    end_opened("the round could not be recorded");
    return false;
}

void tournament_director::end_opened(const std::string& reason) {
    for (const auto& t : opened_) boost::asio::post(t->strand(), [t, reason] { t->end_by_staff(reason); });
    opened_.clear();
}

void tournament_director::end_tables(const v1::TournamentRound& round, const std::string& reason) {
    const auto games = tables_.lock();
    if (!games) return;
    for (const auto& planned : round.tables()) {
        if (planned.finished() || planned.code().empty()) continue;
        if (auto t = games->find(planned.code()))
            boost::asio::post(t->strand(), [t, reason] { t->end_by_staff(reason); });
    }
}

void tournament_director::tell_watchers(const loaded& l) {
    const auto found = watched_.find(l.t.id());
    if (found == watched_.end()) return;
    found->second.version = l.row.version;
    for (const watcher& w : found->second.watchers)
        if (const auto link = w.link.lock()) {
            const std::int64_t account = link->identity().account;
            link->send(encode(info_for(l.t, account != 0 ? tournament_rules::entrant_key(account)
                                                         : tournament_rules::entrant_key::guest(w.entry_hash))));
        }
}

// Tournaments moved on by another node (or watched here but directed elsewhere) are told from the database.
void tournament_director::refresh_watched() {
    for (auto& [id, w] : watched_) {
        std::erase_if(w.watchers, [](const watcher& x) { return x.link.expired(); });
        if (w.watchers.empty()) continue;
        const auto l = load(id);
        if (l && l->row.version > w.version) tell_watchers(*l);
    }
    std::erase_if(watched_, [](const auto& entry) { return entry.second.watchers.empty(); });
}

}  // namespace golf::server
