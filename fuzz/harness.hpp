// The fuzz targets' bodies, kept apart from libFuzzer's entry point so the normal test suite (tests/fuzz) runs the
// same code over the checked-in corpora and every crash that was found. Each harness takes arbitrary bytes; input
// the code under test refuses is fine, while a broken invariant throws `violation` (an uncaught exception, so
// libFuzzer reports a crash) and sanitizers catch the rest. The input formats are described in fuzz/README.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace golf::fuzz {

struct violation : std::logic_error {
    using std::logic_error::logic_error;
};

// Throws `violation` saying `what` when `ok` is false.
inline void check(bool ok, std::string_view what) {
    if (!ok) throw violation(std::string(what));
}

using bytes = std::span<const std::uint8_t>;

// Each returns how deep the input reached, so a test can tell a seed that still does its job from one that no
// longer gets past the first refusal.

// ClientMessages from three connections into a live registry with real tables, checked after every message.
// Returns the number of changes to a live hand.
int client_message(bytes input);
// A Protobuf, JSON or `--set` ruleset on top of a preset, converted and validated; a valid one is dealt and played.
// Returns the number of bot moves played (0: refused, or not valid for the chosen player count).
int ruleset(bytes input);
// `golf score`'s layout parser, then the whole command (output discarded). Returns the number of layouts scored
// (0 when golf score refused the input).
int score_layout(bytes input);
// `golf replay --file`'s reader, then a replay of whatever it accepts. Returns the holes the replay checked, or
// -1 when the reader refused the text.
int match_record(bytes input);

// The OpenSSL generator is replaced in fuzz and regression builds (fuzz/deterministic_random.cpp), so join codes,
// seat tokens and deals follow from the input and a crash reproduces. Each harness calls this first.
void reset_random(std::uint64_t seed);

}  // namespace golf::fuzz
