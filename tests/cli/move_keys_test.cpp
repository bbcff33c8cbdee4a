// The keys of `golf play` (cli/play/move_keys.cpp, cli/play/move_choices.cpp): each move's key comes from the move
// itself, so the same move has the same key on two different turns whatever else is legal; keys are found by what the
// player types (spaces, case, the two cards of a swap in either order, or the move's number); the help lists them. Then
// self-play over every preset checks that the legal moves of every view have different keys, and that every engine
// event becomes a sentence for every reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cli/play/event_text.hpp"
#include "cli/play/move_choices.hpp"
#include "cli/play/move_keys.hpp"
#include "cli/play/terminal_view.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"

namespace golf::cli {
namespace {

v1::Action act(v1::ActionKind kind, std::uint32_t position = 0, std::uint32_t other = 0, std::uint32_t target = 0,
               std::uint32_t other_seat = 0) {
    v1::Action a;
    a.set_kind(kind);
    a.set_position(position);
    a.set_other(other);
    a.set_target_seat(target);
    a.set_other_seat(other_seat);
    return a;
}

// Seats 0 (Ann), 1 (Bob) and 2 (Cy) with 2x3 layouts, viewed by `viewer`, who may make `legal`.
v1::TableUpdate turn(int viewer, v1::Phase phase, const std::vector<v1::Action>& legal) {
    v1::TableUpdate u;
    u.set_state(v1::TABLE_STATE_PLAYING);
    u.set_your_seat(viewer);
    v1::HandView& hand = *u.mutable_hand();
    hand.set_viewer(viewer);
    hand.set_phase(phase);
    hand.set_rows(2);
    hand.set_cols(3);
    for (const char* name : {"Ann", "Bob", "Cy"}) {
        v1::SeatInfo& seat = *u.add_seats();
        seat.set_occupied(true);
        seat.set_name(name);
        v1::SeatLayout& layout = *hand.add_seats();
        for (int i = 0; i < 6; ++i) layout.add_positions();
    }
    for (const v1::Action& a : legal) *hand.add_legal() = a;
    return u;
}

// What ? shows `viewer`, one line after another.
std::string help_for(int viewer) {
    const v1::TableUpdate u = turn(viewer, v1::PHASE_TURN, {});
    std::string help;
    for (const std::string& line : key_help(&u.hand())) help += line + "\n";
    return help;
}

std::string key_of(int viewer, const v1::Action& a) {
    const v1::TableUpdate u = turn(viewer, v1::PHASE_TURN, {a});
    return move_key(a, u.hand());
}

TEST(MoveKeys, TheSameMoveHasTheSameKeyOnAnotherTurn) {
    // The start: every card may be flipped. Later, after a discard: three are left, listed in another order.
    const v1::TableUpdate start =
        turn(0, v1::PHASE_START,
             {act(v1::ACTION_KIND_FLIP, 0), act(v1::ACTION_KIND_FLIP, 1), act(v1::ACTION_KIND_FLIP, 2),
              act(v1::ACTION_KIND_FLIP, 3), act(v1::ACTION_KIND_FLIP, 4), act(v1::ACTION_KIND_FLIP, 5)});
    const v1::TableUpdate later = turn(0, v1::PHASE_AFTER_DISCARD,
                                       {act(v1::ACTION_KIND_FLIP, 5), act(v1::ACTION_KIND_FLIP, 0),
                                        act(v1::ACTION_KIND_PASS), act(v1::ACTION_KIND_FLIP, 3)});
    const std::vector<move_choice> first = move_choices(start);
    const std::vector<move_choice> second = move_choices(later);
    EXPECT_EQ(first[0].key, "f a1");
    EXPECT_EQ(second[1].key, "f a1");
    EXPECT_EQ(first[3].key, "f a2");
    EXPECT_EQ(second[3].key, "f a2");
    EXPECT_EQ(second[0].key, "f c2");
    EXPECT_EQ(second[2].key, "p");
    // Typed with or without spaces, in capitals: the same move each time, wherever it is listed.
    for (const char* typed : {"f a1", "fa1", "F A1", " fA1 "}) {
        EXPECT_EQ(find_move(first, typed), std::optional<std::size_t>(0)) << typed;
        EXPECT_EQ(find_move(second, typed), std::optional<std::size_t>(1)) << typed;
    }
    EXPECT_EQ(find_move(second, "2"), std::optional<std::size_t>(1)) << "a move's number still works";
    EXPECT_EQ(find_move(second, "5"), std::nullopt);
    EXPECT_EQ(find_move(second, "f b1"), std::nullopt) << "not legal now";
    EXPECT_EQ(find_move(first, "d"), std::nullopt);
}

TEST(MoveKeys, EveryKindHasItsLetterAndPlaces) {
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_DRAW_STOCK)), "d");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_TAKE_DISCARD)), "t");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_DISCARD)), "x");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_PLACE, 4)), "e b2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_KNOCK)), "k");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_PASS)), "p");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_REVEAL_ALL)), "r");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_READY)), "o");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_PEEK, 2)), "l c1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_LOOK, 3)), "l a2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_SWAP_OWN, 0, 5)), "w a1 c2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_USE_POWER)), "u");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_CHOOSE_POWER, v1::POWER_KIND_PEEK_OPPONENT)),
              "u " + std::to_string(v1::POWER_KIND_PEEK_OPPONENT));
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_PEEK, 2, 0, 1)), "l 2c1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_PEEK, 2, 0, 0)), "l c1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_SWAP, 0, 5, 0, 1)), "w a1 2c2");
    EXPECT_EQ(key_of(2, act(v1::ACTION_KIND_POWER_SWAP, 1, 3, 0, 2)), "w a2 1b1") << "your own card first";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_SWAP, 1, 3, 1, 2)), "w 2b1 3a2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_SHUFFLE, 0, 0, 2)), "z 3");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_ADD, 0, 0, 1)), "g 2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_REMOVE, 1)), "x b1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_FLIP, 1, 0, 1)), "f 2b1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_FLIP, 1, 0, 0)), "f b1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_LINES, 0, 3, 1)), "w 2 12") << "rows";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_LINES, 0, 2, 1)), "w 2 ac") << "columns";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_PLACE, 4, 0, 1)), "e 2b2") << "a power card into Bob's layout";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_PLACE, 4, 0, 0)), "e b2") << "keep the power card";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_POWER_PLACE, 4, 2, 0)), "e b2 2") << "keep the second card drawn";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_MATCH, 4, 0, 0)), "m b2");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_MATCH, 4, 1, 1)), "m 2b2 b1") << "giving your b1";
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_CLAIM, 0, 0, 0)), "j a1");
    EXPECT_EQ(key_of(0, act(v1::ACTION_KIND_CLAIM, 0, 5, 2)), "j 3a1 c2");
}

TEST(MoveKeys, ASwapIsFoundWithItsCardsInEitherOrder) {
    const v1::TableUpdate u = turn(0, v1::PHASE_POWER, {act(v1::ACTION_KIND_POWER_SWAP, 0, 5, 0, 1)});
    const std::vector<move_choice> moves = move_choices(u);
    EXPECT_EQ(find_move(moves, "w a1 2c2"), std::optional<std::size_t>(0));
    EXPECT_EQ(find_move(moves, "w2c2a1"), std::optional<std::size_t>(0));
    EXPECT_EQ(moves[0].label, "swap your top-left card with Bob's bottom-right card, unseen");
}

TEST(MoveKeys, WhatLooksLikeAKey) {
    EXPECT_TRUE(looks_like_key("fa9"));
    EXPECT_TRUE(looks_like_key("l 1b2"));
    EXPECT_TRUE(looks_like_key("d"));
    EXPECT_FALSE(looks_like_key("xyzzy"));
    EXPECT_FALSE(looks_like_key("hello"));
    EXPECT_FALSE(looks_like_key("7"));
}

TEST(MoveKeys, HelpNamesThePlacesOfYourLayoutAndEveryLetter) {
    const std::string help = help_for(0);
    EXPECT_NE(help.find("a1 is your top-left card, c2 your bottom-right card"), std::string::npos) << help;
    EXPECT_NE(help.find("counted from 1 as the table shows: 2a1 is seat 2's top-left card"), std::string::npos) << help;
    for (const char* letter : {"\n  d ", "\n  t ", "\n  e a1 ", "\n  x ", "\n  f a1 ", "\n  l a1 ", "\n  w a1 b2 ",
                               "\n  p ", "\n  k ", "\n  r ", "\n  o ", "\n  u ", "\n  m a1 ", "\n  j a1 ", "\n  z 2 ",
                               "\n  g 2 ", "\n  n ", "\n  c TEXT ", "\n  ? or help "})
        EXPECT_NE(help.find(letter), std::string::npos) << letter << "\n" << help;
    table_picture picture;
    picture.update = turn(0, v1::PHASE_TURN, {});
    EXPECT_EQ(plain_help(picture), help);
}

TEST(MoveKeys, TurningAllUpAndARematchHaveKeysOfTheirOwn) {
    const std::string help = help_for(0);
    EXPECT_NE(help.find("\n  r         turn all your cards up"), std::string::npos) << help;
    EXPECT_NE(help.find("a play again: a rematch (host)"), std::string::npos) << help;
    EXPECT_EQ(help.find("r rematch"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  open 2 "), std::string::npos) << help;
}

TEST(MoveKeys, APlaceThatIsNoCardPositionIsNamed) {
    const v1::TableUpdate u = turn(0, v1::PHASE_TURN, {act(v1::ACTION_KIND_PLACE, 1)});
    EXPECT_EQ(place_problem("e z9", u.hand()), "z9 is not a card position; positions are a1 to c2");
    EXPECT_EQ(place_problem("E A3", u.hand()), "a3 is not a card position; positions are a1 to c2") << "2 rows";
    EXPECT_EQ(place_problem("l 1d1", u.hand()), "1d1 is not a card position; positions are a1 to c2");
    EXPECT_EQ(place_problem("e b1", u.hand()), std::nullopt);
    EXPECT_EQ(place_problem("w 1 ac", u.hand()), std::nullopt) << "two columns";
    EXPECT_EQ(place_problem("z 2", u.hand()), std::nullopt) << "a seat";
    EXPECT_EQ(place_problem("hello there", u.hand()), std::nullopt) << "not a move's key";
}

TEST(MoveKeys, ASeatKeyCountsFromOneAndItsOneIsTheWiresSeatZero) {
    // Bob (the wire's seat 1) may look at Ann's (seat 0) top-left card or shuffle hers: keys name her seat 1.
    const v1::TableUpdate u = turn(1, v1::PHASE_POWER,
                                   {act(v1::ACTION_KIND_POWER_PEEK, 0, 0, 0), act(v1::ACTION_KIND_SHUFFLE, 0, 0, 0),
                                    act(v1::ACTION_KIND_POWER_PEEK, 0, 0, 2)});
    const std::vector<move_choice> moves = move_choices(u);
    EXPECT_EQ(moves[0].key, "l 1a1");
    EXPECT_EQ(moves[1].key, "z 1");
    EXPECT_EQ(moves[2].key, "l 3a1");
    for (const char* typed : {"l 1a1", "L1A1"}) {
        const std::optional<std::size_t> chosen = find_move(moves, typed);
        ASSERT_EQ(chosen, std::optional<std::size_t>(0)) << typed;
        EXPECT_EQ(moves[*chosen].action.target_seat(), 0u) << typed;
    }
    ASSERT_EQ(find_move(moves, "z 1"), std::optional<std::size_t>(1));
    EXPECT_EQ(moves[1].action.target_seat(), 0u);
    EXPECT_EQ(find_move(moves, "l 0a1"), std::nullopt) << "no seat 0";
    EXPECT_EQ(place_problem("l 1a1", u.hand()), std::nullopt);
    EXPECT_EQ(place_problem("z 3", u.hand()), std::nullopt);
}

TEST(MoveKeys, SeatZeroAndOnePastTheLastAreRefusedWithTheRange) {
    const v1::TableUpdate u = turn(0, v1::PHASE_POWER, {act(v1::ACTION_KIND_POWER_PEEK, 0, 0, 1)});
    for (const char* typed : {"l 0a1", "z 0", "g 0", "w 0 12", "w a1 0b2", "m 0a1 b2"})
        EXPECT_EQ(place_problem(typed, u.hand()), "there is no seat 0; seats are 1 to 3") << typed;
    for (const char* typed : {"l 4a1", "Z 4", "w 4 ac", "j 4b1 a1"})
        EXPECT_EQ(place_problem(typed, u.hand()), "there is no seat 4; seats are 1 to 3") << typed;
    EXPECT_EQ(place_problem("u 0", u.hand()), std::nullopt) << "a power's number, not a seat";
    EXPECT_EQ(place_problem("e b2 0", u.hand()), std::nullopt) << "a drawn card's number, not a seat";
    EXPECT_EQ(place_problem("w 12", u.hand()), std::nullopt) << "your own rows 1 and 2";
    EXPECT_EQ(seat_problem("0", 4), "there is no seat 0; seats are 1 to 4");
    EXPECT_EQ(seat_problem("5", 4), "there is no seat 5; seats are 1 to 4");
    EXPECT_EQ(seat_problem("1", 4), std::nullopt);
    EXPECT_EQ(seat_problem("4", 4), std::nullopt);
}

TEST(MoveKeys, TheHelpsExampleSeatIsNotTheReaders) {
    const std::string help = help_for(1);
    EXPECT_NE(help.find(": 1a1 is seat 1's top-left card"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  z 1       shuffle seat 1's face-down cards"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  open 1    give seat 1,"), std::string::npos) << help;
}

TEST(MoveKeys, ARefusalIsTheServersSentenceAndItsCodeOnlyWithoutOne) {
    v1::Error e;
    e.set_code(v1::ERROR_CODE_MATCH_RUNNING);
    e.set_message("seats can change only before the match");
    EXPECT_EQ(refusal_text(e), "seats can change only before the match");
    e.clear_message();
    EXPECT_EQ(refusal_text(e), "refused (MATCH_RUNNING)");
}

// ---- self-play: every preset, keys unique in every view, a sentence for every event ----

v1::TableUpdate update_of(const hand& h, int viewer) {
    v1::TableUpdate u;
    u.set_state(v1::TABLE_STATE_PLAYING);
    u.set_your_seat(viewer);
    *u.mutable_hand() = wire::to_proto(h.view_for(viewer), 1);
    for (int s = 0; s < h.players(); ++s) u.add_seats()->set_name("P" + std::to_string(s));
    return u;
}

void expect_unique_keys(const v1::TableUpdate& u, const v1::Ruleset& rules, const std::string& where) {
    const std::vector<move_choice> moves = move_choices(u, &rules);
    std::set<std::string> keys;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        ASSERT_TRUE(keys.insert(normalized_key(moves[i].key)).second) << where << ": two moves are " << moves[i].key;
        ASSERT_EQ(find_move(moves, moves[i].key), std::optional<std::size_t>(i)) << where << ": " << moves[i].key;
        ASSERT_TRUE(looks_like_key(moves[i].key)) << where << ": " << moves[i].key;
    }
}

// One hand of random play; the number of moves made.
int play_hand(const preset& p, int players, std::uint64_t seed) {
    const auto rules = std::make_shared<const ruleset>(p.rules);
    const v1::Ruleset proto_rules = wire::to_proto(p.rules);
    hand h(rules, players, 0, seed);
    random_source random(seed * 31 + 7);
    std::uint32_t index = 0;
    int step = 0;
    for (; step < 3000 && !h.over(); ++step) {
        std::vector<int> acting;
        for (int s = 0; s < players; ++s) {
            const std::string where = std::string(p.name) + " seed " + std::to_string(seed) + " step " +
                                      std::to_string(step) + " seat " + std::to_string(s);
            expect_unique_keys(update_of(h, s), proto_rules, where);
            if (!h.legal_actions(s).empty()) acting.push_back(s);
        }
        if (::testing::Test::HasFatalFailure() || acting.empty()) break;
        const int seat = acting[random.below(acting.size())];
        const std::vector<action> legal = h.legal_actions(seat);
        std::vector<event> events;
        EXPECT_EQ(h.apply(seat, legal[random.below(legal.size())], &events), action_error::none);
        for (int viewer = -1; viewer < players; ++viewer) {
            v1::TableUpdate u = update_of(h, std::max(viewer, 0));
            u.set_your_seat(viewer);
            for (std::size_t i = 0; i < events.size(); ++i)
                wire::fill(*u.add_events(), events[i], viewer, true, 1, static_cast<int>(index + i));
            for (const std::string& sentence : event_sentences(u, &proto_rules, true))
                EXPECT_FALSE(sentence.starts_with("Something")) << p.name << ": " << sentence;
        }
        index += static_cast<std::uint32_t>(events.size());
    }
    return step;
}

TEST(MoveKeysSelfPlay, EveryPresetsMovesHaveDifferentKeysAndEveryEventASentence) {
    for (const preset& p : presets()) {
        int moves = 0;
        for (const int players : {std::max(2, p.rules.min_players), std::min(4, p.rules.max_players)})
            for (std::uint64_t seed = 1; seed <= 3; ++seed) {
                moves += play_hand(p, players, seed);
                if (HasFatalFailure()) return;
            }
        EXPECT_GT(moves, 30) << p.name;
    }
}

}  // namespace
}  // namespace golf::cli
