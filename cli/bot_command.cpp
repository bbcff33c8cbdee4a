// golf bot: a computer player over the network. It creates a table (optionally filled with server bots) or joins
// one by its code, plays its seat with an engine bot deciding only from the HandViews it receives (remembering the
// discard pile from one to the next, as a server bot does), rematches as host until its matches are finished, and
// prints each match's scorecard. A dropped connection is taken up again with the seat's token. Every wait is
// bounded by --timeout.
#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/version_refusal.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/kept_memory.hpp"
#include "engine/match.hpp"
#include "engine/pile_memory.hpp"
#include "engine/random.hpp"
#include "proto/bot_levels.hpp"
#include "proto/convert.hpp"

namespace golf::cli {

namespace {

constexpr int max_matches = 1000;
constexpr int max_timeout_seconds = 86400;

struct bot_settings {
    std::string url;
    std::string ca_file;                     // --ca-file or GOLF_CA_FILE, for wss://
    std::optional<std::string> preset_name;  // --create
    std::optional<std::string> join_code;    // --join
    int seats = 0;
    bool fill_bots = false;
    ruleset rules;
    bool house_rules = false;
    std::string name = "golf-bot";
    std::string level = "heuristic";
    int matches = 1;
    std::chrono::seconds timeout{60};
    std::uint32_t spoken_protocol = client::protocol_version;  // --speak-protocol, for tests of refusals
};

// The server bots --fill-bots asks for: the level this bot plays (checked by bot_level_or_throw).
wire::bot_choice wire_level(std::string_view level) { return wire::bot_choice_of(level).value_or(wire::bot_choice{}); }

bool all_seats_filled(const v1::TableUpdate& update) {
    for (const v1::SeatInfo& seat : update.seats())
        if (!seat.occupied()) return false;
    return update.seats_size() > 0;
}

std::string seat_name(const v1::TableUpdate& update, int seat) {
    if (seat >= 0 && seat < update.seats_size() && !update.seats(seat).name().empty()) return update.seats(seat).name();
    return "seat " + std::to_string(seat);
}

void print_scorecard(const v1::TableUpdate& update, int number, int of) {
    const v1::Scorecard& card = update.scorecard();
    std::vector<std::string> names;
    std::vector<std::size_t> widths;
    for (int s = 0; s < update.seats_size(); ++s) {
        names.push_back(seat_name(update, s));
        widths.push_back(std::max<std::size_t>(names.back().size(), 6));
    }
    std::ostringstream out;
    out << "match " << number << " of " << of << " at table " << update.code() << ": " << card.holes_size()
        << (card.holes_size() == 1 ? " hole\n" : " holes\n");
    out << "hole ";
    for (std::size_t s = 0; s < names.size(); ++s) out << "  " << std::setw(static_cast<int>(widths[s])) << names[s];
    out << '\n';
    const auto row = [&](const std::string& label, const auto& values) {
        out << std::left << std::setw(5) << label << std::right;
        for (std::size_t s = 0; s < widths.size(); ++s) {
            out << "  " << std::setw(static_cast<int>(widths[s]));
            if (s < static_cast<std::size_t>(values.size())) out << values[static_cast<int>(s)];
            else out << '-';
        }
        out << '\n';
    };
    for (const v1::Scorecard::Hole& hole : card.holes()) row(std::to_string(hole.number()), hole.scores());
    row("total", card.totals());
    out << (card.winners_size() == 1 ? "winner:" : "winners:");
    for (const std::uint32_t w : card.winners()) out << ' ' << seat_name(update, static_cast<int>(w));
    out << '\n';
    std::cout << out.str() << std::flush;
}

// Where the table stood when the bot gave up waiting.
std::string describe(const std::optional<v1::TableUpdate>& latest) {
    if (!latest) return "no table update arrived";
    const v1::TableUpdate& u = *latest;
    int filled = 0;
    for (const v1::SeatInfo& seat : u.seats()) filled += seat.occupied() ? 1 : 0;
    switch (u.state()) {
        case v1::TABLE_STATE_WAITING:
            return "the table is waiting for players (" + std::to_string(filled) + " of " +
                   std::to_string(u.seats_size()) + " seats filled)";
        case v1::TABLE_STATE_PLAYING:
            return u.has_hand() ? "the hand is waiting for seat " + std::to_string(u.hand().current_seat())
                                : "the match is being played";
        case v1::TABLE_STATE_BETWEEN_HOLES: return "the table is between holes";
        case v1::TABLE_STATE_FINISHED: return "the match is over and no rematch came";
        default: return "the table is in an unknown state";
    }
}

// Creates the table (filled with server bots if asked) or joins it; says its code or our seat.
v1::TableJoined sit_down(client::connection& table, const bot_settings& config, client::duration timeout) {
    if (!config.preset_name) {
        v1::TableJoined joined = table.join(*config.join_code, config.name, false, timeout);
        std::cout << "seat: " << joined.seat() << std::endl;
        return joined;
    }
    v1::Ruleset house;
    if (config.house_rules) house = wire::to_proto(config.rules);
    v1::TableJoined joined = table.create_table(config.name, *config.preset_name, config.seats, house, timeout);
    std::cout << "code: " << joined.code() << std::endl;
    if (config.fill_bots) {
        const wire::bot_choice level = wire_level(config.level);
        for (int s = 1; s < config.seats; ++s) table.add_bot(level.level, level.search_budget, timeout);
    }
    return joined;
}

// What a server bot's view holds and the protocol's does not: the whole discard pile, and which card each card
// kept from the stock replaced (from each move's events and the view before it).
// Every TableUpdate is followed as it arrives (the connection's observer), so no view is missed between moves.
class pile_follower {
public:
    explicit pile_follower(std::shared_ptr<const ruleset> rules) : rules_(std::move(rules)) {}

    void observe(const v1::ServerMessage& message) {
        if (!message.has_table_update() || !message.table_update().has_hand()) return;
        const v1::TableUpdate& update = message.table_update();
        const std::uint32_t hole = update.hand().hole();
        const std::uint64_t version = update.hand_version();
        if (seen_ && hole == hole_ && version == version_) return;  // the same hand: a seat or chat changed
        std::optional<hand_view> view = wire::to_hand_view(update.hand());
        if (!view) return;
        const bool next = seen_ && hole == hole_ && version == version_ + 1;
        memory_.see(*rules_, *view, next);
        if (next) kept_.see(last_, events_of(update, hole));
        else
            kept_.restart(std::all_of(view->seats.begin(), view->seats.end(),
                                      [](const seat_view& s) { return s.turns_taken == 0; }));
        last_ = std::move(*view);
        seen_ = true;
        hole_ = hole;
        version_ = version;
    }

    // `view` with what was remembered, when it is the view last followed.
    hand_view recalled(hand_view view, const v1::TableUpdate& update) const {
        if (seen_ && update.hand().hole() == hole_ && update.hand_version() == version_) {
            memory_.recall_into(view);
            kept_.recall_into(view);
        }
        return view;
    }

private:
    // The update's events of this hole, as the engine's (one move's, when the update is the next view).
    static std::vector<event> events_of(const v1::TableUpdate& update, std::uint32_t hole) {
        std::vector<event> events;
        for (const v1::TableEvent& e : update.events())
            if (e.hole() == hole)
                if (const std::optional<event> engine = wire::to_event(e)) events.push_back(*engine);
        return events;
    }

    std::shared_ptr<const ruleset> rules_;
    pile_memory memory_;
    kept_memory kept_;
    hand_view last_;  // the view last followed: who had seen a card the next move replaces
    bool seen_ = false;
    std::uint32_t hole_ = 0;
    std::uint64_t version_ = 0;
};

std::unique_ptr<client::connection> connect_to(const bot_settings& config, client::duration timeout) {
    auto link = std::make_unique<client::connection>();
    link->ask_update_answers_act();  // the update answers each move: one frame fewer per move
    link->speak_protocol(config.spoken_protocol);
    link->trust_ca_file(config.ca_file);
    link->connect(config.url, "golf-bot", timeout);
    return link;
}

// After a dropped connection (a server restarting for an upgrade, a node draining or dying): a new connection
// takes the seat back with its token, as a person's client does, tried with growing pauses (at most 2 s) for up
// to --timeout, since a server may take a while to come back and another node a second to take the table over.
std::unique_ptr<client::connection> reseat(const bot_settings& config, const std::string& token, std::string why,
                                           client::duration timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (int attempt = 1; std::chrono::steady_clock::now() < deadline; ++attempt) {
        std::cerr << "golf bot: connection lost (" << why << "); reconnecting, try " << attempt << std::endl;
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(250 << std::min(attempt, 3), 2000)));
        try {
            auto link = connect_to(config, timeout);
            link->reclaim(token, timeout);
            return link;
        } catch (const client::version_refused&) {
            throw;  // the server came back speaking another protocol: trying again will not help
        } catch (const client::error& e) {
            why = e.what();
        }
    }
    throw run_failure("lost the connection to " + config.url + " and could not take the seat back within --timeout (" +
                      std::to_string(config.timeout.count()) + " s): " + why);
}

// Follows every update of `table` into `piles`, starting with the newest that arrived before.
void follow(client::connection& table, pile_follower& piles) {
    table.set_observer([&piles](const v1::ServerMessage& message) { piles.observe(message); });
    if (table.latest()) {
        v1::ServerMessage arrived;
        *arrived.mutable_table_update() = *table.latest();
        piles.observe(arrived);
    }
}

// The bot's connection and seat. A request that fails because the connection dropped takes the seat back on a new
// connection and says so (false), and the bot then waits for the table's next word as at any other time.
class held_seat {
public:
    held_seat(const bot_settings& config, client::duration timeout)
        : config_(config), timeout_(timeout), link_(connect_to(config, timeout)) {}

    client::connection& link() { return *link_; }
    void hold(std::string token, pile_follower& piles) {
        token_ = std::move(token);
        piles_ = &piles;
        follow(*link_, piles);
    }
    template <class Request>
    bool run(Request&& request) {
        try {
            request(*link_);
            return true;
        } catch (const client::error& e) {
            if (link_->is_open() || token_.empty() || !piles_) throw;
            link_ = reseat(config_, token_, e.what(), timeout_);
            follow(*link_, *piles_);
            return false;
        }
    }

private:
    const bot_settings& config_;
    client::duration timeout_;
    std::unique_ptr<client::connection> link_;
    std::string token_;
    pile_follower* piles_ = nullptr;
};

// As host, asks for the next match; once more after a drop, which may have come after the server took the first
// ask (then the match is already running).
void ask_rematch(held_seat& seat, client::duration timeout) {
    if (seat.run([&](client::connection& link) { link.rematch(timeout); })) return;
    try {
        seat.link().rematch(timeout);
    } catch (const client::error& e) {
        if (e.code() != v1::ERROR_CODE_MATCH_RUNNING) throw;
    }
}

// One seat's whole session: table, matches, scorecards.
int play(const bot_settings& config) {
    const auto timeout = std::chrono::duration_cast<client::duration>(config.timeout);
    held_seat seat(config, timeout);
    const v1::TableJoined joined = sit_down(seat.link(), config, timeout);
    const auto rules = wire::to_ruleset(joined.rules());
    if (!rules) throw run_failure("the server sent a ruleset this tool cannot read");
    pile_follower piles(std::make_shared<const ruleset>(*rules));
    seat.hold(joined.seat_token(), piles);
    const std::unique_ptr<bot> player = make_bot(config.level);
    random_source random(std::random_device{}() | (static_cast<std::uint64_t>(std::random_device{}()) << 32));

    int finished = 0;
    bool counted = false;          // the FINISHED state on the table has been counted and printed
    bool start_asked = false;      // as host, StartMatch was sent for the match being set up
    std::uint64_t refused_at = 0;  // a hand_version at which the server refused our move: wait for a newer one
    const auto is_host = [&](const v1::TableUpdate& u) { return static_cast<int>(u.host_seat()) == joined.seat(); };
    const auto needs_us = [&](const v1::TableUpdate& u) {
        if (u.state() == v1::TABLE_STATE_FINISHED) return !counted;
        if (counted) return true;  // a new match began: forget the old one
        if (u.state() == v1::TABLE_STATE_WAITING) return is_host(u) && !start_asked && all_seats_filled(u);
        return client::my_move(u) && u.hand_version() != refused_at;
    };

    for (;;) {
        const v1::TableUpdate* update = nullptr;
        try {
            if (!seat.run([&](client::connection& link) { update = &link.wait_until(needs_us, timeout); })) {
                start_asked = false;
                continue;
            }
        } catch (const client::error&) {
            if (!seat.link().is_open()) throw;
            throw run_failure("gave up after " + std::to_string(config.timeout.count()) +
                              " s with nothing to do (--timeout); " + describe(seat.link().latest()));
        }
        if (update->state() == v1::TABLE_STATE_FINISHED) {
            counted = true;
            print_scorecard(*update, ++finished, config.matches);
            if (finished >= config.matches) break;
            if (is_host(*update)) {
                start_asked = false;
                ask_rematch(seat, timeout);
            }
            continue;
        }
        if (counted) {
            counted = false;
            continue;
        }
        if (update->state() == v1::TABLE_STATE_WAITING) {
            start_asked = seat.run([&](client::connection& link) { link.start_match(timeout); });
            continue;
        }
        const auto view = wire::to_hand_view(update->hand());
        if (!view || view->legal.empty()) throw run_failure("the server sent a hand view this tool cannot read");
        const std::uint64_t version = update->hand_version();
        const action chosen = player->choose(*rules, piles.recalled(*view, *update), random);
        v1::ServerMessage reply;
        if (!seat.run([&](client::connection& link) { reply = link.act(chosen, timeout); })) continue;
        if (reply.has_error()) {
            const auto code = reply.error().code();
            if (code != v1::ERROR_CODE_STALE && code != v1::ERROR_CODE_NOT_YOUR_TURN)
                throw run_failure("the server refused our move (" + std::string(client::error_code_name(code)) +
                                  "): " + reply.error().message());
            refused_at = version;
        }
    }
    seat.link().close();
    return exit_ok;
}

}  // namespace

std::string_view bot_usage() {
    return "usage: golf bot --url ws[s]://HOST:PORT/ws [--ca-file PEM] (--create PRESET --seats N [--fill-bots] [--set "
           "OPTION=VALUE ...]\n"
           "                | --join CODE) [--name NAME] [--level LEVEL] [--matches K] [--timeout SECONDS]\n"
           "\n"
           "A computer player on a golf-server. With --create it makes a table, prints its join code as\n"
           "'code: XXXXXX', and starts the match as host once every seat is filled (--fill-bots asks the server to\n"
           "put its own bots in the other seats); with --join it sits at an existing table. It plays its seat\n"
           "deciding only from what the server shows it, rematches as host until K matches are finished, and\n"
           "prints each match's scorecard. A dropped connection (a server restarting for an upgrade, a node\n"
           "draining) is taken up again with the seat's token, tried for up to --timeout.\n"
           "\n"
           "  --url URL           the server's WebSocket, e.g. ws://localhost:8080/ws, or wss://HOST/ws through\n"
           "                      a TLS proxy (the certificate is checked against the system's authorities)\n"
           "  --ca-file PEM       also trust this authority for wss:// (e.g. Caddy's `tls internal` root);\n"
           "                      default $GOLF_CA_FILE\n"
           "  --create PRESET     create a table with this preset (see golf rules)\n"
           "  --seats N           seats at the new table, within the ruleset's player range\n"
           "  --fill-bots         fill the other seats with server bots of the same level\n"
           "  --set OPTION=VALUE  a house rule for the new table (repeatable)\n"
           "  --join CODE         join the table with this code instead\n"
           "  --name NAME         the name shown at the table (default golf-bot)\n"
           "  --level LEVEL       random, heuristic, easy, medium, hard or search:N (the search bot with N\n"
           "                      playouts per decision, 1 to 20000); default heuristic. The searching levels\n"
           "                      think here for this seat, and on the server's bot threads for --fill-bots\n"
           "  --matches K         matches to play before leaving (1 to 1000, default 1)\n"
           "  --timeout SECONDS   longest wait for anything (1 to 86400, default 60)\n"
           "\n"
           "Exit status: 0 when the matches are finished, 1 on a server error or a timeout, 2 bad flags, 3 when\n"
           "the server does not speak this golf's protocol version (the message says which versions it needs and\n"
           "which golf-server it runs: update golf).\n";
}

std::string server_url_or_throw(std::optional<std::string_view> url) {
    if (!url) throw usage_error("missing --url ws://HOST:PORT/ws");
    if (!client::parse_url(*url))
        throw usage_error("--url: expected ws://HOST:PORT/PATH or wss://HOST:PORT/PATH (got '" + std::string(*url) +
                          "')");
    return std::string(*url);
}

std::string ca_file_or_throw(std::optional<std::string_view> flag, std::string_view url) {
    const auto where = client::parse_url(url);
    if (flag) {
        if (flag->empty()) throw usage_error("--ca-file: the path is empty");
        if (where && !where->tls) throw usage_error("--ca-file goes with a wss:// URL");
        return std::string(*flag);
    }
    const char* from_environment = std::getenv("GOLF_CA_FILE");
    return from_environment && where && where->tls ? std::string(from_environment) : std::string();
}

std::string bot_level_or_throw(std::string_view flag, std::string_view name) {
    if (!make_bot(name))
        throw usage_error(std::string(flag) +
                          ": expected random, heuristic, easy, medium, hard or search:N (N from 1 to " +
                          std::to_string(max_search_playouts) + ") (got '" + std::string(name) + "')");
    return std::string(name);
}

void create_or_join_or_throw(bool create, bool join) {
    if (create && join) throw usage_error("--create and --join cannot be used together");
    if (!create && !join) throw usage_error("missing --create PRESET or --join CODE");
}

int run_bot(std::span<const std::string_view> words) {
    command_line args(words);
    bot_settings config;
    std::optional<std::string_view> url, seats_text, ca_file;
    std::vector<std::string> house_rules;
    bool name_given = false;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--url") {
            url = args.value();
        } else if (flag == "--ca-file") {
            ca_file = args.value();
        } else if (flag == "--create") {
            config.preset_name = std::string(args.value());
        } else if (flag == "--join") {
            config.join_code = std::string(args.value());
        } else if (flag == "--seats") {
            seats_text = args.value();
        } else if (flag == "--fill-bots") {
            args.expect_no_value();
            config.fill_bots = true;
        } else if (flag == "--set") {
            house_rules.emplace_back(args.value());
        } else if (flag == "--name") {
            config.name = std::string(args.value());
            name_given = true;
        } else if (flag == "--level") {
            config.level = std::string(args.value());
        } else if (flag == "--matches") {
            config.matches = parse_int("--matches", args.value(), 1, max_matches);
        } else if (flag == "--timeout") {
            config.timeout = std::chrono::seconds(parse_int("--timeout", args.value(), 1, max_timeout_seconds));
        } else if (flag == "--speak-protocol") {  // not in the usage: it only makes refusals happen in tests
            config.spoken_protocol = static_cast<std::uint32_t>(
                parse_int("--speak-protocol", args.value(), 0, static_cast<int>(max_spoken_protocol)));
        } else {
            args.unknown_flag();
        }
    }
    config.url = server_url_or_throw(url);
    config.ca_file = ca_file_or_throw(ca_file, config.url);
    create_or_join_or_throw(config.preset_name.has_value(), config.join_code.has_value());
    if (config.join_code) {
        if (seats_text) throw usage_error("--seats goes with --create, not --join");
        if (config.fill_bots) throw usage_error("--fill-bots goes with --create, not --join");
        if (!house_rules.empty()) throw usage_error("--set goes with --create, not --join");
        if (config.join_code->empty()) throw usage_error("--join: the code is empty");
    } else {
        const preset& base = find_preset_or_throw(*config.preset_name);
        config.rules = rules_with_house_rules(base, house_rules);
        config.house_rules = !house_rules.empty();
        if (!seats_text) throw usage_error("missing --seats N");
        config.seats = parse_int("--seats", *seats_text, config.rules.min_players, config.rules.max_players);
        if (const auto problem = match::check(config.rules, config.seats))
            throw usage_error("--seats " + std::to_string(config.seats) + ": " + *problem);
    }
    config.level = bot_level_or_throw("--level", config.level);
    if (name_given && config.name.empty()) throw usage_error("--name: the name is empty");

    try {
        return play(config);
    } catch (const client::version_refused& e) {
        std::cerr << "golf bot: " << version_refusal_sentence(e, config.url) << '\n';
        return exit_version_refused;
    } catch (const client::error& e) {
        std::cerr << "golf bot: " << e.what() << '\n';
    } catch (const run_failure& e) {
        std::cerr << "golf bot: " << e.what() << '\n';
    }
    return exit_failure;
}

}  // namespace golf::cli
