// A test fixture run once per backend: SQLite in a fresh temporary directory, PostgreSQL in a fresh database on the
// tests' own server. open() makes a store of the backend under test, query() reads behind its back, and
// block_writes() holds the database's write lock from another connection, so records queue up whatever the
// machine's speed (SQLite's writer fails and retries; PostgreSQL's waits for the lock).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "persistence/match_store.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/support/pg_database.hpp"
#include "tests/support/sqlite_query.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::persistence::test_support {

enum class backend { sqlite, postgresql };

inline std::string backend_name(const ::testing::TestParamInfo<backend>& info) {
    return info.param == backend::sqlite ? "sqlite" : "postgresql";
}
inline void PrintTo(backend b, std::ostream* out) { *out << (b == backend::sqlite ? "sqlite" : "postgresql"); }

// What the tests vary; everything else is each backend's default.
struct queue_settings {
    std::chrono::milliseconds progress_delay{0};
    std::size_t max_batch = 1000;
};

// The other connection's lock, released when this goes (or by release()).
class write_block {
public:
    virtual ~write_block() = default;
};

class any_store : public ::testing::TestWithParam<backend> {
protected:
    void SetUp() override {
        if (GetParam() == backend::postgresql) {
            if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
            pg_ = std::make_unique<golf::testing::pg_database>();
        }
    }

    bool postgres() const { return GetParam() == backend::postgresql; }
    std::string db() const { return postgres() ? pg_->url() : (dir_ / "golf.db").string(); }

    std::unique_ptr<match_store> open(queue_settings q = {}) const {
        if (postgres()) {
            pg_options o;
            o.url = pg_->url();
            o.progress_delay = q.progress_delay;
            o.max_batch = q.max_batch;
            return std::make_unique<pg_store>(std::move(o));
        }
        sqlite_options o;
        o.path = dir_ / "golf.db";
        o.busy_timeout = std::chrono::milliseconds(20);
        o.progress_delay = q.progress_delay;
        o.max_batch = q.max_batch;
        return std::make_unique<sqlite_store>(std::move(o));
    }

    // The first column of the first row, as text ("" when none).
    std::string query(const std::string& sql) const {
        return postgres() ? pg_->run(sql) : golf::testing::query_text((dir_ / "golf.db").string(), sql);
    }

    std::unique_ptr<write_block> block_writes() const;

    golf::testing::temp_dir temp_;
    std::filesystem::path dir_ = temp_.path();
    std::unique_ptr<golf::testing::pg_database> pg_;
};

namespace detail_blocks {

class sqlite_block final : public write_block {
public:
    explicit sqlite_block(const std::filesystem::path& path) {
        EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
        EXPECT_EQ(sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    }
    ~sqlite_block() override {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(db_);
    }

private:
    sqlite3* db_ = nullptr;
};

class pg_block final : public write_block {
public:
    explicit pg_block(const std::string& url) : conn_(PQconnectdb(url.c_str())) {
        EXPECT_EQ(PQstatus(conn_), CONNECTION_OK) << PQerrorMessage(conn_);
        PGresult* r = PQexec(conn_,
                             "BEGIN; LOCK TABLE tables, matches, match_seats, players, holes, hole_scores, "
                             "hands_in_play IN ACCESS EXCLUSIVE MODE");
        EXPECT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << PQresultErrorMessage(r);
        PQclear(r);
    }
    ~pg_block() override {
        PQclear(PQexec(conn_, "ROLLBACK"));
        PQfinish(conn_);
    }

private:
    PGconn* conn_;
};

}  // namespace detail_blocks

inline std::unique_ptr<write_block> any_store::block_writes() const {
    if (postgres()) return std::make_unique<detail_blocks::pg_block>(pg_->url());
    return std::make_unique<detail_blocks::sqlite_block>(dir_ / "golf.db");
}

}  // namespace golf::persistence::test_support
