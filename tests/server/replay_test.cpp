// Replays of recorded holes over real sockets and HTTP (GetReplay, /api/matches/ID/holes/N): each step is the
// table as a watcher saw it after a move, the last one every card turned up and scored, all of it what the
// revealed seed and the recorded moves give through the engine. A hole still being played replays its public part:
// the watcher's views so far, never its end (the leak oracle judges every card of such replays).
#include <gtest/gtest.h>

#include <google/protobuf/util/message_differencer.h>

#include <memory>
#include <string>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "engine/hand.hpp"
#include "proto/convert.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace replay_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::server::e2e::running_server;
using golf::server::e2e::two_players;
using golf::server::testing::eventually;
using golf::server::testing::http_request;
namespace v1 = golf::v1;
namespace http = boost::beast::http;

v1::ClientMessage get_replay(std::int64_t match, std::uint32_t hole) {
    v1::ClientMessage m;
    m.mutable_get_replay()->set_match_id(match);
    m.mutable_get_replay()->set_hole(hole);
    return m;
}

std::int64_t only_match(golf::client::connection& c) {
    v1::ClientMessage list;
    list.mutable_list_matches()->set_player("Ann");
    const auto reply = c.request(list);
    EXPECT_EQ(reply.match_list().matches_size(), 1) << reply.ShortDebugString();
    return reply.match_list().matches_size() == 1 ? reply.match_list().matches(0).match_id() : 0;
}

// The hole as the engine deals it from the record's revealed seed and plays its moves: every step of the replay
// is checked against it, the last one whole.
void expect_replays_the_record(const v1::ReplayHole& replay, const v1::MatchRecord& record, int hole) {
    const v1::RecordedHole& recorded = record.holes(hole - 1);
    const auto log = golf::decode_action_log(recorded.actions());
    ASSERT_TRUE(log.has_value());
    ASSERT_EQ(replay.steps_size(), static_cast<int>(log->size()) + 1) << "the deal, then one step per move";
    EXPECT_EQ(replay.steps(0).seat(), -1);
    EXPECT_FALSE(replay.steps(0).has_action());
    const auto rules = std::make_shared<const golf::ruleset>(golf::wire::to_ruleset(record.rules()).value());
    ASSERT_EQ(recorded.seed().size(), 8u);
    std::uint64_t seed = 0;
    for (const char byte : recorded.seed()) seed = seed << 8 | static_cast<unsigned char>(byte);  // big-endian
    golf::hand h(rules, record.summary().seats_size(), recorded.dealer(), seed);
    for (std::size_t k = 0; k < log->size(); ++k) {
        const v1::ReplayStep& step = replay.steps(static_cast<int>(k) + 1);
        EXPECT_EQ(step.seat(), (*log)[k].seat);
        EXPECT_EQ(golf::wire::from_proto(step.action()), (*log)[k].act);
        ASSERT_EQ(h.apply((*log)[k].seat, (*log)[k].act), golf::action_error::none);
        const v1::HandView seen = golf::wire::to_proto(h.view_for(-1), hole);
        EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(step.hand(), seen)) << "step " << k + 1;
        EXPECT_EQ(step.hand().legal_size(), 0) << "a watcher has no move";
    }
    const v1::HandView& last = replay.steps(replay.steps_size() - 1).hand();
    EXPECT_EQ(last.phase(), v1::PHASE_OVER);
    for (const auto& seat : last.seats())
        for (const auto& pos : seat.positions()) EXPECT_TRUE(pos.empty() || pos.has_card()) << "every card turned up";
    EXPECT_TRUE(std::equal(last.result().scores().begin(), last.result().scores().end(), recorded.scores().begin(),
                           recorded.scores().end()));
}

TEST(Replay, AFinishedHoleReplaysMoveByMoveAndTheHoleInPlayOnlyAsWatchersSawIt) {
    running_server server(1s);
    two_players table(server.url(), "four-card", 2);
    const auto moves = table.play_into_hole(1, 3);
    const std::int64_t id = only_match(*table.seats[0]);
    v1::ServerMessage first;
    ASSERT_TRUE(eventually([&] { return (first = table.seats[1]->request(get_replay(id, 1))).has_replay_hole(); }))
        << first.ShortDebugString();
    v1::ClientMessage get;
    get.mutable_get_match()->set_match_id(id);
    EXPECT_TRUE(eventually([&] { return table.seats[0]->request(get).match_record().hole_in_play() == 2; }));

    // Hole 2 is being played: its deal and moves so far, each step a watcher's view, and no end.
    v1::ServerMessage in_play;
    ASSERT_TRUE(eventually([&] {
        in_play = table.seats[1]->request(get_replay(id, 2));
        return in_play.has_replay_hole() && in_play.replay_hole().steps_size() == static_cast<int>(moves.size()) + 1;
    })) << in_play.ShortDebugString();
    EXPECT_TRUE(in_play.replay_hole().in_play());
    int face_down = 0;
    for (const auto& step : in_play.replay_hole().steps()) {
        EXPECT_NE(step.hand().phase(), v1::PHASE_OVER);
        EXPECT_EQ(step.hand().legal_size(), 0);
        EXPECT_TRUE(!step.hand().has_held() || step.hand().held_from_discard())
            << "a card drawn from the stock is its drawer's alone";
        EXPECT_EQ(step.hand().offered_size(), 0);
        for (const auto& seat : step.hand().seats())
            for (const auto& pos : seat.positions()) face_down += !pos.empty() && !pos.has_card();
    }
    EXPECT_GT(face_down, 0) << "a watcher sees no face-down card";

    table.play_to_the_end();
    v1::ServerMessage record;
    ASSERT_TRUE(eventually([&] { return (record = table.seats[0]->request(get)).match_record().holes_size() == 2; }));
    expect_replays_the_record(first.replay_hole(), record.match_record(), 1);
    const auto second = table.seats[0]->request(get_replay(id, 2));
    ASSERT_TRUE(second.has_replay_hole()) << second.ShortDebugString();
    expect_replays_the_record(second.replay_hole(), record.match_record(), 2);

    for (const std::uint32_t hole : {0u, 3u})
        EXPECT_EQ(table.seats[0]->request(get_replay(id, hole)).error().code(), v1::ERROR_CODE_NO_SUCH_MATCH);
    EXPECT_EQ(table.seats[0]->request(get_replay(987654, 1)).error().code(), v1::ERROR_CODE_NO_SUCH_MATCH);

    // The same as JSON.
    const std::string path = "/api/matches/" + std::to_string(id) + "/holes/";
    const auto json = http_request(server.port(), path + "2");
    EXPECT_EQ(json.result(), http::status::ok);
    EXPECT_NE(json.body().find("\"steps\":["), std::string::npos);
    EXPECT_EQ(http_request(server.port(), path + "3").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), path + "0").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), path + "x").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), "/api/matches/x/holes/1").result(), http::status::bad_request);
}

}  // namespace
}  // namespace replay_tests
