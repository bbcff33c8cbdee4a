// One description of a move, in the words players read: "put the 7♣ in place of your top-left card". The terminal
// labels the moves it offers with it, and the server's notes say what a player did with it ("Ann: put the card in
// place of their top-left card"). Nothing here can name a card the reader's view does not show.
#pragma once

#include <functional>
#include <string>

#include "golf/v1/messages.pb.h"
#include "words/names.hpp"

namespace golf::words {

// What the words may know of the table, from their reader's point of view.
struct action_scene {
    int reader = -1;                            // whose cards are "your" (-1: nobody's, as in a note every seat reads)
    int actor = -1;                             // whose move it is: their cards are "your" to the reader, else "their"
    std::function<std::string(int)> seat_name;  // "Ann"
    std::function<layout_shape(int)> shape;     // a seat's layout, to name its places
    const v1::HandView* hand = nullptr;  // the reader's view: the cards and the phase it may name; null names none
    const v1::Ruleset* rules = nullptr;  // to say what a card's power does
    bool utf8 = true;                    // card names with suit symbols
};

// The scene of a client's own update: the reader is the viewer and every move offered is theirs.
action_scene scene_of(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8);

// The move, as its scene's reader reads it. A move of a kind it does not know is "move N".
std::string action_words(const v1::Action& a, const action_scene& scene);

}  // namespace golf::words
