// The rating reads history answers (server/registry/history.hpp): an account's profile (GetProfile, /api/profiles/NAME)
// and the leaderboard by rating (GetLeaderboard with by_rating, /api/leaderboard?rules=PRESET&by=rating). Called
// on history's thread; throw store_error when the database cannot answer.
#pragma once

#include "golf/v1/messages.pb.h"
#include "persistence/account_store.hpp"
#include "persistence/match_store.hpp"

namespace golf::server {

// The rated matches an account needs with a preset before the leaderboard lists it: fewer, and its sigma is
// still so wide that mu - 3 sigma says little.
inline constexpr int leaderboard_min_matches = 5;

v1::ServerMessage answer_profile(persistence::match_store& store, const v1::GetProfile& request);
v1::ServerMessage answer_rated_leaderboard(persistence::match_store& store, const v1::GetLeaderboard& request,
                                           std::size_t limit);

}  // namespace golf::server
