// Server tests run once per database backend: SQLite in a fresh temporary directory, PostgreSQL in a fresh
// database on the tests' own server (CTest's server_postgres fixture; skipped when GOLF_TEST_PG_DIR is unset).
// db() is what --db takes; query() reads behind the server's back; fail_writes() makes the server's writes fail
// until it goes (SQLite: another process holds the write lock past the busy timeout; PostgreSQL: the database
// refuses connections and the server's are cut, as a database restarting or failing over would).
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <memory>
#include <string>

#include "tests/support/pg_database.hpp"
#include "tests/support/sqlite_query.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::server::testing {

enum class backend { sqlite, postgresql };

inline std::string backend_name(const ::testing::TestParamInfo<backend>& info) {
    return info.param == backend::sqlite ? "sqlite" : "postgresql";
}
inline void PrintTo(backend b, std::ostream* out) { *out << (b == backend::sqlite ? "sqlite" : "postgresql"); }

// Until it goes, the server's database writes fail.
class write_failure {
public:
    virtual ~write_failure() = default;
};

class on_each_backend : public ::testing::TestWithParam<backend> {
protected:
    void SetUp() override {
        if (!postgres()) return;
        if (golf::testing::pg_test_dir().empty()) GTEST_SKIP() << "no PostgreSQL for the tests (GOLF_TEST_PG_DIR)";
        pg_ = std::make_unique<golf::testing::pg_database>();
    }

    bool postgres() const { return GetParam() == backend::postgresql; }
    std::string db() const { return postgres() ? pg_->url() : (dir_.path() / "golf.db").string(); }
    // The first column of the first row as text; `pg_sql` where PostgreSQL's dialect differs.
    std::string query(const std::string& sql, const std::string& pg_sql = {}) const {
        if (postgres()) return pg_->run(pg_sql.empty() ? sql : pg_sql);
        return golf::testing::query_text(db(), sql);
    }
    std::unique_ptr<write_failure> fail_writes() const;

    golf::testing::temp_dir dir_;
    std::unique_ptr<golf::testing::pg_database> pg_;
};

namespace backend_failures {

class sqlite_locked final : public write_failure {
public:
    explicit sqlite_locked(const std::string& path) {
        EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
        sqlite3_busy_timeout(db_, 5000);  // the server's writer may be mid-transaction
        EXPECT_EQ(sqlite3_exec(db_, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
    }
    ~sqlite_locked() override {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(db_);
    }

private:
    sqlite3* db_ = nullptr;
};

class pg_away final : public write_failure {
public:
    explicit pg_away(const golf::testing::pg_database& db) : db_(db) {
        db_.refuse_connections(true);
        db_.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + db_.name() +
                  "' AND application_name = 'golf-server'");
    }
    ~pg_away() override { db_.refuse_connections(false); }

private:
    const golf::testing::pg_database& db_;
};

}  // namespace backend_failures

inline std::unique_ptr<write_failure> on_each_backend::fail_writes() const {
    if (postgres()) return std::make_unique<backend_failures::pg_away>(*pg_);
    return std::make_unique<backend_failures::sqlite_locked>(db());
}

}  // namespace golf::server::testing
