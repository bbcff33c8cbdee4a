#include "engine/action_log.hpp"

#include <array>

namespace golf {

namespace {

constexpr std::array all_kinds{
    action_kind::flip,        action_kind::peek,         action_kind::swap_own,     action_kind::ready,
    action_kind::draw_stock,  action_kind::take_discard, action_kind::place,        action_kind::discard,
    action_kind::pass,        action_kind::knock,        action_kind::reveal_all,   action_kind::look,
    action_kind::use_power,   action_kind::power_peek,   action_kind::power_swap,   action_kind::shuffle,
    action_kind::match,       action_kind::claim,        action_kind::power_place,  action_kind::power_flip,
    action_kind::power_lines, action_kind::power_add,    action_kind::power_remove, action_kind::choose_power,
};

constexpr int max_logged_seat = 15;      // seat sets are 16 bits wide
constexpr int max_logged_position = 63;  // start_touched is a 64-bit mask of positions

// How many numbers follow the kind: one spelling per move, so a field a kind does not use is never written.
// The kinds that name a seat write it first: power_peek TARGET:SLOT, power_swap TARGET:SLOT:OTHER_TARGET:OTHER,
// shuffle TARGET, match and claim TARGET:SLOT:OTHER.
int fields_of(action_kind kind) {
    switch (kind) {
        case action_kind::power_swap: return 4;
        case action_kind::match:
        case action_kind::claim:
        case action_kind::power_place:
        case action_kind::power_lines: return 3;
        case action_kind::power_peek:
        case action_kind::power_flip: return 2;
        case action_kind::shuffle:
        case action_kind::power_add: return 1;
        case action_kind::power_remove:
        case action_kind::choose_power: return 1;
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
    std::array<std::string_view, 6> parts{};
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
    std::array<int, 4> numbers{};
    for (std::size_t i = 2; i < count; ++i) {
        // A seat is written where a kind names one, a position elsewhere.
        const bool is_seat = names_target(*kind) && (i == 2 || (*kind == action_kind::power_swap && i == 4));
        const auto number = parse_small(parts[i], is_seat ? max_logged_seat : max_logged_position);
        if (!number) return std::nullopt;
        numbers[i - 2] = *number;
    }
    const auto u8 = [](int n) { return static_cast<std::uint8_t>(n); };
    action a{*kind, 0, 0};
    if (names_target(*kind)) {
        a.target = u8(numbers[0]);
        a.slot = u8(numbers[1]);
        if (*kind == action_kind::power_swap) {
            a.other_target = u8(numbers[2]);
            a.other = u8(numbers[3]);
        } else {
            a.other = u8(numbers[2]);
        }
    } else {
        a.slot = u8(numbers[0]);
        a.other = u8(numbers[1]);
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
    const action& a = entry.act;
    const int fields = fields_of(a.kind);
    std::array<int, 4> numbers{a.slot, a.other, 0, 0};
    if (names_target(a.kind))
        numbers = {a.target, a.slot, a.kind == action_kind::power_swap ? a.other_target : a.other, a.other};
    for (int i = 0; i < fields; ++i) out += ':' + std::to_string(numbers[static_cast<std::size_t>(i)]);
    return out;
}

std::string encode_action_log(std::span<const logged_action> log) {
    std::string out;
    append_action_log(out, log);
    return out;
}

void append_action_log(std::string& encoded, std::span<const logged_action> more) {
    encoded.reserve(encoded.size() + more.size() * 10);
    for (const logged_action& entry : more) {
        if (!encoded.empty()) encoded += ' ';
        encoded += to_text(entry);
    }
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
