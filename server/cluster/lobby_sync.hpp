// The lobby across nodes: a thread of the node's own keeps the other nodes' lobby lines in this node's lobby and
// writes this node's lines for them, through PostgreSQL (node_directory: a lobby table, and LISTEN/NOTIFY to hear
// of changes at once). Only listed lines travel: a table's line changes when someone sits down or leaves, or at
// a hole's end, never with a move. Changes that come together share one transaction and one notification. The
// other nodes' lines are also read every `refresh` (a node that died sends no notification: its lines go once
// its heartbeat is older than the timeout).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <thread>

#include "persistence/node_directory.hpp"
#include "server/registry/lobby.hpp"

namespace golf::server {

class lobby_sync {
public:
    lobby_sync(std::shared_ptr<lobby> lines, persistence::node_directory& nodes, std::chrono::milliseconds timeout,
               std::chrono::milliseconds refresh);
    ~lobby_sync();  // stop()
    lobby_sync(const lobby_sync&) = delete;
    lobby_sync& operator=(const lobby_sync&) = delete;

    void start();
    // Stops the thread; this node's lines stay until clear() (a drain) or the node's next incarnation.
    void stop();
    // A drain: this node's lines are removed for every node at once. After stop().
    void clear();

private:
    void run();
    bool write_local();  // false when the database refused
    void read_others();
    void wake();

    std::shared_ptr<lobby> lobby_;
    persistence::node_directory& nodes_;
    std::chrono::milliseconds timeout_;
    std::chrono::milliseconds refresh_;
    std::unique_ptr<persistence::lobby_feed> feed_;
    int wake_fd_ = -1;  // an eventfd: a local change, or stop()
    std::atomic<bool> stopping_{false};
    std::map<std::string, std::string> written_;  // this node's lines as last written (serialised), by code
    std::int64_t written_incarnation_ = 0;        // the node's incarnation `written_` was written under
    bool failing_ = false;                        // warned once until the database answers again
    std::thread thread_;
};

}  // namespace golf::server
