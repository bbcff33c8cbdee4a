// A line of `golf play`'s full screen: ANSI text and its visible width in columns (UTF-8 code points), and the
// ways a line is cut to the screen's width.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace golf::cli {

struct screen_line {
    std::string text;
    int width = 0;
    bool continues = false;  // the rest of the line above, wrapped (a pane cut to fit does not start with it)

    void add(std::string_view visible, std::string_view style = {});
    void pad_to(int column);
};

// `text` cut to `width` columns, a "~" marking the cut.
std::string clip(const std::string& text, std::size_t width);
// `text` in lines of at most `width` columns, broken between words where it can (never inside a UTF-8 character);
// lines after the first start with `indent`.
void add_wrapped(std::vector<screen_line>& out, const std::string& text, int width, std::string_view style = {},
                 const std::string& indent = {});

}  // namespace golf::cli
