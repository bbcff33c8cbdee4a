// Shared by the tests that look into golf-server's database behind its back (process, faults, tokens): one value
// read with a read-only connection of the test's own, so what a test checks is what is on disk.
#pragma once

#include <sqlite3.h>

#include <string>

namespace golf::testing {

// The first column of the first row of `sql` as text ("" when there is no row or the database cannot be read).
inline std::string query_text(const std::string& db_path, const char* sql) {
    sqlite3* db = nullptr;
    std::string out;
    if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);  // the server's writer may hold the lock for a moment
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
            const auto* text = sqlite3_column_text(stmt, 0);
            if (text) out = reinterpret_cast<const char*>(text);
        }
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return out;
}

inline std::string query_text(const std::string& db_path, const std::string& sql) {
    return query_text(db_path, sql.c_str());
}

}  // namespace golf::testing
