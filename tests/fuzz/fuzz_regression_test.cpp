// The fuzz targets' harnesses run by the normal test suite: every input in fuzz/corpus/<target>/ (the seeds and
// each crash found, saved there) must run without breaking an invariant, and each crash the fuzzers found is also
// a named test here that pins the outcome the fix gave it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "fuzz/harness.hpp"
#include "golf/v1/messages.pb.h"

namespace golf::fuzz {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bytes as_bytes(std::string_view text) { return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}; }

// Runs `harness` over every file of the target's corpus; each seed (a file not named crash-...) must reach at
// least `depth`, so a seed that stops doing its job is noticed. Returns how many files there were.
int run_corpus(const std::string& target, const std::function<int(bytes)>& harness, int depth) {
    int files = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(GOLF_FUZZ_CORPUS) / target)) {
        if (!entry.is_regular_file()) continue;
        const auto input = read_file(entry.path());
        int reached = 0;
        EXPECT_NO_THROW(reached = harness(input)) << entry.path();
        if (!entry.path().filename().string().starts_with("crash-")) {
            EXPECT_GE(reached, depth) << entry.path();
        }
        ++files;
    }
    return files;
}

// Seeds: a live hand changes at least 20 times; a ruleset plays; layouts are scored; a record replays a hole.
TEST(FuzzCorpus, ClientMessageSeedsRunCleanAndReachALiveHand) {
    EXPECT_GE(run_corpus("client_message", client_message, 20), 5);
}
TEST(FuzzCorpus, RulesetSeedsRunCleanAndPlay) { EXPECT_GE(run_corpus("ruleset", ruleset, 1), 5); }
TEST(FuzzCorpus, ScoreLayoutSeedsRunCleanAndScore) { EXPECT_GE(run_corpus("score_layout", score_layout, 1), 5); }
TEST(FuzzCorpus, MatchRecordSeedsRunCleanAndReplay) { EXPECT_GE(run_corpus("match_record", match_record, 1), 5); }

// Between fuzzing runs, seeded inputs keep every request the harness can send (KickSeat, VoteKick, PassHost and
// Report among them) going through tables that play: each starts a hand (bit 5 of its set-up byte) and must run clean.
TEST(FuzzHarness, SeededInputsOfEveryRequestKindRunClean) {
    std::mt19937 random(20261205);
    for (int i = 0; i < 2000; ++i) {
        std::vector<std::uint8_t> input(64 + random() % 448);
        for (auto& b : input) b = static_cast<std::uint8_t>(random());
        input[0] |= 0x20;
        EXPECT_NO_THROW(client_message(input)) << "seeded input " << i;
    }
}

// The harnesses themselves can fail: a broken invariant is reported, not swallowed.
TEST(FuzzHarness, ABrokenInvariantThrows) {
    EXPECT_THROW(check(false, "on purpose"), violation);
    EXPECT_NO_THROW(check(true, "fine"));
}

TEST(FuzzHarness, EmptyAndTinyInputsAreHarmless) {
    for (const std::string_view input :
         {std::string_view(), std::string_view("\x00", 1), std::string_view("\xff\xff")}) {
        // Only a set-up byte asking for the prologue (bit 5) starts a hand; "\xff\xff" does.
        const bool prologue = !input.empty() && (input[0] & 0x20);
        EXPECT_EQ(client_message(as_bytes(input)) > 0, prologue);
        EXPECT_EQ(ruleset(as_bytes(input)), 0);
        EXPECT_EQ(score_layout(as_bytes(input)), 0);
        EXPECT_EQ(match_record(as_bytes(input)), -1);
    }
}

// Found by a 300 s run of fuzz_client_message (crash-e5df9c80..., UBSan: a vector index below zero): the harness
// read the seat of a reclaim token "@N" as N - '0' in a signed char, so a control character named seat -1. The
// harness now takes the byte unsigned; here a token "@\x01" (seat 1's token) after the prologue, and the input
// the fuzzer found, both run clean through a live hand.
TEST(FuzzRegression, AReclaimTokenNamingASeatByAControlCharacterRunsClean) {
    v1::ClientMessage reclaim;
    reclaim.mutable_reclaim_seat()->set_seat_token(std::string("@\x01", 2));
    const std::string raw = reclaim.SerializeAsString();
    std::vector<std::uint8_t> input = {0x20,  // the prologue: a two-seat match of the first preset, started
                                       0x00,  // connection 0 sends raw bytes
                                       static_cast<std::uint8_t>(raw.size()), 0x00};
    input.insert(input.end(), raw.begin(), raw.end());
    int reached = 0;
    EXPECT_NO_THROW(reached = client_message(input));
    EXPECT_GT(reached, 0);  // the prologue's hand was live

    const auto found =
        read_file(fs::path(GOLF_FUZZ_CORPUS) / "client_message" / "crash-e5df9c80872df48b75ecf199335c5494802a43ce");
    ASSERT_FALSE(found.empty());
    EXPECT_NO_THROW(client_message(found));
}

}  // namespace
}  // namespace golf::fuzz
