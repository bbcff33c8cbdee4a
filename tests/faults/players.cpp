// The drivers and the prober. Every wait is bounded: a connect 2 s, a seat request 3 s, an Act's answer 5 s, a
// reclaim 60 s of tries, a match 5 minutes.
#include "tests/faults/players.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "proto/convert.hpp"
#include "tests/faults/network.hpp"

namespace golf::faults {

namespace {

using namespace std::chrono_literals;
using client::connection;

constexpr auto connect_wait = 2s;
constexpr auto seat_wait = 3s;
constexpr auto act_wait = 5s;
constexpr auto reclaim_for = 60s;
constexpr auto silence = 4s;  // nothing from any connection while nobody can move: the node is gone or paused
constexpr auto match_limit = 5min;

struct table_kind {
    const char* preset;
    int players;
};
// Powers, peeks shown once and out-of-turn claims (cambio, cactus) beside plain Golf.
constexpr table_kind kinds[] = {{"six-card", 2}, {"cambio", 3}, {"four-card", 2}, {"powers", 2}, {"cactus", 3}};

}  // namespace

class table_driver {
public:
    table_driver(players& owner, int index)
        : owner_(owner), index_(index), random_(owner.settings_.seed * 1000 + index) {}

    void run() {
        for (int n = 0; !owner_.stop_new_ && !owner_.abort_; ++n) {
            const table_kind& kind =
                kinds[(static_cast<std::size_t>(index_) + static_cast<std::size_t>(n)) % std::size(kinds)];
            match_history h;
            h.driver = index_;
            h.preset = kind.preset;
            h.players = kind.players;
            for (int s = 0; s < kind.players; ++s)
                h.names.push_back("d" + std::to_string(index_) + "m" + std::to_string(n) + "s" + std::to_string(s));
            h.received.resize(static_cast<std::size_t>(kind.players) + 1);
            h.started = now_ms();
            owner_.progress_[static_cast<std::size_t>(index_)]->store(h.started);
            if (set_up(h) && play(h)) see_the_end(h);
            break_all();  // before h moves: their observers write into it
            h.ended = now_ms();
            owner_.current(index_, "");
            const bool left = !h.gave_up.empty();
            owner_.ended(std::move(h));
            if (left) std::this_thread::sleep_for(500ms);
        }
    }

private:
    void count(std::int64_t client_tally::*field) {
        std::lock_guard lock(owner_.mutex_);
        ++(owner_.tallies_[static_cast<std::size_t>(index_)].*field);
    }

    std::unique_ptr<connection> open(int receiver, match_history& h) {
        auto c = std::make_unique<connection>();
        c->set_observer([this, receiver, &h](const v1::ServerMessage& m) {
            h.received[static_cast<std::size_t>(receiver)].push_back(m);
            last_frame_ = now_ms();
        });
        if (receiver % 2 == 1) c->ask_update_answers_act();  // both kinds of answer to an Act
        c->connect(owner_.settings_.url, "faults", connect_wait);
        return c;
    }

    // A refusal a client must expect during a failover, counted; a BAD_TOKEN for a token that is valid is a fault.
    // Whether any receiver was shown a hand of the match: with --durability moves, only a deal whose record was
    // committed is shown, and such a match is restored wherever its table goes.
    static bool dealt(const match_history& h) {
        for (const auto& frames : h.received)
            for (const v1::ServerMessage& m : frames)
                if (m.has_table_update() && m.table_update().has_hand()) return true;
        return false;
    }

    void note_refusal(const client::error& e, match_history& h, const std::string& during) {
        const std::string what = e.what();
        if (e.code() == v1::ERROR_CODE_BAD_TOKEN && !dealt(h)) {
            // The node died before the match's first deal reached the database: the table went with it, and
            // BAD_TOKEN is the truth (docs/ownership.md). The driver leaves it for a new one.
            count(&client_tally::lost_before_deal);
        } else if (e.code() == v1::ERROR_CODE_BAD_TOKEN) {
            count(&client_tally::bad_token);
            h.problems.push_back(during + ": a valid seat token was refused: " + what);
        } else if (e.code() == v1::ERROR_CODE_UNAVAILABLE) {
            count(&client_tally::unavailable);
        } else if (what.find("502") != std::string::npos || what.find("503") != std::string::npos) {
            count(&client_tally::proxy_refused);
        } else {
            count(&client_tally::connect_failed);
        }
    }

    bool set_up(match_history& h) {
        const auto* base = find_preset(h.preset);
        ruleset wanted = base->rules;
        set_option(wanted, "holes=" + std::to_string(owner_.settings_.holes));
        try {
            conns_.clear();
            pressed_at_.assign(static_cast<std::size_t>(h.players), 0);
            conns_.push_back(open(0, h));
            v1::CreateTable create;
            create.set_player_name(h.names[0]);
            create.set_preset(h.preset);
            create.set_seats(static_cast<std::uint32_t>(h.players));
            *create.mutable_house_rules() = wire::to_proto(wanted);
            create.set_claim_window_ms(30000);  // claims lose to claims, not to the clock
            const wall_ms from = now_ms();
            const v1::TableJoined made = conns_[0]->create_table(create, seat_wait);
            h.code = made.code();
            h.rules = wire::to_ruleset(made.rules());
            h.seatings.push_back({conns_[0]->welcome().node(), from, now_ms(), "made the table"});
            tokens_ = {made.seat_token()};
            owner_.current(index_, h.code);
            for (int r = 1; r <= h.players; ++r) {
                const bool watcher = r == h.players;
                conns_.push_back(open(r, h));
                const wall_ms at = now_ms();
                const auto joined = conns_.back()->join(
                    h.code, watcher ? "watcher" : h.names[static_cast<std::size_t>(r)], watcher, seat_wait);
                h.seatings.push_back({conns_.back()->welcome().node(), at, now_ms(), watcher ? "spectator" : "joined"});
                if (!watcher) tokens_.push_back(joined.seat_token());
            }
            conns_[0]->wait_until(
                [](const v1::TableUpdate& u) {
                    return std::all_of(u.seats().begin(), u.seats().end(),
                                       [](const v1::SeatInfo& s) { return s.occupied(); });
                },
                seat_wait);
            conns_[0]->start_match(seat_wait);
            return true;
        } catch (const client::error& e) {
            // A table that could not be filled and started while a fault ran is left; the next one is made.
            h.gave_up = std::string("before the start: ") + e.what();
            return false;
        }
    }

    bool reclaim(int r, match_history& h) {
        const bool watcher = r == h.players;
        drop(conns_[static_cast<std::size_t>(r)]);
        const auto deadline = std::chrono::steady_clock::now() + reclaim_for;
        for (int attempt = 0; std::chrono::steady_clock::now() < deadline && !owner_.abort_; ++attempt) {
            try {
                auto c = open(r, h);
                const wall_ms from = now_ms();
                if (watcher) c->join(h.code, "watcher", true, seat_wait);
                else c->reclaim(tokens_[static_cast<std::size_t>(r)], seat_wait);
                h.seatings.push_back({c->welcome().node(), from, now_ms(), watcher ? "spectator again" : "reclaimed"});
                conns_[static_cast<std::size_t>(r)] = std::move(c);
                // A table restored between holes has forgotten who read the review (at the same hand_version).
                if (!watcher) pressed_at_[static_cast<std::size_t>(r)] = 0;
                count(&client_tally::reclaims);
                return true;
            } catch (const client::error& e) {
                note_refusal(e, h, "reclaiming seat " + std::to_string(r));
                if (e.code() == v1::ERROR_CODE_BAD_TOKEN && !dealt(h)) return false;
                std::this_thread::sleep_for(
                    std::min<std::chrono::milliseconds>(100ms * (1 << std::min(attempt, 4)), 1s));
            }
        }
        return false;
    }

    // Reads what each connection has; a closed one is made again. False when one could not be.
    bool pump(match_history& h) {
        for (std::size_t r = 0; r < conns_.size(); ++r) {
            bool broken = !conns_[r];
            try {
                while (!broken && conns_[r]->next(0ms)) {}
            } catch (const client::error&) {
                broken = true;
            }
            if (broken && !reclaim(static_cast<int>(r), h)) {
                h.gave_up =
                    dealt(h) ? "receiver " + std::to_string(r) + " could not take its place back within 60 s" + seen()
                             : left_before_deal;
                return false;
            }
        }
        return true;
    }

    // What the receivers last saw, for a table given up: each one's node, hand_version and table state.
    std::string seen() const {
        std::string out = " (last seen:";
        for (const auto& c : conns_) {
            if (!c || !c->latest()) {
                out += " -;";
                continue;
            }
            out += " " + c->welcome().node() + " v" + std::to_string(c->latest()->hand_version() & 0xffffffffULL) +
                   " " + v1::TableState_Name(c->latest()->state()) + ";";
        }
        return out + ")";
    }

    // Without a close handshake, which a paused node would make last a second.
    static void drop(std::unique_ptr<connection>& c) {
        if (c) c->abort();
        c.reset();
    }
    void break_all() {
        for (auto& c : conns_) drop(c);
    }

    // Every receiver sees the match end (the oracle wants each to see each hole's end), its seat taken back if
    // need be.
    void see_the_end(match_history& h) {
        const auto finished = [](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; };
        for (std::size_t r = 0; r < conns_.size(); ++r) {
            for (int attempt = 0; attempt < 2; ++attempt) {
                try {
                    if (!conns_[r] && !reclaim(static_cast<int>(r), h)) break;
                    conns_[r]->wait_until(finished, seat_wait);
                    break;
                } catch (const client::error&) {
                    drop(conns_[r]);
                }
            }
        }
    }

    // True when the match ended (h.final_card), false when the driver gave up (h.gave_up says why).
    bool play(match_history& h) {
        bots_.clear();
        for (int s = 0; s < h.players; ++s) bots_.push_back(make_bot((index_ + s) % 2 == 0 ? "random" : "heuristic"));
        const auto deadline = std::chrono::steady_clock::now() + match_limit;
        last_frame_ = now_ms();
        while (!owner_.abort_) {
            if (std::chrono::steady_clock::now() > deadline) {
                h.gave_up = "the match did not end within 5 minutes" + seen();
                return false;
            }
            if (!pump(h)) return false;
            const v1::TableUpdate* latest = conns_[0]->latest() ? &*conns_[0]->latest() : nullptr;
            if (latest && latest->state() == v1::TABLE_STATE_FINISHED) {
                h.final_card = latest->scorecard();
                return true;
            }
            read_reviews();
            int mover = -1;
            for (int s = 0; s < h.players && mover < 0; ++s)
                if (conns_[static_cast<std::size_t>(s)]->latest() &&
                    client::owes_move(*conns_[static_cast<std::size_t>(s)]->latest()))
                    mover = s;
            if (mover < 0) {
                if (now_ms() - last_frame_ > std::chrono::duration<double, std::milli>(silence).count()) {
                    count(&client_tally::silences);
                    break_all();
                    last_frame_ = now_ms();
                } else {
                    std::this_thread::sleep_for(5ms);
                }
                continue;
            }
            std::this_thread::sleep_for(owner_.settings_.think);
            act(mover, h);
        }
        h.gave_up = "stopped at the end of the run" + seen();
        return false;
    }

    void act(int s, match_history& h);

    // Between holes, every seat still reading the review sends Next hole, once for each update that says so.
    void read_reviews() {
        for (std::size_t s = 0; s < pressed_at_.size() && s < conns_.size(); ++s) {
            if (!conns_[s]) continue;
            const auto& u = conns_[s]->latest();
            if (!u || u->state() != v1::TABLE_STATE_BETWEEN_HOLES || !u->has_next_hole() ||
                pressed_at_[s] == u->hand_version())
                continue;
            const auto& waiting = u->next_hole().waiting();
            if (std::find(waiting.begin(), waiting.end(), static_cast<std::uint32_t>(s)) == waiting.end()) continue;
            pressed_at_[s] = u->hand_version();
            v1::ClientMessage m;
            m.mutable_next_hole();
            conns_[s]->send(m);  // its answer is read with the other frames; a refusal means it was dealt already
        }
    }

    players& owner_;
    int index_;
    random_source random_;
    std::vector<std::unique_ptr<bot>> bots_;
    std::vector<std::unique_ptr<connection>> conns_;  // the seats, then the spectator
    std::vector<std::string> tokens_;
    std::vector<std::uint64_t> pressed_at_;  // per seat: the hand_version of the review it last sent Next hole for
    wall_ms last_frame_ = 0;
};

// One move from the seat's own view, sent with its hand_version and recorded by how it was answered.
void table_driver::act(int s, match_history& h) {
    connection& c = *conns_[static_cast<std::size_t>(s)];
    const v1::TableUpdate& u = *c.latest();
    const auto view = wire::to_hand_view(u.hand());
    if (!view) {
        h.problems.push_back("seat " + std::to_string(s) + " received a HandView it cannot read");
        break_all();
        return;
    }
    action chosen = bots_[static_cast<std::size_t>(s)]->choose(*h.rules, *view, random_);
    if (chosen.kind == action_kind::claim)  // claims are made only when owed moves are not waiting: none here
        for (const action& a : view->legal)
            if (a.kind != action_kind::claim) {
                chosen = a;
                break;
            }
    const std::uint64_t before = u.hand_version();
    const int hole = static_cast<int>(u.hand().hole());
    if (h.match_id == 0) h.match_id = before >> 32;
    v1::ClientMessage message;
    *message.mutable_act()->mutable_action() = wire::to_proto(chosen);
    message.mutable_act()->set_hand_version(before);
    const wall_ms sent = now_ms();
    v1::ServerMessage reply;
    try {
        reply = c.request(message, act_wait);
    } catch (const client::error&) {
        h.unknown.push_back({s, hole, chosen, before, sent});
        count(&client_tally::unanswered);
        break_all();  // the table's node is gone, paused or cut off: every seat finds it again
        return;
    }
    if (reply.has_error()) {
        const auto code = reply.error().code();
        if (code == v1::ERROR_CODE_STALE) {
            count(&client_tally::stale);
        } else if (code == v1::ERROR_CODE_UNAVAILABLE) {
            count(&client_tally::unavailable);
            std::this_thread::sleep_for(200ms);
            break_all();
        } else {
            h.problems.push_back("seat " + std::to_string(s) + "'s legal move at version " + std::to_string(before) +
                                 " was refused: " + std::string(client::error_code_name(code)) + ": " +
                                 reply.error().message());
            break_all();
        }
        return;
    }
    acknowledged a{s, hole, chosen, before, 0, c.welcome().node(), sent, now_ms()};
    try {
        a.shown = reply.has_table_update()
                      ? reply.table_update().hand_version()
                      : c.wait_until([before](const v1::TableUpdate& x) { return x.hand_version() > before; }, act_wait)
                            .hand_version();
    } catch (const client::error&) {
        break_all();  // acknowledged, but the update showing it never came: recorded with shown = 0
    }
    h.acks.push_back(a);
    count(&client_tally::acknowledged);
    owner_.progress_[static_cast<std::size_t>(index_)]->store(a.answered);
}

players::players(players_settings settings) : settings_(std::move(settings)) {
    current_.resize(static_cast<std::size_t>(settings_.tables));
    tallies_.resize(static_cast<std::size_t>(settings_.tables) + 1);
    for (int i = 0; i < settings_.tables; ++i) progress_.push_back(std::make_unique<std::atomic<double>>(now_ms()));
    for (int i = 0; i < settings_.tables; ++i) {
        ++running_;
        threads_.emplace_back([this, i] {
            enter_namespace(settings_.ns);
            table_driver(*this, i).run();
            --running_;
        });
    }
    if (!settings_.probe_nodes.empty()) threads_.emplace_back([this] { probe_loop(); });
}

players::~players() { stop(); }

void players::stop() {
    abort_ = true;
    stop_new_ = true;
    for (auto& t : threads_)
        if (t.joinable()) t.join();
}

bool players::finish(std::chrono::seconds limit) {
    stop_new_ = true;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (running_ > 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(50ms);
    return running_ == 0;
}

void players::ended(match_history h) {
    std::lock_guard lock(mutex_);
    if (auto it = probes_.find(h.code); it != probes_.end()) {
        h.probes = std::move(it->second);
        probes_.erase(it);
    }
    ended_.push_back(std::move(h));
}

void players::current(int driver, const std::string& code) {
    std::lock_guard lock(mutex_);
    current_[static_cast<std::size_t>(driver)] = code;
}

std::vector<match_history> players::take_ended() {
    std::lock_guard lock(mutex_);
    return std::exchange(ended_, {});
}

client_tally players::tally() const {
    std::lock_guard lock(mutex_);
    client_tally all;
    for (const auto& t : tallies_) all.add(t);
    return all;
}

bool players::all_moved_since(wall_ms since) const { return idle_since(since).empty(); }

std::string players::idle_since(wall_ms since) const {
    std::string idle;
    for (std::size_t i = 0; i < progress_.size(); ++i)
        if (progress_[i]->load() < since)
            idle += (idle.empty() ? "" : ", ") + std::string("driver ") + std::to_string(i);
    return idle;
}

// Each round, every table in play is joined by a spectator through the next node in turn; the node that seats it
// (the Welcome of the connection the join ended on, after following TABLE_ELSEWHERE) is recorded with the first
// update it sent.
void players::probe_loop() {
    enter_namespace(settings_.ns);
    std::size_t turn = 0;
    while (!stop_new_) {
        std::vector<std::string> codes;
        {
            std::lock_guard lock(mutex_);
            for (const auto& c : current_)
                if (!c.empty()) codes.push_back(c);
        }
        const std::string& via = settings_.probe_nodes[turn++ % settings_.probe_nodes.size()];
        for (const std::string& code : codes) {
            probe p;
            try {
                connection c;
                c.connect(client::with_node(settings_.url, via), "faults-probe", connect_wait);
                p.seated.from = now_ms();
                c.join(code, "probe", true, seat_wait);
                p.seated = {c.welcome().node(), p.seated.from, now_ms(), "probe via " + via};
                p.first = c.wait_until([](const v1::TableUpdate&) { return true; }, 1s);
                c.close(500ms);
            } catch (const client::error&) {
                if (p.seated.node.empty()) continue;  // not seated: nothing to judge
            }
            std::lock_guard lock(mutex_);
            ++tallies_.back().probes;
            probes_[code].push_back(std::move(p));
        }
        const auto until = std::chrono::steady_clock::now() + settings_.probe_every;
        while (!stop_new_ && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(20ms);
    }
}

}  // namespace golf::faults
