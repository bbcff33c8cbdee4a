// golf play's full screen (screen_frame, declared in terminal_view.hpp, is drawn here): the table at the top (seats,
// layouts, piles, what is going on), then the move log (the latest sentences that fit), the scorecard and the chat,
// the moves with their keys, the keys' help, and how the room left is shared between the log, the scorecard and the
// chat.
#pragma once

#include <vector>

#include "cli/play/screen_line.hpp"
#include "cli/play/terminal_view.hpp"

namespace golf::cli {

// "what happened:" and the hole's sentences, oldest first (the caller keeps the latest that fit).
std::vector<screen_line> log_pane(const table_picture& picture, const screen_style& style, int width);
// Each move as its key, highlighted, and its words, as many to a line as fit; when that takes more than
// `most_lines`, the moves of a kind share one set of words ("f a1  f b1 ... turn one of your cards face up").
std::vector<screen_line> moves_pane(const std::vector<move_choice>& moves, int width, int most_lines);
// The keys (? and help), in place of everything but the prompt.
std::vector<screen_line> help_pane(const table_picture& picture, int width);

// A titled part of the screen that may be cut to fit: its first line is its title.
struct pane {
    std::vector<screen_line> lines;
    int rank = 0;             // which pane is served first (0 before 1)
    int least = 0;            // lines it gets before a pane of a later rank gets any
    bool keep_latest = true;  // cut from the top, after the title (a log, the chat), rather than from the bottom
};
// The panes cut to share `room` lines, top to bottom in the order given.
std::vector<screen_line> share_room(const std::vector<pane>& panes, int room);

}  // namespace golf::cli
