#include "server/registry/rating_answers.hpp"

#include <algorithm>

#include "ratings/weng_lin.hpp"
#include "server/accounts/player_names.hpp"
#include "server/frames.hpp"

namespace golf::server {

namespace {

constexpr std::uint32_t default_history = 200;
constexpr std::uint32_t max_history = 1000;

void fill(v1::Rating& out, const persistence::rating_record& r) {
    out.set_preset(r.preset);
    out.set_mu(r.mu);
    out.set_sigma(r.sigma);
    out.set_conservative(ratings::conservative({r.mu, r.sigma}));
    out.set_matches(static_cast<std::uint32_t>(r.matches));
}

}  // namespace

v1::ServerMessage answer_profile(persistence::match_store& store, const v1::GetProfile& request) {
    persistence::account_store* accounts = store.accounts();
    if (!accounts) return error_message(v1::ERROR_CODE_UNAVAILABLE, "this server keeps no accounts");
    if (request.name().size() > 256) return error_message(v1::ERROR_CODE_BAD_REQUEST, "the name is too long");
    const std::string key = player_names::key(request.name());
    const auto account = key.empty() ? std::nullopt : accounts->account_by_key(key);
    if (!account) return error_message(v1::ERROR_CODE_NO_SUCH_PLAYER, "no account is called '" + request.name() + "'");
    const std::size_t limit =
        request.history_limit() == 0 ? default_history : std::min(request.history_limit(), max_history);
    v1::ServerMessage out;
    v1::Profile& profile = *out.mutable_profile();
    profile.mutable_account()->set_id(account->id);
    profile.mutable_account()->set_name(account->name);
    profile.mutable_account()->set_created_unix(account->created_at);
    for (const auto& r : accounts->ratings(account->id)) {
        fill(*profile.add_ratings(), r);
        v1::Profile::History& history = *profile.add_history();
        history.set_preset(r.preset);
        for (const auto& p : accounts->rating_history(account->id, r.preset, limit)) {
            v1::RatingPoint& point = *history.add_points();
            point.set_match_id(p.match);
            point.set_unix(p.at);
            point.set_mu(p.mu);
            point.set_sigma(p.sigma);
            point.set_conservative(ratings::conservative({p.mu, p.sigma}));
        }
    }
    return out;
}

v1::ServerMessage answer_rated_leaderboard(persistence::match_store& store, const v1::GetLeaderboard& request,
                                           std::size_t limit) {
    persistence::account_store* accounts = store.accounts();
    if (!accounts) return error_message(v1::ERROR_CODE_UNAVAILABLE, "this server keeps no accounts");
    if (request.preset().empty())
        return error_message(v1::ERROR_CODE_BAD_REQUEST, "ratings are per preset: name one (rules=PRESET)");
    v1::ServerMessage out;
    v1::Leaderboard& board = *out.mutable_leaderboard();
    board.set_preset(request.preset());
    board.set_by_rating(true);
    board.set_min_matches(leaderboard_min_matches);
    for (const auto& e : accounts->rating_leaderboard(request.preset(), leaderboard_min_matches, limit)) {
        v1::LeaderboardEntry& entry = *board.add_entries();
        entry.set_name(e.name);
        entry.set_matches(static_cast<std::uint32_t>(e.rating.matches));
        fill(*entry.mutable_rating(), e.rating);
    }
    return out;
}

}  // namespace golf::server
