#include "server/registry/replay_hole.hpp"

#include <algorithm>
#include <memory>
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

}  // namespace

v1::ServerMessage replay_hole(const persistence::match_detail& d, std::uint32_t number) {
    const auto recorded = std::find_if(d.holes.begin(), d.holes.end(), [&](const persistence::hole_record& h) {
        return h.hole == static_cast<int>(number);
    });
    if (number == 0 || recorded == d.holes.end())
        return error_message(v1::ERROR_CODE_NO_SUCH_MATCH, "match " + std::to_string(d.summary.id) + " has no hole " +
                                                               std::to_string(number) +
                                                               " that is over; holes are shown once they end");
    auto parsed = persistence::parse_ruleset_text(d.summary.ruleset);
    if (const auto* problem = std::get_if<std::string>(&parsed)) return unreplayable(d, number, *problem);
    const auto rules = std::make_shared<const ruleset>(std::move(std::get<ruleset>(parsed)));
    const auto log = decode_action_log(recorded->actions);
    if (!log) return unreplayable(d, number, "its moves do not read back");
    const int players = static_cast<int>(d.summary.seats.size());
    if (validate_for_players(*rules, players) || recorded->dealer < 0 || recorded->dealer >= players)
        return unreplayable(d, number, "its seats do not fit its rules");
    hand h(rules, players, recorded->dealer, recorded->seed);
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
    if (!h.over()) return unreplayable(d, number, "it does not end where its record does");
    return out;
}

}  // namespace golf::server
