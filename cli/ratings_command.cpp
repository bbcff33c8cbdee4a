// golf ratings: every account's rating recomputed from the recorded matches (persistence/rating_rebuild.hpp).
// Without --check the stored ratings and their history are replaced with the result in one transaction (after a
// change of the rating method, or a fix); with --check nothing changes (the database is opened read-only, so a
// running server is not disturbed) and exit status 1 names every stored rating that differs.
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "persistence/account_store.hpp"
#include "persistence/open_store.hpp"
#include "persistence/rating_rebuild.hpp"

namespace golf::cli {

namespace {

namespace fs = std::filesystem;
using persistence::rebuild_report;

constexpr std::size_t max_listed = 50;  // differences printed; the count says how many there are

std::string describe(const std::optional<persistence::rating_record>& r) {
    if (!r) return "none";
    std::ostringstream out;
    out.precision(17);  // enough to tell apart what a difference of 1e-9 separates
    out << "mu " << r->mu << " sigma " << r->sigma << " over " << r->matches << " match"
        << (r->matches == 1 ? "" : "es");
    return out.str();
}

std::string account_name(persistence::account_store* accounts, persistence::account_id id) {
    std::string out = "account " + std::to_string(id);
    if (accounts == nullptr) return out;
    if (const auto found = accounts->account_by_id(id)) out += " (" + printable(found->name) + ")";
    return out;
}

void print_summary(const rebuild_report& report) {
    std::cout << "replayed " << report.matches << " match" << (report.matches == 1 ? "" : "es") << ": "
              << report.ratings << " rating" << (report.ratings == 1 ? "" : "s") << " of " << report.accounts
              << " account" << (report.accounts == 1 ? "" : "s") << '\n';
}

void print_differences(const rebuild_report& report, persistence::account_store* accounts) {
    if (report.same()) {
        std::cout << "every stored rating equals the recomputed one (largest difference " << report.largest_difference
                  << ")\n";
        return;
    }
    std::cout << report.differing
              << (report.differing == 1 ? " stored rating differs from its recomputed value"
                                        : " stored ratings differ from their recomputed values")
              << " (largest difference in mu or sigma " << report.largest_difference << "):\n";
    for (std::size_t i = 0; i < report.differences.size() && i < max_listed; ++i) {
        const auto& d = report.differences[i];
        std::cout << "  " << account_name(accounts, d.account) << ", " << printable(d.preset) << ": stored "
                  << describe(d.stored) << "; recomputed " << describe(d.recomputed) << '\n';
    }
    if (report.differences.size() > max_listed)
        std::cout << "  ... and " << report.differences.size() - max_listed << " more\n";
}

int check(const std::string& db) {
    const auto store = open_existing_database(db, true);
    auto* archive = store->ratings_archive();
    if (archive == nullptr) throw run_failure{"this database keeps no ratings"};
    try {
        const auto report = persistence::check_ratings(*archive);
        print_summary(report);
        print_differences(report, store->accounts());
        if (report.same()) return exit_ok;
        std::cout.flush();
        std::cerr << "golf ratings: the stored ratings are not what the recorded matches give; run golf ratings --db "
                  << persistence::printable_db(db) << " to rebuild them\n";
        return exit_failure;
    } catch (const persistence::store_error& e) {
        throw run_failure{e.what()};
    }
}

int rebuild(const std::string& db) {
    const auto store = open_existing_database(db, false);
    auto* archive = store->ratings_archive();
    if (archive == nullptr) throw run_failure{"this database keeps no ratings"};
    try {
        const auto report = persistence::rebuild_ratings(*archive);
        print_summary(report);
        std::cout << "rebuilt the ratings and their history; before, ";
        if (report.same()) std::cout << "they were already as recomputed\n";
        else print_differences(report, store->accounts());
        return exit_ok;
    } catch (const persistence::store_error& e) {
        throw run_failure{"the ratings were not rebuilt (nothing changed): " + std::string(e.what())};
    }
}

}  // namespace

std::shared_ptr<persistence::match_store> open_existing_database(const std::string& db, bool read_only) {
    if (!persistence::is_postgres(db)) {
        // A mistyped path must not become a new, empty database.
        std::error_code error;
        if (!fs::exists(db, error)) throw run_failure{"no such database file '" + db + "'"};
        if (!fs::is_regular_file(db, error)) throw run_failure{"'" + db + "' is not a database file"};
    }
    quiet_store_logs();
    try {
        return persistence::open_store({.db = db, .read_only = read_only});
    } catch (const std::exception& e) {
        throw run_failure{"cannot open the database '" + persistence::printable_db(db) + "': " + e.what()};
    }
}

std::string_view ratings_usage() {
    return "usage: golf ratings --db DB [--check]\n"
           "\n"
           "Recomputes every account's rating from the recorded matches: each finished, not abandoned match with\n"
           "at least two accounts at it, replayed in the order the server rated them. Without --check the stored\n"
           "ratings and their history are replaced with the result in one transaction (after a change of the\n"
           "rating method, or a fix), and the report says what differed before.\n"
           "\n"
           "  --db DB   a golf-server database (a SQLite file or a postgresql:// URL)\n"
           "  --check   compare only, changing nothing (read-only: safe beside a running server); exit status 1\n"
           "            names each stored rating that differs from the recomputed one\n";
}

int run_ratings(std::span<const std::string_view> words) {
    std::optional<std::string> db;
    bool check_only = false;
    command_line line(words);
    while (line.next()) {
        if (!line.is_flag()) throw usage_error("unexpected argument '" + std::string(line.word()) + "'");
        const std::string_view flag = line.word();
        if (flag == "--db") {
            db = std::string(line.value());
        } else if (flag == "--check") {
            line.expect_no_value();
            check_only = true;
        } else {
            line.unknown_flag();
        }
    }
    if (!db) throw usage_error("missing --db DB");
    try {
        return check_only ? check(*db) : rebuild(*db);
    } catch (const run_failure& failure) {
        std::cout.flush();
        std::cerr << "golf ratings: " << failure.what() << '\n';
        return exit_failure;
    }
}

}  // namespace golf::cli
