// The move log's words: TableEvents (proto/golf/v1/game.proto) turned into sentences for one reader, as
// docs/move-log.md says, so `golf play` tells a hole as the web table does: in the reader's point of view ("You",
// "your top-left card", "Bob's middle card"), with real card names, a turn's draw and what followed in one sentence
// ("Bob drew from the stock and threw away the Q♦"). A card is named only where the event carries it, and under the
// peeks_shown_once rule a card only the reader saw is left out of the log (it is shown once, as a glimpse).
// Pure functions: events and what the reader knows of the table in, sentences out.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "golf/v1/messages.pb.h"
#include "words/names.hpp"

namespace golf::cli {

using namespace golf::words;  // the terminal speaks the players' words (words/names.hpp)

// Who reads the log and what the sentences need to know of the table.
struct log_reader {
    int me = -1;                         // the reader's seat; -1 watching
    std::vector<std::string> names;      // by seat
    std::vector<layout_shape> shapes;    // by seat, for the names of places
    layout_shape usual{};                // a seat's layout when `shapes` does not say
    const v1::Ruleset* rules = nullptr;  // what each card's power is
    bool memory = false;                 // peeks_shown_once: cards only the reader saw stay out of the log
    bool utf8 = true;
};
// The reader of `update` (its seat, names, layouts) under the table's rules.
log_reader reader_for(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8);

// A sentence and the events it tells (a turn's draw, place and discard make one).
struct log_line {
    std::uint32_t hole = 0;
    std::uint32_t first = 0;  // the index of its first event in the hole's log
    std::uint32_t last = 0;
    std::string text;
};

// The sentences of `events` (one hole's, oldest first).
std::vector<log_line> log_lines(std::span<const v1::TableEvent> events, const log_reader& reader);
// The sentences of an update's own events, for its own reader.
std::vector<std::string> event_sentences(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8);
// Under peeks_shown_once, the cards these events show the reader alone, in sentences to be read once
// ("You looked at your top-left card: 7♣."); nothing otherwise.
std::vector<std::string> glimpses(std::span<const v1::TableEvent> events, const log_reader& reader);

}  // namespace golf::cli
