// A test fixture for the SQLite store: a fresh temporary directory per test, removed afterwards, and a way to run
// SQL on a connection of our own, behind the store's back.
#pragma once

#include <filesystem>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "persistence/sqlite/sqlite_store.hpp"
#include "tests/support/temp_dir.hpp"

namespace golf::persistence::test_support {

class temp_database : public ::testing::Test {
protected:
    sqlite_options options() const {
        sqlite_options o;
        o.path = dir_ / "golf.db";
        return o;
    }
    // Runs SQL (one or more statements) on a connection of our own.
    static void raw_exec(const std::filesystem::path& path, const std::string& sql) {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        char* error = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        sqlite3_close(db);
        ASSERT_EQ(rc, SQLITE_OK) << message;
    }
    // The first column of the first row of a query, as text ("" when there is no row or it is NULL).
    static std::string raw_query(const std::filesystem::path& path, const std::string& sql) {
        sqlite3* db = nullptr;
        std::string out;
        if (sqlite3_open(path.c_str(), &db) == SQLITE_OK) {
            sqlite3_stmt* stmt = nullptr;
            if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
                sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != nullptr) {
                out = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
            }
            sqlite3_finalize(stmt);
        }
        sqlite3_close(db);
        return out;
    }

    golf::testing::temp_dir temp_;  // removed with everything in it after the test
    std::filesystem::path dir_ = temp_.path();
};

}  // namespace golf::persistence::test_support
