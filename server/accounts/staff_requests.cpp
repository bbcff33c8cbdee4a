// What moderators, admins and owners do over the protocol, as `golf admin` does from the host's terminal: give and
// lift sanctions, list them, read the moderation log, and (admins and owners) give roles. Each change is written
// to the moderation log under the staff member's name, in the same transaction (moderation_store.hpp).
#include <algorithm>
#include <ctime>
#include <variant>

#include <spdlog/spdlog.h>

#include "server/accounts/accounts.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"

namespace golf::server {

namespace {

using persistence::sanction_kind;
using persistence::staff_role;

constexpr std::uint32_t staff_listed = 50;
constexpr std::uint32_t staff_listed_max = 200;
constexpr std::size_t sanction_reason_max_chars = 200;
constexpr std::uint32_t longest_sanction_minutes = 10 * 366 * 24 * 60;  // ten years, as golf admin allows

std::int64_t staff_clock_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

std::uint32_t staff_list_limit(std::uint32_t asked) {
    return asked == 0 ? staff_listed : std::min(asked, staff_listed_max);
}

std::optional<sanction_kind> sanction_kind_of(v1::SanctionKind kind) {
    switch (kind) {
        case v1::SANCTION_KIND_MUTE: return sanction_kind::mute;
        case v1::SANCTION_KIND_PUBLIC_BAN: return sanction_kind::public_ban;
        case v1::SANCTION_KIND_BAN: return sanction_kind::ban;
        default: return std::nullopt;
    }
}

v1::SanctionKind to_proto(sanction_kind kind) {
    switch (kind) {
        case sanction_kind::mute: return v1::SANCTION_KIND_MUTE;
        case sanction_kind::public_ban: return v1::SANCTION_KIND_PUBLIC_BAN;
        case sanction_kind::ban: return v1::SANCTION_KIND_BAN;
    }
    return v1::SANCTION_KIND_UNSPECIFIED;
}

std::optional<staff_role> staff_role_of(v1::StaffRole role) {
    switch (role) {
        case v1::STAFF_ROLE_PLAYER: return staff_role::player;
        case v1::STAFF_ROLE_MODERATOR: return staff_role::moderator;
        case v1::STAFF_ROLE_ADMIN: return staff_role::admin;
        case v1::STAFF_ROLE_OWNER: return staff_role::owner;
        default: return std::nullopt;
    }
}

void to_proto(const persistence::sanction_record& s, const std::string& name, std::int64_t now, v1::SanctionInfo& out) {
    out.set_id(static_cast<std::uint64_t>(s.id));
    out.set_name(name);
    out.set_kind(to_proto(s.kind));
    out.set_reason(s.reason);
    out.set_created_unix_s(s.created_at);
    out.set_expires_unix_s(s.expires_at);
    out.set_given_by(s.given_by);
    out.set_lifted_unix_s(s.lifted_at);
    out.set_lifted_by(s.lifted_by);
    out.set_in_force(s.active_at(now));
}

v1::ServerMessage staff_refused(const accounts::refusal& r) { return error_message(r.first, r.second); }

// Whom a GiveSanction names: an account by its name, or the guests at the address of a guest reported.
struct sanction_aim {
    persistence::account_id account = 0;
    std::string name;  // the account's, or the guests' label
    std::string address;
};

std::variant<sanction_aim, v1::ServerMessage> aim_of(persistence::moderation_store& m, const v1::GiveSanction& request,
                                                     persistence::account_id staff) {
    if (request.report_id() != 0) {
        if (!request.name().empty())
            return error_message(v1::ERROR_CODE_BAD_REQUEST, "name an account or a report, not both");
        const auto id = static_cast<std::int64_t>(std::min<std::uint64_t>(request.report_id(), INT64_MAX));
        const auto report = m.report(id);
        if (!report) return error_message(v1::ERROR_CODE_BAD_REQUEST, "there is no report " + std::to_string(id));
        if (report->reported_account != 0)
            return error_message(v1::ERROR_CODE_BAD_REQUEST, "report " + std::to_string(id) + " is about " +
                                                                 report->reported + "'s account: sanction it by name");
        if (report->reported_address.empty())
            return error_message(v1::ERROR_CODE_BAD_REQUEST, "report " + std::to_string(id) + " kept no address");
        return sanction_aim{0, persistence::guest_address_label(report->reported_address), report->reported_address};
    }
    const auto account = m.account_named(request.name());
    if (!account) return error_message(v1::ERROR_CODE_NO_SUCH_PLAYER, "no account is named '" + request.name() + "'");
    if (account->id == staff) return error_message(v1::ERROR_CODE_BAD_REQUEST, "you cannot sanction yourself");
    if (m.role_of(account->id) != staff_role::player)
        return error_message(v1::ERROR_CODE_BAD_REQUEST, account->name + " has a role: an owner takes it away first");
    return sanction_aim{account->id, account->name, {}};
}

v1::ReportReason to_proto(persistence::report_reason reason) {
    switch (reason) {
        case persistence::report_reason::chat: return v1::REPORT_REASON_CHAT;
        case persistence::report_reason::name: return v1::REPORT_REASON_NAME;
        case persistence::report_reason::conduct: return v1::REPORT_REASON_CONDUCT;
    }
    return v1::REPORT_REASON_UNSPECIFIED;
}

void to_proto(const persistence::report_record& r, v1::ReportInfo& out) {
    out.set_id(static_cast<std::uint64_t>(r.id));
    out.set_unix_s(r.created_at);
    out.set_reporter(r.reporter);
    out.set_reporter_registered(r.reporter_account != 0);
    out.set_reported(r.reported);
    out.set_reported_registered(r.reported_account != 0);
    out.set_reason(to_proto(r.reason));
    out.set_text(r.text);
    out.set_table_code(r.table_code);
    out.set_match_id(static_cast<std::uint64_t>(r.match_id));
    out.set_hole(static_cast<std::uint32_t>(r.hole));
    out.set_chat(r.chat);
    out.set_closed_unix_s(r.closed_at);
    out.set_closed_by(r.closed_by);
    out.set_resolution(r.resolution);
}

}  // namespace

v1::ServerMessage accounts::give_sanction(const std::shared_ptr<client_link>& link, const v1::GiveSanction& request) {
    const auto who = staff_of(link);
    if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
    const staff_identity& staff = std::get<staff_identity>(who);
    const auto kind = sanction_kind_of(request.kind());
    if (!kind) return error_message(v1::ERROR_CODE_BAD_REQUEST, "say which sanction: a mute, a public ban or a ban");
    if (!readable_words(request.reason(), sanction_reason_max_chars))
        return error_message(v1::ERROR_CODE_BAD_REQUEST, "say why in 1 to " +
                                                             std::to_string(sanction_reason_max_chars) +
                                                             " printable characters; it is shown to the person");
    if (request.minutes() > longest_sanction_minutes)
        return error_message(v1::ERROR_CODE_BAD_REQUEST,
                             "a sanction lasts at most ten years (0 minutes: until lifted)");
    const auto aim = aim_of(*moderation_, request, staff.account);
    if (const auto* no = std::get_if<v1::ServerMessage>(&aim)) return *no;
    const sanction_aim& to = std::get<sanction_aim>(aim);
    const std::int64_t now = staff_clock_now();
    const std::int64_t ends = request.minutes() == 0 ? 0 : now + std::int64_t{request.minutes()} * 60;
    const auto given =
        moderation_->add_sanction({0, to.account, *kind, request.reason(), now, ends, staff.name, 0, "", to.address});
    spdlog::info("sanction {} ({}) given to {} by {}", given.id, persistence::sanction_name(given.kind), to.name,
                 staff.name);
    v1::ServerMessage out;
    to_proto(given, to.name, now, *out.mutable_sanctions()->add_sanctions());
    return out;
}

v1::ServerMessage accounts::lift_sanction(const std::shared_ptr<client_link>& link, const v1::LiftSanction& request) {
    const auto who = staff_of(link);
    if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
    const auto id = static_cast<std::int64_t>(std::min<std::uint64_t>(request.id(), INT64_MAX));
    if (!moderation_->lift_sanction(id, std::get<staff_identity>(who).name, staff_clock_now()))
        return error_message(v1::ERROR_CODE_BAD_REQUEST,
                             "no sanction " + std::to_string(request.id()) + " is in force");
    return ok_message();
}

v1::ServerMessage accounts::list_sanctions(const std::shared_ptr<client_link>& link, const v1::ListSanctions& request) {
    const auto who = staff_of(link);
    if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
    persistence::account_id of = 0;
    if (!request.name().empty()) {
        const auto account = moderation_->account_named(request.name());
        if (!account)
            return error_message(v1::ERROR_CODE_NO_SUCH_PLAYER, "no account is named '" + request.name() + "'");
        of = account->id;
    }
    const std::int64_t now = staff_clock_now();
    v1::ServerMessage out;
    v1::Sanctions& list = *out.mutable_sanctions();  // none is still an answer
    for (const auto& s : moderation_->sanctions(of, staff_list_limit(request.limit()))) {
        const auto account = s.account == 0 ? std::nullopt : accounts_->account_by_id(s.account);
        to_proto(s, persistence::sanction_target(s, account ? account->name : "account " + std::to_string(s.account)),
                 now, *list.add_sanctions());
    }
    return out;
}

v1::ServerMessage accounts::moderation_log(const std::shared_ptr<client_link>& link,
                                           const v1::GetModerationLog& request) {
    const auto who = staff_of(link);
    if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
    v1::ServerMessage out;
    v1::ModerationLog& log = *out.mutable_moderation_log();
    for (const auto& e : moderation_->moderation_log(staff_list_limit(request.limit()))) {
        v1::ModerationLogLine& line = *log.add_lines();
        line.set_unix_s(e.at);
        line.set_actor(e.actor);
        line.set_action(e.action);
        line.set_target(e.target);
        line.set_detail(e.detail);
    }
    return out;
}

// Owners give any role; admins move accounts between player and moderator only.
v1::ServerMessage accounts::set_role(const std::shared_ptr<client_link>& link, const v1::SetRole& request) {
    const auto who = staff_of(link);
    if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
    const staff_identity& staff = std::get<staff_identity>(who);
    const auto role = staff_role_of(request.role());
    if (!role) return error_message(v1::ERROR_CODE_BAD_REQUEST, "say which role: player, moderator, admin or owner");
    const auto account = moderation_->account_named(request.name());
    if (!account) return error_message(v1::ERROR_CODE_NO_SUCH_PLAYER, "no account is named '" + request.name() + "'");
    const bool admins_may =
        *role <= staff_role::moderator && moderation_->role_of(account->id) <= staff_role::moderator;
    if (staff.role < staff_role::admin || (staff.role == staff_role::admin && !admins_may))
        return error_message(v1::ERROR_CODE_NOT_STAFF, staff.role < staff_role::admin
                                                           ? "only admins and owners give roles"
                                                           : "admins make moderators and players only; ask an owner");
    switch (moderation_->set_role(account->id, *role, staff.name, staff_clock_now())) {
        case persistence::role_change::done: return ok_message();
        case persistence::role_change::no_such_account:
            return error_message(v1::ERROR_CODE_NO_SUCH_PLAYER, "the account is gone");
        case persistence::role_change::last_owner:
            return error_message(v1::ERROR_CODE_BAD_REQUEST,
                                 account->name + " is the last owner: make another owner first");
    }
    return error_message(v1::ERROR_CODE_INTERNAL, "the role could not be set");
}

v1::ServerMessage accounts::list_reports(const std::shared_ptr<client_link>& link, const v1::ListReports& request) {
    const auto who = staff_of(link);
    if (const auto* refused = std::get_if<refusal>(&who)) return error_message(refused->first, refused->second);
    v1::ServerMessage out;
    v1::Reports& reports = *out.mutable_reports();  // an empty queue is still an answer
    for (const auto& r : moderation_->reports(request.include_closed(), staff_list_limit(request.limit())))
        to_proto(r, *reports.add_reports());
    return out;
}

void accounts::as_staff(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                        std::function<std::optional<v1::ServerMessage>(const std::string& staff)> next) {
    if (!accounts_) {
        link->send(error_frame(rid, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no accounts (it has no database)"));
        return;
    }
    submit(link, rid, [this, link, next = std::move(next)]() -> v1::ServerMessage {
        const auto who = staff_of(link);
        if (const auto* no = std::get_if<refusal>(&who)) return staff_refused(*no);
        return next(std::get<staff_identity>(who).name).value_or(v1::ServerMessage());
    });
}

std::int64_t accounts::log_staff_action(const persistence::moderation_entry& entry) {
    return moderation_->add_log_line(entry);
}

}  // namespace golf::server
