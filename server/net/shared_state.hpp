// What the listener and every session share (as in Beast's chat-multi example): the settings, the counters, the
// registry, whether the server is accepting, and the live connections. Connections are counted per remote
// address, so one address cannot take more than its share, and can all be closed at shutdown.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "persistence/match_store.hpp"
#include "server/common/metrics.hpp"
#include "server/config.hpp"

namespace golf::server {

class registry;
class history;

// Anything that serves one accepted socket (an HTTP session, then perhaps a WebSocket session).
class connection {
public:
    virtual ~connection() = default;
    // Graceful shutdown: say so to the client if the protocol allows it, then close. Safe from any thread.
    virtual void shut_down() = 0;
    // Pings a connection that has been quiet for half the idle timeout and closes one quiet for all of it; the
    // server calls it on every live connection four times per idle timeout. Safe from any thread. HTTP sessions
    // keep their own timeouts.
    virtual void check_idle() {}
};

class shared_state {
public:
    explicit shared_state(server_config config);
    shared_state(const shared_state&) = delete;
    shared_state& operator=(const shared_state&) = delete;

    const server_config& config() const { return config_; }
    metrics& counters() { return metrics_; }
    // Set once by the server before it accepts; cleared after its threads have stopped.
    const std::shared_ptr<registry>& games() const { return games_; }
    void set_games(std::shared_ptr<registry> games) { games_ = std::move(games); }

    // Set once by the server before it accepts: the database and the history queries over it.
    const std::shared_ptr<persistence::match_store>& store() const { return store_; }
    const std::shared_ptr<history>& past() const { return history_; }
    void set_persistence(std::shared_ptr<persistence::match_store> store, std::shared_ptr<history> past) {
        store_ = std::move(store);
        history_ = std::move(past);
    }

    bool accepting() const { return accepting_.load(); }
    void set_accepting(bool on) { accepting_.store(on); }

    // One accepted socket's place in the count. Destroying it (with the session that holds it) frees the place.
    class ticket {
    public:
        ticket(const ticket&) = delete;
        ticket& operator=(const ticket&) = delete;
        ~ticket();
        // The object now serving the socket (the HTTP session hands the ticket to a WebSocket session).
        void serve(std::weak_ptr<connection> current);
        // The address counted, or for a proxy's connection not yet counted, the proxy's.
        const std::string& address() const { return address_; }
        // A proxy's connection becomes one of the client's at `address` (from X-Forwarded-For): false, and
        // nothing changes, when that address already has its limit. A counted ticket keeps its address.
        bool count_as(const std::string& address);

    private:
        friend class shared_state;
        ticket(std::shared_ptr<shared_state> owner, std::string address, std::uint64_t id, bool counted);
        std::shared_ptr<shared_state> owner_;
        std::string address_;
        std::uint64_t id_;
        bool counted_;
    };

    // A ticket for a new connection from `address`, or null when that address already has its limit.
    static std::unique_ptr<ticket> admit(const std::shared_ptr<shared_state>& self, const std::string& address);
    // A ticket for a connection from a trusted proxy at `address`: live (closed at shutdown) but not counted
    // until the request says whose it is (ticket::count_as).
    static std::unique_ptr<ticket> admit_proxied(const std::shared_ptr<shared_state>& self, const std::string& address);
    std::size_t open_connections() const;
    // Asks every live connection to shut down (copies the list under the lock, calls them outside it).
    void shut_down_all();
    // connection::check_idle on every live connection, the same way.
    void check_idle_all();
    // `done` runs once, on whichever thread frees the last place, or at once if none is taken.
    void when_empty(std::function<void()> done);
    void cancel_when_empty();

private:
    bool take_place(const std::string& address);  // under mutex_
    void release(const std::string& address, std::uint64_t id, bool counted);
    void serve(std::uint64_t id, std::weak_ptr<connection> current);
    std::vector<std::weak_ptr<connection>> live_connections() const;

    const server_config config_;
    metrics metrics_;
    std::shared_ptr<registry> games_;
    std::shared_ptr<persistence::match_store> store_;
    std::shared_ptr<history> history_;
    std::atomic<bool> accepting_{false};

    mutable std::mutex mutex_;
    std::unordered_map<std::string, int> per_address_;
    std::map<std::uint64_t, std::weak_ptr<connection>> live_;
    std::uint64_t next_id_ = 1;
    std::function<void()> when_empty_;
};

}  // namespace golf::server
