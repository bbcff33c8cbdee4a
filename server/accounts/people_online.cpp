#include "server/accounts/people_online.hpp"

#include <algorithm>

#include "server/tables/table.hpp"

namespace golf::server {

void people_online::signed_in(const std::shared_ptr<client_link>& link) {
    std::lock_guard lock(mutex_);
    forget_closed();
    const bool listed = std::any_of(links_.begin(), links_.end(), [&](const auto& l) { return l.lock() == link; });
    if (!listed) links_.push_back(link);
}

std::vector<v1::OnlinePerson> people_online::now() {
    std::vector<std::shared_ptr<client_link>> open;
    {
        std::lock_guard lock(mutex_);
        forget_closed();
        for (const auto& l : links_)
            if (auto link = l.lock()) open.push_back(std::move(link));
    }
    std::vector<v1::OnlinePerson> people;
    for (const auto& link : open) {
        const link_identity who = link->identity();
        if (who.account == 0) continue;  // signed out since
        v1::OnlinePerson& one = people.emplace_back();
        one.set_name(who.name);
        one.set_api_key(who.by_api_key);
        if (const auto at = link->current_table()) one.set_table_code(at->code());
    }
    std::sort(people.begin(), people.end(), [](const auto& a, const auto& b) {
        return std::tie(a.name(), a.table_code()) < std::tie(b.name(), b.table_code());
    });
    return people;
}

void people_online::forget_closed() {
    std::erase_if(links_, [](const auto& l) { return l.expired(); });
}

}  // namespace golf::server
