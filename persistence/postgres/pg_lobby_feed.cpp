// LISTEN golf_lobby: a notification whose payload is another node's name means that node changed its lines.
#include "persistence/postgres/pg_lobby_feed.hpp"

#include <poll.h>

#include <spdlog/spdlog.h>

#include <algorithm>

#include "persistence/match_store.hpp"
#include "persistence/postgres/pg_connection.hpp"

namespace golf::persistence::detail {

pg_lobby_feed::pg_lobby_feed(std::function<std::unique_ptr<pg_connection>()> connect, std::string node)
    : connect_(std::move(connect)), node_(std::move(node)) {}

pg_lobby_feed::~pg_lobby_feed() = default;

bool pg_lobby_feed::listen() {
    try {
        db_ = connect_();
        db_->exec("LISTEN golf_lobby");
        return true;
    } catch (const pg_failure& f) {
        spdlog::warn("node {}: the lobby feed cannot listen yet: {}", node_, f.message);
    } catch (const store_error& e) {
        spdlog::warn("node {}: the lobby feed cannot listen yet: {}", node_, e.what());
    }
    db_.reset();
    return false;
}

bool pg_lobby_feed::wait(std::chrono::milliseconds timeout, int wake_fd) {
    if (!db_ || !db_->alive()) {
        if (listen()) return true;  // whatever changed while it was not listening is read now
        pollfd wake{wake_fd, POLLIN, 0};
        ::poll(&wake, 1, static_cast<int>(timeout.count()));
        return false;
    }
    pollfd fds[2] = {{db_->socket(), POLLIN, 0}, {wake_fd, POLLIN, 0}};
    ::poll(fds, 2, static_cast<int>(timeout.count()));
    try {
        const auto payloads = db_->notifications();
        return std::any_of(payloads.begin(), payloads.end(), [&](const std::string& p) { return p != node_; });
    } catch (const pg_failure& f) {
        spdlog::warn("node {}: the lobby feed lost its connection: {}", node_, f.message);
        db_.reset();
        return false;
    }
}

}  // namespace golf::persistence::detail
