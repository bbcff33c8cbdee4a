#include "cli/play/screen_panes.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <numeric>
#include <sstream>

#include "cli/play/event_text.hpp"
#include "cli/play/messages.hpp"
#include "cli/play/move_choices.hpp"
#include "cli/play/move_keys.hpp"
#include "cli/play/play_words.hpp"
#include "cli/play/table_lines.hpp"

namespace golf::cli {

std::vector<screen_line> log_pane(const table_picture& picture, const screen_style& style, int width) {
    std::vector<screen_line> out;
    if (!picture.update) return out;
    const std::vector<v1::TableEvent> events = picture.log.latest_hole();
    if (events.empty()) return out;
    const log_reader reader = reader_for(*picture.update, picture.rules ? &*picture.rules : nullptr, style.utf8);
    const std::vector<log_line> lines = log_lines(events, reader);
    screen_line title;
    title.add(tr("terminal.logTitle", {{"hole", std::to_string(events.front().hole())}}), "\x1b[1m");
    out.push_back(title);
    for (std::size_t i = 0; i < lines.size(); ++i)
        add_wrapped(out, "  " + lines[i].text, width, i + 1 == lines.size() ? "\x1b[1m" : "", "    ");
    return out;
}

namespace {

// One entry of the moves pane: highlighted keys, then words.
struct pane_item {
    std::vector<std::string> keys;
    std::string words;
    std::string label;  // the first move's own words, for a kind with a single move
};

// The items, as many to a line as fit; no line is wider than `width` (the terminal would wrap it).
std::vector<screen_line> pack(const std::vector<pane_item>& items, int width) {
    std::vector<screen_line> out;
    screen_line line;
    const auto next_line = [&] {
        if (line.width > 0) out.push_back(line);
        line = {};
    };
    for (const pane_item& item : items) {
        screen_line measure;
        for (const std::string& key : item.keys) measure.add(" " + key + "  ");
        measure.add(item.words);
        if (line.width > 0 && line.width + 3 + measure.width > width) next_line();
        if (line.width > 0) line.add("   ");
        for (const std::string& key : item.keys) {
            if (line.width > 0 && line.width + static_cast<int>(key.size()) + 3 > width) next_line();  // many keys
            line.add(" " + key + " ", "\x1b[1;7m");
            line.add(" ");
        }
        const int room = width - line.width;
        if (room < 12 && line.width > 0) next_line();
        line.add(clip(item.words, static_cast<std::size_t>(std::max(width - line.width, 1))));
    }
    next_line();
    return out;
}

}  // namespace

std::vector<screen_line> moves_pane(const std::vector<move_choice>& moves, int width, int most_lines) {
    std::vector<pane_item> items;
    for (const move_choice& move : moves) items.push_back({{move.key}, move.label, move.label});
    std::vector<screen_line> out = pack(items, width);
    if (static_cast<int>(out.size()) <= most_lines) return out;
    // Too many to word one by one: the moves of a kind (in the order first listed) share their words.
    items.clear();
    for (const move_choice& move : moves) {
        const std::string words = kind_words(move.action.kind());
        const auto same =
            std::find_if(items.begin(), items.end(), [&](const pane_item& i) { return i.words == words; });
        if (words.empty() || same == items.end()) items.push_back({{move.key}, words, move.label});
        else same->keys.push_back(move.key);
    }
    for (pane_item& item : items)
        if (item.keys.size() == 1) item.words = item.label;
    return pack(items, width);
}

std::vector<screen_line> help_pane(const table_picture& picture, int width) {
    std::vector<screen_line> out;
    const v1::HandView* hand = picture.update && picture.update->has_hand() ? &picture.update->hand() : nullptr;
    const std::vector<std::string> lines = key_help(hand);
    for (std::size_t i = 0; i < lines.size(); ++i)
        add_wrapped(out, lines[i], width, i == 0 ? "\x1b[1m" : "", "            ");
    return out;
}

namespace {

// `lines` cut to `keep`: the title and the latest lines, or the first lines.
std::vector<screen_line> cut(const pane& p, std::size_t keep) {
    const std::vector<screen_line>& lines = p.lines;
    if (keep >= lines.size()) return lines;
    if (keep == 0) return {};
    if (!p.keep_latest) return {lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(keep)};
    auto from = lines.end() - static_cast<std::ptrdiff_t>(keep == 1 ? 1 : keep - 1);
    while (from != lines.end() && from->continues) ++from;  // whole sentences only
    std::vector<screen_line> out;
    if (keep > 1) out.push_back(lines.front());
    out.insert(out.end(), from, lines.end());
    return out;
}

}  // namespace

std::vector<screen_line> share_room(const std::vector<pane>& panes, int room) {
    std::vector<std::size_t> order(panes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return panes[a].rank < panes[b].rank; });
    std::vector<std::size_t> given(panes.size(), 0);
    std::size_t left = static_cast<std::size_t>(std::max(room, 0));
    for (const bool first_round : {true, false}) {
        for (const std::size_t i : order) {
            const std::size_t wanted =
                first_round ? std::min<std::size_t>(static_cast<std::size_t>(std::max(panes[i].least, 0)),
                                                    panes[i].lines.size())
                            : panes[i].lines.size();
            const std::size_t more = std::min(wanted > given[i] ? wanted - given[i] : 0, left);
            given[i] += more;
            left -= more;
        }
    }
    std::vector<screen_line> out;
    for (std::size_t i = 0; i < panes.size(); ++i) {
        const std::vector<screen_line> part = cut(panes[i], given[i]);
        out.insert(out.end(), part.begin(), part.end());
    }
    return out;
}

// ---- the whole screen ----

namespace {

// One card in three columns; a card a cancelling pattern scored as zero is struck through.
void add_card(screen_line& line, const v1::Position& p, const screen_style& style, bool cancelled = false) {
    if (p.empty()) {
        line.add("   ");
        return;
    }
    if (!p.has_card()) {
        line.add(style.utf8 ? "\u2592\u2592\u2592" : "###", "\x1b[34m");
        return;
    }
    const v1::Card& c = p.card();
    std::string face = card_name(c, style.utf8);  // the same name as everywhere, right-aligned
    std::string colour = "\x1b[1m";
    if (c.rank() == 0 || c.rank() > 13) {
        face = style.utf8 ? "Jk\u2605" : "Jk*";  // "joker" does not fit three columns
        colour = "\x1b[1;35m";
    } else {
        if (c.rank() != 10) face = " " + face;
        if (c.suit() == v1::SUIT_DIAMONDS || c.suit() == v1::SUIT_HEARTS) colour = "\x1b[1;31m";
    }
    if (!p.face_up()) colour += "\x1b[4;2m";  // face down but known to you: underlined and dim
    if (cancelled) colour += "\x1b[9;2m";
    line.add(face, colour);
}

std::vector<screen_line> seat_block(const table_picture& picture, int s, int block_width, const screen_style& style) {
    const v1::TableUpdate& update = *picture.update;
    std::vector<screen_line> lines;
    const bool turn =
        hand_in_play(update) && update.hand().current_seat() == s && update.hand().phase() != v1::PHASE_START;
    screen_line name;
    name.add(turn ? (style.utf8 ? "\u25b6 " : "> ") : "  ", "\x1b[1;33m");
    // The seat's number (from 1) comes first: it starts the keys of its cards ("l 2a2"). The colon keeps it apart
    // from a name with a number of its own, as the server's bots have ("2: bot 1 (heuristic)").
    name.add(clip(seat_number(s) + ":" + listed_name(update, s) + seat_tags(picture, update, s),
                  static_cast<std::size_t>(block_width - 2)),
             s == picture.seat ? "\x1b[1;36m" : (turn ? "\x1b[1m" : ""));
    lines.push_back(name);
    if (update.has_hand() && s < update.hand().seats_size()) {
        const v1::HandView& hand = update.hand();
        const v1::SeatLayout& layout = hand.seats(s);
        const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
        const v1::LayoutScore* score =
            hand.phase() == v1::PHASE_OVER && hand.has_result() && s < hand.result().layouts_size()
                ? &hand.result().layouts(s)
                : nullptr;
        screen_line letters;  // column letters over the cards and row numbers beside them: the places' keys
        letters.add("  ");
        for (int c = 0; c < cols; ++c) letters.add(" " + std::string(1, static_cast<char>('a' + c)) + "  ", "\x1b[2m");
        lines.push_back(letters);
        for (int r = 0; r * cols < layout.positions_size(); ++r) {
            screen_line row;
            row.add(std::to_string(r + 1) + (r < 9 ? " " : ""), "\x1b[2m");
            for (int c = 0; c < cols && r * cols + c < layout.positions_size(); ++c) {
                const int i = r * cols + c;
                add_card(row, layout.positions(i), style, score && i < score->cancelled_size() && score->cancelled(i));
                row.add(" ");
            }
            lines.push_back(row);
        }
        screen_line status;
        status.add("  ");
        std::string text;  // the total first; the rest each after two spaces
        if (update.scorecard().totals_size() > s)
            text = tr("terminal.blockTotal", {{"points", std::to_string(update.scorecard().totals(s))}});
        std::vector<std::string> words;
        if (hand.phase() == v1::PHASE_OVER && hand.has_result() && hand.result().scores_size() > s)
            words.push_back(tr("terminal.blockHole", {{"points", std::to_string(hand.result().scores(s))}}));
        if (layout.start_left() > 0 && hand.phase() == v1::PHASE_START)
            words.push_back(tr("terminal.toTurn", {{"count", static_cast<std::int64_t>(layout.start_left())}}));
        if (hand.holding() && hand.current_seat() == s)
            words.push_back(
                tr("terminal.blockHolds", {{"card", hand.has_held() ? card_text(hand.held(), style.utf8) : a_card()}}));
        for (const std::string& w : words) text += "  " + w;
        status.add(clip(text, static_cast<std::size_t>(block_width - 2)), "\x1b[2m");
        lines.push_back(status);
    }
    return lines;
}

// Seats side by side, as many to a row as the width allows; blocks share the width (names and tags fit better),
// within reason.
void add_seats(std::vector<screen_line>& top, const table_picture& picture, const screen_style& style, int width) {
    const v1::TableUpdate& update = *picture.update;
    int block_width = std::clamp(width / std::max(update.seats_size(), 1) - 2, 20, 32);
    if (update.has_hand()) block_width = std::max(block_width, static_cast<int>(update.hand().cols()) * 4 + 4);
    const int per_row = std::max(1, width / (block_width + 2));
    for (int first = 0; first < update.seats_size(); first += per_row) {
        std::vector<std::vector<screen_line>> blocks;
        std::size_t tallest = 0;
        for (int s = first; s < std::min(update.seats_size(), first + per_row); ++s) {
            blocks.push_back(seat_block(picture, s, block_width, style));
            tallest = std::max(tallest, blocks.back().size());
        }
        for (std::size_t i = 0; i < tallest; ++i) {
            screen_line line;
            for (std::size_t b = 0; b < blocks.size(); ++b) {
                line.pad_to(static_cast<int>(b) * (block_width + 2));
                if (i < blocks[b].size()) {
                    line.text += blocks[b][i].text;
                    line.width += blocks[b][i].width;
                }
            }
            top.push_back(line);
        }
    }
}

// Adds `message`, whose {card} is `marker`, with the card drawn in its place by `card`.
constexpr std::string_view card_marker = "\x01";
void add_around(screen_line& line, const std::string& message, const std::function<void()>& card) {
    const std::size_t at = message.find(card_marker);
    line.add(message.substr(0, at));
    if (at == std::string::npos) return;
    card();
    line.add(message.substr(at + card_marker.size()));
}

// "stock 30   discard  7♣   Bob holds ▒▒▒ (from the stock)", the cards drawn as in the layouts.
screen_line pile_line(const v1::TableUpdate& update, const screen_style& style) {
    const v1::HandView& hand = update.hand();
    const auto shown = [&](const v1::Card& c) {
        v1::Position p;
        p.set_face_up(true);
        *p.mutable_card() = c;
        return p;
    };
    screen_line piles;
    add_around(piles,
               tr("terminal.screenPiles", {{"stock", std::to_string(hand.stock_count())}, {"card", card_marker}}), [&] {
                   if (hand.has_top_discard()) add_card(piles, shown(hand.top_discard()), style);
                   else piles.add(tr("terminal.noDiscard"));
               });
    if (hand.holding()) {
        piles.add("   ");
        add_around(piles,
                   tr("terminal.screenHolds", {{"from", hand.held_from_discard() ? "discards" : "stock"},
                                               {"name", seat_label(update, hand.current_seat())},
                                               {"card", card_marker}}),
                   [&] {
                       if (hand.has_held()) add_card(piles, shown(hand.held()), style);
                       else piles.add(style.utf8 ? "\u2592\u2592\u2592" : "###", "\x1b[34m");
                   });
    }
    return piles;
}

// The piles, the held card, the final round, the power in use, the claims and a finished hole's scores.
void add_hand(std::vector<screen_line>& top, const table_picture& picture, const screen_style& style, int width) {
    const v1::TableUpdate& update = *picture.update;
    if (update.has_hand() && update.state() != v1::TABLE_STATE_WAITING) {
        const v1::HandView& hand = update.hand();
        top.push_back(pile_line(update, style));
        if (hand.final_round() && hand_in_play(update)) {
            screen_line banner;
            banner.add(" " + final_round_text(update) + " ", "\x1b[1;30;43m");
            top.push_back(banner);
        }
        if (const std::string power = power_line(update, style.utf8); !power.empty())
            add_wrapped(top, power, width, "\x1b[1;35m");
        if (const std::string claims = claim_window_line(picture); !claims.empty()) {
            screen_line bar;
            bar.add(claims + " ", "\x1b[1;33m");
            // The countdown as a bar that empties.
            const long long whole = std::max<long long>(update.claim_window().window_ms(), 1);
            const auto passed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                                      picture.update_at);
            const long long left =
                std::max<long long>(0, static_cast<long long>(update.claim_window().remaining_ms()) - passed.count());
            const int cells = static_cast<int>(std::clamp<long long>(20 * left / whole, 0, 20));
            std::string cells_text;
            for (int i = 0; i < cells; ++i) cells_text += style.utf8 ? "\u2588" : "=";
            bar.add(cells_text, "\x1b[33m");
            top.push_back(bar);
        }
        if (const std::string claim = claim_outcome_line(update); !claim.empty())
            add_wrapped(top, claim, width, "\x1b[1m");
        if (const std::string result = result_text(update); !result.empty()) {
            std::istringstream lines(result);
            for (std::string line; std::getline(lines, line);) add_wrapped(top, line, width);
        }
    }
}

// The header, every seat's layout, the piles and what is going on (power, claims, final round, scores, notes).
std::vector<screen_line> table_lines(const table_picture& picture, const screen_style& style, int width) {
    std::vector<screen_line> top;
    screen_line header;
    header.add(" golf ", "\x1b[1;30;42m");
    if (!picture.update) {
        header.add("  " + tr("terminal.connectingTo", {{"url", picture.url}}));
        top.push_back(header);
        return top;
    }
    const v1::TableUpdate& update = *picture.update;
    std::string title = "  " + tr("terminal.headerTable", {{"code", update.code()}}) + "  " + picture.preset + "  " +
                        state_name(update.state());
    if (update.has_hand() && update.state() != v1::TABLE_STATE_WAITING)
        title += "  " + tr("terminal.headerHole", {{"hole", std::to_string(update.hand().hole())}});
    if (update.spectators() > 0)
        title += "  " + tr("terminal.headerWatching", {{"count", static_cast<std::int64_t>(update.spectators())}});
    header.add(title);
    const std::string clock = clock_text(picture);
    if (!clock.empty()) {
        screen_line measure;  // the clock's width in columns, not bytes
        measure.add(clock);
        header.pad_to(width - measure.width - 1);
        header.add(clock, "\x1b[1;33m");
    }
    top.push_back(header);
    top.emplace_back();
    add_seats(top, picture, style, width);
    top.emplace_back();
    add_hand(top, picture, style, width);
    // The server's note is English: in another language the move log says the same.
    if (!update.note().empty() && current_language() == "en") add_wrapped(top, update.note(), width, "\x1b[2m");
    for (const std::string& glimpse : picture.glimpses)
        add_wrapped(top, tr("terminal.seenOnceScreen", {{"text", glimpse}}), width, "\x1b[1;35m");
    if (const std::string wait = next_hole_line(picture); !wait.empty()) add_wrapped(top, wait, width, "\x1b[1;33m");
    return top;
}

// The log, the scorecard and the chat, sharing what the table and the prompt leave: during a hole the log comes
// first, between holes the scorecard.
std::vector<screen_line> middle_lines(const table_picture& picture, const screen_style& style, int width, int room) {
    const v1::TableUpdate& update = *picture.update;
    const bool playing = update.state() == v1::TABLE_STATE_PLAYING;
    pane scores{{}, playing ? 2 : 0, playing ? 0 : 4, false};
    if (update.scorecard().holes_size() > 0) {
        std::istringstream lines(plain_scorecard(update, style.utf8));
        const std::string title = tr("terminal.scorecardTitle");
        for (std::string line; std::getline(lines, line);)
            add_wrapped(scores.lines, clip(line, static_cast<std::size_t>(width)), width,
                        line == title ? "\x1b[1m" : "");
    }
    pane log{log_pane(picture, style, width), playing ? 0 : 1, 4, true};
    pane chat{{}, 1, 3, true};
    if (!picture.chat.shown().empty()) {
        screen_line title_line;
        title_line.add(tr("terminal.chatTitle"), "\x1b[1m");
        chat.lines.push_back(title_line);
        for (const std::string& line : picture.chat.shown()) add_wrapped(chat.lines, "  " + line, width, {}, "    ");
    }
    return share_room({scores, log, chat}, room);
}

}  // namespace

std::string screen_frame(const table_picture& picture, const screen_style& style) {
    const int width = std::max(style.width, 40);
    const int height = std::max(style.height, 10);
    std::vector<screen_line> top;
    std::vector<screen_line> bottom;
    if (picture.help) {
        top = table_lines(picture, style, width);
        top.resize(1);  // the header; the keys take the rest
        const std::vector<screen_line> help = help_pane(picture, width);
        top.insert(top.end(), help.begin(), help.end());
    } else {
        top = table_lines(picture, style, width);
        if (picture.update) bottom = moves_pane(picture_moves(picture), width, std::max(3, height / 5));
    }
    if (!picture.notice.empty()) add_wrapped(bottom, picture.notice, width, "\x1b[1;31m");
    screen_line prompt;
    prompt.add(
        clip(picture.help ? tr("terminal.promptHelpOpen") : prompt_line(picture), static_cast<std::size_t>(width)),
        "\x1b[2m");
    bottom.push_back(prompt);
    screen_line input;
    input.add("> ", "\x1b[1m");
    input.add(picture.input);
    bottom.push_back(input);

    // Keep the table and the prompt; the log, the scorecard and the chat get what room is left.
    std::vector<screen_line> all = std::move(top);
    if (picture.update && !picture.help) {
        const std::vector<screen_line> middle =
            middle_lines(picture, style, width, height - static_cast<int>(all.size() + bottom.size()));
        all.insert(all.end(), middle.begin(), middle.end());
    }
    const int free_lines = height - static_cast<int>(all.size() + bottom.size());
    for (int i = 0; i < free_lines; ++i) all.emplace_back();
    if (all.size() + bottom.size() > static_cast<std::size_t>(height))
        all.resize(static_cast<std::size_t>(std::max<int>(0, height - static_cast<int>(bottom.size()))));
    all.insert(all.end(), bottom.begin(), bottom.end());
    if (all.size() > static_cast<std::size_t>(height)) all.erase(all.begin(), all.end() - height);

    std::string frame = "\x1b[H";
    for (std::size_t i = 0; i < all.size(); ++i) {
        frame += all[i].text;
        frame += "\x1b[K";
        if (i + 1 < all.size()) frame += "\r\n";
    }
    frame += "\x1b[?25h";  // the cursor stays after the input, where the user types
    return frame;
}

}  // namespace golf::cli
