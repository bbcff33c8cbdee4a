// golf: the command-line tool. main() only dispatches: it finds the command, answers --help, and turns a
// usage_error into one line on stderr with exit status 2, so no bad input ends in a crash.
#include <array>
#include <exception>
#include <iostream>
#include <span>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"

namespace {

using namespace golf::cli;

struct command {
    std::string_view name;
    std::string_view summary;
    std::string_view (*usage)();
    int (*run)(std::span<const std::string_view>);
};

constexpr std::array commands{
    command{"rules", "list the presets, show a ruleset (with house rules), or list every option", rules_usage,
            run_rules},
    command{"score", "score final layouts under a ruleset", score_usage, run_score},
    command{"simulate", "play bots against each other and report scores and speed", simulate_usage, run_simulate},
    command{"arena", "play named bots against each other: mean scores with intervals, wins, decision times",
            arena_usage, run_arena},
#ifdef GOLF_HAVE_CLIENT
    command{"bot", "play on a golf-server: create or join a table and play its matches", bot_usage, run_bot},
    command{"deal", "re-derive a hand's deal and commitment from its revealed seed", deal_usage, run_deal},
    command{"play", "sit at a table on a golf-server from a terminal", play_usage, run_play},
    command{"load", "load a golf-server with many tables of bots and measure latency", load_usage, run_load},
    command{"tournament", "tournaments on a golf-server: list, show, create, join, start, pause, cancel",
            tournament_usage, run_tournament},
#endif
#ifdef GOLF_HAVE_PERSISTENCE
    command{"replay", "re-play a recorded match (database or match file) and check every hole", replay_usage,
            run_replay},
    command{"export", "write a recorded match as a portable plain-text match record", export_usage, run_export},
    command{"ratings", "recompute the ratings from the recorded matches: rebuild, or --check", ratings_usage,
            run_ratings},
    command{"admin", "roles and sanctions: make the first owner, mute, ban, lift, and read the log", admin_usage,
            run_admin},
    command{"backup", "copy a golf-server database while the server runs (SQLite or PostgreSQL)", backup_usage,
            run_backup},
    command{"restore", "put a backup back: checked first, the old database kept beside", restore_usage, run_restore},
#endif
};

void print_usage(std::ostream& out) {
    out << "usage: golf COMMAND [ARGS...]\n\ncommands:\n";
    for (const command& c : commands) {
        out << "  " << c.name << std::string(12 - c.name.size(), ' ') << c.summary << '\n';
    }
    out << "  help        show this message, or a command's usage (golf help COMMAND)\n"
           "\nRun 'golf COMMAND --help' for a command's options.\n"
           "Exit status: 0 success, 1 the run failed, 2 bad input.\n";
}

const command* find_command(std::string_view name) {
    for (const command& c : commands)
        if (c.name == name) return &c;
    return nullptr;
}

bool is_help(std::string_view word) { return word == "--help" || word == "-h"; }

int fail(std::string_view context, std::string_view message, int status) {
    std::cerr << context << ": " << message << '\n';
    return status;
}

int dispatch(std::span<const std::string_view> words) {
    if (words.empty()) return fail("golf", "missing command (see golf --help)", exit_bad_input);
    const std::string_view name = words.front();
    if (is_help(name) || name == "help") {
        if (words.size() == 1) {
            print_usage(std::cout);
            return exit_ok;
        }
        const command* c = find_command(words[1]);
        if (!c || words.size() > 2)
            return fail("golf help", "unknown command '" + std::string(words[1]) + "' (see golf --help)",
                        exit_bad_input);
        std::cout << c->usage();
        return exit_ok;
    }
    const command* c = find_command(name);
    if (!c) {
        const std::string what = is_flag(name) ? "unknown option '" : "unknown command '";
        return fail("golf", what + std::string(name) + "' (see golf --help)", exit_bad_input);
    }
    const auto rest = words.subspan(1);
    for (const std::string_view word : rest) {
        if (is_help(word)) {
            std::cout << c->usage();
            return exit_ok;
        }
    }
    const std::string context = "golf " + std::string(c->name);
    try {
        return c->run(rest);
    } catch (const usage_error& e) {
        return fail(context, std::string(e.what()) + " (see " + context + " --help)", exit_bad_input);
    }
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::vector<std::string_view> words(argv + 1, argv + argc);
        const int status = dispatch(words);
        std::cout.flush();
        return std::cout ? status : fail("golf", "could not write the output", exit_failure);
    } catch (const std::exception& e) {
        return fail("golf", std::string("internal error: ") + e.what(), exit_failure);
    }
}
