// Reports: a player's report is stored as the table filled it in; moderators, admins and owners read the queue and
// close reports (ListReports, CloseReport), each closing written to the moderation log under their name.
#include <algorithm>
#include <ctime>

#include <spdlog/spdlog.h>

#include "server/accounts/accounts.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"

namespace golf::server {

namespace {

constexpr std::uint32_t reports_listed = 50;
constexpr std::uint32_t reports_listed_max = 200;
constexpr std::size_t resolution_max_chars = 200;

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

void accounts::file_report(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                           persistence::report_record report) {
    if (!moderation_) {
        link->send(
            error_frame(rid, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no records, so it takes no reports"));
        return;
    }
    submit(link, rid, [this, report = std::move(report)] {
        const auto id = moderation_->add_report(report);
        spdlog::info("report {} filed at table {}: {} reported {} ({})", id, report.table_code, report.reporter,
                     report.reported, persistence::report_reason_name(report.reason));
        return ok_message();
    });
}

std::variant<accounts::staff_identity, accounts::refusal> accounts::staff_of(const std::shared_ptr<client_link>& link) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return refusal{v1::ERROR_CODE_NOT_SIGNED_IN, "sign in as a moderator first"};
    const auto role = moderation_ ? moderation_->role_of(who.account) : persistence::staff_role::player;
    if (role < persistence::staff_role::moderator)
        return refusal{v1::ERROR_CODE_NOT_STAFF, "only moderators, admins and owners may do that"};
    return staff_identity{who.account, who.name, role};
}

v1::ServerMessage accounts::list_reports(const std::shared_ptr<client_link>& link, const v1::ListReports& request) {
    const auto who = staff_of(link);
    if (const auto* refused = std::get_if<refusal>(&who)) return error_message(refused->first, refused->second);
    const std::uint32_t limit = request.limit() == 0 ? reports_listed : std::min(request.limit(), reports_listed_max);
    v1::ServerMessage out;
    v1::Reports& reports = *out.mutable_reports();  // an empty queue is still an answer
    for (const auto& r : moderation_->reports(request.include_closed(), limit)) to_proto(r, *reports.add_reports());
    return out;
}

v1::ServerMessage accounts::close_report(const std::shared_ptr<client_link>& link, const v1::CloseReport& request) {
    const auto who = staff_of(link);
    if (const auto* refused = std::get_if<refusal>(&who)) return error_message(refused->first, refused->second);
    const auto length = printable_length(request.resolution());
    if (!length || *length == 0 || only_spaces(request.resolution()) || *length > resolution_max_chars)
        return error_message(
            v1::ERROR_CODE_BAD_REQUEST,
            "say what was done, in 1 to " + std::to_string(resolution_max_chars) + " printable characters");
    const auto now = static_cast<std::int64_t>(std::time(nullptr));
    const auto closed =
        moderation_->close_report(static_cast<std::int64_t>(std::min<std::uint64_t>(request.id(), INT64_MAX)),
                                  std::get<staff_identity>(who).name, request.resolution(), now);
    if (!closed)
        return error_message(v1::ERROR_CODE_BAD_REQUEST,
                             "there is no open report " + std::to_string(request.id()) + " (closed already?)");
    spdlog::info("report {} closed by {}", closed->id, closed->closed_by);
    return ok_message();
}

}  // namespace golf::server
