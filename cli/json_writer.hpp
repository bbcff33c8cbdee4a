// A small streaming JSON writer for the command line's --json output: objects, arrays, strings, numbers,
// booleans and null, written compactly in the order they are given. Strings are escaped so the output is
// always valid JSON (control characters as \n or \u00XX, bytes that are not UTF-8 as U+FFFD).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace golf::cli {

class json_writer {
public:
    json_writer& begin_object();
    json_writer& end_object();
    json_writer& begin_array();
    json_writer& end_array();
    // Inside an object: the name of the member whose value is written next.
    json_writer& key(std::string_view name);

    // Distinct names, not overloads: a string literal would otherwise convert to bool.
    json_writer& string(std::string_view text);
    json_writer& integer(std::int64_t value);
    json_writer& unsigned_integer(std::uint64_t value);
    json_writer& number(double value);  // shortest form that reads back exactly; NaN and infinities as null
    json_writer& boolean(bool value);
    json_writer& null();

    // The text so far; a whole document once every object and array is closed.
    const std::string& text() const { return out_; }

private:
    void before_value();

    std::string out_;
    std::vector<bool> empty_;  // per open object or array: nothing written in it yet
    bool after_key_ = false;
};

// `text` as a JSON string literal, quotes included.
std::string json_quote(std::string_view text);

}  // namespace golf::cli
