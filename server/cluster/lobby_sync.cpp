// The lobby thread: waits for a local change (an eventfd the lobby pokes) or another node's notification, then
// writes what changed here and reads what changed there.
#include "server/cluster/lobby_sync.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <system_error>
#include <vector>

namespace golf::server {

lobby_sync::lobby_sync(std::shared_ptr<lobby> lines, persistence::node_directory& nodes,
                       std::chrono::milliseconds timeout, std::chrono::milliseconds refresh)
    : lobby_(std::move(lines)), nodes_(nodes), timeout_(timeout), refresh_(refresh) {
    wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (wake_fd_ < 0) throw std::system_error(errno, std::generic_category(), "eventfd for the lobby");
}

lobby_sync::~lobby_sync() {
    stop();
    ::close(wake_fd_);
}

void lobby_sync::start() {
    feed_ = nodes_.open_lobby_feed();
    lobby_->on_local_change([this] { wake(); });
    thread_ = std::thread([this] { run(); });
}

void lobby_sync::stop() {
    if (stopping_.exchange(true)) return;
    lobby_->on_local_change(nullptr);
    wake();
    if (thread_.joinable()) thread_.join();
}

void lobby_sync::clear() {
    try {
        nodes_.clear_lobby();
    } catch (const std::exception& e) {
        spdlog::warn("node {}: its lobby lines could not be removed ({}); they go once its heartbeat is old",
                     nodes_.node(), e.what());
    }
}

void lobby_sync::wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(wake_fd_, &one, sizeof one);  // full only if never read: awake
}

void lobby_sync::run() {
    using clock = std::chrono::steady_clock;
    auto next_read = clock::now();
    bool local_pending = true;  // whatever the lobby already lists
    while (!stopping_) {
        const auto until_read = std::chrono::duration_cast<std::chrono::milliseconds>(next_read - clock::now());
        const bool others_changed = feed_->wait(std::max(std::chrono::milliseconds(0), until_read), wake_fd_);
        std::uint64_t count = 0;
        if (::read(wake_fd_, &count, sizeof count) > 0) local_pending = true;
        if (stopping_) return;
        if (local_pending) local_pending = !write_local();  // a failure is tried again at the next refresh
        if (others_changed || clock::now() >= next_read) {
            read_others();
            next_read = clock::now() + refresh_;
        }
    }
}

// This node's lines as they are now, against what was last written: one transaction for the difference.
bool lobby_sync::write_local() {
    if (nodes_.incarnation() != written_incarnation_) {
        written_.clear();  // a new incarnation starts with no lines in the database
        written_incarnation_ = nodes_.incarnation();
    }
    std::map<std::string, std::string> now;
    std::vector<persistence::lobby_line> set;
    for (const auto& [code, line] : lobby_->local()) {
        std::string bytes = line.SerializeAsString();
        const auto was = written_.find(code);
        if (was == written_.end() || was->second != bytes) set.push_back({code, {}, bytes});
        now.emplace(code, std::move(bytes));
    }
    std::vector<std::string> removed;
    for (const auto& [code, bytes] : written_)
        if (!now.contains(code)) removed.push_back(code);
    if (set.empty() && removed.empty()) return true;
    try {
        nodes_.write_lobby(set, removed);
        written_ = std::move(now);
        failing_ = false;
        return true;
    } catch (const std::exception& e) {
        if (!std::exchange(failing_, true))
            spdlog::warn("node {}: its lobby lines could not be written ({}); trying again", nodes_.node(), e.what());
        return false;
    }
}

void lobby_sync::read_others() {
    std::vector<persistence::lobby_line> lines;
    try {
        lines = nodes_.read_lobby(timeout_);
    } catch (const std::exception& e) {
        if (!std::exchange(failing_, true))
            spdlog::warn("node {}: the other nodes' lobby lines could not be read ({})", nodes_.node(), e.what());
        return;
    }
    failing_ = false;
    std::map<std::string, v1::LobbyTable> others;
    for (const auto& l : lines) {
        v1::LobbyTable table;
        if (table.ParseFromString(l.line)) others.emplace(l.code, std::move(table));
    }
    if (lobby_->set_others(std::move(others))) lobby_->announce();
}

}  // namespace golf::server
