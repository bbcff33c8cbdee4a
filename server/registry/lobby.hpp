// The lobby: the public tables open for joining, one line each, and the connections watching them. A watcher
// gets the whole list when it starts watching and again after every change to a listed line; changes that come
// while a broadcast is on its way are sent with it. Frames leave from the lobby's own strand, in order. Any thread.
// With several nodes the list also holds the other nodes' lines (server/cluster/lobby_sync.hpp keeps them current and
// hears of this node's changes).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <cstdint>
#include <functional>
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
    // A frame to every watcher (an announcement), besides the list.
    void tell_watchers(const std::shared_ptr<const std::string>& frame);
    // Shutdown: no table is listed and nobody watches any more.
    void clear();

    // Several nodes: `changed` is called after every change to this node's listed lines (under the lobby's lock:
    // it must only wake someone); local() is those lines; set_others() replaces the other nodes' lines and says
    // whether watchers should hear of it (announce()).
    void on_local_change(std::function<void()> changed);
    std::map<std::string, v1::LobbyTable> local() const;
    bool set_others(std::map<std::string, v1::LobbyTable> lines);

private:
    v1::LobbyUpdate list_locked() const;

    mutable std::mutex mutex_;
    std::map<std::string, v1::LobbyTable> listed_;  // by join code, the order of the list
    std::map<std::string, v1::LobbyTable> others_;  // the other nodes' lines (a code listed here wins)
    std::function<void()> local_changed_;
    std::map<const client_link*, std::weak_ptr<client_link>> watchers_;
    bool announce_pending_ = false;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
};

}  // namespace golf::server
