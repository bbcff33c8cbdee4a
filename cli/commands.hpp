// The `golf` tool's commands and what they share: reading flags, checking numbers in full, and choosing a
// ruleset from a preset plus house rules. Bad input of any kind throws usage_error, which main() turns into
// one line on stderr and exit status 2; a command returns its own status otherwise.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/presets.hpp"
#include "engine/ruleset.hpp"

namespace golf::persistence {
class match_store;
}

namespace golf::cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_failure = 1;    // the run itself went wrong (e.g. a hand that never ends)
inline constexpr int exit_bad_input = 2;  // the command line asked for something that can't be done

// A problem with the command line, said in one line that names it.
struct usage_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The run itself failed (an unreachable server, an unreadable database, a record that does not replay): exit 1.
struct run_failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline constexpr int max_hands = 100'000'000;         // --hands of golf simulate and golf arena
inline constexpr int max_actions_per_hand = 100'000;  // far above any real hand: more means a hand that never ends

// A rate for the report, never a division by zero.
inline double per_second(std::int64_t count, double seconds) {
    return static_cast<double>(count) / (seconds > 1e-9 ? seconds : 1e-9);
}

// Names come from players; control characters would reach the terminal as they are: each becomes '?'.
std::string printable(std::string_view text);

// Each command gets the words after its name; `--help` never reaches it.
int run_rules(std::span<const std::string_view> words);
int run_score(std::span<const std::string_view> words);
int run_simulate(std::span<const std::string_view> words);
int run_arena(std::span<const std::string_view> words);
int run_tournament_arena(std::span<const std::string_view> words);  // golf arena --tournaments
int run_bot(std::span<const std::string_view> words);
// Only with the client library (GOLF_HAVE_CLIENT), as bot; SHA-256 comes from golf_server_common.
int run_deal(std::span<const std::string_view> words);
int run_play(std::span<const std::string_view> words);  // only with the client library (GOLF_HAVE_CLIENT)
int run_load(std::span<const std::string_view> words);
int run_tournament_load(
    std::span<const std::string_view>
        words);  // golf load --tournament (load/tournament_load.cpp)        // only with the client library (GOLF_HAVE_CLIENT)
int run_tournament(std::span<const std::string_view> words);  // only with the client library (GOLF_HAVE_CLIENT)
int run_replay(std::span<const std::string_view> words);  // only with the persistence library (GOLF_HAVE_PERSISTENCE)
int run_export(std::span<const std::string_view> words);  // only with the persistence library (GOLF_HAVE_PERSISTENCE)
// Only with the persistence library (GOLF_HAVE_PERSISTENCE), as replay.
int run_ratings(std::span<const std::string_view> words);
int run_admin(std::span<const std::string_view> words);    // only with the persistence library, as replay
int run_backup(std::span<const std::string_view> words);   // only with the persistence library, as replay
int run_restore(std::span<const std::string_view> words);  // only with the persistence library, as replay
// The store logs through spdlog, whose default logger writes to stdout, a command's output: its notes go to stderr,
// warnings and up (golf replay, export and ratings; replay_command.cpp).
void quiet_store_logs();
// An existing database, opened for a command (a mistyped path never becomes a new, empty database); throws
// run_failure with a sentence when it cannot be opened (ratings_command.cpp).
std::shared_ptr<persistence::match_store> open_existing_database(const std::string& db, bool read_only);

std::string_view rules_usage();
std::string_view score_usage();
std::string_view simulate_usage();
std::string_view arena_usage();
std::string_view bot_usage();
std::string_view deal_usage();
std::string_view play_usage();
std::string_view load_usage();
std::string_view tournament_usage();
std::string_view replay_usage();
std::string_view export_usage();
std::string_view ratings_usage();
std::string_view admin_usage();
std::string_view backup_usage();
std::string_view restore_usage();

// "--name", "--name=value" or "-x"; "--" alone or "-- 5C" is an empty layout position, not a flag.
bool is_flag(std::string_view word);

// Walks a command's words from left to right. Flags take values as "--name value" or "--name=value".
class command_line {
public:
    explicit command_line(std::span<const std::string_view> words) : words_(words) {}

    // Moves to the next word; false when there are none left.
    bool next();
    bool is_flag() const { return flag_; }
    // The current word, or for a flag its name without any "=value".
    std::string_view word() const { return word_; }
    // The current flag's value, from after '=' or the next word; throws when there is none.
    std::string_view value();
    // For switches such as --json: throws if given "=value".
    void expect_no_value() const;
    // A flag that takes no value: checks there is none, and returns true for the setting it turns on.
    bool switch_on() const {
        expect_no_value();
        return true;
    }
    [[noreturn]] void unknown_flag() const;

private:
    std::span<const std::string_view> words_;
    std::size_t next_ = 0;
    std::string_view word_;
    std::optional<std::string_view> inline_value_;
    bool flag_ = false;
};

// Whole-text integers: "--players: expected an integer (got 'x')", or out of [min, max].
int parse_int(std::string_view what, std::string_view text, int min, int max);
std::uint64_t parse_uint64(std::string_view what, std::string_view text);

// A preset by name; throws naming the known presets when there is none.
const preset& find_preset_or_throw(std::string_view name);

// `golf bot` and `golf play` (built with the client library): the checked --url, and exactly one of --create
// and --join.
std::string server_url_or_throw(std::optional<std::string_view> url);
// `golf bot`, `golf play` and `golf load`: the CA file for a wss:// server, from --ca-file or else GOLF_CA_FILE
// ("" for none); --ca-file with a ws:// URL is a usage error.
std::string ca_file_or_throw(std::optional<std::string_view> flag, std::string_view url);
void create_or_join_or_throw(bool create, bool join);
// `golf bot`, `golf play` and `golf load`: a bot level make_bot knows (random, heuristic, easy, medium, hard,
// search:N); for any other, throws naming them and `flag`.
std::string bot_level_or_throw(std::string_view flag, std::string_view name);

// A preset's rules with `--set NAME=VALUE` house rules applied in order, then validated.
ruleset rules_with_house_rules(const preset& base, std::span<const std::string> assignments);

}  // namespace golf::cli
