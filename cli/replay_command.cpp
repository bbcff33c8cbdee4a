// golf replay and golf export: a recorded match out of a golf-server database (or a match file) back through the
// engine. replay re-plays every hole from its seed and actions, checks the scores, totals and callers against the
// record and prints the scorecard; export writes the portable match record (docs/match-record.md) that
// `golf replay --file` checks without the database. A record that does not replay is exit 1 with the problem.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "persistence/match_file.hpp"
#include "persistence/match_replay.hpp"
#include "persistence/open_store.hpp"

namespace golf::cli {

namespace {

namespace fs = std::filesystem;
using persistence::match_detail;
using persistence::match_id;

constexpr std::uintmax_t max_file_bytes = 64u << 20;  // the match-file reader's own limit

match_id parse_match_id(std::string_view text) {
    match_id id = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || id <= 0)
        throw usage_error("MATCH_ID: expected a positive integer (got '" + std::string(text) + "')");
    return id;
}

match_detail load_from_database(const std::string& path, match_id id) {
    const bool postgres = persistence::is_postgres(path);
    const std::string where = persistence::printable_db(path);  // never a password
    if (!postgres) {
        // Said here in plain words before SQLite's own messages (the store opens read-only and never creates a file).
        std::error_code error;
        if (!fs::exists(path, error)) throw run_failure{"no such database file '" + path + "'"};
        if (!fs::is_regular_file(path, error)) throw run_failure{"'" + path + "' is not a database file"};
        // SQLite takes an empty file for an empty database (schema version 0).
        if (fs::file_size(path, error) == 0) throw run_failure{"'" + path + "' is empty, not a golf-server database"};
    }
    quiet_store_logs();
    std::optional<match_detail> detail;
    try {
        // A replay never migrates, locks or changes the database, even beside a running server.
        const auto store = persistence::open_store({.db = path, .read_only = true});
        detail = store->match(id);
    } catch (const std::exception& e) {
        throw run_failure{"cannot read the database '" + where + "': " + e.what()};
    }
    if (!detail) throw run_failure{"no match " + std::to_string(id) + " in '" + where + "'"};
    return std::move(*detail);
}

match_detail load_from_file(const std::string& path) {
    std::error_code error;
    if (!fs::exists(path, error)) throw run_failure{"no such file '" + path + "'"};
    if (!fs::is_regular_file(path, error)) throw run_failure{"'" + path + "' is not a file"};
    const auto size = fs::file_size(path, error);
    if (error) throw run_failure{"cannot read '" + path + "': " + error.message()};
    if (size > max_file_bytes)
        throw run_failure{"'" + path + "' is " + std::to_string(size) + " bytes, more than any match record needs"};
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in || !in.read(text.data(), static_cast<std::streamsize>(text.size())))
        throw run_failure{"cannot read '" + path + "'"};
    auto read = persistence::read_match_file(text);
    if (auto* problem = std::get_if<std::string>(&read)) throw run_failure{path + ": " + *problem};
    return std::get<match_detail>(std::move(read));
}

std::string when(std::int64_t unix_seconds) {
    const auto t = static_cast<std::time_t>(unix_seconds);
    std::tm parts{};
    if (!gmtime_r(&t, &parts)) return std::to_string(unix_seconds);
    std::ostringstream out;
    out << std::put_time(&parts, "%Y-%m-%d %H:%M:%S UTC");
    return out.str();
}

std::string seat_name(const match_detail& detail, int seat) {
    const auto& seats = detail.summary.seats;
    std::string out = "seat " + std::to_string(seat);
    if (seat >= 0 && static_cast<std::size_t>(seat) < seats.size())
        out += " (" + printable(seats[static_cast<std::size_t>(seat)].display_name) + ")";
    return out;
}

void print_scorecard(const match_detail& detail, const persistence::replayed_match& replayed) {
    const auto& summary = detail.summary;
    std::cout << "match " << summary.id;
    if (!summary.table_code.empty()) std::cout << " at table " << printable(summary.table_code);
    std::cout << ": " << printable(summary.preset) << ", " << summary.seats.size() << " seats, started "
              << when(summary.started_at);
    if (summary.ended_at) std::cout << (summary.abandoned ? ", abandoned " : ", ended ") << when(*summary.ended_at);
    std::cout << '\n';
    for (const auto& seat : summary.seats) {
        std::cout << "  seat " << seat.seat << ": " << printable(seat.display_name);
        if (!seat.bot.empty()) std::cout << " (" << printable(seat.bot) << " bot)";
        std::cout << '\n';
    }
    if (!replayed.match) return;
    const golf::match& m = *replayed.match;

    // One row per hole the replay checked: each seat's hand score and, in brackets, its running total.
    constexpr int column = 12;
    std::cout << "\nhole  dealer  caller";
    for (std::size_t s = 0; s < summary.seats.size(); ++s)
        std::cout << std::setw(column) << "seat " + std::to_string(s);
    std::cout << '\n';
    const auto rows = replayed.problem.empty() ? m.holes().size() : static_cast<std::size_t>(replayed.holes_checked);
    for (std::size_t i = 0; i < rows && i < m.holes().size(); ++i) {
        const golf::hole_record& hole = m.holes()[i];
        std::cout << std::setw(4) << i + 1 << std::setw(8) << hole.dealer << std::setw(8)
                  << (hole.caller >= 0 ? std::to_string(hole.caller) : "-");
        for (std::size_t s = 0; s < hole.scores.size(); ++s)
            std::cout << std::setw(column)
                      << std::to_string(hole.scores[s]) + " (" + std::to_string(hole.totals[s]) + ")";
        if (i >= detail.holes.size()) std::cout << "  (the hand in play ended; no hole record yet)";
        std::cout << '\n';
    }
    if (!replayed.problem.empty()) return;
    if (m.hole_in_play()) {
        const hand& h = *m.current_hand();
        std::cout << "hole " << m.holes().size() + 1 << " in play: dealer " << h.dealer() << ", " << h.log().size()
                  << " actions so far\n";
    }
    std::cout << "\ntotals:";
    for (std::size_t s = 0; s < m.totals().size(); ++s) std::cout << ' ' << m.totals()[s];
    std::cout << '\n';
    if (m.over()) {
        const auto winners = m.winners();
        const int best = m.totals()[static_cast<std::size_t>(winners.front())];
        if (winners.size() == 1) {
            std::cout << "winner: " << seat_name(detail, winners.front()) << " with " << best << '\n';
        } else {
            std::cout << "shared win:";
            for (std::size_t i = 0; i < winners.size(); ++i)
                std::cout << (i ? ", " : " ") << seat_name(detail, winners[i]);
            std::cout << " with " << best << '\n';
        }
    } else if (summary.abandoned) {
        std::cout << "the match was abandoned after " << m.holes().size() << " holes\n";
    } else {
        std::cout << "the match is not finished\n";
    }
}

int replay_and_report(const match_detail& detail) {
    const persistence::replayed_match replayed = persistence::replay_match(detail);
    print_scorecard(detail, replayed);
    if (!replayed.problem.empty()) {
        std::cout.flush();
        std::cerr << "golf replay: the record does not replay: " << replayed.problem << '\n';
        return exit_failure;
    }
    std::cout << "every hole matches the record (" << replayed.holes_checked << " hole"
              << (replayed.holes_checked == 1 ? "" : "s") << " checked)\n";
    return exit_ok;
}

int report_failure(std::string_view command, const run_failure& failure) {
    std::cout.flush();
    std::cerr << "golf " << command << ": " << failure.what() << '\n';
    return exit_failure;
}

}  // namespace

void quiet_store_logs() {
    auto logger = std::make_shared<spdlog::logger>("golf", std::make_shared<spdlog::sinks::stderr_sink_st>());
    logger->set_level(spdlog::level::warn);
    spdlog::set_default_logger(std::move(logger));
}

std::string_view replay_usage() {
    return "usage: golf replay --db DB MATCH_ID\n"
           "       golf replay --file PATH\n"
           "\n"
           "Re-plays a recorded match through the engine, hole by hole from its seeds and actions, checks every\n"
           "hole's scores, running totals and caller against the record, and prints the scorecard. Exit status 1\n"
           "names the first thing that does not match (or a missing match, file or unreadable database).\n"
           "\n"
           "  --db DB      a golf-server database (a SQLite file or a postgresql:// URL); MATCH_ID is the\n"
           "               match's number\n"
           "  --file PATH  a match record written by golf export (no database needed)\n";
}

std::string_view export_usage() {
    return "usage: golf export --db DB MATCH_ID [--out FILE]\n"
           "\n"
           "Writes a recorded match as a portable plain-text match record: its seats, every rule, and each hole's\n"
           "dealer, seed, caller, scores, totals and actions (never a seat token). `golf replay --file` checks it\n"
           "without the database; docs/match-record.md describes the format.\n"
           "\n"
           "  --db DB     a golf-server database (a SQLite file or a postgresql:// URL)\n"
           "  --out FILE  write the record to FILE instead of standard output\n";
}

int run_replay(std::span<const std::string_view> words) {
    std::optional<std::string> db, file;
    std::optional<match_id> id;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) {
            if (id) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
            id = parse_match_id(line.word());
            continue;
        }
        const std::string_view flag = line.word();
        if (flag == "--db") {
            db = std::string(line.value());
        } else if (flag == "--file") {
            file = std::string(line.value());
        } else {
            line.unknown_flag();
        }
    }
    if (db && file) throw usage_error("give --db or --file, not both");
    if (!db && !file) throw usage_error("missing --db PATH MATCH_ID or --file PATH");
    if (db && !id) throw usage_error("missing MATCH_ID after --db PATH");
    if (file && id) throw usage_error("a match file holds one match; MATCH_ID goes with --db");
    try {
        const match_detail detail = db ? load_from_database(*db, *id) : load_from_file(*file);
        return replay_and_report(detail);
    } catch (const run_failure& failure) {
        return report_failure("replay", failure);
    }
}

int run_export(std::span<const std::string_view> words) {
    std::optional<std::string> db, out;
    std::optional<match_id> id;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) {
            if (id) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
            id = parse_match_id(line.word());
            continue;
        }
        const std::string_view flag = line.word();
        if (flag == "--db") {
            db = std::string(line.value());
        } else if (flag == "--out") {
            out = std::string(line.value());
        } else {
            line.unknown_flag();
        }
    }
    if (!db) throw usage_error("missing --db PATH");
    if (!id) throw usage_error("missing MATCH_ID");
    try {
        const match_detail detail = load_from_database(*db, *id);
        const std::string text = persistence::write_match_file(detail);
        if (!out) {
            std::cout << text;
            return exit_ok;
        }
        std::ofstream file(*out, std::ios::binary | std::ios::trunc);
        if (!file || !file.write(text.data(), static_cast<std::streamsize>(text.size())) || !file.flush())
            throw run_failure{"cannot write '" + *out + "'"};
        std::cout << "wrote match " << detail.summary.id << " (" << detail.holes.size() << " holes) to " << *out
                  << '\n';
        return exit_ok;
    } catch (const run_failure& failure) {
        return report_failure("export", failure);
    }
}

}  // namespace golf::cli
