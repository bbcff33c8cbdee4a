// update_frame: an update serialised in two pieces (the part every receiver shares, then the receiver's own seat
// and view) must read back as exactly the message built whole; so must update_fanout's frames, whose views reuse
// the seats a spectator sees.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <memory>

#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"
#include "server/frames.hpp"
#include "server/tables/hole_log.hpp"
#include "server/tables/update_fanout.hpp"

namespace golf::server {
namespace frames_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using google::protobuf::util::MessageDifferencer;

v1::TableUpdate shared_part() {
    v1::TableUpdate u;
    u.set_code("ABCDE");
    u.set_state(v1::TABLE_STATE_PLAYING);
    u.set_host_seat(1);
    for (int s = 0; s < 4; ++s) {
        v1::SeatInfo& info = *u.add_seats();
        info.set_seat(static_cast<std::uint32_t>(s));
        info.set_occupied(true);
        info.set_name("player " + std::to_string(s));
    }
    v1::Scorecard& card = *u.mutable_scorecard();
    card.add_totals(12);
    card.add_totals(-3);
    u.set_hand_version(77);
    u.set_note("a note long enough to need more than one byte of length: " + std::string(200, 'x'));
    return u;
}

// Whole, the way a client reads it.
v1::ServerMessage whole(const v1::TableUpdate& shared, const v1::TableUpdate& personal) {
    v1::ServerMessage message;
    *message.mutable_table_update() = shared;
    message.mutable_table_update()->MergeFrom(personal);
    return message;
}

void expect_same(const v1::TableUpdate& shared, const v1::TableUpdate& personal) {
    const auto frame = update_frame(shared.SerializeAsString(), personal);
    v1::ServerMessage read;
    ASSERT_TRUE(read.ParseFromString(*frame));
    EXPECT_TRUE(MessageDifferencer::Equals(read, whole(shared, personal))) << read.DebugString() << "\nexpected\n"
                                                                           << whole(shared, personal).DebugString();
    EXPECT_EQ(read.body_case(), v1::ServerMessage::kTableUpdate);
    EXPECT_EQ(read.request_id(), 0u);  // a push
}

TEST(UpdateFrame, ReadsBackAsTheWholeMessageForEverySeatAndSpectatorThroughAHand) {
    const auto rules = std::make_shared<const ruleset>(find_preset("six-card")->rules);
    hand h(rules, 4, 0, 5);
    random_source random(5);
    const auto bot = make_bot("heuristic");
    const v1::TableUpdate shared = shared_part();
    int checked = 0;
    for (int step = 0; step < 400 && !h.over(); ++step) {
        for (int viewer = -1; viewer < 4; ++viewer) {
            v1::TableUpdate personal;
            personal.set_your_seat(viewer);
            *personal.mutable_hand() = wire::to_proto(viewer < 0 ? h.spectator_view() : h.view_for(viewer), 1);
            expect_same(shared, personal);
            ++checked;
        }
        const int seat = h.seats_to_act().front();
        ASSERT_EQ(h.apply(seat, bot->choose(*rules, h.view_for(seat), random)), action_error::none);
    }
    EXPECT_TRUE(h.over());
    EXPECT_GT(checked, 100);
}

TEST(UpdateFrame, EmptyPiecesAndLongBodiesAreFramedRight) {
    expect_same(v1::TableUpdate{}, v1::TableUpdate{});  // seat 0 and no view: an empty table_update
    v1::TableUpdate seat_only;
    seat_only.set_your_seat(-1);
    expect_same(v1::TableUpdate{}, seat_only);
    expect_same(shared_part(), v1::TableUpdate{});
    v1::TableUpdate big = shared_part();
    big.set_note(std::string(70'000, 'n'));  // a body length of three varint bytes
    expect_same(big, seat_only);
}

TEST(UpdateFrame, AnUpdateThatAnswersAnActCarriesItsRequestIdAndReadsTheSame) {
    v1::TableUpdate personal;
    personal.set_your_seat(2);
    for (const std::uint32_t id : {1u, 127u, 128u, 300'000u, 0xFFFF'FFFFu}) {  // varints of one to five bytes
        const auto frame = update_frame(shared_part().SerializeAsString(), personal, id);
        v1::ServerMessage read;
        ASSERT_TRUE(read.ParseFromString(*frame));
        EXPECT_EQ(read.request_id(), id);
        v1::ServerMessage expected = whole(shared_part(), personal);
        expected.set_request_id(id);
        EXPECT_TRUE(MessageDifferencer::Equals(read, expected)) << read.DebugString();
    }
}

// Every receiver's frame, its seats partly the spectator's encoding, reads back as the update built whole from that
// receiver's own view: at every step of whole hands with peeks, powers that look at other seats' cards, and four
// seats. The test also sees that receivers who know another seat's card (so get that seat encoded for them) occur.
// One scratch serves every update, as a table's does: seats encoded at one update are reused at the next only
// where they are unchanged, through hands of different rules and layouts.
TEST(UpdateFanout, EveryFrameReadsBackAsTheUpdateBuiltWholeFromItsReceiversView) {
    int checked = 0, seen_unlike_spectator = 0;
    update_fanout::scratch reuse;
    for (const char* preset : {"six-card", "four-card", "cambio", "pablo", "six-card"}) {
        const auto rules = std::make_shared<const ruleset>(find_preset(preset)->rules);
        hand h(rules, 4, 1, 11 + checked);
        random_source random(11);
        const auto bot = make_bot("heuristic");
        const hole_log log;  // no hole: no events
        for (int step = 0; step < 400 && !h.over(); ++step) {
            update_fanout fanout(&h, 3, log, rules->peeks_shown_once, reuse);
            fanout.share([](v1::TableUpdate& u) { u = shared_part(); });
            const hand_view spectator = h.view_for(-1);
            for (int viewer = -1; viewer < 4; ++viewer) {
                hole_log::cursor at;
                const auto frame = fanout.frame_for(viewer, at);
                v1::ServerMessage read;
                ASSERT_TRUE(read.ParseFromString(*frame));
                const hand_view view = h.view_for(viewer);
                v1::TableUpdate personal;
                personal.set_your_seat(viewer);
                *personal.mutable_hand() = wire::to_proto(view, 3);
                ASSERT_TRUE(MessageDifferencer::Equals(read, whole(shared_part(), personal)))
                    << preset << " step " << step << " viewer " << viewer << "\n"
                    << read.DebugString();
                for (int s = 0; s < 4; ++s)
                    if (s != viewer &&
                        !(view.seats[static_cast<std::size_t>(s)] == spectator.seats[static_cast<std::size_t>(s)]))
                        ++seen_unlike_spectator;
                ++checked;
            }
            const int seat = h.seats_to_act().front();
            ASSERT_EQ(h.apply(seat, bot->choose(*rules, h.view_for(seat), random)), action_error::none);
        }
        EXPECT_TRUE(h.over()) << preset;
    }
    EXPECT_GT(checked, 400);
    EXPECT_GT(seen_unlike_spectator, 0);
}

}  // namespace
}  // namespace frames_tests
}  // namespace golf::server
