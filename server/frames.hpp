// Encoding a ServerMessage into a shareable WebSocket frame, and the Error reply every handler uses.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "golf/v1/messages.pb.h"

namespace golf::server {

inline std::shared_ptr<const std::string> encode(const v1::ServerMessage& message) {
    auto frame = std::make_shared<std::string>();
    message.SerializeToString(frame.get());
    return frame;
}

inline std::shared_ptr<const std::string> error_frame(std::uint32_t request_id, v1::ErrorCode code,
                                                      std::string_view text) {
    v1::ServerMessage message;
    message.set_request_id(request_id);
    message.mutable_error()->set_code(code);
    message.mutable_error()->set_message(std::string(text));
    return encode(message);
}

}  // namespace golf::server
