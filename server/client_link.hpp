// What the game side (registry, tables) sees of one client connection. The session implements it; tables hold
// weak_ptrs, so a closed connection simply stops receiving. send() is safe from any thread and never blocks:
// frames go into the session's bounded queue, and a client that cannot keep up is disconnected.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace golf::server {

class table;

// Who a connection is signed in as (server/accounts/accounts.hpp); a guest has account 0.
struct link_identity {
    std::int64_t account = 0;
    std::string name;          // the account's name
    std::string session_hash;  // the session token or API key it signed in with, as hex SHA-256
    bool by_api_key = false;   // an API key plays and reads, but cannot manage the account
};

class client_link {
public:
    virtual ~client_link() = default;

    // Queues one encoded ServerMessage frame (shared: a view sent to several recipients is encoded once).
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    // Sends a Closing message with the reason, then closes the connection.
    virtual void close(std::string_view reason) = 0;
    virtual const std::string& session_id() const = 0;
    virtual const std::string& remote_address() const = 0;

    // The table this connection is at, set and cleared by the game side.
    std::shared_ptr<table> current_table() const {
        std::lock_guard lock(mutex_);
        return table_.lock();
    }
    void set_table(const std::shared_ptr<table>& t) {
        std::lock_guard lock(mutex_);
        table_ = t;
    }

    // Hello.update_answers_act: an accepted Act is answered by the TableUpdate it causes instead of an Ok. Set by
    // the session when it handles Hello, before any table request; read by tables.
    bool update_answers_act() const { return update_answers_act_.load(std::memory_order_relaxed); }
    void set_update_answers_act(bool on) { update_answers_act_.store(on, std::memory_order_relaxed); }

    // Set by the account service on SignIn, Register and SignOut; read when the connection sits down.
    link_identity identity() const {
        std::lock_guard lock(mutex_);
        return identity_;
    }
    void set_identity(link_identity who) {
        std::lock_guard lock(mutex_);
        identity_ = std::move(who);
    }

    // A CreateTable, JoinTable or QuickPlay waiting for its name check: a second one is refused meanwhile.
    bool begin_seating() { return !seating_.exchange(true); }
    void end_seating() { seating_.store(false); }
    bool seating() const { return seating_.load(); }

private:
    std::atomic<bool> update_answers_act_{false};
    std::atomic<bool> seating_{false};
    mutable std::mutex mutex_;
    std::weak_ptr<table> table_;
    link_identity identity_;
};

}  // namespace golf::server
