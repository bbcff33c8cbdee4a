// golf load --tournament FORMAT: a whole tournament through a real golf-server, every entrant a client of this
// process. N accounts register (on loopback each from an address of its own, 127.0.0.2 on, as the server limits
// registrations per address), the first organises and starts the tournament, and each entrant watches it, takes
// every table it is told of and plays its seat with a bot of its own until the tournament is over. It reports the
// rounds, the tables, how long an entrant waited between one table and the next, the moves and every refusal; it
// asserts no speed.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/tournament_format.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"

namespace golf::cli {

namespace {

namespace v1 = golf::v1;
using clock_type = std::chrono::steady_clock;
using namespace std::chrono_literals;

const std::string password = "a load run's password";

struct tournament_plan {
    std::string url;
    v1::TournamentSettings settings;
    int players = 64;
    std::string level = "heuristic";
    int timeout_s = 3600;
    std::chrono::milliseconds think{0};  // before each move, as a person reads the table
};

// What the entrants' threads share: the tournament's id once made, how many have signed up, and the tally.
struct shared_state {
    std::mutex m;
    std::condition_variable cv;
    std::int64_t id = 0;
    int joined = 0;
    bool failed = false;
    std::vector<std::string> errors;  // the first few
    std::vector<double> waits_s;      // from an entrant's table finishing to its next seat
    std::int64_t moves = 0, tables = 0, refused = 0;
    std::optional<clock_type::time_point> started;  // when the organiser started it

    void fail(const std::string& what) {
        std::lock_guard lock(m);
        failed = true;
        if (errors.size() < 10) errors.push_back(what);
        cv.notify_all();
    }
};

// On loopback each entrant connects from an address of its own; elsewhere the system chooses.
std::string source_for(const std::string& url, int i) {
    const auto where = client::parse_url(url);
    if (!where || (where->host != "127.0.0.1" && where->host != "localhost")) return "";
    return "127.0.0." + std::to_string(2 + i % 253);
}

// Between holes with `seat` still reading the review: it says NextHole, as a player done reading does.
bool owes_next_hole(const v1::TableUpdate& u, std::uint32_t seat) {
    if (u.state() != v1::TABLE_STATE_BETWEEN_HOLES || !u.has_next_hole()) return false;
    const auto& waiting = u.next_hole().waiting();
    return std::find(waiting.begin(), waiting.end(), seat) != waiting.end();
}

v1::ClientMessage get_tournament(std::int64_t id, bool watch) {
    v1::ClientMessage m;
    m.mutable_get_tournament()->set_id(id);
    m.mutable_get_tournament()->set_watch(watch);
    return m;
}

// Plays the entrant's seat at `code` with its bot until the match is over; the moves it made.
std::int64_t play_table(client::connection& c, const std::string& code, bot& player, random_source& random,
                        std::chrono::milliseconds think, shared_state& shared) {
    const v1::TableJoined joined = c.join(code, "");
    const auto rules = wire::to_ruleset(joined.rules());
    if (!rules) throw client::error("the rules of table " + code + " cannot be read");
    const std::uint32_t seat = joined.seat();
    std::int64_t moves = 0;
    std::uint64_t nexted = 0;  // the hand_version NextHole was last sent at
    for (int i = 0; i < 100000; ++i) {
        // Of this table: the last one's final update may still be the latest.
        const v1::TableUpdate& u = c.wait_until(
            [&](const v1::TableUpdate& x) {
                return x.code() == code && (x.state() == v1::TABLE_STATE_FINISHED || client::owes_move(x) ||
                                            (owes_next_hole(x, seat) && x.hand_version() != nexted));
            },
            10min);
        if (u.state() == v1::TABLE_STATE_FINISHED) break;
        if (u.state() == v1::TABLE_STATE_BETWEEN_HOLES) {
            nexted = u.hand_version();
            v1::ClientMessage next;
            next.mutable_next_hole();
            c.request(next);
            continue;
        }
        const auto view = wire::to_hand_view(u.hand());
        if (!view) throw client::error("a hand view it cannot read at table " + code);
        if (think.count() > 0) std::this_thread::sleep_for(think);
        action chosen = player.choose(*rules, *view, random);
        if (chosen.kind == action_kind::claim)
            for (const action& a : view->legal)
                if (a.kind != action_kind::claim) {
                    chosen = a;
                    break;
                }
        const v1::ServerMessage reply = c.act(chosen);
        if (!reply.has_error()) ++moves;
        else if (reply.error().code() != v1::ERROR_CODE_STALE) {
            std::lock_guard lock(shared.m);
            ++shared.refused;
        }
    }
    v1::ClientMessage leave;
    leave.mutable_leave_table();
    c.request(leave);
    return moves;
}

// The organiser (entrant 0) makes the tournament; the others wait for its id. Everyone signs up, and the
// organiser starts it once all have.
std::int64_t sign_up(client::connection& c, const tournament_plan& plan, int i, shared_state& shared) {
    std::unique_lock lock(shared.m);
    if (i == 0) {
        lock.unlock();
        v1::ClientMessage create;
        *create.mutable_create_tournament()->mutable_settings() = plan.settings;
        const std::int64_t made = c.expect_success(create).tournament().tournament().id();
        lock.lock();
        shared.id = made;
        shared.cv.notify_all();
    }
    shared.cv.wait(lock, [&] { return shared.id != 0 || shared.failed; });
    if (shared.failed) throw client::error("another entrant failed first");
    const std::int64_t id = shared.id;
    lock.unlock();
    v1::ClientMessage join;
    join.mutable_join_tournament()->set_id(id);
    c.expect_success(join);
    lock.lock();
    ++shared.joined;
    shared.cv.notify_all();
    if (i != 0) return id;
    shared.cv.wait(lock, [&] { return shared.joined == plan.players || shared.failed; });
    if (shared.failed) throw client::error("another entrant failed first");
    lock.unlock();
    v1::ClientMessage start;
    start.mutable_manage_tournament()->set_id(id);
    start.mutable_manage_tournament()->set_command(v1::TOURNAMENT_COMMAND_START);
    c.expect_success(start);
    lock.lock();
    shared.started = clock_type::now();
    return id;
}

void run_entrant(const tournament_plan& plan, int i, const std::string& prefix, shared_state& shared) {
    client::connection c;
    c.connect_from(source_for(plan.url, i));
    c.connect(plan.url, "golf-load", 30s);
    c.register_account(prefix + std::to_string(i), password, 30s);
    const std::int64_t id = sign_up(c, plan, i, shared);
    const auto player = make_bot(plan.level);
    random_source random(static_cast<std::uint64_t>(i) + 1);
    std::string last;
    std::optional<clock_type::time_point> free_since;
    const auto deadline = clock_type::now() + std::chrono::seconds(plan.timeout_s);
    v1::Tournament t = c.expect_success(get_tournament(id, true)).tournament().tournament();
    while (clock_type::now() < deadline) {
        if (t.state() == v1::TOURNAMENT_STATE_FINISHED || t.state() == v1::TOURNAMENT_STATE_CANCELLED) return;
        if (!t.your_table().empty() && t.your_table() != last) {
            last = t.your_table();
            if (free_since) {
                std::lock_guard lock(shared.m);
                shared.waits_s.push_back(std::chrono::duration<double>(clock_type::now() - *free_since).count());
            }
            const std::int64_t moves = play_table(c, last, *player, random, plan.think, shared);
            free_since = clock_type::now();
            {
                std::lock_guard lock(shared.m);
                shared.moves += moves;
                ++shared.tables;
            }
            // The pushes that came while it played were read past: ask once (still watching: a get without
            // `watch` would end the watch), then follow the pushes again.
            t = c.expect_success(get_tournament(id, true)).tournament().tournament();
            continue;
        }
        if (const auto m = c.next(1s); m && m->has_tournament()) t = m->tournament().tournament();
    }
    throw client::error("the tournament was not over within --timeout");
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

void report(const tournament_plan& plan, const shared_state& shared, const v1::Tournament& t,
            clock_type::time_point began, clock_type::time_point ended) {
    const auto span = [](clock_type::time_point a, clock_type::time_point b) {
        return std::chrono::duration<double>(b - a).count();
    };
    const clock_type::time_point started = shared.started.value_or(began);
    const double seconds = span(started, ended);
    int tables = 0, on_fire = 0;
    for (const auto& round : t.rounds())
        for (const auto& table : round.tables()) {
            ++tables;
            for (const auto& seat : table.seats()) on_fire += seat.on_fire();
        }
    std::printf("golf load --tournament: %d entrants at tables of %u, %s, %s\n", plan.players, plan.settings.seats(),
                plan.settings.preset().c_str(),
                plan.settings.format() == v1::TOURNAMENT_FORMAT_ARENA
                    ? (std::to_string(plan.settings.arena_minutes()) +
                       (plan.settings.arena_minutes() == 1 ? " minute" : " minutes") + " of arena")
                          .c_str()
                    : (std::to_string(plan.settings.rounds()) + " rounds").c_str());
    std::printf(
        "  signed up in %.1f s; %s %.1f s after the start: %d rounds, %d tables, %lld moves by the "
        "entrants (%.1f a second)\n",
        span(began, started), t.state() == v1::TOURNAMENT_STATE_FINISHED ? "finished" : "not finished", seconds,
        t.rounds_size(), tables, static_cast<long long>(shared.moves), static_cast<double>(shared.moves) / seconds);
    std::printf(
        "  from a table's end to the entrant's next seat: median %.1f s, 90th percentile %.1f s, longest %.1f s\n",
        percentile(shared.waits_s, 0.5), percentile(shared.waits_s, 0.9), percentile(shared.waits_s, 1.0));
    std::printf("  moves refused: %lld; seats on fire: %d\n", static_cast<long long>(shared.refused), on_fire);
    for (int e = 0; e < std::min(3, t.entrants_size()); ++e)
        std::printf("  %u. %s, %.1f points\n", t.entrants(e).place(), t.entrants(e).name().c_str(),
                    t.entrants(e).points());
}

tournament_plan parse_plan(std::span<const std::string_view> words) {
    tournament_plan plan;
    auto& s = plan.settings;
    std::optional<std::string_view> url;
    std::vector<std::string> house_rules;
    std::string preset_name = "four-card";
    command_line args(words);
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--url") url = args.value();
        else if (flag == "--tournament") s.set_format(tournament_format_or_throw("--tournament", args.value()));
        else if (flag == "--players") plan.players = parse_int("--players", args.value(), 4, 256);
        else if (flag == "--seats") s.set_seats(static_cast<std::uint32_t>(parse_int("--seats", args.value(), 2, 8)));
        else if (flag == "--rounds")
            s.set_rounds(static_cast<std::uint32_t>(parse_int("--rounds", args.value(), 1, 20)));
        else if (flag == "--minutes")
            s.set_arena_minutes(static_cast<std::uint32_t>(parse_int("--minutes", args.value(), 1, 720)));
        else if (flag == "--rules") preset_name = std::string(args.value());
        else if (flag == "--set") house_rules.emplace_back(args.value());
        else if (flag == "--level") plan.level = bot_level_or_throw("--level", args.value());
        else if (flag == "--timeout") plan.timeout_s = parse_int("--timeout", args.value(), 10, 86400);
        else if (flag == "--think-ms")
            plan.think = std::chrono::milliseconds(parse_int("--think-ms", args.value(), 0, 60000));
        else args.unknown_flag();
    }
    plan.url = server_url_or_throw(url);
    const preset& base = find_preset_or_throw(preset_name);
    s.set_preset(std::string(base.name));
    if (!house_rules.empty()) *s.mutable_house_rules() = wire::to_proto(rules_with_house_rules(base, house_rules));
    if (s.seats() == 0) s.set_seats(4);
    const bool arena = s.format() == v1::TOURNAMENT_FORMAT_ARENA;
    if (arena && s.rounds() != 0) throw usage_error("an arena runs for --minutes, not --rounds");
    if (!arena && s.arena_minutes() != 0) throw usage_error("--minutes goes with --tournament arena");
    if (!arena && s.rounds() == 0) s.set_rounds(5);
    if (arena && s.arena_minutes() == 0) s.set_arena_minutes(20);
    s.set_name(arena ? "Load arena" : "Load tournament");
    return plan;
}

// Letters and digits, new each run, so that a run's accounts never meet an earlier run's on the same database.
std::string fresh_prefix() {
    std::random_device device;
    char text[16];
    std::snprintf(text, sizeof text, "L%06xn", static_cast<unsigned>(device() & 0xffffffU));
    return text;
}

}  // namespace

int run_tournament_load(std::span<const std::string_view> words) {
    const tournament_plan plan = parse_plan(words);
    shared_state shared;
    const std::string prefix = fresh_prefix();
    const auto started = clock_type::now();
    std::vector<std::thread> threads;
    for (int i = 0; i < plan.players; ++i)
        threads.emplace_back([&, i] {
            try {
                run_entrant(plan, i, prefix, shared);
            } catch (const std::exception& e) {
                shared.fail("entrant " + std::to_string(i) + ": " + e.what());
            }
        });
    for (std::thread& t : threads) t.join();
    const auto ended = clock_type::now();
    for (const std::string& e : shared.errors) std::cerr << "golf load: " << e << '\n';
    if (shared.id == 0) return exit_failure;
    try {
        client::connection reader;
        reader.connect(plan.url, "golf-load", 30s);
        const v1::Tournament t = reader.expect_success(get_tournament(shared.id, false)).tournament().tournament();
        report(plan, shared, t, started, ended);
        return shared.failed || t.state() != v1::TOURNAMENT_STATE_FINISHED ? exit_failure : 0;
    } catch (const client::error& e) {
        std::cerr << "golf load: the tournament could not be read at the end: " << e.what() << '\n';
        return exit_failure;
    }
}

}  // namespace golf::cli
