// The SQLite store's checkpointer (internal to persistence/): a thread with a connection of its own that copies the
// write-ahead log into the database file once the log passes checkpoint_pages, beside the writer (PASSIVE: it never
// blocks a commit), so no commit waits for the disk's syncs. It replaces SQLite's automatic checkpoint, which would
// run inside the commit that crossed the mark. Only if the log reaches 16 times the mark, the checkpointer unable to
// catch up, does the writer checkpoint itself after a commit, as SQLite would.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include <sqlite3.h>

namespace golf::persistence::detail {

struct sqlite_database;

class sqlite_checkpointer {
public:
    // Starts the thread; `db` is its own connection to the file. checkpoint_pages is at least 1.
    sqlite_checkpointer(std::unique_ptr<sqlite_database> db, std::size_t checkpoint_pages);
    ~sqlite_checkpointer();  // stop(), then closes its connection
    sqlite_checkpointer(const sqlite_checkpointer&) = delete;
    sqlite_checkpointer& operator=(const sqlite_checkpointer&) = delete;

    // Installs the WAL hook on the writer's connection: after each of its commits, the log's size decides.
    void watch(sqlite3* writer);
    std::uint64_t checkpoints() const;  // those that copied log pages into the database file
    // Joins the thread without a last checkpoint (closing the last connection does that). Idempotent.
    void stop();

private:
    static int on_commit(void* self, sqlite3* db, const char* schema, int log_pages);
    void run();
    int checkpoint_rounds();  // the result of the last round

    std::unique_ptr<sqlite_database> db_;
    std::size_t checkpoint_pages_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    bool wanted_ = false;  // the log passed checkpoint_pages: the checkpointer goes
    bool stopping_ = false;
    std::uint64_t checkpoints_ = 0;
    std::mutex running_;  // held for each checkpoint, so the writer's own never finds one running
    std::atomic<bool> writer_wants_checkpoint_{false};  // the log reached 16 times the mark: the checkpointer yields
    std::thread thread_;
};

}  // namespace golf::persistence::detail
