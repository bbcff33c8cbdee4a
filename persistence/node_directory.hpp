// Several golf-server nodes on one database (PostgreSQL only): who is alive, which node holds each table, and
// taking over the tables of a node that stopped answering. A node joins under its name and gets a new incarnation
// each time; it heartbeats; a table belongs to one (node, incarnation). Every write of a table's records checks, in
// its transaction, that the writer still owns the table (the fence), so a node that was only paused cannot write
// to a table another node took over. Liveness is judged by the database's clock alone, never by the nodes'.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace golf::persistence {

struct node_status {
    std::string name;
    bool live = false;  // heartbeat within the timeout
    int tables = 0;     // as its last heartbeat said
    bool draining = false;
};

// Called from one thread at a time (the node's cluster loop or a lookup thread); each call is one round trip or a
// short transaction, and throws store_error when the database cannot answer.
class node_directory {
public:
    virtual ~node_directory() = default;

    virtual const std::string& node() const = 0;
    virtual std::int64_t incarnation() const = 0;
    // Says this node is alive and how many tables it holds. False when this incarnation is no longer the node's
    // (a newer one joined under the same name): the caller must stop playing and join again.
    virtual bool heartbeat(int tables, bool draining) = 0;
    // A new incarnation under the same name: everything the old one held becomes an orphan to be taken over.
    virtual void rejoin() = 0;
    // Takes over at most `limit` unfinished tables whose owner is not alive (its heartbeat older than `timeout`,
    // or an incarnation that is gone) and returns their codes; each is taken by exactly one node.
    virtual std::vector<std::string> claim_orphans(std::chrono::milliseconds timeout, int limit) = 0;
    // Gives this node's tables back to nobody (a drain): any live node claims them next.
    virtual void release_tables() = 0;
    // Takes over one table if its owner is not alive (a client asked for it before any node's loop did).
    virtual bool claim_orphan(const std::string& code, std::chrono::milliseconds timeout) = 0;
    // The node holding a table, and whether it is alive; nullopt when the table is not recorded or has no owner.
    virtual std::optional<node_status> owner_of_table(const std::string& code, std::chrono::milliseconds timeout) = 0;
    // The table of the unfinished match a seat token (by its hash) sits at; nullopt when none.
    virtual std::optional<std::string> table_of_token(const std::string& token_hash) = 0;
    virtual std::vector<node_status> nodes(std::chrono::milliseconds timeout) = 0;
};

}  // namespace golf::persistence
