// fuzz_score_layout: the layout text of `golf score` (cli/layout_parser.hpp), then the whole `golf score` command
// on the same words with its output thrown away. A refusal must be a usage_error with a message (exit status 2);
// anything else escaping, or a crash, is a bug. A layout the parser accepts has exactly rows x cols cells, or more
// rows up to the ruleset's extra_rows.
//
// Input: byte 0 the preset, byte 1 the caller (255: none), byte 2 bit 0 for --json; the rest is text lines:
// "set NAME=VALUE" adds a house rule, any other line is one layout.
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/layout_parser.hpp"
#include "engine/presets.hpp"
#include "fuzz/harness.hpp"

namespace golf::fuzz {

namespace {

constexpr std::size_t max_layouts = 20;  // beyond golf score's own limit, so the limit is exercised

// std::cout goes nowhere while a command runs.
class muted_output {
public:
    muted_output() : saved_(std::cout.rdbuf(sink_.rdbuf())) {}
    ~muted_output() { std::cout.rdbuf(saved_); }
    muted_output(const muted_output&) = delete;
    muted_output& operator=(const muted_output&) = delete;

private:
    std::ostringstream sink_;
    std::streambuf* saved_;
};

}  // namespace

int score_layout(bytes input) {
    reset_random(input.size());
    if (input.size() < 3) return 0;
    const preset& base = presets()[input[0] % presets().size()];
    const std::string_view text(reinterpret_cast<const char*>(input.data() + 3), input.size() - 3);

    std::vector<std::string> sets, layouts;
    for (std::size_t at = 0; at <= text.size() && layouts.size() < max_layouts;) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (line.substr(0, 4) == "set ") sets.emplace_back(line.substr(4));
        else layouts.emplace_back(line);
    }

    // The parser alone, against the preset's own shape.
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        try {
            const layout_cells cells = cli::parse_layout(base.rules, static_cast<int>(i + 1), layouts[i]);
            const auto cols = static_cast<std::size_t>(base.rules.cols);
            check(cols > 0 && cells.size() % cols == 0, "a parsed layout is not whole rows");
            const auto rows = static_cast<int>(cells.size() / cols);
            check(rows >= base.rules.rows && rows <= base.rules.rows + base.rules.extra_rows,
                  "a parsed layout has a row count the ruleset does not allow");
        } catch (const cli::usage_error& e) {
            check(std::string_view(e.what()).substr(0, 7) == "layout ", "a layout refusal does not name the layout");
        }
    }

    // The whole command.
    std::vector<std::string> words{"--rules", std::string(base.name)};
    for (const std::string& s : sets) {
        words.emplace_back("--set");
        words.push_back(s);
    }
    if (input[1] != 255) {
        words.emplace_back("--caller");
        words.push_back(std::to_string(static_cast<int>(input[1]) - 8));
    }
    if (input[2] & 1) words.emplace_back("--json");
    for (const std::string& l : layouts) words.push_back(l);
    const std::vector<std::string_view> views(words.begin(), words.end());
    try {
        muted_output quiet;
        check(cli::run_score(views) == cli::exit_ok, "golf score failed without saying why");
    } catch (const cli::usage_error& e) {
        check(*e.what() != '\0', "golf score refused input without a message");
        return 0;
    }
    return static_cast<int>(layouts.size());
}

}  // namespace golf::fuzz
