// Match ids for the PostgreSQL store (internal to persistence/): blocks of ids reserved from the database's sequence,
// the one in use and a spare, so that starting a match never waits for the database. The writer thread reserves a
// new spare whenever the spare has been taken into use; only if that has not happened yet does the caller fetch one.
#pragma once

#include <mutex>
#include <optional>

#include "persistence/postgres/pg_schema.hpp"
#include "persistence/records.hpp"

namespace golf::persistence::detail {

class pg_match_ids {
public:
    // The next id; nullopt when both blocks are used up.
    std::optional<match_id> take() {
        std::lock_guard lock(mutex_);
        if (next_ == end_ && spare_) {
            next_ = *spare_;
            end_ = *spare_ + match_id_block;
            spare_.reset();
        }
        if (next_ == end_) return std::nullopt;
        return next_++;
    }
    bool wants_block() const {
        std::lock_guard lock(mutex_);
        return !spare_;
    }
    // A block [first, first + match_id_block) reserved from the sequence.
    void add(match_id first) {
        std::lock_guard lock(mutex_);
        if (next_ == end_) {
            next_ = first;
            end_ = first + match_id_block;
        } else {
            spare_ = first;
        }
    }

private:
    mutable std::mutex mutex_;
    match_id next_ = 0;
    match_id end_ = 0;
    std::optional<match_id> spare_;
};

}  // namespace golf::persistence::detail
