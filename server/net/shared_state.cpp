#include "server/net/shared_state.hpp"

#include <vector>

#include "server/registry/registry.hpp"

namespace golf::server {

shared_state::shared_state(server_config config) : config_(std::move(config)) {}

shared_state::ticket::ticket(std::shared_ptr<shared_state> owner, std::string address, std::uint64_t id, bool counted)
    : owner_(std::move(owner)), address_(std::move(address)), id_(id), counted_(counted) {}

shared_state::ticket::~ticket() { owner_->release(address_, id_, counted_); }

void shared_state::ticket::serve(std::weak_ptr<connection> current) { owner_->serve(id_, std::move(current)); }

bool shared_state::ticket::count_as(const std::string& address) {
    if (counted_) return true;
    {
        std::lock_guard lock(owner_->mutex_);
        if (!owner_->take_place(address)) return false;
    }
    address_ = address;
    counted_ = true;
    return true;
}

bool shared_state::take_place(const std::string& address) {
    int& count = per_address_[address];
    if (count >= config_.max_connections_per_address) {
        if (count == 0) per_address_.erase(address);
        return false;
    }
    ++count;
    return true;
}

std::unique_ptr<shared_state::ticket> shared_state::admit(const std::shared_ptr<shared_state>& self,
                                                          const std::string& address) {
    std::uint64_t id = 0;
    {
        std::lock_guard lock(self->mutex_);
        if (!self->take_place(address)) return nullptr;
        id = self->next_id_++;
        self->live_.emplace(id, std::weak_ptr<connection>());
    }
    return std::unique_ptr<ticket>(new ticket(self, address, id, true));
}

std::unique_ptr<shared_state::ticket> shared_state::admit_proxied(const std::shared_ptr<shared_state>& self,
                                                                  const std::string& address) {
    std::uint64_t id = 0;
    {
        std::lock_guard lock(self->mutex_);
        id = self->next_id_++;
        self->live_.emplace(id, std::weak_ptr<connection>());
    }
    return std::unique_ptr<ticket>(new ticket(self, address, id, false));
}

void shared_state::serve(std::uint64_t id, std::weak_ptr<connection> current) {
    std::lock_guard lock(mutex_);
    if (auto found = live_.find(id); found != live_.end()) found->second = std::move(current);
}

void shared_state::release(const std::string& address, std::uint64_t id, bool counted) {
    std::function<void()> done;
    {
        std::lock_guard lock(mutex_);
        live_.erase(id);
        if (auto found = per_address_.find(address); counted && found != per_address_.end() && --found->second <= 0)
            per_address_.erase(found);
        if (live_.empty() && when_empty_) done = std::exchange(when_empty_, nullptr);
    }
    if (done) done();
}

std::size_t shared_state::open_connections() const {
    std::lock_guard lock(mutex_);
    return live_.size();
}

std::vector<std::weak_ptr<connection>> shared_state::live_connections() const {
    std::vector<std::weak_ptr<connection>> targets;
    std::lock_guard lock(mutex_);
    targets.reserve(live_.size());
    for (const auto& [id, current] : live_) targets.push_back(current);
    return targets;
}

void shared_state::shut_down_all() {
    for (const auto& target : live_connections())
        if (auto alive = target.lock()) alive->shut_down();
}

void shared_state::check_idle_all() {
    for (const auto& target : live_connections())
        if (auto alive = target.lock()) alive->check_idle();
}

void shared_state::when_empty(std::function<void()> done) {
    {
        std::lock_guard lock(mutex_);
        if (!live_.empty()) {
            when_empty_ = std::move(done);
            return;
        }
    }
    done();
}

void shared_state::cancel_when_empty() {
    std::lock_guard lock(mutex_);
    when_empty_ = nullptr;
}

}  // namespace golf::server
