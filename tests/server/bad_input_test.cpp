// The catalogue of bad input (docs/bad-input.md): each test sends one kind of hostile input over a real
// socket on 127.0.0.1 to an in-process golf-server with a match in play, asserts the documented outcome (an Error
// with its code, or Closing with its reason and the connection's end), and then that the table is unchanged: the
// next view another seat receives carries a HandView byte-identical to the one before, at the same hand_version.
// Cases that need no table (a handshake cut short before any table exists, a flood of Pings, a slow reader) are in
// session_test.cpp and http_test.cpp; the catalogue names them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "tests/server/net_test_support.hpp"

namespace golf::server::testing {
namespace bad_input_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

const std::string password = "secret";

v1::ClientMessage join_message(const std::string& code, const std::string& name, bool spectate = false,
                               const std::string& pass = password) {
    v1::ClientMessage m;
    m.mutable_join_table()->set_code(code);
    m.mutable_join_table()->set_player_name(name);
    m.mutable_join_table()->set_password(pass);
    m.mutable_join_table()->set_spectate(spectate);
    return m;
}

v1::ClientMessage act_message(const v1::Action& a, std::uint64_t version) {
    v1::ClientMessage m;
    *m.mutable_act()->mutable_action() = a;
    m.mutable_act()->set_hand_version(version);
    return m;
}

v1::ClientMessage chat_message(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

// A player on a raw WebSocket (ws_client), so tests can send what golf_client never would and see close codes.
class raw_player {
public:
    explicit raw_player(std::uint16_t port) : ws_(port) { ws_.greet(); }

    // Sends `m` with a fresh request id and returns the reply to it (pushes on the way update latest()).
    v1::ServerMessage call(v1::ClientMessage m) {
        m.set_request_id(++request_id_);
        EXPECT_FALSE(ws_.write(serialize(m)));
        for (int i = 0; i < 10000; ++i) {
            const auto reply = ws_.read();
            if (!reply) break;
            if (reply->has_table_update()) latest_ = reply->table_update();
            if (reply->request_id() == request_id_) return *reply;
        }
        ADD_FAILURE() << "no reply to request " << request_id_ << ": " << ws_.last_error().message();
        return {};
    }
    // The error code of the reply to `m` (UNSPECIFIED when it was not an Error).
    v1::ErrorCode error_of(v1::ClientMessage m) {
        const v1::ServerMessage reply = call(std::move(m));
        return reply.has_error() ? reply.error().code() : v1::ERROR_CODE_UNSPECIFIED;
    }
    // Reads until the connection ends; returns the Closing reason ("" if none came).
    std::string closing_reason() {
        const auto closing = ws_.read_until_closed();
        return closing ? closing->reason() : "";
    }

    ws_client& ws() { return ws_; }
    const std::optional<v1::TableUpdate>& latest() const { return latest_; }

private:
    ws_client ws_;
    std::optional<v1::TableUpdate> latest_;
    std::uint32_t request_id_ = 0;
};

std::string url_of(std::uint16_t port) { return "ws://127.0.0.1:" + std::to_string(port) + "/ws"; }

// Reads everything already received; a connection the server has closed has nothing more to read.
void drain(client::connection& c) {
    try {
        for (int i = 0; i < 100000 && c.next(std::chrono::milliseconds(0)); ++i) {}
    } catch (const client::error&) {}
}

// A six-card table for three behind a password: Ann (host, seat 0) and Bob (seat 1) on golf_client, Mallory
// (seat 2) on a raw WebSocket. The match is started and everyone's start moves are made, so one seat is to play.
class live_table {
public:
    explicit live_table(const std::function<void(server_config&)>& tweak = {}) : server_(configured(dir_, tweak)) {
        ann_.connect(url_of(server_.port()), "bad-input-test");
        v1::CreateTable create;
        create.set_player_name("Ann");
        create.set_preset("six-card");
        create.set_seats(3);
        create.set_password(password);
        code_ = ann_.create_table(create).code();
        bob_.connect(url_of(server_.port()), "bad-input-test");
        bob_.expect_success(join_message(code_, "Bob"));
        mallory_ = std::make_unique<raw_player>(server_.port());
        const v1::ServerMessage joined = mallory_->call(join_message(code_, "Mallory"));
        EXPECT_TRUE(joined.has_table_joined()) << joined.DebugString();
        ann_.start_match();
        play_start();
    }

    running_server& server() { return server_; }
    client::connection& ann() { return ann_; }
    client::connection& bob() { return bob_; }
    raw_player& mallory() { return *mallory_; }
    const std::string& code() const { return code_; }

    // Ann's latest update once she has caught up with the newest version anyone has seen. Right after the deal
    // Bob may have received no update yet (his pushes travel on another connection), so he counts as version 0.
    v1::TableUpdate settled() {
        drain(ann_);
        drain(bob_);
        const auto version_of = [](const client::connection& c) -> std::uint64_t {
            return c.latest() ? c.latest()->hand_version() : 0;
        };
        const std::uint64_t newest = std::max(version_of(ann_), version_of(bob_));
        return ann_.wait_until([&](const v1::TableUpdate& u) { return u.hand_version() >= newest; });
    }

    // What Ann sees once everything sent so far has been applied (a join is handled after every earlier move).
    v1::TableUpdate snapshot() { return next_view(); }

    // A new spectator joins, which sends everyone a TableUpdate: Ann's next view after whatever happened.
    v1::TableUpdate next_view() {
        const std::uint32_t watchers = settled().spectators();
        auto witness = std::make_unique<client::connection>();
        witness->connect(url_of(server_.port()), "witness");
        witness->expect_success(join_message(code_, "", true));
        witnesses_.push_back(std::move(witness));
        return ann_.wait_until([&](const v1::TableUpdate& u) { return u.spectators() > watchers; });
    }

    // The hand Ann sees now and at her next view are byte-identical, at the same version.
    void expect_unchanged(const v1::TableUpdate& before) {
        const v1::TableUpdate after = next_view();
        EXPECT_EQ(after.hand_version(), before.hand_version());
        EXPECT_EQ(after.hand().SerializeAsString(), before.hand().SerializeAsString())
            << "before:\n"
            << before.hand().DebugString() << "after:\n"
            << after.hand().DebugString();
    }

    // The seat to play makes its first legal move; the table still plays.
    void expect_still_playing() {
        const v1::TableUpdate now = settled();
        const int seat = now.hand().current_seat();
        if (seat == 2) {
            ASSERT_TRUE(mallory_->ws().stream().is_open()) << "Mallory is to play but was disconnected";
            return;
        }
        client::connection& mover = seat == 0 ? ann_ : bob_;
        drain(mover);
        const v1::TableUpdate& mine = *mover.latest();
        ASSERT_GT(mine.hand().legal_size(), 0);
        const v1::ServerMessage reply = mover.request(act_message(mine.hand().legal(0), mine.hand_version()));
        EXPECT_TRUE(reply.has_ok()) << reply.DebugString();
        ann_.wait_until([&](const v1::TableUpdate& u) { return u.hand_version() > now.hand_version(); });
    }

private:
    static server_config configured(const temp_dir& dir, const std::function<void(server_config&)>& tweak) {
        server_config config = test_config(dir);  // seat grace 120 s: no bot stands in during a test
        if (tweak) tweak(config);
        return config;
    }

    // Everyone's start moves (flip two each), whoever is asked, until the first turn.
    void play_start() {
        ann_.wait_until([](const v1::TableUpdate& u) { return u.has_hand(); });  // the deal
        for (int round = 0; round < 50; ++round) {
            const v1::TableUpdate now = settled();
            if (now.hand().phase() != v1::PHASE_START) return;
            bool moved = false;
            for (client::connection* c : {&ann_, &bob_}) {
                drain(*c);
                if (!c->latest() || !client::my_move(*c->latest())) continue;
                const v1::TableUpdate& u = *c->latest();
                c->request(act_message(u.hand().legal(0), u.hand_version()));
                moved = true;
            }
            mallory_->call(ping_message(0));  // reads the pushes sent to her so far
            const auto& m = mallory_->latest();
            if (m && m->has_hand() && m->hand().legal_size() > 0 && m->hand().phase() == v1::PHASE_START) {
                mallory_->call(act_message(m->hand().legal(0), 0));
                moved = true;
            }
            if (!moved) ann_.next(std::chrono::milliseconds(20));
        }
        ADD_FAILURE() << "the start phase did not end: Ann sees\n"
                      << settled().DebugString() << "Mallory sees\n"
                      << (mallory_->latest() ? mallory_->latest()->DebugString() : "nothing");
    }

    temp_dir dir_;
    running_server server_;
    client::connection ann_, bob_;
    std::unique_ptr<raw_player> mallory_;
    std::vector<std::unique_ptr<client::connection>> witnesses_;
    std::string code_;
};

// ---- frames ------------------------------------------------------------------------------------------------------

TEST(BadInput, BytesThatAreNotProtobufCloseTheSenderAndLeaveTheTableAlone) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    ASSERT_FALSE(t.mallory().ws().write(std::string(11, '\xff')));  // an 11-byte varint: never valid
    EXPECT_EQ(t.mallory().closing_reason(), "undecodable frame");
    EXPECT_EQ(t.mallory().ws().close_reason().code, websocket::close_code::bad_payload);
    t.expect_unchanged(before);
    EXPECT_EQ(t.server().counters().bad_frames.load(), 1);
}

TEST(BadInput, ATruncatedMessageClosesTheSenderAndLeavesTheTableAlone) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    v1::Action flip;
    flip.set_kind(v1::ACTION_KIND_FLIP);
    flip.set_position(3);
    const std::string whole = serialize(act_message(flip, before.hand_version()));
    ASSERT_FALSE(t.mallory().ws().write(whole.substr(0, whole.size() - 2)));  // the Act's length overruns
    EXPECT_EQ(t.mallory().closing_reason(), "undecodable frame");
    t.expect_unchanged(before);
}

TEST(BadInput, UnknownFieldsAndEnumValuesAreIgnoredAsTheProtocolPromises) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    // A chat line with a field this server does not know appended: accepted, the unknown field ignored.
    v1::ClientMessage with_id;
    with_id.set_request_id(77);
    const std::string chat = serialize(chat_message("hello"));
    const std::string envelope = with_id.SerializeAsString() + chat + std::string("\xc2\x3e\x03xyz", 6);  // field 1000
    ASSERT_FALSE(t.mallory().ws().write(envelope));
    std::optional<v1::ServerMessage> reply;
    for (int i = 0; i < 100 && (!reply || reply->request_id() != 77); ++i) reply = t.mallory().ws().read();
    ASSERT_TRUE(reply) << t.mallory().ws().last_error().message();
    EXPECT_TRUE(reply->has_ok()) << reply->DebugString();
    // An action kind this server does not know is a bad request, not a crash, and changes nothing.
    v1::Action unknown;
    unknown.set_kind(static_cast<v1::ActionKind>(999));
    EXPECT_EQ(t.mallory().error_of(act_message(unknown, before.hand_version())), v1::ERROR_CODE_BAD_REQUEST);
    t.expect_unchanged(before);
}

TEST(BadInput, AMessageWithAnEmptyOneofIsABadRequestAndTheConnectionStays) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    const v1::ServerMessage reply = t.mallory().call(v1::ClientMessage{});
    ASSERT_TRUE(reply.has_error()) << reply.DebugString();
    EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(reply.error().message(), "the message has no request in it");
    EXPECT_TRUE(t.mallory().call(ping_message(5)).has_pong());
    t.expect_unchanged(before);
}

TEST(BadInput, ASixteenMebibyteFrameEndsTheConnectionAndLeavesTheTableAlone) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    // The server stops reading at 64 KiB and may reset the connection before the write ends: either is fine.
    (void)t.mallory().ws().write(std::string(16u << 20, 'x'));
    for (int i = 0; i < 1000 && t.mallory().ws().read(); ++i) {  // whatever was queued for her before the end
    }
    EXPECT_NE(t.mallory().ws().last_error(), net::error::timed_out);
    if (t.mallory().ws().last_error() == websocket::error::closed) {
        EXPECT_EQ(t.mallory().ws().close_reason().code, websocket::close_code::too_big);
    }
    EXPECT_TRUE(eventually([&] { return t.server().counters().bad_frames.load() == 1; }));
    t.expect_unchanged(before);
}

TEST(BadInput, ATextFrameClosesTheSenderAndLeavesTheTableAlone) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    ASSERT_FALSE(t.mallory().ws().write("{\"act\": {\"kind\": \"draw_stock\"}}", false));
    EXPECT_EQ(t.mallory().closing_reason(), "binary frames only");
    EXPECT_EQ(t.mallory().ws().close_reason().code, websocket::close_code::policy_error);
    t.expect_unchanged(before);
}

// ---- moves -------------------------------------------------------------------------------------------------------

TEST(BadInput, AnActionOutOfTurnIsRefusedAndChangesNothing) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    const int current = before.hand().current_seat();
    ASSERT_GE(current, 0);
    v1::Action draw;
    draw.set_kind(v1::ACTION_KIND_DRAW_STOCK);
    if (current == 2) {
        // Mallory is to play: Bob tries the move instead.
        const v1::ServerMessage reply = t.bob().request(act_message(draw, before.hand_version()));
        ASSERT_TRUE(reply.has_error());
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);
    } else {
        EXPECT_EQ(t.mallory().error_of(act_message(draw, before.hand_version())), v1::ERROR_CODE_NOT_YOUR_TURN)
            << before.hand().ShortDebugString();
        EXPECT_EQ(t.mallory().error_of(act_message(draw, 0)), v1::ERROR_CODE_NOT_YOUR_TURN);  // unversioned too
    }
    t.expect_unchanged(before);
    t.expect_still_playing();
}

TEST(BadInput, AnActionForAnotherSeatIsRefusedAndChangesNothing) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    const int current = before.hand().current_seat();
    // The mover's own listed move, sent by a seat that is not the mover: the server acts for the sender's seat.
    client::connection& mover = current == 0 ? t.ann() : t.bob();
    client::connection& other = current == 0 ? t.bob() : t.ann();
    if (current == 2) GTEST_SKIP() << "the deal made Mallory first; covered by the out-of-turn test";
    drain(mover);
    ASSERT_TRUE(mover.latest().has_value());
    const v1::Action theirs = mover.latest()->hand().legal(0);
    const v1::ServerMessage reply = other.request(act_message(theirs, before.hand_version()));
    ASSERT_TRUE(reply.has_error());
    EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_NOT_YOUR_TURN);
    // A move that names another seat's layout where only one's own is allowed: the engine refuses it.
    v1::Action at_theirs;
    at_theirs.set_kind(v1::ACTION_KIND_DRAW_STOCK);
    at_theirs.set_target_seat(static_cast<std::uint32_t>((current + 1) % 3));
    const v1::ServerMessage refused = mover.request(act_message(at_theirs, before.hand_version()));
    ASSERT_TRUE(refused.has_error()) << refused.DebugString();
    EXPECT_EQ(refused.error().code(), v1::ERROR_CODE_ILLEGAL_ACTION) << refused.error().message();
    t.expect_unchanged(before);
    t.expect_still_playing();
}

// ---- tokens, seats, passwords --------------------------------------------------------------------------------------

TEST(BadInput, AForgedSeatTokenIsRefusedAndSeatsNobody) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    client::connection intruder;
    intruder.connect(url_of(t.server().port()), "intruder");
    std::string forged = t.bob().token();
    forged[5] = forged[5] == 'a' ? 'b' : 'a';  // one digit off
    for (const std::string& token : {forged, std::string(32, '0'), std::string(4096, 'f'), std::string("x")}) {
        v1::ClientMessage m;
        m.mutable_reclaim_seat()->set_seat_token(token);
        const v1::ServerMessage reply = intruder.request(m);
        ASSERT_TRUE(reply.has_error()) << reply.DebugString();
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_TOKEN);
    }
    v1::ClientMessage start;
    start.mutable_start_match();
    EXPECT_EQ(intruder.request(start).error().code(), v1::ERROR_CODE_NOT_AT_TABLE);  // not seated by any of them
    t.expect_unchanged(before);
}

TEST(BadInput, AReplayedSeatTokenOnlyEverGivesBackItsOwnSeat) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    // A token from a table that has closed since: refused.
    client::connection gone;
    gone.connect(url_of(t.server().port()), "gone");
    const std::string old_token = gone.create_table("Zed", "four-card", 2).seat_token();
    v1::ClientMessage leave;
    leave.mutable_leave_table();
    ASSERT_TRUE(gone.request(leave).has_ok());
    client::connection replayer;
    replayer.connect(url_of(t.server().port()), "replayer");
    v1::ClientMessage reclaim;
    reclaim.mutable_reclaim_seat()->set_seat_token(old_token);
    EXPECT_TRUE(eventually([&] {
        const v1::ServerMessage reply = replayer.request(reclaim);
        return reply.has_error() && reply.error().code() == v1::ERROR_CODE_BAD_TOKEN;
    }));
    // Bob's token used again from another connection: the seat moves to it (a token is its holder's key), the
    // old connection is told why, and the hand is exactly as it was.
    reclaim.mutable_reclaim_seat()->set_seat_token(t.bob().token());
    const v1::ServerMessage back = replayer.request(reclaim);
    ASSERT_TRUE(back.has_table_joined()) << back.DebugString();
    EXPECT_EQ(back.table_joined().seat(), 1);
    EXPECT_EQ(back.table_joined().code(), t.code());
    for (int i = 0; i < 1000 && t.bob().is_open(); ++i) {
        try {
            t.bob().next(std::chrono::milliseconds(100));
        } catch (const client::error&) {
            break;
        }
    }
    EXPECT_FALSE(t.bob().is_open());
    EXPECT_NE(t.bob().close_reason().find("your seat was taken back from another connection"), std::string::npos)
        << t.bob().close_reason();
    t.expect_unchanged(before);
}

TEST(BadInput, JoiningAFullTableIsRefusedAndSeatsNobody) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    client::connection late;
    late.connect(url_of(t.server().port()), "late");
    const v1::ServerMessage reply = late.request(join_message(t.code(), "Late"));
    ASSERT_TRUE(reply.has_error());
    EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_TABLE_FULL);
    EXPECT_EQ(late.request(join_message(t.code(), "Late", false, "")).error().code(), v1::ERROR_CODE_WRONG_PASSWORD);
    t.expect_unchanged(before);
}

TEST(BadInput, AWrongPasswordIsRefusedEvenForASpectator) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    client::connection guesser;
    guesser.connect(url_of(t.server().port()), "guesser");
    for (const std::string& guess : {std::string(), std::string("Secret"), std::string("secret "),
                                     std::string(129, 's'), std::string("secret\n")}) {
        for (const bool spectate : {false, true}) {
            const v1::ServerMessage reply = guesser.request(join_message(t.code(), "Guess", spectate, guess));
            ASSERT_TRUE(reply.has_error()) << reply.DebugString();
            EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_WRONG_PASSWORD);
        }
    }
    t.expect_unchanged(before);
}

// ---- chat, names, rulesets -------------------------------------------------------------------------------------------

TEST(BadInput, AChatFloodIsCutToFiveLinesInTenSecondsAndTheConnectionStays) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    drain(t.ann());
    // Fifty lines in one write: the first five are sent to the table, the rest refused one by one.
    std::string burst;
    for (int i = 0; i < 50; ++i) {
        v1::ClientMessage m = chat_message("spam " + std::to_string(i));
        m.set_request_id(static_cast<std::uint32_t>(1000 + i));
        burst += masked_frame(serialize(m));
    }
    ASSERT_FALSE(t.mallory().ws().write_raw(burst));
    int ok = 0, limited = 0;
    for (int i = 0; i < 1000 && ok + limited < 50; ++i) {
        const auto reply = t.mallory().ws().read();
        ASSERT_TRUE(reply) << t.mallory().ws().last_error().message();
        if (reply->request_id() < 1000) continue;
        if (reply->has_ok()) ++ok;
        else if (reply->has_error() && reply->error().code() == v1::ERROR_CODE_RATE_LIMITED) ++limited;
    }
    EXPECT_EQ(ok, 5);
    EXPECT_EQ(limited, 45);
    EXPECT_TRUE(t.mallory().call(ping_message(9)).has_pong());
    int lines = 0;
    for (int i = 0; i < 1000; ++i) {
        const auto m = t.ann().next(std::chrono::milliseconds(lines >= 5 ? 200 : 5000));
        if (!m) break;
        if (m->has_chat()) ++lines;
    }
    EXPECT_EQ(lines, 5);
    t.expect_unchanged(before);
}

TEST(BadInput, NamesWithControlCharactersAreRefusedAndTheConnectionStays) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    const std::vector<std::string> names{
        "a\x01"
        "b",
        "tab\tname",
        "new\nline",
        std::string("nul\0byte", 8),
        "del\x7f",
        "esc\x1b[31m",
        "\xc2\x85"
        "next",  // C1 control NEL
        "\xe2\x80\xae"
        "evil",  // right-to-left override
        "\xe2\x80\xa8"
        "sep",  // line separator
        std::string(25, 'n'),
        "    ",
        ""};
    client::connection newcomer;
    newcomer.connect(url_of(t.server().port()), "newcomer");
    for (const std::string& name : names) {
        v1::ClientMessage create;
        create.mutable_create_table()->set_player_name(name);
        create.mutable_create_table()->set_preset("six-card");
        create.mutable_create_table()->set_seats(2);
        const v1::ServerMessage created = newcomer.request(create);
        ASSERT_TRUE(created.has_error()) << ::testing::PrintToString(name);
        EXPECT_EQ(created.error().code(), v1::ERROR_CODE_BAD_NAME) << ::testing::PrintToString(name);
        if (name.empty()) continue;  // an anonymous spectator may watch
        const v1::ServerMessage watched = newcomer.request(join_message(t.code(), name, true));
        ASSERT_TRUE(watched.has_error()) << ::testing::PrintToString(name);
        EXPECT_EQ(watched.error().code(), v1::ERROR_CODE_BAD_NAME) << ::testing::PrintToString(name);
    }
    // The same characters in a chat line: refused, and the sender stays.
    for (const std::string& text : {std::string("bell\a"),
                                    std::string("\xe2\x80\xae"
                                                "evil"),
                                    std::string("a\nb")}) {
        const v1::ServerMessage said = t.mallory().call(chat_message(text));
        ASSERT_TRUE(said.has_error()) << ::testing::PrintToString(text);
        EXPECT_EQ(said.error().code(), v1::ERROR_CODE_BAD_REQUEST);
    }
    EXPECT_EQ(t.server().get().open_connections(), 5);  // nobody was cut off (players, spectator, newcomer)
    t.expect_unchanged(before);
}

TEST(BadInput, InvalidUtf8InANameOrAnyTextIsAnUndecodableFrame) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    // Protobuf's string fields must be UTF-8, so such a message does not decode: the sender is disconnected.
    for (const std::string& name : {std::string("\xff\xfe"),
                                    std::string("Bo\xc0\xaf"
                                                "b"),
                                    std::string("\xed\xa0\x80"), std::string("cut\xe2\x82")}) {
        ws_client raw(t.server().port());
        raw.greet();
        v1::ClientMessage join = join_message(t.code(), "x", true);
        join.mutable_join_table()->set_player_name(name);
        std::string bytes;
        join.SerializePartialToString(&bytes);
        ASSERT_FALSE(raw.write(bytes));
        const auto closing = raw.read_until_closed();
        ASSERT_TRUE(closing) << ::testing::PrintToString(name);
        EXPECT_EQ(closing->reason(), "undecodable frame");
        EXPECT_EQ(raw.close_reason().code, websocket::close_code::bad_payload);
    }
    EXPECT_TRUE(eventually([&] { return t.server().get().open_connections() == 4; }));  // players and a spectator
    t.expect_unchanged(before);
}

TEST(BadInput, ARulesetWithAbsurdValuesIsRefusedNamingTheOption) {
    live_table t;
    const v1::TableUpdate before = t.snapshot();
    client::connection host;
    host.connect(url_of(t.server().port()), "host");
    const auto create = [](const std::function<void(v1::CreateTable&)>& edit) {
        v1::ClientMessage m;
        auto& c = *m.mutable_create_table();
        c.set_player_name("Host");
        c.set_preset("six-card");
        c.set_seats(2);
        edit(c);
        return m;
    };
    const std::vector<std::pair<std::string, std::function<void(v1::Ruleset&)>>> absurd{
        {"rows", [](v1::Ruleset& r) { r.set_rows(1000000); }},
        {"cols", [](v1::Ruleset& r) { r.set_cols(-7); }},
        {"jokers_per_pack", [](v1::Ruleset& r) { r.set_jokers_per_pack(2147483647); }},
        {"holes", [](v1::Ruleset& r) { r.set_holes(-2147483647 - 1); }},
        {"value_queen", [](v1::Ruleset& r) { r.set_value_queen(2000000000); }},
    };
    for (const auto& entry : absurd) {
        const std::string& option = entry.first;
        const auto& edit = entry.second;
        const v1::ServerMessage reply =
            host.request(create([&](v1::CreateTable& c) { edit(*c.mutable_house_rules()); }));
        ASSERT_TRUE(reply.has_error()) << option;
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_RULESET) << option;
        EXPECT_NE(reply.error().message().find(option), std::string::npos) << reply.error().message();
    }
    // The table's own settings out of range: a bad request each.
    for (const auto& edit : std::vector<std::function<void(v1::CreateTable&)>>{
             [](v1::CreateTable& c) { c.set_seats(4000000000u); }, [](v1::CreateTable& c) { c.set_seats(0); },
             [](v1::CreateTable& c) { c.set_turn_clock_seconds(4000000000u); },
             [](v1::CreateTable& c) { c.set_claim_window_ms(4000000000u); },
             [](v1::CreateTable& c) { c.set_between_holes_seconds(601); },
             [](v1::CreateTable& c) { c.set_between_holes_seconds(4000000000u); },
             [](v1::CreateTable& c) { c.set_password(std::string(1000, 'p')); }}) {
        const v1::ServerMessage reply = host.request(create(edit));
        ASSERT_TRUE(reply.has_error());
        EXPECT_EQ(reply.error().code(), v1::ERROR_CODE_BAD_REQUEST) << reply.error().message();
    }
    // Nothing was made: the host is at no table and can still make a sensible one.
    EXPECT_TRUE(host.request(create([](v1::CreateTable&) {})).has_table_joined());
    t.expect_unchanged(before);
}

// ---- connections -------------------------------------------------------------------------------------------------

TEST(BadInput, ConnectionsFromOneAddressStopAtTheLimitAndTheTablePlaysOn) {
    live_table t([](server_config& c) { c.max_connections_per_address = 20; });
    const v1::TableUpdate before = t.snapshot();
    // The three players and the spectator who saw the snapshot: forty more attempts from 127.0.0.1, sixteen fit
    // beside them and twenty-four are refused.
    ASSERT_EQ(t.server().get().open_connections(), 4);
    std::vector<std::unique_ptr<ws_client>> extra;
    int accepted = 0, refused = 0;
    for (int i = 0; i < 40; ++i) {
        auto c = std::make_unique<ws_client>(t.server().port());
        if (c->connect_error() || c->handshake()) {
            ++refused;
        } else {
            ++accepted;
            extra.push_back(std::move(c));
        }
    }
    EXPECT_EQ(accepted, 16);
    EXPECT_EQ(refused, 24);
    EXPECT_EQ(t.server().counters().connections_refused.load(), 24);
    const auto reply = http_request(t.server().port(), "/healthz");
    EXPECT_EQ(reply.result(), http::status::service_unavailable);
    EXPECT_EQ(reply.body(), "too many connections from your address\n");
    // The players were never touched: the seat to play moves, and places free up as the extras leave.
    for (auto& c : extra) EXPECT_FALSE(c->close());
    extra.clear();
    EXPECT_TRUE(eventually([&] { return t.server().get().open_connections() == 4; }));
    t.expect_unchanged(before);
    t.expect_still_playing();
}

TEST(BadInput, AnUpgradeThatNeverCompletesIsClosedAfterTheTimeoutAndTheTablePlaysOn) {
    live_table t;  // handshake_timeout: 1 s
    const v1::TableUpdate before = t.snapshot();
    http_client stuck(t.server().port());
    // The upgrade's headers, but never the blank line that ends them.
    ASSERT_FALSE(
        stuck.write_raw("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"));
    boost::system::error_code error;
    stuck.read_all(error);
    EXPECT_NE(error, net::error::timed_out) << "the server kept a half-open upgrade";
    EXPECT_TRUE(eventually([&] { return t.server().get().open_connections() == 4; }));  // players and a spectator
    t.expect_unchanged(before);
    t.expect_still_playing();
}

}  // namespace
}  // namespace bad_input_tests
}  // namespace golf::server::testing
