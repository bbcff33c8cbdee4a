#include "engine/action_log.hpp"

#include <array>

namespace golf {

namespace {

constexpr std::array all_kinds{
    action_kind::flip,         action_kind::peek,    action_kind::swap_own, action_kind::ready,
    action_kind::draw_stock,   action_kind::take_discard, action_kind::place, action_kind::discard,
    action_kind::pass,         action_kind::knock,   action_kind::reveal_all, action_kind::look,
};

constexpr int max_logged_seat = 15;      // seat sets are 16 bits wide
constexpr int max_logged_position = 63;  // start_touched is a 64-bit mask of positions

// How many numbers follow the kind: one spelling per move, so a field a kind does not use is never written.
int fields_of(action_kind kind) {
    switch (kind) {
        case action_kind::swap_own: return 2;
        case action_kind::flip:
        case action_kind::peek:
        case action_kind::place:
        case action_kind::look: return 1;
        default: return 0;
    }
}

// A canonical decimal in [0, max]: digits only, no sign, no leading zero (so "07" is refused).
std::optional<int> parse_small(std::string_view text, int max) {
    if (text.empty() || text.size() > 2) return std::nullopt;
    if (text.size() > 1 && text.front() == '0') return std::nullopt;
    int value = 0;
    for (const char ch : text) {
        if (ch < '0' || ch > '9') return std::nullopt;
        value = value * 10 + (ch - '0');
    }
    if (value > max) return std::nullopt;
    return value;
}

std::optional<logged_action> decode_token(std::string_view token) {
    std::array<std::string_view, 4> parts{};
    std::size_t count = 0;
    while (true) {
        const auto colon = token.find(':');
        if (count == parts.size()) return std::nullopt;  // more fields than any kind has
        parts[count++] = token.substr(0, colon);
        if (colon == std::string_view::npos) break;
        token.remove_prefix(colon + 1);
    }
    if (count < 2) return std::nullopt;
    const auto seat = parse_small(parts[0], max_logged_seat);
    const auto kind = parse_action_kind(parts[1]);
    if (!seat || !kind) return std::nullopt;
    if (static_cast<int>(count) - 2 != fields_of(*kind)) return std::nullopt;
    action a{*kind, 0, 0};
    if (count >= 3) {
        const auto slot = parse_small(parts[2], max_logged_position);
        if (!slot) return std::nullopt;
        a.slot = static_cast<std::uint8_t>(*slot);
    }
    if (count == 4) {
        const auto other = parse_small(parts[3], max_logged_position);
        if (!other) return std::nullopt;
        a.other = static_cast<std::uint8_t>(*other);
    }
    if (!well_formed(a)) return std::nullopt;
    return logged_action{static_cast<std::uint8_t>(*seat), a};
}

}  // namespace

std::optional<action_kind> parse_action_kind(std::string_view name) {
    for (const action_kind kind : all_kinds)
        if (to_string(kind) == name) return kind;
    return std::nullopt;
}

std::string to_text(const logged_action& entry) {
    std::string out = std::to_string(entry.seat);
    out += ':';
    out += to_string(entry.act.kind);
    const int fields = fields_of(entry.act.kind);
    if (fields >= 1) out += ':' + std::to_string(entry.act.slot);
    if (fields >= 2) out += ':' + std::to_string(entry.act.other);
    return out;
}

std::string encode_action_log(std::span<const logged_action> log) {
    std::string out;
    out.reserve(log.size() * 10);
    for (const logged_action& entry : log) {
        if (!out.empty()) out += ' ';
        out += to_text(entry);
    }
    return out;
}

std::optional<std::vector<logged_action>> decode_action_log(std::string_view text) {
    std::vector<logged_action> log;
    if (text.empty()) return log;
    // The shortest token ("0:pass") is 6 characters and a separator 1, which bounds the reservation by the input.
    log.reserve(text.size() / 7 + 1);
    while (true) {
        const auto space = text.find(' ');
        const auto entry = decode_token(text.substr(0, space));  // an empty token (two spaces) fails here
        if (!entry) return std::nullopt;
        log.push_back(*entry);
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
        if (text.empty()) return std::nullopt;  // a trailing space
    }
    return log;
}

}  // namespace golf
