// The lobby: the public tables open for joining, one line each, and the connections watching them. A watcher
// gets the whole list when it starts watching and again after every change to a listed line; changes that come
// while a broadcast is on its way are sent with it. Frames leave from the lobby's own strand, in order. Any thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"

namespace golf::server {

class lobby : public std::enable_shared_from_this<lobby> {
public:
    explicit lobby(boost::asio::io_context& io);

    // A table's line, listed or not; true when watchers should hear of it (announce()).
    bool update(const std::string& code, const v1::LobbyTable& line, bool listed);
    // The table is gone; true when it was listed.
    bool remove(const std::string& code);
    // Sends the list to every watcher, once for changes that come together.
    void announce();

    // WatchLobby: the list, answering `rid`, then every change.
    void watch(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void unwatch(const client_link* link);
    // Shutdown: no table is listed and nobody watches any more.
    void clear();

private:
    v1::LobbyUpdate list_locked() const;

    mutable std::mutex mutex_;
    std::map<std::string, v1::LobbyTable> listed_;  // by join code, the order of the list
    std::map<const client_link*, std::weak_ptr<client_link>> watchers_;
    bool announce_pending_ = false;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
};

}  // namespace golf::server
