// The PostgreSQL store's write_backend (internal to persistence/): the writer connection and the statements that
// write each kind of record, a batch in one transaction.
#pragma once

#include <memory>
#include <span>

#include "persistence/write_queue.hpp"

namespace golf::persistence::detail {

class pg_connection;
class pg_match_ids;

class pg_writer final : public write_backend {
public:
    // `db` is a connection to a migrated database; the writer keeps `ids` supplied with a spare block.
    pg_writer(std::unique_ptr<pg_connection> db, pg_match_ids& ids);
    ~pg_writer() override;
    pg_writer(const pg_writer&) = delete;
    pg_writer& operator=(const pg_writer&) = delete;

    write_result write_batch(std::span<const write_op> batch) override;

private:
    void reserve_ids_if_wanted();

    std::unique_ptr<pg_connection> db_;
    pg_match_ids& ids_;
};

}  // namespace golf::persistence::detail
