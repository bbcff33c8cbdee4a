// golf play: a person at a table on a golf-server, from a terminal. On a terminal it draws the whole table on the
// alternate screen and redraws it as updates arrive; on a pipe it writes plain lines (every update, then a "> "
// prompt line whenever what the user can do changes), so it can be scripted. The keyboard and the socket are both
// read without blocking, every wait is bounded, a dropped connection is resumed with the seat token (a few tries),
// and the server's refusals are shown, never fatal.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/play/event_text.hpp"
#include "cli/play/messages.hpp"
#include "cli/play/move_keys.hpp"
#include "cli/play/play_account.hpp"
#include "cli/play/terminal_input.hpp"
#include "cli/play/terminal_view.hpp"
#include "cli/version_refusal.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/match.hpp"
#include "proto/bot_levels.hpp"
#include "proto/convert.hpp"

namespace golf::cli {

namespace {

using namespace std::chrono_literals;

constexpr auto request_timeout = 10s;
constexpr auto socket_wait = 40ms;         // longest wait on the socket before looking at the keyboard again
constexpr int max_messages_per_turn = 64;  // then the keyboard gets a look even under a flood of updates
constexpr int reconnect_attempts = 5;
constexpr int max_bots = 15;
constexpr std::size_t max_name = 24;
constexpr int min_clock_seconds = 5;  // CreateTable.turn_clock_seconds: 0, or 5..3600
constexpr int max_clock_seconds = 3600;
constexpr std::size_t max_glimpses = 3;
constexpr auto quick_wait = std::chrono::minutes(
    10);  // quick play gives up waiting for players after this  // cards shown once (memory games) kept in sight until your next move

struct play_settings {
    std::string url;
    std::string ca_file;  // --ca-file or GOLF_CA_FILE, for wss://
    std::string name;
    std::optional<std::string> preset_name;  // --create
    std::optional<std::string> join_code;    // --join
    std::optional<std::string> quick;        // --quick PRESET: quick play
    int bots_after = 0;                      // --bots-after SECONDS with --quick
    account_flags account;                   // --account NAME [--register]
    ruleset rules;
    bool house_rules = false;
    int seats = 0;
    int bots = 0;
    wire::bot_choice bot_level;  // --bot-level: the server bots --bots and 'b' add
    int clock_seconds = 0;
    bool public_table = false;
    bool spectate = false;
    std::uint32_t spoken_protocol = client::protocol_version;  // --speak-protocol, for tests of refusals
};

// Whether the locale says the terminal (or whatever reads the pipe) takes UTF-8: suit symbols, else letters (no
// locale at all: UTF-8, as most terminals are).
bool locale_is_utf8() {
    for (const char* variable : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(variable);
        if (!value || !*value) continue;
        const std::string v = value;
        return v.find("UTF-8") != std::string::npos || v.find("utf8") != std::string::npos ||
               v.find("UTF8") != std::string::npos || v.find("utf-8") != std::string::npos;
    }
    return true;
}

// "error: ..." for a refusal or a mistake shown to the player.
std::string error_text(std::string_view message) { return tr("terminal.error", {{"message", message}}); }

class player {
public:
    player(play_settings config, bool screen)
        : config_(std::move(config)), screen_(screen), keyboard_(screen), account_(config_.account) {
        picture_.url = config_.url;
        picture_.preset = config_.preset_name.value_or("");
        picture_.utf8 = locale_is_utf8();
    }

    int run();

private:
    void open();
    bool reconnect(const std::string& why);
    void handle(const v1::ServerMessage& message);
    void take_update(const v1::TableUpdate& update);
    void take_chat(const v1::ChatLine& chat);
    void command(const std::string& line);
    bool table_command(const std::string& line);
    void ask(v1::ClientMessage message);
    void choose(const std::string& typed);
    void show();
    void say(const std::string& text);  // a notice: a line on a pipe, the status line on the screen
    void leave();

    play_settings config_;
    bool screen_;
    line_reader keyboard_;
    std::unique_ptr<client::connection> link_;
    play_account account_;
    std::string token_;
    std::string code_;
    table_picture picture_;
    bool quit_ = false;
    bool dirty_ = true;         // the screen needs drawing
    std::string shown_prompt_;  // the last prompt printed on a pipe, with what it offered
    std::vector<move_choice> menu_;
    std::uint64_t menu_version_ = 0;
    std::uint64_t shown_version_ = 0;  // the newest hand_version shown on this connection
    std::chrono::steady_clock::time_point drawn_at_;
};

void player::open() {
    link_ = std::make_unique<client::connection>();
    link_->trust_ca_file(config_.ca_file);
    link_->ask_update_answers_act();  // a move is answered by its update: see ask()
    link_->speak_protocol(config_.spoken_protocol);
    link_->connect(config_.url, "golf-play", request_timeout);
    say(tr("terminal.connected", {{"url", config_.url}, {"version", link_->welcome().server_version()}}));
    config_.name = account_.sign_in(*link_, config_.name, request_timeout);
    if (account_.signed_in()) say(tr("terminal.signedIn", {{"name", config_.name}}));
    v1::TableJoined joined;
    if (config_.quick) {
        say(tr("terminal.waitingQuick", {{"preset", *config_.quick}}));
        joined = link_->quick_play(
            *config_.quick, config_.seats, config_.bots_after, account_.signed_in() ? "" : config_.name, quick_wait,
            [this](const v1::QueueUpdate& u) {
                say(tr("terminal.queueWaiting",
                       {{"count", std::to_string(u.waiting())}, {"seconds", std::to_string(u.waited_ms() / 1000)}}));
                show();
            });
    } else if (config_.preset_name) {
        v1::CreateTable create;
        create.set_player_name(config_.name);
        create.set_preset(*config_.preset_name);
        create.set_seats(static_cast<std::uint32_t>(config_.seats));
        create.set_turn_clock_seconds(static_cast<std::uint32_t>(config_.clock_seconds));
        create.set_public_(config_.public_table);
        if (config_.house_rules) *create.mutable_house_rules() = wire::to_proto(config_.rules);
        joined = link_->create_table(create, request_timeout);
        for (int i = 0; i < config_.bots; ++i)
            link_->add_bot(config_.bot_level.level, config_.bot_level.search_budget, request_timeout);
    } else {
        joined = link_->join(*config_.join_code, config_.name, config_.spectate, request_timeout);
    }
    token_ = joined.seat_token();
    code_ = joined.code();
    picture_.seat = joined.seat();
    picture_.preset = joined.preset();
    picture_.rules = joined.rules();
    if (!screen_) {
        std::string line = "code: " + joined.code() + "\n";  // "code: ", "seat: " and "watching" are for scripts
        line += joined.seat() >= 0 ? "seat: " + seat_number(joined.seat()) + "\n" : "watching\n";
        write_out(line);
    }
}

bool player::reconnect(const std::string& why) {
    std::string last = why;
    for (int attempt = 1; attempt <= reconnect_attempts && !quit_signal; ++attempt) {
        say(tr(
            "terminal.connectionLost",
            {{"why", last}, {"attempt", std::to_string(attempt)}, {"attempts", std::to_string(reconnect_attempts)}}));
        show();
        const auto pause = std::min<std::chrono::milliseconds>(500ms * (1 << (attempt - 1)), 5000ms);
        for (auto waited = 0ms; waited < pause && !quit_signal; waited += 100ms) std::this_thread::sleep_for(100ms);
        try {
            auto fresh = std::make_unique<client::connection>();
            fresh->trust_ca_file(config_.ca_file);
            fresh->ask_update_answers_act();
            fresh->speak_protocol(config_.spoken_protocol);
            fresh->connect(config_.url, "golf-play", request_timeout);
            account_.sign_in_again(*fresh, request_timeout);
            const v1::TableJoined joined = token_.empty() ? fresh->join(code_, config_.name, true, request_timeout)
                                                          : fresh->reclaim(token_, request_timeout);
            picture_.seat = joined.seat();
            shown_version_ = 0;  // a restarted server counts its versions from the start again
            link_ = std::move(fresh);
            say(tr("terminal.reconnected", {{"code", joined.code()}}));
            shown_prompt_.clear();
            return true;
        } catch (const client::version_refused&) {
            throw;  // the server was replaced by one that does not speak ours: no try will change that
        } catch (const client::error& e) {
            last = e.what();
            // The server answered and said no: trying again will not change its mind.
            if (e.code() == v1::ERROR_CODE_BAD_TOKEN || e.code() == v1::ERROR_CODE_NO_SUCH_TABLE) break;
        }
    }
    throw run_failure(tr("terminal.lostConnection", {{"url", config_.url}, {"why", last}}));
}

void player::handle(const v1::ServerMessage& message) {
    dirty_ = true;
    if (message.has_table_update()) {
        take_update(message.table_update());
    } else if (message.has_chat()) {
        take_chat(message.chat());
    } else if (message.has_error()) {
        say(error_text(refusal_text(message.error())));
    } else if (message.has_closing()) {
        say(tr("terminal.serverClosing", {{"reason", message.closing().reason()}}));
    }
}

void player::take_update(const v1::TableUpdate& update) {
    const std::vector<v1::TableEvent> fresh = picture_.log.add(update);
    // A move's answer is handled at once, the pushes queued before it later: an older hand is not shown again.
    const bool older = update.hand_version() < shown_version_;
    if (!older) {
        shown_version_ = update.hand_version();
        picture_.update = update;
        picture_.update_at = std::chrono::steady_clock::now();
        if (update.your_seat() != picture_.seat) picture_.seat = update.your_seat();
    }
    // A card shown once (peeks_shown_once) stays in sight until your next move, then is only remembered.
    const v1::Ruleset* rules = picture_.rules ? &*picture_.rules : nullptr;
    std::string seen;
    for (std::string& glimpse : glimpses(fresh, reader_for(update, rules, picture_.utf8))) {
        seen += tr("terminal.seenOncePlain", {{"text", glimpse}}) + "\n";
        picture_.glimpses.push_back(std::move(glimpse));
    }
    if (picture_.glimpses.size() > max_glimpses)
        picture_.glimpses.erase(picture_.glimpses.begin(),
                                picture_.glimpses.end() - static_cast<std::ptrdiff_t>(max_glimpses));
    if (!screen_) write_out(plain_log(picture_, fresh) + seen + (older ? std::string() : plain_table(picture_)));
}

void player::take_chat(const v1::ChatLine& chat) {
    if (picture_.chat.add(chat) && !screen_) write_out("chat: " + chat_text(chat) + "\n");  // "chat: " for scripts
}

void player::say(const std::string& text) {
    picture_.notice = text;
    dirty_ = true;
    if (!screen_) {
        write_out(text + "\n");
        shown_prompt_.clear();  // a message in between: show the prompt again
    }
}

// Sends a request and shows a refusal; pushes that arrive meanwhile stay queued for the main loop.
void player::ask(v1::ClientMessage message) {
    try {
        const v1::ServerMessage reply = link_->request(std::move(message), request_timeout);
        if (reply.has_error()) say(error_text(refusal_text(reply.error())));
        else picture_.notice.clear();
        if (reply.has_table_update()) handle(reply);  // a move answered by its update (Hello.update_answers_act)
    } catch (const client::error& e) {
        if (!link_->is_open()) reconnect(e.what());
        else say(error_text(e.what()));
    }
    dirty_ = true;
}

// A move by its key or number.
void player::choose(const std::string& typed) {
    if (menu_.empty()) {
        say(error_text(tr("terminal.noMoveNow")));
        return;
    }
    const std::optional<std::size_t> chosen = find_move(menu_, typed);
    if (!chosen) {
        if (looks_like_key(typed)) say(error_text(tr("terminal.notAMoveNow", {{"typed", typed}})));
        else say(error_text(tr("terminal.chooseMove", {{"count", std::to_string(menu_.size())}})));
        return;
    }
    picture_.glimpses.clear();
    v1::ClientMessage message;
    *message.mutable_act()->mutable_action() = menu_[*chosen].action;
    // A number points into the list on screen, which may be old by now: the server refuses it then (STALE). A key
    // names the move itself, so it stands however the hand moved on (another seat's start flip, say); the server
    // still refuses it if it is no longer legal.
    const bool by_number = typed.find_first_not_of("0123456789 ") == std::string::npos;
    message.mutable_act()->set_hand_version(by_number ? menu_version_ : 0);
    ask(std::move(message));
}

void player::command(const std::string& raw) {
    std::string line = raw;
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.erase(0, 1);
    const bool was_helping = std::exchange(picture_.help, false);
    if (was_helping) dirty_ = true;
    if (line.empty()) return;  // Enter alone closes the keys
    if (line == "?" || line == "help") {
        if (screen_) picture_.help = !was_helping;
        else write_out(plain_help(picture_));
        shown_prompt_.clear();
    } else if (line == "q") {
        quit_ = true;
    } else if (table_command(line)) {
        return;
    } else if (const auto problem = picture_.update && picture_.update->has_hand()
                                        ? place_problem(line, picture_.update->hand())
                                        : std::nullopt) {
        say(error_text(*problem));
    } else if (find_move(menu_, line) || looks_like_key(line) ||
               line.find_first_not_of("0123456789") == std::string::npos) {
        choose(line);
    } else {
        say(error_text(tr("terminal.unknownCommand", {{"line", line}})));
    }
}

// The table's commands (chat, start, bot, rematch, next hole, open a seat); false when `line` is none of them.
bool player::table_command(const std::string& line) {
    v1::ClientMessage message;
    if (line == "c" || line.starts_with("c ")) {
        const std::string text = line.size() > 2 ? line.substr(2) : "";
        if (text.empty()) {
            say(error_text(tr("terminal.chatHowTo")));
            return true;
        }
        message.mutable_send_chat()->set_text(text);
    } else if (line == "s") {
        message.mutable_start_match();
    } else if (line == "b") {
        message.mutable_add_bot()->set_level(config_.bot_level.level);
        message.mutable_add_bot()->set_search_budget(config_.bot_level.search_budget);
    } else if (line == "a") {  // "r" is a move's key (turn all your cards up); "a" is for "again"
        message.mutable_rematch();
    } else if (line == "n") {
        message.mutable_next_hole();
    } else if (line == "open" || line.starts_with("open ")) {
        const std::string number = line.size() > 5 ? line.substr(5) : "";
        if (number.empty() || number.size() > 2 || number.find_first_not_of("0123456789") != std::string::npos) {
            say(error_text(tr("terminal.openHowTo")));
            return true;
        }
        if (const auto problem = seat_problem(number, picture_.update ? picture_.update->seats_size() : 0)) {
            say(error_text(*problem));
            return true;
        }
        message.mutable_open_seat()->set_seat(static_cast<std::uint32_t>(std::stoi(number) - 1));  // typed from 1
    } else {
        return false;
    }
    ask(std::move(message));
    return true;
}

void player::show() {
    if (picture_.update) {
        menu_ = picture_moves(picture_);
        menu_version_ = picture_.update->hand_version();
    }
    if (!screen_) {
        const std::string prompt = prompt_line(picture_);
        const std::string key = prompt + "#" + std::to_string(menu_version_);
        if (key != shown_prompt_) {
            shown_prompt_ = key;
            write_out((menu_.empty() ? std::string() : plain_moves(menu_)) + "> " + prompt + "\n");
        }
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    // The turn clock and the wait for the next hole redraw each second, the claim window five times a second.
    const bool counting = picture_.update && (picture_.update->has_clock() || picture_.update->has_next_hole());
    const bool ticking = (counting && now - drawn_at_ >= 1s) ||
                         (picture_.update && picture_.update->has_claim_window() && now - drawn_at_ >= 200ms);
    if (keyboard_.changed()) dirty_ = true;
    if (!dirty_ && !ticking && !resized_signal) return;
    resized_signal = 0;
    dirty_ = false;
    drawn_at_ = now;
    picture_.input = keyboard_.partial();
    const auto [width, height] = terminal_size(STDOUT_FILENO);
    screen_style style;
    style.width = width;
    style.height = height;
    style.utf8 = picture_.utf8;
    write_out(screen_frame(picture_, style));
}

void player::leave() {
    if (!link_ || !link_->is_open()) return;
    try {
        v1::ClientMessage message;
        message.mutable_leave_table();
        link_->request(std::move(message), 2s);  // a seat left mid-match is played by a server bot at once
        link_->close(2s);
    } catch (const client::error&) {
        // leaving is a courtesy; the server notices a closed connection either way
    }
}

int player::run() {
    install_signal_flags();
    std::optional<raw_terminal> terminal;
    if (screen_) terminal.emplace();
    try {
        open();
        while (!quit_ && !quit_signal) {
            try {
                for (int i = 0; i < max_messages_per_turn; ++i) {
                    const auto message = link_->next(i == 0 ? std::chrono::duration_cast<client::duration>(socket_wait)
                                                            : client::duration::zero());
                    if (!message) break;
                    handle(*message);
                }
            } catch (const client::error& e) {
                reconnect(e.what());
            }
            show();
            for (const std::string& line : keyboard_.read(0)) {
                command(line);
                if (quit_) break;
            }
            if (keyboard_.ended()) quit_ = true;  // no more input: nothing more this session can do
        }
        leave();
    } catch (const client::version_refused& e) {
        terminal.reset();
        std::cerr << "golf play: " << version_refusal_sentence(e, config_.url) << '\n';
        return exit_version_refused;
    } catch (const std::exception& e) {
        terminal.reset();
        std::cerr << "golf play: " << e.what() << '\n';
        return exit_failure;
    }
    terminal.reset();
    if (screen_ && picture_.update && picture_.update->scorecard().holes_size() > 0)
        write_out(plain_scorecard(*picture_.update));
    if (!code_.empty()) write_out(tr("terminal.leftTable", {{"code", code_}}) + "\n");
    return exit_ok;
}

}  // namespace

std::string_view play_usage() {
    return "usage: golf play --url ws[s]://HOST:PORT/ws [--name NAME | --account NAME [--register]]\n"
           "                 (--create PRESET [--set OPTION=VALUE ...] [--seats N] [--bots N] [--clock SECONDS]\n"
           "                  [--public] | --join CODE [--spectate] | --quick PRESET [--seats N] [--bots-after S])\n"
           "                 [--bot-level LEVEL] [--ca-file PEM] [--lang LANGUAGE]\n"
           "\n"
           "Sit at a table on a golf-server from a terminal. On a terminal it draws the table full screen: every\n"
           "seat's layout (card backs for cards you do not know, underlined cards are face down but known to you),\n"
           "the stock and discard piles, the held card, whose turn it is, the final round, the clock, the\n"
           "scorecard, what happened in the hole, chat, and the moves you may make, each with its key. A key is\n"
           "the same on every turn: a letter for what you do, then places by column letter and row number ('d'\n"
           "draws, 'f a1' flips your top-left card, 'l 2b2' looks at seat 2's card b2: seats count from 1, as the\n"
           "table shows them); type it (or the move's number) and Enter. '?' shows every key; 'c TEXT' chats; 'n'\n"
           "ends the review between holes; 's' starts the match and 'b' adds a bot, 'open N' gives away seat N, whose\n"
           "player left, to whoever joins next, 'a' asks for a rematch (host); 'r' turns all your cards up; 'q'\n"
           "leaves.\n"
           "When the output is not a terminal it writes the same information as plain lines, 'code: XXXXXX' and\n"
           "'seat: N' first, then what happened ('log: ...') and the table after every update, and a line starting\n"
           "with '> ' whenever what you can do changes (the moves listed as '  N. words  [key]'), so it can be\n"
           "scripted. A dropped connection is resumed with the seat's token (5 tries).\n"
           "\n"
           "  --url URL           the server's WebSocket, e.g. ws://localhost:8080/ws, or wss://HOST/ws through\n"
           "                      a TLS proxy (the certificate is checked against the system's authorities)\n"
           "  --ca-file PEM       also trust this authority for wss:// (e.g. Caddy's `tls internal` root);\n"
           "                      default $GOLF_CA_FILE\n"
           "  --name NAME         the name shown at the table (default: $USER)\n"
           "  --create PRESET     create a table with this preset (see golf rules) and host it\n"
           "  --set OPTION=VALUE  a house rule for the new table (repeatable)\n"
           "  --seats N           seats at the new table (default: enough for you and the bots, at least the\n"
           "                      ruleset's minimum)\n"
           "  --bots N            fill N seats with server bots at once (0 to 15, default 0)\n"
           "  --bot-level LEVEL   the server bots --bots and 'b' add: random, heuristic, easy, medium, hard or\n"
           "                      search:N (N playouts per decision, 1 to 20000); default heuristic\n"
           "  --clock SECONDS     a turn clock for the new table (5 to 3600; default 0, none)\n"
           "  --public            list the new table in the lobby\n"
           "  --join CODE         join the table with this code instead\n"
           "  --spectate          with --join: watch instead of sitting down\n"
           "  --quick PRESET      quick play: wait for players of your level, then play (--seats, default 2)\n"
           "  --bots-after S      with --quick: after S seconds (5 to 600) fill the empty seats with bots\n"
           "  --account NAME      sign in to your account (the password from GOLF_PASSWORD, else typed at the\n"
           "                      terminal); without it you play as a guest. GOLF_API_KEY set: sign in with that key\n"
           "  --register          with --account: create the account first\n"
           "  --lang LANGUAGE     the language to speak: en, fr, de, es, pl, ms or ar (default: the terminal's,\n"
           "                      from LC_ALL, LC_MESSAGES or LANG; English when it is none of these)\n"
           "\n"
           "Exit status: 0 after 'q' (or the end of the input), 1 when the server cannot be reached or refuses\n"
           "the table, 2 bad flags, 3 when the server does not speak this golf's protocol version (the message says\n"
           "which versions it needs and which golf-server it runs: update golf).\n";
}

namespace {

// The flags as typed, before they are checked against each other.
struct typed_flags {
    std::optional<std::string_view> url, seats, bots, clock, bots_after, bot_level, ca_file, lang;
    std::vector<std::string> house_rules;
    std::optional<std::string> name;
};

typed_flags read_flags(std::span<const std::string_view> words, play_settings& config) {
    command_line args(words);
    typed_flags typed;
    while (args.next()) {
        if (!args.is_flag()) throw usage_error("unexpected argument '" + std::string(args.word()) + "'");
        const std::string_view flag = args.word();
        if (flag == "--url") typed.url = args.value();
        else if (flag == "--ca-file") typed.ca_file = args.value();
        else if (flag == "--lang") typed.lang = args.value();
        else if (flag == "--name") typed.name = std::string(args.value());
        else if (flag == "--create") config.preset_name = std::string(args.value());
        else if (flag == "--set") typed.house_rules.emplace_back(args.value());
        else if (flag == "--seats") typed.seats = args.value();
        else if (flag == "--bots") typed.bots = args.value();
        else if (flag == "--bot-level") typed.bot_level = args.value();
        else if (flag == "--clock") typed.clock = args.value();
        else if (flag == "--join") config.join_code = std::string(args.value());
        else if (flag == "--quick") config.quick = std::string(args.value());
        else if (flag == "--bots-after") typed.bots_after = args.value();
        else if (flag == "--account") config.account.name = std::string(args.value());
        else if (flag == "--public") config.public_table = args.switch_on();
        else if (flag == "--spectate") config.spectate = args.switch_on();
        else if (flag == "--register") config.account.register_new = args.switch_on();
        else if (flag == "--speak-protocol")  // not in the usage: it only makes refusals happen in tests
            config.spoken_protocol = static_cast<std::uint32_t>(
                parse_int("--speak-protocol", args.value(), 0, static_cast<int>(max_spoken_protocol)));
        else args.unknown_flag();
    }
    return typed;
}

void check_quick(play_settings& config, const typed_flags& typed) {
    if (config.preset_name || config.join_code) throw usage_error(tr("terminal.quickAlone"));
    if (typed.bots || typed.bot_level || typed.clock || config.public_table || !typed.house_rules.empty() ||
        config.spectate)
        throw usage_error(tr("terminal.quickFlags"));
    const preset& base = find_preset_or_throw(*config.quick);
    config.seats = typed.seats ? parse_int("--seats", *typed.seats, base.rules.min_players, base.rules.max_players)
                               : std::max(2, base.rules.min_players);
    if (typed.bots_after) config.bots_after = parse_int("--bots-after", *typed.bots_after, 5, 600);
}

void check_join(const play_settings& config, const typed_flags& typed) {
    const auto create_only = [](const char* flag) { return usage_error(tr("terminal.createOnly", {{"flag", flag}})); };
    if (typed.seats) throw create_only("--seats");
    if (typed.bots) throw create_only("--bots");
    if (typed.clock) throw create_only("--clock");
    if (config.public_table) throw create_only("--public");
    if (!typed.house_rules.empty()) throw create_only("--set");
    if (config.join_code->empty()) throw usage_error(tr("terminal.joinEmpty"));
}

void check_create(play_settings& config, const typed_flags& typed) {
    if (config.spectate) throw usage_error(tr("terminal.spectateJoinOnly"));
    const preset& base = find_preset_or_throw(*config.preset_name);
    config.rules = rules_with_house_rules(base, typed.house_rules);
    config.house_rules = !typed.house_rules.empty();
    if (typed.bots) config.bots = parse_int("--bots", *typed.bots, 0, max_bots);
    if (typed.clock) {
        config.clock_seconds = parse_int("--clock", *typed.clock, 0, max_clock_seconds);
        if (config.clock_seconds > 0 && config.clock_seconds < min_clock_seconds)
            throw usage_error(tr("terminal.clockRange", {{"value", *typed.clock}}));
    }
    config.seats = std::max(config.rules.min_players, config.bots + 1);
    if (typed.seats)
        config.seats = parse_int("--seats", *typed.seats, config.rules.min_players, config.rules.max_players);
    if (config.bots + 1 > config.seats)
        throw usage_error(tr("terminal.botsTooMany", {{"bots", std::to_string(config.bots)},
                                                      {"free", static_cast<std::int64_t>(config.seats - 1)}}));
    if (const auto problem = match::check(config.rules, config.seats))
        throw usage_error("--seats " + std::to_string(config.seats) + ": " + *problem);
}

// --lang, else the terminal's locale.
std::string language_or_throw(const std::optional<std::string_view>& lang) {
    if (!lang) return terminal_language();
    const auto language = language_of(*lang);
    if (!language.empty()) return language;
    std::string known;
    for (const auto& each : languages()) known += (known.empty() ? "" : ", ") + each;
    throw usage_error("--lang " + std::string(*lang) + ": no such language (golf play speaks " + known + ")");
}

std::string name_or_user(const std::optional<std::string>& name) {
    if (name) {
        if (name->empty()) throw usage_error(tr("terminal.nameEmpty"));
        if (name->size() > max_name) throw usage_error(tr("terminal.nameTooLong"));
        return *name;
    }
    const char* user = std::getenv("USER");
    return user && *user ? std::string(user).substr(0, max_name) : "player";
}

}  // namespace

int run_play(std::span<const std::string_view> words) {
    play_settings config;
    const typed_flags typed = read_flags(words, config);
    use_language(language_or_throw(typed.lang));
    config.url = server_url_or_throw(typed.url);
    config.ca_file = ca_file_or_throw(typed.ca_file, config.url);
    if (config.account.register_new && !config.account.name) throw usage_error(tr("terminal.registerNeedsAccount"));
    if (config.account.name && typed.name) throw usage_error(tr("terminal.nameOrAccount"));
    if (typed.bots_after && !config.quick) throw usage_error(tr("terminal.botsAfterQuick"));
    if (config.quick) check_quick(config, typed);
    else create_or_join_or_throw(config.preset_name.has_value(), config.join_code.has_value());
    if (config.join_code) check_join(config, typed);
    else if (config.preset_name) check_create(config, typed);
    if (typed.bot_level)
        config.bot_level = wire::bot_choice_of(bot_level_or_throw("--bot-level", *typed.bot_level)).value();
    config.name = name_or_user(typed.name);
    const bool screen = is_terminal(STDIN_FILENO) && is_terminal(STDOUT_FILENO);
    return player(std::move(config), screen).run();
}

}  // namespace golf::cli
