// The SQLite match_store: opens and migrates the database, then wires its parts together: the write queue (one
// writer thread) into the SQLite writer, the checkpointer watching the writer's commits, and the reader.
#include "persistence/sqlite/sqlite_store.hpp"

#include <utility>

#include "persistence/sqlite/sqlite_accounts.hpp"
#include "persistence/sqlite/sqlite_checkpointer.hpp"
#include "persistence/sqlite/sqlite_connection.hpp"
#include "persistence/sqlite/sqlite_reader.hpp"
#include "persistence/sqlite/sqlite_schema.hpp"
#include "persistence/sqlite/sqlite_writer.hpp"
#include "persistence/write_queue.hpp"

namespace golf::persistence {

sqlite_store::sqlite_store(sqlite_options options) : options_(std::move(options)) {
    set_name(options_.path.string());
    const auto open = [&](int flags) {
        return detail::open_database(options_.path, flags, static_cast<int>(options_.busy_timeout.count()));
    };
    try {
        if (options_.read_only) {
            auto db = open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
            detail::check_schema_for_reading(db->db, options_.path);
            reader_ = std::make_unique<detail::sqlite_reader>(std::move(db), options_.path);
            accounts_ = std::make_unique<detail::sqlite_accounts>(open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX),
                                                                  options_.path, true);
            return;  // no writer thread: nothing is ever written
        }
        auto db = open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX);
        detail::prepare_for_writing(db->db, options_.path, options_.synchronous_full);
        next_match_id_ = detail::single_int(db->db, "SELECT COALESCE(MAX(id), 0) + 1 FROM matches");
        writer_ = std::make_unique<detail::sqlite_writer>(std::move(db));
        reader_ =
            std::make_unique<detail::sqlite_reader>(open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX), options_.path);
        checkpointer_ = std::make_unique<detail::sqlite_checkpointer>(open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX),
                                                                      options_.checkpoint_pages);
        // Our hook replaces SQLite's automatic checkpoint, which is this same hook checkpointing in the commit.
        checkpointer_->watch(writer_->database().db);
        accounts_ = std::make_unique<detail::sqlite_accounts>(open(SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX),
                                                              options_.path, false);
    } catch (const detail::sqlite_failure& f) {
        throw detail::describe(options_.path, f);
    }
    start_queue(*writer_, {options_.max_batch, options_.progress_delay, options_.shutdown_retries});
}

sqlite_store::~sqlite_store() {
    stop_queue();                              // drains the queue, then joins the writer (a read-only store has none)
    if (checkpointer_) checkpointer_->stop();  // after the writer: its last commits may still have asked for one
    // The last connection to close (the writer's) checkpoints whatever is left and removes the log.
}

void sqlite_store::add_backend_health(store_health& health) const { health.checkpoints = checkpointer_->checkpoints(); }

std::vector<match_summary> sqlite_store::matches_by_player(std::string_view display_name, std::size_t limit) {
    return reader_->matches_by_player(display_name, limit);
}

std::optional<match_detail> sqlite_store::match(match_id id) { return reader_->match(id); }

std::vector<match_detail> sqlite_store::unfinished_matches() { return reader_->unfinished_matches(); }

std::optional<match_detail> sqlite_store::finished_match_at(const std::string& table_code, std::int64_t ended_since) {
    return reader_->finished_match_at(table_code, ended_since);
}

std::vector<leaderboard_entry> sqlite_store::leaderboard(std::string_view preset, std::size_t limit) {
    return reader_->leaderboard(preset, limit);
}

std::vector<preset_stats> sqlite_store::player_stats(std::string_view display_name) {
    return reader_->player_stats(display_name);
}

account_store* sqlite_store::accounts() { return accounts_.get(); }

moderation_store* sqlite_store::moderation() { return accounts_.get(); }

tournament_store* sqlite_store::tournaments() { return accounts_.get(); }

rating_archive* sqlite_store::ratings_archive() { return accounts_.get(); }

std::string sqlite_store::integrity_check() { return reader_->integrity_check(); }

}  // namespace golf::persistence
