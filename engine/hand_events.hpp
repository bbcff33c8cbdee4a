// What the files of a hand share and nobody else needs: the bit of a seat in a seat_set, and the three ways a hand
// writes an event (plain, naming the layouts it touches, or carrying a card only its actor saw).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/hand.hpp"

namespace golf {

constexpr seat_set seat_bit(int seat) { return static_cast<seat_set>(1u << seat); }

inline void emit(std::vector<event>* events, event_kind kind, int seat, int slot = 0, std::optional<card> shown = {},
                 int other = 0) {
    if (events)
        events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot),
                                static_cast<std::uint8_t>(other), shown, -1, -1, std::nullopt});
}

// An event that names the layouts it touches (powers, matches, claims).
inline void emit_at(std::vector<event>* events, event_kind kind, int seat, int target, int slot,
                    std::optional<card> shown = {}, int other_target = -1, int other = 0) {
    if (events)
        events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot),
                                static_cast<std::uint8_t>(other), shown, static_cast<std::int8_t>(target),
                                static_cast<std::int8_t>(other_target), std::nullopt});
}

// An event whose card only its actor saw: `seat` looked at `target`'s `slot` and learnt `seen`.
inline void emit_seen(std::vector<event>* events, event_kind kind, int seat, int target, int slot, card seen) {
    if (!events) return;
    events->push_back(event{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(slot), 0, std::nullopt,
                            static_cast<std::int8_t>(target), -1, seen});
}

}  // namespace golf
