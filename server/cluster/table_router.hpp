// Where a table that is not on this node is played, for the registry (several nodes only: server/cluster/cluster.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace golf::server {

class table_router {
public:
    struct location {
        enum class kind {
            not_found,    // no such table (or no unfinished match for that token)
            here,         // this node plays it now (taken over just now): ask the registry again
            elsewhere,    // `node` plays it: the client should connect there
            unavailable,  // the database cannot answer now
        };
        kind where = kind::not_found;
        std::string node;
        std::string code;  // the table found (for a token)
    };

    virtual ~table_router() = default;
    // Finds table `code`, or the table of the seat whose token hashes to `token_hash` (hex), and calls `done` on a
    // thread of the router's own, never an I/O thread.
    virtual void locate(const std::string& code, const std::string& token_hash, std::function<void(location)> done) = 0;
    // The node that keeps quick play's queue `queue` (all its waiting people meet there), from the live nodes
    // the router last saw; empty: this one. Never blocks.
    virtual std::string quick_play_node(const std::string& queue) const = 0;
    // The live nodes the router last saw, this one included. Never blocks.
    virtual std::vector<std::string> live_nodes() const = 0;
};

}  // namespace golf::server
