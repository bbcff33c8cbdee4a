// The lobby feed on PostgreSQL (internal to persistence/): a connection of its own that LISTENs on golf_lobby,
// where every node's lobby transaction NOTIFYs with its node's name. Waiting is poll() on its socket and the
// caller's wake-up descriptor.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "persistence/node_directory.hpp"

namespace golf::persistence::detail {

class pg_connection;

class pg_lobby_feed final : public lobby_feed {
public:
    pg_lobby_feed(std::function<std::unique_ptr<pg_connection>()> connect, std::string node);
    ~pg_lobby_feed() override;

    bool wait(std::chrono::milliseconds timeout, int wake_fd) override;

private:
    // Connects and LISTENs; false (and a warning) when the database cannot be reached now.
    bool listen();

    std::function<std::unique_ptr<pg_connection>()> connect_;
    std::string node_;
    std::unique_ptr<pg_connection> db_;
};

}  // namespace golf::persistence::detail
