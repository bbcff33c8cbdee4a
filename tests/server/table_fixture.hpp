// The game side in-process, for the table tests: the registry and its tables on an io_context (two threads),
// driven through recording client_links that keep every ServerMessage a table sends.
#pragma once

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/hand.hpp"
#include "proto/convert.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server::table_tests {

using namespace std::chrono_literals;
using google::protobuf::util::MessageDifferencer;

inline constexpr auto wait_limit = 30s;  // only a bound for a broken build; never reached when things work

// ---- a recording client ----------------------------------------------------------------------------------------

// Every recorder of a test shares one hub, so the test can wait for "anything new from anyone".
struct hub {
    std::mutex mutex;
    std::condition_variable changed;
    std::uint64_t events = 0;
};

class recorder final : public client_link {
public:
    recorder(std::shared_ptr<hub> h, std::string id) : hub_(std::move(h)), id_(std::move(id)) {}

    void send(std::shared_ptr<const std::string> frame) override {
        v1::ServerMessage message;
        const bool ok = message.ParseFromString(*frame);
        std::lock_guard lock(hub_->mutex);
        if (!ok) ++undecodable_;
        messages_.push_back(std::move(message));
        ++hub_->events;
        hub_->changed.notify_all();
    }
    void close(std::string_view reason) override {
        std::lock_guard lock(hub_->mutex);
        closed_ = std::string(reason);
        ++hub_->events;
        hub_->changed.notify_all();
    }
    const std::string& session_id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }

    std::vector<v1::ServerMessage> messages() const {
        std::lock_guard lock(hub_->mutex);
        return messages_;
    }
    int undecodable() const {
        std::lock_guard lock(hub_->mutex);
        return undecodable_;
    }
    std::optional<std::string> closed() const {
        std::lock_guard lock(hub_->mutex);
        return closed_;
    }
    bool wait_closed() {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return closed_.has_value(); });
    }
    // Waits (bounded) until `pred` holds for the messages so far.
    bool wait_for(const std::function<bool(const std::vector<v1::ServerMessage>&)>& pred) {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return pred(messages_); });
    }
    std::optional<v1::ServerMessage> reply_to(std::uint32_t rid) {
        std::optional<v1::ServerMessage> found;
        wait_for([&](const auto& messages) {
            for (const auto& m : messages)
                if (m.request_id() == rid) {
                    found = m;
                    return true;
                }
            return false;
        });
        return found;
    }
    std::vector<v1::TableUpdate> updates() const {
        std::vector<v1::TableUpdate> out;
        for (const auto& m : messages())
            if (m.has_table_update()) out.push_back(m.table_update());
        return out;
    }
    std::optional<v1::TableUpdate> last_update() const {
        std::lock_guard lock(hub_->mutex);
        for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
            if (it->has_table_update()) return it->table_update();
        return std::nullopt;
    }
    // Waits for a TableUpdate that satisfies `pred` (looking at every update, oldest first).
    std::optional<v1::TableUpdate> wait_update(const std::function<bool(const v1::TableUpdate&)>& pred) {
        std::optional<v1::TableUpdate> found;
        wait_for([&](const auto& messages) {
            for (const auto& m : messages)
                if (m.has_table_update() && pred(m.table_update())) {
                    found = m.table_update();
                    return true;
                }
            return false;
        });
        return found;
    }

private:
    std::shared_ptr<hub> hub_;
    std::string id_;
    std::string address_ = "127.0.0.1";
    std::vector<v1::ServerMessage> messages_;
    int undecodable_ = 0;
    std::optional<std::string> closed_;
};

using link_ptr = std::shared_ptr<recorder>;

// ---- messages --------------------------------------------------------------------------------------------------

inline v1::ClientMessage create(const std::string& name, const std::string& preset, std::uint32_t seats,
                                bool is_public = true, const std::string& password = "", std::uint32_t clock = 0) {
    v1::ClientMessage m;
    auto& c = *m.mutable_create_table();
    c.set_player_name(name);
    c.set_preset(preset);
    c.set_seats(seats);
    c.set_public_(is_public);
    c.set_password(password);
    c.set_turn_clock_seconds(clock);
    return m;
}

inline v1::ClientMessage join(const std::string& code, const std::string& name, bool spectate = false,
                              std::optional<std::uint32_t> seat = std::nullopt, const std::string& password = "") {
    v1::ClientMessage m;
    auto& j = *m.mutable_join_table();
    j.set_code(code);
    j.set_player_name(name);
    j.set_spectate(spectate);
    j.set_password(password);
    if (seat) j.set_seat(*seat);
    return m;
}

inline v1::ClientMessage act(const v1::Action& a, std::uint64_t version = 0) {
    v1::ClientMessage m;
    *m.mutable_act()->mutable_action() = a;
    m.mutable_act()->set_hand_version(version);
    return m;
}

inline v1::ClientMessage reclaim(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_reclaim_seat()->set_seat_token(token);
    return m;
}

inline v1::ClientMessage add_bot(std::optional<std::uint32_t> seat = std::nullopt,
                                 v1::BotLevel level = v1::BOT_LEVEL_HEURISTIC) {
    v1::ClientMessage m;
    if (seat) m.mutable_add_bot()->set_seat(*seat);
    m.mutable_add_bot()->set_level(level);
    return m;
}

inline v1::ClientMessage chat(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

template <class Setter>
inline v1::ClientMessage simple(Setter set) {
    v1::ClientMessage m;
    set(m);
    return m;
}
inline const auto start_match = [] { return simple([](auto& m) { m.mutable_start_match(); }); };
inline const auto leave = [] { return simple([](auto& m) { m.mutable_leave_table(); }); };
inline const auto rematch = [] { return simple([](auto& m) { m.mutable_rematch(); }); };

// A card may appear in a view only when the receiver may know it: face up, known to everyone, or looked at by
// the receiver; a held card only for the seat holding it or when it came from the discards.
inline void expect_only_known_cards(const v1::TableUpdate& u) {
    if (!u.has_hand()) return;
    const v1::HandView& h = u.hand();
    EXPECT_EQ(h.viewer(), u.your_seat());
    const int players = h.seats_size();
    for (int s = 0; s < players; ++s) {
        for (int p = 0; p < h.seats(s).positions_size(); ++p) {
            const v1::Position& pos = h.seats(s).positions(p);
            if (!pos.has_card()) continue;
            const bool known_to_viewer =
                std::find(pos.known_by().begin(), pos.known_by().end(),
                          static_cast<std::uint32_t>(std::max(h.viewer(), 0))) != pos.known_by().end() &&
                h.viewer() >= 0;
            const bool known_to_all = pos.known_by_size() == players;
            EXPECT_TRUE(pos.face_up() || known_to_viewer || known_to_all)
                << "viewer " << h.viewer() << " sees face-down seat " << s << " position " << p;
        }
    }
    if (h.has_held()) {
        EXPECT_TRUE(h.held_from_discard() || h.viewer() == h.current_seat());
    }
    if (h.viewer() < 0) {
        EXPECT_EQ(h.legal_size(), 0);
    }
}

// ---- the fixture -----------------------------------------------------------------------------------------------

struct snapshot {
    std::uint64_t version = 0;
    v1::TableState state = v1::TABLE_STATE_UNSPECIFIED;
    std::optional<golf::match> game;
    bool closed = false;
};

class TableTest : public ::testing::Test {
protected:
    static server_config quick() {
        server_config c;
        c.bot_delay = 0ms;
        c.between_holes = 0ms;
        return c;
    }

    void start(server_config c = quick()) {
        config_ = c;
        games_ = std::make_shared<registry>(io_, config_, counters_);
        for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_.run(); });
    }

    void TearDown() override {
        if (games_) games_->shutdown();
        work_.reset();
        io_.stop();
        for (auto& t : threads_) t.join();
    }

    link_ptr connect(const std::string& id) { return std::make_shared<recorder>(hub_, id); }

    std::uint32_t send(const link_ptr& link, v1::ClientMessage m) {
        m.set_request_id(++next_rid_);
        games_->handle(link, m, std::chrono::steady_clock::now());
        return m.request_id();
    }

    v1::ServerMessage call(const link_ptr& link, v1::ClientMessage m) {
        const std::uint32_t rid = send(link, std::move(m));
        auto reply = link->reply_to(rid);
        EXPECT_TRUE(reply) << "no reply to request " << rid;
        return reply.value_or(v1::ServerMessage{});
    }

    // The error code of the reply (ERROR_CODE_UNSPECIFIED when it was not an Error).
    v1::ErrorCode error_of(const link_ptr& link, v1::ClientMessage m) {
        const v1::ServerMessage reply = call(link, std::move(m));
        return reply.has_error() ? reply.error().code() : v1::ERROR_CODE_UNSPECIFIED;
    }

    // Creates a table; returns its TableJoined.
    v1::TableJoined open(const link_ptr& link, v1::ClientMessage m) {
        const v1::ServerMessage reply = call(link, std::move(m));
        EXPECT_TRUE(reply.has_table_joined()) << reply.DebugString();
        return reply.table_joined();
    }

    std::shared_ptr<table> table_of(const std::string& code) { return games_->find(code); }

    snapshot inspect(const std::shared_ptr<table>& t) {
        std::promise<snapshot> promise;
        auto future = promise.get_future();
        boost::asio::post(t->strand(), [&] {
            promise.set_value(snapshot{t->hand_version(), t->state(), t->current_match(), t->closed()});
        });
        EXPECT_EQ(future.wait_for(wait_limit), std::future_status::ready);
        return future.get();
    }

    void on_strand(const std::shared_ptr<table>& t, std::function<void()> f) {
        std::promise<void> done;
        boost::asio::post(t->strand(), [&] {
            f();
            done.set_value();
        });
        ASSERT_EQ(done.get_future().wait_for(wait_limit), std::future_status::ready);
    }

    std::uint64_t events() {
        std::lock_guard lock(hub_->mutex);
        return hub_->events;
    }
    bool wait_for_event_after(std::uint64_t seen) {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return hub_->events > seen; });
    }

    // Each recipient's latest update equals its engine view exactly, once every recipient has the table's
    // latest version. Called only when nothing can move (a person's turn, no clock).
    void expect_views_match_engine(const std::shared_ptr<table>& t, const std::vector<link_ptr>& recipients) {
        const snapshot now = inspect(t);
        ASSERT_TRUE(now.game && now.game->current_hand());
        const hand& h = *now.game->current_hand();
        const int hole = static_cast<int>(now.game->holes().size()) + (now.game->hole_in_play() ? 1 : 0);
        for (const auto& r : recipients) {
            std::optional<v1::TableUpdate> u;
            r->wait_for([&](const auto& messages) {
                for (auto it = messages.rbegin(); it != messages.rend(); ++it)
                    if (it->has_table_update()) {
                        u = it->table_update();
                        return u->hand_version() == now.version;
                    }
                return false;
            });
            ASSERT_TRUE(u && u->has_hand());
            const v1::HandView expected = wire::to_proto(h.view_for(u->your_seat()), hole);
            EXPECT_TRUE(MessageDifferencer::Equals(u->hand(), expected)) << "seat " << u->your_seat();
        }
    }

    // A move that brings the end near: fill a face-down position, else flip, else the first legal move.
    static v1::Action pick(const v1::HandView& h) {
        const auto& mine = h.seats(h.viewer());
        for (const auto& a : h.legal())
            if (a.kind() == v1::ACTION_KIND_PLACE && !mine.positions(static_cast<int>(a.position())).face_up())
                return a;
        for (const auto& a : h.legal())
            if (a.kind() == v1::ACTION_KIND_FLIP) return a;
        return h.legal(0);
    }

    // Plays every move the given people are asked for until `done` holds; bots and timers play the rest.
    // `views` (optional) is checked against the engine at each person's turn.
    void play_until(const std::vector<link_ptr>& people, const std::function<bool()>& done,
                    const std::shared_ptr<table>& views = nullptr, const std::vector<link_ptr>& recipients = {}) {
        std::map<const recorder*, std::uint64_t> acted;
        for (int step = 0; step < 100000; ++step) {
            const std::uint64_t seen = events();  // before done(): an update landing in between is not missed
            if (done()) return;
            bool moved = false;
            for (const auto& p : people) {
                const auto u = p->last_update();
                if (!u || !u->has_hand() || u->hand().legal_size() == 0) continue;
                if (u->hand_version() <= acted[p.get()]) continue;
                if (views && u->hand().phase() != v1::PHASE_START) expect_views_match_engine(views, recipients);
                const v1::ServerMessage reply = call(p, act(pick(u->hand()), u->hand_version()));
                acted[p.get()] = u->hand_version();
                // A bot or a clock may move between the update and the move; nothing else may refuse it.
                if (reply.has_error()) {
                    ASSERT_EQ(reply.error().code(), v1::ERROR_CODE_STALE) << reply.DebugString();
                }
                moved = true;
            }
            if (!moved) {
                ASSERT_TRUE(wait_for_event_after(seen)) << "the table stalled";
            }
        }
        FAIL() << "the match did not end";
    }

    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_ = boost::asio::make_work_guard(io_);
    server_config config_;
    metrics counters_;
    std::shared_ptr<registry> games_;
    std::shared_ptr<hub> hub_ = std::make_shared<hub>();
    std::vector<std::thread> threads_;
    std::uint32_t next_rid_ = 0;
};

inline bool finished(const link_ptr& link) {
    const auto u = link->last_update();
    return u && u->state() == v1::TABLE_STATE_FINISHED;
}

}  // namespace golf::server::table_tests
