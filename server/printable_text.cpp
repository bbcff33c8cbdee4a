#include "server/printable_text.hpp"

#include <algorithm>

namespace golf::server {

namespace {

// Decodes one UTF-8 sequence at `i`; nullopt on a malformed, overlong or surrogate sequence.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    int extra = 0;
    char32_t cp = 0;
    if (lead < 0x80) {
        ++i;
        return lead;
    } else if ((lead & 0xE0) == 0xC0) {
        extra = 1;
        cp = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        extra = 2;
        cp = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        extra = 3;
        cp = lead & 0x07;
    } else {
        return std::nullopt;
    }
    if (i + static_cast<std::size_t>(extra) >= text.size()) return std::nullopt;
    for (int k = 1; k <= extra; ++k) {
        const unsigned char b = byte(i + static_cast<std::size_t>(k));
        if ((b & 0xC0) != 0x80) return std::nullopt;
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
    i += static_cast<std::size_t>(extra) + 1;
    return cp;
}

bool unprintable(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)  // C0, DEL, C1 controls
           || cp == 0x2028 || cp == 0x2029          // line and paragraph separators
           || (cp >= 0x202A && cp <= 0x202E)        // bidi embeddings and overrides
           || (cp >= 0x2066 && cp <= 0x2069)        // bidi isolates
           || cp == 0xFEFF;                         // byte-order mark
}

}  // namespace

std::optional<std::size_t> printable_length(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto cp = next_code_point(text, i);
        if (!cp || unprintable(*cp)) return std::nullopt;
        ++count;
    }
    return count;
}

bool only_spaces(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' '; });
}

bool readable_words(std::string_view text, std::size_t max_chars) {
    const auto length = printable_length(text);
    return length && *length > 0 && *length <= max_chars && !only_spaces(text);
}

}  // namespace golf::server
