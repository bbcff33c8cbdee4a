#include "cli/play/screen_panes.hpp"

#include <algorithm>
#include <numeric>

#include "cli/play/event_text.hpp"
#include "cli/play/move_choices.hpp"
#include "cli/play/move_keys.hpp"

namespace golf::cli {

std::vector<screen_line> log_pane(const table_picture& picture, const screen_style& style, int width) {
    std::vector<screen_line> out;
    if (!picture.update) return out;
    const std::vector<v1::TableEvent> events = picture.log.latest_hole();
    if (events.empty()) return out;
    const log_reader reader = reader_for(*picture.update, picture.rules ? &*picture.rules : nullptr, style.utf8);
    const std::vector<log_line> lines = log_lines(events, reader);
    screen_line title;
    title.add("what happened in hole " + std::to_string(events.front().hole()) + ":", "\x1b[1m");
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

}  // namespace golf::cli
