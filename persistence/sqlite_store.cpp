// The SQLite match_store: opens and migrates the database, then wires its parts together: the write queue (one
// writer thread) into the SQLite writer, the checkpointer watching the writer's commits, and the reader.
#include "persistence/sqlite_store.hpp"

#include <stdexcept>
#include <utility>

#include "persistence/sqlite_checkpointer.hpp"
#include "persistence/sqlite_connection.hpp"
#include "persistence/sqlite_reader.hpp"
#include "persistence/sqlite_schema.hpp"
#include "persistence/sqlite_writer.hpp"
#include "persistence/write_queue.hpp"

namespace golf::persistence {

sqlite_store::sqlite_store(sqlite_options options) : options_(std::move(options)) {
    const auto open = [&](int flags) {
        return detail::open_database(options_.path, flags, static_cast<int>(options_.busy_timeout.count()));
    };
    try {
        if (options_.read_only) {
            auto db = open(SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX);
            detail::check_schema_for_reading(db->db, options_.path);
            reader_ = std::make_unique<detail::sqlite_reader>(std::move(db), options_.path);
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
    } catch (const detail::sqlite_failure& f) {
        throw detail::describe(options_.path, f);
    }
    queue_ = std::make_unique<write_queue>(
        *writer_, write_queue_options{options_.max_batch, options_.progress_delay, options_.shutdown_retries});
}

sqlite_store::~sqlite_store() {
    if (queue_) queue_->stop();                // drains the queue, then joins the writer (a read-only store has none)
    if (checkpointer_) checkpointer_->stop();  // after the writer: its last commits may still have asked for one
    // The last connection to close (the writer's) checkpoints whatever is left and removes the log.
}

void sqlite_store::enqueue(write_op op) {
    if (options_.read_only) throw std::logic_error("a read-only store cannot record (" + options_.path.string() + ")");
    queue_->push(std::move(op));
}

void sqlite_store::record_table(table_record table) { enqueue(std::move(table)); }

match_id sqlite_store::start_match(match_start match) {
    const match_id id = next_match_id_++;
    enqueue(started_match{id, std::move(match)});
    return id;
}

void sqlite_store::record_hole(hole_record hole) { enqueue(std::move(hole)); }

void sqlite_store::record_hand_progress(hand_progress progress) { enqueue(std::move(progress)); }

void sqlite_store::finish_match(match_result result) { enqueue(std::move(result)); }

bool sqlite_store::flush(std::chrono::milliseconds timeout) {
    return queue_ ? queue_->flush(timeout) : true;  // a read-only store has nothing pending
}

void sqlite_store::when_written(std::function<void(bool written)> done) {
    if (!queue_) {
        done(true);  // read-only: nothing is ever pending, and no writer thread would answer
        return;
    }
    queue_->when_written(std::move(done));
}

store_health sqlite_store::health() const {
    if (!queue_) return {};
    auto h = queue_->health();
    h.checkpoints = checkpointer_->checkpoints();
    return h;
}

std::vector<match_summary> sqlite_store::matches_by_player(std::string_view display_name, std::size_t limit) {
    return reader_->matches_by_player(display_name, limit);
}

std::optional<match_detail> sqlite_store::match(match_id id) { return reader_->match(id); }

std::vector<match_detail> sqlite_store::unfinished_matches() { return reader_->unfinished_matches(); }

std::vector<leaderboard_entry> sqlite_store::leaderboard(std::string_view preset, std::size_t limit) {
    return reader_->leaderboard(preset, limit);
}

std::vector<preset_stats> sqlite_store::player_stats(std::string_view display_name) {
    return reader_->player_stats(display_name);
}

std::string sqlite_store::integrity_check() { return reader_->integrity_check(); }

}  // namespace golf::persistence
