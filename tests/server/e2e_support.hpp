// Shared by the end-to-end tests that play over real sockets with golf_client (match, secrets, reconnect): an
// in-process golf-server on 127.0.0.1 with no pauses, and `step`, which makes one move for whichever seat has one,
// chosen by a bot from that seat's own HandView. Every wait is bounded.
#pragma once

#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "proto/convert.hpp"
#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/random.hpp"
#include "server/config.hpp"
#include "server/server.hpp"

namespace golf::server::e2e {

using namespace std::chrono_literals;

// golf-server in this process on an ephemeral port, with no pauses, run on its own thread. A seat whose connection
// drops is held for `seat_grace` before a server bot stands in.
class running_server {
public:
    explicit running_server(std::chrono::seconds seat_grace = 1s) : server_(test_config(seat_grace)) {
        port_ = server_.start();
        thread_ = std::thread([this] { server_.run(); });
    }
    ~running_server() {
        server_.stop();
        thread_.join();
    }
    running_server(const running_server&) = delete;
    running_server& operator=(const running_server&) = delete;

    std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/ws"; }

private:
    static server_config test_config(std::chrono::seconds seat_grace) {
        spdlog::set_level(spdlog::level::warn);
        server_config config;
        config.host = "127.0.0.1";
        config.port = 0;
        config.threads = 2;
        config.bot_delay = 0ms;
        config.between_holes = 0ms;
        config.seat_grace = seat_grace;
        return config;
    }

    server server_;
    std::uint16_t port_ = 0;
    std::thread thread_;
};

// Reads everything already received, so latest() is as new as it can be without waiting.
inline void drain(client::connection& c) {
    while (c.next(0ms)) {
    }
}

// Which bot plays a seat: one bot for every seat, or bots[seat]. Converts implicitly so `step` takes either.
class seat_bots {
public:
    seat_bots(golf::bot& shared) : shared_(&shared) {}
    seat_bots(const std::vector<std::unique_ptr<golf::bot>>& per_seat) : per_seat_(&per_seat) {}

    golf::bot& operator()(int seat) const {
        return shared_ ? *shared_ : *(*per_seat_)[static_cast<std::size_t>(seat)];
    }

private:
    golf::bot* shared_ = nullptr;
    const std::vector<std::unique_ptr<golf::bot>>* per_seat_ = nullptr;
};

// One move by whichever of `players` has something to do, chosen by that seat's bot from its own view: the move
// the server accepted, or nullopt when nobody moved (the match is over, or nobody had a move within `wait`).
inline std::optional<logged_action> step(const std::vector<client::connection*>& players, const ruleset& rules,
                                         const seat_bots& bot_for, random_source& random,
                                         std::chrono::milliseconds wait = 5000ms) {
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
            const action chosen = bot_for(c->seat()).choose(rules, *view, random);
            const v1::ServerMessage reply = c->act(chosen);
            if (!reply.has_error()) return logged_action{static_cast<std::uint8_t>(c->seat()), chosen};
            if (reply.error().code() == v1::ERROR_CODE_STALE) break;  // another update is on its way
            ADD_FAILURE() << "seat " << c->seat() << "'s legal move was refused: " << reply.error().message();
            return std::nullopt;
        }
        for (client::connection* c : players) c->next(2ms);
    }
    return std::nullopt;
}

}  // namespace golf::server::e2e
