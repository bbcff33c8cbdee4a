// The registry and accounts: whose name a connection sits down under. Signed in, it is the account's (a request
// may leave player_name empty); as a guest, any printable name that is not registered, nor confusable with one.
#include "server/accounts/accounts.hpp"
#include "server/accounts/player_names.hpp"
#include "server/frames.hpp"
#include "server/registry/quick_play.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

namespace {

std::string* player_name_of(v1::ClientMessage& message) {
    switch (message.body_case()) {
        case v1::ClientMessage::kCreateTable: return message.mutable_create_table()->mutable_player_name();
        case v1::ClientMessage::kJoinTable: return message.mutable_join_table()->mutable_player_name();
        case v1::ClientMessage::kQuickPlay: return message.mutable_quick_play()->mutable_player_name();
        default: return nullptr;
    }
}

}  // namespace

// Public play, where a ban from public play holds: quick play, a new public table, or joining one open here (a
// table on another node is checked there, where the request is sent next).
bool registry::in_public(const v1::ClientMessage& message) const {
    if (message.has_quick_play()) return true;
    if (message.has_create_table()) return message.create_table().public_();
    if (!message.has_join_table()) return false;
    const auto t = find(message.join_table().code());
    return t && t->is_public();
}

// A signed-in account's chat line goes to its table once no mute or ban of it is in force.
void registry::chat_if_allowed(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                               std::chrono::steady_clock::time_point received) {
    if (!accounts_) return to_table(link, std::move(message), received);
    accounts_->check_chat(link, [self = shared_from_this(), link, message = std::move(message),
                                 received](std::optional<accounts::refusal> refused) mutable {
        if (refused) return self->refuse(link, message, refused->first, refused->second);
        self->to_table(link, std::move(message), received);
    });
}

void registry::set_accounts(std::shared_ptr<accounts> service) {
    accounts_ = std::move(service);
    quick_play_ = std::make_shared<quick_play>(io_, weak_from_this(), accounts_);
}

bool registry::quick_play_elsewhere(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (!router_) return false;
    const v1::QuickPlay& q = message.quick_play();
    const std::string node = router_->quick_play_node(q.preset() + "/" + std::to_string(q.seats()));
    if (node.empty()) return false;
    ++metrics_.errors;
    v1::ServerMessage out;
    out.set_request_id(message.request_id());
    out.mutable_error()->set_code(v1::ERROR_CODE_TABLE_ELSEWHERE);
    out.mutable_error()->set_message("this quick play queue is kept on node " + node +
                                     "; connect again with ?node=" + node);
    out.mutable_error()->set_node(node);
    link->send(encode(out));
    return true;
}

void registry::settle_name(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                           std::function<void(v1::ClientMessage)> next) {
    std::string* name = player_name_of(message);
    if (!name) return next(std::move(message));
    const link_identity who = link->identity();
    if (who.account != 0) {
        if (!name->empty() && *name != who.name)
            return refuse(link, message, v1::ERROR_CODE_BAD_NAME,
                          "you are signed in as '" + who.name + "': leave the name empty or use that one");
        *name = who.name;
    } else if (message.has_quick_play()) {
        if (auto problem = player_names::guest_problem(*name); !problem.empty())
            return refuse(link, message, v1::ERROR_CODE_BAD_NAME, problem);
    }
    // An anonymous spectator, or a guest without a name (refused for it next), has nothing to check.
    if (!accounts_ || name->empty()) return next(std::move(message));
    if (refuse_seating(link, message)) return;
    if (!link->begin_seating())
        return refuse(link, message, v1::ERROR_CODE_ALREADY_AT_TABLE,
                      "your last request to sit down is still being handled");
    const std::string asked = *name;
    const bool public_play = in_public(message);  // before the callback below takes the message
    accounts_->check_seat_name(link, asked, public_play,
                               [self = shared_from_this(), link, message = std::move(message),
                                next = std::move(next)](std::optional<accounts::refusal> refused) mutable {
                                   link->end_seating();
                                   if (refused) return self->refuse(link, message, refused->first, refused->second);
                                   next(std::move(message));
                               });
}

void registry::note_leaver(std::int64_t account, const std::string& address) {
    if (accounts_) accounts_->note_leaver(account, address);
}

void registry::file_report(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                           persistence::report_record report) {
    if (!accounts_) {
        link->send(
            error_frame(rid, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no records, so it takes no reports"));
        return;
    }
    accounts_->file_report(link, rid, std::move(report));
}

}  // namespace golf::server
