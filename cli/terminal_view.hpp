// What `golf play` shows: a table as the server sent it (TableUpdate), drawn either as a full-screen ANSI frame
// for a terminal or as plain lines for pipes and scripts. Everything here is a pure function of what the client
// knows, so both forms carry the same information and nothing is drawn that the update does not hold.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "golf/v1/messages.pb.h"

namespace golf::cli {

// One numbered entry of the move prompt: a legal move from the update's HandView, with its words.
struct move_choice {
    v1::Action action;
    std::string label;  // e.g. "place the held 9C at r1c2 (replacing ##)"
};

// Everything the client knows about its table, as the drawing functions need it.
struct table_picture {
    std::string url;
    std::string preset;
    std::optional<v1::Ruleset> rules;  // the table's rules (TableJoined), for what a power card does
    int seat = -1;  // -1: watching
    std::optional<v1::TableUpdate> update;
    std::chrono::steady_clock::time_point update_at;  // when `update` arrived (for the clock's countdown)
    std::deque<std::string> chat;                      // the latest lines, "name: text"
    std::string notice;                                // the latest error or event, shown until replaced
    std::string input;                                 // what the user has typed so far (screen only)
};

inline constexpr std::size_t chat_lines_kept = 6;

// The legal moves of the seat's own view, in the order the server listed them. With the table's rules, a
// USE_POWER move says what the card's power does.
std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules = nullptr);

// What a power does, in a few words ("look at another player's card").
std::string power_text(v1::PowerKind kind);

bool is_host(const table_picture& picture);
bool all_seats_filled(const v1::TableUpdate& update);

// The one-line prompt for what the user can do now, without the "> " (e.g. "move? 1-3 (c TEXT to chat, q to quit)").
std::string prompt_line(const table_picture& picture);

// Cards in the engine's text form ("QS", "TD", "X"); "##" unknown, "(5C)" face down but known to you, "--" empty.
std::string plain_card(const v1::Position& position);

// Plain lines: the table after an update (seats, layouts, piles, held card, turn, the power in use, the claim
// window and who won the last claim, final round, clock, a finished hole's scores, the scorecard at the end).
std::string plain_table(const table_picture& picture);
// Plain lines: the scorecard, hole by hole, with totals (and winners once the match is over).
std::string plain_scorecard(const v1::TableUpdate& update);
// Plain lines: the numbered moves.
std::string plain_moves(const std::vector<move_choice>& moves);

struct screen_style {
    int width = 80;
    int height = 24;
    bool utf8 = true;  // suit symbols and box characters
};
// The whole screen as one string of ANSI sequences: home, every line cleared to its end, the input line last.
std::string screen_frame(const table_picture& picture, const screen_style& style);

}  // namespace golf::cli
