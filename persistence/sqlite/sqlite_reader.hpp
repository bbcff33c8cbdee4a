// The SQLite store's reads (internal to persistence/): a read-only connection of its own, so reads never wait for
// the writer's transaction, used by one caller at a time; each read is one snapshot (one read transaction).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "persistence/records.hpp"

namespace golf::persistence::detail {

struct sqlite_database;

class sqlite_reader {
public:
    // `path` names the database in the sentences of the store_errors the reads throw.
    sqlite_reader(std::unique_ptr<sqlite_database> db, std::filesystem::path path);
    ~sqlite_reader();
    sqlite_reader(const sqlite_reader&) = delete;
    sqlite_reader& operator=(const sqlite_reader&) = delete;

    std::vector<match_summary> matches_by_player(std::string_view display_name, std::size_t limit);
    std::optional<match_detail> match(match_id id);
    std::vector<match_detail> unfinished_matches();
    std::optional<match_detail> finished_match_at(const std::string& table_code, std::int64_t ended_since);
    std::vector<leaderboard_entry> leaderboard(std::string_view preset, std::size_t limit);
    std::vector<preset_stats> player_stats(std::string_view display_name);
    std::string integrity_check();

private:
    // Runs `body` with the connection under the lock, turning a SQLite failure into a store_error.
    template <typename F>
    auto read(F&& body);

    std::unique_ptr<sqlite_database> db_;
    std::filesystem::path path_;
    std::mutex mutex_;
};

}  // namespace golf::persistence::detail
