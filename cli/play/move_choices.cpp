#include "cli/play/move_choices.hpp"

#include <algorithm>
#include <utility>

#include "cli/play/move_keys.hpp"
#include "cli/play/play_words.hpp"

namespace golf::cli {

namespace {

// A move offered to the viewer, in the viewer's words: their cards are "your", another seat's "Bob's" (the same
// wording as words/action_words.cpp, said in the player's language).
struct offered_move_words {
    const v1::TableUpdate& update;
    const v1::Ruleset* rules;
    bool utf8;

    const v1::HandView& hand() const { return update.hand(); }
    std::uint32_t me() const { return static_cast<std::uint32_t>(std::max(hand().viewer(), 0)); }
    owner whose(std::uint32_t seat) const {
        if (seat == me()) return owner::yours();
        return owner::of(seat_label(update, static_cast<int>(seat)));
    }
    // "your top-left card", "Bob's card at row 2, card 4".
    std::string spot(std::uint32_t seat, std::uint32_t position) const {
        return card_at_text(whose(seat), position, words::shape_of(hand(), static_cast<int>(seat)));
    }
    std::string held() const {
        return hand().has_held() ? the_card(hand().held(), utf8) : tr("terminalMoves.theHeldCard");
    }
    // What the viewer knows of their own card at `position`: " (the 5♥)", " (face down)"; nothing if no card there.
    std::string now_there(std::uint32_t position) const {
        if (static_cast<int>(me()) >= hand().seats_size()) return {};
        const v1::SeatLayout& layout = hand().seats(static_cast<int>(me()));
        if (static_cast<int>(position) >= layout.positions_size()) return {};
        const v1::Position& p = layout.positions(static_cast<int>(position));
        if (p.empty()) return " " + tr("terminalMoves.noteEmpty");
        if (!p.has_card()) return " " + tr("terminalMoves.noteFaceDown");
        const char* key = p.face_up() ? "terminalMoves.noteCard" : "terminalMoves.noteCardFaceDown";
        return " " + tr(key, {{"card", card_text(p.card(), utf8)}});
    }
    // DRAW_TWO_KEEP_ONE's choice: the power card (0) or the first or second card it looked at.
    std::string offered(std::uint32_t which) const {
        if (which == 0) return held();
        const int i = static_cast<int>(which) - 1;
        if (i < hand().offered_size()) return the_card(hand().offered(i), utf8);
        return tr("terminalMoves.drawnCard", {{"number", std::to_string(which)}});
    }
    // POWER_LINES's rows (positions in the first column) or columns (in the first row), named as the keys name them.
    std::string lines(std::uint32_t seat, std::uint32_t a, std::uint32_t b) const {
        const std::uint32_t cols = std::max<std::uint32_t>(words::shape_of(hand(), static_cast<int>(seat)).cols, 1);
        if (b < cols)
            return lines_of(whose(seat), false, std::string(1, static_cast<char>('a' + a)),
                            std::string(1, static_cast<char>('a' + b)));
        return lines_of(whose(seat), true, std::to_string(a / cols + 1), std::to_string(b / cols + 1));
    }
    std::string put(const std::string& card, std::uint32_t seat, std::uint32_t position, std::string note) const {
        return tr("terminalMoves.putInPlace", {{"card", card}, {"spot", spot(seat, position)}, {"note", note}});
    }

    std::string use_power() const;
    std::string pass() const;
    std::string match_or_claim(const v1::Action& a) const;
    std::string power_move(const v1::Action& a) const;
    std::string label(const v1::Action& a) const;
};

std::string offered_move_words::use_power() const {
    const bool holding = hand().phase() == v1::PHASE_HOLDING && hand().has_held();
    if (!holding && !hand().has_top_discard()) return tr("terminalMoves.useCardPower");
    const v1::Card& c = holding ? hand().held() : hand().top_discard();
    const std::string what = power_words(words::power_of(rules, c), true);
    return tr(holding ? "terminalMoves.useHeldPower" : "terminalMoves.useDiscardPower",
              {{"card", card_text(c, utf8)}, {"power", what}});
}

std::string offered_move_words::pass() const {
    switch (hand().phase()) {
        case v1::PHASE_POWER:
            return tr(hand().has_power() && hand().power().kind() == v1::POWER_KIND_TWO_POWERS
                          ? "terminalMoves.passNoSecondPower"
                          : "terminalMoves.passNoSwap");
        case v1::PHASE_MATCHING: return tr("terminalMoves.passDoneMatching");
        case v1::PHASE_CALLING: return tr("terminalMoves.passNoCall");
        case v1::PHASE_UNSPECIFIED: return tr("terminalMoves.pass");
        default: return tr("terminalMoves.passNoFlip");
    }
}

// "match the 7♣ with Bob's top-left card, giving your b1", "claim: throw your a1 on the 7♣".
std::string offered_move_words::match_or_claim(const v1::Action& a) const {
    const std::string target = spot(a.target_seat(), a.position());
    const bool giving = a.target_seat() != me();
    const std::string given = giving ? spot(me(), a.other()) : std::string();
    if (a.kind() == v1::ACTION_KIND_MATCH)
        return tr(giving ? "terminalMoves.matchGiving" : "terminalMoves.match",
                  {{"card", held()}, {"spot", target}, {"given", given}});
    if (!hand().has_top_discard())
        return tr(giving ? "terminalMoves.claimOnDiscardGiving" : "terminalMoves.claimOnDiscard",
                  {{"spot", target}, {"given", given}});
    return tr(giving ? "terminalMoves.claimOnCardGiving" : "terminalMoves.claimOnCard",
              {{"spot", target}, {"card", card_text(hand().top_discard(), utf8)}, {"given", given}});
}

std::string offered_move_words::power_move(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_POWER_PEEK:
            return tr("terminalMoves.lookAt", {{"spot", spot(a.target_seat(), a.position())}});
        case v1::ACTION_KIND_POWER_SWAP: {
            std::string first = spot(a.target_seat(), a.position());
            std::string second = spot(a.other_seat(), a.other());
            if (a.other_seat() == me() && a.target_seat() != me()) std::swap(first, second);  // the mover's first
            return tr("terminalMoves.swapUnseen", {{"first", first}, {"second", second}});
        }
        case v1::ACTION_KIND_SHUFFLE:
            return tr("terminalMoves.shuffle", {{"cards", face_down_cards_of(whose(a.target_seat()))}});
        case v1::ACTION_KIND_POWER_PLACE:
            if (a.target_seat() == me())
                return tr("terminalMoves.keepInPlace", {{"card", offered(a.other())},
                                                        {"spot", spot(me(), a.position())},
                                                        {"note", now_there(a.position())}});
            return put(held(), a.target_seat(), a.position(), {});
        case v1::ACTION_KIND_POWER_FLIP:
            return tr(a.target_seat() == me() ? "terminalMoves.turnFaceDown" : "terminalMoves.turnFaceUp",
                      {{"spot", spot(a.target_seat(), a.position())}});
        case v1::ACTION_KIND_POWER_LINES:
            return tr("terminalMoves.swapLines", {{"lines", lines(a.target_seat(), a.position(), a.other())}});
        case v1::ACTION_KIND_POWER_ADD: {
            const owner o = whose(a.target_seat());
            return tr("terminalMoves.addCard", {{"owner", o.who}, {"name", o.name}});
        }
        case v1::ACTION_KIND_POWER_REMOVE:
            return tr("terminalMoves.throwAwayFaceUp", {{"spot", spot(me(), a.position())}});
        case v1::ACTION_KIND_CHOOSE_POWER:
            return tr("terminalMoves.choosePower",
                      {{"power", power_words(static_cast<v1::PowerKind>(a.position()), true)}});
        default: return tr("terminalMoves.unknownMove", {{"number", std::to_string(static_cast<int>(a.kind()))}});
    }
}

std::string offered_move_words::label(const v1::Action& a) const {
    switch (a.kind()) {
        case v1::ACTION_KIND_FLIP: return tr("terminalMoves.turnFaceUp", {{"spot", spot(me(), a.position())}});
        case v1::ACTION_KIND_PEEK: return tr("terminalMoves.peekAt", {{"spot", spot(me(), a.position())}});
        case v1::ACTION_KIND_SWAP_OWN:
            return tr("terminalMoves.swapUnseen",
                      {{"first", spot(me(), a.position())}, {"second", spot(me(), a.other())}});
        case v1::ACTION_KIND_READY: return tr("terminalMoves.ready");
        case v1::ACTION_KIND_DRAW_STOCK: return tr("terminalMoves.drawStock");
        case v1::ACTION_KIND_TAKE_DISCARD:
            if (!hand().has_top_discard()) return tr("terminalMoves.takeDiscard");
            return tr("terminalMoves.takeCard", {{"card", card_text(hand().top_discard(), utf8)}});
        case v1::ACTION_KIND_PLACE: return put(held(), me(), a.position(), now_there(a.position()));
        case v1::ACTION_KIND_DISCARD: return tr("terminalMoves.throwAway", {{"card", held()}});
        case v1::ACTION_KIND_PASS: return pass();
        case v1::ACTION_KIND_KNOCK:
            return tr(hand().phase() == v1::PHASE_CALLING ? "terminalMoves.call" : "terminalMoves.knock");
        case v1::ACTION_KIND_REVEAL_ALL: return tr("terminalMoves.revealAll");
        case v1::ACTION_KIND_LOOK: return tr("terminalMoves.payToLook", {{"spot", spot(me(), a.position())}});
        case v1::ACTION_KIND_USE_POWER: return use_power();
        case v1::ACTION_KIND_MATCH:
        case v1::ACTION_KIND_CLAIM: return match_or_claim(a);
        default: return power_move(a);
    }
}

}  // namespace

std::vector<move_choice> move_choices(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    std::vector<move_choice> out;
    if (!update.has_hand() || update.state() != v1::TABLE_STATE_PLAYING) return out;
    const offered_move_words words{update, rules, utf8};
    for (const v1::Action& a : update.hand().legal())
        out.push_back({a, move_key(a, update.hand()), move_key_aliases(a, update.hand()), words.label(a)});
    return out;
}

std::string kind_words(v1::ActionKind kind) {
    switch (kind) {
        case v1::ACTION_KIND_FLIP: return tr("terminalMoves.kindFlip");
        case v1::ACTION_KIND_PEEK: return tr("terminalMoves.kindPeek");
        case v1::ACTION_KIND_LOOK: return tr("terminalMoves.kindLook");
        case v1::ACTION_KIND_SWAP_OWN: return tr("terminalMoves.kindSwapOwn");
        case v1::ACTION_KIND_PLACE: return tr("terminalMoves.kindPlace");
        case v1::ACTION_KIND_POWER_PEEK: return tr("terminalMoves.kindPowerPeek");
        case v1::ACTION_KIND_POWER_SWAP: return tr("terminalMoves.kindPowerSwap");
        case v1::ACTION_KIND_SHUFFLE: return tr("terminalMoves.kindShuffle");
        case v1::ACTION_KIND_POWER_PLACE: return tr("terminalMoves.kindPowerPlace");
        case v1::ACTION_KIND_POWER_FLIP: return tr("terminalMoves.kindPowerFlip");
        case v1::ACTION_KIND_POWER_LINES: return tr("terminalMoves.kindPowerLines");
        case v1::ACTION_KIND_POWER_ADD: return tr("terminalMoves.kindPowerAdd");
        case v1::ACTION_KIND_POWER_REMOVE: return tr("terminalMoves.kindPowerRemove");
        case v1::ACTION_KIND_CHOOSE_POWER: return tr("terminalMoves.kindChoosePower");
        case v1::ACTION_KIND_MATCH: return tr("terminalMoves.kindMatch");
        case v1::ACTION_KIND_CLAIM: return tr("terminalMoves.kindClaim");
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
