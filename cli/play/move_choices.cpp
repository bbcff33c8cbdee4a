#include "cli/play/move_choices.hpp"

#include <algorithm>

#include "cli/play/move_keys.hpp"
#include "words/action_words.hpp"

namespace golf::cli {

std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    std::vector<move_choice> out;
    if (!update.has_hand() || update.state() != v1::TABLE_STATE_PLAYING) return out;
    const words::action_scene scene = words::scene_of(update, rules, utf8);
    for (const v1::Action& a : update.hand().legal())
        out.push_back(
            {a, move_key(a, update.hand()), move_key_aliases(a, update.hand()), words::action_words(a, scene)});
    return out;
}

std::string kind_words(v1::ActionKind kind) {
    switch (kind) {
        case v1::ACTION_KIND_FLIP: return "turn one of your cards face up";
        case v1::ACTION_KIND_PEEK: return "peek at one of your cards";
        case v1::ACTION_KIND_LOOK: return "pay to look at one of your cards";
        case v1::ACTION_KIND_SWAP_OWN: return "swap two of your cards, unseen";
        case v1::ACTION_KIND_PLACE: return "put the card you hold in place of one of yours";
        case v1::ACTION_KIND_POWER_PEEK: return "look at that card";
        case v1::ACTION_KIND_POWER_SWAP: return "swap those two cards, unseen";
        case v1::ACTION_KIND_SHUFFLE: return "shuffle that seat's face-down cards";
        case v1::ACTION_KIND_POWER_PLACE: return "put the card there";
        case v1::ACTION_KIND_POWER_FLIP: return "turn that card over";
        case v1::ACTION_KIND_POWER_LINES: return "swap those rows or columns";
        case v1::ACTION_KIND_POWER_ADD: return "add an unseen card to that seat's cards";
        case v1::ACTION_KIND_POWER_REMOVE: return "throw that card of yours away, face up";
        case v1::ACTION_KIND_CHOOSE_POWER: return "choose that power";
        case v1::ACTION_KIND_MATCH: return "match the card you hold with that card";
        case v1::ACTION_KIND_CLAIM: return "claim: throw that card on the matching discard";
        default: return {};
    }
}

std::optional<std::size_t> find_move(const std::vector<move_choice>& moves, std::string_view typed) {
    const std::string key = normalized_key(typed);
    if (key.empty()) return std::nullopt;
    if (key.size() <= 4 && std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const std::size_t number = std::stoul(key);
        if (number >= 1 && number <= moves.size()) return number - 1;
        return std::nullopt;
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (normalized_key(moves[i].key) == key) return i;
        for (const std::string& alias : moves[i].aliases)
            if (normalized_key(alias) == key) return i;
    }
    return std::nullopt;
}

}  // namespace golf::cli
