// What every node hears of moderation on the others, or from the command line: the announcements and sanctions
// added since it last looked. A single node looks every half second on the service's own pool (a round waits for
// the database, never on a network thread); with several nodes the cluster's round does the looking.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/accounts/accounts.hpp"

namespace golf::server {

namespace {

constexpr std::size_t relayed_per_round = 100;

}  // namespace

std::vector<persistence::moderation_entry> accounts::announcements_after(std::int64_t after) {
    if (!moderation_) return {};
    return moderation_->log_after(after, "announce", relayed_per_round);
}

std::int64_t accounts::newest_log_line() {
    if (!moderation_) return 0;
    const auto newest = moderation_->moderation_log(1);
    return newest.empty() ? 0 : newest.front().id;
}

std::vector<persistence::sanction_record> accounts::sanctions_after(std::int64_t after) {
    if (!moderation_) return {};
    return moderation_->sanctions_after(after, relayed_per_round);
}

std::int64_t accounts::newest_sanction() {
    if (!moderation_) return 0;
    const auto newest = moderation_->sanctions(0, 1);
    return newest.empty() ? 0 : newest.front().id;
}

void accounts::every(std::chrono::milliseconds period, std::function<void()> round) {
    boost::asio::post(rounds_, [this, period, round = std::move(round)]() mutable {
        if (!stopped_) next_round(period, std::move(round));
    });
}

void accounts::next_round(std::chrono::milliseconds period, std::function<void()> round) {
    round_timer_.expires_after(period);
    round_timer_.async_wait([this, period, round = std::move(round)](boost::system::error_code error) mutable {
        if (error || stopped_) return;
        try {
            round();
            if (round_failing_) spdlog::info("the moderation round works again");
            round_failing_ = false;
        } catch (const std::exception& e) {
            if (!round_failing_) spdlog::warn("the moderation round failed (tried again every round): {}", e.what());
            round_failing_ = true;
        }
        next_round(period, std::move(round));
    });
}

}  // namespace golf::server
