// No frame carries a card its receiver may not know: one hole of every preset (and a few house-rule mixes) played
// through the real server by four clients and a spectator, every frame checked by the leak oracle
// (tests/support/leak_oracle.hpp): the revealed seed hashes to the commitment sent before the first move, the seed
// and the accepted moves replay to the server's scores, every view is the receiver's own engine view at some
// moment, in order, and every card in it is one an independent knowledge model says the receiver may know then.
// Seats race out-of-turn claims, right and wrong, wherever the rules have them (Cactus, Cumbia), so the model
// follows thrown, given and penalty cards too. The 10,000-hand run of the same oracle is leak_oracle_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "engine/presets.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/leak_oracle.hpp"

namespace secrets_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using golf::server::e2e::running_server;
namespace v1 = golf::v1;
namespace leak = golf::testing::leak;

struct secrets_case {
    std::string name;
    leak::table_plan plan;
};

void PrintTo(const secrets_case& c, std::ostream* out) { *out << c.name; }

std::string test_name(std::string text) {
    std::replace(text.begin(), text.end(), '-', '_');
    return text;
}

// Every preset (the list grows: never a hard-coded one), then house rules that reach other corners.
std::vector<secrets_case> cases() {
    std::vector<secrets_case> out;
    std::uint64_t seed = 1;
    for (const golf::preset& p : golf::presets()) {
        leak::table_plan plan;
        plan.preset = std::string(p.name);
        plan.players = std::clamp(4, p.rules.min_players, p.rules.max_players);
        plan.seed = seed++;
        plan.claim_percent = 60;
        out.push_back({test_name(plan.preset), plan});
    }
    leak::table_plan looks;
    looks.preset = "six-card";
    looks.house_rules = {"start=peek", "rearrange_after_start=true", "look_cost=1", "turn_limit=200"};
    looks.seed = 101;
    out.push_back({"peek_rearrange_and_look", looks});
    // Claims in a ruleset of another family: any seat's layout, a card given back, penalty points.
    leak::table_plan cactus_three;
    cactus_three.preset = "cactus";
    cactus_three.players = 3;
    cactus_three.holes = 3;
    cactus_three.seed = 102;
    cactus_three.claim_percent = 80;
    out.push_back({"cactus_three_seats_three_holes", cactus_three});
    leak::table_plan cumbia_two = cactus_three;
    cumbia_two.preset = "cumbia";
    cumbia_two.players = 2;
    cumbia_two.seed = 103;
    out.push_back({"cumbia_two_seats_three_holes", cumbia_two});
    return out;
}

class secrets : public ::testing::TestWithParam<secrets_case> {};

TEST_P(secrets, no_frame_carries_a_card_its_receiver_may_not_know) {
    const leak::table_plan& plan = GetParam().plan;
    running_server server;
    leak::problems found;
    const leak::tally counts = leak::play_and_check(server.url(), plan, found);
    EXPECT_TRUE(found.empty()) << found.text();
    EXPECT_GE(counts.hands, 1);
    EXPECT_GT(counts.frames, counts.moves) << "every move reaches five receivers";
    const golf::preset* p = golf::find_preset(plan.preset);
    ASSERT_NE(p, nullptr);
    if (p->rules.claims != golf::claim_rule::none) {
        EXPECT_GT(counts.races, 0) << "nobody claimed a discard in a ruleset with claims";
    }
}

INSTANTIATE_TEST_SUITE_P(presets, secrets, ::testing::ValuesIn(cases()),
                         [](const auto& param_info) { return param_info.param.name; });

// The organiser starts tournament `id`; its record once the first round is seated (waited for a while).
v1::Tournament started_and_seated(golf::client::connection& organiser, std::int64_t id) {
    using namespace std::chrono_literals;
    v1::ClientMessage start;
    start.mutable_manage_tournament()->set_id(id);
    start.mutable_manage_tournament()->set_command(v1::TOURNAMENT_COMMAND_START);
    organiser.expect_success(start);
    v1::ClientMessage get;
    get.mutable_get_tournament()->set_id(id);
    v1::Tournament seated;
    for (int i = 0; i < 100 && seated.rounds_size() == 0; ++i) {
        seated = organiser.expect_success(get).tournament().tournament();
        if (seated.rounds_size() == 0) std::this_thread::sleep_for(100ms);
    }
    return seated;
}

// A duplicate tournament round: two tables of two dealt the same holes from one key. The oracle checks every frame
// at both tables (the entrants signed in, no spectator: the round's tables take none), no frame shows a seed, and
// once both tables have finished the matches' records reveal the seeds: the same at both tables, each replaying
// its own table's holes to the server's scores.
TEST(secrets_between_tables, a_duplicate_round_shows_no_seed_until_every_table_has_finished) {
    using namespace std::chrono_literals;
    running_server server(600s);  // no bot stands in: every move is one the oracle saw made
    const std::string password = "a long enough password";
    const std::array<std::string, 4> names{"Ann", "Bob", "Cat", "Dan"};
    leak::table_plan plan;
    plan.preset = "cambio";
    plan.players = 2;
    plan.holes = 3;
    plan.claim_percent = 60;
    golf::ruleset wanted = golf::find_preset(plan.preset)->rules;
    for (const std::string rule : {"holes=3", "target_score=0", "match_tie=shared"})
        ASSERT_FALSE(golf::set_option(wanted, rule).has_value()) << rule;

    golf::client::connection ann;
    ann.connect(server.url(), "secrets_test");
    for (const std::string& name : names) {
        golf::client::connection c;
        c.connect(server.url(), "secrets_test");
        c.register_account(name, password);
    }
    ann.sign_in("Ann", password);
    v1::ClientMessage create;
    auto& settings = *create.mutable_create_tournament()->mutable_settings();
    settings.set_name("Same deals");
    settings.set_preset(plan.preset);
    *settings.mutable_house_rules() = golf::wire::to_proto(wanted);
    settings.set_seats(2);
    settings.set_rounds(1);
    settings.set_format(v1::TOURNAMENT_FORMAT_DUPLICATE);
    const std::int64_t id = ann.expect_success(create).tournament().tournament().id();
    for (const std::string& name : names) {
        golf::client::connection c;
        c.connect(server.url(), "secrets_test");
        c.sign_in(name, password);
        v1::ClientMessage join;
        join.mutable_join_tournament()->set_id(id);
        c.expect_success(join);
    }
    const v1::Tournament seated = started_and_seated(ann, id);
    ASSERT_EQ(seated.rounds_size(), 1);
    ASSERT_EQ(seated.rounds(0).tables_size(), 2);

    std::vector<leak::problems> found(2);
    std::vector<leak::tally> counts(2);
    std::vector<std::string> seeds(2);
    std::vector<std::thread> tables;
    for (std::size_t t = 0; t < 2; ++t) {
        leak::table_plan at = plan;
        at.seed = 7 + t;
        const v1::TournamentTable table = seated.rounds(0).tables(static_cast<int>(t));
        at.seat = [table, password](std::vector<std::unique_ptr<golf::client::connection>>& seats) {
            v1::TableJoined first;
            for (int s = 0; s < table.seats_size(); ++s) {
                auto& c = *seats[static_cast<std::size_t>(s)];
                c.sign_in(table.seats(s).name(), password);
                const v1::TableJoined joined = c.join(table.code(), "");
                if (joined.seat() != s) throw golf::client::error("an entrant in another seat");
                if (s == 0) first = joined;
            }
            return first;
        };
        at.reveal = [&server, &seeds, t](const v1::Scorecard& live) {
            golf::client::connection reader;
            reader.connect(server.url(), "secrets_test");
            v1::ClientMessage ask;
            ask.mutable_get_match()->set_match_id(live.match_id());
            for (int i = 0; i < 300; ++i) {  // until the other table has finished too
                const v1::ServerMessage reply = reader.request(ask);
                if (reply.has_match_record()) {
                    v1::Scorecard card = live;
                    for (int h = 0; h < card.holes_size() && h < reply.match_record().holes_size(); ++h) {
                        card.mutable_holes(h)->set_seed(reply.match_record().holes(h).seed());
                        seeds[t] += reply.match_record().holes(h).seed();
                    }
                    return card;
                }
                std::this_thread::sleep_for(100ms);
            }
            throw golf::client::error("the match's record was not shown once both tables finished");
        };
        tables.emplace_back([&, at, t] { counts[t] = leak::play_and_check(server.url(), at, found[t]); });
    }
    for (std::thread& t : tables) t.join();
    for (std::size_t t = 0; t < 2; ++t) {
        EXPECT_TRUE(found[t].empty()) << "table " << t << ": " << found[t].text();
        EXPECT_EQ(counts[t].hands, 3) << "table " << t;
    }
    EXPECT_EQ(seeds[0].size(), 3u * 8u);
    EXPECT_EQ(seeds[0], seeds[1]) << "both tables were dealt the same holes";
}

// An arena's first seating through the oracle: two tables of two, one seat at each a guest's, taken with the entry
// token. Every frame at both tables is checked; the arena's tables show their seeds as any table does.
TEST(secrets_between_tables, an_arena_table_with_a_guest_keeps_every_secret) {
    using namespace std::chrono_literals;
    running_server server(600s);  // no bot stands in: every move is one the oracle saw made
    const std::string password = "a long enough password";
    leak::table_plan plan;
    plan.preset = "cambio";
    plan.players = 2;
    plan.holes = 2;
    plan.claim_percent = 60;
    golf::ruleset wanted = golf::find_preset(plan.preset)->rules;
    for (const std::string rule : {"holes=2", "target_score=0"})
        ASSERT_FALSE(golf::set_option(wanted, rule).has_value()) << rule;

    golf::client::connection ann;
    ann.connect(server.url(), "secrets_test");
    ann.register_account("Ann", password);
    v1::ClientMessage create;
    auto& settings = *create.mutable_create_tournament()->mutable_settings();
    settings.set_name("Arena with guests");
    settings.set_preset(plan.preset);
    *settings.mutable_house_rules() = golf::wire::to_proto(wanted);
    settings.set_seats(2);
    settings.set_min_seats(2);
    settings.set_format(v1::TOURNAMENT_FORMAT_ARENA);
    settings.set_arena_minutes(1);
    settings.set_guests(true);
    const std::int64_t id = ann.expect_success(create).tournament().tournament().id();
    v1::ClientMessage join;
    join.mutable_join_tournament()->set_id(id);
    ann.expect_success(join);
    golf::client::connection bob;
    bob.connect(server.url(), "secrets_test");
    bob.register_account("Bob", password);
    bob.expect_success(join);
    std::map<std::string, std::string> entry;  // a guest's name -> their entry token
    for (const std::string name : {"Gus", "Gil"}) {
        golf::client::connection guest;
        guest.connect(server.url(), "secrets_test");
        auto as_guest = join;
        as_guest.mutable_join_tournament()->set_name(name);
        entry[name] = guest.expect_success(as_guest).tournament().entry_token();
    }
    const v1::Tournament seated = started_and_seated(ann, id);
    ASSERT_GE(seated.rounds_size(), 1);
    ASSERT_EQ(seated.rounds(0).tables_size(), 2);

    std::vector<leak::problems> found(2);
    std::vector<leak::tally> counts(2);
    std::vector<std::thread> tables;
    int guest_seats = 0;
    for (std::size_t t = 0; t < 2; ++t) {
        leak::table_plan at = plan;
        at.seed = 11 + t;
        const v1::TournamentTable table = seated.rounds(0).tables(static_cast<int>(t));
        for (const auto& seat : table.seats()) guest_seats += entry.contains(seat.name());
        at.seat = [table, password, entry](std::vector<std::unique_ptr<golf::client::connection>>& seats) {
            v1::TableJoined first;
            for (int s = 0; s < table.seats_size(); ++s) {
                auto& c = *seats[static_cast<std::size_t>(s)];
                const std::string& name = table.seats(s).name();
                v1::TableJoined joined;
                if (const auto guest = entry.find(name); guest != entry.end()) {
                    joined = c.join_as_entrant(table.code(), guest->second);
                } else {
                    c.sign_in(name, password);
                    joined = c.join(table.code(), "");
                }
                if (joined.seat() != s) throw golf::client::error("an entrant in another seat");
                if (s == 0) first = joined;
            }
            return first;
        };
        tables.emplace_back([&, at, t] { counts[t] = leak::play_and_check(server.url(), at, found[t]); });
    }
    for (std::thread& t : tables) t.join();
    EXPECT_EQ(guest_seats, 2);
    for (std::size_t t = 0; t < 2; ++t) {
        EXPECT_TRUE(found[t].empty()) << "table " << t << ": " << found[t].text();
        EXPECT_EQ(counts[t].hands, 2) << "table " << t;
    }
}

}  // namespace
}  // namespace secrets_tests
