// What `golf play` shows: a table as the server sent it (TableUpdate), drawn either as a full-screen ANSI frame
// for a terminal or as plain lines for pipes and scripts. Everything here is a pure function of what the client
// knows, so both forms carry the same information and nothing is drawn that the update does not hold.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/play/chat_lines.hpp"
#include "cli/play/move_choices.hpp"
#include "cli/play/move_log.hpp"
#include "golf/v1/messages.pb.h"
#include "words/names.hpp"

namespace golf::cli {

using namespace golf::words;  // the terminal speaks the players' words (words/names.hpp)

// Everything the client knows about its table, as the drawing functions need it.
struct table_picture {
    std::string url;
    std::string preset;
    std::optional<v1::Ruleset> rules;  // the table's rules (TableJoined), for what a power card does
    int seat = -1;                     // -1: watching
    std::optional<v1::TableUpdate> update;
    std::chrono::steady_clock::time_point update_at;  // when `update` arrived (for the clock's countdown)
    chat_lines chat;                                  // the latest lines
    std::string notice;                               // the latest error or event, shown until replaced
    std::string input;                                // what the user has typed so far (screen only)
    move_log log;                                     // the hole's events (the log pane)
    std::vector<std::string> glimpses;                // peeks_shown_once: cards shown to you once, until your next move
    bool help = false;                                // the keys are shown (screen only), until Enter
    bool utf8 = true;                                 // suit symbols and box characters
};

bool is_host(const table_picture& picture);
bool all_seats_filled(const v1::TableUpdate& update);

// The legal moves of the picture's update, named as the picture's terminal can show them.
std::vector<move_choice> picture_moves(const table_picture& picture);

// The one-line prompt for what the user can do now, without the "> " (e.g. "move? 1-3 or a key (? for the keys, ...").
std::string prompt_line(const table_picture& picture);

// Between holes: "next hole in 0:12, still reading: Bob (n when you are ready)"; empty otherwise.
std::string next_hole_line(const table_picture& picture);

// A position, its card named as in the move log ("Q♦", "10♣", "joker"); "##" unknown, "(5♣)" face down but known
// to you, "--" empty.
std::string plain_card(const v1::Position& position, bool utf8 = true);

// Plain lines: the table after an update (seats, layouts, piles, held card, turn, the power in use, the claim
// window and who won the last claim, final round, clock, a finished hole's scores, the scorecard at the end).
std::string plain_table(const table_picture& picture);
// Plain lines: the scorecard, hole by hole, with totals (and winners once the match is over).
std::string plain_scorecard(const v1::TableUpdate& update, bool utf8 = true);
// Plain lines: the numbered moves, each with its key ("  1. draw from the stock  [d]").
std::string plain_moves(const std::vector<move_choice>& moves);
// Plain lines: the move log's sentences for events new to the picture's log ("log: Bob drew from the stock.").
std::string plain_log(const table_picture& picture, std::span<const v1::TableEvent> fresh);
// Plain lines: the keys (? and help).
std::string plain_help(const table_picture& picture);

struct screen_style {
    int width = 80;
    int height = 24;
    bool utf8 = true;  // suit symbols and box characters
};
// The whole screen as one string of ANSI sequences: home, every line cleared to its end, the input line last
// (drawn by screen_panes.cpp).
std::string screen_frame(const table_picture& picture, const screen_style& style);

}  // namespace golf::cli
