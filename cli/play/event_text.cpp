#include "cli/play/event_text.hpp"

#include <algorithm>

#include "cli/play/play_words.hpp"

namespace golf::cli {

namespace {

// A sentence that starts with a name, capitalized as the sentence's start: "Bot 1's card did not match."
std::string capital(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// The words of one reader: who, whose, which place, which card.
struct teller {
    const log_reader& r;

    bool mine(int seat) const { return seat >= 0 && seat == r.me; }
    std::string name(int seat) const {
        const bool named = seat >= 0 && static_cast<std::size_t>(seat) < r.names.size();
        return seat_label(named ? r.names[static_cast<std::size_t>(seat)] : std::string(), seat);
    }
    // The catalogues' select value for a sentence's subject: "you" (the reader) or "other".
    const char* actor(int seat) const { return mine(seat) ? "you" : "other"; }
    // The subject's name when it is not the reader: "Bob", "The table".
    std::string who(int seat) const { return seat < 0 ? tr("terminalLog.theTable") : name(seat); }
    // Whose cards, seen from `actor`'s sentence: "your", "their" (the actor's own), "Bob's".
    owner whose(int seat, int actor = -2) const {
        if (mine(seat)) return owner::yours();
        return seat == actor ? owner::theirs() : owner::of(name(seat));
    }
    layout_shape shape(int seat) const {
        if (seat >= 0 && static_cast<std::size_t>(seat) < r.shapes.size())
            return r.shapes[static_cast<std::size_t>(seat)];
        return r.usual;
    }
    // "their top-left card", "Bob's card at row 2, card 4"; `subject` for one that starts a sentence.
    std::string spot(int seat, std::uint32_t position, int actor = -2, bool subject = false) const {
        return card_at_text(whose(seat, actor), position, shape(seat), subject);
    }
    // The event's card as the log may name it: "7♣", or "" when it does not carry one (or memory keeps it out).
    std::string card(const v1::TableEvent& e) const {
        if (!e.has_card() || (r.memory && e.private_card())) return {};
        return card_text(e.card(), r.utf8);
    }
    // "the 7♣", or "a card" when the log may not name it.
    std::string the(const v1::TableEvent& e) const {
        const std::string c = card(e);
        return c.empty() ? a_card() : tr("terminalWords.theCard", {{"card", c}});
    }
    std::string card_power(const v1::Card& c, int actor) const {
        const v1::PowerKind kind = power_of(r.rules, c);
        if (kind == v1::POWER_KIND_UNSPECIFIED) return {};
        return power_words(kind, mine(actor));
    }
    // A sentence whose subject is the seat: "You passed.", "Bob knocked: ..."
    std::string said(const char* key, int seat) const { return tr(key, {{"actor", actor(seat)}, {"name", who(seat)}}); }
    // The same with one more value: "Bob threw away the Q♦."
    std::string said(const char* key, int seat, std::string_view what, std::string_view value) const {
        return tr(key, {{"actor", actor(seat)}, {"name", who(seat)}, {what, value}});
    }
};

int target_of(const v1::TableEvent& e) { return e.target_seat() >= 0 ? e.target_seat() : e.seat(); }

bool is(const v1::TableEvent& e, v1::EventKind kind, int seat) { return e.kind() == kind && e.seat() == seat; }

// The draw that starts a turn, without its subject: "drew from the stock (the 7♣)", "took a card from the discards".
std::string draw_words(const teller& t, const v1::TableEvent& first, const std::string& named) {
    const int s = first.seat();
    if (first.kind() == v1::EVENT_KIND_TOOK_DISCARD)
        return tr("terminalLog.takeDiscard", {{"actor", t.actor(s)}, {"card", t.the(first)}});
    if (named.empty()) return tr("terminalLog.drawStock", {{"actor", t.actor(s)}});
    return tr("terminalLog.drawStockSeen", {{"actor", t.actor(s)}, {"card", named}});
}

// A turn from its draw: "Bob drew from the stock and put the 7♣ in place of their top-left card, throwing away the
// K♥." Takes the events it tells from `at`.
std::string turn_sentence(const teller& t, std::span<const v1::TableEvent> events, std::size_t& at) {
    const v1::TableEvent& first = events[at];
    const int s = first.seat();
    const bool drew = first.kind() != v1::EVENT_KIND_PLACED;
    const std::string named = drew ? t.card(first) : std::string();  // the card the sentence has named so far
    const std::string draw = drew ? draw_words(t, first, named) : std::string();
    std::size_t next = drew ? at + 1 : at;
    std::string out;
    if (next < events.size() && is(events[next], v1::EVENT_KIND_PLACED, s)) {
        const v1::TableEvent& placed = events[next];
        const std::string c = t.card(placed);
        const bool it = drew && (c.empty() || c == named);
        const std::string card = c.empty() ? a_card() : t.the(placed);
        const std::string spot = t.spot(target_of(placed), placed.position(), s);
        ++next;
        const bool threw = next < events.size() && is(events[next], v1::EVENT_KIND_DISCARDED, s);
        const std::string thrown = threw ? t.the(events[next]) : std::string();
        if (threw) ++next;
        const char* key = it     ? (threw ? "terminalLog.turnDrawPutItThrew" : "terminalLog.turnDrawPutIt")
                          : drew ? (threw ? "terminalLog.turnDrawPutThrew" : "terminalLog.turnDrawPut")
                                 : (threw ? "terminalLog.turnPutThrew" : "terminalLog.turnPut");
        out = tr(key, {{"actor", t.actor(s)},
                       {"name", t.who(s)},
                       {"draw", draw},
                       {"card", card},
                       {"spot", spot},
                       {"thrown", thrown}});
    } else if (drew && next < events.size() && is(events[next], v1::EVENT_KIND_DISCARDED, s)) {
        const std::string c = t.card(events[next]);
        const bool it = !named.empty() && c == named;
        out = tr(it ? "terminalLog.turnDrawThrewIt" : "terminalLog.turnDrawThrew",
                 {{"actor", t.actor(s)}, {"name", t.who(s)}, {"draw", draw}, {"thrown", t.the(events[next])}});
        ++next;
    } else {
        out = tr("terminalLog.turnDraw", {{"actor", t.actor(s)}, {"name", t.who(s)}, {"draw", draw}});
    }
    at = next;
    return out;
}

std::string lines_swapped(const teller& t, const v1::TableEvent& e) {
    const int target = target_of(e);
    const std::uint32_t cols = std::max<std::uint32_t>(t.shape(target).cols, 1);
    const bool columns = e.other() < cols;
    const std::string lines = columns
                                  ? lines_of(t.whose(target, e.seat()), false, std::to_string(e.position() + 1),
                                             std::to_string(e.other() + 1))
                                  : lines_of(t.whose(target, e.seat()), true, std::to_string(e.position() / cols + 1),
                                             std::to_string(e.other() / cols + 1));
    return t.said("terminalLog.swappedLines", e.seat(), "lines", lines);
}

std::string power_used(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    if (!e.has_card()) return t.said("terminalLog.usingPower", s);
    const std::string words = t.card_power(e.card(), s);
    return tr(words.empty() ? "terminalLog.usedPower" : "terminalLog.usedPowerWords",
              {{"actor", t.actor(s)}, {"name", t.who(s)}, {"card", card_text(e.card(), t.r.utf8)}, {"power", words}});
}

// A sentence about a card the actor saw, "Bob looked at your top-left card", with the card when the reader may
// know it ("You looked at Bob's top-left card: 7♣.").
std::string seen_sentence(const teller& t, const v1::TableEvent& e, const char* key, const char* seen_key) {
    const int s = e.seat();
    const std::string c = t.card(e);
    return tr(
        c.empty() ? key : seen_key,
        {{"actor", t.actor(s)}, {"name", t.who(s)}, {"spot", t.spot(target_of(e), e.position(), s)}, {"card", c}});
}

std::string swapped_own(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const layout_shape shape = t.shape(s);
    return tr(has_place_words(shape) ? "terminalLog.swappedOwn" : "terminalLog.swappedOwnGrid",
              {{"actor", t.actor(s)},
               {"name", t.who(s)},
               {"first", place_text(e.position(), shape)},
               {"second", place_text(e.other(), shape)}});
}

// The sentence of an event an actor makes with their own cards or turn.
std::string own_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    switch (e.kind()) {
        case v1::EVENT_KIND_FLIPPED: return seen_sentence(t, e, "terminalLog.flipped", "terminalLog.flippedSeen");
        case v1::EVENT_KIND_PEEKED: return seen_sentence(t, e, "terminalLog.lookedAt", "terminalLog.lookedAtSeen");
        case v1::EVENT_KIND_LOOKED: return seen_sentence(t, e, "terminalLog.paidToLook", "terminalLog.paidToLookSeen");
        case v1::EVENT_KIND_SWAPPED_OWN: return swapped_own(t, e);
        case v1::EVENT_KIND_READY: return t.said("terminalLog.ready", s);
        case v1::EVENT_KIND_DISCARDED: return t.said("terminalLog.threwAway", s, "card", t.the(e));
        case v1::EVENT_KIND_PASSED: return t.said("terminalLog.passed", s);
        case v1::EVENT_KIND_KNOCKED: return t.said("terminalLog.knocked", s);
        case v1::EVENT_KIND_CALLED: return t.said("terminalLog.called", s);
        case v1::EVENT_KIND_REVEALED_ALL: return t.said("terminalLog.revealedAll", s);
        case v1::EVENT_KIND_TURN_SKIPPED: return t.said("terminalLog.turnSkipped", s);
        case v1::EVENT_KIND_LINES_REMOVED:
            return capital(tr("terminalLog.linesRemoved", {{"actor", t.actor(s)}, {"name", t.name(s)}}));
        case v1::EVENT_KIND_MATCH_FAILED:
            return capital(tr("terminalLog.matchFailed", {{"actor", t.actor(s)}, {"name", t.name(s)}}));
        case v1::EVENT_KIND_LAYOUT_EMPTIED: return t.said("terminalLog.layoutEmptied", s);
        case v1::EVENT_KIND_OFFERED:
            return tr("terminalLog.offered",
                      {{"actor", t.actor(s)}, {"name", t.who(s)}, {"count", static_cast<std::int64_t>(e.other())}});
        case v1::EVENT_KIND_SHIELD_KEPT: return t.said("terminalLog.shieldKept", s, "card", t.the(e));
        case v1::EVENT_KIND_POWER_USED: return power_used(t, e);
        case v1::EVENT_KIND_POWER_CHOSEN:
            return t.said("terminalLog.chosePower", s, "power",
                          power_words(static_cast<v1::PowerKind>(e.position()), t.mine(s)));
        case v1::EVENT_KIND_CLAIM_FIRST: return t.said("terminalLog.claimedFirst", s);
        case v1::EVENT_KIND_CLOCK_RAN_OUT:
            return capital(tr("terminalLog.clockRanOut", {{"actor", t.actor(s)}, {"name", t.name(s)}}));
        default: return {};
    }
}

// Sentences of the table's own events: a hole dealt and over, the stock made again, the final round.
std::string hole_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const std::string hole = std::to_string(e.hole());
    switch (e.kind()) {
        case v1::EVENT_KIND_HOLE_DEALT:
            if (s < 0) return tr("terminalLog.holeDealt", {{"hole", hole}});
            return tr("terminalLog.holeDealtBy", {{"actor", t.actor(s)}, {"name", t.name(s)}, {"hole", hole}});
        case v1::EVENT_KIND_HAND_OVER: return tr("terminalLog.holeOver", {{"hole", hole}});
        case v1::EVENT_KIND_STOCK_RESHUFFLED: return tr("terminalLog.stockReshuffled");
        case v1::EVENT_KIND_FINAL_ROUND:
            if (s < 0) return tr("terminalLog.finalRound");
            return tr("terminalLog.finalRoundBut", {{"actor", t.actor(s)}, {"name", t.name(s)}});
        default: return {};
    }
}

// A card of a layout shown to everyone, or thrown, or added: "Bob's top-left card is turned up: the 7♣."
std::string layout_sentence(const teller& t, const v1::TableEvent& e) {
    const int target = target_of(e);
    const std::string c = t.card(e);
    switch (e.kind()) {
        case v1::EVENT_KIND_EXPOSED:
        case v1::EVENT_KIND_SHOWN: {
            const bool exposed = e.kind() == v1::EVENT_KIND_EXPOSED;
            const char* key = exposed ? (c.empty() ? "terminalLog.exposed" : "terminalLog.exposedSeen")
                                      : (c.empty() ? "terminalLog.shown" : "terminalLog.shownSeen");
            return capital(tr(key, {{"spot", t.spot(target, e.position(), -2, true)}, {"card", c}}));
        }
        case v1::EVENT_KIND_THROWN:
            return tr(c.empty() ? "terminalLog.thrown" : "terminalLog.thrownSeen",
                      {{"card", c}, {"place", place_at_text(t.whose(target), e.position(), t.shape(target))}});
        case v1::EVENT_KIND_ADDED: {
            const bool words = has_place_words(t.shape(target));
            const char* key = words ? (c.empty() ? "terminalLog.added" : "terminalLog.addedSeen")
                                    : (c.empty() ? "terminalLog.addedGrid" : "terminalLog.addedGridSeen");
            const owner o = t.whose(target);
            return tr(key, {{"owner", o.who},
                            {"name", o.name},
                            {"place", place_text(e.position(), t.shape(target))},
                            {"card", c}});
        }
        default: return {};
    }
}

// "Bob's shield (the 5♠) blocked your power."
std::string blocked_sentence(const teller& t, const v1::TableEvent& e) {
    const owner shield = t.whose(target_of(e));
    const owner attacker = t.whose(e.seat());
    const std::string c = t.card(e);
    const std::string sentence =
        tr(c.empty() ? "terminalLog.blocked" : "terminalLog.blockedSeen", {{"owner", shield.who},
                                                                           {"ownerName", shield.name},
                                                                           {"attacker", attacker.who},
                                                                           {"attackerName", attacker.name},
                                                                           {"card", c}});
    return capital(sentence);
}

// "You gave your top-left card to Bob, in place of Bob's top-right card."
std::string gave_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const int target = target_of(e);
    return tr("terminalLog.gave", {{"actor", t.actor(s)},
                                   {"name", t.who(s)},
                                   {"given", t.spot(s, e.other(), s)},
                                   {"recipient", t.actor(target)},
                                   {"recipientName", t.name(target)},
                                   {"spot", t.spot(target, e.position())}});
}

// The sentence of an event that reaches into another layout, or the table's.
std::string table_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const int target = target_of(e);
    switch (e.kind()) {
        case v1::EVENT_KIND_PEEKED_AT: return seen_sentence(t, e, "terminalLog.lookedAt", "terminalLog.lookedAtSeen");
        case v1::EVENT_KIND_SWAPPED:
            return tr("terminalLog.swapped",
                      {{"actor", t.actor(s)},
                       {"name", t.who(s)},
                       {"first", t.spot(target, e.position(), s)},
                       {"second", t.spot(e.other_seat() >= 0 ? e.other_seat() : target, e.other(), s)}});
        case v1::EVENT_KIND_SHUFFLED:
            return t.said("terminalLog.shuffled", s, "cards", face_down_cards_of(t.whose(target, s)));
        case v1::EVENT_KIND_GAVE: return gave_sentence(t, e);
        case v1::EVENT_KIND_CALL_CANCELLED: {
            const owner o = t.whose(static_cast<int>(e.other()), s);
            return tr("terminalLog.callCancelled",
                      {{"actor", t.actor(s)}, {"name", t.who(s)}, {"owner", o.who}, {"ownerName", o.name}});
        }
        case v1::EVENT_KIND_BLOCKED: return blocked_sentence(t, e);
        case v1::EVENT_KIND_TURNED_UP: return seen_sentence(t, e, "terminalLog.turnedUp", "terminalLog.turnedUpSeen");
        case v1::EVENT_KIND_TURNED_DOWN:
            return seen_sentence(t, e, "terminalLog.turnedDown", "terminalLog.turnedDownSeen");
        case v1::EVENT_KIND_LINES_SWAPPED: return lines_swapped(t, e);
        default: {
            const std::string hole = hole_sentence(t, e);
            return hole.empty() ? layout_sentence(t, e) : hole;
        }
    }
}

// The events another one's sentence already tells: the FLIPPED before a REVEALED_ALL, the SWAPPED before a
// LINES_SWAPPED, each of the same actor.
std::vector<bool> told_by_others(std::span<const v1::TableEvent> events) {
    std::vector<bool> told(events.size(), false);
    for (std::size_t i = 0; i < events.size(); ++i) {
        const v1::EventKind part = events[i].kind() == v1::EVENT_KIND_REVEALED_ALL    ? v1::EVENT_KIND_FLIPPED
                                   : events[i].kind() == v1::EVENT_KIND_LINES_SWAPPED ? v1::EVENT_KIND_SWAPPED
                                                                                      : v1::EVENT_KIND_UNSPECIFIED;
        if (part == v1::EVENT_KIND_UNSPECIFIED) continue;
        for (std::size_t j = i; j > 0 && is(events[j - 1], part, events[i].seat()); --j) told[j - 1] = true;
    }
    return told;
}

}  // namespace

log_reader reader_for(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    log_reader r;
    r.me = update.your_seat();
    for (int s = 0; s < update.seats_size(); ++s)
        r.names.push_back(update.seats(s).name().empty() ? std::string() : seat_label(update, s));
    if (update.has_hand()) {
        const v1::HandView& hand = update.hand();
        r.usual = layout_shape{std::max<std::uint32_t>(hand.cols(), 1), hand.rows() * hand.cols()};
        for (int s = 0; s < hand.seats_size(); ++s) r.shapes.push_back(shape_of(hand, s));
    }
    r.rules = rules;
    r.memory = rules && rules->peeks_shown_once();
    r.utf8 = utf8;
    return r;
}

std::vector<log_line> log_lines(std::span<const v1::TableEvent> events, const log_reader& reader) {
    const teller t{reader};
    const std::vector<bool> told = told_by_others(events);
    std::vector<log_line> out;
    for (std::size_t at = 0; at < events.size();) {
        if (told[at]) {
            ++at;
            continue;
        }
        const v1::TableEvent& e = events[at];
        std::string text;
        switch (e.kind()) {
            case v1::EVENT_KIND_DREW_STOCK:
            case v1::EVENT_KIND_TOOK_DISCARD:
            case v1::EVENT_KIND_PLACED: text = turn_sentence(t, events, at); break;
            default:
                text = own_sentence(t, e);
                if (text.empty()) text = table_sentence(t, e);
                if (text.empty())
                    text = tr("terminalLog.somethingHappened", {{"kind", std::to_string(static_cast<int>(e.kind()))}});
                ++at;
        }
        out.push_back({e.hole(), e.index(), events[at - 1].index(), std::move(text)});
    }
    return out;
}

std::vector<std::string> event_sentences(const v1::TableUpdate& update, const v1::Ruleset* rules, bool utf8) {
    const std::vector<v1::TableEvent> events(update.events().begin(), update.events().end());
    std::vector<std::string> out;
    for (log_line& line : log_lines(events, reader_for(update, rules, utf8))) out.push_back(std::move(line.text));
    return out;
}

std::vector<std::string> glimpses(std::span<const v1::TableEvent> events, const log_reader& reader) {
    std::vector<std::string> out;
    if (!reader.memory) return out;
    log_reader shown = reader;
    shown.memory = false;
    for (const v1::TableEvent& e : events) {
        if (!e.has_card() || !e.private_card()) continue;
        for (log_line& line : log_lines(std::span(&e, 1), shown)) out.push_back(std::move(line.text));
    }
    return out;
}

}  // namespace golf::cli
