// Several golf-server nodes on one database (PostgreSQL only): who is alive, which node holds each table, and
// taking over the tables of a node that stopped answering. A node joins under its name and gets a new incarnation
// each time; it heartbeats; a table belongs to one (node, incarnation). Every write of a table's records checks, in
// its transaction, that the writer still owns the table (the fence), so a node that was only paused cannot write
// to a table another node took over. Liveness is judged by the database's clock alone, never by the nodes'.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
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

// One table's line in the lobby across nodes: its bytes are the server's (a serialised LobbyTable).
struct lobby_line {
    std::string code;
    std::string node;
    std::string line;
};

// Hears of other nodes' lobby changes (PostgreSQL LISTEN/NOTIFY on a connection of its own). One thread.
class lobby_feed {
public:
    virtual ~lobby_feed() = default;
    // Waits up to `timeout` for a change by another node, or for `wake_fd` to become readable (it is not read).
    // True when another node changed its lines, or when the feed had to connect anew and may have missed some.
    // Never throws: a lost connection is made again on a later call.
    virtual bool wait(std::chrono::milliseconds timeout, int wake_fd) = 0;
};

// Called from one thread at a time (the node's cluster loop or a lookup thread); each call is one round trip or a
// short transaction, and throws store_error when the database cannot answer.
class node_directory {
public:
    virtual ~node_directory() = default;

    virtual const std::string& node() const = 0;
    virtual std::int64_t incarnation() const = 0;
    // Says this node is alive and how many tables it holds. False when this incarnation is no longer the node's
    // (a newer one joined under the same name) or was retired (another node judged it dead and took a table of
    // it): the caller must stop playing and join again.
    virtual bool heartbeat(int tables, bool draining) = 0;
    // A new incarnation under the same name: everything the old one held becomes an orphan to be taken over.
    virtual void rejoin() = 0;
    // Takes over at most `limit` unfinished tables whose owner is not alive (its heartbeat older than `timeout`,
    // or an incarnation that is gone or retired) and returns their codes; each is taken by exactly one node. The
    // owners it took from are retired in the same transaction.
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

    // The lobby across nodes. This node's changes in one transaction that tells the other nodes: lines of tables
    // it owns set (a table it no longer owns is skipped), codes it listed removed.
    virtual void write_lobby(const std::vector<lobby_line>& set, const std::vector<std::string>& removed) = 0;
    // Every line this node listed removed (a drain, or a new incarnation), the other nodes told.
    virtual void clear_lobby() = 0;
    // The lines of every other node that is alive (heartbeat within `timeout`) and not draining.
    virtual std::vector<lobby_line> read_lobby(std::chrono::milliseconds timeout) = 0;
    virtual std::unique_ptr<lobby_feed> open_lobby_feed() = 0;
};

}  // namespace golf::persistence
