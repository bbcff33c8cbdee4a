#include <cctype>
#include <charconv>

#include "cli/commands.hpp"
#include "engine/ruleset_options.hpp"

namespace golf::cli {

namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    for (const char ch : text) {
        const auto byte = static_cast<unsigned char>(ch);
        out += byte < 0x20 || byte == 0x7F ? '?' : ch;
    }
    return out;
}

bool is_flag(std::string_view word) {
    const auto letter = [&](std::size_t i) {
        return word.size() > i && std::isalpha(static_cast<unsigned char>(word[i]));
    };
    return word.starts_with("--") ? letter(2) : word.starts_with("-") && letter(1);
}

bool command_line::next() {
    if (next_ >= words_.size()) return false;
    word_ = words_[next_++];
    inline_value_.reset();
    flag_ = cli::is_flag(word_);
    if (flag_) {
        if (const auto equals = word_.find('='); equals != std::string_view::npos) {
            inline_value_ = word_.substr(equals + 1);
            word_ = word_.substr(0, equals);
        }
    }
    return true;
}

std::string_view command_line::value() {
    if (inline_value_) return *inline_value_;
    if (next_ >= words_.size() || cli::is_flag(words_[next_]))
        throw usage_error(std::string(word_) + ": missing value");
    return words_[next_++];
}

void command_line::expect_no_value() const {
    if (inline_value_) throw usage_error(std::string(word_) + " takes no value (got " + quoted(*inline_value_) + ")");
}

void command_line::unknown_flag() const { throw usage_error("unknown option " + quoted(word_)); }

int parse_int(std::string_view what, std::string_view text, int min, int max) {
    long long value = 0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error == std::errc::invalid_argument || stop != end || text.empty())
        throw usage_error(std::string(what) + ": expected an integer (got " + quoted(text) + ")");
    if (error == std::errc::result_out_of_range || value < min || value > max)
        throw usage_error(std::string(what) + ": expected " + std::to_string(min) + " to " + std::to_string(max) +
                          " (got " + std::string(text) + ")");
    return static_cast<int>(value);
}

std::uint64_t parse_uint64(std::string_view what, std::string_view text) {
    std::uint64_t value = 0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error == std::errc::result_out_of_range)
        throw usage_error(std::string(what) + ": " + std::string(text) + " is too large (at most 2^64 - 1)");
    if (error != std::errc{} || stop != end || text.empty())
        throw usage_error(std::string(what) + ": expected a non-negative integer (got " + quoted(text) + ")");
    return value;
}

const preset& find_preset_or_throw(std::string_view name) {
    if (const preset* found = find_preset(name)) return *found;
    std::string known;
    for (const preset& p : presets()) known += (known.empty() ? "" : ", ") + std::string(p.name);
    throw usage_error("unknown preset " + quoted(name) + " (known: " + (known.empty() ? "none" : known) + ")");
}

ruleset rules_with_house_rules(const preset& base, std::span<const std::string> assignments) {
    ruleset rules = base.rules;
    for (const std::string& assignment : assignments) {
        if (assignment.find('=') == std::string::npos)
            throw usage_error("--set " + quoted(assignment) + ": expected OPTION=VALUE");
        if (const auto problem = set_option(rules, assignment))
            throw usage_error("--set " + quoted(assignment) + ": " + *problem);
    }
    if (const auto problem = validate(rules)) {
        if (assignments.empty()) throw usage_error("preset " + quoted(base.name) + ": " + *problem);
        throw usage_error("--set: the house rules make an unplayable ruleset: " + *problem);
    }
    return rules;
}

}  // namespace golf::cli
