#include "server/tables/action_note.hpp"

#include "proto/convert.hpp"
#include "words/action_words.hpp"

namespace golf::server {

std::string describe(const ruleset& rules, action a, int actor, const std::function<std::string(int)>& seat_name) {
    const words::layout_shape shape{static_cast<std::uint32_t>(std::max(rules.cols, 1)),
                                    static_cast<std::uint32_t>(std::max(rules.positions(), 0))};
    // No hand: the note is read by every seat, so it names no card (held, offered or on the discards).
    const words::action_scene scene{-1, actor, seat_name, [shape](int) { return shape; }, nullptr, nullptr, true};
    return words::action_words(wire::to_proto(a), scene);
}

}  // namespace golf::server
