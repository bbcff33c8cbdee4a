// A fresh PostgreSQL database per test on the tests' own server (scripts/local_postgres.sh, started by CTest as a
// fixture; GOLF_TEST_PG_DIR names its folder), dropped at the end, and SQL run on a connection of our own.
#pragma once

#include <libpq-fe.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace golf::testing {

// The folder of the tests' PostgreSQL server, or "" when none was started (the test is then skipped).
inline std::string pg_test_dir() {
    const char* dir = std::getenv("GOLF_TEST_PG_DIR");
    return dir != nullptr ? dir : "";
}

inline std::string read_first_line(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    if (line.empty()) throw std::runtime_error("cannot read " + path + ": is the tests' PostgreSQL server running?");
    return line;
}

// Runs SQL on a connection of its own; throws with PostgreSQL's message on failure. Returns the first column of
// the first row as text ("" when there is none).
inline std::string pg_run(const std::string& url, const std::string& sql) {
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) throw std::runtime_error(PQerrorMessage(conn.get()));
    PQsetNoticeProcessor(
        conn.get(), [](void*, const char*) {}, nullptr);  // "does not exist, skipping"
    std::unique_ptr<PGresult, decltype(&PQclear)> result(PQexec(conn.get(), sql.c_str()), &PQclear);
    const auto status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        throw std::runtime_error(sql + ": " + PQresultErrorMessage(result.get()));
    }
    if (status != PGRES_TUPLES_OK || PQntuples(result.get()) == 0 || PQgetisnull(result.get(), 0, 0)) return "";
    return PQgetvalue(result.get(), 0, 0);
}

// A database of its own on the tests' server, dropped (connections and all) when it goes.
class pg_database {
public:
    pg_database() : dir_(pg_test_dir()) {
        static std::atomic<int> counter{0};
        name_ = "golf_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
        admin_ = read_first_line(dir_ + "/url");
        pg_run(admin_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        pg_run(admin_, "CREATE DATABASE " + name_);
    }
    ~pg_database() {
        try {
            pg_run(admin_, "DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (...) {
            // The server may be stopped by the test itself; the fixture's stop removes everything anyway.
        }
    }
    pg_database(const pg_database&) = delete;
    pg_database& operator=(const pg_database&) = delete;

    const std::string& name() const { return name_; }
    // Over the Unix socket, no password.
    std::string url() const { return with_database(admin_); }
    // Over 127.0.0.1 with the password (and a wrong one on demand).
    std::string tcp_url(const std::string& password = {}) const {
        std::string url = with_database(read_first_line(dir_ + "/tcp_url"));
        if (!password.empty()) {
            const auto colon = url.find(':', url.find("://") + 3);
            url.replace(colon + 1, url.find('@') - colon - 1, password);
        }
        return url;
    }
    std::string run(const std::string& sql) const { return pg_run(url(), sql); }
    // On the server's own database, so it works while ours refuses connections.
    std::string admin(const std::string& sql) const { return pg_run(admin_, sql); }
    // Our database refuses new connections (as a server going down or failing over would) or takes them again.
    void refuse_connections(bool refuse) const {
        admin("ALTER DATABASE " + name_ + " ALLOW_CONNECTIONS " + (refuse ? "false" : "true"));
    }
    // Connections to our database waiting for a lock, as text.
    std::string waiting_for_locks() const {
        return admin("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = '" + name_ +
                     "' AND wait_event_type = 'Lock'");
    }

    // A table's lock held from a connection of its own (in an open transaction) until this goes.
    class lock {
    public:
        lock(const pg_database& db, const std::string& table) : conn_(PQconnectdb(db.url().c_str()), &PQfinish) {
            if (PQstatus(conn_.get()) != CONNECTION_OK) throw std::runtime_error(PQerrorMessage(conn_.get()));
            PQclear(PQexec(conn_.get(), ("BEGIN; LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE").c_str()));
        }
        ~lock() { PQclear(PQexec(conn_.get(), "ROLLBACK")); }
        lock(const lock&) = delete;
        lock& operator=(const lock&) = delete;

    private:
        std::unique_ptr<PGconn, decltype(&PQfinish)> conn_;
    };

private:
    // The admin URL's database ("/postgres?") replaced by ours.
    std::string with_database(std::string url) const {
        const auto at = url.find("/postgres?");
        if (at == std::string::npos) throw std::runtime_error("unexpected test URL " + url);
        return url.replace(at, 10, "/" + name_ + "?");
    }

    std::string dir_;
    std::string name_;
    std::string admin_;
};

}  // namespace golf::testing
