#include "server/registry/lobby.hpp"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <vector>

#include "server/frames.hpp"

namespace golf::server {

lobby::lobby(boost::asio::io_context& io) : strand_(boost::asio::make_strand(io)) {}

namespace {

bool same(const v1::LobbyTable& a, const v1::LobbyTable& b) { return a.SerializeAsString() == b.SerializeAsString(); }

}  // namespace

bool lobby::update(const std::string& code, const v1::LobbyTable& line, bool listed) {
    std::lock_guard lock(mutex_);
    const auto it = listed_.find(code);
    if (!listed) {
        if (it == listed_.end()) return false;
        listed_.erase(it);
    } else {
        if (it != listed_.end() && same(line, it->second)) return false;
        listed_[code] = line;
    }
    if (local_changed_) local_changed_();
    return true;
}

bool lobby::remove(const std::string& code) {
    std::lock_guard lock(mutex_);
    if (listed_.erase(code) == 0) return false;
    if (local_changed_) local_changed_();
    return true;
}

void lobby::on_local_change(std::function<void()> changed) {
    std::lock_guard lock(mutex_);
    local_changed_ = std::move(changed);
}

std::map<std::string, v1::LobbyTable> lobby::local() const {
    std::lock_guard lock(mutex_);
    return listed_;
}

bool lobby::set_others(std::map<std::string, v1::LobbyTable> lines) {
    std::lock_guard lock(mutex_);
    const bool differs = lines.size() != others_.size() ||
                         !std::equal(lines.begin(), lines.end(), others_.begin(), [](const auto& a, const auto& b) {
                             return a.first == b.first && same(a.second, b.second);
                         });
    others_ = std::move(lines);
    return differs;
}

// Every listed line in join-code order, this node's and the other nodes' (a table taken over from another node
// is listed here before that node's line is gone: this node's line wins).
v1::LobbyUpdate lobby::list_locked() const {
    std::map<std::string_view, const v1::LobbyTable*> lines;
    for (const auto& [code, line] : others_) lines[code] = &line;
    for (const auto& [code, line] : listed_) lines[code] = &line;
    v1::LobbyUpdate update;
    for (const auto& [code, line] : lines) *update.add_tables() = *line;
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
            for (auto it = self->watchers_.begin(); it != self->watchers_.end();) {
                if (auto link = it->second.lock()) {
                    watchers.push_back(std::move(link));
                    ++it;
                } else {
                    it = self->watchers_.erase(it);
                }
            }
            if (watchers.empty()) return;  // nobody to build the list for
            *out.mutable_lobby() = self->list_locked();
        }
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

void lobby::tell_watchers(const std::shared_ptr<const std::string>& frame) {
    std::vector<std::shared_ptr<client_link>> links;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [key, watcher] : watchers_)
            if (auto link = watcher.lock()) links.push_back(std::move(link));
    }
    for (const auto& link : links) link->send(frame);
}

void lobby::clear() {
    std::lock_guard lock(mutex_);
    listed_.clear();
    others_.clear();
    watchers_.clear();
}

}  // namespace golf::server
