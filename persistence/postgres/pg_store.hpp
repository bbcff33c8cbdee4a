// The PostgreSQL match_store: the same write queue as SQLite's (write_queue.hpp: one writer thread, batches,
// retries with backoff, nothing enqueued lost while the server is away) writing through a connection of its own,
// reads through another, accounts through a third (pg_accounts.hpp: written at once, not queued). Schema versioned
// and migrated like SQLite's (pg_schema.cpp); match ids come in blocks from a sequence, so several nodes can share
// one database.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/queued_store.hpp"

namespace golf::persistence {

namespace detail {
class pg_accounts;
class pg_match_ids;
class pg_nodes;
class pg_writer;
class pg_reader;
}  // namespace detail

struct pg_options {
    std::string url;                           // postgresql://user:password@host:port/database?options (libpq's URI)
    std::chrono::seconds connect_timeout{10};  // one attempt to connect
    // How long opening keeps trying a server it cannot reach (nodes may start before their database); a refused
    // login, a missing database or a newer schema fail at once. 0: one attempt.
    std::chrono::milliseconds open_retry_for{0};
    std::size_t max_batch = 1000;  // records per transaction
    // As sqlite_options::progress_delay: how long the hand in play may wait to be written after a move.
    std::chrono::milliseconds progress_delay{0};
    std::size_t shutdown_retries = 5;  // failed attempts tolerated while stopping before giving up (logged)
    // Reads only (golf replay, golf export): the database must be at this build's schema; nothing is migrated or
    // written. Recording into such a store throws logic_error; its account store reads and refuses every write
    // (store_error_kind::read_only).
    bool read_only = false;
    // This node's name in a cluster of nodes sharing the database (node_directory.hpp); empty: the only node.
    std::string node;
    // With a node: how long a silent node is given before others take its tables. A transaction of ours left
    // open half as long (the process paused mid-write) is ended by the server, so its locks never hold up a
    // take-over; the node directory's statements wait half as long for a lock at most.
    std::chrono::milliseconds node_timeout{3000};
};

// The SET statements every connection of a node runs with: a transaction of its left open (the process paused
// mid-write) ends after half the node timeout, so its locks never hold up a take-over. Empty without a node.
std::string pg_node_session(const pg_options& o);

class pg_store final : public queued_store {
public:
    // Connects (retrying an unreachable server for open_retry_for) and migrates; throws store_error with a clear
    // sentence on failure, never with the password.
    explicit pg_store(pg_options options);
    ~pg_store() override;  // drains the queue, then joins the writer
    pg_store(const pg_store&) = delete;
    pg_store& operator=(const pg_store&) = delete;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit) override;
    std::optional<match_detail> match(match_id id) override;
    std::vector<match_detail> unfinished_matches() override;
    std::vector<match_detail> unfinished_matches_at(const std::vector<std::string>& table_codes) override;
    std::optional<match_detail> finished_match_at(const std::string& table_code, std::int64_t ended_since) override;
    std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit) override;
    std::vector<preset_stats> player_stats(std::string_view display_name) override;

    node_directory* nodes() override;
    account_store* accounts() override;
    moderation_store* moderation() override;
    tournament_store* tournaments() override;
    rating_archive* ratings_archive() override;

    // "database golf at 127.0.0.1:5432 as golf": where the store is, without the password.
    const std::string& where() const { return where_; }

private:
    match_id next_match_id() override;

    pg_options options_;
    std::string where_;
    std::unique_ptr<detail::pg_match_ids> ids_;
    std::unique_ptr<detail::pg_nodes> nodes_;  // with a node name only
    std::unique_ptr<detail::pg_writer> writer_;
    std::unique_ptr<detail::pg_reader> reader_;
    std::unique_ptr<detail::pg_accounts> accounts_;
};

}  // namespace golf::persistence
