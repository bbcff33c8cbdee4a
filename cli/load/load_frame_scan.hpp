// What golf load needs from most frames, read straight off the wire. Three seats in four receive each TableUpdate
// only to learn that it has arrived (its hand_version) and that it is not their move; building the whole message
// for that (about a hundred small protobuf messages) was most of the tool's CPU per frame. The scan walks the
// ServerMessage's tags without building anything, and the caller parses fully only when the frame is something else
// or carries the seat's legal actions.
#pragma once

#include <cstdint>
#include <string_view>

namespace golf::cli::load {

struct frame_scan {
    bool well_formed = false;   // every tag and length read cleanly (else parse it fully, which reports the error)
    bool table_update = false;  // the body is a TableUpdate (ServerMessage.table_update)
    std::uint32_t request_id = 0;
    int state = 0;  // TableUpdate.state (a golf.v1.TableState)
    std::uint64_t hand_version = 0;
    bool has_hand = false;      // TableUpdate.hand is present
    bool has_legal = false;     // ... with at least one legal action: the receiver's move (client::my_move)
    bool other_fields = false;  // a ServerMessage field besides request_id and table_update

    // A TableUpdate and nothing else that does not ask the receiver to move: its arrival and these fields are all
    // golf load needs from it.
    bool update_to_count_only() const { return well_formed && table_update && !other_fields && !has_legal; }
};

frame_scan scan_frame(std::string_view frame);

}  // namespace golf::cli::load
