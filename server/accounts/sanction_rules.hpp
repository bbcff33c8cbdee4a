// What an account's sanctions in force forbid (persistence/moderation_store.hpp), as the refusal a request gets:
// a ban forbids signing in, sitting down and chatting; a public ban, sitting down at a public table or in quick
// play; a mute, chatting. Of several that forbid an act, the one that ends last is told, with its reason.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "persistence/moderation_store.hpp"

namespace golf::server {

enum class sanctioned_act { sign_in, sit_down, sit_down_in_public, chat };

std::optional<std::pair<v1::ErrorCode, std::string>> sanction_refusal(
    const std::vector<persistence::sanction_record>& in_force, sanctioned_act act);

}  // namespace golf::server
