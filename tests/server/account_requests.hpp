// Shared by the account and quick-play tests (accounts_test.cpp, quick_play_test.cpp): the requests they send,
// built as plain ClientMessages so a test can send what golf_client's conveniences never would, and bounded waits
// for pushes (a ChatLine, a QueueUpdate, a TableJoined) on a golf_client connection. Nothing here waits longer than
// the time it is given.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include "clients/cpp/golf_client.hpp"
#include "golf/v1/messages.pb.h"
#include "tests/server/net_test_support.hpp"

namespace golf::server::testing::account_requests {

using golf::client::connection;

inline v1::ClientMessage register_as(const std::string& name, const std::string& password) {
    v1::ClientMessage m;
    m.mutable_register_()->set_name(name);
    m.mutable_register_()->set_password(password);
    return m;
}

inline v1::ClientMessage sign_in(const std::string& name, const std::string& password) {
    v1::ClientMessage m;
    m.mutable_sign_in()->set_name(name);
    m.mutable_sign_in()->set_password(password);
    return m;
}

inline v1::ClientMessage sign_in_with_token(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_sign_in()->set_session_token(token);
    return m;
}

inline v1::ClientMessage sign_in_with_key(const std::string& key) {
    v1::ClientMessage m;
    m.mutable_sign_in()->set_api_key(key);
    return m;
}

inline v1::ClientMessage sign_out(bool everywhere = false) {
    v1::ClientMessage m;
    m.mutable_sign_out()->set_everywhere(everywhere);
    return m;
}

inline v1::ClientMessage change_password(const std::string& old_password, const std::string& new_password) {
    v1::ClientMessage m;
    m.mutable_change_password()->set_old_password(old_password);
    m.mutable_change_password()->set_new_password(new_password);
    return m;
}

inline v1::ClientMessage create_api_key(const std::string& label) {
    v1::ClientMessage m;
    m.mutable_create_api_key()->set_label(label);
    return m;
}

inline v1::ClientMessage list_api_keys() {
    v1::ClientMessage m;
    m.mutable_list_api_keys();
    return m;
}

inline v1::ClientMessage revoke_api_key(std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_revoke_api_key()->set_key_id(id);
    return m;
}

inline v1::ClientMessage get_profile(const std::string& name) {
    v1::ClientMessage m;
    m.mutable_get_profile()->set_name(name);
    return m;
}

inline v1::ClientMessage create_table(const std::string& player_name, const std::string& preset = "six-card",
                                      int seats = 2, bool is_public = false, int holes = 0) {
    v1::ClientMessage m;
    v1::CreateTable& c = *m.mutable_create_table();
    c.set_player_name(player_name);
    c.set_preset(preset);
    c.set_seats(static_cast<std::uint32_t>(seats));
    c.set_public_(is_public);
    if (holes > 0) c.mutable_house_rules()->set_holes(holes);
    return m;
}

inline v1::ClientMessage join_table(const std::string& code, const std::string& player_name, bool spectate = false) {
    v1::ClientMessage m;
    m.mutable_join_table()->set_code(code);
    m.mutable_join_table()->set_player_name(player_name);
    m.mutable_join_table()->set_spectate(spectate);
    return m;
}

inline v1::ClientMessage quick_play(const std::string& preset, int seats, const std::string& guest_name,
                                    int bots_after_seconds = 0) {
    v1::ClientMessage m;
    v1::QuickPlay& q = *m.mutable_quick_play();
    q.set_preset(preset);
    q.set_seats(static_cast<std::uint32_t>(seats));
    q.set_player_name(guest_name);
    q.set_bots_after_seconds(static_cast<std::uint32_t>(bots_after_seconds));
    return m;
}

inline v1::ClientMessage leave_queue() {
    v1::ClientMessage m;
    m.mutable_leave_queue();
    return m;
}

// The reply's error code, UNSPECIFIED when it was not an Error.
inline v1::ErrorCode error_of(const v1::ServerMessage& reply) {
    return reply.has_error() ? reply.error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

// What a reply was, for failure messages.
inline std::string describe(const v1::ServerMessage& reply) {
    if (reply.has_error())
        return std::string(golf::client::error_code_name(reply.error().code())) + ": " + reply.error().message();
    return reply.ShortDebugString();
}

inline std::unique_ptr<connection> connect_to(const std::string& url) {
    auto c = std::make_unique<connection>();
    c->connect(url, "accounts test");
    return c;
}

// The next message on `c` for which `wanted` holds, skipping others; nullopt when none comes within `limit`.
inline std::optional<v1::ServerMessage> next_where(connection& c,
                                                   const std::function<bool(const v1::ServerMessage&)>& wanted,
                                                   std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    for (int i = 0; i < 100000; ++i) {
        const auto left = deadline - std::chrono::steady_clock::now();
        if (left <= std::chrono::steady_clock::duration::zero()) return std::nullopt;
        const auto message = c.next(left);
        if (!message) return std::nullopt;
        if (wanted(*message)) return message;
    }
    return std::nullopt;
}

// Tables open on the server now, every state together, as GET /metrics reports them.
inline int tables_open(std::uint16_t port) {
    const auto reply = http_request(port, "/metrics");
    std::istringstream lines(reply.body());
    double total = 0;
    for (std::string line; std::getline(lines, line);)
        if (line.starts_with("golf_tables{")) total += std::stod(line.substr(line.rfind(' ') + 1));
    return static_cast<int>(total);
}

// Connections open now, as GET /metrics reports them.
inline int connections_open(std::uint16_t port) {
    const auto reply = http_request(port, "/metrics");
    std::istringstream lines(reply.body());
    for (std::string line; std::getline(lines, line);)
        if (line.starts_with("golf_connections_open ")) return static_cast<int>(std::stod(line.substr(22)));
    return -1;
}

}  // namespace golf::server::testing::account_requests
