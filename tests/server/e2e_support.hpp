// Shared by the end-to-end tests that play over real sockets with golf_client (match, secrets, reconnect): an
// in-process golf-server on 127.0.0.1 with no pauses, and `step`, which makes one move for whichever seat has one,
// chosen by a bot from that seat's own HandView. Every wait is bounded.
#pragma once

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"
#include "server/config.hpp"
#include "server/server.hpp"
#include "tests/server/net_test_support.hpp"

namespace golf::server::e2e {

using namespace std::chrono_literals;

// golf-server in this process on an ephemeral port, with no pauses, run on its own thread. A seat whose connection
// drops is held for `seat_grace` before a server bot stands in. The database is in a fresh temporary directory,
// or at `db_path` when given (a restart test opens the same file twice). Server bots move at once unless
// `bot_delay` says otherwise.
class running_server {
public:
    explicit running_server(std::chrono::seconds seat_grace = 1s, std::string db_path = {},
                            std::chrono::milliseconds bot_delay = 0ms)
        : db_path_(db_path.empty() ? (dir_.path() / "golf.db").string() : std::move(db_path)),
          server_(test_config(seat_grace, db_path_, bot_delay)) {}

    // Graceful stop; returns once the server's threads have finished (the database is closed with the object).
    void stop() { server_.stop(); }
    std::string url() const { return "ws://127.0.0.1:" + std::to_string(server_.port()) + "/ws"; }
    std::uint16_t port() const { return server_.port(); }
    const std::string& db_path() const { return db_path_; }

private:
    static server_config test_config(std::chrono::seconds seat_grace, std::string db_path,
                                     std::chrono::milliseconds bot_delay) {
        spdlog::set_level(spdlog::level::warn);
        server_config config;
        config.host = "127.0.0.1";
        config.port = 0;
        config.threads = 2;
        config.bot_delay = bot_delay;
        config.between_holes = 0ms;
        config.seat_grace = seat_grace;
        config.db = std::move(db_path);
        return config;
    }

    testing::temp_dir dir_;  // first: the server's database lives in it
    std::string db_path_;
    testing::running_server server_;  // the server on its own thread, stopped with the object
};

// Reads everything already received, so latest() is as new as it can be without waiting.
inline void drain(client::connection& c) {
    while (c.next(0ms)) {}
}

// Which bot plays a seat: one bot for every seat, or bots[seat]. Converts implicitly so `step` takes either.
class seat_bots {
public:
    seat_bots(golf::bot& shared) : shared_(&shared) {}
    seat_bots(const std::vector<std::unique_ptr<golf::bot>>& per_seat) : per_seat_(&per_seat) {}

    golf::bot& operator()(int seat) const { return shared_ ? *shared_ : *(*per_seat_)[static_cast<std::size_t>(seat)]; }

private:
    golf::bot* shared_ = nullptr;
    const std::vector<std::unique_ptr<golf::bot>>* per_seat_ = nullptr;
};

// One move by whichever of `players` has something to do, chosen by that seat's bot from its own view: the move
// the server accepted, or nullopt when nobody moved (the match is over, or nobody had a move within `wait`). A
// move's answer is awaited for `answer_wait` (a database failing over holds a durable move's for seconds).
inline std::optional<logged_action> step(const std::vector<client::connection*>& players, const ruleset& rules,
                                         const seat_bots& bot_for, random_source& random,
                                         std::chrono::milliseconds wait = 5000ms,
                                         client::duration answer_wait = client::default_timeout) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < deadline) {
        for (client::connection* c : players) drain(*c);
        for (client::connection* c : players)
            if (c->latest() && c->latest()->state() == v1::TABLE_STATE_FINISHED) return std::nullopt;  // no more moves
        for (client::connection* c : players) {
            if (!c->latest() || !client::my_move(*c->latest())) continue;
            const auto view = wire::to_hand_view(c->latest()->hand());
            if (!view) {
                ADD_FAILURE() << "seat " << c->seat() << " received a HandView it cannot read";
                return std::nullopt;
            }
            EXPECT_EQ(view->viewer, c->seat());
            // Claims are never owed (they race inside the server's window; tests of claims make them on purpose).
            const auto owed = std::find_if(view->legal.begin(), view->legal.end(),
                                           [](action a) { return a.kind != action_kind::claim; });
            if (owed == view->legal.end()) continue;
            action chosen = bot_for(c->seat()).choose(rules, *view, random);
            if (chosen.kind == action_kind::claim) chosen = *owed;
            const v1::ServerMessage reply = c->act(chosen, answer_wait);
            if (!reply.has_error()) return logged_action{static_cast<std::uint8_t>(c->seat()), chosen};
            if (reply.error().code() == v1::ERROR_CODE_STALE) break;  // another update is on its way
            ADD_FAILURE() << "seat " << c->seat() << "'s legal move was refused: " << reply.error().message();
            return std::nullopt;
        }
        for (client::connection* c : players) c->next(2ms);
    }
    return std::nullopt;
}

inline bool everyone_seated(const v1::TableUpdate& u) {
    return std::all_of(u.seats().begin(), u.seats().end(), [](const v1::SeatInfo& s) { return s.occupied(); });
}

// Two people, Ann and Bob, at a table of `preset` with `holes` holes, the match started.
struct two_players {
    std::vector<std::unique_ptr<client::connection>> seats;
    golf::ruleset rules;
    std::unique_ptr<golf::bot> bot = golf::make_bot("heuristic");
    golf::random_source random{11};
    std::string code;
    std::vector<std::string> tokens;

    // `house`: house rules on top of the preset (its hole count is set to `holes`); `review_s`: the table's own
    // wait between holes (0: the server's).
    two_players(const std::string& url, const std::string& preset, int holes, v1::Ruleset house = {},
                std::uint32_t review_s = 0) {
        for (int s = 0; s < 2; ++s) {
            seats.push_back(std::make_unique<client::connection>());
            seats.back()->connect(url, "persistence_test");
        }
        house.set_holes(holes);
        v1::CreateTable create;
        create.set_player_name("Ann");
        create.set_preset(preset);
        create.set_seats(2);
        *create.mutable_house_rules() = house;
        create.set_between_holes_seconds(review_s);
        const v1::TableJoined created = seats[0]->create_table(create);
        seats[1]->join(created.code(), "Bob");
        code = created.code();
        rules = golf::wire::to_ruleset(created.rules()).value();
        tokens = {seats[0]->token(), seats[1]->token()};
        for (auto& c : seats) c->wait_until(everyone_seated);  // so every seat has a latest update from here on
        seats[0]->start_match();
    }

    std::vector<client::connection*> players() const { return {seats[0].get(), seats[1].get()}; }

    // One move by whoever has one; fails the test if nobody could move.
    golf::logged_action move() {
        const auto moved = step(players(), rules, *bot, random);
        EXPECT_TRUE(moved) << "nobody could move";
        return moved.value_or(golf::logged_action{});
    }

    // Plays until the scorecard shows `holes` finished holes and `extra` more moves have been made in the next.
    // Returns the moves made since that hole's deal.
    // Once any seat has seen the hole end, nobody moves until seat 0 sees the next deal, so every move of the new
    // hole is in the list.
    std::vector<golf::logged_action> play_into_hole(int finished_holes, int extra) {
        std::vector<golf::logged_action> since_deal;
        for (int m = 0; m < 20000; ++m) {
            for (auto& c : seats) drain(*c);
            const bool hole_over = std::any_of(seats.begin(), seats.end(), [&](const auto& c) {
                return c->latest() && c->latest()->scorecard().holes_size() >= finished_holes;
            });
            if (!hole_over) {
                if (!step(players(), rules, *bot, random)) break;
                continue;
            }
            const auto& u = *seats[0]->latest();
            if (!(u.has_hand() && u.state() == v1::TABLE_STATE_PLAYING &&
                  static_cast<int>(u.hand().hole()) == finished_holes + 1)) {
                seats[0]->next(20ms);
                continue;
            }
            if (static_cast<int>(since_deal.size()) >= extra) break;
            since_deal.push_back(move());
        }
        EXPECT_EQ(static_cast<int>(since_deal.size()), extra) << "the table never reached hole " << finished_holes + 1;
        return since_deal;
    }

    // Waits until every seat has seen the newest update any of them has (the mover sees its move first).
    void catch_up() {
        std::uint64_t newest = 0;
        for (auto& c : seats) {
            drain(*c);
            if (c->latest()) newest = std::max<std::uint64_t>(newest, c->latest()->hand_version());
        }
        for (auto& c : seats) c->wait_until([newest](const v1::TableUpdate& u) { return u.hand_version() >= newest; });
    }

    void play_to_the_end() {
        for (int m = 0; m < 20000 && step(players(), rules, *bot, random); ++m) {}
        for (auto& c : seats)
            c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; });
    }
};

}  // namespace golf::server::e2e
