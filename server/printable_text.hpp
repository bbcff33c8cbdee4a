// Whether a name or a chat line is text a person can read: well-formed UTF-8 without control, line-separator or
// bidi-control characters.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace golf::server {

// The number of characters in `text` if it is well-formed UTF-8 with no control, line-separator or bidi-control
// character; nullopt otherwise. Names and chat lines are checked with it.
std::optional<std::size_t> printable_length(std::string_view text);
// Whether `text` is nothing but spaces (or empty): a chat line or a moderator's words that say nothing.
bool only_spaces(std::string_view text);
// Whether `text` is words a person reads from a moderator (a reason, a resolution, an announcement): 1 to
// `max_chars` printable characters, not only spaces.
bool readable_words(std::string_view text, std::size_t max_chars);

}  // namespace golf::server
