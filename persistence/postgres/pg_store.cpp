// The PostgreSQL match_store: connects (waiting a while for a server that is not up yet), migrates, reserves the
// first blocks of match ids, then wires the write queue into the writer and serves reads from the reader.
#include "persistence/postgres/pg_store.hpp"

#include <algorithm>
#include <string>
#include <thread>
#include <utility>

#include <spdlog/spdlog.h>

#include "persistence/postgres/pg_accounts.hpp"
#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_match_ids.hpp"
#include "persistence/postgres/pg_nodes.hpp"
#include "persistence/postgres/pg_reader.hpp"
#include "persistence/postgres/pg_schema.hpp"
#include "persistence/postgres/pg_writer.hpp"

namespace golf::persistence {

namespace {

// A connection, trying again with a growing pause while the server cannot be reached and `retry_for` lasts.
// `session`: SET statements for the connection (and its later reconnections).
std::unique_ptr<detail::pg_connection> connect(const pg_options& o, const std::string& session = {}) {
    const auto give_up = std::chrono::steady_clock::now() + o.open_retry_for;
    auto pause = std::chrono::milliseconds(100);
    for (;;) {
        try {
            return std::make_unique<detail::pg_connection>(o.url, o.connect_timeout, session);
        } catch (const detail::pg_failure& f) {
            const store_error error = detail::describe("", f);
            if (error.kind() != store_error_kind::unreachable || std::chrono::steady_clock::now() + pause > give_up) {
                throw error;
            }
            spdlog::warn("{}; trying again in {} ms", error.what(), pause.count());
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::milliseconds(2000));
        }
    }
}

// The node directory's: a claim or a lookup never waits out another node's locks.
std::string directory_session(const pg_options& o) {
    const auto half = std::max<std::int64_t>(1, o.node_timeout.count() / 2);
    return pg_node_session(o) + "; SET lock_timeout = " + std::to_string(half);
}

}  // namespace

std::string pg_node_session(const pg_options& o) {
    if (o.node.empty()) return {};
    const auto half = std::max<std::int64_t>(1, o.node_timeout.count() / 2);
    return "SET idle_in_transaction_session_timeout = " + std::to_string(half);
}

pg_store::pg_store(pg_options options) : options_(std::move(options)) {
    auto first = connect(options_, pg_node_session(options_));
    where_ = first->where();
    set_name("the PostgreSQL " + where_);
    try {
        if (options_.read_only) {
            detail::check_pg_schema_for_reading(*first);
            reader_ = std::make_unique<detail::pg_reader>(std::move(first));
            accounts_ = std::make_unique<detail::pg_accounts>(connect(options_), true);
            return;  // no writer thread: nothing is ever written
        }
        {
            // Not on a node's connections: their idle-in-transaction limit (half the node timeout) could end a
            // migration's transaction while a busy machine keeps the process from sending its next statement.
            const auto migrator = connect(options_);
            detail::migrate_pg_schema(*migrator);
        }
        ids_ = std::make_unique<detail::pg_match_ids>();
        ids_->add(detail::reserve_match_id_block(*first));  // the block in use
        ids_->add(detail::reserve_match_id_block(*first));  // and the spare
        if (!options_.node.empty()) {
            pg_options once = options_;  // a lobby feed connects again on its own later calls: no waiting here
            once.open_retry_for = {};
            const std::string session = directory_session(options_);
            nodes_ = std::make_unique<detail::pg_nodes>(connect(options_, session), connect(options_, session),
                                                        options_.node, [once] { return connect(once); });
        }
        writer_ = std::make_unique<detail::pg_writer>(std::move(first), *ids_, nodes_.get());
        reader_ = std::make_unique<detail::pg_reader>(connect(options_, pg_node_session(options_)));
        accounts_ = std::make_unique<detail::pg_accounts>(connect(options_, pg_node_session(options_)), false);
    } catch (const detail::pg_failure& f) {
        throw detail::describe(where_, f);
    }
    start_queue(*writer_, {options_.max_batch, options_.progress_delay, options_.shutdown_retries});
    spdlog::info("recording to the PostgreSQL {}", where_);
}

pg_store::~pg_store() {
    stop_queue();  // drains the queue, then joins the writer (a read-only store has none)
}

match_id pg_store::next_match_id() {
    auto id = ids_->take();
    if (!id) {
        // The writer has not reserved the next block yet (many matches at once, or the database away): ask now.
        ids_->add(reader_->reserve_match_ids());
        id = ids_->take();
    }
    return *id;
}

node_directory* pg_store::nodes() { return nodes_.get(); }

account_store* pg_store::accounts() { return accounts_.get(); }

moderation_store* pg_store::moderation() { return accounts_.get(); }

tournament_store* pg_store::tournaments() { return accounts_.get(); }

rating_archive* pg_store::ratings_archive() { return accounts_.get(); }

std::vector<match_summary> pg_store::matches_by_player(std::string_view display_name, std::size_t limit) {
    return reader_->matches_by_player(display_name, limit);
}

std::optional<match_detail> pg_store::match(match_id id) { return reader_->match(id); }

std::vector<match_detail> pg_store::unfinished_matches() { return reader_->unfinished_matches(); }

std::vector<match_detail> pg_store::unfinished_matches_at(const std::vector<std::string>& table_codes) {
    return reader_->unfinished_matches_at(table_codes);
}

std::optional<match_detail> pg_store::finished_match_at(const std::string& table_code, std::int64_t ended_since) {
    return reader_->finished_match_at(table_code, ended_since);
}

std::vector<leaderboard_entry> pg_store::leaderboard(std::string_view preset, std::size_t limit) {
    return reader_->leaderboard(preset, limit);
}

std::vector<preset_stats> pg_store::player_stats(std::string_view display_name) {
    return reader_->player_stats(display_name);
}

}  // namespace golf::persistence
