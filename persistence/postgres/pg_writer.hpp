// The PostgreSQL store's write_backend (internal to persistence/): the writer connection and the statements that
// write each kind of record, a batch in one transaction.
#pragma once

#include <memory>
#include <span>

#include "persistence/node_directory.hpp"
#include "persistence/write_queue.hpp"

namespace golf::persistence::detail {

class pg_connection;
class pg_match_ids;

class pg_writer final : public write_backend {
public:
    // `db` is a connection to a migrated database; the writer keeps `ids` supplied with a spare block. With
    // `nodes` (a cluster) every table it records is this node's, and every batch is fenced (check_fence).
    pg_writer(std::unique_ptr<pg_connection> db, pg_match_ids& ids, const node_directory* nodes);
    ~pg_writer() override;
    pg_writer(const pg_writer&) = delete;
    pg_writer& operator=(const pg_writer&) = delete;

    write_result write_batch(std::span<const write_op> batch) override;

private:
    void reserve_ids_if_wanted();

    std::unique_ptr<pg_connection> db_;
    pg_match_ids& ids_;
    const node_directory* nodes_;
};

}  // namespace golf::persistence::detail
