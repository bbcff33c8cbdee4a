// Reports: a player's report is stored as the table filled it in; moderators, admins and owners close reports
// (CloseReport), each closing written to the moderation log under their name. The queue is read in
// staff_requests.cpp, with the other lists staff read.
#include <algorithm>
#include <ctime>

#include <spdlog/spdlog.h>

#include "server/accounts/accounts.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"

namespace golf::server {

namespace {

constexpr std::size_t resolution_max_chars = 200;

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

v1::ServerMessage accounts::close_report(const std::shared_ptr<client_link>& link, const v1::CloseReport& request) {
    const auto who = staff_of(link);
    if (const auto* refused = std::get_if<refusal>(&who)) return error_message(refused->first, refused->second);
    if (!readable_words(request.resolution(), resolution_max_chars))
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
