// A recorded hole step by step, for the replay viewer (GetReplay): the hand dealt again from its seed, each
// recorded move applied in turn, and after each the table as a watcher saw it then. Only holes that are over are
// replayed, so nothing secret is shown: when a hole ends every card is turned up and its seed revealed.
#pragma once

#include <cstdint>

#include "golf/v1/messages.pb.h"
#include "persistence/records.hpp"

namespace golf::server {

// Hole `number` (1-based) of `detail` as a ReplayHole, or the Error to answer: no such hole over yet, or a record
// that does not replay.
v1::ServerMessage replay_hole(const persistence::match_detail& detail, std::uint32_t number);

}  // namespace golf::server
