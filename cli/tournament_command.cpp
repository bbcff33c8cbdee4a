// golf tournament: tournaments on a running server from a terminal, over the protocol (docs/tournaments.md).
// Reading (list, show) needs no account; creating, signing up and the organiser's commands sign in with
// GOLF_API_KEY, an API key of the account (made on the web page's "Your account").
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/tournament_format.hpp"
#include "clients/cpp/golf_client.hpp"
#include "proto/convert.hpp"

namespace golf::cli {

namespace {

const std::chrono::seconds timeout{10};

struct tournament_request {
    std::string action;
    std::int64_t id = 0;
    std::string server;
    bool ended = false;
    v1::TournamentSettings settings;
    std::vector<std::string> house_rules;
    int holes = -1;
};

std::string tournament_state(v1::TournamentState state) {
    switch (state) {
        case v1::TOURNAMENT_STATE_OPEN: return "open for sign-ups";
        case v1::TOURNAMENT_STATE_RUNNING: return "running";
        case v1::TOURNAMENT_STATE_PAUSED: return "paused";
        case v1::TOURNAMENT_STATE_FINISHED: return "finished";
        case v1::TOURNAMENT_STATE_CANCELLED: return "cancelled";
        default: return "unknown";
    }
}

// "2026-12-06 18:00" in the terminal's time zone.
std::string local_time(std::int64_t unix_s) {
    const std::time_t at = static_cast<std::time_t>(unix_s);
    std::tm parts{};
    localtime_r(&at, &parts);
    std::ostringstream out;
    out << std::put_time(&parts, "%Y-%m-%d %H:%M %Z");
    return out.str();
}

std::string points_text(double points) {
    std::ostringstream out;
    out << std::setprecision(3) << points;
    return out.str();
}

void print_list(const v1::TournamentList& list) {
    if (list.tournaments().empty()) std::cout << "no tournaments\n";
    for (const auto& t : list.tournaments())
        std::cout << t.id() << "  " << printable(t.name()) << "  " << printable(t.preset()) << "  "
                  << tournament_state(t.state()) << ", round " << t.round()
                  << (t.format() == v1::TOURNAMENT_FORMAT_ARENA ? " (arena)" : " of " + std::to_string(t.rounds()))
                  << ", " << t.players() << (t.players() == 1 ? " player" : " players") << ", by "
                  << printable(t.organiser()) << '\n';
}

void print_tournament(const v1::Tournament& t) {
    const auto& s = t.settings();
    const std::string seats = s.min_seats() == s.seats()
                                  ? std::to_string(s.seats())
                                  : std::to_string(s.min_seats()) + " to " + std::to_string(s.seats());
    const std::string length = s.format() == v1::TOURNAMENT_FORMAT_ARENA
                                   ? "an arena of " + std::to_string(s.arena_minutes()) + " minutes"
                                   : std::to_string(s.rounds()) + (s.rounds() == 1 ? " round" : " rounds") +
                                         (s.format() == v1::TOURNAMENT_FORMAT_DUPLICATE ? ", duplicate" : "");
    std::cout << t.id() << "  " << printable(s.name()) << " (" << printable(s.preset()) << ", tables of " << seats
              << ", " << length << "), by " << printable(t.organiser()) << ": " << tournament_state(t.state()) << '\n';
    if (t.state() == v1::TOURNAMENT_STATE_OPEN && s.starts_at_unix_s() != 0)
        std::cout << "  starts by itself at " << local_time(s.starts_at_unix_s()) << '\n';
    if (s.bot_fillers()) std::cout << "  bots fill the field at the start\n";
    if (s.guests()) std::cout << "  guests may sign up\n";
    if (!t.note().empty()) std::cout << "  " << printable(t.note()) << '\n';
    if (!t.your_table().empty()) std::cout << "  your table: " << printable(t.your_table()) << '\n';
    std::cout << "standing:\n";
    for (const auto& e : t.entrants())
        std::cout << std::setw(5) << e.place() << ". " << printable(e.name()) << "  " << points_text(e.points())
                  << (e.points() == 1 ? " point" : " points") << ", opponents " << points_text(e.opponent_points())
                  << ", " << e.strokes() << " strokes"
                  << (e.byes() > 0 ? ", " + std::to_string(e.byes()) + " byes" : "")
                  << (e.streak() >= 2 ? ", on fire (" + std::to_string(e.streak()) + " wins in a row)" : "")
                  << (e.paused() ? " (paused: join again to play on)" : "") << (e.withdrawn() ? " (withdrew)" : "")
                  << (e.bot() ? " (a bot)" : "") << (e.guest() ? " (a guest)" : "") << '\n';
    for (const auto& round : t.rounds()) {
        std::cout << "round " << round.number() << (round.finished() ? "" : " (in play)") << ":\n";
        for (const auto& table : round.tables()) {
            std::cout << "  table " << table.number() << " " << printable(table.code()) << ":";
            for (const auto& seat : table.seats()) {
                std::cout << ' ' << printable(seat.name());
                if (table.finished())
                    std::cout << " " << seat.total() << " (" << points_text(seat.points()) << ")"
                              << (seat.played_by_bot() ? " [bot]" : "") << (seat.on_fire() ? " [on fire]" : "");
                std::cout << ';';
            }
            std::cout << (table.finished() ? " match " + std::to_string(table.match_id()) : " playing") << '\n';
        }
        if (!round.byes().empty()) {
            std::cout << "  byes:";
            for (const auto& name : round.byes()) std::cout << ' ' << printable(name);
            std::cout << '\n';
        }
    }
}

tournament_request parse_tournament(std::span<const std::string_view> words) {
    tournament_request r;
    command_line args(words);
    std::vector<std::string> positional;
    auto& s = r.settings;
    while (args.next()) {
        if (!args.is_flag()) {
            positional.emplace_back(args.word());
            continue;
        }
        const std::string_view flag = args.word();
        if (flag == "--server") r.server = server_url_or_throw(args.value());
        else if (flag == "--ended") r.ended = args.switch_on();
        else if (flag == "--name") s.set_name(std::string(args.value()));
        else if (flag == "--preset") s.set_preset(std::string(find_preset_or_throw(args.value()).name));
        else if (flag == "--seats") s.set_seats(static_cast<std::uint32_t>(parse_int("--seats", args.value(), 2, 8)));
        else if (flag == "--min-seats")
            s.set_min_seats(static_cast<std::uint32_t>(parse_int("--min-seats", args.value(), 2, 8)));
        else if (flag == "--rounds")
            s.set_rounds(static_cast<std::uint32_t>(parse_int("--rounds", args.value(), 1, 20)));
        else if (flag == "--max-players")
            s.set_max_players(static_cast<std::uint32_t>(parse_int("--max-players", args.value(), 4, 256)));
        else if (flag == "--clock")
            s.set_turn_clock_seconds(static_cast<std::uint32_t>(parse_int("--clock", args.value(), 5, 3600)));
        else if (flag == "--late-join") s.set_late_join(args.switch_on());
        else if (flag == "--format") s.set_format(tournament_format_or_throw("--format", args.value()));
        else if (flag == "--minutes")
            s.set_arena_minutes(static_cast<std::uint32_t>(parse_int("--minutes", args.value(), 1, 720)));
        else if (flag == "--starts-in")
            s.set_starts_at_unix_s(std::time(nullptr) + 60 * parse_int("--starts-in", args.value(), 1, 30 * 24 * 60));
        else if (flag == "--bot-fillers") s.set_bot_fillers(args.switch_on());
        else if (flag == "--guests") s.set_guests(args.switch_on());
        else if (flag == "--set") r.house_rules.emplace_back(args.value());
        else args.unknown_flag();
    }
    if (positional.empty())
        throw usage_error("missing what to do: list, show, create, join, leave, start, pause, resume or cancel");
    r.action = positional[0];
    static const std::vector<std::string> with_id{"show", "join", "leave", "start", "pause", "resume", "cancel"};
    const bool wants_id = std::find(with_id.begin(), with_id.end(), r.action) != with_id.end();
    if (!wants_id && r.action != "list" && r.action != "create") throw usage_error("unknown action '" + r.action + "'");
    if (positional.size() != (wants_id ? 2u : 1u))
        throw usage_error(wants_id ? "golf tournament " + r.action + " takes a tournament id"
                                   : "golf tournament " + r.action + " takes no id");
    if (wants_id) r.id = static_cast<std::int64_t>(parse_uint64("tournament id", positional[1]));
    if (r.server.empty()) throw usage_error("missing --server URL (ws://HOST:PORT/ws)");
    if (r.action == "create") {
        const bool arena = s.format() == v1::TOURNAMENT_FORMAT_ARENA;
        if (s.name().empty() || s.preset().empty() || s.seats() == 0 || (s.rounds() == 0 && !arena))
            throw usage_error(
                "golf tournament create needs --name, --preset, --seats and --rounds (an arena: --minutes)");
        if (arena && s.rounds() != 0) throw usage_error("an arena runs for --minutes, not --rounds");
        if (!arena && s.arena_minutes() != 0) throw usage_error("--minutes goes with --format arena");
        if (!r.house_rules.empty())
            *s.mutable_house_rules() =
                wire::to_proto(rules_with_house_rules(find_preset_or_throw(s.preset()), r.house_rules));
    } else if (!r.house_rules.empty() || !s.name().empty()) {
        throw usage_error("--name, --preset, --set and the like go with create");
    }
    return r;
}

v1::ClientMessage message_for(const tournament_request& r) {
    v1::ClientMessage m;
    const auto command = [&](v1::TournamentCommand c) {
        m.mutable_manage_tournament()->set_id(r.id);
        m.mutable_manage_tournament()->set_command(c);
    };
    if (r.action == "list") m.mutable_list_tournaments()->set_include_ended(r.ended);
    else if (r.action == "show") m.mutable_get_tournament()->set_id(r.id);
    else if (r.action == "create") *m.mutable_create_tournament()->mutable_settings() = r.settings;
    else if (r.action == "join") m.mutable_join_tournament()->set_id(r.id);
    else if (r.action == "leave") m.mutable_leave_tournament()->set_id(r.id);
    else if (r.action == "start") command(v1::TOURNAMENT_COMMAND_START);
    else if (r.action == "pause") command(v1::TOURNAMENT_COMMAND_PAUSE);
    else if (r.action == "resume") command(v1::TOURNAMENT_COMMAND_RESUME);
    else command(v1::TOURNAMENT_COMMAND_CANCEL);
    return m;
}

}  // namespace

std::string_view tournament_usage() {
    return "usage: golf tournament ACTION [ID] --server URL [options]\n"
           "\n"
           "Tournaments on a running golf-server (docs/tournaments.md).\n"
           "\n"
           "actions:\n"
           "  list [--ended]         the newest tournaments (--ended: finished and cancelled ones too)\n"
           "  show ID                the standing, every round's tables and results\n"
           "  create --name NAME --preset PRESET --seats N --rounds N [--min-seats N] [--max-players N]\n"
           "         [--format swiss|duplicate|arena] [--minutes N] [--clock SECONDS] [--late-join]\n"
           "         [--starts-in MINUTES] [--bot-fillers] [--guests] [--set NAME=VALUE ...]\n"
           "                         organise one (house rules as golf rules --options lists them;\n"
           "                         --set holes=N sets the length of each round's match); an arena\n"
           "                         runs --minutes N (1 to 720) instead of --rounds; --starts-in: the\n"
           "                         server starts it then (up to 30 days); --bot-fillers: bots fill\n"
           "                         the field to the fewest and the last table at the start;\n"
           "                         --guests: guests may sign up (on the web page)\n"
           "  join ID, leave ID      sign up, or withdraw\n"
           "  start ID, pause ID, resume ID, cancel ID\n"
           "                         the organiser's commands\n"
           "\n"
           "Everything but list and show signs in with GOLF_API_KEY, an API key of your account (Your account,\n"
           "on the web page). Exit status: 0 done, 1 refused or unreachable (nothing changed), 2 bad input.\n";
}

int run_tournament(std::span<const std::string_view> words) {
    const tournament_request r = parse_tournament(words);
    const bool reading = r.action == "list" || r.action == "show";
    const char* key = std::getenv("GOLF_API_KEY");
    if (!reading && (!key || !*key))
        throw usage_error("set GOLF_API_KEY to an API key of your account (Your account, on the web page)");
    try {
        client::connection link;
        link.connect(r.server, "golf-tournament", timeout);
        if (key && *key) link.sign_in_with_api_key(key, timeout);
        const auto reply = link.request(message_for(r), timeout);
        if (reply.has_error()) {
            std::cerr << "golf tournament: refused, nothing changed: " << client::error_code_name(reply.error().code())
                      << ": " << printable(reply.error().message()) << '\n';
            return exit_failure;
        }
        if (reply.has_tournaments()) print_list(reply.tournaments());
        else if (reply.has_tournament()) print_tournament(reply.tournament().tournament());
        else std::cout << "withdrawn from tournament " << r.id << '\n';
        return exit_ok;
    } catch (const client::error& e) {
        std::cerr << "golf tournament: nothing changed: " << e.what() << '\n';
        return exit_failure;
    }
}

}  // namespace golf::cli
