// golf load's frame scan against the full parse: for every update of played hands (every seat, a spectator, with
// and without the scorecard and seats a real TableUpdate carries), for other messages, and for every truncation.
#include "cli/load/load_frame_scan.hpp"

#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <string>

#include "clients/cpp/golf_client.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "golf/v1/messages.pb.h"
#include "proto/convert.hpp"

namespace golf::cli::load {
namespace {

const ruleset& rules_of(const char* name) {
    const preset* p = find_preset(name);
    if (!p) throw std::invalid_argument(std::string("no preset ") + name);
    return p->rules;
}

// What the full parse says about a frame, in the scan's terms.
void expect_scan_agrees(const std::string& frame, const std::string& what) {
    SCOPED_TRACE(what);
    v1::ServerMessage parsed;
    const bool decoded = parsed.ParseFromString(frame);
    const frame_scan scan = scan_frame(frame);
    if (!decoded) {
        EXPECT_FALSE(scan.update_to_count_only()) << "bytes protobuf cannot decode read as an update to count";
        return;
    }
    ASSERT_TRUE(scan.well_formed);
    EXPECT_EQ(scan.request_id, parsed.request_id());
    EXPECT_EQ(scan.table_update, parsed.has_table_update());
    if (!parsed.has_table_update()) {
        EXPECT_FALSE(scan.update_to_count_only());
        return;
    }
    const v1::TableUpdate& u = parsed.table_update();
    EXPECT_EQ(scan.state, static_cast<int>(u.state()));
    EXPECT_EQ(scan.hand_version, u.hand_version());
    EXPECT_EQ(scan.has_hand, u.has_hand());
    // The scan counts only what is never the receiver's move; the rest goes to the full parse.
    if (client::my_move(u)) {
        EXPECT_FALSE(scan.update_to_count_only());
    }
    EXPECT_EQ(scan.has_legal, u.has_hand() && u.hand().legal_size() > 0);
}

v1::ServerMessage update_message(const hand& h, int viewer, std::uint64_t version, std::uint32_t request_id) {
    v1::ServerMessage m;
    m.set_request_id(request_id);
    v1::TableUpdate& u = *m.mutable_table_update();
    u.set_code("ABCDE");
    u.set_state(h.over() ? v1::TABLE_STATE_BETWEEN_HOLES : v1::TABLE_STATE_PLAYING);
    u.set_your_seat(viewer);
    for (int s = 0; s < 4; ++s) {
        auto& seat = *u.add_seats();
        seat.set_seat(static_cast<std::uint32_t>(s));
        seat.set_occupied(true);
        seat.set_name("seat " + std::to_string(s));
    }
    *u.mutable_hand() = wire::to_proto(h.view_for(viewer), 2);
    u.mutable_scorecard()->add_holes()->add_scores(7);
    u.set_hand_version(version);
    u.set_note("seat 1 drew from the stock");
    return m;
}

TEST(LoadFrameScan, ReadsEveryUpdateOfPlayedHandsAsTheFullParseDoes) {
    int moves_seen = 0;
    int counted_only = 0;
    for (const char* preset : {"six-card", "four-card", "cambio", "cabo"}) {
        const auto rules = std::make_shared<const ruleset>(rules_of(preset));
        hand h(rules, 4, 3, 41);
        random_source random(41);
        std::uint64_t version = 1;
        for (int step = 0; step < 2000 && !h.over(); ++step, ++version) {
            for (int viewer = -1; viewer < 4; ++viewer) {
                const std::string frame = update_message(h, viewer, version, step % 3 ? 0u : 17u).SerializeAsString();
                expect_scan_agrees(frame, std::string(preset) + " step " + std::to_string(step));
                const frame_scan scan = scan_frame(frame);
                moves_seen += scan.has_legal ? 1 : 0;
                counted_only += scan.update_to_count_only() ? 1 : 0;
            }
            const int actor = h.seats_to_act().front();
            const auto legal = h.view_for(actor).legal;
            ASSERT_FALSE(legal.empty());
            ASSERT_EQ(h.apply(actor, legal[random.below(legal.size())]), action_error::none);
        }
        ASSERT_TRUE(h.over());
        expect_scan_agrees(update_message(h, 0, version, 0).SerializeAsString(), std::string(preset) + " over");
    }
    EXPECT_GT(moves_seen, 100);
    EXPECT_GT(counted_only, 3 * moves_seen / 2);  // most frames are someone else's move
}

TEST(LoadFrameScan, LeavesEveryOtherMessageToTheFullParse) {
    v1::ServerMessage error;
    error.set_request_id(9);
    error.mutable_error()->set_code(v1::ERROR_CODE_NOT_YOUR_TURN);
    v1::ServerMessage joined;
    joined.mutable_table_joined()->set_code("ABCDE");
    v1::ServerMessage ok;
    ok.set_request_id(3);
    ok.mutable_ok();
    for (const auto& m : {error, joined, ok}) {
        const std::string frame = m.SerializeAsString();
        expect_scan_agrees(frame, m.ShortDebugString());
        EXPECT_FALSE(scan_frame(frame).update_to_count_only());
    }
    // A TableUpdate with a field this scan does not know beside it goes to the full parse too.
    v1::ServerMessage update;
    update.mutable_table_update()->set_hand_version(4);
    std::string frame = update.SerializeAsString();
    frame += std::string("\xf8\x06\x01", 3);  // field 111, varint 1: unknown to ServerMessage
    expect_scan_agrees(frame, "an unknown field");
    EXPECT_TRUE(scan_frame(frame).well_formed);
    EXPECT_FALSE(scan_frame(frame).update_to_count_only());
}

TEST(LoadFrameScan, NeverCountsATruncatedOrGarbledFrame) {
    const auto rules = std::make_shared<const ruleset>(rules_of("six-card"));
    hand h(rules, 4, 0, 7);
    const std::string frame = update_message(h, -1, 5, 0).SerializeAsString();  // a spectator: no move
    ASSERT_TRUE(scan_frame(frame).update_to_count_only());
    for (std::size_t length = 0; length < frame.size(); ++length)
        expect_scan_agrees(frame.substr(0, length), "the first " + std::to_string(length) + " bytes");
    for (const std::string& garbage : {std::string("not protobuf at all"), std::string("\x72\xff\xff\xff\xff\x0f", 6),
                                       std::string("\x72\x05\x58", 3), std::string(1, '\0')})
        expect_scan_agrees(garbage, "garbage");
}

}  // namespace
}  // namespace golf::cli::load
