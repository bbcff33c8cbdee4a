// golf_client's account and quick-play requests: Register, SignIn (password, session token, API key), and waiting
// in quick play's queue until seated.
#include "golf_client.hpp"

namespace golf::client {

namespace {

using clock_type = std::chrono::steady_clock;

}  // namespace

v1::SignedIn connection::sign_in_as(v1::ClientMessage message, duration timeout) {
    const v1::ServerMessage reply = expect_success(message, timeout);
    if (!reply.has_signed_in()) throw error("sign_in: the reply was not SignedIn");
    signed_in_ = reply.signed_in();
    credential_.Clear();
    if (message.has_sign_in() && !message.sign_in().api_key().empty())
        credential_.set_api_key(message.sign_in().api_key());
    else if (!reply.signed_in().session_token().empty())
        credential_.set_session_token(reply.signed_in().session_token());
    else if (message.has_sign_in()) credential_.set_session_token(message.sign_in().session_token());
    return reply.signed_in();
}

v1::SignedIn connection::register_account(std::string_view name, std::string_view password, duration timeout) {
    v1::ClientMessage message;
    message.mutable_register_()->set_name(std::string(name));
    message.mutable_register_()->set_password(std::string(password));
    return sign_in_as(std::move(message), timeout);
}

v1::SignedIn connection::sign_in(std::string_view name, std::string_view password, duration timeout) {
    v1::ClientMessage message;
    message.mutable_sign_in()->set_name(std::string(name));
    message.mutable_sign_in()->set_password(std::string(password));
    return sign_in_as(std::move(message), timeout);
}

v1::SignedIn connection::sign_in_with_token(std::string_view session_token, duration timeout) {
    v1::ClientMessage message;
    message.mutable_sign_in()->set_session_token(std::string(session_token));
    return sign_in_as(std::move(message), timeout);
}

v1::SignedIn connection::sign_in_with_api_key(std::string_view api_key, duration timeout) {
    v1::ClientMessage message;
    message.mutable_sign_in()->set_api_key(std::string(api_key));
    return sign_in_as(std::move(message), timeout);
}

void connection::sign_in_again(duration timeout) {
    if (!signed_in_) return;
    v1::ClientMessage message;
    *message.mutable_sign_in() = credential_;
    sign_in_as(std::move(message), timeout);
}

v1::TableJoined connection::quick_play(std::string_view preset, int seats, int bots_after_seconds,
                                       std::string_view guest_name, duration timeout,
                                       const std::function<void(const v1::QueueUpdate&)>& on_wait) {
    const auto deadline = clock_type::now() + timeout;
    v1::ClientMessage message;
    v1::QuickPlay& q = *message.mutable_quick_play();
    q.set_preset(std::string(preset));
    q.set_seats(static_cast<std::uint32_t>(std::max(seats, 0)));
    q.set_bots_after_seconds(static_cast<std::uint32_t>(std::max(bots_after_seconds, 0)));
    q.set_player_name(std::string(guest_name));
    seat_request(message, timeout);  // several nodes: followed to the node that keeps this queue
    while (clock_type::now() < deadline) {
        const auto next_message = next(deadline - clock_type::now());
        if (!next_message) break;
        if (next_message->has_queue() && on_wait) on_wait(next_message->queue());
        if (next_message->has_table_joined()) return next_message->table_joined();
    }
    v1::ClientMessage leave;
    leave.mutable_leave_queue();
    request(std::move(leave), std::chrono::seconds(2));
    throw error("quick_play: nobody to play with before the time ran out");
}

}  // namespace golf::client
