#include "cli/play/event_text.hpp"

#include <algorithm>

namespace golf::cli {

namespace {

std::string capital(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// The words of one reader: who, whose, which place, which card.
struct teller {
    const log_reader& r;

    bool mine(int seat) const { return seat >= 0 && seat == r.me; }
    std::string name(int seat) const {
        if (seat >= 0 && static_cast<std::size_t>(seat) < r.names.size() &&
            !r.names[static_cast<std::size_t>(seat)].empty())
            return r.names[static_cast<std::size_t>(seat)];
        return "Seat " + seat_number(seat);  // as the screen numbers seats, from 1
    }
    // The actor as a sentence's subject: "You", "Bob", "The table".
    std::string who(int seat) const { return seat < 0 ? "The table" : mine(seat) ? "You" : name(seat); }
    // The verb after who(): "are"/"is", "have"/"has".
    std::string verb(int seat, const char* you, const char* others) const { return mine(seat) ? you : others; }
    // A seat as an object: "you", "Bob".
    std::string whom(int seat) const { return mine(seat) ? "you" : name(seat); }
    // Whose cards, seen from `actor`'s sentence: "your", "their" (the actor's own), "Bob's".
    std::string whose(int seat, int actor = -2) const {
        if (mine(seat)) return "your";
        return seat == actor ? "their" : name(seat) + "'s";
    }
    layout_shape shape(int seat) const {
        if (seat >= 0 && static_cast<std::size_t>(seat) < r.shapes.size())
            return r.shapes[static_cast<std::size_t>(seat)];
        return r.usual;
    }
    // "their top-left card", "Bob's card at row 2, card 4".
    std::string spot(int seat, std::uint32_t position, int actor = -2) const {
        return card_at(whose(seat, actor), position, shape(seat));
    }
    // "Bob's top-left place", "Bob's place at row 2, card 4".
    std::string place(int seat, std::uint32_t position) const {
        if (has_place_words(shape(seat))) return whose(seat) + " " + place_words(position, shape(seat)) + " place";
        return whose(seat) + " place at " + place_words(position, shape(seat));
    }
    // The event's card as the log may name it: "7♣", or "" when it does not carry one (or memory keeps it out).
    std::string card(const v1::TableEvent& e) const {
        if (!e.has_card() || (r.memory && e.private_card())) return {};
        return card_name(e.card(), r.utf8);
    }
    std::string the(const v1::TableEvent& e, const char* otherwise = "a card") const {
        const std::string c = card(e);
        return c.empty() ? otherwise : "the " + c;
    }
    std::string power_words(const v1::Card& c, int actor) const {
        const v1::PowerKind kind = power_of(r.rules, c);
        if (kind == v1::POWER_KIND_UNSPECIFIED) return {};
        return mine(actor) ? power_text(kind) : power_text_of_others(kind);
    }
};

int target_of(const v1::TableEvent& e) { return e.target_seat() >= 0 ? e.target_seat() : e.seat(); }

bool is(const v1::TableEvent& e, v1::EventKind kind, int seat) { return e.kind() == kind && e.seat() == seat; }

// A turn from its draw: "Bob drew from the stock and put the 7♣ in place of their top-left card, throwing away the
// K♥." Takes the events it tells from `at`.
std::string turn_sentence(const teller& t, std::span<const v1::TableEvent> events, std::size_t& at) {
    const v1::TableEvent& first = events[at];
    const int s = first.seat();
    std::string out = t.who(s);
    std::string named;  // the card the sentence has named so far
    if (first.kind() == v1::EVENT_KIND_DREW_STOCK) {
        named = t.card(first);
        out += " drew from the stock" + (named.empty() ? "" : " (the " + named + ")");
    } else if (first.kind() == v1::EVENT_KIND_TOOK_DISCARD) {
        named = t.card(first);
        out += " took " + t.the(first) + " from the discards";
    }
    const bool drew = first.kind() != v1::EVENT_KIND_PLACED;
    std::size_t next = drew ? at + 1 : at;
    if (next < events.size() && is(events[next], v1::EVENT_KIND_PLACED, s)) {
        const v1::TableEvent& placed = events[next];
        const std::string c = t.card(placed);
        const std::string what = drew && (c.empty() || c == named) ? "it" : c.empty() ? "a card" : "the " + c;
        out += std::string(drew ? " and" : "") + " put " + what + " in place of " +
               t.spot(target_of(placed), placed.position(), s);
        ++next;
        if (next < events.size() && is(events[next], v1::EVENT_KIND_DISCARDED, s)) {
            out += ", throwing away " + t.the(events[next]);
            ++next;
        }
    } else if (drew && next < events.size() && is(events[next], v1::EVENT_KIND_DISCARDED, s)) {
        const std::string c = t.card(events[next]);
        out += !named.empty() && c == named ? " and threw it away" : " and threw away " + t.the(events[next]);
        ++next;
    }
    at = next;
    return out + ".";
}

std::string lines_swapped(const teller& t, const v1::TableEvent& e) {
    const int target = target_of(e);
    const std::uint32_t cols = std::max<std::uint32_t>(t.shape(target).cols, 1);
    const std::string which =
        e.other() < cols
            ? "columns " + std::to_string(e.position() + 1) + " and " + std::to_string(e.other() + 1)
            : "rows " + std::to_string(e.position() / cols + 1) + " and " + std::to_string(e.other() / cols + 1);
    return t.who(e.seat()) + " swapped " + t.whose(target, e.seat()) + " " + which + ".";
}

std::string power_used(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    if (!e.has_card()) return t.who(s) + " " + t.verb(s, "are", "is") + " using a card's power.";
    const std::string words = t.power_words(e.card(), s);
    return t.who(s) + " used the power of the " + card_name(e.card(), t.r.utf8) + (words.empty() ? "" : ": " + words) +
           ".";
}

// The sentence of an event an actor makes with their own cards or turn.
std::string own_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const std::string a = t.who(s);
    const std::string c = t.card(e);
    const std::string seen = c.empty() ? "" : ": " + c;
    switch (e.kind()) {
        case v1::EVENT_KIND_FLIPPED:
            return a + " turned up " + t.spot(target_of(e), e.position(), s) + (c.empty() ? "" : ": the " + c) + ".";
        case v1::EVENT_KIND_PEEKED: return a + " looked at " + t.spot(target_of(e), e.position(), s) + seen + ".";
        case v1::EVENT_KIND_LOOKED: return a + " paid to look at " + t.spot(target_of(e), e.position(), s) + seen + ".";
        case v1::EVENT_KIND_SWAPPED_OWN: {
            const layout_shape shape = t.shape(s);
            if (!has_place_words(shape))
                return a + " swapped " + t.whose(s, s) + " cards at " + place_words(e.position(), shape) + " and " +
                       place_words(e.other(), shape) + ".";
            return a + " swapped " + t.whose(s, s) + " " + place_words(e.position(), shape) + " and " +
                   place_words(e.other(), shape) + " cards.";
        }
        case v1::EVENT_KIND_READY: return a + " " + t.verb(s, "are", "is") + " done rearranging.";
        case v1::EVENT_KIND_DISCARDED: return a + " threw away " + t.the(e) + ".";
        case v1::EVENT_KIND_PASSED: return a + " passed.";
        case v1::EVENT_KIND_KNOCKED: return a + " knocked: everyone else has one more turn.";
        case v1::EVENT_KIND_CALLED: return a + " called: everyone else has one more turn.";
        case v1::EVENT_KIND_REVEALED_ALL: return a + " turned all " + t.whose(s, s) + " cards up.";
        case v1::EVENT_KIND_TURN_SKIPPED: return a + " " + t.verb(s, "miss", "misses") + " a turn.";
        case v1::EVENT_KIND_LINES_REMOVED: return capital(t.whose(s)) + " completed lines left the table.";
        case v1::EVENT_KIND_MATCH_FAILED: return capital(t.whose(s)) + " card did not match.";
        case v1::EVENT_KIND_LAYOUT_EMPTIED: return a + " " + t.verb(s, "have", "has") + " no cards left.";
        case v1::EVENT_KIND_OFFERED: return a + " looked at the next " + std::to_string(e.other()) + " stock cards.";
        case v1::EVENT_KIND_SHIELD_KEPT: return a + " kept " + t.the(e) + " as a shield.";
        case v1::EVENT_KIND_POWER_USED: return power_used(t, e);
        case v1::EVENT_KIND_POWER_CHOSEN: {
            const auto kind = static_cast<v1::PowerKind>(e.position());
            return a + " chose the power: " + (t.mine(s) ? power_text(kind) : power_text_of_others(kind)) + ".";
        }
        case v1::EVENT_KIND_CLAIM_FIRST: return a + " claimed the discard first.";
        case v1::EVENT_KIND_CLOCK_RAN_OUT:
            return capital(t.whose(s)) + " clock ran out: the server played for " + (t.mine(s) ? "you." : "them.");
        default: return {};
    }
}

// The sentence of an event that reaches into another layout, or the table's.
std::string table_sentence(const teller& t, const v1::TableEvent& e) {
    const int s = e.seat();
    const int target = target_of(e);
    const std::string a = t.who(s);
    const std::string c = t.card(e);
    const std::string seen = c.empty() ? "" : ": " + c;
    const std::string hole = std::to_string(e.hole());
    switch (e.kind()) {
        case v1::EVENT_KIND_HOLE_DEALT:
            return "Hole " + hole + " is dealt" +
                   (s >= 0 ? " (" + t.whom(s) + (t.mine(s) ? " deal)." : " deals).") : ".");
        case v1::EVENT_KIND_HAND_OVER: return "Hole " + hole + " is over.";
        case v1::EVENT_KIND_STOCK_RESHUFFLED: return "The discards were shuffled into a new stock.";
        case v1::EVENT_KIND_FINAL_ROUND:
            return s >= 0 ? "Final round: everyone but " + t.whom(s) + " has one more turn."
                          : "Final round: everyone has one more turn.";
        case v1::EVENT_KIND_EXPOSED:
            return capital(t.spot(target, e.position())) + " is turned up" + (c.empty() ? "" : ": the " + c) + ".";
        case v1::EVENT_KIND_SHOWN:
            return capital(t.spot(target, e.position())) + " is shown" + (c.empty() ? "" : ": the " + c) + ".";
        case v1::EVENT_KIND_THROWN:
            return capital(t.the(e)) + " from " + t.place(target, e.position()) + " went onto the discards.";
        case v1::EVENT_KIND_ADDED: {
            const layout_shape shape = t.shape(target);
            return "A card joined " + t.whose(target) + " layout at " + (has_place_words(shape) ? "the " : "") +
                   place_words(e.position(), shape) + (c.empty() ? "" : ": the " + c) + ".";
        }
        case v1::EVENT_KIND_PEEKED_AT: return a + " looked at " + t.spot(target, e.position(), s) + seen + ".";
        case v1::EVENT_KIND_SWAPPED:
            return a + " swapped " + t.spot(target, e.position(), s) + " with " +
                   t.spot(e.other_seat() >= 0 ? e.other_seat() : target, e.other(), s) + ".";
        case v1::EVENT_KIND_SHUFFLED: return a + " shuffled " + t.whose(target, s) + " face-down cards.";
        case v1::EVENT_KIND_GAVE:
            return a + " gave " + t.spot(s, e.other(), s) + " to " + t.whom(target) + ", in place of " +
                   t.spot(target, e.position()) + ".";
        case v1::EVENT_KIND_CALL_CANCELLED:
            return a + " cancelled " + t.whose(static_cast<int>(e.other()), s) + " call.";
        case v1::EVENT_KIND_BLOCKED:
            return capital(t.whose(target)) + " shield" + (c.empty() ? "" : " (the " + c + ")") + " blocked " +
                   t.whose(s) + " power.";
        case v1::EVENT_KIND_TURNED_UP:
            return a + " turned " + t.spot(target, e.position(), s) + " face up" + (c.empty() ? "" : ": the " + c) +
                   ".";
        case v1::EVENT_KIND_TURNED_DOWN:
            return a + " turned " + t.spot(target, e.position(), s) + " face down" +
                   (c.empty() ? "" : " (everyone saw the " + c + ")") + ".";
        case v1::EVENT_KIND_LINES_SWAPPED: return lines_swapped(t, e);
        default: return {};
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
    for (int s = 0; s < update.seats_size(); ++s) r.names.push_back(update.seats(s).name());
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
                    text = "Something happened (event " + std::to_string(static_cast<int>(e.kind())) + ").";
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
