// A table's record in the database: the table, each match's start, the hand in play after every move, each
// finished hole (the moment it ends), the result or its abandonment. Everything is enqueued on the store's writer;
// nothing here waits for the disk. Without a store (some unit tests) every call does nothing. Strand only.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "engine/match.hpp"
#include "engine/ruleset.hpp"
#include "persistence/match_store.hpp"
#include "server/tables/table_settings.hpp"

namespace golf::server {

class match_recorder {
public:
    match_recorder(std::shared_ptr<persistence::match_store> store, std::string code, std::string preset,
                   std::shared_ptr<const ruleset> rules);

    // Null: nothing is recorded.
    persistence::match_store* store() const { return store_.get(); }
    // The current match's id in the store.
    persistence::match_id match_id() const { return match_id_; }

    void record_table(const table_settings& settings, int seats);
    // Only asked for (and built) when there is a store: the seats as the match starts.
    bool wants_seats() const { return store_ != nullptr; }
    void record_match_start(std::vector<persistence::seat_record> seats);
    // A restored match goes on under its recorded id.
    void resume(persistence::match_id id) { match_id_ = id; }
    // The hand in play, after its deal and after every move; `match_number` tells the table's matches apart.
    void record_progress(const golf::match& m, int match_number);
    void record_finished_hole(const golf::match& m);
    // A seat of the current match changed hands (opened by the host, or taken by a newcomer).
    void record_seat_change(persistence::seat_record seat);
    // A person removed from the table may not come back to the current match's table (after a restart too).
    void record_bar(std::int64_t account, const std::string& address);
    void record_result(const golf::match& m);
    // Everyone has gone for good: the match is given up, so a restart does not bring it back.
    void record_abandoned(const golf::match& m);

private:
    const std::shared_ptr<persistence::match_store> store_;
    const std::string code_;
    const std::string preset_;
    const std::shared_ptr<const ruleset> rules_;
    persistence::match_id match_id_ = 0;

    // The hand in play's action log as recorded so far (encode_action_log), extended a move at a time instead of
    // encoded whole after every move; the key says which hand it belongs to.
    std::string progress_actions_;
    std::size_t progress_logged_ = 0;
    std::tuple<int, int, std::uint64_t> progress_key_{-1, -1, 0};  // match, hole, seed
};

}  // namespace golf::server
