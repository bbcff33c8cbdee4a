// The fuzz targets' harnesses run by the normal test suite: every input in fuzz/corpus/<target>/ (the seeds and
// each crash found, saved there) must run without breaking an invariant, and each crash the fuzzers found is also
// a named test here that pins the outcome the fix gave it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/harness.hpp"

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

// The harnesses themselves can fail: a broken invariant is reported, not swallowed.
TEST(FuzzHarness, ABrokenInvariantThrows) {
    EXPECT_THROW(check(false, "on purpose"), violation);
    EXPECT_NO_THROW(check(true, "fine"));
}

TEST(FuzzHarness, EmptyAndTinyInputsAreHarmless) {
    for (const std::string_view input : {std::string_view(), std::string_view("\x00", 1), std::string_view("\xff\xff")}) {
        // Only a set-up byte asking for the prologue (bit 5) starts a hand; "\xff\xff" does.
        const bool prologue = !input.empty() && (input[0] & 0x20);
        EXPECT_EQ(client_message(as_bytes(input)) > 0, prologue);
        EXPECT_EQ(ruleset(as_bytes(input)), 0);
        EXPECT_EQ(score_layout(as_bytes(input)), 0);
        EXPECT_EQ(match_record(as_bytes(input)), -1);
    }
}

}  // namespace
}  // namespace golf::fuzz
