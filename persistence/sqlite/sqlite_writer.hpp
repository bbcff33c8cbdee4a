// The SQLite store's write_backend (internal to persistence/): the writer connection and the statements that write
// each kind of record, a batch in one BEGIN IMMEDIATE transaction.
#pragma once

#include <memory>
#include <span>

#include "persistence/write_queue.hpp"

namespace golf::persistence::detail {

struct sqlite_database;

class sqlite_writer final : public write_backend {
public:
    explicit sqlite_writer(std::unique_ptr<sqlite_database> db);  // a connection readied by prepare_for_writing
    ~sqlite_writer() override;
    sqlite_writer(const sqlite_writer&) = delete;
    sqlite_writer& operator=(const sqlite_writer&) = delete;

    write_result write_batch(std::span<const write_op> batch) override;
    sqlite_database& database() { return *db_; }

private:
    std::unique_ptr<sqlite_database> db_;
};

}  // namespace golf::persistence::detail
