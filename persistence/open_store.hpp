// Which store a --db text opens: a postgresql:// (or postgres://) URL opens the PostgreSQL store, anything else is
// the path of a SQLite file. The server, golf replay and golf export open their stores here.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "persistence/match_store.hpp"

namespace golf::persistence {

struct store_settings {
    std::string db{};               // a SQLite file's path or a PostgreSQL URL
    bool synchronous_full = false;  // SQLite: sync every commit (PostgreSQL: the server's synchronous_commit rules)
    std::chrono::milliseconds progress_delay{0};  // how long the hand in play may wait to be written after a move
    // PostgreSQL: how long to keep trying a server that cannot be reached yet before giving up the start.
    std::chrono::milliseconds connect_retry_for{0};
    bool read_only = false;  // reads only: nothing created, migrated or written
    std::string node{};      // PostgreSQL: this node's name among several sharing the database (empty: the only one)
    std::chrono::milliseconds node_timeout{3000};  // with a node: how long a silent node is given (pg_options)
};

// Opens (creating and migrating unless read-only); throws store_error with a sentence naming the problem.
std::shared_ptr<match_store> open_store(const store_settings& settings);

// Whether `db` names a PostgreSQL database rather than a SQLite file.
bool is_postgres(std::string_view db);

// `db` as a log line may show it: a URL's password replaced by "***".
std::string printable_db(std::string_view db);

}  // namespace golf::persistence
