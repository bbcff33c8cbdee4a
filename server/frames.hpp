// Encoding a ServerMessage into a shareable WebSocket frame, and the Error reply every handler uses.
#pragma once

#include <google/protobuf/io/coded_stream.h>

#include <cstring>
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

// A pushed ServerMessage whose table_update is `shared` (the serialised fields every receiver of one update has in
// common) followed by `personal` (the receiver's own fields). Protobuf reads a message's fields in any order and a
// message written in two pieces as one, so this is byte for byte a ServerMessage{table_update = shared merged with
// personal}, while the common part is serialised once per update instead of once per receiver. The two must not
// set the same field (the server keeps your_seat and hand in `personal` only). A non-zero `request_id` makes the
// frame the answer to that request (Hello.update_answers_act). `hand`, if given, is the receiver's HandView already
// encoded, which goes last as the update's hand (then `personal` has none).
inline std::shared_ptr<const std::string> update_frame(std::string_view shared, const v1::TableUpdate& personal,
                                                       std::uint32_t request_id = 0,
                                                       const std::string* hand = nullptr) {
    using google::protobuf::io::CodedOutputStream;
    constexpr std::uint32_t varint = 0;
    constexpr std::uint32_t length_delimited = 2;
    constexpr auto id_tag = static_cast<std::uint32_t>(v1::ServerMessage::kRequestIdFieldNumber) << 3 | varint;
    constexpr auto tag = static_cast<std::uint32_t>(v1::ServerMessage::kTableUpdateFieldNumber) << 3 | length_delimited;
    constexpr auto hand_tag = static_cast<std::uint32_t>(v1::TableUpdate::kHandFieldNumber) << 3 | length_delimited;
    const std::size_t personal_size = personal.ByteSizeLong();
    const std::size_t hand_size = hand ? CodedOutputStream::VarintSize32(hand_tag) +
                                             CodedOutputStream::VarintSize32(static_cast<std::uint32_t>(hand->size())) +
                                             hand->size()
                                       : 0;
    const auto body = static_cast<std::uint32_t>(shared.size() + personal_size + hand_size);
    const std::size_t id_size =
        request_id == 0 ? 0 : CodedOutputStream::VarintSize32(id_tag) + CodedOutputStream::VarintSize32(request_id);
    auto frame = std::make_shared<std::string>();
    frame->resize(id_size + CodedOutputStream::VarintSize32(tag) + CodedOutputStream::VarintSize32(body) + body);
    auto* out = reinterpret_cast<std::uint8_t*>(frame->data());
    if (request_id != 0) {
        out = CodedOutputStream::WriteVarint32ToArray(id_tag, out);
        out = CodedOutputStream::WriteVarint32ToArray(request_id, out);
    }
    out = CodedOutputStream::WriteVarint32ToArray(tag, out);
    out = CodedOutputStream::WriteVarint32ToArray(body, out);
    if (!shared.empty()) std::memcpy(out, shared.data(), shared.size());
    out = personal.SerializeWithCachedSizesToArray(out + shared.size());  // the sizes ByteSizeLong just cached
    if (hand) {
        out = CodedOutputStream::WriteVarint32ToArray(hand_tag, out);
        out = CodedOutputStream::WriteVarint32ToArray(static_cast<std::uint32_t>(hand->size()), out);
        std::memcpy(out, hand->data(), hand->size());
    }
    return frame;
}

// `message` as field `number` of the message being written to `out` (tag, length, bytes), appended.
inline void append_message_field(std::string& out, int number, const google::protobuf::MessageLite& message) {
    using google::protobuf::io::CodedOutputStream;
    constexpr std::uint32_t length_delimited = 2;
    const auto size = static_cast<std::uint32_t>(message.ByteSizeLong());
    std::uint8_t head[10];
    std::uint8_t* end =
        CodedOutputStream::WriteVarint32ToArray(static_cast<std::uint32_t>(number) << 3 | length_delimited, head);
    end = CodedOutputStream::WriteVarint32ToArray(size, end);
    out.append(reinterpret_cast<const char*>(head), static_cast<std::size_t>(end - head));
    const std::size_t at = out.size();
    out.resize(at + size);
    message.SerializeWithCachedSizesToArray(reinterpret_cast<std::uint8_t*>(out.data() + at));
}

// A request done that has no other answer, not yet encoded (request_id unset).
inline v1::ServerMessage ok_message() {
    v1::ServerMessage message;
    message.mutable_ok();
    return message;
}

// A refusal, not yet encoded (request_id unset).
inline v1::ServerMessage error_message(v1::ErrorCode code, std::string_view text) {
    v1::ServerMessage message;
    message.mutable_error()->set_code(code);
    message.mutable_error()->set_message(std::string(text));
    return message;
}

inline std::shared_ptr<const std::string> error_frame(std::uint32_t request_id, v1::ErrorCode code,
                                                      std::string_view text) {
    v1::ServerMessage message = error_message(code, text);
    message.set_request_id(request_id);
    return encode(message);
}

}  // namespace golf::server
