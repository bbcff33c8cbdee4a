// Who is signed in to this node now, for the moderators' list of tables (ListLiveTables): every connection that
// signed in to an account, until it closes or signs out. Safe from any thread.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"

namespace golf::server {

class people_online {
public:
    // The connection signed in (again: it is listed once).
    void signed_in(const std::shared_ptr<client_link>& link);
    // Each open connection still signed in, by name, with the table it is at.
    std::vector<v1::OnlinePerson> now();

private:
    void forget_closed();  // under mutex_

    std::mutex mutex_;
    std::vector<std::weak_ptr<client_link>> links_;
};

}  // namespace golf::server
