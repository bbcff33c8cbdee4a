// Tournaments through the real server on both backends: the organiser's and the entrants' requests with their bad
// input, every round of a Swiss tournament played out at tables of its own (bots standing in for entrants who do not
// come), an entrant taking their held seat, the results against the recorded matches, the HTTP API, and a restart in
// the middle of a round.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"

namespace tournament_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::running_server;
namespace v1 = golf::v1;

const std::string password = "correct horse battery staple";

v1::TournamentSettings swiss(const std::string& name, int seats, int rounds) {
    v1::TournamentSettings s;
    s.set_name(name);
    s.set_preset("four-card");
    s.mutable_house_rules()->set_holes(1);  // a short match a round, played by bots in moments
    s.set_seats(static_cast<std::uint32_t>(seats));
    s.set_min_seats(2);
    s.set_rounds(static_cast<std::uint32_t>(rounds));
    return s;
}

v1::ClientMessage create(const v1::TournamentSettings& settings) {
    v1::ClientMessage m;
    *m.mutable_create_tournament()->mutable_settings() = settings;
    return m;
}

v1::ClientMessage join(std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_join_tournament()->set_id(id);
    return m;
}

v1::ClientMessage leave(std::int64_t id) {
    v1::ClientMessage m;
    m.mutable_leave_tournament()->set_id(id);
    return m;
}

v1::ClientMessage manage(std::int64_t id, v1::TournamentCommand command) {
    v1::ClientMessage m;
    m.mutable_manage_tournament()->set_id(id);
    m.mutable_manage_tournament()->set_command(command);
    return m;
}

v1::ClientMessage get(std::int64_t id, bool watch = false) {
    v1::ClientMessage m;
    m.mutable_get_tournament()->set_id(id);
    m.mutable_get_tournament()->set_watch(watch);
    return m;
}

v1::ClientMessage leave_table() {
    v1::ClientMessage m;
    m.mutable_leave_table();
    return m;
}

struct entrant {
    std::unique_ptr<connection> c;
    std::string token;  // the session's, to sign in again after a restart
};

entrant signed_up(const std::string& url, const std::string& name) {
    entrant e{connect_to(url), {}};
    const auto in = e.c->request(register_as(name, password));
    EXPECT_TRUE(in.has_signed_in()) << describe(in);
    e.token = in.signed_in().session_token();
    return e;
}

// Reads the tournament until `done` holds (bounded).
v1::Tournament read_until(connection& c, std::int64_t id, const std::function<bool(const v1::Tournament&)>& done,
                          std::chrono::seconds limit = 60s) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    v1::Tournament t;
    for (int i = 0; i < 2000 && std::chrono::steady_clock::now() < deadline; ++i) {
        const auto reply = c.request(get(id));
        EXPECT_TRUE(reply.has_tournament()) << describe(reply);
        t = reply.tournament().tournament();
        if (done(t)) return t;
        std::this_thread::sleep_for(100ms);
    }
    ADD_FAILURE() << "the tournament did not get there in time: " << t.ShortDebugString();
    return t;
}

void refused(const v1::ServerMessage& reply, v1::ErrorCode code, const std::string& words) {
    EXPECT_EQ(error_of(reply), code) << describe(reply);
    EXPECT_NE(reply.error().message().find(words), std::string::npos) << reply.error().message();
}

// Ann, Bob, Cat and Dan sign up for a tournament Ann creates with `settings` and starts; Cat sits down at her table
// and makes no move, so it waits on her turn clock (60 s). `code` is empty when any step failed (said already).
struct cat_waits {
    std::vector<entrant> people;
    std::int64_t id = 0;
    std::string code;
};

cat_waits started_with_cat_waiting(const std::string& url, const v1::TournamentSettings& settings) {
    cat_waits out;
    for (const std::string name : {"Ann", "Bob", "Cat", "Dan"}) out.people.push_back(signed_up(url, name));
    const auto made = out.people[0].c->request(create(settings));
    EXPECT_TRUE(made.has_tournament()) << describe(made);
    if (!made.has_tournament()) return out;
    out.id = made.tournament().tournament().id();
    for (auto& p : out.people) EXPECT_TRUE(p.c->request(join(out.id)).has_tournament());
    EXPECT_TRUE(out.people[0].c->request(manage(out.id, v1::TOURNAMENT_COMMAND_START)).has_tournament());
    connection& cat = *out.people[2].c;
    const std::string code =
        read_until(cat, out.id, [](const v1::Tournament& t) { return !t.your_table().empty(); }).your_table();
    const auto joined = cat.request(join_table(code, ""));
    EXPECT_TRUE(joined.has_table_joined()) << describe(joined);
    if (joined.has_table_joined()) out.code = code;
    return out;
}

using TournamentsOn = golf::server::testing::on_each_backend;

TEST_P(TournamentsOn, ASwissTournamentPlaysEveryRoundAtItsOwnTablesAndRecordsTheResults) {
    running_server server(1s, db());
    auto guest = connect_to(server.url());
    refused(guest->request(create(swiss("Friday", 3, 3))), v1::ERROR_CODE_NOT_SIGNED_IN, "sign in");

    std::vector<entrant> people;
    for (const std::string name : {"Ann", "Bob", "Cat", "Dan", "Eve"}) people.push_back(signed_up(server.url(), name));
    connection& ann = *people[0].c;
    refused(ann.request(create(swiss("Friday", 9, 3))), v1::ERROR_CODE_BAD_REQUEST, "a table seats 2 to");
    refused(ann.request(create(swiss("Friday", 3, 0))), v1::ERROR_CODE_BAD_REQUEST, "1 to 20 rounds");
    refused(ann.request(create(swiss("", 3, 3))), v1::ERROR_CODE_BAD_REQUEST, "name");
    auto absurd = swiss("Friday", 3, 3);
    absurd.set_max_players(100000);
    refused(ann.request(create(absurd)), v1::ERROR_CODE_BAD_REQUEST, "4 to 256 players");

    const auto made = ann.request(create(swiss("Friday", 3, 3)));
    ASSERT_TRUE(made.has_tournament()) << describe(made);
    const std::int64_t id = made.tournament().tournament().id();
    EXPECT_EQ(made.tournament().tournament().settings().turn_clock_seconds(), 60u) << "the default clock";
    refused(ann.request(get(id + 1000)), v1::ERROR_CODE_NO_SUCH_TOURNAMENT, "no such");

    for (std::size_t i = 0; i < 3; ++i) ASSERT_TRUE(people[i].c->request(join(id)).has_tournament());
    refused(ann.request(join(id)), v1::ERROR_CODE_BAD_REQUEST, "signed up already");
    refused(ann.request(manage(id, v1::TOURNAMENT_COMMAND_START)), v1::ERROR_CODE_BAD_REQUEST, "4 players or more");
    for (std::size_t i = 3; i < 5; ++i) ASSERT_TRUE(people[i].c->request(join(id)).has_tournament());
    refused(people[1].c->request(manage(id, v1::TOURNAMENT_COMMAND_START)), v1::ERROR_CODE_NOT_ORGANISER, "Ann");

    // Bob watches, is told his table when the first round is seated, and takes his held seat.
    connection& bob = *people[1].c;
    ASSERT_TRUE(bob.request(get(id, true)).has_tournament());
    ASSERT_TRUE(ann.request(manage(id, v1::TOURNAMENT_COMMAND_START)).has_tournament());
    const auto told = next_where(
        bob,
        [](const v1::ServerMessage& m) {
            return m.has_tournament() && !m.tournament().tournament().your_table().empty();
        },
        10s);
    ASSERT_TRUE(told.has_value()) << "a watcher is told their table";
    const std::string code = told->tournament().tournament().your_table();
    refused(guest->request(join_table(code, "Zed")), v1::ERROR_CODE_TABLE_FULL, "round's entrants");
    const auto seated = bob.request(join_table(code, ""));
    ASSERT_TRUE(seated.has_table_joined()) << describe(seated);
    refused(bob.request([] {
        v1::ClientMessage m;
        m.mutable_add_bot();
        return m;
    }()),
            v1::ERROR_CODE_BAD_REQUEST, "no host");
    ASSERT_TRUE(bob.request(leave_table()).has_ok()) << "a bot finishes Bob's match";

    const v1::Tournament done =
        read_until(ann, id, [](const v1::Tournament& t) { return t.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(done.rounds_size(), 3);
    double points = 0;
    std::set<std::string> codes;
    for (const auto& round : done.rounds()) {
        EXPECT_TRUE(round.finished());
        ASSERT_EQ(round.tables_size(), 2) << "5 at tables of 2 to 3: a table of 3 and one of 2, nobody sitting out";
        EXPECT_EQ(round.tables(0).seats_size() + round.tables(1).seats_size(), 5);
        EXPECT_EQ(round.byes_size(), 0);
        for (const auto& table : round.tables()) {
            EXPECT_TRUE(codes.insert(table.code()).second) << "every table is new";
            ASSERT_GT(table.match_id(), 0);
            const auto record = ann.request([&] {
                v1::ClientMessage m;
                m.mutable_get_match()->set_match_id(table.match_id());
                return m;
            }());
            ASSERT_TRUE(record.has_match_record()) << describe(record);
            const auto& seats = record.match_record().summary().seats();
            ASSERT_EQ(seats.size(), table.seats_size());
            for (int s = 0; s < table.seats_size(); ++s) {
                EXPECT_EQ(table.seats(s).total(), seats[s].final_total()) << "the result is the recorded match's";
                EXPECT_EQ(seats[s].name(), table.seats(s).name());
                EXPECT_TRUE(seats[s].registered());
                points += table.seats(s).points();
            }
        }
    }
    EXPECT_DOUBLE_EQ(points, 3 * (3.0 + 1.0)) << "a table of 3 gives 2+1+0 points, a table of 2 gives 1";
    ASSERT_EQ(done.entrants_size(), 5);
    EXPECT_EQ(done.entrants(0).place(), 1u);
    for (int i = 1; i < 5; ++i) EXPECT_GE(done.entrants(i - 1).points(), done.entrants(i).points()) << "the standing";

    const auto http = golf::server::testing::http_request(server.port(), "/api/tournaments/" + std::to_string(id));
    EXPECT_EQ(http.result_int(), 200);
    EXPECT_NE(http.body().find("\"state\":\"TOURNAMENT_STATE_FINISHED\""), std::string::npos) << http.body();
    EXPECT_EQ(golf::server::testing::http_request(server.port(), "/api/tournaments/x").result_int(), 400);
    EXPECT_EQ(golf::server::testing::http_request(server.port(), "/api/tournaments/99999").result_int(), 404);
    EXPECT_NE(golf::server::testing::http_request(server.port(), "/api/tournaments?ended=1").body().find("Friday"),
              std::string::npos);
    refused(people[2].c->request(leave(id)), v1::ERROR_CODE_BAD_REQUEST, "over");
}

// The server stops while an entrant holds up round 1; started again on the same database, the round goes on at
// the same tables and the tournament finishes.
TEST_P(TournamentsOn, ARestartInTheMiddleOfARoundLosesNothing) {
    std::int64_t id = 0;
    std::string code;
    std::string cat_token;
    {
        running_server server(1s, db());
        // Cat's table waits on her turn clock while the server stops.
        auto started = started_with_cat_waiting(server.url(), swiss("Restarted", 2, 2));
        ASSERT_FALSE(started.code.empty());
        auto& people = started.people;
        id = started.id;
        code = started.code;
        cat_token = people[2].token;
        read_until(*people[0].c, id, [&](const v1::Tournament& t) {
            return t.rounds_size() == 1 && std::count_if(t.rounds(0).tables().begin(), t.rounds(0).tables().end(),
                                                         [](const auto& x) { return x.finished(); }) == 1;
        });
    }
    running_server again(1s, db());
    auto cat = connect_to(again.url());
    ASSERT_TRUE(cat->request(sign_in_with_token(cat_token)).has_signed_in());
    const auto back = read_until(*cat, id, [](const v1::Tournament& t) { return !t.your_table().empty(); });
    EXPECT_EQ(back.your_table(), code) << "the same table, restored";
    EXPECT_EQ(back.rounds_size(), 1);
    const auto rejoined = cat->request(join_table(code, ""));
    ASSERT_TRUE(rejoined.has_table_joined()) << describe(rejoined);
    ASSERT_TRUE(cat->request(leave_table()).has_ok());
    const auto done =
        read_until(*cat, id, [](const v1::Tournament& t) { return t.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(done.rounds_size(), 2);
    EXPECT_EQ(done.rounds(0).tables_size(), 2);
    for (const auto& round : done.rounds())
        for (const auto& table : round.tables()) EXPECT_TRUE(table.finished()) << table.code();
}

// Duplicate: 4 entrants at 2 tables of 2. While Cat holds her table up, the other tables' finished matches are kept
// from everyone and no table of the round can be watched; once the round is over every table of it shows the same
// seed at each hole (the same deals), and each seat is scored against the same seat at the other tables.
TEST_P(TournamentsOn, ADuplicateRoundDealsEveryTableTheSameCardsAndKeepsThemUntilItIsOver) {
    running_server server(1s, db());
    auto settings = swiss("Pairs", 2, 2);
    settings.mutable_house_rules()->set_holes(2);
    settings.set_format(v1::TOURNAMENT_FORMAT_DUPLICATE);
    auto started = started_with_cat_waiting(server.url(), settings);
    ASSERT_FALSE(started.code.empty());
    auto& people = started.people;
    const std::int64_t id = started.id;
    const std::string code = started.code;
    connection& cat = *people[2].c;

    const auto others_done = read_until(*people[0].c, id, [](const v1::Tournament& t) {
        return t.rounds_size() == 1 && std::count_if(t.rounds(0).tables().begin(), t.rounds(0).tables().end(),
                                                     [](const auto& x) { return x.finished(); }) == 1;
    });
    ASSERT_EQ(others_done.rounds(0).tables_size(), 2);
    std::int64_t finished_match = 0;
    for (const auto& table : others_done.rounds(0).tables())
        if (table.finished()) finished_match = table.match_id();
    // At the finished table its entrant sees the holes' scores but no seed: Cat's table is dealt from the same ones.
    const auto& done_table = others_done.rounds(0).tables(others_done.rounds(0).tables(0).finished() ? 0 : 1);
    const std::array<std::string, 4> names{"Ann", "Bob", "Cat", "Dan"};
    const auto at = std::find(names.begin(), names.end(), done_table.seats(0).name());
    ASSERT_NE(at, names.end());
    connection& back = *people[static_cast<std::size_t>(at - names.begin())].c;
    ASSERT_TRUE(back.request(join_table(done_table.code(), "")).has_table_joined());
    const auto seen = next_where(
        back,
        [](const v1::ServerMessage& m) {
            return m.has_table_update() && m.table_update().scorecard().holes_size() == 2;
        },
        10s);
    ASSERT_TRUE(seen.has_value()) << "the finished table's scorecard";
    for (const auto& hole : seen->table_update().scorecard().holes())
        EXPECT_TRUE(hole.seed().empty()) << "hole " << hole.number() << "'s seed, while Cat plays it";
    ASSERT_TRUE(back.request(leave_table()).has_ok());

    auto outsider = connect_to(server.url());
    v1::ClientMessage get_match;
    get_match.mutable_get_match()->set_match_id(finished_match);
    refused(outsider->request(get_match), v1::ERROR_CODE_NO_SUCH_MATCH, "every table of the round has finished");
    EXPECT_EQ(golf::server::testing::http_request(server.port(), "/api/matches/" + std::to_string(finished_match))
                  .result_int(),
              404);
    refused(outsider->request(join_table(code, "Zed", true)), v1::ERROR_CODE_BAD_REQUEST, "once the round is over");

    ASSERT_TRUE(cat.request(leave_table()).has_ok());
    const auto done =
        read_until(cat, id, [](const v1::Tournament& t) { return t.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(done.rounds_size(), 2);
    std::vector<std::string> first_round_seeds;
    for (const auto& round : done.rounds()) {
        std::vector<std::string> seeds;
        double percent = 0;
        for (const auto& table : round.tables()) {
            get_match.mutable_get_match()->set_match_id(table.match_id());
            const auto record = outsider->request(get_match);
            ASSERT_TRUE(record.has_match_record()) << describe(record);
            ASSERT_EQ(record.match_record().holes_size(), 2);
            std::string these;
            for (const auto& hole : record.match_record().holes()) these += hole.seed();
            if (seeds.empty()) seeds.push_back(these);
            EXPECT_EQ(these, seeds[0]) << "every table of round " << round.number() << " was dealt the same holes";
            for (const auto& seat : table.seats()) {
                percent += seat.percent();
                EXPECT_DOUBLE_EQ(seat.points(), seat.percent() / 100) << "tables of 2: one point at 100%";
            }
        }
        EXPECT_DOUBLE_EQ(percent, 2 * 2 * 50.0) << "matchpoints share out evenly: a mean of 50% a seat";
        if (first_round_seeds.empty()) first_round_seeds = seeds;
        else EXPECT_NE(seeds[0], first_round_seeds[0]) << "each round has its own deals";
    }
}

// A moderator ends Cat's table mid-round (its match given up): the director finds it lost, neither playing nor
// finished, and seats its entrants again at a new table, where the round is played out.
TEST_P(TournamentsOn, ATableEndedMidRoundIsSeatedAgain) {
    running_server server(1s, db());
    auto started = started_with_cat_waiting(server.url(), swiss("Replayed", 2, 1));
    ASSERT_FALSE(started.code.empty());
    auto& people = started.people;
    const std::int64_t id = started.id;
    const std::string code = started.code;
    connection& cat = *people[2].c;

    auto mod = connect_to(server.url());
    const auto in = mod->request(register_as("Moderator", password));
    ASSERT_TRUE(in.has_signed_in()) << describe(in);
    const std::int64_t account = in.signed_in().account().id();
    ASSERT_EQ(golf::persistence::open_store({.db = db()})
                  ->moderation()
                  ->set_role(account, golf::persistence::staff_role::moderator, "the command line", 0),
              golf::persistence::role_change::done);
    v1::ClientMessage end;
    end.mutable_end_table()->set_code(code);
    end.mutable_end_table()->set_reason("stuck");
    ASSERT_TRUE(mod->request(end).has_ok());

    const auto again = read_until(
        cat, id, [&](const v1::Tournament& t) { return !t.your_table().empty() && t.your_table() != code; }, 30s);
    ASSERT_EQ(again.rounds_size(), 1) << "the same round";
    ASSERT_TRUE(cat.request(join_table(again.your_table(), "")).has_table_joined());
    ASSERT_TRUE(cat.request(leave_table()).has_ok());
    const auto done =
        read_until(cat, id, [](const v1::Tournament& t) { return t.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(done.rounds(0).tables_size(), 2);
    std::set<std::string> codes;
    for (const auto& table : done.rounds(0).tables()) {
        EXPECT_TRUE(table.finished());
        EXPECT_GT(table.match_id(), 0);
        codes.insert(table.code());
    }
    EXPECT_TRUE(codes.contains(again.your_table()) && !codes.contains(code)) << "played out at the new table";
}

// A one-minute arena of four at tables of two. Ann, Bob and Cat take each table they are told of and leave it to a
// bot at once; Dan does not come, so after his first table he is paused and seated no more, until he signs up
// again and comes like the others. Whoever is free is seated again within moments, points are by place (doubled on
// fire), nobody is seated after the end, and the arena finishes with its last table. SQLite only: the rounds are
// the director's, which both backends run the same (TournamentsOn).
TEST(Arena, WhoeverIsFreeIsSeatedAgainUntilTheTimeIsUp) {
    running_server server(1s);
    std::vector<entrant> people;
    for (const std::string name : {"Ann", "Bob", "Cat", "Dan"}) people.push_back(signed_up(server.url(), name));
    auto settings = swiss("Sprint", 2, 1);
    settings.set_format(v1::TOURNAMENT_FORMAT_ARENA);
    settings.set_arena_minutes(1);
    const auto made = people[0].c->request(create(settings));
    ASSERT_TRUE(made.has_tournament()) << describe(made);
    const std::int64_t id = made.tournament().tournament().id();
    for (auto& p : people) ASSERT_TRUE(p.c->request(join(id)).has_tournament());
    ASSERT_TRUE(people[0].c->request(manage(id, v1::TOURNAMENT_COMMAND_START)).has_tournament());

    std::vector<std::string> last(people.size());
    bool dan_comes = false, dan_was_paused = false;
    v1::Tournament t;
    const auto deadline = std::chrono::steady_clock::now() + 120s;
    while (t.state() != v1::TOURNAMENT_STATE_FINISHED && std::chrono::steady_clock::now() < deadline) {
        for (std::size_t i = 0; i < people.size(); ++i) {
            t = people[i].c->request(get(id)).tournament().tournament();
            if (i == 3 && !dan_comes) {
                const auto dan = std::find_if(t.entrants().begin(), t.entrants().end(),
                                              [](const auto& e) { return e.name() == "Dan"; });
                if (dan == t.entrants().end() || !dan->paused()) continue;
                dan_was_paused = true;
                ASSERT_TRUE(people[3].c->request(join(id)).has_tournament()) << "back after a pause";
                dan_comes = true;
                continue;
            }
            if (t.your_table().empty() || t.your_table() == last[i]) continue;
            last[i] = t.your_table();
            ASSERT_TRUE(people[i].c->request(join_table(last[i], "")).has_table_joined());
            ASSERT_TRUE(people[i].c->request(leave_table()).has_ok());
        }
        std::this_thread::sleep_for(200ms);
    }
    ASSERT_EQ(t.state(), v1::TOURNAMENT_STATE_FINISHED) << t.ShortDebugString();
    EXPECT_TRUE(dan_was_paused) << "a bot played Dan's first table";
    EXPECT_GE(t.rounds_size(), 4) << "seated again and again";
    std::map<std::string, double> points;
    std::map<std::string, int> tables;
    for (const auto& round : t.rounds()) {
        EXPECT_TRUE(round.finished());
        EXPECT_LT(round.started_at_unix_s(), t.ends_at_unix_s()) << "nobody is seated after the end";
        for (const auto& table : round.tables()) {
            EXPECT_GT(table.match_id(), 0);
            ASSERT_EQ(table.seats_size(), 2);
            const auto& a = table.seats(0);
            const auto& b = table.seats(1);
            for (const auto* seat : {&a, &b}) {
                const auto& other = seat == &a ? b : a;
                const double place = seat->total() < other.total() ? 1 : seat->total() == other.total() ? 0.5 : 0;
                const double expected = seat->played_by_bot() ? 0 : seat->on_fire() ? 2 * place : place;
                EXPECT_DOUBLE_EQ(seat->points(), expected) << seat->ShortDebugString();
                points[seat->name()] += seat->points();
                ++tables[seat->name()];
            }
        }
    }
    for (const auto& e : t.entrants()) EXPECT_DOUBLE_EQ(e.points(), points[e.name()]) << e.name();
    EXPECT_GE(tables["Dan"], 2) << "seated again once back";
    int fire = 0;
    for (const auto& round : t.rounds())
        for (const auto& table : round.tables())
            for (const auto& seat : table.seats()) fire += seat.on_fire();
    std::printf("arena: %d rounds; tables: Ann %d, Bob %d, Cat %d, Dan %d; %d seats on fire\n", t.rounds_size(),
                tables["Ann"], tables["Bob"], tables["Cat"], tables["Dan"], fire);
}

INSTANTIATE_TEST_SUITE_P(every_backend, TournamentsOn,
                         ::testing::Values(golf::server::testing::backend::sqlite,
                                           golf::server::testing::backend::postgresql),
                         golf::server::testing::backend_name);

std::vector<entrant> ann_and_bob(const std::string& url) {
    std::vector<entrant> people;
    for (const std::string name : {"Ann", "Bob"}) people.push_back(signed_up(url, name));
    return people;
}

TEST(StartTime, ATournamentStartsByItselfAtItsTimeAndBotsFillItsTable) {
    running_server server(1s);
    std::vector<entrant> people = ann_and_bob(server.url());
    connection& ann = *people[0].c;
    auto settings = swiss("On time", 4, 1);
    settings.set_bot_fillers(true);
    settings.set_starts_at_unix_s(std::time(nullptr) - 5);
    refused(ann.request(create(settings)), v1::ERROR_CODE_BAD_REQUEST, "not in the past");
    settings.set_starts_at_unix_s(std::time(nullptr) + 31 * 24 * 3600);
    refused(ann.request(create(settings)), v1::ERROR_CODE_BAD_REQUEST, "within 30 days");
    settings.set_starts_at_unix_s(std::time(nullptr) + 3);
    const auto made = ann.request(create(settings));
    ASSERT_TRUE(made.has_tournament()) << describe(made);
    const std::int64_t id = made.tournament().tournament().id();
    EXPECT_EQ(made.tournament().tournament().settings().starts_at_unix_s(), settings.starts_at_unix_s());
    for (auto& p : people) ASSERT_TRUE(p.c->request(join(id)).has_tournament());
    EXPECT_EQ(ann.request(get(id)).tournament().tournament().state(), v1::TOURNAMENT_STATE_OPEN) << "not yet";

    // Nobody starts it: at its time the server does, two bots making the table of four. Ann and Bob never come.
    const auto t =
        read_until(ann, id, [](const v1::Tournament& x) { return x.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(t.state(), v1::TOURNAMENT_STATE_FINISHED) << t.ShortDebugString();
    ASSERT_EQ(t.entrants_size(), 4);
    int bots = 0;
    for (const auto& e : t.entrants()) {
        bots += e.bot();
        EXPECT_EQ(e.account_id(), 0) << "the server's own key is not sent";
    }
    EXPECT_EQ(bots, 2);
    ASSERT_EQ(t.rounds_size(), 1);
    ASSERT_EQ(t.rounds(0).tables_size(), 1);
    const auto& table = t.rounds(0).tables(0);
    ASSERT_EQ(table.seats_size(), 4);
    for (const auto& seat : table.seats())
        EXPECT_EQ(seat.played_by_bot(), seat.name() == "Ann" || seat.name() == "Bob") << seat.ShortDebugString();
    EXPECT_GE(t.rounds(0).started_at_unix_s(), settings.starts_at_unix_s());
}

v1::ClientMessage guest_join(std::int64_t id, const std::string& name, const std::string& token = "") {
    auto m = join(id);
    m.mutable_join_tournament()->set_name(name);
    m.mutable_join_tournament()->set_entry_token(token);
    return m;
}

TEST(Guests, AGuestSignsUpUnderANameAndTakesTheirSeatsWithTheirEntryToken) {
    running_server server(1s);
    std::vector<entrant> people = ann_and_bob(server.url());
    connection& ann = *people[0].c;
    auto settings = swiss("Open night", 2, 1);
    const auto members = ann.request(create(settings));
    ASSERT_TRUE(members.has_tournament());
    auto gus = connect_to(server.url());
    auto gil = connect_to(server.url());
    refused(gus->request(guest_join(members.tournament().tournament().id(), "Gus")), v1::ERROR_CODE_BAD_REQUEST,
            "signed-in players only");
    settings.set_guests(true);
    const auto made = ann.request(create(settings));
    ASSERT_TRUE(made.has_tournament());
    const std::int64_t id = made.tournament().tournament().id();
    refused(gus->request(join(id)), v1::ERROR_CODE_NOT_SIGNED_IN, "give a name");
    EXPECT_EQ(error_of(gus->request(guest_join(id, "Ann"))), v1::ERROR_CODE_NAME_TAKEN) << "a registered name";
    EXPECT_EQ(error_of(gus->request(guest_join(id, std::string(25, 'x')))), v1::ERROR_CODE_BAD_NAME);
    const auto in = gus->request(guest_join(id, "Gus"));
    ASSERT_TRUE(in.has_tournament()) << describe(in);
    const std::string token = in.tournament().entry_token();
    ASSERT_FALSE(token.empty()) << "told once, to keep";
    refused(gil->request(guest_join(id, "gus")), v1::ERROR_CODE_BAD_REQUEST, "goes by that name already");
    const auto gil_in = gil->request(guest_join(id, "Gil"));
    ASSERT_TRUE(gil_in.has_tournament());
    for (auto& p : people) ASSERT_TRUE(p.c->request(join(id)).has_tournament());
    for (const auto& e : gil_in.tournament().tournament().entrants()) EXPECT_TRUE(e.entry_token_hash().empty());
    refused(gus->request(guest_join(id, "", token)), v1::ERROR_CODE_BAD_REQUEST, "signed up already");
    ASSERT_TRUE(ann.request(manage(id, v1::TOURNAMENT_COMMAND_START)).has_tournament());

    // Gus's token names his table and takes his seat there; nobody else's key does.
    auto by_token = get(id);
    by_token.mutable_get_tournament()->set_entry_token(token);
    read_until(*gus, id, [&](const v1::Tournament&) {
        return !gus->request(by_token).tournament().tournament().your_table().empty();
    });
    const std::string code = gus->request(by_token).tournament().tournament().your_table();
    ASSERT_FALSE(code.empty());
    EXPECT_TRUE(gus->request(get(id)).tournament().tournament().your_table().empty()) << "without the token";
    auto wrong = join_table(code, "");
    wrong.mutable_join_table()->set_entry_token("not-his");
    EXPECT_EQ(error_of(gil->request(wrong)), v1::ERROR_CODE_TABLE_FULL);
    auto his = join_table(code, "");
    his.mutable_join_table()->set_entry_token(token);
    const auto joined = gus->request(his);
    ASSERT_TRUE(joined.has_table_joined()) << describe(joined);
    EXPECT_FALSE(joined.table_joined().seat_token().empty()) << "a seat token as after any join";
    ASSERT_TRUE(gus->request(leave_table()).has_ok()) << "a bot finishes for him";

    const auto t =
        read_until(ann, id, [](const v1::Tournament& x) { return x.state() == v1::TOURNAMENT_STATE_FINISHED; });
    ASSERT_EQ(t.state(), v1::TOURNAMENT_STATE_FINISHED) << t.ShortDebugString();
    for (const auto& table : t.rounds(0).tables())
        for (const auto& seat : table.seats()) {
            if (seat.name() == "Gus" || seat.name() == "Gil") {
                EXPECT_EQ(seat.played_by_bot(), seat.name() == "Gil") << seat.name() << ": only Gus came";
            }
        }
    int guests = 0;
    for (const auto& e : t.entrants()) guests += e.guest();
    EXPECT_EQ(guests, 2);
    auto leave_by_token = leave(id);
    leave_by_token.mutable_leave_tournament()->set_entry_token(token);
    refused(gus->request(leave_by_token), v1::ERROR_CODE_BAD_REQUEST, "this tournament is over");
    const std::string json =
        golf::server::testing::http_request(server.port(), "/api/tournaments/" + std::to_string(id)).body();
    const auto count = [&](const std::string& part) {
        int n = 0;
        for (auto at = json.find(part); at != std::string::npos; at = json.find(part, at + 1)) ++n;
        return n;
    };
    EXPECT_EQ(count("\"entry_token_hash\":\"\""), count("\"entry_token_hash\"")) << "no hash is sent: " << json;
}

}  // namespace
}  // namespace tournament_tests
