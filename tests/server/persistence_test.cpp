// Persistence through the real server over real sockets, on SQLite and on PostgreSQL alike (PersistedOn*): what a
// match leaves in the database, history over the protocol and as JSON over HTTP, a graceful restart that restores
// a match in progress (players reclaim their seats with their tokens and see the very same hand), /healthz while
// database writes fail; and each backend's start-up refusals.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/open_store.hpp"
#include "server/tables/table.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace persistence_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
using golf::server::testing::eventually;
using golf::server::testing::http_request;
using golf::server::testing::temp_dir;
using google::protobuf::util::MessageDifferencer;
namespace v1 = golf::v1;
namespace http = boost::beast::http;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

using golf::server::e2e::two_players;
using golf::server::testing::backend;
using PersistedOn = golf::server::testing::on_each_backend;

v1::ServerMessage ask(connection& c, v1::ClientMessage message) {
    v1::ServerMessage reply = c.request(std::move(message));
    EXPECT_FALSE(reply.has_error()) << reply.error().message();
    return reply;
}

TEST_P(PersistedOn, AFinishedMatchIsRecordedAndServedAsHistoryOverTheProtocolAndHttp) {
    running_server server(1s, db());
    two_players table(server.url(), "four-card", 2);
    table.play_to_the_end();
    const v1::Scorecard card = table.seats[0]->latest()->scorecard();
    ASSERT_EQ(card.holes_size(), 2);
    ASSERT_TRUE(card.match_over());

    v1::ClientMessage list;
    list.mutable_list_matches()->set_player("Ann");
    const v1::MatchList matches = ask(*table.seats[1], list).match_list();
    ASSERT_EQ(matches.matches_size(), 1);
    const v1::MatchSummary& summary = matches.matches(0);
    EXPECT_EQ(summary.table_code(), table.code);
    EXPECT_EQ(summary.preset(), "four-card");
    EXPECT_GT(summary.ended_unix(), 0);
    ASSERT_EQ(summary.seats_size(), 2);
    EXPECT_EQ(summary.seats(0).name(), "Ann");
    EXPECT_EQ(summary.seats(1).name(), "Bob");
    for (int s = 0; s < 2; ++s) EXPECT_EQ(summary.seats(s).final_total(), card.totals(s));
    EXPECT_TRUE(
        std::equal(summary.winners().begin(), summary.winners().end(), card.winners().begin(), card.winners().end()));

    v1::ClientMessage get;
    get.mutable_get_match()->set_match_id(summary.match_id());
    const v1::MatchRecord record = ask(*table.seats[0], get).match_record();
    ASSERT_EQ(record.holes_size(), 2);
    EXPECT_EQ(record.rules().holes(), 2);
    for (int h = 0; h < 2; ++h) {
        EXPECT_EQ(record.holes(h).number(), static_cast<std::uint32_t>(h + 1));
        EXPECT_EQ(record.holes(h).seed(), card.holes(h).seed());
        EXPECT_TRUE(std::equal(record.holes(h).scores().begin(), record.holes(h).scores().end(),
                               card.holes(h).scores().begin(), card.holes(h).scores().end()));
        EXPECT_TRUE(std::equal(record.holes(h).totals().begin(), record.holes(h).totals().end(),
                               card.holes(h).totals().begin(), card.holes(h).totals().end()));
        EXPECT_TRUE(golf::decode_action_log(record.holes(h).actions()).has_value()) << record.holes(h).actions();
    }

    v1::ClientMessage board;
    board.mutable_get_leaderboard()->set_preset("four-card");
    const v1::Leaderboard leaders = ask(*table.seats[0], board).leaderboard();
    ASSERT_EQ(leaders.entries_size(), 2);
    int wins = 0;
    for (const auto& e : leaders.entries()) {
        EXPECT_EQ(e.matches(), 1u);
        wins += static_cast<int>(e.wins());
    }
    EXPECT_EQ(wins, card.winners_size());

    v1::ClientMessage stats;
    stats.mutable_get_player_stats()->set_player("Bob");
    const v1::PlayerStats bob = ask(*table.seats[0], stats).player_stats();
    ASSERT_EQ(bob.presets_size(), 1);
    EXPECT_EQ(bob.presets(0).preset(), "four-card");
    EXPECT_EQ(bob.presets(0).matches(), 1u);
    EXPECT_DOUBLE_EQ(bob.presets(0).average_total(), card.totals(1));

    v1::ClientMessage missing;
    missing.mutable_get_match()->set_match_id(987654);
    EXPECT_EQ(table.seats[0]->request(missing).error().code(), v1::ERROR_CODE_NO_SUCH_MATCH);

    // The same answers as JSON.
    const std::string id = std::to_string(summary.match_id());
    const auto by_player = http_request(server.port(), "/api/matches?player=Ann");
    EXPECT_EQ(by_player.result(), http::status::ok);
    EXPECT_EQ(by_player[http::field::content_type], "application/json");
    EXPECT_TRUE(contains(by_player.body(), "\"match_id\":\"" + id + "\"")) << by_player.body();
    EXPECT_TRUE(contains(by_player.body(), "\"name\":\"Bob\"")) << by_player.body();
    EXPECT_FALSE(contains(by_player.body(), table.tokens[0])) << "a seat token must never leave the server";
    const auto one = http_request(server.port(), "/api/matches/" + id);
    EXPECT_EQ(one.result(), http::status::ok);
    EXPECT_TRUE(contains(one.body(), "\"actions\":\"")) << one.body();
    EXPECT_TRUE(contains(one.body(), "\"holes\":2")) << one.body();  // the ruleset's option
    const auto leaderboard = http_request(server.port(), "/api/leaderboard?rules=four-card");
    EXPECT_EQ(leaderboard.result(), http::status::ok);
    EXPECT_TRUE(contains(leaderboard.body(), "\"name\":\"Ann\"")) << leaderboard.body();
    EXPECT_EQ(http_request(server.port(), "/api/players/Bob").result(), http::status::ok);
    EXPECT_TRUE(contains(http_request(server.port(), "/api/matches?player=Nobody").body(), "\"matches\":[]"));
    EXPECT_EQ(http_request(server.port(), "/api/matches/987654").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/api/matches/abc").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), "/api/matches?player=%zz").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), "/api/matches?limit=-1").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), "/api/nothing").result(), http::status::not_found);

    // The record replays through the engine and matches hole by hole.
    table.seats.clear();
    server.stop();
    const auto store = golf::persistence::open_store({.db = db()});
    const auto detail = store->match(summary.match_id());
    ASSERT_TRUE(detail);
    const auto replayed = golf::persistence::replay_match(*detail);
    EXPECT_EQ(replayed.problem, "");
    EXPECT_EQ(replayed.holes_checked, 2);
    if (!postgres()) {
        EXPECT_EQ(query("PRAGMA integrity_check"), "ok");
    }
}

// GET /api/tables/CODE names the node that plays a table ("" with a single node); an unknown code is 404.
TEST(Persistence, ATableIsFoundByItsCodeOverHttp) {
    running_server server;
    two_players table(server.url(), "six-card", 2);
    const auto found = http_request(server.port(), "/api/tables/" + table.code);
    EXPECT_EQ(found.result(), http::status::ok);
    EXPECT_EQ(found.body(), "{\"code\":\"" + table.code + "\",\"node\":\"\"}\n");
    EXPECT_EQ(http_request(server.port(), "/api/tables/ZZZZZZ").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/api/tables/").result(), http::status::not_found);
}

TEST_P(PersistedOn, AMatchInProgressSurvivesARestartAndPlayersReclaimTheirSeats) {
    const std::string db = this->db();
    std::string code;
    std::vector<std::string> tokens;
    std::vector<v1::TableUpdate> before;
    {
        running_server server(60s, db);
        two_players table(server.url(), "six-card", 3);
        table.play_into_hole(1, 5);
        table.catch_up();
        for (auto& c : table.seats) before.push_back(*c->latest());
        code = table.code;
        tokens = table.tokens;
        table.seats.clear();  // the players leave (their seats are held), then the server stops gracefully
        server.stop();
    }
    ASSERT_EQ(before[0].scorecard().holes_size(), 1);

    running_server server(60s, db);
    std::vector<std::unique_ptr<connection>> seats;
    for (int s = 0; s < 2; ++s) {
        seats.push_back(std::make_unique<connection>());
        seats.back()->connect(server.url(), "persistence_test");
        const v1::TableJoined joined = seats.back()->reclaim(tokens[static_cast<std::size_t>(s)]);
        EXPECT_EQ(joined.code(), code);
        EXPECT_EQ(joined.seat(), s);
    }
    for (int s = 0; s < 2; ++s) {
        const auto& now = seats[static_cast<std::size_t>(s)]->wait_until(
            [](const v1::TableUpdate& u) { return u.has_hand() && u.seats(0).connected() && u.seats(1).connected(); });
        const auto& then = before[static_cast<std::size_t>(s)];
        EXPECT_TRUE(MessageDifferencer::Equals(now.hand(), then.hand()))
            << "seat " << s << " sees another hand after the restart:\n"
            << now.hand().DebugString() << "\nbefore:\n"
            << then.hand().DebugString();
        EXPECT_TRUE(MessageDifferencer::Equals(now.scorecard(), then.scorecard()));
        EXPECT_EQ(now.fairness().commitment(), then.fairness().commitment());
        EXPECT_EQ(now.state(), v1::TABLE_STATE_PLAYING);
    }

    // And the match plays on to its end, with all three holes recorded.
    golf::ruleset rules = golf::wire::to_ruleset(seats[0]->joined()->rules()).value();
    auto bot = golf::make_bot("heuristic");
    golf::random_source random{3};
    std::vector<connection*> players{seats[0].get(), seats[1].get()};
    for (int m = 0; m < 20000 && step(players, rules, *bot, random); ++m) {}
    const auto& last = seats[0]->wait_until([](const v1::TableUpdate& u) { return u.scorecard().match_over(); });
    EXPECT_EQ(last.scorecard().holes_size(), 3);
    v1::ClientMessage list;
    list.mutable_list_matches()->set_player("Bob");
    const v1::MatchList matches = ask(*seats[1], list).match_list();
    ASSERT_EQ(matches.matches_size(), 1);
    EXPECT_GT(matches.matches(0).ended_unix(), 0);
}

TEST_P(PersistedOn, HealthzSaysWhenDatabaseWritesFailAndTablesPlayOnUntilTheyRecover) {
    running_server server(1s, db());
    two_players table(server.url(), "six-card", 9);
    table.move();

    // SQLite: another process keeps the write lock past the store's busy timeout. PostgreSQL: the database refuses
    // connections and the server's are cut.
    auto failing = fail_writes();
    table.move();  // its record now waits for the database
    EXPECT_TRUE(eventually(
        [&] { return http_request(server.port(), "/healthz").result() == http::status::service_unavailable; }));
    const auto unhealthy = http_request(server.port(), "/healthz");
    EXPECT_TRUE(contains(unhealthy.body(), "database writes are failing")) << unhealthy.body();
    for (int m = 0; m < 3; ++m) table.move();  // the table does not wait for the database

    failing.reset();
    EXPECT_TRUE(eventually([&] { return http_request(server.port(), "/healthz").result() == http::status::ok; }));
    // The moves made while the database was away are written once it is back: the hand in play holds all five.
    const auto store = golf::persistence::open_store({.db = db(), .read_only = true});
    EXPECT_TRUE(eventually([&] {
        const auto unfinished = store->unfinished_matches();
        if (unfinished.size() != 1 || !unfinished[0].in_play) return false;
        const auto actions = golf::decode_action_log(unfinished[0].in_play->actions);
        return actions && actions->size() == 5;
    }));
}

TEST(Persistence, AFileThatIsNotADatabaseStopsTheStartWithAClearMessageAndIsLeftAlone) {
    temp_dir dir;
    golf::server::server_config config = golf::server::testing::test_config(dir);
    std::ofstream(config.db) << "existing data that is not SQLite";
    try {
        golf::server::server s(config);
        ADD_FAILURE() << "the server started on a file that is not a database";
    } catch (const golf::persistence::store_error& e) {
        EXPECT_EQ(e.kind(), golf::persistence::store_error_kind::corrupt);
        EXPECT_TRUE(contains(e.what(), config.db)) << e.what();
    }
    std::ifstream in(config.db);
    const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(content, "existing data that is not SQLite");
}

TEST(Persistence, ADatabaseThatCannotBeCreatedStopsTheStart) {
    temp_dir dir;
    const auto file = dir.path() / "a-regular-file";
    std::ofstream(file) << "not a directory";
    golf::server::server_config config = golf::server::testing::test_config(dir);
    config.db = (file / "golf.db").string();  // a path under a regular file can never be created
    try {
        golf::server::server s(config);
        ADD_FAILURE() << "the server started without its database";
    } catch (const golf::persistence::store_error& e) {
        EXPECT_EQ(e.kind(), golf::persistence::store_error_kind::cannot_open);
        EXPECT_TRUE(contains(e.what(), config.db)) << e.what();
    }
}

}  // namespace

namespace {

TEST_P(PersistedOn, AMatchEveryoneLeftIsAbandonedNotRestoredAndNotRanked) {
    const std::string db = this->db();
    {
        // Server bots stand in, slowly enough that the long match is far from over when the table closes.
        running_server server(0s, db, 300ms);
        two_players table(server.url(), "six-card", 100);
        table.move();
        for (auto& c : table.seats)
            c->expect_success([] {
                v1::ClientMessage leave;
                leave.mutable_leave_table();
                return leave;
            }());
        // Bots play the seats until the table closes for want of people (idle_linger), then the match is given up.
        connection watcher;
        watcher.connect(server.url(), "persistence_test");
        v1::ClientMessage list;
        list.mutable_list_matches()->set_player("Ann");
        const auto deadline = std::chrono::steady_clock::now() + golf::server::idle_linger + 10s;
        bool abandoned = false;
        while (!abandoned && std::chrono::steady_clock::now() < deadline) {
            const v1::MatchList matches = ask(watcher, list).match_list();
            abandoned = matches.matches_size() == 1 && matches.matches(0).abandoned();
            if (!abandoned) std::this_thread::sleep_for(200ms);
        }
        ASSERT_TRUE(abandoned) << "the match was not given up after everyone left";
        v1::ClientMessage board;
        board.mutable_get_leaderboard()->set_preset("six-card");
        EXPECT_EQ(ask(watcher, board).leaderboard().entries_size(), 0);
    }
    running_server again(0s, db);
    connection c;
    c.connect(again.url(), "persistence_test");
    v1::ClientMessage list;
    list.mutable_list_matches();
    const v1::MatchList matches = ask(c, list).match_list();
    ASSERT_EQ(matches.matches_size(), 1);
    EXPECT_TRUE(matches.matches(0).abandoned());
    EXPECT_EQ(matches.matches(0).winners_size(), 0);
    EXPECT_EQ(http_request(again.port(), "/metrics").body().find("golf_tables{state=\"playing\"} 1"), std::string::npos)
        << "an abandoned match was restored";
}

}  // namespace

namespace {

// Plays moves until some seat's latest update shows an open claim window, and returns that window's length.
std::optional<std::uint32_t> next_claim_window(const std::vector<connection*>& players, const golf::ruleset& rules) {
    auto bot = golf::make_bot("heuristic");
    golf::random_source random{5};
    for (int m = 0; m < 200; ++m) {
        for (connection* c : players) drain(*c);
        for (connection* c : players)
            if (c->latest() && c->latest()->has_claim_window()) return c->latest()->claim_window().window_ms();
        if (!step(players, rules, *bot, random)) return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

TEST_P(PersistedOn, ARestoredTableKeepsItsClaimWindow) {
    const std::string db = this->db();
    std::vector<std::string> tokens;
    golf::ruleset rules;
    {
        running_server server(60s, db);
        std::vector<std::unique_ptr<connection>> seats;
        for (int s = 0; s < 2; ++s) {
            seats.push_back(std::make_unique<connection>());
            seats.back()->connect(server.url(), "persistence_test");
        }
        v1::CreateTable create;
        create.set_player_name("Ann");
        create.set_preset("cactus");
        create.set_seats(2);
        create.set_claim_window_ms(1200);
        const v1::TableJoined created = seats[0]->create_table(create);
        seats[1]->join(created.code(), "Bob");
        rules = golf::wire::to_ruleset(created.rules()).value();
        for (auto& c : seats) c->wait_until(golf::server::e2e::everyone_seated);
        seats[0]->start_match();
        EXPECT_EQ(next_claim_window({seats[0].get(), seats[1].get()}, rules), 1200u);
        tokens = {seats[0]->token(), seats[1]->token()};
        seats.clear();
        server.stop();
    }

    running_server server(60s, db);
    std::vector<std::unique_ptr<connection>> seats;
    for (int s = 0; s < 2; ++s) {
        seats.push_back(std::make_unique<connection>());
        seats.back()->connect(server.url(), "persistence_test");
        seats.back()->reclaim(tokens[static_cast<std::size_t>(s)]);
    }
    for (auto& c : seats)
        c->wait_until(
            [](const v1::TableUpdate& u) { return u.has_hand() && u.seats(0).connected() && u.seats(1).connected(); });
    EXPECT_EQ(next_claim_window({seats[0].get(), seats[1].get()}, rules), 1200u)
        << "the restored table lost its claim window";
}

// Cactus (winner_plays_first): every finished hole's scorecard line says who plays first next, and the tie-break
// draws if the winners tied, exactly as the engine's replay of the recorded match decides them. Two seats, so ties
// are drawn for even when one of them called (draw_cards instead of Cactus's caller_loses); matches are played
// until one has had a tie (deals are random; a tie comes every few matches).
TEST(Persistence, ACactusScorecardSaysWhoPlaysFirstAsTheReplayOfTheRecordDoes) {
    v1::Ruleset draw_cards;
    draw_cards.set_winner_tie(v1::WINNER_TIE_RULE_DRAW_CARDS);
    bool tie_seen = false;
    for (int match = 0; match < 200 && !tie_seen; ++match) {
        SCOPED_TRACE("match " + std::to_string(match));
        running_server server;
        two_players table(server.url(), "cactus", 4, draw_cards);
        table.play_to_the_end();
        const v1::Scorecard card = table.seats[0]->latest()->scorecard();
        ASSERT_GE(card.holes_size(), 1);
        v1::ClientMessage list;
        list.mutable_list_matches()->set_player("Ann");
        const v1::MatchList matches = ask(*table.seats[0], list).match_list();
        ASSERT_EQ(matches.matches_size(), 1);

        const std::string db = server.db_path();
        table.seats.clear();
        server.stop();
        const auto store = golf::persistence::open_store({.db = db});
        const auto detail = store->match(matches.matches(0).match_id());
        ASSERT_TRUE(detail);
        const auto replayed = golf::persistence::replay_match(*detail);
        ASSERT_EQ(replayed.problem, "");
        const auto& holes = replayed.match->holes();
        ASSERT_EQ(holes.size(), static_cast<std::size_t>(card.holes_size()));
        for (int h = 0; h < card.holes_size(); ++h) {
            SCOPED_TRACE("hole " + std::to_string(h + 1));
            const v1::Scorecard::Hole& line = card.holes(h);
            const golf::hole_record& engine = holes[static_cast<std::size_t>(h)];
            ASSERT_TRUE(line.has_plays_first_next()) << "Cactus's winner plays first: the scorecard must say who";
            EXPECT_EQ(line.plays_first_next(), engine.plays_first_next);
            ASSERT_EQ(static_cast<std::size_t>(line.first_draw_size()), engine.first_draw.size());
            for (int d = 0; d < line.first_draw_size(); ++d) {
                const auto& [seat, drawn] = engine.first_draw[static_cast<std::size_t>(d)];
                EXPECT_EQ(line.first_draw(d).seat(), static_cast<std::uint32_t>(seat));
                EXPECT_EQ(golf::wire::from_proto(line.first_draw(d).card()), drawn);
            }
            tie_seen = tie_seen || line.first_draw_size() > 0;
        }
    }
    EXPECT_TRUE(tie_seen) << "200 matches without a tie to break: the draw was never checked";
}

INSTANTIATE_TEST_SUITE_P(every_backend, PersistedOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace persistence_tests
