#include "server/action_note.hpp"

#include <cstddef>

#include "engine/ruleset_options.hpp"

namespace golf::server {

std::string describe(action a) {
    std::string out(to_string(a.kind));
    switch (a.kind) {
        case action_kind::flip:
        case action_kind::peek:
        case action_kind::place:
        case action_kind::look: out += " " + std::to_string(a.slot); break;
        case action_kind::swap_own: out += " " + std::to_string(a.slot) + " " + std::to_string(a.other); break;
        // Which positions a power, match or claim touches is public; what was seen there is not.
        case action_kind::power_peek: out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot); break;
        case action_kind::shuffle: out += " seat " + std::to_string(a.target) + "'s layout"; break;
        case action_kind::power_swap:
            out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot) + " with seat " +
                   std::to_string(a.other_target) + "'s " + std::to_string(a.other);
            break;
        case action_kind::match:
        case action_kind::claim:
        case action_kind::power_place:
        case action_kind::power_flip:
            out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot);
            break;
        case action_kind::power_lines:
            out += " seat " + std::to_string(a.target) + "'s lines at " + std::to_string(a.slot) + " and " +
                   std::to_string(a.other);
            break;
        case action_kind::power_add: out += " to seat " + std::to_string(a.target) + "'s layout"; break;
        case action_kind::power_remove: out += " " + std::to_string(a.slot); break;
        case action_kind::choose_power: {
            const option_info* powers = find_option("power_ace");  // every power_* option names the kinds in order
            const auto k = static_cast<std::size_t>(a.slot);
            out += " " + (powers && k < powers->choices.size() ? std::string(powers->choices[k]) : std::to_string(a.slot));
            break;
        }
        default: break;
    }
    return out;
}

}  // namespace golf::server
