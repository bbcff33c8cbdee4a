// The checkpointer: woken by the writer's commits past the mark, it chases the writer with PASSIVE checkpoints.
#include "persistence/sqlite/sqlite_checkpointer.hpp"

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

#include "persistence/sqlite/sqlite_connection.hpp"

namespace golf::persistence::detail {

sqlite_checkpointer::sqlite_checkpointer(std::unique_ptr<sqlite_database> db, std::size_t checkpoint_pages)
    : db_(std::move(db)), checkpoint_pages_(std::max<std::size_t>(checkpoint_pages, 1)) {
    // A connection learns that the file keeps a log only on its first read; until then a checkpoint is a no-op.
    single_int(db_->db, "PRAGMA user_version");
    thread_ = std::thread([this] { run(); });
}

sqlite_checkpointer::~sqlite_checkpointer() { stop(); }

void sqlite_checkpointer::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void sqlite_checkpointer::watch(sqlite3* writer) { sqlite3_wal_hook(writer, &sqlite_checkpointer::on_commit, this); }

std::uint64_t sqlite_checkpointer::checkpoints() const {
    std::lock_guard lock(mutex_);
    return checkpoints_;
}

int sqlite_checkpointer::on_commit(void* checkpointer, sqlite3* db, const char* schema, int log_pages) {
    auto& self = *static_cast<sqlite_checkpointer*>(checkpointer);
    const auto pages = static_cast<std::size_t>(std::max(log_pages, 0));
    if (pages >= 16 * self.checkpoint_pages_) {
        // The checkpointer cannot catch up (SQLite restarts the log only when a checkpoint finished between two
        // commits): wait for its round to end and copy the whole log here, as SQLite's own checkpoint would. The
        // only writer's checkpoint is complete (unless a reader still needs the log), so the next commit restarts
        // the log and it cannot grow without bound. SQLite itself would not wait: a second checkpoint is refused.
        self.writer_wants_checkpoint_ = true;
        std::lock_guard running(self.running_);
        self.writer_wants_checkpoint_ = false;
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        return SQLITE_OK;
    }
    if (pages < self.checkpoint_pages_) return SQLITE_OK;
    {
        std::lock_guard lock(self.mutex_);
        if (self.wanted_) return SQLITE_OK;  // asked already: no wake-up per commit
        self.wanted_ = true;
    }
    self.cv_.notify_one();
    return SQLITE_OK;
}

int sqlite_checkpointer::checkpoint_rounds() {
    // PASSIVE: copies what no reader still needs and never waits for the writer, nor makes it wait. SQLite restarts
    // the log only when a commit finds all of it copied, so the checkpointer chases the writer: the first round
    // syncs the whole log (tens of ms), each next one only what was committed meanwhile (about a millisecond),
    // until one ends between two commits. It stops when a round copies nothing new (a reader still needs the
    // rest) and after 8 rounds; the next commit past the mark starts it again.
    int rc = SQLITE_OK;
    int copied_before = -1;
    for (int round = 0; round < 8 && !writer_wants_checkpoint_; ++round) {
        int log_frames = 0;
        int copied = 0;
        {
            std::lock_guard running(running_);
            rc = sqlite3_wal_checkpoint_v2(db_->db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_frames, &copied);
        }
        if (rc != SQLITE_OK) break;
        if (copied > copied_before && copied > 0) {
            std::lock_guard lock(mutex_);
            ++checkpoints_;
        }
        if (copied >= log_frames || copied <= copied_before) break;
        copied_before = copied;
    }
    return rc;
}

void sqlite_checkpointer::run() {
    int last_failure = SQLITE_OK;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [&] { return wanted_ || stopping_; });
            if (stopping_) return;
            wanted_ = false;
        }
        const int rc = checkpoint_rounds();
        if (rc == SQLITE_OK) {
            if (last_failure != SQLITE_OK) spdlog::info("database checkpoints succeed again");
            last_failure = SQLITE_OK;
        } else if (rc != SQLITE_BUSY && rc != last_failure) {  // busy: the writer is in one; the next commit asks again
            // Commits go on into the log meanwhile; it grows until a checkpoint succeeds.
            spdlog::warn("database checkpoint failed ({}); the write-ahead log grows until one succeeds",
                         sqlite3_errmsg(db_->db));
            last_failure = rc;
        }
    }
}

}  // namespace golf::persistence::detail
