// What golf backup and golf restore share: the checks of the paths they are given, the temporary name a copy has
// until it is complete (removed if the run fails, so a half-written copy never has the final name), the rename
// that publishes it, and PostgreSQL's own tools (pg_dump, pg_restore) run as child processes.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "persistence/match_store.hpp"

namespace golf::cli::backup {

namespace fs = std::filesystem;

// A request that cannot be done as asked (a path, a backup that is not acceptable): one sentence, exit status 2.
struct refusal : std::runtime_error {
    using std::runtime_error::runtime_error;
};

constexpr std::chrono::seconds busy_limit{30};       // a step the server's writer keeps locked is retried this long
constexpr std::chrono::seconds connect_timeout{10};  // an unreachable PostgreSQL fails within this

// A store's error as both report it: the database's own problems are the run failing (exit 1); what it is not
// (ours, a database) is bad input, a refusal.
[[noreturn]] void rethrow(const persistence::store_error& e);

// Runs `body`, the work of golf backup or golf restore: a refusal is said as "golf COMMAND: ..." with exit
// status 2, a failed run with exit status 1.
int run_reporting(const std::string& command, const std::function<int()>& body);

// `path` with `suffix` appended to its name ("golf.db" -> "golf.db.partial").
fs::path with_suffix(const fs::path& path, const std::string& suffix);

// Refuses a `flag` path whose directory does not exist or cannot be written, or that is a directory.
void check_writable_place(const fs::path& path, const std::string& flag);

// Refuses a SQLite `flag` path that does not exist or is not a regular file; `what` names it ("database").
void check_existing_file(const fs::path& path, const std::string& flag, const std::string& what);

// A file being written under a temporary name: removed (with any journal beside it) unless published.
class partial_file {
public:
    explicit partial_file(fs::path final_path, const std::string& suffix = ".partial");
    ~partial_file();
    partial_file(const partial_file&) = delete;
    partial_file& operator=(const partial_file&) = delete;

    const fs::path& path() const { return partial_; }
    // Syncs the file, renames it to the final name (replacing what is there) and syncs the directory.
    void publish();

private:
    fs::path final_;
    fs::path partial_;
    bool published_ = false;
};

// Syncs a file or a directory to disk; throws std::runtime_error naming it.
void sync_path(const fs::path& path);

// PostgreSQL's `tool` on PATH, else in /usr/lib/postgresql/15/bin; nullopt when neither has it.
std::optional<fs::path> find_pg_tool(const std::string& tool);
// The sentence for a missing tool, naming the package that has it.
std::string missing_pg_tool(const std::string& tool);

// `url` as pg_dump and pg_restore get it on their command line, where other users can read it: its password
// (from user:password@ or ?password=) is taken out and set as PGPASSWORD, which only our children see.
std::string url_for_tool(const std::string& url);

// What a child process did: its exit status (128 + N if killed by signal N) and what it wrote.
struct tool_result {
    int status = 0;
    std::string out;
    std::string err;
    // The first line of its stderr, or of its stdout, or its exit status.
    std::string first_line() const;
};

// Longer than any dump or restore of a database one server fills; past it the tool is stopped.
inline constexpr std::chrono::seconds tool_limit{6 * 3600};

// Runs `argv` (no shell) and waits for it, collecting stdout and stderr; PGCONNECT_TIMEOUT defaults to 10 s so an
// unreachable server fails in bounded time. A tool still running after `limit` is killed (status -1, a sentence
// in err). Throws std::runtime_error when it cannot start.
tool_result run_tool(const std::vector<std::string>& argv, std::chrono::seconds limit = tool_limit);

}  // namespace golf::cli::backup
