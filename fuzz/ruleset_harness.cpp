// fuzz_ruleset: every way a ruleset reaches the engine from outside, on top of a preset: a Protobuf Ruleset (a
// CreateTable's house_rules), its JSON mapping, `--set NAME=VALUE` lines (golf's flags) and the record's option
// text. Whatever validates for a player count must deal, keep its deck, replay, convert to the wire and back
// unchanged, and play a few bot moves with a legal move for every seat that must act.
//
// Input: byte 0 the form (0 Protobuf, 1 JSON, 2 `--set` lines, 3 record text), byte 1 the preset, byte 2 the
// player count (min_players + byte mod the range), bytes 3-4 the seed; the rest is the ruleset in that form.
#include <google/protobuf/util/json_util.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/match.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset.hpp"
#include "engine/ruleset_options.hpp"
#include "fuzz/harness.hpp"
#include "persistence/match_replay.hpp"
#include "proto/convert.hpp"

namespace golf::fuzz {

namespace {

constexpr int max_moves = 400;

std::array<int, card_index_count> card_counts(const std::vector<card>& cards) {
    std::array<int, card_index_count> counts{};
    for (const card c : cards) ++counts[static_cast<std::size_t>(card_index(c))];
    return counts;
}

// The ruleset in `text` read in `form` on top of `base`; nullopt when the reader refuses it (fine).
std::optional<golf::ruleset> read(int form, const golf::ruleset& base, std::string_view text) {
    golf::ruleset rules = base;
    switch (form) {
        case 0: {
            v1::Ruleset overrides;
            if (!overrides.ParseFromArray(text.data(), static_cast<int>(text.size()))) return std::nullopt;
            const golf::ruleset before = rules;
            if (wire::apply_overrides(rules, overrides)) {
                check(rules == before, "a refused override changed the ruleset");
                return std::nullopt;
            }
            return rules;
        }
        case 1: {
            v1::Ruleset overrides;
            if (!google::protobuf::util::JsonStringToMessage(std::string(text), &overrides).ok()) return std::nullopt;
            if (wire::apply_overrides(rules, overrides)) return std::nullopt;
            return rules;
        }
        case 2: {
            for (std::size_t at = 0; at <= text.size();) {
                const std::size_t end = std::min(text.find('\n', at), text.size());
                const std::string_view line = text.substr(at, end - at);
                at = end + 1;
                if (line.empty()) continue;
                const golf::ruleset before = rules;
                if (set_option(rules, line)) {
                    check(rules == before, "a refused --set changed the ruleset");
                    return std::nullopt;
                }
            }
            return rules;
        }
        default: {
            auto parsed = persistence::parse_ruleset_text(text);
            if (auto* r = std::get_if<golf::ruleset>(&parsed)) return *r;
            check(!std::get<std::string>(parsed).empty(), "a refused ruleset text came without a reason");
            return std::nullopt;
        }
    }
}

int play(const std::shared_ptr<const golf::ruleset>& rules, int players, std::uint64_t seed) {
    golf::match m(rules, players, static_cast<int>(seed % static_cast<std::uint64_t>(players)));
    random_source random(seed);
    const auto bot = make_bot(seed & 1 ? "random" : "heuristic");
    int moves = 0;
    for (int hole = 0; hole < 2 && !m.over() && moves < max_moves; ++hole) {
        check(m.start_hole(random.next()), "a ruleset that validates could not be dealt");
        const hand& dealt = *m.current_hand();
        const auto deck = card_counts(dealt.all_cards());
        while (m.hole_in_play() && moves < max_moves) {
            const hand& h = *m.current_hand();
            const auto owed = h.seats_to_act();
            check(!owed.empty(), "a hand in play has nobody to act");
            for (const int s : owed) check(!h.legal_actions(s).empty(), "a seat that must act has no legal move");
            const int seat = owed[static_cast<std::size_t>(moves) % owed.size()];
            const action a = bot->choose(*rules, h.view_for(seat), random);
            check(m.apply(seat, a) == action_error::none, "the bot chose a move the engine refused");
            ++moves;
            check(card_counts(m.current_hand()->all_cards()) == deck, "cards appeared or vanished");
        }
        const hand& h = *m.current_hand();
        const auto again = hand::replay(h.rules_ptr(), h.players(), h.dealer(), h.seed(), h.log());
        check(again && *again == h, "a hand does not replay from its seed and log");
    }
    return moves;
}

}  // namespace

int ruleset(bytes input) {
    reset_random(input.size());
    if (input.size() < 5) return 0;
    const int form = input[0] % 4;
    const preset& base = presets()[input[1] % presets().size()];
    const std::uint64_t seed = input[3] | (std::uint64_t{input[4]} << 8);
    const std::string_view text(reinterpret_cast<const char*>(input.data() + 5), input.size() - 5);

    const auto read_rules = read(form, base.rules, text);
    if (!read_rules || validate(*read_rules)) return 0;
    const auto rules = std::make_shared<const golf::ruleset>(*read_rules);

    // What validates converts both ways unchanged: the wire (TableJoined.rules) and the record's text.
    const auto back = wire::to_ruleset(wire::to_proto(*rules));
    check(back && *back == *rules, "a valid ruleset does not survive the wire");
    const auto text_back = persistence::parse_ruleset_text(to_text(*rules));
    const auto* from_text = std::get_if<golf::ruleset>(&text_back);
    check(from_text && *from_text == *rules, "a valid ruleset does not survive its record text");

    const int span = std::max(1, rules->max_players - rules->min_players + 1);
    const int players = rules->min_players + input[2] % span;
    if (players < 1 || players > max_seats_limit || validate_for_players(*rules, players)) return 0;
    check(!golf::match::check(*rules, players), "validate_for_players and match::check disagree");
    return play(rules, players, seed);
}

}  // namespace golf::fuzz
