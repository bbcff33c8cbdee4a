#include "cli/layout_parser.hpp"

#include <cctype>
#include <string>
#include <vector>

#include "engine/card.hpp"

namespace golf::cli {

namespace {

std::vector<std::string_view> split_rows(std::string_view text) {
    std::vector<std::string_view> rows;
    for (;;) {
        const auto slash = text.find('/');
        rows.push_back(text.substr(0, slash));
        if (slash == std::string_view::npos) return rows;
        text.remove_prefix(slash + 1);
    }
}

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && space(text[i])) ++i;
        const std::size_t start = i;
        while (i < text.size() && !space(text[i])) ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

}  // namespace

// "KH 5C QH / KS 2D 3S": rows top to bottom, "--" an empty position. `number` counts layouts from 1.
layout_cells parse_layout(const ruleset& rules, int number, std::string_view text) {
    const std::string where = "layout " + std::to_string(number) + ": ";
    std::vector<std::vector<std::string_view>> rows;
    for (const std::string_view row : split_rows(text)) rows.push_back(split_words(row));

    layout_cells cells;
    for (const auto& row : rows) {
        for (const std::string_view word : row) {
            if (word == "--") {
                cells.emplace_back(std::nullopt);
            } else if (const auto c = parse_card(word)) {
                cells.emplace_back(*c);
            } else {
                throw usage_error(where + "'" + std::string(word) + "' is not a card");
            }
        }
    }
    const std::string expected = "expected " + std::to_string(rules.rows) + " row" + (rules.rows == 1 ? "" : "s") +
                                 " of " + std::to_string(rules.cols) + " card" + (rules.cols == 1 ? "" : "s");
    // A layout that gained cards (extra_rows) may have up to that many more rows.
    const int row_count = static_cast<int>(rows.size());
    if (row_count < rules.rows || row_count > rules.rows + rules.extra_rows)
        throw usage_error(where + expected +
                          (rules.extra_rows > 0 ? " (up to " + std::to_string(rules.rows + rules.extra_rows) + " rows)"
                                                : std::string()) +
                          " separated by '/', got " + std::to_string(rows.size()) + " row" +
                          (rows.size() == 1 ? "" : "s"));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (static_cast<int>(rows[r].size()) != rules.cols)
            throw usage_error(where + expected + ", row " + std::to_string(r + 1) + " has " +
                              std::to_string(rows[r].size()));
    }
    return cells;
}

}  // namespace golf::cli
