// golf deal: re-derives a hand's deal from its seed, so anyone can check a server's shuffle. The server
// publishes SHA-256 of the seed's 8 big-endian bytes before a hand and reveals the seed after it; this command
// prints that commitment next to the deal the engine makes from the seed (the same code the server runs).
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "engine/hand.hpp"
#include "server/common/secure.hpp"

namespace golf::cli {

namespace {

// Seeds are shown by clients as 16 hex digits (the 8 revealed bytes); decimal is accepted too.
std::uint64_t parse_seed(std::string_view text) {
    const bool hex = text.size() > 2 && (text.substr(0, 2) == "0x" || text.substr(0, 2) == "0X");
    if (!hex) return parse_uint64("--seed", text);
    std::uint64_t value = 0;
    const std::string_view digits = text.substr(2);
    if (digits.size() > 16) throw usage_error("--seed: at most 16 hex digits (got '" + std::string(text) + "')");
    for (char ch : digits) {
        const int d = ch >= '0' && ch <= '9'   ? ch - '0'
                      : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                      : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                               : -1;
        if (d < 0) throw usage_error("--seed: expected hex digits after 0x (got '" + std::string(text) + "')");
        value = value << 4 | static_cast<std::uint64_t>(d);
    }
    return value;
}

std::string layout_text(const hand& h, int seat) {
    const ruleset& r = h.rules();
    std::string out;
    for (int i = 0; i < r.slots(); ++i) {
        if (i > 0) out += i % r.cols == 0 ? " / " : " ";
        out += to_string(h.seat(seat).layout[static_cast<std::size_t>(i)].value);
    }
    return out;
}

}  // namespace

std::string_view deal_usage() {
    return "usage: golf deal --rules PRESET [--set OPTION=VALUE ...] --players N --dealer SEAT --seed SEED [--json]\n"
           "\n"
           "Re-derives a hand's deal from its seed and prints the seed's commitment, to check a server's shuffle:\n"
           "the commitment a table published before the hand must equal the one printed here, and the deal must be\n"
           "the one that was played. SEED is decimal or 0x followed by 16 hex digits (as the scorecard shows it).\n"
           "\n"
           "  --rules PRESET      the table's preset\n"
           "  --set OPTION=VALUE  the table's house rules (repeatable)\n"
           "  --players N         seats at the table\n"
           "  --dealer SEAT       the hole's dealer (0-based)\n"
           "  --seed SEED         the revealed seed\n"
           "  --json              one JSON object instead of text\n";
}

int run_deal(std::span<const std::string_view> words) {
    const preset* base = nullptr;
    std::vector<std::string> house_rules;
    std::optional<int> players, dealer;
    std::optional<std::uint64_t> seed;
    bool json = false;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
        const std::string_view flag = line.word();
        if (flag == "--rules") {
            base = &find_preset_or_throw(line.value());
        } else if (flag == "--set") {
            house_rules.emplace_back(line.value());
        } else if (flag == "--players") {
            players = parse_int("--players", line.value(), 1, max_seats_limit);
        } else if (flag == "--dealer") {
            dealer = parse_int("--dealer", line.value(), 0, max_seats_limit - 1);
        } else if (flag == "--seed") {
            seed = parse_seed(line.value());
        } else if (flag == "--json") {
            line.expect_no_value();
            json = true;
        } else {
            line.unknown_flag();
        }
    }
    if (!base) throw usage_error("missing --rules PRESET");
    if (!players) throw usage_error("missing --players N");
    if (!dealer) throw usage_error("missing --dealer SEAT");
    if (!seed) throw usage_error("missing --seed SEED");
    const ruleset rules = rules_with_house_rules(*base, house_rules);
    if (auto problem = validate_for_players(rules, *players)) throw usage_error(*problem);
    if (*dealer >= *players) throw usage_error("--dealer: expected a seat from 0 to " + std::to_string(*players - 1));

    const hand h(std::make_shared<const ruleset>(rules), *players, *dealer, *seed);
    const std::string seed_hex = server::secure::to_hex(server::secure::seed_bytes(*seed));
    const std::string commitment = server::secure::to_hex(server::secure::commitment(*seed));
    std::vector<std::string> stock;  // top first
    for (auto it = h.stock().rbegin(); it != h.stock().rend(); ++it) stock.push_back(to_string(*it));

    if (json) {
        json_writer out;
        out.begin_object().key("seed").string(seed_hex).key("commitment").string(commitment);
        out.key("layouts").begin_array();
        for (int s = 0; s < *players; ++s) out.string(layout_text(h, s));
        out.end_array();
        out.key("discard");
        if (h.discards().empty()) {
            out.null();
        } else {
            out.string(to_string(h.discards().back()));
        }
        out.key("stock").begin_array();
        for (const auto& c : stock) out.string(c);
        out.end_array().end_object();
        std::cout << out.text() << '\n';
        return exit_ok;
    }
    std::cout << "seed: " << seed_hex << " (" << *seed << ")\n"
              << "commitment: " << commitment << "  (SHA-256 of the seed's 8 big-endian bytes)\n";
    for (int s = 0; s < *players; ++s) std::cout << "seat " << s << ": " << layout_text(h, s) << '\n';
    std::cout << "discard: " << (h.discards().empty() ? "none" : to_string(h.discards().back())) << '\n'
              << "stock, top first:";
    for (const auto& c : stock) std::cout << ' ' << c;
    std::cout << '\n';
    return exit_ok;
}

}  // namespace golf::cli
