// No frame carries a card its receiver may not know: one hole of every preset (and a few house-rule mixes) played
// through the real server by four clients and a spectator, every frame checked by the leak oracle
// (tests/support/leak_oracle.hpp): the revealed seed hashes to the commitment sent before the first move, the seed
// and the accepted moves replay to the server's scores, every view is the receiver's own engine view at some
// moment, in order, and every card in it is one an independent knowledge model says the receiver may know then.
// Seats race out-of-turn claims, right and wrong, wherever the rules have them (Cactus, Cumbia), so the model
// follows thrown, given and penalty cards too. The 10,000-hand run of the same oracle is leak_oracle_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "engine/presets.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/support/leak_oracle.hpp"

namespace secrets_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using golf::server::e2e::running_server;
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

}  // namespace
}  // namespace secrets_tests
