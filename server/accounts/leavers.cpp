// Leaving matches with strangers early (leaver_rules.hpp): each one recorded when the match ends with the
// person's seat still the server's, and read when they ask for quick play again.
#include <boost/asio/post.hpp>
#include <ctime>

#include <spdlog/spdlog.h>

#include "ratings/weng_lin.hpp"
#include "server/accounts/accounts.hpp"

namespace golf::server {

void accounts::standing_for_quick_play(std::shared_ptr<client_link> link, std::string preset,
                                       std::function<void(quick_play_standing)> done) {
    if (!accounts_) return done({ratings::conservative(ratings::model{}.initial()), {}});
    boost::asio::post(pool_, [this, link = std::move(link), preset = std::move(preset), done = std::move(done)] {
        const std::int64_t account = link->identity().account;
        quick_play_standing out{rating_with(account, preset), {}};
        const auto now = static_cast<std::int64_t>(std::time(nullptr));
        try {
            if (moderation_)
                out.leaver = leaver_standing_at(
                    moderation_->leaves_since(account, link->remote_address(), now - leaves_counted_s), now);
        } catch (const std::exception& e) {  // a wait not imposed is the lesser harm than no quick play
            spdlog::warn("reading who left matches early failed: {}", e.what());
        }
        done(std::move(out));
    });
}

void accounts::note_leaver(std::int64_t account, std::string address) {
    if (!moderation_ || (account == 0 && address.empty())) return;
    boost::asio::post(pool_, [this, account, address = std::move(address)] {
        try {
            moderation_->add_leave(account, address, static_cast<std::int64_t>(std::time(nullptr)));
        } catch (const std::exception& e) {
            spdlog::warn("recording a match left early failed: {}", e.what());
        }
    });
}

}  // namespace golf::server
