#include "server/lobby.hpp"

#include <boost/asio/post.hpp>
#include <vector>

#include "server/frames.hpp"

namespace golf::server {

lobby::lobby(boost::asio::io_context& io) : strand_(boost::asio::make_strand(io)) {}

bool lobby::update(const std::string& code, const v1::LobbyTable& line, bool listed) {
    std::lock_guard lock(mutex_);
    const auto it = listed_.find(code);
    if (!listed) {
        if (it == listed_.end()) return false;
        listed_.erase(it);
        return true;
    }
    if (it != listed_.end() && line.SerializeAsString() == it->second.SerializeAsString()) return false;
    listed_[code] = line;
    return true;
}

bool lobby::remove(const std::string& code) {
    std::lock_guard lock(mutex_);
    return listed_.erase(code) > 0;
}

v1::LobbyUpdate lobby::list_locked() const {
    v1::LobbyUpdate update;
    for (const auto& [code, line] : listed_) *update.add_tables() = line;
    return update;
}

void lobby::announce() {
    {
        std::lock_guard lock(mutex_);
        if (announce_pending_) return;  // one broadcast is already on its way and will read the latest list
        announce_pending_ = true;
    }
    boost::asio::post(strand_, [self = shared_from_this()] {
        std::vector<std::shared_ptr<client_link>> watchers;
        v1::ServerMessage out;
        {
            std::lock_guard lock(self->mutex_);
            self->announce_pending_ = false;
            *out.mutable_lobby() = self->list_locked();
            for (auto it = self->watchers_.begin(); it != self->watchers_.end();) {
                if (auto link = it->second.lock()) {
                    watchers.push_back(std::move(link));
                    ++it;
                } else {
                    it = self->watchers_.erase(it);
                }
            }
        }
        if (watchers.empty()) return;
        const auto frame = encode(out);  // once for every watcher
        for (const auto& link : watchers) link->send(frame);
    });
}

void lobby::watch(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    {
        std::lock_guard lock(mutex_);
        watchers_[link.get()] = link;
    }
    // The first list leaves from the lobby strand, so it is never newer than a broadcast after it.
    boost::asio::post(strand_, [self = shared_from_this(), link, rid] {
        v1::ServerMessage out;
        out.set_request_id(rid);
        {
            std::lock_guard lock(self->mutex_);
            *out.mutable_lobby() = self->list_locked();
        }
        link->send(encode(out));
    });
}

void lobby::unwatch(const client_link* link) {
    std::lock_guard lock(mutex_);
    watchers_.erase(link);
}

void lobby::clear() {
    std::lock_guard lock(mutex_);
    listed_.clear();
    watchers_.clear();
}

}  // namespace golf::server
