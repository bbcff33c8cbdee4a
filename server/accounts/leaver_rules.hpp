// Leaving a match with strangers early (a quick-play or public table's match that ended with one's seat still
// played by the server): counted over the last day, the first is a warning; after that the next quick play waits,
// longer with each repeat. Old leaves are forgiven as they pass out of the day. Pure: the account service reads
// the times and applies the answer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace golf::server {

struct leaver_standing {
    std::int64_t wait_until = 0;  // unix seconds; 0: quick play is open
    std::string notice;           // the warning after a first leave, or why quick play waits
};

inline constexpr std::int64_t leaves_counted_s = 24 * 3600;

// `leaves`: the unix times of the leaves within the last leaves_counted_s before `now`, oldest first.
leaver_standing leaver_standing_at(const std::vector<std::int64_t>& leaves, std::int64_t now);

}  // namespace golf::server
