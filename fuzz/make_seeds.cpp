// Writes the seed corpora into DIR/<target>/ (fuzz_make_seeds DIR; the checked-in ones are fuzz/corpus): a
// handful of real, valid inputs per target, in the formats the harnesses' comments describe. Deterministic, so
// running it again rewrites the same files.
#include <google/protobuf/util/json_util.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/action_log.hpp"
#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "golf/v1/messages.pb.h"
#include "persistence/match_file.hpp"
#include "persistence/match_replay.hpp"

namespace {

namespace fs = std::filesystem;
using namespace golf;

fs::path root;

void write(const std::string& target, const std::string& name, const std::string& bytes) {
    const fs::path dir = root / target;
    fs::create_directories(dir);
    std::ofstream(dir / name, std::ios::binary) << bytes;
}

std::uint8_t preset_index(std::string_view name) {
    for (std::size_t i = 0; i < presets().size(); ++i)
        if (presets()[i].name == name) return static_cast<std::uint8_t>(i);
    throw std::invalid_argument("no preset " + std::string(name));
}

// ---- fuzz_client_message ----

std::string raw(int who, const v1::ClientMessage& m) {
    const std::string bytes = m.SerializeAsString();
    std::string out;
    out += static_cast<char>(who);  // operation 0
    out += static_cast<char>(bytes.size() & 0xff);
    out += static_cast<char>(bytes.size() >> 8);
    return out + bytes;
}

std::string legal_moves(int count, int pick) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        out += static_cast<char>(3 + i % 3);  // operation 1 for connection i % 3
        out += static_cast<char>(pick + i);
    }
    return out;
}

void client_message_seeds() {
    // A started match of each kind, then many legal moves from whoever has one.
    for (const auto& [name, three] : std::vector<std::pair<std::string_view, bool>>{{"six-card", false},
                                                                                    {"four-card", true},
                                                                                    {"cambio", true},
                                                                                    {"cactus", false},
                                                                                    {"pablo", true},
                                                                                    {"nine-card", false}}) {
        std::string in(1, static_cast<char>(0x20 | (three ? 0x10 : 0) | preset_index(name)));
        write("client_message", "prologue-" + std::string(name), in + legal_moves(240, 0));
    }
    // Everything by raw messages: create, join by "@", chat, a bot, start, versioned moves, a bad act.
    {
        std::string in(1, static_cast<char>(preset_index("four-card")));
        v1::ClientMessage create;
        create.mutable_create_table()->set_player_name("Ann");
        create.mutable_create_table()->set_preset("four-card");
        create.mutable_create_table()->set_seats(3);
        create.mutable_create_table()->mutable_house_rules()->set_knocking(true);
        in += raw(0, create);
        v1::ClientMessage join;
        join.mutable_join_table()->set_code("@");
        join.mutable_join_table()->set_player_name("Bob");
        in += raw(1, join);
        v1::ClientMessage chat;
        chat.mutable_send_chat()->set_text("hello");
        in += raw(1, chat);
        v1::ClientMessage bot;
        bot.mutable_add_bot()->set_level(v1::BOT_LEVEL_RANDOM);
        in += raw(0, bot);
        v1::ClientMessage start;
        start.mutable_start_match();
        in += raw(0, start);
        v1::ClientMessage act;
        act.mutable_act()->mutable_action()->set_kind(v1::ACTION_KIND_PEEK);
        act.mutable_act()->mutable_action()->set_position(2);
        act.mutable_act()->set_hand_version(~std::uint64_t{0});
        in += raw(0, act) + raw(1, act);
        in += legal_moves(120, 1);
        write("client_message", "raw-requests", in);
    }
    // A drop mid-hand, a reclaim by "@1", a spectator, a leave and the table requests.
    {
        std::string in(1, static_cast<char>(0x20 | preset_index("six-card")));
        in += legal_moves(60, 2);
        in += static_cast<char>(1 + 9);  // operation 3: connection 1 drops
        v1::ClientMessage back;
        back.mutable_reclaim_seat()->set_seat_token("@1");
        in += raw(1, back);
        in += legal_moves(120, 3);
        for (const int what : {2, 9, 6, 7, 3, 8, 11}) {
            in += static_cast<char>(2 + 6);  // operation 2 from connection 2
            in += static_cast<char>(what);
        }
        write("client_message", "drop-and-reclaim", in);
    }
    // Requests only: create, join, bots, start, leave, rematch.
    {
        std::string in(1, static_cast<char>(preset_index("four-card")));
        for (const auto& [who, what] : std::vector<std::pair<int, int>>{
                 {0, 0}, {1, 1}, {2, 2}, {0, 3}, {1, 9}, {0, 4}, {0, 5}, {2, 7}, {1, 6}, {0, 8}, {2, 10}}) {
            in += static_cast<char>(who + 6);
            in += static_cast<char>(what);
        }
        in += legal_moves(60, 0);
        write("client_message", "requests", in);
    }
}

// ---- fuzz_ruleset ----

std::string ruleset_input(int form, std::string_view preset, int players, const std::string& body) {
    std::string in;
    in += static_cast<char>(form);
    in += static_cast<char>(preset_index(preset));
    in += static_cast<char>(players);
    in += "\x07\x01";
    return in + body;
}

void ruleset_seeds() {
    v1::Ruleset house;
    house.set_knocking(true);
    house.set_value_queen(12);
    house.set_holes(3);
    write("ruleset", "proto-six-card", ruleset_input(0, "six-card", 2, house.SerializeAsString()));
    v1::Ruleset grid;
    grid.set_rows(3);
    grid.set_cols(3);
    write("ruleset", "proto-three-by-three", ruleset_input(0, "four-card", 1, grid.SerializeAsString()));
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(house, &json);
    write("ruleset", "json-six-card", ruleset_input(1, "six-card", 3, json));
    write("ruleset", "set-lines", ruleset_input(2, "eight-card", 0, "knocking=true\nholes=2\njokers_per_pack=2\n"));
    write("ruleset", "set-powers", ruleset_input(2, "cambio", 2, "holes=1\n"));
    for (const std::string_view name : {"nine-card", "cactus", "pablo", "cumbia"})
        write("ruleset", "text-" + std::string(name), ruleset_input(3, name, 1, to_text(find_preset(name)->rules)));
}

// ---- fuzz_score_layout ----

std::string score_input(std::string_view preset, int caller, bool json, const std::string& lines) {
    std::string in;
    in += static_cast<char>(preset_index(preset));
    in += static_cast<char>(caller < 0 ? 255 : caller + 8);
    in += static_cast<char>(json ? 1 : 0);
    return in + lines;
}

void score_layout_seeds() {
    write("score_layout", "oakes", score_input("six-card-oakes", -1, false, "3H KS 6D / 4C KD X"));
    write("score_layout", "eight-card",
          score_input("eight-card", -1, true, "6H AS KS 3D / 2H AH AD 3C\nKH KD 2S 9S / 2C 2D 9C 9D"));
    write("score_layout", "jokers-caller", score_input("four-card-jokers", 0, false, "AS 2S / 3S 4S\nKH QH / KS QS"));
    write("score_layout", "nine-card-empty",
          score_input("nine-card", -1, false, "AS 2S 3S / -- -- -- / 10D TD QC\n5H 5D 5C / 2S 2H 2D / 9C KS QS"));
    write("score_layout", "house-rule",
          score_input("six-card", 1, true, "set value_queen=20\n2C 2D QH / 3C 3D 4H\nKH 7D 5S / 9C 8D 6H"));
}

// ---- fuzz_match_record ----

std::string played(std::string_view preset_name, int players, std::uint64_t seed, int holes, int in_play) {
    const auto rules = std::make_shared<const ruleset>(find_preset(preset_name)->rules);
    golf::match m(rules, players, 0);
    random_source random(seed);
    const auto bot = make_bot("heuristic");
    const auto play = [&](int limit) {
        for (int step = 0; step < 20000 && m.hole_in_play() && (limit < 0 || step < limit); ++step) {
            const hand& h = *m.current_hand();
            const int seat = h.seats_to_act().front();
            if (m.apply(seat, bot->choose(*rules, h.view_for(seat), random)) != action_error::none)
                throw std::logic_error("the bot chose an illegal action");
        }
    };
    while (!m.over() && static_cast<int>(m.holes().size()) < holes) {
        m.start_hole(random.next());
        play(-1);
    }
    persistence::match_detail d;
    d.summary.id = 42;
    d.summary.table_code = "K7QM2X";
    d.summary.preset = std::string(preset_name);
    d.summary.ruleset = to_text(*rules);
    d.summary.started_at = 1700000000;
    for (int s = 0; s < players; ++s) {
        persistence::seat_record seat;
        seat.seat = s;
        seat.display_name = s == 1 ? "Bob Smith" : "Ann";
        if (s == 1) seat.bot = "heuristic";
        d.summary.seats.push_back(seat);
    }
    for (std::size_t i = 0; i < m.holes().size(); ++i) {
        d.holes.push_back(persistence::to_hole_record(d.summary.id, static_cast<int>(i) + 1, m.holes()[i]));
    }
    d.summary.final_totals.assign(static_cast<std::size_t>(players), std::nullopt);
    if (m.over()) {
        d.summary.ended_at = 1700003600;
        for (int s = 0; s < players; ++s)
            d.summary.final_totals[static_cast<std::size_t>(s)] = m.totals()[static_cast<std::size_t>(s)];
        const auto winners = m.winners();
        if (winners.size() == 1) d.summary.winner_seat = winners.front();
    } else if (in_play >= 0) {
        persistence::hand_progress progress;
        progress.match = d.summary.id;
        progress.hole = static_cast<int>(m.holes().size()) + 1;
        progress.seed = random.next();
        progress.dealer = m.next_dealer();
        m.start_hole(progress.seed);
        play(in_play);
        progress.actions = encode_action_log(m.current_hand()->log());
        d.in_play = progress;
    }
    return persistence::write_match_file(d);
}

void match_record_seeds() {
    write("match_record", "four-card-in-play", played("four-card", 2, 1, 2, 5));
    write("match_record", "six-card-finished", played("six-card", 3, 2, 40, -1));
    write("match_record", "cambio-two-holes", played("cambio", 3, 3, 2, 3));
    write("match_record", "cactus-one-hole", played("cactus", 2, 4, 1, -1));
    write("match_record", "pablo-in-play", played("pablo", 4, 5, 1, 10));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: fuzz_make_seeds DIR\n";
        return 2;
    }
    root = argv[1];
    client_message_seeds();
    ruleset_seeds();
    score_layout_seeds();
    match_record_seeds();
    return 0;
}
