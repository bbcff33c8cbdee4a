// Report: a person at the table reports another to the moderators. The table fills in what only it knows (the
// names seated, its recent chat, the match and hole in play); the account service stores it (accounts/reports.cpp).
#include <ctime>
#include <string>

#include "server/printable_text.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

namespace {

constexpr std::size_t report_max_chars = 500;
constexpr int report_max_per_window = 3;
constexpr std::chrono::minutes report_window{1};
constexpr std::size_t report_chat_lines = 20;

std::optional<persistence::report_reason> reason_of(v1::ReportReason reason) {
    switch (reason) {
        case v1::REPORT_REASON_CHAT: return persistence::report_reason::chat;
        case v1::REPORT_REASON_NAME: return persistence::report_reason::name;
        case v1::REPORT_REASON_CONDUCT: return persistence::report_reason::conduct;
        default: return std::nullopt;
    }
}

// "12:01:02 Ann: hello" (UTC); a reaction by its name, as "12:01:05 Bob: (reaction WELL_PLAYED)".
std::string chat_line_text(const v1::ChatLine& line) {
    const auto t = static_cast<std::time_t>(line.unix_ms() / 1000);
    std::tm parts{};
    char clock_text[16] = "??:??:??";
    if (gmtime_r(&t, &parts)) std::strftime(clock_text, sizeof clock_text, "%H:%M:%S", &parts);
    std::string words = line.text();
    if (line.reaction() != v1::REACTION_UNSPECIFIED) {
        std::string name = v1::Reaction_Name(line.reaction());
        if (name.starts_with("REACTION_")) name.erase(0, 9);
        words = "(reaction " + name + ")";
    }
    return std::string(clock_text) + " " + line.name() + ": " + words;
}

}  // namespace

void table::report(const std::shared_ptr<client_link>& link, const v1::Report& request, std::uint32_t rid) {
    const auto reason = reason_of(request.reason());
    if (!reason) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "say what the report is about");
    if (request.seat() >= seats_.size())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
    const int s = static_cast<int>(request.seat());
    const seat& target = seats_[static_cast<std::size_t>(s)];
    if (target.kind != seat_kind::person)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "nobody sits in " + seat_words(request.seat()));
    if (s == seat_of(link.get()))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "you cannot report yourself");
    const auto length = printable_length(request.text());
    if (!length || *length > report_max_chars)
        return reply_error(
            link, rid, v1::ERROR_CODE_BAD_REQUEST,
            "a report's words are printable text of at most " + std::to_string(report_max_chars) + " characters");
    const auto now = clock::now();
    auto& times = report_times_[link.get()];
    while (!times.empty() && now - times.front() >= report_window) times.pop_front();
    if (static_cast<int>(times.size()) >= report_max_per_window)
        return reply_error(link, rid, v1::ERROR_CODE_RATE_LIMITED,
                           "at most " + std::to_string(report_max_per_window) + " reports a minute");
    auto reg = owner_.lock();
    if (!reg) return reply_error(link, rid, v1::ERROR_CODE_UNAVAILABLE, "the server is shutting down");
    times.push_back(now);

    persistence::report_record r;
    r.created_at = static_cast<std::int64_t>(std::time(nullptr));
    if (const int mine = seat_of(link.get()); mine >= 0) {
        r.reporter = seats_[static_cast<std::size_t>(mine)].name;
        r.reporter_account = seats_[static_cast<std::size_t>(mine)].account;
    } else {
        const spectator& sp = spectators_[static_cast<std::size_t>(spectator_of(link.get()))];
        r.reporter = sp.name.empty() ? "a spectator" : sp.name;
        r.reporter_account = sp.account;
    }
    r.reported = target.name;
    r.reported_account = target.account;
    if (target.account == 0) r.reported_address = target.address;  // kept for an address ban, never shown
    r.reason = *reason;
    r.text = request.text();
    r.table_code = code_;
    r.match_id = static_cast<std::int64_t>(recorder_.match_id());
    if (match_) r.hole = static_cast<int>(match_->holes().size()) + (match_->hole_in_play() ? 1 : 0);
    const std::size_t from = chat_log_.size() > report_chat_lines ? chat_log_.size() - report_chat_lines : 0;
    for (std::size_t i = from; i < chat_log_.size(); ++i) r.chat += chat_line_text(chat_log_[i]) + "\n";
    reg->file_report(link, rid, std::move(r));
}

}  // namespace golf::server
