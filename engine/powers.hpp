// What the files of a hand know about powers beyond ruleset.hpp's power_kind.
#pragma once

#include "engine/ruleset.hpp"

namespace golf {

constexpr int power_kind_count = static_cast<int>(power_kind::two_powers) + 1;

// The powers that keep the power card in hand while they are used (the card may be placed or kept).
constexpr bool keeps_card(power_kind kind) {
    return kind == power_kind::swap_in || kind == power_kind::draw_two_keep_one || kind == power_kind::two_powers ||
           kind == power_kind::shield;
}

}  // namespace golf
