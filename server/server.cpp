#include "server/server.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <csignal>
#include <spdlog/spdlog.h>
#include <stdexcept>
#include <thread>
#include <vector>

#include "persistence/open_store.hpp"
#include "server/accounts/accounts.hpp"
#include "server/cluster/cluster.hpp"
#include "server/net/io_threads.hpp"
#include "server/net/listener.hpp"
#include "server/net/shared_state.hpp"
#include "server/registry/history.hpp"
#include "server/registry/registry.hpp"
#include "server/tournaments/tournament_director.hpp"

namespace golf::server {

namespace net = boost::asio;

namespace {

// How soon a single node's tables hear of an announcement or a ban (the cluster's round does it for several).
constexpr std::chrono::milliseconds moderation_round{500};

}  // namespace

server::server(server_config config)
    : state_(std::make_shared<shared_state>(std::move(config))),
      io_(std::max(1, state_->config().threads)),
      drain_deadline_(io_),
      idle_sweep_(io_) {
    // Opening the database first: a locked, read-only, corrupt or newer one stops the start with its reason.
    persistence::store_settings settings;
    settings.db = state_->config().db;
    settings.synchronous_full = state_->config().db_synchronous_full;
    settings.progress_delay = state_->config().db_move_delay;
    settings.connect_retry_for = state_->config().db_connect_retry;
    settings.node = state_->config().node;
    settings.node_timeout = state_->config().node_timeout;
    auto store = persistence::open_store(settings);
    auto past = std::make_shared<history>(store);
    state_->set_persistence(store, past);
    state_->set_games(std::make_shared<registry>(io_, state_->config(), state_->counters(), store, past));
    accounts_ = std::make_shared<accounts>(store);
    state_->games()->set_accounts(accounts_);
    if (store->nodes()) {
        cluster_ = std::make_shared<cluster>(store, state_->games(), state_->config().node_timeout,
                                             state_->config().seat_grace);
        state_->games()->set_router(cluster_);
    }
    // With several nodes the cluster names the node that directs each tournament, as it does quick play's queues.
    std::function<bool(std::int64_t)> directs = [](std::int64_t) { return true; };
    if (cluster_)
        directs = [nodes = std::weak_ptr(cluster_)](std::int64_t id) {
            const auto c = nodes.lock();
            return c && c->quick_play_node("tournament/" + std::to_string(id)).empty();  // "": this node's
        };
    tournaments_ = std::make_shared<tournament_director>(state_->games(), store, accounts_, std::move(directs));
    state_->games()->set_tournaments(tournaments_);
}

server::~server() {
    state_->cancel_when_empty();
    state_->set_accepting(false);
    if (cluster_) {
        cluster_->stop();  // no more take-overs while the tables close
        // The registry holds the cluster as its router and the cluster holds the registry: let go of one side.
        if (const auto& games = state_->games()) games->set_router(nullptr);
    }
    // Tournament and account answers in progress finish first: none may hold the registry when it goes.
    if (tournaments_) tournaments_->stop();
    if (accounts_) accounts_->stop();
    // So do the bots' decisions being thought about (the queued ones are dropped: their tables have closed).
    if (const auto& games = state_->games()) games->stop_thinking();
    // The registry's tables own timers on io_, so they go while io_ still exists.
    state_->set_games(nullptr);
    // Every record the tables made is queued by now: write it all before the store closes.
    if (const auto& store = state_->store()) {
        const auto pending = store->health().pending;
        if (pending > 0) spdlog::info("writing {} records to the database before stopping", pending);
        if (!store->flush(std::chrono::seconds(30)))
            spdlog::error("the database did not take every record within 30 s: {}", store->health().last_error);
    }
    // After the flush, so the node that takes a table over reads every move made here.
    if (cluster_) cluster_->release();
    cluster_.reset();  // the registry it holds goes now, while io_ exists
    state_->set_persistence(nullptr, nullptr);
}

const server_config& server::config() const { return state_->config(); }
metrics& server::counters() { return state_->counters(); }
std::size_t server::open_connections() const { return state_->open_connections(); }

std::uint16_t server::start() {
    if (listener_) throw std::logic_error("server::start called twice");
    if (cluster_) {
        const int restored = cluster_->start();  // the orphaned tables only: the others are played elsewhere
        spdlog::info("node {} joined: restored {} unfinished matches", cluster_->node(), restored);
    } else if (const auto& store = state_->store()) {
        const int restored = state_->games()->restore(store->unfinished_matches());
        if (restored > 0)
            spdlog::info("restored {} unfinished matches from {}", restored,
                         persistence::printable_db(state_->config().db));
        // From now on, what moderators do here or from the command line reaches this node's tables.
        try {
            state_->games()->relay_moderation();
        } catch (const std::exception& e) {
            spdlog::warn("the moderation log cannot be read yet ({}); the first round will", e.what());
        }
        accounts_->every(moderation_round, [games = std::weak_ptr(state_->games())] {
            if (const auto g = games.lock()) g->relay_moderation();
        });
    }
    tournaments_->start();  // after the restore: a round's tables are back before their results are read
    const std::string& host = state_->config().host;
    boost::system::error_code error;
    const net::ip::address address = net::ip::make_address(host == "localhost" ? "127.0.0.1" : host, error);
    if (error) throw std::runtime_error("cannot listen on '" + host + "': not an IP address");
    listener_ = std::make_shared<listener>(io_, net::ip::tcp::endpoint(address, state_->config().port), state_);
    port_ = listener_->port();
    state_->set_accepting(true);
    listener_->run();
    sweep_idle();
    return port_;
}

void server::sweep_idle() {
    const auto quarter = std::chrono::milliseconds(state_->config().idle_timeout) / 4;
    const auto period = std::max(quarter, std::chrono::milliseconds(100));
    idle_sweep_.expires_after(period);
    // Not cancelled by shut_down(), which may run on the other thread (a timer is not thread-safe): the next round
    // sees stopping_ instead, and a pending wait does not hold up io_.stop().
    idle_sweep_.async_wait([this](boost::system::error_code error) {
        if (error || stopping_) return;
        state_->check_idle_all();
        sweep_idle();
    });
}

void server::run() {
    io_threads threads(io_, state_->config().threads,
                       [this](int running) { state_->counters().io_threads_running.store(running); });
    threads.run([this] { run_io(); });
}

void server::run_io() {
    for (;;) {
        try {
            io_.run();
            return;
        } catch (const std::exception& e) {
            // A handler that throws must not take the whole server down with it.
            spdlog::error("uncaught exception in an I/O handler: {}", e.what());
        }
    }
}

void server::stop() {
    if (stopping_.exchange(true)) return;
    net::post(io_, [this] { shut_down(); });
}

void server::stop_on_signals() {
    signals_.emplace(io_, SIGINT, SIGTERM);
    signals_->async_wait([this](boost::system::error_code error, int signal) {
        if (error) return;
        spdlog::info("received {}: stopping", signal == SIGINT ? "SIGINT" : "SIGTERM");
        stop();
    });
}

void server::shut_down() {
    spdlog::info("shutting down: {} connections open", state_->open_connections());
    state_->set_accepting(false);
    if (listener_) listener_->stop();
    if (signals_) {
        signals_->cancel();
        signals_->async_wait([this](boost::system::error_code error, int) {
            if (error) return;
            spdlog::warn("second signal: stopping without waiting for connections");
            io_.stop();
        });
    }
    if (const auto& games = state_->games()) games->shutdown();
    state_->shut_down_all();
    drain_deadline_.expires_after(drain_time);
    drain_deadline_.async_wait([this](boost::system::error_code error) {
        if (error) return;
        spdlog::warn("{} connections still open after {} s: closing them", state_->open_connections(),
                     drain_time.count());
        io_.stop();
    });
    // Every connection has been told and closed: nothing left to wait for. The records the tables made are all
    // in the store's queue already; the destructor waits for the writer.
    state_->when_empty([this] {
        spdlog::info("all connections closed");
        io_.stop();
    });
}

}  // namespace golf::server
