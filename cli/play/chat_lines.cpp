#include "cli/play/chat_lines.hpp"

#include <algorithm>

#include "cli/play/messages.hpp"

namespace golf::cli {

bool chat_lines::add(const v1::ChatLine& line) {
    std::string heard = std::to_string(line.unix_ms()) + "\n" + line.name() + "\n" + line.text();
    if (std::find(heard_.begin(), heard_.end(), heard) != heard_.end()) return false;
    heard_.push_back(std::move(heard));
    while (heard_.size() > heard_kept) heard_.pop_front();
    shown_.push_back(chat_text(line));
    while (shown_.size() > shown_kept) shown_.pop_front();
    return true;
}

// A guest's line is marked: anyone may take a guest's name, not an account's.
std::string chat_text(const v1::ChatLine& line) {
    if (line.registered()) return line.name() + ": " + line.text();
    return tr("terminal.chatGuest", {{"name", line.name()}, {"text", line.text()}});
}

}  // namespace golf::cli
