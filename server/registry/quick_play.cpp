#include "server/registry/quick_play.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <ctime>

#include "engine/presets.hpp"
#include "server/accounts/accounts.hpp"
#include "server/frames.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

namespace {

// Told again at least this often while the window widens, so a waiting screen's numbers move.
constexpr auto retell = std::chrono::seconds(1);

std::optional<std::string> check(const v1::QuickPlay& request) {
    const preset* p = find_preset(request.preset());
    if (!p) return "there is no preset called '" + request.preset() + "'";
    if (request.seats() < 2 || request.seats() > static_cast<std::uint32_t>(p->rules.max_players))
        return "seats must be between 2 and " + std::to_string(p->rules.max_players);
    if (auto problem = validate_for_players(p->rules, static_cast<int>(request.seats()))) return *problem;
    const std::uint32_t bots = request.bots_after_seconds();
    if (bots != 0 && (bots < quick_play::min_bots_after_s || bots > quick_play::max_bots_after_s))
        return "bots_after_seconds is 0 (never) or " + std::to_string(quick_play::min_bots_after_s) + " to " +
               std::to_string(quick_play::max_bots_after_s);
    return std::nullopt;
}

}  // namespace

quick_play::quick_play(boost::asio::io_context& io, std::weak_ptr<registry> tables, std::shared_ptr<accounts> service)
    : strand_(boost::asio::make_strand(io)),
      timer_(strand_),
      tables_(std::move(tables)),
      accounts_(std::move(service)) {}

void quick_play::join(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    const v1::QuickPlay& request = message.quick_play();
    const std::uint32_t rid = message.request_id();
    if (auto problem = check(request)) return link->send(error_frame(rid, v1::ERROR_CODE_BAD_REQUEST, *problem));
    if (link->current_table())
        return link->send(error_frame(rid, v1::ERROR_CODE_ALREADY_AT_TABLE, "leave your table first"));
    queue_key key{request.preset(), static_cast<int>(request.seats())};
    std::optional<clock::duration> bots;
    if (request.bots_after_seconds() != 0) bots = std::chrono::seconds(request.bots_after_seconds());
    const link_identity who = link->identity();
    auto go = [self = shared_from_this(), link, key, name = request.player_name(), account = who.account, bots,
               rid](accounts::quick_play_standing standing) {
        if (standing.leaver.wait_until != 0) {  // left matches with strangers early: the queue waits for them
            v1::ServerMessage out = error_message(v1::ERROR_CODE_RATE_LIMITED, standing.leaver.notice);
            const auto now = static_cast<std::int64_t>(std::time(nullptr));
            out.mutable_error()->set_retry_after_ms(static_cast<std::uint32_t>(
                std::clamp<std::int64_t>(standing.leaver.wait_until - now, 1, 86400) * 1000));
            out.set_request_id(rid);
            return link->send(encode(out));
        }
        boost::asio::post(self->strand_, [self, link, key, name, account, standing = std::move(standing), bots, rid] {
            self->enqueue(link, key, name, account, standing.rating, bots, rid, standing.leaver.notice);
        });
    };
    if (!accounts_) return go({});
    accounts_->standing_for_quick_play(link, request.preset(), std::move(go));
}

void quick_play::enqueue(const std::shared_ptr<client_link>& link, queue_key key, std::string name,
                         std::int64_t account, double rating, std::optional<clock::duration> bots_after,
                         std::uint32_t rid, std::string notice) {
    if (stopped_) return link->send(error_frame(rid, v1::ERROR_CODE_SHUTTING_DOWN, "the server is shutting down"));
    const auto now = clock::now();
    auto [found, fresh] = ids_.try_emplace(link.get(), next_id_);
    if (fresh) ++next_id_;
    const std::uint64_t id = found->second;
    quick_play_queue::entry e{id, rating, now, bots_after};
    if (!queue_.join(key, e)) {
        if (fresh) ids_.erase(found);
        return link->send(error_frame(rid, v1::ERROR_CODE_SERVER_FULL, "too many people are waiting; try later"));
    }
    waiters_[id] = waiter{link, std::move(name), account, key, e, 0, {}, std::move(notice)};
    spdlog::info("session {}: waiting for quick play ({}, {} seats)", link->session_id(), key.preset, key.seats);
    v1::ServerMessage ok;
    ok.set_request_id(rid);
    ok.mutable_ok();
    link->send(encode(ok));
    tell(waiters_[id], now);
    arm();
}

void quick_play::leave(const std::shared_ptr<client_link>& link, std::uint32_t rid, bool answer) {
    boost::asio::post(strand_, [self = shared_from_this(), link, rid, answer] {
        if (const auto found = self->ids_.find(link.get()); found != self->ids_.end()) {
            self->queue_.leave(found->second);
            self->waiters_.erase(found->second);
            self->ids_.erase(found);
        }
        if (!answer) return;
        v1::ServerMessage ok;
        ok.set_request_id(rid);
        ok.mutable_ok();
        link->send(encode(ok));
    });
}

void quick_play::stop() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->stopped_ = true;
        self->timer_.cancel();
        self->waiters_.clear();
        self->ids_.clear();
    });
}

void quick_play::arm() {
    if (armed_ || stopped_ || queue_.size() == 0) return;
    armed_ = true;
    timer_.expires_after(tick);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code error) {
        self->armed_ = false;
        if (!error) self->on_tick();
    });
}

void quick_play::on_tick() {
    if (stopped_) return;
    const auto now = clock::now();
    for (const auto& group : queue_.match(now)) seat(group);
    for (auto& [id, w] : waiters_) tell(w, now);
    arm();
}

void quick_play::tell(waiter& w, clock::time_point now) {
    const auto status = queue_.status(w.entry.id, now);
    auto link = w.link.lock();
    if (!status || !link) return;
    if (status->waiting == w.told_waiting && now - w.told_at < retell) return;
    w.told_waiting = status->waiting;
    w.told_at = now;
    v1::ServerMessage out;
    v1::QueueUpdate& u = *out.mutable_queue();
    u.set_preset(w.key.preset);
    u.set_seats(static_cast<std::uint32_t>(w.key.seats));
    u.set_waiting(static_cast<std::uint32_t>(status->waiting));
    u.set_waited_ms(
        static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::milliseconds>(status->waited).count()));
    u.set_window(status->window);
    u.set_notice(w.notice);
    if (status->bots_in)
        u.set_bots_in_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(
            1, std::chrono::duration_cast<std::chrono::milliseconds>(*status->bots_in).count())));
    link->send(encode(out));
}

void quick_play::seat(const quick_play_queue::seating& group) {
    std::vector<table::quick_seat> people;
    std::vector<waiter> gone;
    for (const std::uint64_t id : group.players) {
        auto found = waiters_.find(id);
        if (found == waiters_.end()) continue;
        waiter w = std::move(found->second);
        waiters_.erase(found);
        auto link = w.link.lock();
        if (link) ids_.erase(link.get());
        // Gone, sat down elsewhere, or signed in or out meanwhile (its name no longer its own): the others wait on,
        // keeping their place.
        if (!link || link->current_table() || link->identity().account != w.account) continue;
        people.push_back({link, w.name});
        gone.push_back(std::move(w));
    }
    const int missing = static_cast<int>(group.players.size()) - static_cast<int>(people.size());
    auto reg = tables_.lock();
    if (people.empty() || missing > 0 || !reg) return put_back(gone);
    auto t = reg->open_quick_table(group.key.preset, group.key.seats);
    if (!t) return put_back(gone);
    for (const auto& p : people) p.link->set_table(t);
    spdlog::info("quick play: table {} for {} people and {} bots ({})", t->code(), people.size(), group.bots,
                 group.key.preset);
    // A table the database could not take is not made: its people wait on in their places.
    auto unmade = [self = shared_from_this(), gone = std::make_shared<std::vector<waiter>>(std::move(gone))] {
        boost::asio::post(self->strand_, [self, gone] { self->put_back(*gone); });
    };
    boost::asio::post(t->strand(), [t, people = std::move(people), unmade] { t->seat_quick(people, unmade); });
}

void quick_play::put_back(std::vector<waiter>& gone) {
    if (stopped_) return;
    for (waiter& w : gone)
        if (auto link = w.link.lock(); link && !link->current_table()) {
            ids_[link.get()] = w.entry.id;
            queue_.join(w.key, w.entry);
            waiters_[w.entry.id] = std::move(w);
        }
    arm();
}

}  // namespace golf::server
