// fuzz_match_record: `golf replay --file`'s reader (persistence/match_file.hpp) on any text, then a replay of
// whatever it accepts through the engine. A refusal must say "line N: ..."; an accepted record writes back to text
// that reads as the same record; a replay either checks every hole or names its problem.
#include <string>
#include <string_view>
#include <variant>

#include "fuzz/harness.hpp"
#include "persistence/match_file.hpp"
#include "persistence/match_replay.hpp"

namespace golf::fuzz {

int match_record(bytes input) {
    reset_random(input.size());
    const std::string_view text(reinterpret_cast<const char*>(input.data()), input.size());
    const auto parsed = persistence::read_match_file(text);
    if (const auto* problem = std::get_if<std::string>(&parsed)) {
        check(problem->rfind("line ", 0) == 0, "a refused match file does not name the line");
        return -1;
    }
    const persistence::match_detail& detail = std::get<persistence::match_detail>(parsed);

    const auto again = persistence::read_match_file(persistence::write_match_file(detail));
    const auto* reread = std::get_if<persistence::match_detail>(&again);
    check(reread != nullptr, "a match file written from an accepted record is refused");
    check(reread->holes == detail.holes && reread->in_play == detail.in_play &&
              reread->summary.ruleset == detail.summary.ruleset && reread->summary.seats == detail.summary.seats &&
              reread->summary.final_totals == detail.summary.final_totals,
          "an accepted record does not survive writing and reading");

    const persistence::replayed_match replayed = persistence::replay_match(detail);
    if (replayed.problem.empty()) {
        check(replayed.match.has_value() && replayed.rules != nullptr, "a replay that passed has no match");
        check(replayed.holes_checked <= static_cast<int>(detail.holes.size()), "a replay checked holes never recorded");
    }
    return replayed.holes_checked;
}

}  // namespace golf::fuzz
