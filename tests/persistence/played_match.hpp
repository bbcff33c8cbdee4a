// Test helper: a match self-played by the heuristic bot and written down as persistence records by hand, from
// match.holes() and the hand in play, the way the server records one. Shared by the replay and match-file tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/action_log.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/records.hpp"

namespace golf::persistence::testing {

struct play_options {
    int players = 3;
    std::uint64_t seed = 1;
    int first_dealer = 0;
    int max_holes = 40;        // stop early (unfinished) after this many holes
    int in_play_actions = -1;  // >= 0: start one more hole and play this many actions into it
};

struct played_match {
    match_detail detail;
    std::shared_ptr<const ruleset> rules;
    std::optional<golf::match> engine;  // the match as it was played
};

inline played_match play_match(std::string_view preset_name, play_options options) {
    const preset* p = find_preset(preset_name);
    if (!p) throw std::invalid_argument("no preset " + std::string(preset_name));
    played_match out;
    out.rules = std::make_shared<const ruleset>(p->rules);
    golf::match& m = out.engine.emplace(out.rules, options.players, options.first_dealer);
    random_source random(options.seed);
    const auto bot = make_bot("heuristic");

    // Plays the current hole until it ends or `limit` actions were made (bounded either way).
    const auto play = [&](int limit) {
        for (int step = 0; step < 20000 && m.hole_in_play() && (limit < 0 || step < limit); ++step) {
            const hand& h = *m.current_hand();
            const int seat = h.seats_to_act().front();
            const action a = bot->choose(*out.rules, h.view_for(seat), random);
            if (m.apply(seat, a) != action_error::none) throw std::logic_error("the bot chose an illegal action");
        }
    };
    while (!m.over() && static_cast<int>(m.holes().size()) < options.max_holes) {
        m.start_hole(random.next());
        play(-1);
        if (m.hole_in_play()) throw std::logic_error("a hole did not end");
    }

    match_detail& d = out.detail;
    d.summary.id = 17;
    d.summary.table_code = "K7QM2X";
    d.summary.preset = std::string(preset_name);
    d.summary.ruleset = to_text(*out.rules);
    d.summary.started_at = 1700000000;
    const std::vector<std::string> names{"Ann", "Bob Smith", "Zoë", "-", "50%", "Di"};
    for (int s = 0; s < options.players; ++s) {
        seat_record seat;
        seat.seat = s;
        seat.display_name = names[static_cast<std::size_t>(s) % names.size()];
        if (s == 1) seat.bot = "heuristic";
        else seat.token_hash = "hash-of-token-" + std::to_string(s);  // never written to a match file
        d.summary.seats.push_back(seat);
    }
    for (std::size_t i = 0; i < m.holes().size(); ++i) {
        d.holes.push_back(to_hole_record(d.summary.id, static_cast<int>(i) + 1, m.holes()[i]));
    }
    d.summary.final_totals.assign(static_cast<std::size_t>(options.players), std::nullopt);
    if (m.over()) {
        d.summary.ended_at = 1700003600;
        for (int s = 0; s < options.players; ++s)
            d.summary.final_totals[static_cast<std::size_t>(s)] = m.totals()[static_cast<std::size_t>(s)];
        const auto winners = m.winners();
        if (winners.size() == 1) d.summary.winner_seat = winners.front();
    } else if (options.in_play_actions >= 0) {
        hand_progress progress;
        progress.match = d.summary.id;
        progress.hole = static_cast<int>(m.holes().size()) + 1;
        progress.seed = random.next();
        progress.dealer = m.next_dealer();
        m.start_hole(progress.seed);
        play(options.in_play_actions);
        progress.actions = encode_action_log(m.current_hand()->log());
        d.in_play = progress;
    }
    return out;
}

// Everything a match file keeps (token hashes and the table record are left out on purpose).
inline void expect_same_record(const match_detail& got, const match_detail& want) {
    EXPECT_EQ(got.summary.id, want.summary.id);
    EXPECT_EQ(got.summary.table_code, want.summary.table_code);
    EXPECT_EQ(got.summary.preset, want.summary.preset);
    EXPECT_EQ(got.summary.ruleset, want.summary.ruleset);
    EXPECT_EQ(got.summary.started_at, want.summary.started_at);
    EXPECT_EQ(got.summary.ended_at, want.summary.ended_at);
    EXPECT_EQ(got.summary.abandoned, want.summary.abandoned);
    EXPECT_EQ(got.summary.winner_seat, want.summary.winner_seat);
    EXPECT_EQ(got.summary.final_totals, want.summary.final_totals);
    ASSERT_EQ(got.summary.seats.size(), want.summary.seats.size());
    for (std::size_t s = 0; s < want.summary.seats.size(); ++s) {
        seat_record expected = want.summary.seats[s];
        expected.token_hash.clear();
        EXPECT_EQ(got.summary.seats[s], expected);
    }
    EXPECT_EQ(got.holes, want.holes);
    EXPECT_EQ(got.in_play, want.in_play);
}

}  // namespace golf::persistence::testing
