// Records back into the engine: the ruleset text parsed, each recorded hole replayed and checked against its
// record, the hand in play resumed, and the final totals and winner checked.
#include "persistence/match_replay.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

#include "engine/action_log.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::persistence {

namespace {

constexpr std::size_t max_ruleset_text = 64 * 1024;  // to_text writes about 2 KiB
constexpr std::size_t max_ruleset_lines = 1000;

std::string list(const std::vector<int>& values) {
    std::string out;
    for (const int v : values) {
        if (!out.empty()) out += ' ';
        out += std::to_string(v);
    }
    return out;
}

std::string list(const std::vector<std::optional<int>>& values) {
    std::string out;
    for (const auto& v : values) {
        if (!out.empty()) out += ' ';
        out += v ? std::to_string(*v) : "-";
    }
    return out;
}

std::string caller_text(std::optional<int> caller) { return caller ? "seat " + std::to_string(*caller) : "none"; }

// Names the first token the decoder refuses, so a damaged record says where it is damaged.
std::string unreadable_log(std::string_view text) {
    std::size_t index = 0;
    while (true) {
        const auto space = text.find(' ');
        const std::string_view token = text.substr(0, space);
        if (!decode_action_log(token) || token.empty()) {
            std::string shown(token.substr(0, 40));
            return "the action log is not readable at action " + std::to_string(index + 1) + " ('" + shown + "')";
        }
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
        ++index;
    }
    return "the action log is not readable";  // not reached: a log that decodes token by token decodes whole
}

// Applies `actions` to the hole in play; the hand must still be in play before each one. Whether the last one
// must end it is the caller's to check (a recorded hole must end, the hand in play may).
std::optional<std::string> play_actions(golf::match& m, const std::vector<logged_action>& actions,
                                        const std::string& where) {
    for (std::size_t i = 0; i < actions.size(); ++i) {
        const logged_action& entry = actions[i];
        if (!m.hole_in_play())
            return where + ": the hand ended after action " + std::to_string(i) + " of " +
                   std::to_string(actions.size());
        const action_error error = m.apply(entry.seat, entry.act);
        if (error != action_error::none)
            return where + ": action " + std::to_string(i + 1) + " (" + to_text(entry) +
                   ") was refused: " + std::string(to_string(error));
    }
    return std::nullopt;
}

// The record's seats must be numbered 0 to n - 1, and the ruleset must suit that many.
std::optional<std::string> check_seats(const ruleset& rules, const std::vector<seat_record>& seats) {
    if (seats.empty() || seats.size() > static_cast<std::size_t>(max_seats_limit)) {
        return "the record has " + std::to_string(seats.size()) + " seats";
    }
    for (std::size_t i = 0; i < seats.size(); ++i) {
        if (seats[i].seat != static_cast<int>(i)) {
            return "the record's seats are not numbered 0 to " + std::to_string(seats.size() - 1);
        }
    }
    const int players = static_cast<int>(seats.size());
    if (auto problem = golf::match::check(rules, players)) {
        return "the ruleset does not suit " + std::to_string(players) + " seats: " + *problem;
    }
    return std::nullopt;
}

// A hand as both a hole record and the hand in play keep it.
struct recorded_hand {
    int hole;
    int dealer;
    std::uint64_t seed;
    const std::string& actions;
};

// Deals hole `number` and plays the recorded hand's actions, after checking its number and dealer against the
// match. The actions played, or what is wrong (starting with `where`).
std::variant<std::size_t, std::string> play_hand(golf::match& m, int number, const std::string& where,
                                                 const recorded_hand& hand) {
    if (hand.hole != number) return where + ": the record numbers it " + std::to_string(hand.hole);
    if (m.over()) return where + ": the match was already over after hole " + std::to_string(number - 1);
    if (hand.dealer != m.next_dealer()) {
        return where + ": the record's dealer is " + std::to_string(hand.dealer) + " but the deal passes to seat " +
               std::to_string(m.next_dealer());
    }
    const auto actions = decode_action_log(hand.actions);
    if (!actions) return where + ": " + unreadable_log(hand.actions);
    m.start_hole(hand.seed);
    if (auto problem = play_actions(m, *actions, where)) return *problem;
    return actions->size();
}

// The hole the engine just finished against its record: each seat's score and running total, and the caller.
std::optional<std::string> check_played_hole(const golf::hole_record& played, const hole_record& record,
                                             std::size_t seat_count, const std::string& where) {
    if (record.hand_scores.size() != seat_count || record.running_totals.size() != seat_count) {
        return where + ": the record has scores or totals for a different number of seats";
    }
    for (std::size_t s = 0; s < seat_count; ++s) {
        if (played.scores[s] != record.hand_scores[s]) {
            return where + ": seat " + std::to_string(s) + " scores " + std::to_string(played.scores[s]) +
                   " in the replay but " + std::to_string(record.hand_scores[s]) + " in the record";
        }
    }
    for (std::size_t s = 0; s < seat_count; ++s) {
        if (played.totals[s] != record.running_totals[s]) {
            return where + ": seat " + std::to_string(s) + "'s total is " + std::to_string(played.totals[s]) +
                   " in the replay but " + std::to_string(record.running_totals[s]) + " in the record";
        }
    }
    const std::optional<int> caller = played.caller >= 0 ? std::optional<int>(played.caller) : std::nullopt;
    if (caller != record.caller) {
        return where + ": the caller is " + caller_text(caller) + " in the replay but " + caller_text(record.caller) +
               " in the record";
    }
    return std::nullopt;
}

// Replays every recorded hole in order, checking each against its record.
std::optional<std::string> replay_holes(golf::match& m, const std::vector<hole_record>& holes, int& holes_checked) {
    const auto seat_count = static_cast<std::size_t>(m.players());
    for (std::size_t index = 0; index < holes.size(); ++index) {
        const hole_record& record = holes[index];
        const int number = static_cast<int>(index) + 1;
        const std::string where = "hole " + std::to_string(number);
        auto played = play_hand(m, number, where, {record.hole, record.dealer, record.seed, record.actions});
        if (auto* problem = std::get_if<std::string>(&played)) return *problem;
        if (m.hole_in_play()) {
            return where + ": the hand is not over after its " + std::to_string(std::get<std::size_t>(played)) +
                   " actions";
        }
        if (auto problem = check_played_hole(m.holes().back(), record, seat_count, where)) return problem;
        ++holes_checked;
    }
    return std::nullopt;
}

// The record's final totals and winner against the replayed match (when the record has any final total).
std::optional<std::string> check_finals(const golf::match& m, const match_summary& summary) {
    const auto& finals = summary.final_totals;
    const bool has_finals = std::any_of(finals.begin(), finals.end(), [](const auto& t) { return t.has_value(); });
    if (!has_finals) return std::nullopt;
    const bool abandoned = summary.abandoned;
    // An abandoned match was given up before its end: its totals are those of the holes played.
    if (!abandoned && !m.over()) {
        return "the record says the match ended, but after " + std::to_string(m.holes().size()) +
               " holes the replayed match is not over";
    }
    if (abandoned && m.over()) {
        return "the record says the match was abandoned, but after " + std::to_string(m.holes().size()) +
               " holes the replayed match is over";
    }
    std::vector<std::optional<int>> expected(m.totals().begin(), m.totals().end());
    if (finals != expected) {
        return "the final totals are " + list(m.totals()) + " in the replay but " + list(finals) + " in the record";
    }
    const auto winners = m.winners();
    const std::optional<int> winner =
        !abandoned && winners.size() == 1 ? std::optional<int>(winners.front()) : std::nullopt;
    if (winner != summary.winner_seat) {
        const std::string none = abandoned ? "none" : "shared";
        return "the winner is " + (winner ? "seat " + std::to_string(*winner) : none) + " in the replay but " +
               (summary.winner_seat ? "seat " + std::to_string(*summary.winner_seat) : none) + " in the record";
    }
    return std::nullopt;
}

}  // namespace

std::variant<ruleset, std::string> parse_ruleset_text(std::string_view text) {
    if (text.size() > max_ruleset_text)
        return "the ruleset text is " + std::to_string(text.size()) + " bytes, more than any ruleset needs";
    ruleset rules;
    std::set<std::string, std::less<>> seen;
    std::size_t number = 0;
    while (!text.empty()) {
        ++number;
        if (number > max_ruleset_lines) return std::string("the ruleset text has too many lines");
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty()) continue;
        const std::string where = "ruleset line " + std::to_string(number) + ": ";
        const auto equals = line.find('=');
        if (equals == std::string_view::npos)
            return where + "expected OPTION=VALUE (got '" + std::string(line.substr(0, 80)) + "')";
        const std::string_view name = line.substr(0, equals);
        if (seen.contains(name)) return where + std::string(name) + " is set twice";
        if (auto problem = set_option(rules, line)) return where + *problem;
        seen.emplace(name);
    }
    if (auto problem = validate(rules)) return "the ruleset is not playable: " + *problem;
    return rules;
}

replayed_match replay_match(const match_detail& detail) {
    replayed_match out;
    auto parsed = parse_ruleset_text(detail.summary.ruleset);
    if (auto* problem = std::get_if<std::string>(&parsed)) {
        out.problem = *problem;
        return out;
    }
    out.rules = std::make_shared<const ruleset>(std::get<ruleset>(std::move(parsed)));
    if (auto problem = check_seats(*out.rules, detail.summary.seats)) {
        out.problem = *problem;
        return out;
    }
    const int players = static_cast<int>(detail.summary.seats.size());

    // The first hole's dealer is the match's first dealer; after it the engine's rotation decides.
    int first_dealer = 0;
    if (!detail.holes.empty()) {
        first_dealer = detail.holes.front().dealer;
    } else if (detail.in_play) {
        first_dealer = detail.in_play->dealer;
    }
    if (first_dealer < 0 || first_dealer >= players) {
        out.problem = "hole 1: dealer " + std::to_string(first_dealer) + " is not a seat";
        return out;
    }
    golf::match& m = out.match.emplace(out.rules, players, first_dealer);
    if (auto problem = replay_holes(m, detail.holes, out.holes_checked)) {
        out.problem = *problem;
        return out;
    }

    // The hand in play resumes as the current hand. Its log may already end the hand: the server records progress
    // before the hole, so a stop between the two leaves a finished hand here; it then counts as played (it is in
    // match->holes()) though there is no record to check it against, and the caller can record it.
    if (detail.in_play) {
        const hand_progress& progress = *detail.in_play;
        const int number = static_cast<int>(detail.holes.size()) + 1;
        const std::string where = "the hand in play (hole " + std::to_string(number) + ")";
        auto played = play_hand(m, number, where, {progress.hole, progress.dealer, progress.seed, progress.actions});
        if (auto* problem = std::get_if<std::string>(&played)) {
            out.problem = *problem;
            return out;
        }
    }
    if (auto problem = check_finals(m, detail.summary)) out.problem = *problem;
    return out;
}

hole_record to_hole_record(match_id match, int number, const golf::hole_record& hole) {
    hole_record record;
    record.match = match;
    record.hole = number;
    record.seed = hole.seed;
    record.dealer = hole.dealer;
    if (hole.caller >= 0) record.caller = hole.caller;
    record.hand_scores = hole.scores;
    record.running_totals = hole.totals;
    record.actions = encode_action_log(hole.actions);
    return record;
}

}  // namespace golf::persistence
