// The names of roles, sanctions and report reasons as the databases, the command line and the log spell them.
#include "persistence/moderation_store.hpp"

#include <array>
#include <ctime>
#include <iomanip>
#include <sstream>
#include <utility>

namespace golf::persistence {

namespace {

constexpr std::array<std::pair<staff_role, std::string_view>, 4> roles{{
    {staff_role::player, "player"},
    {staff_role::moderator, "moderator"},
    {staff_role::admin, "admin"},
    {staff_role::owner, "owner"},
}};

constexpr std::array<std::pair<sanction_kind, std::string_view>, 3> kinds{{
    {sanction_kind::mute, "mute"},
    {sanction_kind::public_ban, "public_ban"},
    {sanction_kind::ban, "ban"},
}};

constexpr std::array<std::pair<report_reason, std::string_view>, 3> reasons{{
    {report_reason::chat, "chat"},
    {report_reason::name, "name"},
    {report_reason::conduct, "conduct"},
}};

template <typename E, std::size_t N>
std::string_view name_of(const std::array<std::pair<E, std::string_view>, N>& names, E value) {
    for (const auto& [e, name] : names)
        if (e == value) return name;
    return "unknown";
}

template <typename E, std::size_t N>
std::optional<E> value_of(const std::array<std::pair<E, std::string_view>, N>& names, std::string_view name) {
    for (const auto& [e, n] : names)
        if (n == name) return e;
    return std::nullopt;
}

}  // namespace

std::string_view role_name(staff_role role) { return name_of(roles, role); }
std::optional<staff_role> role_named(std::string_view name) { return value_of(roles, name); }
std::string_view sanction_name(sanction_kind kind) { return name_of(kinds, kind); }
std::optional<sanction_kind> sanction_named(std::string_view name) { return value_of(kinds, name); }
std::string_view report_reason_name(report_reason reason) { return name_of(reasons, reason); }
std::optional<report_reason> report_reason_named(std::string_view name) { return value_of(reasons, name); }

std::string utc_minute(std::int64_t unix_seconds) {
    const auto t = static_cast<std::time_t>(unix_seconds);
    std::tm parts{};
    if (!gmtime_r(&t, &parts)) return std::to_string(unix_seconds);
    std::ostringstream out;
    out << std::put_time(&parts, "%Y-%m-%d %H:%M UTC");
    return out.str();
}

std::string sanction_detail(const sanction_record& sanction) {
    return "sanction " + std::to_string(sanction.id) + ", " +
           (sanction.expires_at == 0 ? std::string("until lifted") : "until " + utc_minute(sanction.expires_at)) +
           ": " + sanction.reason;
}

std::string guest_address_label(std::string_view address) {
    if (address.find(':') != std::string_view::npos) {  // IPv6: its first three groups
        std::size_t at = 0;
        for (int group = 0; group < 3 && at != std::string_view::npos; ++group) at = address.find(':', at + 1);
        return "guests at " + std::string(address.substr(0, at)) + ":…";
    }
    const auto last = address.rfind('.');
    return "guests at " +
           (last == std::string_view::npos ? std::string("an address") : std::string(address.substr(0, last)) + ".x");
}

std::string sanction_target(const sanction_record& sanction, const std::string& account_name) {
    return sanction.account == 0 ? guest_address_label(sanction.address) : account_name;
}

std::string report_closing_detail(const report_record& report) {
    return "report " + std::to_string(report.id) + " (" + std::string(report_reason_name(report.reason)) + ", by " +
           report.reporter + "): " + report.resolution;
}

}  // namespace golf::persistence
