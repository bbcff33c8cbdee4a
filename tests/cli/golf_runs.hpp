// Running the real `golf` binary (GOLF_CLI_PATH) as a user does, for the CLI tests: its exit status, stdout and
// stderr, a JSON answer read, and bad input checked (exit 2, nothing on stdout, one line on stderr).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/cli/json_reader.hpp"
#include "tests/support/child_process.hpp"

namespace golf::test {

struct run_result {
    int status = -1;  // the exit status (128 + the signal when killed), or -1 when it did not end within the bound
    std::string out;
    std::string err;
};

// Runs golf with `args`, its stdin closed, for at most a minute.
inline run_result run(const std::vector<std::string>& args) {
    std::vector<std::string> argv{GOLF_CLI_PATH};
    argv.insert(argv.end(), args.begin(), args.end());
    testing::child_process golf(argv);
    golf.close_stdin();
    const std::optional<int> status = golf.wait_exit(std::chrono::seconds(60));
    return {status.value_or(-1), golf.out(), golf.err()};
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

inline int count_lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

// A run that must succeed with one compact JSON document on stdout and nothing on stderr.
inline json_value run_json(const std::vector<std::string>& args) {
    const run_result r = run(args);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(count_lines(r.out), 1);
    return json_reader::parse(r.out);
}

// Exit `status`, nothing on stdout, one line on stderr that contains every one of `parts` (and starts with
// `starts`, when given).
inline void expect_error_line(const std::vector<std::string>& args, int status, const std::vector<std::string>& parts,
                              std::string_view starts = {}) {
    std::string shown;
    for (const std::string& arg : args) shown += " '" + arg + "'";
    SCOPED_TRACE("golf" + shown);
    const run_result r = run(args);
    EXPECT_EQ(r.status, status);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    if (!starts.empty()) {
        EXPECT_TRUE(r.err.starts_with(starts)) << r.err;
    }
    for (const std::string& part : parts) EXPECT_TRUE(contains(r.err, part)) << "'" << part << "' not in: " << r.err;
}

// Bad input: exit 2 (see expect_error_line).
inline void expect_bad_input(const std::vector<std::string>& args, const std::vector<std::string>& parts,
                             std::string_view starts = {}) {
    expect_error_line(args, 2, parts, starts);
}

}  // namespace golf::test
