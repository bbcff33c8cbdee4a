// The table's chat as `golf play` keeps it: the latest lines to show, and the lines heard lately, so the recent
// chat a table sends again after a reconnect (ChatLine.earlier) is not shown twice.
#pragma once

#include <cstddef>
#include <deque>
#include <string>

#include "golf/v1/messages.pb.h"

namespace golf::cli {

class chat_lines {
public:
    static constexpr std::size_t shown_kept = 6;    // lines on the screen
    static constexpr std::size_t heard_kept = 100;  // a table sends back fewer than this

    // Takes a line; false when it was heard already (the same time, name and text).
    bool add(const v1::ChatLine& line);
    const std::deque<std::string>& shown() const { return shown_; }  // "name: text", oldest first

private:
    std::deque<std::string> shown_;
    std::deque<std::string> heard_;
};

// "name: text"
std::string chat_text(const v1::ChatLine& line);

}  // namespace golf::cli
