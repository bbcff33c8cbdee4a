// Opening the store a --db text names, and printing that text without its password.
#include "persistence/open_store.hpp"

#include "persistence/postgres/pg_connection.hpp"
#include "persistence/postgres/pg_store.hpp"
#include "persistence/sqlite/sqlite_store.hpp"

namespace golf::persistence {

bool is_postgres(std::string_view db) { return detail::is_postgres_url(db); }

std::shared_ptr<match_store> open_store(const store_settings& settings) {
    if (is_postgres(settings.db)) {
        pg_options o;
        o.url = settings.db;
        o.progress_delay = settings.progress_delay;
        o.open_retry_for = settings.connect_retry_for;
        o.read_only = settings.read_only;
        o.node = settings.node;
        o.node_timeout = settings.node_timeout;
        return std::make_shared<pg_store>(std::move(o));
    }
    if (!settings.node.empty()) {
        throw store_error(store_error_kind::cannot_open,
                          "several nodes need a shared PostgreSQL database: --node needs --db postgresql://...");
    }
    sqlite_options o;
    o.path = settings.db;
    o.synchronous_full = settings.synchronous_full;
    o.progress_delay = settings.progress_delay;
    o.read_only = settings.read_only;
    return std::make_shared<sqlite_store>(std::move(o));
}

std::string printable_db(std::string_view db) {
    if (!is_postgres(db)) return std::string(db);
    std::string out(db);
    // postgresql://user:password@host/...: the password is between the first ':' after the scheme and the '@'.
    const auto start = out.find("://") + 3;
    const auto at = out.find('@', start);
    const auto slash = out.find('/', start);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
        const auto colon = out.find(':', start);
        if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
    // ...?password=secret&...
    for (auto p = out.find("password=", start); p != std::string::npos; p = out.find("password=", p + 1)) {
        const auto value = p + 9;
        const auto end = out.find('&', value);
        out.replace(value, (end == std::string::npos ? out.size() : end) - value, "***");
    }
    return out;
}

}  // namespace golf::persistence
