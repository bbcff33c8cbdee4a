#include "server/registry/replay_hole.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action_log.hpp"
#include "engine/hand.hpp"
#include "persistence/match_replay.hpp"
#include "proto/convert.hpp"
#include "server/frames.hpp"

namespace golf::server {

namespace {

v1::ServerMessage unreplayable(const persistence::match_detail& d, std::uint32_t number, const std::string& why) {
    return error_message(v1::ERROR_CODE_INTERNAL, "hole " + std::to_string(number) + " of match " +
                                                      std::to_string(d.summary.id) + " does not replay: " + why);
}

// The table after a move (or the deal), as a watcher saw it, with what the move did.
void add_step(v1::ReplayHole& out, const hand& h, int seat, const action* act, const std::vector<event>& events,
              int& logged) {
    v1::ReplayStep& step = *out.add_steps();
    wire::fill(*step.mutable_hand(), h.view_for(-1), static_cast<int>(out.hole()));
    step.set_seat(seat);
    if (act) wire::fill(*step.mutable_action(), *act);
    for (const event& e : events) wire::fill(*step.add_events(), e, -1, false, static_cast<int>(out.hole()), logged++);
}

// The hole `number` as recorded: a finished one, or the one in play (of a match not over), or none.
struct hole_to_replay {
    std::uint64_t seed = 0;
    int dealer = 0;
    const std::string* actions = nullptr;
    bool in_play = false;
};

std::optional<hole_to_replay> find_hole(const persistence::match_detail& d, std::uint32_t number) {
    const auto recorded = std::find_if(d.holes.begin(), d.holes.end(), [&](const persistence::hole_record& h) {
        return h.hole == static_cast<int>(number);
    });
    if (number > 0 && recorded != d.holes.end())
        return hole_to_replay{recorded->seed, recorded->dealer, &recorded->actions, false};
    if (number > 0 && d.in_play && d.in_play->hole == static_cast<int>(number) && !d.summary.ended_at)
        return hole_to_replay{d.in_play->seed, d.in_play->dealer, &d.in_play->actions, true};
    return std::nullopt;
}

}  // namespace

v1::ServerMessage replay_hole(const persistence::match_detail& d, std::uint32_t number) {
    const auto found = find_hole(d, number);
    if (!found)
        return error_message(v1::ERROR_CODE_NO_SUCH_MATCH, "match " + std::to_string(d.summary.id) + " has no hole " +
                                                               std::to_string(number) +
                                                               " that is over or being played");
    auto parsed = persistence::parse_ruleset_text(d.summary.ruleset);
    if (const auto* problem = std::get_if<std::string>(&parsed)) return unreplayable(d, number, *problem);
    const auto rules = std::make_shared<const ruleset>(std::move(std::get<ruleset>(parsed)));
    const auto log = decode_action_log(*found->actions);
    if (!log) return unreplayable(d, number, "its moves do not read back");
    const int players = static_cast<int>(d.summary.seats.size());
    if (validate_for_players(*rules, players) || found->dealer < 0 || found->dealer >= players)
        return unreplayable(d, number, "its seats do not fit its rules");
    hand h(rules, players, found->dealer, found->seed);
    v1::ServerMessage out;
    v1::ReplayHole& replay = *out.mutable_replay_hole();
    replay.set_match_id(d.summary.id);
    replay.set_hole(number);
    int logged = 0;
    std::vector<event> events;
    add_step(replay, h, -1, nullptr, events, logged);
    for (const logged_action& a : *log) {
        events.clear();
        if (h.apply(a.seat, a.act, &events) != action_error::none)
            return unreplayable(d, number, "move " + std::to_string(replay.steps_size()) + " is refused");
        add_step(replay, h, a.seat, &a.act, events, logged);
    }
    // Each step is a watcher's view, so a hole in play shows only what its watchers have seen.
    if (!found->in_play && !h.over()) return unreplayable(d, number, "it does not end where its record does");
    replay.set_in_play(found->in_play && !h.over());
    return out;
}

}  // namespace golf::server
