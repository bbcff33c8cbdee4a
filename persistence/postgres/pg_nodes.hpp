// The PostgreSQL store's node directory (internal to persistence/): two connections of its own, one caller at a
// time on each. The heartbeat has one to itself, so a lookup or a claim waiting on the database never delays it
// (a late heartbeat would let another node take this node's tables while it plays them).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "persistence/node_directory.hpp"

namespace golf::persistence::detail {

class pg_connection;

class pg_nodes final : public node_directory {
public:
    // Joins the cluster under `node` (a new incarnation) on `lease_db`, which then carries only heartbeats and
    // joins; throws store_error. `connect` makes the connections of lobby feeds.
    pg_nodes(std::unique_ptr<pg_connection> lease_db, std::unique_ptr<pg_connection> db, std::string node,
             std::function<std::unique_ptr<pg_connection>()> connect);
    ~pg_nodes() override;

    const std::string& node() const override { return node_; }
    std::int64_t incarnation() const override { return incarnation_; }
    bool heartbeat(int tables, bool draining) override;
    void rejoin() override;
    std::vector<std::string> claim_orphans(std::chrono::milliseconds timeout, int limit) override;
    bool claim_orphan(const std::string& code, std::chrono::milliseconds timeout) override;
    void release_tables() override;
    std::optional<node_status> owner_of_table(const std::string& code, std::chrono::milliseconds timeout) override;
    std::optional<std::string> table_of_token(const std::string& token_hash) override;
    std::vector<node_status> nodes(std::chrono::milliseconds timeout) override;
    void write_lobby(const std::vector<lobby_line>& set, const std::vector<std::string>& removed) override;
    void clear_lobby() override;
    std::vector<lobby_line> read_lobby(std::chrono::milliseconds timeout) override;
    std::unique_ptr<lobby_feed> open_lobby_feed() override;

private:
    // Runs `body` with the connection under the lock (reconnecting once if it was lost); a failure is a store_error.
    template <typename F>
    auto call(F&& body);
    template <typename F>
    auto call_lease(F&& body);

    std::unique_ptr<pg_connection> lease_db_;
    std::mutex lease_mutex_;
    std::unique_ptr<pg_connection> db_;
    std::string node_;
    std::function<std::unique_ptr<pg_connection>()> connect_;
    std::atomic<std::int64_t> incarnation_{0};  // read by the writer's fence, changed by rejoin()
    std::mutex mutex_;
};

}  // namespace golf::persistence::detail
