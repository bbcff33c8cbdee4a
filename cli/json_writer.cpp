#include "cli/json_writer.hpp"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstddef>

namespace golf::cli {

namespace {

// Length of the well-formed UTF-8 sequence at the start of `text`, or 0 if it is not one.
std::size_t utf8_sequence_length(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range allowed for the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;   // no overlong forms
        if (lead == 0xED) high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
    return length;
}

}  // namespace

std::string json_quote(std::string_view text) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    while (!text.empty()) {
        const auto c = static_cast<unsigned char>(text.front());
        if (c >= 0x80) {
            const std::size_t length = utf8_sequence_length(text);
            if (length == 0) {
                out += "\\ufffd";
                text.remove_prefix(1);
            } else {
                out += text.substr(0, length);
                text.remove_prefix(length);
            }
            continue;
        }
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 0xF];
                } else {
                    out += static_cast<char>(c);
                }
        }
        text.remove_prefix(1);
    }
    out += '"';
    return out;
}

void json_writer::before_value() {
    if (after_key_) {  // the member's separator came with its key
        after_key_ = false;
        return;
    }
    if (empty_.empty()) return;  // the top-level value
    if (!empty_.back()) out_ += ',';
    empty_.back() = false;
}

json_writer& json_writer::begin_object() {
    before_value();
    out_ += '{';
    empty_.push_back(true);
    return *this;
}

json_writer& json_writer::end_object() {
    assert(!empty_.empty());
    empty_.pop_back();
    out_ += '}';
    return *this;
}

json_writer& json_writer::begin_array() {
    before_value();
    out_ += '[';
    empty_.push_back(true);
    return *this;
}

json_writer& json_writer::end_array() {
    assert(!empty_.empty());
    empty_.pop_back();
    out_ += ']';
    return *this;
}

json_writer& json_writer::key(std::string_view name) {
    assert(!empty_.empty());
    if (!empty_.back()) out_ += ',';
    empty_.back() = false;
    out_ += json_quote(name);
    out_ += ':';
    after_key_ = true;
    return *this;
}

json_writer& json_writer::string(std::string_view text) {
    before_value();
    out_ += json_quote(text);
    return *this;
}

json_writer& json_writer::integer(std::int64_t value) {
    before_value();
    out_ += std::to_string(value);
    return *this;
}

json_writer& json_writer::unsigned_integer(std::uint64_t value) {
    before_value();
    out_ += std::to_string(value);
    return *this;
}

json_writer& json_writer::number(double value) {
    if (!std::isfinite(value)) return null();
    before_value();
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out_.append(buffer, result.ptr);
    return *this;
}

json_writer& json_writer::boolean(bool value) {
    before_value();
    out_ += value ? "true" : "false";
    return *this;
}

json_writer& json_writer::null() {
    before_value();
    out_ += "null";
    return *this;
}

}  // namespace golf::cli
