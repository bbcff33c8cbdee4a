// The PostgreSQL store's reads (internal to persistence/): a connection of its own, used by one caller at a time;
// each read is one snapshot (a repeatable-read, read-only transaction).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/records.hpp"

namespace golf::persistence::detail {

class pg_connection;
class pg_params;

class pg_reader {
public:
    explicit pg_reader(std::unique_ptr<pg_connection> db);
    ~pg_reader();
    pg_reader(const pg_reader&) = delete;
    pg_reader& operator=(const pg_reader&) = delete;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit);
    std::optional<match_detail> match(match_id id);
    std::vector<match_detail> unfinished_matches();
    std::vector<match_detail> unfinished_matches_at(const std::vector<std::string>& table_codes);
    std::optional<match_detail> finished_match_at(const std::string& table_code, std::int64_t ended_since);
    std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit);
    std::vector<preset_stats> player_stats(std::string_view display_name);
    // The first id of a block of match ids nobody else will be given (pg_schema.hpp).
    match_id reserve_match_ids();

private:
    // Runs `body` with the connection under the lock (reconnecting once if it was lost), turning a failure into a
    // store_error.
    template <typename F>
    auto read(F&& body);
    std::vector<match_detail> details(const char* sql, const pg_params& params);

    std::unique_ptr<pg_connection> db_;
    std::mutex mutex_;
};

}  // namespace golf::persistence::detail
