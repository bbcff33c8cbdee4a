// Tournaments as the database keeps them: one row each, its whole state in `body` (the server's encoding of
// golf.v1.Tournament), rewritten at every change. A save names the version it read, and a save from a stale read is
// refused, so two nodes (or a node and its restart) never both move one tournament on. Implemented by the account
// stores (sqlite_accounts, pg_accounts) on the accounts' connection; every method throws store_error when the
// database cannot answer, and nothing is changed then.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace golf::persistence {

struct tournament_row {
    std::int64_t id = 0;
    std::string name;
    std::string state;           // "open", "running", "paused", "finished", "cancelled"
    std::int64_t organiser = 0;  // an account
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;  // unix seconds
    std::int64_t version = 0;     // 1 when created, one more at every save
    std::string body;

    bool ended() const { return state == "finished" || state == "cancelled"; }
    friend bool operator==(const tournament_row&, const tournament_row&) = default;
};

class tournament_store {
public:
    virtual ~tournament_store() = default;

    // Stores a new tournament (its id and version are assigned: the row returned has them).
    virtual tournament_row add_tournament(const tournament_row& row) = 0;
    // Writes `row` over the stored one if that is still at `row.version`, which becomes row.version + 1; false
    // (nothing written) if it was saved since or is gone.
    virtual bool save_tournament(const tournament_row& row) = 0;
    virtual std::optional<tournament_row> tournament(std::int64_t id) = 0;
    // The newest first; ended ones only with `include_ended`.
    virtual std::vector<tournament_row> tournaments(bool include_ended, std::size_t limit) = 0;
};

}  // namespace golf::persistence
