// The move log `golf play` keeps: the events of TableUpdate.events, each (hole, index) once, so a resent log
// (after a reconnect) adds nothing twice; a whole log (events_from_start) replaces its hole's. The latest hole is
// what the screen tells; older holes are let go.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "golf/v1/messages.pb.h"

namespace golf::cli {

class move_log {
public:
    // Takes the update's events and returns those the log did not hold yet, in order.
    std::vector<v1::TableEvent> add(const v1::TableUpdate& update);
    // The latest hole's events, oldest first.
    std::vector<v1::TableEvent> latest_hole() const;
    std::size_t size() const { return events_.size(); }

private:
    std::map<std::pair<std::uint32_t, std::uint32_t>, v1::TableEvent> events_;  // by (hole, index)
};

}  // namespace golf::cli
