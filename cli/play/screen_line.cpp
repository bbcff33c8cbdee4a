#include "cli/play/screen_line.hpp"

#include <algorithm>
#include <utility>

namespace golf::cli {

namespace {

constexpr std::string_view reset = "\x1b[0m";

bool starts_character(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

}  // namespace

void screen_line::add(std::string_view visible, std::string_view style) {
    if (!style.empty()) text += style;
    text += visible;
    if (!style.empty()) text += reset;
    width += static_cast<int>(std::count_if(visible.begin(), visible.end(), starts_character));
}

void screen_line::pad_to(int column) {
    if (width < column) {
        text.append(static_cast<std::size_t>(column - width), ' ');
        width = column;
    }
}

std::string clip(const std::string& text, std::size_t width) {
    std::size_t columns = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!starts_character(text[i])) continue;
        if (++columns == width && i + 1 < text.size() &&
            std::count_if(text.begin() + static_cast<std::ptrdiff_t>(i) + 1, text.end(), starts_character) > 0)
            return text.substr(0, i) + "~";
    }
    return text;
}

void add_wrapped(std::vector<screen_line>& out, const std::string& text, int width, std::string_view style,
                 const std::string& indent) {
    const int w = std::max(width, 10);
    std::string line;
    int used = 0;
    std::size_t last_space = std::string::npos;  // in `line`
    int used_at_space = 0;
    bool first = true;
    const auto flush = [&](const std::string& part) {
        screen_line l;
        l.add(part, style);
        l.continues = !std::exchange(first, false);
        out.push_back(l);
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const bool starts_char = (c & 0xC0) != 0x80;
        if (starts_char && used == w) {
            if (last_space != std::string::npos && last_space > indent.size()) {
                flush(line.substr(0, last_space));
                line = indent + line.substr(last_space + 1);
                used = static_cast<int>(indent.size()) + used - used_at_space - 1;
            } else {
                flush(line);
                line = indent;
                used = static_cast<int>(indent.size());
            }
            last_space = std::string::npos;
        }
        if (c == ' ') {
            last_space = line.size();
            used_at_space = used;
        }
        line += text[i];
        if (starts_char) ++used;
    }
    flush(line);
}

}  // namespace golf::cli
