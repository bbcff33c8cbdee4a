#include "cli/load/load_frame_scan.hpp"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

namespace golf::cli::load {

namespace {

using google::protobuf::io::CodedInputStream;
using wire_format = google::protobuf::internal::WireFormatLite;

// Field numbers from proto/golf/v1/messages.proto and game.proto; a test checks the scan against the full parse.
constexpr int server_message_request_id = 1;
constexpr int server_message_table_update = 14;
constexpr int table_update_state = 2;
constexpr int table_update_hand = 7;
constexpr int table_update_hand_version = 11;
constexpr int hand_view_legal = 18;

// Walks a message's fields to its end (or the stream's current limit), calling `visit(field, wire_type, input,
// consumed)` for each: the visitor reads the fields it wants and sets `consumed`; the others are skipped here.
// False when the bytes are not well-formed protobuf (the visitor returns false for a value it could not read).
template <typename Visit>
bool read_fields(CodedInputStream& input, Visit&& visit) {
    while (const std::uint32_t tag = input.ReadTag()) {
        const int field = static_cast<int>(wire_format::GetTagFieldNumber(tag));
        const auto type = wire_format::GetTagWireType(tag);
        bool consumed = false;
        if (!visit(field, type, input, consumed)) return false;
        if (!consumed && !wire_format::SkipField(&input, tag)) return false;
    }
    return input.ConsumedEntireMessage();
}

bool read_nested(CodedInputStream& input, auto&& visit) {
    int length = 0;
    if (!input.ReadVarintSizeAsInt(&length)) return false;
    // PushLimit clamps a limit past the end of the bytes to the end, so a truncated field would read as complete.
    if (const int room = input.BytesUntilLimit(); room >= 0 && length > room) return false;
    const auto limit = input.PushLimit(length);
    if (!read_fields(input, visit)) return false;
    if (input.BytesUntilLimit() != 0) return false;
    input.PopLimit(limit);
    return true;
}

}  // namespace

frame_scan scan_frame(std::string_view frame) {
    frame_scan out;
    CodedInputStream input(reinterpret_cast<const std::uint8_t*>(frame.data()), static_cast<int>(frame.size()));
    const auto hand_fields = [&](int field, wire_format::WireType type, CodedInputStream&, bool&) {
        if (field == hand_view_legal && type == wire_format::WIRETYPE_LENGTH_DELIMITED) out.has_legal = true;
        return true;  // skipped by read_fields
    };
    const auto update_fields = [&](int field, wire_format::WireType type, CodedInputStream& in, bool& consumed) {
        if (field == table_update_state && type == wire_format::WIRETYPE_VARINT) {
            std::uint32_t value = 0;
            consumed = true;
            if (!in.ReadVarint32(&value)) return false;
            out.state = static_cast<int>(value);
        } else if (field == table_update_hand_version && type == wire_format::WIRETYPE_VARINT) {
            consumed = true;
            if (!in.ReadVarint64(&out.hand_version)) return false;
        } else if (field == table_update_hand && type == wire_format::WIRETYPE_LENGTH_DELIMITED) {
            consumed = true;
            out.has_hand = true;
            if (!read_nested(in, hand_fields)) return false;
        }
        return true;
    };
    const auto message_fields = [&](int field, wire_format::WireType type, CodedInputStream& in, bool& consumed) {
        if (field == server_message_request_id && type == wire_format::WIRETYPE_VARINT) {
            consumed = true;
            if (!in.ReadVarint32(&out.request_id)) return false;
        } else if (field == server_message_table_update && type == wire_format::WIRETYPE_LENGTH_DELIMITED) {
            consumed = true;
            out.table_update = true;
            if (!read_nested(in, update_fields)) return false;
        } else {
            out.other_fields = true;  // another member of the body oneof, or a field this scan does not know
        }
        return true;
    };
    out.well_formed = read_fields(input, message_fields) && input.CurrentPosition() == static_cast<int>(frame.size());
    return out;
}

}  // namespace golf::cli::load
