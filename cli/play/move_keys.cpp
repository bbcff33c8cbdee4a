#include "cli/play/move_keys.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "cli/play/play_words.hpp"
#include "words/names.hpp"

namespace golf::cli {

using namespace golf::words;  // the terminal speaks the players' words (words/names.hpp)

namespace {

// One letter per thing a player does; kinds that do the same thing in different phases share it (a start peek, a
// paid look and a power's look are all "l"), and never are legal at the same moment.
char verb(v1::ActionKind kind) {
    switch (kind) {
        case v1::ACTION_KIND_FLIP:
        case v1::ACTION_KIND_POWER_FLIP: return 'f';
        case v1::ACTION_KIND_PEEK:
        case v1::ACTION_KIND_LOOK:
        case v1::ACTION_KIND_POWER_PEEK: return 'l';
        case v1::ACTION_KIND_SWAP_OWN:
        case v1::ACTION_KIND_POWER_SWAP:
        case v1::ACTION_KIND_POWER_LINES: return 'w';
        case v1::ACTION_KIND_READY: return 'o';
        case v1::ACTION_KIND_DRAW_STOCK: return 'd';
        case v1::ACTION_KIND_TAKE_DISCARD: return 't';
        case v1::ACTION_KIND_PLACE:
        case v1::ACTION_KIND_POWER_PLACE: return 'e';
        case v1::ACTION_KIND_DISCARD:
        case v1::ACTION_KIND_POWER_REMOVE: return 'x';
        case v1::ACTION_KIND_PASS: return 'p';
        case v1::ACTION_KIND_KNOCK: return 'k';
        case v1::ACTION_KIND_REVEAL_ALL: return 'r';
        case v1::ACTION_KIND_USE_POWER:
        case v1::ACTION_KIND_CHOOSE_POWER: return 'u';
        case v1::ACTION_KIND_SHUFFLE: return 'z';
        case v1::ACTION_KIND_MATCH: return 'm';
        case v1::ACTION_KIND_CLAIM: return 'j';
        case v1::ACTION_KIND_POWER_ADD: return 'g';
        default: return '?';
    }
}

constexpr std::string_view verbs = "flwodtexpkruzmjg";

struct key_words {
    const v1::HandView& hand;
    std::uint32_t cols() const { return std::max<std::uint32_t>(hand.cols(), 1); }
    bool mine(std::uint32_t seat) const { return static_cast<int>(seat) == hand.viewer(); }
    // "a1" for the viewer's own place, "2a1" for seat 2's (wire seat 1: seats are typed as people count them).
    std::string place(std::uint32_t seat, std::uint32_t position) const {
        return (mine(seat) ? std::string() : seat_number(static_cast<int>(seat))) + place_key(position, cols());
    }
    // POWER_LINES's two rows ("12") or columns ("ac").
    std::string lines(std::uint32_t a, std::uint32_t b) const {
        if (b < cols()) return {static_cast<char>('a' + a), static_cast<char>('a' + b)};
        return std::to_string(a / cols() + 1) + std::to_string(b / cols() + 1);
    }
};

// The places a move names, in the order its key writes them (the viewer's own card first in a swap).
std::vector<std::string> arguments(const v1::Action& a, const key_words& w) {
    const std::uint32_t me = static_cast<std::uint32_t>(std::max(w.hand.viewer(), 0));
    switch (a.kind()) {
        case v1::ACTION_KIND_FLIP:
        case v1::ACTION_KIND_PEEK:
        case v1::ACTION_KIND_LOOK:
        case v1::ACTION_KIND_PLACE:
        case v1::ACTION_KIND_POWER_REMOVE: return {w.place(me, a.position())};
        case v1::ACTION_KIND_SWAP_OWN: return {w.place(me, a.position()), w.place(me, a.other())};
        case v1::ACTION_KIND_POWER_PEEK:
        case v1::ACTION_KIND_POWER_FLIP: return {w.place(a.target_seat(), a.position())};
        case v1::ACTION_KIND_POWER_SWAP: {
            std::vector<std::string> out{w.place(a.target_seat(), a.position()), w.place(a.other_seat(), a.other())};
            if (w.mine(a.other_seat()) && !w.mine(a.target_seat())) std::swap(out[0], out[1]);
            return out;
        }
        case v1::ACTION_KIND_POWER_PLACE: {
            std::vector<std::string> out{w.place(a.target_seat(), a.position())};
            if (w.mine(a.target_seat()) && a.other() > 0) out.push_back(std::to_string(a.other()));  // keep-one's card
            return out;
        }
        case v1::ACTION_KIND_MATCH:
        case v1::ACTION_KIND_CLAIM: {
            std::vector<std::string> out{w.place(a.target_seat(), a.position())};
            if (!w.mine(a.target_seat())) out.push_back(w.place(me, a.other()));  // the card given in exchange
            return out;
        }
        case v1::ACTION_KIND_SHUFFLE:
        case v1::ACTION_KIND_POWER_ADD:
            if (w.mine(a.target_seat())) return {};
            return {seat_number(static_cast<int>(a.target_seat()))};
        case v1::ACTION_KIND_POWER_LINES:
            if (w.mine(a.target_seat())) return {w.lines(a.position(), a.other())};
            return {seat_number(static_cast<int>(a.target_seat())), w.lines(a.position(), a.other())};
        case v1::ACTION_KIND_CHOOSE_POWER: return {std::to_string(a.position())};
        default: return {};
    }
}

std::string joined(char letter, const std::vector<std::string>& args) {
    std::string out(1, letter);
    for (const std::string& arg : args) out += " " + arg;
    return out;
}

}  // namespace

std::string move_key(const v1::Action& action, const v1::HandView& hand) {
    return joined(verb(action.kind()), arguments(action, key_words{hand}));
}

std::vector<std::string> move_key_aliases(const v1::Action& action, const v1::HandView& hand) {
    std::vector<std::string> args = arguments(action, key_words{hand});
    switch (action.kind()) {
        case v1::ACTION_KIND_SWAP_OWN:
        case v1::ACTION_KIND_POWER_SWAP: std::swap(args[0], args[1]); return {joined(verb(action.kind()), args)};
        case v1::ACTION_KIND_POWER_LINES:
            std::reverse(args.back().begin(), args.back().end());
            return {joined(verb(action.kind()), args)};
        default: return {};
    }
}

std::string normalized_key(std::string_view typed) {
    std::string out;
    for (const char c : typed)
        if (c != ' ' && c != '\t') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool looks_like_key(std::string_view typed) {
    const std::string key = normalized_key(typed);
    if (key.empty() || key.size() > 12 || verbs.find(key[0]) == std::string_view::npos) return false;
    return std::all_of(key.begin() + 1, key.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'j'); });
}

std::optional<std::string> seat_problem(std::string_view number, int seats) {
    const bool digits =
        !number.empty() && number.size() <= 3 && number.find_first_not_of("0123456789") == std::string_view::npos;
    const int n = digits ? std::stoi(std::string(number)) : 0;
    if (digits && n >= 1 && n <= seats) return std::nullopt;
    if (seats <= 0) return tr("terminalMoves.noSuchSeat", {{"number", number}});
    return tr("terminalMoves.noSuchSeatOf", {{"number", number}, {"count", std::to_string(seats)}});
}

namespace {

// What was typed, in lower-case words: "L 2A1" is {"l", "2a1"}.
std::vector<std::string> typed_words(std::string_view typed) {
    std::vector<std::string> words(1);
    for (const char c : typed) {
        if (c == ' ' || c == '\t') {
            if (!words.back().empty()) words.emplace_back();
        } else {
            words.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    if (words.back().empty()) words.pop_back();
    return words;
}

// The seat number word `i` of a key names ("2" of "2a1", "3" of "z 3", "2" of "w 2 12"), "" when it names none: a
// number alone is a seat only after z and g and before w's rows or columns (elsewhere a choice, or rows).
std::string_view seat_in(const std::vector<std::string>& words, std::size_t i) {
    const std::string& word = words[i];
    const std::size_t at = word.find_first_not_of("0123456789");
    if (at != std::string::npos) return std::string_view(word).substr(0, at);
    const char letter = words[0][0];
    const bool seat_alone = i == 1 && (letter == 'z' || letter == 'g' || (letter == 'w' && words.size() == 3));
    return seat_alone ? std::string_view(word) : std::string_view();
}

// Whether `word`, past its seat number, is a card position of some layout at the table (layouts may differ: rows
// that grow) or, standing alone, two of its columns ("ac").
bool is_place(const std::string& word, const v1::HandView& hand) {
    std::uint32_t cols = 1, rows = 1;
    for (int s = 0; s < hand.seats_size(); ++s) {
        const layout_shape shape = shape_of(hand, s);
        cols = std::max(cols, shape.cols);
        rows = std::max(rows, (shape.count + shape.cols - 1) / std::max<std::uint32_t>(shape.cols, 1));
    }
    const auto column = [cols](char c) { return c >= 'a' && c < static_cast<char>('a' + cols); };
    const std::size_t at = word.find_first_not_of("0123456789");
    const std::string_view place = std::string_view(word).substr(at);
    if (at == 0 && place.size() == 2 && column(place[0]) && column(place[1])) return true;
    const std::string_view row = place.substr(1);
    return column(place[0]) && !row.empty() && row.size() <= 2 &&
           row.find_first_not_of("0123456789") == std::string_view::npos && std::stoul(std::string(row)) >= 1 &&
           std::stoul(std::string(row)) <= rows;
}

}  // namespace

std::optional<std::string> place_problem(std::string_view typed, const v1::HandView& hand) {
    const std::vector<std::string> words = typed_words(typed);
    if (words.size() < 2 || words[0].size() != 1 || verbs.find(words[0][0]) == std::string_view::npos) return {};
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string_view seat = seat_in(words, i);
        if (!seat.empty())
            if (auto problem = seat_problem(seat, hand.seats_size())) return problem;
        if (words[i].find_first_not_of("0123456789") == std::string::npos) continue;  // a seat, a choice or rows
        if (is_place(words[i], hand)) continue;
        const layout_shape own = shape_of(hand, std::max(hand.viewer(), 0));
        return tr("terminalMoves.notAPosition",
                  {{"typed", words[i]}, {"last", place_key(own.count > 0 ? own.count - 1 : 0, own.cols)}});
    }
    return {};
}

std::string refusal_text(const v1::Error& error) {
    if (!error.message().empty()) return error.message();
    std::string code = v1::ErrorCode_Name(error.code());
    if (code.starts_with("ERROR_CODE_")) code.erase(0, 11);
    return tr("terminalMoves.refused", {{"code", code}});
}

namespace {

// A line of the keys' help: the key in a column of its own (12 columns, UTF-8 counted by characters), then what it
// does.
std::string help_line(const std::string& key, const std::string& words) {
    std::string line = "  " + key;
    const auto width = std::count_if(line.begin(), line.end(), [](char c) { return (c & 0xC0) != 0x80; });
    line.append(static_cast<std::size_t>(std::max<std::ptrdiff_t>(12 - width, 1)), ' ');
    return line + words;
}

}  // namespace

std::vector<std::string> key_help(const v1::HandView* hand) {
    std::string places = tr("terminalMoves.helpYourCards");
    if (hand && hand->viewer() >= 0) {
        const layout_shape own = shape_of(*hand, hand->viewer());
        const std::uint32_t last = own.count > 0 ? own.count - 1 : 0;
        places = tr("terminalMoves.helpYourCardsLast",
                    {{"key", place_key(last, own.cols)}, {"place", place_text(last, own)}});
    }
    // The examples name a seat that is not the reader's: seat 2, or seat 1 for the reader at seat 2.
    const std::string o = seat_number(hand && hand->viewer() == 1 ? 0 : 1);
    const auto with_seat = [&o](const char* key) { return tr(key, {{"seat", o}}); };
    return {
        tr("terminalMoves.helpIntro"),
        places,
        with_seat("terminalMoves.helpOtherSeats"),
        help_line("d", tr("terminalMoves.helpDraw")),
        help_line("t", tr("terminalMoves.helpTake")),
        help_line("e a1", with_seat("terminalMoves.helpPlace")),
        help_line("x", tr("terminalMoves.helpThrow")),
        help_line("f a1", with_seat("terminalMoves.helpFlip")),
        help_line("l a1", with_seat("terminalMoves.helpLook")),
        help_line("w a1 b2", with_seat("terminalMoves.helpSwap")),
        help_line("p", tr("terminalMoves.helpPass")),
        help_line("k", tr("terminalMoves.helpKnock")),
        help_line("r", tr("terminalMoves.helpReveal")),
        help_line("o", tr("terminalMoves.helpReady")),
        help_line("u", tr("terminalMoves.helpPower")),
        help_line("m a1", with_seat("terminalMoves.helpMatch")),
        help_line("j a1", with_seat("terminalMoves.helpClaim")),
        help_line("z " + o, with_seat("terminalMoves.helpShuffle")),
        help_line("g " + o, with_seat("terminalMoves.helpAdd")),
        help_line("n", tr("terminalMoves.helpNext")),
        help_line(tr("terminalMoves.helpChatKey"), tr("terminalMoves.helpChat")),
        "  " + tr("terminalMoves.helpHost"),
        help_line("open " + o, with_seat("terminalMoves.helpOpen")),
        help_line("? or help", tr("terminalMoves.helpKeys")),
    };
}

}  // namespace golf::cli
