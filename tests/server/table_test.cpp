// The game side in-process (tests/server/table_fixture.hpp): the registry and its tables on an io_context,
// driven through recording client_links. The real server, over sockets, is tested by the other server tests;
// these pin down what a table does and refuses.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/presets.hpp"
#include "server/common/secure.hpp"
#include "tests/server/table_fixture.hpp"

namespace golf::server {
namespace table_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

// ---- secure ----------------------------------------------------------------------------------------------------

TEST(Secure, SeatTokensAre128RandomBitsInHex) {
    const std::string a = secure::new_seat_token(), b = secure::new_seat_token();
    EXPECT_EQ(a.size(), 32u);
    EXPECT_TRUE(std::all_of(a.begin(), a.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }));
    EXPECT_NE(a, b);
}

TEST(Secure, Sha256MatchesTheStandardVector) {
    EXPECT_EQ(secure::to_hex(secure::sha256("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(secure::sha256("").size(), 32u);
}

TEST(Secure, SeedsAreEightBytesBigEndianAndTheCommitmentIsTheirDigest) {
    EXPECT_EQ(secure::seed_bytes(0x0102030405060708ULL), std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));
    EXPECT_EQ(secure::commitment(42), secure::sha256(secure::seed_bytes(42)));
}

TEST(Secure, ConstantTimeEqualityComparesWholeValues) {
    EXPECT_TRUE(secure::equal("abcd", "abcd"));
    EXPECT_FALSE(secure::equal("abcd", "abce"));
    EXPECT_FALSE(secure::equal("abc", "abcd"));
}

TEST(Secure, JoinCodesUseTheUnambiguousAlphabet) {
    for (int i = 0; i < 200; ++i) {
        const std::string code = secure::new_join_code();
        ASSERT_EQ(code.size(), 6u);
        for (char c : code) EXPECT_NE(secure::code_alphabet.find(c), std::string_view::npos) << code;
    }
    EXPECT_EQ(secure::normalize_join_code("abc234"), "ABC234");
    EXPECT_EQ(secure::normalize_join_code("ABCD0O"), "");  // 0 and O are not in the alphabet
    EXPECT_EQ(secure::normalize_join_code("ABCDE"), "");
}

TEST(PrintableLength, CountsCharactersAndRefusesControlsAndBrokenUtf8) {
    EXPECT_EQ(printable_length("alice"), 5u);
    EXPECT_EQ(printable_length("Zoë 🂡"), 5u);
    EXPECT_EQ(printable_length(""), 0u);
    EXPECT_FALSE(printable_length("a\nb"));
    EXPECT_FALSE(printable_length("a\x7f"));
    EXPECT_FALSE(printable_length("\xc2\x85"));      // C1 control (NEL)
    EXPECT_FALSE(printable_length("\xe2\x80\xae"));  // right-to-left override
    EXPECT_FALSE(printable_length("\xff"));
    EXPECT_FALSE(printable_length("\xc0\xaf"));      // overlong
    EXPECT_FALSE(printable_length("\xed\xa0\x80"));  // a surrogate
    EXPECT_FALSE(printable_length("\xe2\x82"));      // cut short
}

// ---- a whole match ---------------------------------------------------------------------------------------------

TEST_F(TableTest, AWholeSixCardMatchWithTwoPeopleAndABot) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 3));
    EXPECT_EQ(created.seat(), 0);
    EXPECT_EQ(created.seat_token(), created.code() + "." + created.seat_token().substr(7));
    EXPECT_EQ(created.seat_token().size(), 7u + 32u);  // "CODE." and 128 bits in hex
    EXPECT_EQ(created.preset(), "six-card");
    EXPECT_EQ(created.rules().rows(), 2);
    const std::string code = created.code();
    ASSERT_EQ(secure::normalize_join_code(code), code);

    const v1::ServerMessage joined = call(bob, join(code, "bob"));
    ASSERT_TRUE(joined.has_table_joined());
    EXPECT_EQ(joined.table_joined().seat(), 1);
    EXPECT_NE(joined.table_joined().seat_token(), created.seat_token());
    const v1::ServerMessage watching = call(carol, join(code, "carol", true));
    ASSERT_TRUE(watching.has_table_joined());
    EXPECT_EQ(watching.table_joined().seat(), -1);
    EXPECT_TRUE(watching.table_joined().seat_token().empty());
    ASSERT_TRUE(call(alice, add_bot()).has_ok());
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    const auto t = table_of(code);
    ASSERT_TRUE(t);
    play_until({alice, bob}, [&] { return finished(alice); }, t, {alice, bob, carol});

    const auto final_update = alice->last_update();
    ASSERT_TRUE(final_update);
    const v1::Scorecard& card = final_update->scorecard();
    EXPECT_TRUE(card.match_over());
    ASSERT_EQ(card.holes_size(), 9);
    EXPECT_FALSE(card.winners().empty());

    // Every frame to every receiver holds only cards it may know, and each seat saw itself as the viewer.
    for (const auto& r : {alice, bob, carol}) {
        EXPECT_EQ(r->undecodable(), 0);
        for (const auto& u : r->updates()) expect_only_known_cards(u);
    }
    for (const auto& u : carol->updates()) EXPECT_EQ(u.your_seat(), -1);

    // The commitment published for each hole is SHA-256 of the seed revealed when it ended.
    std::map<std::uint32_t, std::string> commitments;
    for (const auto& u : alice->updates())
        if (u.has_fairness() && !u.fairness().commitment().empty()) {
            auto [it, fresh] = commitments.emplace(u.fairness().hole(), u.fairness().commitment());
            EXPECT_EQ(it->second, u.fairness().commitment());  // one commitment per hole
        }
    ASSERT_EQ(commitments.size(), 9u);
    for (const auto& h : card.holes()) {
        ASSERT_EQ(h.seed().size(), 8u);
        EXPECT_EQ(secure::sha256(h.seed()), commitments.at(h.number())) << "hole " << h.number();
    }

    // The revealed seed re-derives the deal: hole 1 dealt from it is what alice saw before any move.
    std::uint64_t seed = 0;
    for (unsigned char b : card.holes(0).seed()) seed = (seed << 8) | b;
    const auto rules = std::make_shared<const ruleset>(find_preset("six-card")->rules);
    const hand redealt(rules, 3, card.holes(0).dealer(), seed);
    const auto first = alice->wait_update([](const v1::TableUpdate& u) {
        return u.state() == v1::TABLE_STATE_PLAYING && u.has_hand() && u.hand().hole() == 1;
    });
    ASSERT_TRUE(first);
    EXPECT_TRUE(MessageDifferencer::Equals(first->hand(), wire::to_proto(redealt.view_for(0), 1)));

    // Seeds are revealed only for finished holes: no update carries a seed for the hole in play.
    for (const auto& u : bob->updates()) EXPECT_LE(u.scorecard().holes_size(), static_cast<int>(u.fairness().hole()));
    EXPECT_GT(counters_.actions.load(), 0);
    EXPECT_EQ(games_->count_tables().finished, 1);
}

TEST_F(TableTest, ListPresetsAnswersWithEveryPresetAndItsRules) {
    start();
    auto alice = connect("alice");
    v1::ClientMessage m;
    m.mutable_list_presets();
    const v1::ServerMessage reply = call(alice, m);
    ASSERT_TRUE(reply.has_presets());
    ASSERT_EQ(reply.presets().presets_size(), static_cast<int>(presets().size()));
    for (int i = 0; i < reply.presets().presets_size(); ++i) {
        const v1::PresetInfo& info = reply.presets().presets(i);
        EXPECT_EQ(info.name(), presets()[static_cast<std::size_t>(i)].name);
        EXPECT_TRUE(info.has_rules());
        EXPECT_EQ(info.rules().rows(), presets()[static_cast<std::size_t>(i)].rules.rows);
    }
}

// ---- refusals --------------------------------------------------------------------------------------------------

TEST_F(TableTest, RequestsTheRegistryRefuses) {
    server_config c = quick();
    c.max_tables = 2;
    start(c);
    auto alice = connect("alice"), bob = connect("bob"), dave = connect("dave");

    EXPECT_EQ(error_of(alice, create("", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create(std::string(25, 'a'), "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("a\tb", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("   ", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("alice", "seven-card", 2)), v1::ERROR_CODE_NO_SUCH_PRESET);
    auto bad_rows = create("alice", "six-card", 2);
    bad_rows.mutable_create_table()->mutable_house_rules()->set_rows(99);
    const auto refused = call(alice, bad_rows);
    ASSERT_TRUE(refused.has_error());
    EXPECT_EQ(refused.error().code(), v1::ERROR_CODE_BAD_RULESET);
    EXPECT_NE(refused.error().message().find("rows"), std::string::npos) << refused.error().message();
    auto too_big = create("alice", "six-card", 12);
    too_big.mutable_create_table()->mutable_house_rules()->set_rows(6);
    too_big.mutable_create_table()->mutable_house_rules()->set_cols(6);
    EXPECT_EQ(error_of(alice, too_big), v1::ERROR_CODE_BAD_RULESET);  // too few cards for twelve 6x6 layouts
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 1)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 13)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2, true, "", 4)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2, true, "", 3601)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(games_->count_tables().waiting, 0);

    const std::string code = open(alice, create("alice", "six-card", 2, false, "secret")).code();
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2)), v1::ERROR_CODE_ALREADY_AT_TABLE);
    EXPECT_EQ(error_of(alice, join(code, "alice")), v1::ERROR_CODE_ALREADY_AT_TABLE);
    EXPECT_EQ(error_of(bob, join("ZZZZZZ", "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(error_of(bob, join("not a code", "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(error_of(bob, join(code, "bob\n")), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, std::nullopt, "guess")), v1::ERROR_CODE_WRONG_PASSWORD);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, 0u, "secret")), v1::ERROR_CODE_SEAT_TAKEN);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, 7u, "secret")), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(bob, reclaim("0123456789abcdef0123456789abcdef")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(bob, reclaim("")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(dave, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);
    EXPECT_EQ(error_of(dave, act(v1::Action{})), v1::ERROR_CODE_NOT_AT_TABLE);
    EXPECT_EQ(error_of(dave, v1::ClientMessage{}), v1::ERROR_CODE_BAD_REQUEST);
    // A refused join leaves bob free to join properly, with the code typed in lower case.
    std::string lower = code;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char ch) { return static_cast<char>(std::tolower(ch)); });
    ASSERT_TRUE(call(bob, join(lower, "bob", false, std::nullopt, "secret")).has_table_joined());
    EXPECT_EQ(error_of(dave, join(code, "dave", false, std::nullopt, "secret")), v1::ERROR_CODE_TABLE_FULL);

    ASSERT_TRUE(open(dave, create("dave", "four-card", 2)).code().size() == 6);
    auto erin = connect("erin");
    EXPECT_EQ(error_of(erin, create("erin", "six-card", 2)), v1::ERROR_CODE_SERVER_FULL);
    EXPECT_EQ(games_->count_tables().waiting, 2);

    games_->shutdown();
    EXPECT_EQ(error_of(erin, create("erin", "six-card", 2)), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_EQ(error_of(erin, join(code, "erin")), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_GT(counters_.errors.load(), 20);
}

TEST_F(TableTest, EveryRefusalAtATableLeavesItUnchanged) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 3));
    const std::string code = created.code();
    const auto t = table_of(code);
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    ASSERT_TRUE(call(carol, join(code, "carol", true)).has_table_joined());

    // Each refusal: the expected code, no version change, no hand change, no new TableUpdate for anyone.
    const auto refused = [&](const link_ptr& who, v1::ClientMessage m, v1::ErrorCode expected) {
        const snapshot before = inspect(t);
        const std::size_t updates_before = alice->updates().size() + bob->updates().size() + carol->updates().size();
        const v1::ServerMessage reply = call(who, std::move(m));
        ASSERT_TRUE(reply.has_error()) << reply.DebugString();
        EXPECT_EQ(reply.error().code(), expected) << reply.error().message();
        EXPECT_FALSE(reply.error().message().empty());
        const snapshot after = inspect(t);
        EXPECT_EQ(after.version, before.version);
        EXPECT_EQ(after.state, before.state);
        EXPECT_EQ(after.game.has_value(), before.game.has_value());
        if (after.game && before.game) {
            EXPECT_TRUE(*after.game->current_hand() == *before.game->current_hand());
        }
        EXPECT_EQ(alice->updates().size() + bob->updates().size() + carol->updates().size(), updates_before);
    };

    // Before the match.
    refused(bob, start_match(), v1::ERROR_CODE_NOT_HOST);
    refused(bob, add_bot(), v1::ERROR_CODE_NOT_HOST);
    refused(carol, add_bot(), v1::ERROR_CODE_NOT_HOST);
    refused(alice, start_match(), v1::ERROR_CODE_SEATS_EMPTY);
    refused(alice, rematch(), v1::ERROR_CODE_MATCH_NOT_STARTED);
    v1::Action flip0;
    flip0.set_kind(v1::ACTION_KIND_FLIP);
    refused(alice, act(flip0), v1::ERROR_CODE_MATCH_NOT_STARTED);
    refused(carol, act(flip0), v1::ERROR_CODE_NOT_SEATED);
    refused(alice, add_bot(1u), v1::ERROR_CODE_SEAT_TAKEN);
    refused(alice, add_bot(9u), v1::ERROR_CODE_BAD_REQUEST);
    refused(alice, add_bot(std::nullopt, static_cast<v1::BotLevel>(7)), v1::ERROR_CODE_BAD_REQUEST);
    refused(alice, simple([](auto& m) { m.mutable_remove_bot()->set_seat(1); }), v1::ERROR_CODE_BAD_REQUEST);
    refused(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(0); }), v1::ERROR_CODE_SEAT_TAKEN);
    refused(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(5); }), v1::ERROR_CODE_BAD_REQUEST);

    // The spectator takes the last seat, then the match starts.
    const v1::ServerMessage seated = call(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(2); }));
    ASSERT_TRUE(seated.has_table_joined());
    EXPECT_EQ(seated.table_joined().seat(), 2);
    EXPECT_EQ(seated.table_joined().seat_token().size(), 7u + 32u);
    refused(alice, add_bot(), v1::ERROR_CODE_TABLE_FULL);
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    refused(alice, start_match(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, add_bot(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, simple([](auto& m) { m.mutable_remove_bot()->set_seat(2); }), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, rematch(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(bob, simple([](auto& m) { m.mutable_take_seat()->set_seat(0); }), v1::ERROR_CODE_MATCH_RUNNING);

    // In the start phase: a move on a stale version, a malformed one, and one the engine refuses.
    const std::uint64_t version = inspect(t).version;
    refused(alice, act(flip0, version + 5), v1::ERROR_CODE_STALE);
    v1::Action nothing;  // ACTION_KIND_UNSPECIFIED
    refused(alice, act(nothing, version), v1::ERROR_CODE_BAD_REQUEST);
    v1::Action far;
    far.set_kind(v1::ACTION_KIND_FLIP);
    far.set_position(40);
    refused(alice, act(far, version), v1::ERROR_CODE_ILLEGAL_ACTION);
    v1::Action draw;
    draw.set_kind(v1::ACTION_KIND_DRAW_STOCK);
    refused(alice, act(draw, version), v1::ERROR_CODE_ILLEGAL_ACTION);

    // Everyone does the start; then a seat that is not current is refused with NOT_YOUR_TURN.
    play_until({alice, bob, carol}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().phase() == v1::PHASE_TURN;
    });
    const snapshot turn = inspect(t);
    const int current = turn.game->current_hand()->current_seat();
    const link_ptr idle = current == 0 ? bob : alice;
    refused(idle, act(draw, turn.version), v1::ERROR_CODE_NOT_YOUR_TURN);
    refused(idle, act(draw), v1::ERROR_CODE_NOT_YOUR_TURN);
    v1::Action pass;
    pass.set_kind(v1::ACTION_KIND_PASS);
    refused(current == 0 ? alice : current == 1 ? bob : carol, act(pass, turn.version), v1::ERROR_CODE_ILLEGAL_ACTION);
    refused(carol, chat(std::string(201, 'x')), v1::ERROR_CODE_CHAT_TOO_LONG);
    refused(carol, chat(""), v1::ERROR_CODE_BAD_REQUEST);
    refused(carol, chat("bell\a"), v1::ERROR_CODE_BAD_REQUEST);
}

// ---- tokens, grace, bots ---------------------------------------------------------------------------------------

TEST_F(TableTest, TheSeatTokenReclaimsTheSeatAndAWrongOneDoesNot) {
    start();  // the default 120 s grace: the seat is held
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    const v1::TableJoined bobs = call(bob, join(created.code(), "bob")).table_joined();
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).occupied() && !u.seats(1).connected(); }));

    auto intruder = connect("intruder");
    std::string wrong = bobs.seat_token();
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    EXPECT_EQ(error_of(intruder, reclaim(wrong)), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(intruder, reclaim(created.seat_token() + "x")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(intruder, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);  // a refused reclaim seats nobody

    auto bob2 = connect("bob again");
    const v1::ServerMessage back = call(bob2, reclaim(bobs.seat_token()));
    ASSERT_TRUE(back.has_table_joined()) << back.DebugString();
    EXPECT_EQ(back.table_joined().seat(), 1);
    EXPECT_EQ(back.table_joined().code(), created.code());
    EXPECT_EQ(back.table_joined().seat_token(), bobs.seat_token());  // the same token stays valid
    const auto snapshot_for_bob = bob2->wait_update([](const auto& u) { return u.has_hand(); });
    ASSERT_TRUE(snapshot_for_bob);
    EXPECT_EQ(snapshot_for_bob->your_seat(), 1);
    EXPECT_EQ(snapshot_for_bob->hand().viewer(), 1);
    EXPECT_TRUE(snapshot_for_bob->seats(1).connected());
    EXPECT_FALSE(snapshot_for_bob->seats(1).bot_standing_in());

    // The token still works from yet another connection, which takes the seat over.
    auto bob3 = connect("bob on a phone");
    ASSERT_TRUE(call(bob3, reclaim(bobs.seat_token())).has_table_joined());
    EXPECT_TRUE(bob2->closed().has_value());  // told before the new connection's reply was sent
}

TEST_F(TableTest, AfterTheGracePeriodABotPlaysTheSeatUntilItsOwnerReturns) {
    server_config c = quick();
    c.seat_grace = 0s;
    start(c);
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    const v1::TableJoined bobs = call(bob, join(created.code(), "bob")).table_joined();
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).bot_standing_in(); }));
    EXPECT_TRUE(alice->wait_update([](const auto& u) { return !u.seats(1).connected() && !u.seats(1).forfeited(); }));
    // Alice plays on; the stand-in plays bob's start and his turns.
    play_until({alice}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().seats(1).turns_taken() >= 2;
    });

    auto bob2 = connect("bob again");
    ASSERT_TRUE(call(bob2, reclaim(bobs.seat_token())).has_table_joined());
    const auto back = alice->wait_update([](const auto& u) { return u.seats(1).connected(); });
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->seats(1).bot_standing_in());
}

TEST_F(TableTest, WithForfeitWhenAwayAnAbsentSeatForfeitsAndPlaysSafeMoves) {
    server_config c = quick();
    c.seat_grace = 0s;
    start(c);
    auto alice = connect("alice"), bob = connect("bob");
    auto m = create("alice", "six-card", 2);
    m.mutable_create_table()->set_forfeit_when_away(true);
    const v1::TableJoined created = open(alice, m);
    ASSERT_TRUE(call(bob, join(created.code(), "bob")).has_table_joined());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).forfeited(); }));
    play_until({alice}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().seats(1).turns_taken() >= 1;
    });
}

TEST_F(TableTest, LeavingMidMatchHandsTheSeatToABotAndTheHostRole) {
    start();
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    ASSERT_TRUE(call(bob, join(created.code(), "bob")).has_table_joined());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    ASSERT_TRUE(call(alice, leave()).has_ok());
    const auto u = bob->wait_update([](const auto& x) { return x.seats(0).bot_standing_in(); });
    ASSERT_TRUE(u);
    EXPECT_EQ(u->host_seat(), 1u);
    EXPECT_EQ(error_of(alice, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);
    // Alice is free to create another table.
    EXPECT_TRUE(call(alice, create("alice", "four-card", 2)).has_table_joined());
}

TEST_F(TableTest, ATableWithNobodyLeftIsForgotten) {
    start();
    auto alice = connect("alice");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(games_->find(code));
    ASSERT_TRUE(call(alice, leave()).has_ok());
    // The close runs on the table's strand right after the leave; a round trip through it is enough.
    auto bob = connect("bob");
    EXPECT_EQ(error_of(bob, join(code, "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(games_->count_tables().waiting, 0);
}

// ---- chat, lobby, clock, rematch, shutdown -----------------------------------------------------------------------

TEST_F(TableTest, ChatReachesTheTableWithinItsLengthAndRateLimits) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    ASSERT_TRUE(call(carol, join(code, "", true)).has_table_joined());

    EXPECT_TRUE(call(bob, chat(std::string(200, 'y'))).has_ok());  // exactly the limit
    EXPECT_EQ(error_of(bob, chat(std::string(201, 'y'))), v1::ERROR_CODE_CHAT_TOO_LONG);
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(call(bob, chat("line " + std::to_string(i))).has_ok());
    EXPECT_EQ(error_of(bob, chat("one too many")), v1::ERROR_CODE_RATE_LIMITED);
    EXPECT_TRUE(call(alice, chat("hi from alice")).has_ok());  // the limit is per sender
    EXPECT_TRUE(call(carol, chat("hi from the rail")).has_ok());

    const auto lines = [](const link_ptr& r) {
        std::vector<v1::ChatLine> out;
        for (const auto& m : r->messages())
            if (m.has_chat()) out.push_back(m.chat());
        return out;
    };
    const auto seven = [](const auto& messages) {
        return std::count_if(messages.begin(), messages.end(), [](const auto& m) { return m.has_chat(); }) >= 7;
    };
    ASSERT_TRUE(carol->wait_for(seven));
    ASSERT_TRUE(alice->wait_for(seven));
    const auto seen = lines(carol);
    ASSERT_EQ(seen.size(), 7u);
    EXPECT_EQ(seen[0].seat(), 1);
    EXPECT_EQ(seen[0].name(), "bob");
    EXPECT_EQ(seen[5].text(), "hi from alice");
    EXPECT_EQ(seen[6].seat(), -1);
    EXPECT_EQ(seen[6].name(), "spectator");
    EXPECT_EQ(lines(alice).size(), 7u);
}

TEST_F(TableTest, TheLobbyListsPublicTablesAndNotPrivateOnes) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), watcher = connect("watcher");
    const std::string open_code = open(alice, create("alice", "six-card", 3)).code();
    const std::string private_code = open(bob, create("bob", "six-card", 2, false)).code();
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    const v1::ServerMessage first = call(watcher, watch);
    ASSERT_TRUE(first.has_lobby());
    // The first list may be taken before alice's table published its entry; wait for one that has it.
    const auto lists = [&](const std::string& code, const v1::LobbyUpdate& l) {
        return std::any_of(l.tables().begin(), l.tables().end(), [&](const auto& t) { return t.code() == code; });
    };
    std::optional<v1::LobbyUpdate> listed;
    ASSERT_TRUE(watcher->wait_for([&](const auto& messages) {
        for (const auto& m : messages)
            if (m.has_lobby() && lists(open_code, m.lobby())) {
                listed = m.lobby();
                return true;
            }
        return false;
    }));
    for (const auto& t : listed->tables()) {
        EXPECT_NE(t.code(), private_code);
        if (t.code() != open_code) continue;
        EXPECT_EQ(t.preset(), "six-card");
        EXPECT_EQ(t.seats(), 3u);
        EXPECT_EQ(t.host_name(), "alice");
    }
    // A change to a public table reaches the watcher.
    auto carol = connect("carol");
    ASSERT_TRUE(call(carol, join(open_code, "carol")).has_table_joined());
    EXPECT_TRUE(watcher->wait_for([&](const auto& messages) {
        for (const auto& m : messages)
            if (m.has_lobby())
                for (const auto& t : m.lobby().tables())
                    if (t.code() == open_code && t.seated() == 2) return true;
        return false;
    }));
    v1::ClientMessage stop;
    stop.mutable_watch_lobby()->set_watch(false);
    EXPECT_TRUE(call(watcher, stop).has_ok());
    for (const auto& m : watcher->messages())
        if (m.has_lobby()) {
            EXPECT_FALSE(lists(private_code, m.lobby()));
        }
}

TEST_F(TableTest, TheTurnClockPlaysForASilentSeatAndSaysSo) {
    start();
    auto alice = connect("alice"), bob = connect("bob");
    const std::string code = open(alice, create("alice", "six-card", 2, true, "", 5)).code();
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    const auto t = table_of(code);
    on_strand(t, [&] { t->set_turn_clock(30ms); });
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    const auto ticking = alice->wait_update([](const auto& u) { return u.has_clock(); });
    ASSERT_TRUE(ticking);
    EXPECT_EQ(ticking->clock().seat(), -1);  // the start: everyone owes a flip
    EXPECT_EQ(ticking->clock().seconds_per_turn(), 1u);
    // Nobody moves: the clock plays the start for both, then whole turns.
    const auto played = alice->wait_update([](const auto& u) {
        return u.has_hand() && u.hand().phase() != v1::PHASE_START &&
               u.hand().seats(0).turns_taken() + u.hand().seats(1).turns_taken() >= 2 &&
               u.note().find("clock ran out") != std::string::npos;
    });
    ASSERT_TRUE(played) << alice->last_update()->DebugString();
    EXPECT_NE(played->note().find("the server played for them"), std::string::npos);
}

TEST_F(TableTest, RematchStartsANewMatchWithTheSameSeats) {
    start();
    auto alice = connect("alice");
    auto m = create("alice", "six-card", 2);
    m.mutable_create_table()->mutable_house_rules()->set_holes(1);
    const std::string code = open(alice, m).code();
    ASSERT_TRUE(call(alice, add_bot(std::nullopt, v1::BOT_LEVEL_RANDOM)).has_ok());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    play_until({alice}, [&] { return finished(alice); });
    const auto over = alice->last_update();
    ASSERT_EQ(over->scorecard().holes_size(), 1);
    EXPECT_TRUE(over->scorecard().match_over());

    ASSERT_TRUE(call(alice, rematch()).has_ok());
    const auto again = alice->wait_update(
        [&](const auto& u) { return u.state() == v1::TABLE_STATE_PLAYING && u.hand_version() > over->hand_version(); });
    ASSERT_TRUE(again);
    EXPECT_EQ(again->scorecard().holes_size(), 0);  // a new scorecard, not the last match's
    EXPECT_FALSE(again->scorecard().match_over());
    ASSERT_EQ(again->scorecard().totals_size(), 2);
    for (const int total : again->scorecard().totals()) EXPECT_EQ(total, 0);
    EXPECT_EQ(again->fairness().hole(), 1u);
    EXPECT_NE(again->fairness().commitment(), over->fairness().commitment());
    EXPECT_EQ(again->seats(1).bot(), v1::BOT_LEVEL_RANDOM);
    EXPECT_EQ(again->seats(0).name(), "alice");
    play_until({alice}, [&] { return finished(alice); });
}

TEST_F(TableTest, ShutdownTellsEveryoneAtATable) {
    start();
    auto alice = connect("alice"), carol = connect("carol");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(call(carol, join(code, "carol", true)).has_table_joined());
    games_->shutdown();
    EXPECT_TRUE(alice->wait_closed());
    EXPECT_TRUE(carol->wait_closed());
    EXPECT_EQ(alice->closed().value_or(""), "server shutting down");
    EXPECT_EQ(games_->count_tables().waiting, 0);
}

}  // namespace
}  // namespace table_tests
}  // namespace golf::server
