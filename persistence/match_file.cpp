#include "persistence/match_file.hpp"

#include <algorithm>
#include <charconv>
#include <exception>
#include <optional>
#include <set>
#include <vector>

#include "engine/action_log.hpp"
#include "engine/ruleset.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::persistence {

namespace {

constexpr std::string_view magic = "golf-match-record";
constexpr int format_version = 1;

// Bounds that no real match comes near, so a hostile file costs little to refuse.
constexpr std::size_t max_text = 64u << 20;
constexpr std::size_t max_line = 4u << 20;  // an action log of a few hundred thousand moves
constexpr std::size_t max_rules = 1000;     // the ruleset has about seventy options
constexpr int max_holes = 10000;
constexpr std::size_t max_seats = static_cast<std::size_t>(max_seats_limit);

// Free text (names, codes, option lines) as one word: bytes outside '!'..'~' and '%' become %XX; the empty text is
// "-", and a text that is just "-" is "%2D".
std::string escape(std::string_view text) {
    if (text.empty()) return "-";
    if (text == "-") return "%2D";
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (const char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        if (byte < 0x21 || byte > 0x7E || byte == '%') {
            out += '%';
            out += hex[byte >> 4];
            out += hex[byte & 0x0F];
        } else {
            out += ch;
        }
    }
    return out;
}

int hex_digit(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

std::optional<std::string> unescape(std::string_view word) {
    if (word == "-") return std::string();
    std::string out;
    out.reserve(word.size());
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (word[i] != '%') {
            out += word[i];
            continue;
        }
        if (i + 2 >= word.size()) return std::nullopt;
        const int high = hex_digit(word[i + 1]);
        const int low = hex_digit(word[i + 2]);
        if (high < 0 || low < 0) return std::nullopt;
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return out;
}

std::string seed_text(std::uint64_t seed) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "0x";
    for (int shift = 60; shift >= 0; shift -= 4) out += hex[(seed >> shift) & 0x0F];
    return out;
}

std::string int_list(const std::vector<int>& values) {
    std::string out;
    for (const int v : values) {
        if (!out.empty()) out += ' ';
        out += std::to_string(v);
    }
    return out;
}

std::size_t count_words(std::string_view text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), ' ')) + 1;
}

// The words of a value; callers count them first, so a hostile line never becomes millions of words.
std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> out;
    while (true) {
        const auto space = text.find(' ');
        out.push_back(text.substr(0, space));
        if (space == std::string_view::npos) break;
        text.remove_prefix(space + 1);
    }
    return out;
}

template <class Int>
std::optional<Int> parse_number(std::string_view text) {
    Int value{};
    if (text.empty() || text.front() == '+') return std::nullopt;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// Walks the record line by line; every failure is "line N: ..." and stops the walk. line_ is always the first line
// not yet consumed: each step checks the current line, then advance()s (the record must go on until 'end').
class reader {
public:
    explicit reader(std::string_view text) : rest_(text) {}

    std::variant<match_detail, std::string> read() {
        if (rest_.size() > max_text)
            return "the record is " + std::to_string(rest_.size()) + " bytes, more than any match needs";
        match_detail detail;
        if (!read_all(detail)) return error_;
        return detail;
    }

private:
    bool read_all(match_detail& out) {
        match_summary& summary = out.summary;
        if (!next()) return fail("the record is empty (expected '" + std::string(magic) + " 1')");
        if (!read_magic() || !advance()) return false;  // the magic line is compared whole, bytes and all

        std::string_view value;
        if (!field("match", value)) return false;
        const auto id = parse_number<std::int64_t>(value);
        if (!id || *id < 0) return fail("expected a match number (got '" + shown(value) + "')");
        summary.id = *id;

        if (!advance() || !field("table", value) || !text_word(value, summary.table_code)) return false;
        if (!advance() || !field("preset", value) || !text_word(value, summary.preset)) return false;
        if (!advance() || !field("started", value)) return false;
        const auto started = parse_number<std::int64_t>(value);
        if (!started) return fail("expected unix seconds (got '" + shown(value) + "')");
        summary.started_at = *started;
        if (!advance() || !field("ended", value)) return false;
        if (value != "-") {
            const auto ended = parse_number<std::int64_t>(value);
            if (!ended) return fail("expected unix seconds or '-' (got '" + shown(value) + "')");
            summary.ended_at = *ended;
        }
        if (!advance() || !field("abandoned", value)) return false;
        if (value != "yes" && value != "no") return fail("expected 'abandoned yes' or 'abandoned no'");
        if (value == "yes" && !summary.ended_at) return fail("an abandoned match needs its 'ended' time");
        summary.abandoned = value == "yes";
        if (!advance() || !field("winner", value)) return false;
        std::optional<int> winner;
        const std::size_t winner_line = number_;
        if (value != "-") {
            winner = parse_number<int>(value);
            if (!winner || *winner < 0) return fail("expected a seat number or '-' (got '" + shown(value) + "')");
        }
        if (!advance() || !field("final", value)) return false;
        const std::size_t final_line = number_;
        const std::string_view finals = value;
        if (!advance()) return false;

        if (!read_seats(summary)) return false;
        const std::size_t seats = summary.seats.size();
        if (winner && static_cast<std::size_t>(*winner) >= seats)
            return fail_at(winner_line, "the winner " + std::to_string(*winner) + " is not one of the " +
                                            std::to_string(seats) + " seats");
        summary.winner_seat = winner;
        summary.final_totals.assign(seats, std::nullopt);
        if (finals != "-") {
            const std::size_t count = count_words(finals);
            if (count != seats)
                return fail_at(final_line, "expected " + std::to_string(seats) + " final totals or '-' (got " +
                                               std::to_string(count) + ")");
            const auto words = words_of(finals);
            for (std::size_t s = 0; s < seats; ++s) {
                if (words[s] == "-") continue;
                const auto total = parse_number<int>(words[s]);
                if (!total) return fail_at(final_line, "expected a total or '-' (got '" + shown(words[s]) + "')");
                summary.final_totals[s] = *total;
            }
        }

        if (!read_rules(summary) || !read_holes(out)) return false;
        if (line_ != "end") return fail("expected 'hole N', 'in-play N' or 'end' (got '" + shown(line_) + "')");
        if (next()) return fail("nothing may follow 'end'");
        return true;
    }

    bool read_magic() {
        const std::string expected = std::string(magic) + ' ' + std::to_string(format_version);
        if (line_ == expected) return true;
        const std::string prefix = std::string(magic) + ' ';
        if (line_.starts_with(prefix)) {
            const auto version = parse_number<int>(line_.substr(prefix.size()));
            if (version && *version > format_version)
                return fail("this is version " + std::to_string(*version) +
                            " of the match record; this build reads version " + std::to_string(format_version));
        }
        return fail("not a golf match record (expected '" + expected + "')");
    }

    bool read_seats(match_summary& summary) {
        std::string_view value;
        while (is("seat")) {
            if (summary.seats.size() == max_seats) return fail("more than " + std::to_string(max_seats) + " seats");
            if (!field("seat", value)) return false;
            if (count_words(value) > 4) return fail("expected 'seat N person NAME' or 'seat N bot LEVEL NAME'");
            const auto words = words_of(value);
            seat_record seat;
            const auto number = parse_number<int>(words[0]);
            if (!number || *number != static_cast<int>(summary.seats.size()))
                return fail("expected seat " + std::to_string(summary.seats.size()) + " (got '" + shown(words[0]) +
                            "')");
            seat.seat = *number;
            if (words.size() == 3 && words[1] == "person") {
                if (!text_word(words[2], seat.display_name)) return false;
            } else if (words.size() == 4 && words[1] == "bot") {
                if (!text_word(words[2], seat.bot) || !text_word(words[3], seat.display_name)) return false;
                if (seat.bot.empty()) return fail("a bot seat needs its level");
            } else {
                return fail("expected 'seat N person NAME' or 'seat N bot LEVEL NAME'");
            }
            summary.seats.push_back(std::move(seat));
            if (!advance()) return false;
        }
        if (summary.seats.empty()) return fail("expected 'seat 0 ...' (got '" + shown(line_) + "')");
        return true;
    }

    bool read_rules(match_summary& summary) {
        std::string_view value;
        std::set<std::string, std::less<>> seen;
        ruleset scratch;  // each line is checked as set_option reads it; the whole ruleset at replay
        while (is("rule")) {
            if (seen.size() == max_rules) return fail("more than " + std::to_string(max_rules) + " rule lines");
            if (!field("rule", value)) return false;
            std::string assignment;
            if (!text_word(value, assignment)) return false;
            const auto equals = assignment.find('=');
            if (equals == std::string::npos) return fail("expected 'rule OPTION=VALUE' (got '" + shown(value) + "')");
            const std::string name = assignment.substr(0, equals);
            if (seen.contains(name)) return fail(name + " is set twice");
            if (auto problem = set_option(scratch, assignment)) return fail(*problem);
            seen.insert(name);
            summary.ruleset += assignment;
            summary.ruleset += '\n';
            if (!advance()) return false;
        }
        if (seen.empty()) return fail("expected 'rule OPTION=VALUE' lines (got '" + shown(line_) + "')");
        return true;
    }

    bool read_holes(match_detail& out) {
        const int seats = static_cast<int>(out.summary.seats.size());
        std::string_view value;
        while (is("hole")) {
            if (!field("hole", value)) return false;
            const int expected = static_cast<int>(out.holes.size()) + 1;
            if (expected > max_holes) return fail("more than " + std::to_string(max_holes) + " holes");
            const auto number = parse_number<int>(value);
            if (!number || *number != expected)
                return fail("expected hole " + std::to_string(expected) + " (got '" + shown(value) + "')");
            hole_record hole;
            hole.match = out.summary.id;
            hole.hole = *number;
            if (!advance() || !deal_lines(seats, hole.dealer, hole.seed)) return false;
            if (!field("caller", value)) return false;
            if (value != "-") {
                const auto caller = parse_number<int>(value);
                if (!caller || *caller < 0 || *caller >= seats)
                    return fail("expected a seat from 0 to " + std::to_string(seats - 1) + " or '-' (got '" +
                                shown(value) + "')");
                hole.caller = *caller;
            }
            if (!advance() || !score_line("scores", seats, hole.hand_scores)) return false;
            if (!advance() || !score_line("totals", seats, hole.running_totals)) return false;
            if (!advance() || !actions_line(hole.actions) || !advance()) return false;
            out.holes.push_back(std::move(hole));
        }
        if (is("in-play")) {
            if (!field("in-play", value)) return false;
            const int expected = static_cast<int>(out.holes.size()) + 1;
            const auto number = parse_number<int>(value);
            if (!number || *number != expected)
                return fail("expected the hand in play to be hole " + std::to_string(expected) + " (got '" +
                            shown(value) + "')");
            hand_progress progress;
            progress.match = out.summary.id;
            progress.hole = *number;
            if (!advance() || !deal_lines(seats, progress.dealer, progress.seed)) return false;
            if (!actions_line(progress.actions) || !advance()) return false;
            out.in_play = std::move(progress);
        }
        return true;
    }

    // "dealer D" and "seed 0x..." lines; leaves the line after them current.
    bool deal_lines(int seats, int& dealer, std::uint64_t& seed) {
        std::string_view value;
        if (!field("dealer", value)) return false;
        const auto d = parse_number<int>(value);
        if (!d || *d < 0 || *d >= seats)
            return fail("expected a dealer from 0 to " + std::to_string(seats - 1) + " (got '" + shown(value) + "')");
        dealer = *d;
        if (!advance() || !field("seed", value)) return false;
        const std::string bad = "expected a seed as 0x and 16 hex digits (got '" + shown(value) + "')";
        if (value.size() != 18 || !value.starts_with("0x")) return fail(bad);
        std::uint64_t s = 0;
        for (const char ch : value.substr(2)) {
            const int digit = hex_digit(ch);
            if (digit < 0) return fail(bad);
            s = s << 4 | static_cast<std::uint64_t>(digit);
        }
        seed = s;
        return advance();
    }

    bool score_line(std::string_view key, int seats, std::vector<int>& out) {
        std::string_view value;
        if (!field(key, value)) return false;
        const std::size_t count = count_words(value);
        if (count != static_cast<std::size_t>(seats))
            return fail("expected " + std::to_string(seats) + " numbers, one per seat (got " + std::to_string(count) +
                        ")");
        const auto words = words_of(value);
        for (const std::string_view word : words) {
            const auto number = parse_number<int>(word);
            if (!number) return fail("expected a number (got '" + shown(word) + "')");
            out.push_back(*number);
        }
        return true;
    }

    bool actions_line(std::string& out) {
        if (line_ == "actions") return true;  // no action yet
        std::string_view value;
        if (!field("actions", value)) return false;
        if (!decode_action_log(value)) return fail(bad_log(value));
        out = std::string(value);
        return true;
    }

    // Names the first token the decoder refuses.
    static std::string bad_log(std::string_view text) {
        for (std::size_t index = 1;; ++index) {
            const auto space = text.find(' ');
            const std::string_view token = text.substr(0, space);
            if (token.empty() || !decode_action_log(token))
                return "action " + std::to_string(index) + " is not an action ('" + shown(token) + "')";
            if (space == std::string_view::npos) return "the action log is not readable";
            text.remove_prefix(space + 1);
        }
    }

    // The current line as "KEY VALUE" with a non-empty value.
    bool field(std::string_view key, std::string_view& value) {
        if (line_.size() <= key.size() + 1 || !line_.starts_with(key) || line_[key.size()] != ' ')
            return fail("expected '" + std::string(key) + " ...' (got '" + shown(line_) + "')");
        value = line_.substr(key.size() + 1);
        return true;
    }

    // Whether the current line is KEY or starts with "KEY ".
    bool is(std::string_view key) const {
        return line_.starts_with(key) && (line_.size() == key.size() || line_[key.size()] == ' ');
    }

    // One escaped word of free text.
    bool text_word(std::string_view word, std::string& out) {
        if (word.empty() || word.find(' ') != std::string_view::npos)
            return fail("expected one word (spaces are written %20) (got '" + shown(word) + "')");
        auto text = unescape(word);
        if (!text) return fail("a '%' must be followed by two hex digits (got '" + shown(word) + "')");
        out = std::move(*text);
        return true;
    }

    // Moves to the next line; false at the end of the text.
    bool next() {
        ++number_;
        if (rest_.empty()) {
            line_ = {};
            return false;
        }
        const auto end = rest_.find('\n');
        line_ = rest_.substr(0, end);
        rest_.remove_prefix(end == std::string_view::npos ? rest_.size() : end + 1);
        return true;
    }

    // next() where the record may not end yet (only 'end' ends it), and the new line's bytes checked.
    bool advance() {
        if (!next()) return fail("the record ends early (expected 'end' at the end)");
        return check_line();
    }

    bool check_line() {
        if (line_.size() > max_line) return fail("the line is longer than " + std::to_string(max_line) + " bytes");
        for (const char ch : line_) {
            const auto byte = static_cast<unsigned char>(ch);
            if (byte < 0x20 || byte > 0x7E) {
                static constexpr char hex[] = "0123456789ABCDEF";
                return fail(std::string("byte 0x") + hex[byte >> 4] + hex[byte & 0x0F] +
                            " is not printable ASCII (free text is %-escaped)");
            }
        }
        if (line_.empty()) return fail("an empty line");
        return true;
    }

    static std::string shown(std::string_view text) {
        if (text.size() <= 60) return std::string(text);
        return std::string(text.substr(0, 60)) + "...";
    }

    bool fail(const std::string& message) { return fail_at(number_, message); }
    bool fail_at(std::size_t line, const std::string& message) {
        error_ = "line " + std::to_string(line) + ": " + message;
        return false;
    }

    std::string_view rest_;
    std::string_view line_;
    std::size_t number_ = 0;
    std::string error_;
};

}  // namespace

std::string write_match_file(const match_detail& detail) {
    const match_summary& summary = detail.summary;
    std::string out;
    const auto line = [&out](std::string_view key, std::string_view value) {
        out += key;
        if (!value.empty()) {
            out += ' ';
            out += value;
        }
        out += '\n';
    };
    line(magic, std::to_string(format_version));
    line("match", std::to_string(summary.id));
    line("table", escape(summary.table_code));
    line("preset", escape(summary.preset));
    line("started", std::to_string(summary.started_at));
    line("ended", summary.ended_at ? std::to_string(*summary.ended_at) : "-");
    line("abandoned", summary.abandoned ? "yes" : "no");
    line("winner", summary.winner_seat ? std::to_string(*summary.winner_seat) : "-");
    std::string finals;
    bool any_final = false;
    for (const auto& total : summary.final_totals) {
        if (!finals.empty()) finals += ' ';
        finals += total ? std::to_string(*total) : "-";
        any_final = any_final || total.has_value();
    }
    line("final", any_final ? finals : "-");
    for (const seat_record& seat : summary.seats) {
        std::string value = std::to_string(seat.seat);
        value += seat.bot.empty() ? " person " : " bot " + escape(seat.bot) + ' ';
        value += escape(seat.display_name);
        line("seat", value);
    }
    std::string_view rules = summary.ruleset;
    while (!rules.empty()) {
        const auto end = rules.find('\n');
        const std::string_view assignment = rules.substr(0, end);
        rules.remove_prefix(end == std::string_view::npos ? rules.size() : end + 1);
        if (!assignment.empty()) line("rule", escape(assignment));
    }
    for (const hole_record& hole : detail.holes) {
        line("hole", std::to_string(hole.hole));
        line("dealer", std::to_string(hole.dealer));
        line("seed", seed_text(hole.seed));
        line("caller", hole.caller ? std::to_string(*hole.caller) : "-");
        line("scores", int_list(hole.hand_scores));
        line("totals", int_list(hole.running_totals));
        line("actions", hole.actions);
    }
    if (detail.in_play) {
        line("in-play", std::to_string(detail.in_play->hole));
        line("dealer", std::to_string(detail.in_play->dealer));
        line("seed", seed_text(detail.in_play->seed));
        line("actions", detail.in_play->actions);
    }
    line("end", "");
    return out;
}

std::variant<match_detail, std::string> read_match_file(std::string_view text) {
    try {
        return reader(text).read();
    } catch (const std::exception& e) {  // only allocation can throw here
        return std::string("the record could not be read: ") + e.what();
    }
}

}  // namespace golf::persistence
