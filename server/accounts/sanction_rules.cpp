#include "server/accounts/sanction_rules.hpp"

namespace golf::server {

namespace {

using persistence::sanction_kind;

bool forbids(sanction_kind kind, sanctioned_act act) {
    switch (kind) {
        case sanction_kind::ban: return true;
        case sanction_kind::public_ban: return act == sanctioned_act::sit_down_in_public;
        case sanction_kind::mute: return act == sanctioned_act::chat;
    }
    return true;
}

std::string until(const persistence::sanction_record& s) {
    return s.expires_at == 0 ? std::string() : " until " + persistence::utc_minute(s.expires_at);
}

}  // namespace

std::optional<std::pair<v1::ErrorCode, std::string>> sanction_refusal(
    const std::vector<persistence::sanction_record>& in_force, sanctioned_act act) {
    const persistence::sanction_record* told = nullptr;
    for (const auto& s : in_force) {
        if (!forbids(s.kind, act)) continue;
        // 0 never ends: it outlasts any date.
        if (!told || (told->expires_at != 0 && (s.expires_at == 0 || s.expires_at > told->expires_at))) told = &s;
    }
    if (!told) return std::nullopt;
    if (told->account == 0) {  // a guests' address: an account of one's own is not held by it
        const std::string what = told->kind == sanction_kind::mute         ? "may not chat"
                                 : told->kind == sanction_kind::public_ban ? "may not play at public tables"
                                                                           : "may not play here";
        return std::pair{told->kind == sanction_kind::mute ? v1::ERROR_CODE_MUTED : v1::ERROR_CODE_BANNED,
                         "guests from your address " + what + until(*told) + ": " + told->reason};
    }
    switch (told->kind) {
        case sanction_kind::ban:
            return std::pair{v1::ERROR_CODE_BANNED, "this account is banned" + until(*told) + ": " + told->reason};
        case sanction_kind::public_ban:
            return std::pair{v1::ERROR_CODE_BANNED,
                             "you may not play at public tables or in quick play" + until(*told) + ": " + told->reason};
        case sanction_kind::mute:
            return std::pair{v1::ERROR_CODE_MUTED, "you may not chat" + until(*told) + ": " + told->reason};
    }
    return std::nullopt;
}

}  // namespace golf::server
