// The interface the server sees: record what happens at tables (enqueue and return, never block on the database)
// and read history back. Writes are durable once flush() returns true; a failed write is logged and retried.
#pragma once

#include <algorithm>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/node_directory.hpp"
#include "persistence/records.hpp"

namespace golf::persistence {

class account_store;     // account_store.hpp
class moderation_store;  // moderation_store.hpp
class rating_archive;    // rating_archive.hpp
class tournament_store;  // tournament_store.hpp

// unreachable and authentication are a database server's (PostgreSQL): the first may pass, the second will not.
enum class store_error_kind {
    cannot_open,
    locked,
    read_only,
    corrupt,
    newer_schema,
    older_schema,
    io,
    unreachable,
    authentication
};

// Thrown when a store cannot be opened or read; what() is a sentence a host can act on.
class store_error : public std::runtime_error {
public:
    store_error(store_error_kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    store_error_kind kind() const noexcept { return kind_; }

private:
    store_error_kind kind_;
};

// What /healthz can report about the writer.
struct store_health {
    bool ok = true;                     // false from a failed write until a write succeeds again
    std::uint64_t pending = 0;          // records queued or being written
    std::uint64_t transactions = 0;     // committed write transactions
    std::uint64_t checkpoints = 0;      // checkpoints that copied write-ahead log pages into the database file
    std::uint64_t failed_attempts = 0;  // write transactions that failed (and were retried)
    std::uint64_t dropped = 0;          // records refused by the database itself (logged as errors)
    std::string last_error;
};

class match_store {
public:
    virtual ~match_store() = default;

    // Writes: each enqueues and returns at once.
    virtual void record_table(table_record table) = 0;
    virtual match_id start_match(match_start match) = 0;  // the id is assigned now, the row written later
    virtual void record_hole(hole_record hole) = 0;       // also clears the match's hand_progress for that hole
    virtual void record_hand_progress(hand_progress progress) = 0;
    virtual void record_seat_change(seat_change change) = 0;
    virtual void record_bar(table_bar bar) = 0;  // after its match's start
    virtual void finish_match(match_result result) = 0;

    // Waits until everything enqueued before the call is written; false if the timeout came first.
    virtual bool flush(std::chrono::milliseconds timeout) = 0;
    // Never waits: `done` runs on the writer thread once everything enqueued before the call is committed (true),
    // or once the writer has given up on some of it (false; with `of_match`, only on a record of that match or of
    // no match). Tables use it to announce a hole's end, or a durable move, only when it is on disk.
    virtual void when_written(std::function<void(bool written)> done, match_id of_match = 0) = 0;
    virtual store_health health() const = 0;

    // Reads see what has been written (flush first to see your own writes). They throw store_error on failure.
    // Newest first. An empty name lists every match.
    virtual std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit) = 0;
    virtual std::optional<match_detail> match(match_id id) = 0;
    virtual std::vector<match_detail> unfinished_matches() = 0;  // oldest first, with table and in_play
    // Those played at these tables (a node taking them over reads only theirs); the default reads them all.
    virtual std::vector<match_detail> unfinished_matches_at(const std::vector<std::string>& table_codes) {
        std::vector<match_detail> out;
        for (auto& m : unfinished_matches())
            if (std::find(table_codes.begin(), table_codes.end(), m.summary.table_code) != table_codes.end())
                out.push_back(std::move(m));
        return out;
    }
    // The newest match at `table_code` if it ended at `ended_since` (unix seconds) or later and was not given up: a
    // node that takes a table over for a player's lookup shows a match that ended as the table moved (its last
    // move written, its update never sent) as it ended; a tournament reads its tables' results so. None on a
    // store that keeps no matches.
    virtual std::optional<match_detail> finished_match_at(const std::string& table_code, std::int64_t ended_since) {
        (void)table_code;
        (void)ended_since;
        return std::nullopt;
    }
    // Ranked by wins, then lower average total, then name. An empty preset ranks every preset together.
    virtual std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit) = 0;
    // A player's finished matches, per preset (by preset name).
    virtual std::vector<preset_stats> player_stats(std::string_view display_name) = 0;

    // The cluster this store is a node of, or null when it is the only one (SQLite, or PostgreSQL without a node
    // name).
    virtual node_directory* nodes() { return nullptr; }

    // Accounts and the ratings the writer keeps for them, on a connection of the store's own (every call waits for
    // the database: never call it on a network thread); null when the store has none. It lives as long as the store.
    virtual account_store* accounts() { return nullptr; }
    // Roles, sanctions and their log, on the accounts' connection; null when the store keeps no accounts.
    virtual moderation_store* moderation() { return nullptr; }
    // Tournaments, on the accounts' connection; null when the store keeps no accounts.
    virtual tournament_store* tournaments() { return nullptr; }
    // The recorded matches and stored ratings, for the rating rebuild (rating_rebuild.hpp); null when none.
    virtual rating_archive* ratings_archive() { return nullptr; }
};

}  // namespace golf::persistence
