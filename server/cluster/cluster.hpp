// This node among several sharing one PostgreSQL database (golf-server --node NAME). A thread of its own, never an
// I/O thread, talks to the node directory: it heartbeats, takes over the tables of nodes that stopped (restoring
// their matches from the database, seats held for their tokens), and steps down when its own lease ran out (the
// process was paused, or could not reach the database, for longer than the timeout: another node may be playing
// its tables now, so it closes them all and joins again). It also finds, for the registry, where a table that is
// not here is played (table_router), taking it over on the spot when its owner is gone. The lobby across nodes is
// its lobby_sync's.
#pragma once

#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "persistence/match_store.hpp"
#include "server/cluster/lobby_sync.hpp"
#include "server/cluster/table_router.hpp"

namespace golf::server {

class registry;

class cluster final : public table_router, public std::enable_shared_from_this<cluster> {
public:
    // `store` must be a node of a cluster (store->nodes() not null). A match that ended as its table moved is
    // shown as it ended to players who come back within `keep_finished` (the seat grace).
    cluster(std::shared_ptr<persistence::match_store> store, std::shared_ptr<registry> games,
            std::chrono::milliseconds node_timeout, std::chrono::seconds keep_finished);
    ~cluster() override;  // stop()

    // Takes over what is orphaned now (this node's previous incarnation included) and restores it, then starts
    // the loop. Returns how many matches were restored.
    int start();
    // Stops the loop and the lookups: no more take-overs. Idempotent.
    void stop();
    // A drain, after stop(), the tables closed and their records flushed: the node's tables are given up so that
    // the other nodes take them over at once, rather than once this node's heartbeat is old.
    void release();

    void locate(const std::string& code, const std::string& token_hash, std::function<void(location)> done) override;
    const std::string& node() const;
    // Rendezvous hashing over the live, non-draining nodes: every node picks the same one while they agree on
    // who is live, and a node's death moves only its own queues.
    std::string quick_play_node(const std::string& queue) const override;
    std::vector<std::string> live_nodes() const override;

private:
    void run();
    void round();
    void step_down(const char* why);
    // Joins again as a new incarnation after stepping down; false while the database cannot take it.
    bool rejoin();
    // The heartbeat sent at `sent` was taken: the tables are this node's until a margin before others may claim them.
    void renew(std::chrono::steady_clock::time_point sent);
    void refresh_live();
    int take_over(const std::vector<std::string>& codes, std::int64_t incarnation);
    int reopen_finished(const std::string& code, std::int64_t incarnation);
    location find(std::string code, const std::string& token_hash);

    std::shared_ptr<persistence::match_store> store_;
    persistence::node_directory& nodes_;
    std::shared_ptr<registry> games_;
    std::chrono::milliseconds timeout_;
    std::chrono::milliseconds interval_;  // between heartbeats: a sixth of the timeout
    std::chrono::seconds keep_finished_;
    // When the last heartbeat the database took was sent (loop thread only): the lease runs from then, not from its
    // answer, which may come late (node_lease.hpp).
    std::chrono::steady_clock::time_point lease_;
    bool rejoin_due_ = false;  // stepped down, not joined again yet (loop thread only)
    int rejoin_failures_ = 0;

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<std::string> live_;  // live, non-draining nodes as of the last round (under mutex_)
    bool stopping_ = false;
    std::thread loop_;
    boost::asio::thread_pool lookups_{1};
    lobby_sync lobby_;
};

}  // namespace golf::server
