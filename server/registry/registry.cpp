#include "server/registry/registry.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <utility>

#include "engine/presets.hpp"
#include "persistence/match_replay.hpp"
#include "proto/convert.hpp"
#include "server/accounts/accounts.hpp"
#include "server/accounts/player_names.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/registry/history.hpp"
#include "server/registry/lobby.hpp"
#include "server/registry/quick_play.hpp"
#include "server/tables/bot_thinking.hpp"
#include "server/tables/table.hpp"
#include "server/tournaments/tournament_director.hpp"

namespace golf::server {

namespace {

constexpr std::size_t password_max_bytes = 128;
constexpr std::size_t token_max_bytes = 128;
constexpr int code_attempts = 64;  // 32^6 codes: a clash is rare, many clashes in a row mean the space is full

std::optional<std::string> check_name(const std::string& name) {
    if (auto problem = player_names::guest_problem(name); !problem.empty()) return problem;
    return std::nullopt;
}

void reply(const std::shared_ptr<client_link>& link, v1::ServerMessage& message, std::uint32_t rid) {
    message.set_request_id(rid);
    link->send(encode(message));
}

// Why a CreateTable cannot be granted as asked (the rules it names are checked by the caller); nullopt if it can.
std::optional<std::pair<v1::ErrorCode, std::string>> check_create(const v1::CreateTable& request,
                                                                  const ruleset& rules) {
    using refusal = std::pair<v1::ErrorCode, std::string>;
    if (request.seats() < 2 || request.seats() > static_cast<std::uint32_t>(rules.max_players))
        return refusal{v1::ERROR_CODE_BAD_REQUEST, "seats must be between 2 and " + std::to_string(rules.max_players)};
    if (auto problem = validate_for_players(rules, static_cast<int>(request.seats())))
        return refusal{v1::ERROR_CODE_BAD_RULESET, *problem};
    const std::uint32_t clock = request.turn_clock_seconds();
    if (clock != 0 && (clock < 5 || clock > 3600))
        return refusal{v1::ERROR_CODE_BAD_REQUEST, "the turn clock is 0 (none) or 5 to 3600 seconds"};
    if (request.password().size() > password_max_bytes)
        return refusal{v1::ERROR_CODE_BAD_REQUEST, "the password is too long"};
    const std::uint32_t claim_window = request.claim_window_ms();
    if (claim_window != 0 && !table_settings::claim_window_allowed(claim_window))
        return refusal{v1::ERROR_CODE_BAD_REQUEST, "the claim window is 0 (3000 ms) or 500 to 30000 ms"};
    if (request.between_holes_seconds() > table_settings::max_between_holes_seconds)
        return refusal{v1::ERROR_CODE_BAD_REQUEST, "the wait between holes is 0 (the server's default) or 1 to " +
                                                       std::to_string(table_settings::max_between_holes_seconds) +
                                                       " seconds"};
    return std::nullopt;
}

table_settings settings_of(const v1::CreateTable& request) {
    table_settings settings;
    settings.is_public = request.public_();
    if (!request.password().empty()) settings.password_hash = secure::sha256(request.password());
    settings.turn_clock = std::chrono::seconds(request.turn_clock_seconds());
    settings.forfeit_when_away = request.forfeit_when_away();
    if (request.claim_window_ms() != 0) settings.claim_window = std::chrono::milliseconds(request.claim_window_ms());
    settings.between_holes = std::chrono::seconds(request.between_holes_seconds());
    return settings;
}

table_settings settings_of(const persistence::match_detail& record) {
    table_settings settings;
    if (record.table) {
        settings.is_public = record.table->is_public;
        settings.quick_play = record.table->quick_play;
        settings.tournament_id = record.table->tournament_id;
        settings.deal_key = secure::from_hex(record.table->deal_key).value_or("");
        settings.password_hash = secure::from_hex(record.table->password_hash).value_or("");
        settings.turn_clock = std::chrono::milliseconds(record.table->turn_clock_ms);
        settings.forfeit_when_away = record.table->forfeit_when_away;
        // Only a value a CreateTable could have set; anything else (0 from an older schema) keeps the default.
        if (table_settings::claim_window_allowed(record.table->claim_window_ms))
            settings.claim_window = std::chrono::milliseconds(record.table->claim_window_ms);
        // Likewise a wait a CreateTable could have asked for, else the server's.
        if (record.table->between_holes_ms > 0 &&
            record.table->between_holes_ms <= table_settings::max_between_holes_seconds * 1000)
            settings.between_holes = std::chrono::milliseconds(record.table->between_holes_ms);
    }
    return settings;
}

}  // namespace

struct registry::impl {
    struct entry {
        std::shared_ptr<table> t;
        v1::LobbyTable summary;
    };

    mutable std::mutex mutex;
    std::unordered_map<std::string, entry> tables;        // by join code
    std::unordered_map<std::string, std::string> tokens;  // SHA-256 of a seat token -> join code
    std::atomic<bool> shutting_down{false};               // written under the mutex, read anywhere
};

registry::registry(boost::asio::io_context& io, const server_config& config, metrics& counters,
                   std::shared_ptr<persistence::match_store> store, std::shared_ptr<history> past)
    : io_(io),
      config_(config),
      metrics_(counters),
      store_(std::move(store)),
      history_(std::move(past)),
      impl_(std::make_unique<impl>()),
      lobby_(std::make_shared<lobby>(io)) {
    if (config_.bot_threads > 0) {
        const auto threads = static_cast<std::size_t>(config_.bot_threads);
        thinking_ = std::make_shared<bot_thinking>(config_.bot_threads, threads * bot_thinking::queue_per_thread);
    }
}

registry::~registry() { stop_thinking(); }

void registry::stop_thinking() {
    if (thinking_) thinking_->stop();
}

// The one way a table is made, for CreateTable and for a restored match alike. Under the lock; null when `code`
// is already open.
std::shared_ptr<table> registry::open_table_locked(const std::string& code, std::string preset,
                                                   std::shared_ptr<const ruleset> rules, int seats,
                                                   table_settings settings, v1::TableState state) {
    if (impl_->tables.contains(code)) return nullptr;
    auto t = std::make_shared<table>(io_, weak_from_this(), config_, metrics_, code, std::move(preset),
                                     std::move(rules), seats, std::move(settings), store_, thinking_, lease_);
    auto& e = impl_->tables[code];
    e.t = t;
    e.summary.set_code(code);
    e.summary.set_state(state);
    return t;
}

int registry::restore(const std::vector<persistence::match_detail>& unfinished,
                      std::optional<std::int64_t> claimed_by) {
    int restored = 0;
    for (const persistence::match_detail& record : unfinished) {
        const persistence::match_summary& m = record.summary;
        persistence::replayed_match replayed = persistence::replay_match(record);
        if (!replayed.problem.empty() || !replayed.match) {
            spdlog::error("match {} at table {} cannot be restored: {}", m.id, m.table_code, replayed.problem);
            continue;
        }
        const std::string code = secure::normalize_join_code(m.table_code);
        const int seats = static_cast<int>(m.seats.size());
        if (code.empty() || seats != replayed.match->players()) {
            spdlog::error("match {} cannot be restored: its table code or seats are not valid", m.id);
            continue;
        }
        std::lock_guard lock(impl_->mutex);
        // Checked under the lock: a step-down ends the lease before it closes the tables, so a table opened
        // after this check is closed with the rest.
        if (claimed_by && !lease_->held_by(*claimed_by)) {
            spdlog::warn("match {} at table {} is not restored: incarnation {} claimed it and has stepped down", m.id,
                         code, *claimed_by);
            continue;
        }
        auto t = open_table_locked(code, m.preset, replayed.rules, seats, settings_of(record), v1::TABLE_STATE_PLAYING);
        if (!t) {
            // Two take-overs of one table at once (the cluster's round and a client's lookup): the first restores it.
            spdlog::info("match {} at table {} is not restored again: the table is open here", m.id, code);
            continue;
        }
        // Under the lock: whoever finds the table from now on (a reclaim) is queued on its strand after the restore,
        // which sets the seats' tokens; posted after the unlock, a reclaim could come first and find none.
        boost::asio::post(t->strand(), [t, record, match = std::move(*replayed.match)]() mutable {
            t->restore(record, std::move(match));
        });
        ++restored;
    }
    return restored;
}

void registry::refuse(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, v1::ErrorCode code,
                      std::string_view text) {
    ++metrics_.errors;
    const auto* field = v1::ClientMessage::descriptor()->FindFieldByNumber(message.body_case());
    spdlog::info("session {}: {} refused with {}: {}", link->session_id(), field ? field->name() : "request",
                 v1::ErrorCode_Name(code), text);
    link->send(error_frame(message.request_id(), code, text));
}

void registry::handle(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                      std::chrono::steady_clock::time_point received) {
    if (accounts::handles(message.body_case())) {
        if (!accounts_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no accounts");
        return accounts_->handle(link, message);
    }
    if (tournament_director::handles(message.body_case())) {
        if (!tournaments_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no tournaments");
        return tournaments_->handle(link, message);
    }
    switch (message.body_case()) {
        case v1::ClientMessage::kListPresets: return list_presets(link, message.request_id());
        case v1::ClientMessage::kCreateTable:
            return settle_name(link, std::move(message), [this, link](v1::ClientMessage m) { create_table(link, m); });
        case v1::ClientMessage::kJoinTable:
            return settle_name(link, std::move(message), [this, link](v1::ClientMessage m) { join_table(link, m); });
        case v1::ClientMessage::kReclaimSeat: return reclaim_seat(link, message);
        case v1::ClientMessage::kWatchLobby: return watch_lobby(link, message);
        case v1::ClientMessage::kQuickPlay:
            if (!quick_play_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server has no quick play");
            if (refuse_seating(link, message)) return;
            if (quick_play_elsewhere(link, message)) return;
            return settle_name(link, std::move(message),
                               [this, link](v1::ClientMessage m) { quick_play_->join(link, m); });
        case v1::ClientMessage::kLeaveQueue:
            if (!quick_play_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server has no quick play");
            return quick_play_->leave(link, message.request_id(), true);
        case v1::ClientMessage::kTakeSeat:
        case v1::ClientMessage::kLeaveTable:
        case v1::ClientMessage::kAddBot:
        case v1::ClientMessage::kRemoveBot:
        case v1::ClientMessage::kStartMatch:
        case v1::ClientMessage::kAct:
        case v1::ClientMessage::kRematch:
        case v1::ClientMessage::kNextHole:
        case v1::ClientMessage::kOpenSeat:
        case v1::ClientMessage::kKickSeat:
        case v1::ClientMessage::kPassHost:
        case v1::ClientMessage::kVoteKick:
        case v1::ClientMessage::kReport: return to_table(link, std::move(message), received);
        case v1::ClientMessage::kSendChat: return chat_if_allowed(link, std::move(message), received);
        case v1::ClientMessage::kListMatches:
        case v1::ClientMessage::kGetMatch:
        case v1::ClientMessage::kGetReplay:
        case v1::ClientMessage::kGetLeaderboard:
        case v1::ClientMessage::kGetPlayerStats:
        case v1::ClientMessage::kGetProfile: return ask_history(link, message);
        case v1::ClientMessage::kListLiveTables:
        case v1::ClientMessage::kEndTable:
        case v1::ClientMessage::kAnnounce: return staff_request(link, message);
        // Hello and Ping are the session's (websocket_session.cpp) and never reach here.
        default: return refuse(link, message, v1::ERROR_CODE_BAD_REQUEST, "the message has no request in it");
    }
}

void registry::list_presets(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    v1::ServerMessage out;
    for (const preset& p : presets()) *out.mutable_presets()->add_presets() = wire::to_proto(p);
    reply(link, out, rid);
}

// Why a connection may not sit down anywhere now (CreateTable, JoinTable, ReclaimSeat); true when refused.
bool registry::refuse_seating(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (impl_->shutting_down) {
        refuse(link, message, v1::ERROR_CODE_SHUTTING_DOWN, "the server is shutting down");
        return true;
    }
    if (link->current_table()) {
        refuse(link, message, v1::ERROR_CODE_ALREADY_AT_TABLE, "leave your table first");
        return true;
    }
    if (link->seating()) {
        refuse(link, message, v1::ERROR_CODE_ALREADY_AT_TABLE, "your last request to sit down is still being handled");
        return true;
    }
    return false;
}

void registry::create_table(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    const v1::CreateTable& request = message.create_table();
    const std::uint32_t rid = message.request_id();
    if (refuse_seating(link, message)) return;
    if (auto problem = check_name(request.player_name()))
        return refuse(link, message, v1::ERROR_CODE_BAD_NAME, *problem);
    const preset* base = find_preset(request.preset());
    if (!base)
        return refuse(link, message, v1::ERROR_CODE_NO_SUCH_PRESET,
                      "there is no preset called '" + request.preset() + "'");
    ruleset rules = base->rules;
    if (auto problem = wire::apply_overrides(rules, request.house_rules()))
        return refuse(link, message, v1::ERROR_CODE_BAD_RULESET, *problem);
    if (auto refusal = check_create(request, rules)) return refuse(link, message, refusal->first, refusal->second);

    std::shared_ptr<table> t;
    bool shutting_down = false;
    {
        std::lock_guard lock(impl_->mutex);
        std::string code;
        // Checked again under the lock: a table made after shutdown() took the list would never close.
        if (impl_->shutting_down) shutting_down = true;
        else if (static_cast<int>(impl_->tables.size()) < config_.max_tables)
            for (int i = 0; i < code_attempts && (code.empty() || impl_->tables.contains(code)); ++i)
                code = secure::new_join_code();
        if (!code.empty())
            t = open_table_locked(code, std::string(base->name), std::make_shared<const ruleset>(std::move(rules)),
                                  static_cast<int>(request.seats()), settings_of(request), v1::TABLE_STATE_WAITING);
    }
    if (shutting_down) return refuse(link, message, v1::ERROR_CODE_SHUTTING_DOWN, "the server is shutting down");
    if (!t) return refuse(link, message, v1::ERROR_CODE_SERVER_FULL, "the server has no room for another table");
    link->set_table(t);
    boost::asio::post(t->strand(), [t, link, name = request.player_name(), rid] { t->open(link, name, rid); });
}

std::shared_ptr<table> registry::open_quick_table(const std::string& preset_name, int seats) {
    const preset* base = find_preset(preset_name);
    if (!base) return nullptr;
    table_settings settings;
    settings.quick_play = true;
    return open_private_table(std::string(base->name), std::make_shared<const ruleset>(base->rules), seats, settings);
}

std::shared_ptr<table> registry::open_private_table(std::string preset, std::shared_ptr<const ruleset> rules, int seats,
                                                    table_settings settings) {
    std::lock_guard lock(impl_->mutex);
    if (impl_->shutting_down || static_cast<int>(impl_->tables.size()) >= config_.max_tables) return nullptr;
    std::string code;
    for (int i = 0; i < code_attempts && (code.empty() || impl_->tables.contains(code)); ++i)
        code = secure::new_join_code();
    if (impl_->tables.contains(code)) return nullptr;
    return open_table_locked(code, std::move(preset), std::move(rules), seats, std::move(settings),
                             v1::TABLE_STATE_WAITING);
}

void registry::join_table(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, bool located) {
    const v1::JoinTable& request = message.join_table();
    const std::uint32_t rid = message.request_id();
    if (refuse_seating(link, message)) return;
    // An anonymous spectator, or a guest entrant taking a tournament seat (it is held under their name), names none.
    const bool nameless = (request.spectate() || !request.entry_token().empty()) && request.player_name().empty();
    if (!nameless)
        if (auto problem = check_name(request.player_name()))
            return refuse(link, message, v1::ERROR_CODE_BAD_NAME, *problem);
    auto t = find(request.code());
    if (!t && router_ && !located) return route(link, message, secure::normalize_join_code(request.code()), {});
    if (!t) return refuse(link, message, v1::ERROR_CODE_NO_SUCH_TABLE, "there is no table with that code");
    link->set_table(t);  // at once, so a second join from this connection is refused
    boost::asio::post(t->strand(), [t, link, request, rid] { t->join(link, request, rid); });
}

void registry::reclaim_seat(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, bool located,
                            const std::string& code) {
    const std::string& token = message.reclaim_seat().seat_token();
    const std::uint32_t rid = message.request_id();
    if (refuse_seating(link, message)) return;
    const bool valid = !token.empty() && token.size() <= token_max_bytes;
    auto t = valid ? find_by_token(token) : nullptr;
    if (!t && valid && router_ && !located)
        return route(link, message, secure::table_code_of_token(token), secure::to_hex(secure::sha256(token)));
    // Just taken over here: its restore, which registers the tokens, is queued on the table's strand before this.
    if (!t && valid && located) t = find(code);
    if (!t) return refuse(link, message, v1::ERROR_CODE_BAD_TOKEN, "that seat token is not valid at any table");
    link->set_table(t);
    boost::asio::post(t->strand(), [t, link, token, rid] { t->reclaim(link, token, rid); });
}

void registry::watch_lobby(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (message.watch_lobby().watch()) return lobby_->watch(link, message.request_id());
    lobby_->unwatch(link.get());
    v1::ServerMessage out;
    out.mutable_ok();
    reply(link, out, message.request_id());
}

// TakeSeat, LeaveTable, AddBot, RemoveBot, StartMatch, Act, SendChat, Rematch, NextHole: the table's to answer.
void registry::to_table(const std::shared_ptr<client_link>& link, v1::ClientMessage message,
                        std::chrono::steady_clock::time_point received) {
    auto t = link->current_table();
    if (!t) return refuse(link, message, v1::ERROR_CODE_NOT_AT_TABLE, "join a table first");
    // Dispatch: with the table idle, its move runs at once on this thread rather than as one more queued handler.
    boost::asio::dispatch(t->strand(), [t, link, m = std::move(message), received] { t->handle(link, m, received); });
}

void registry::ask_history(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (!history_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no history");
    history_->answer(message, [link, rid = message.request_id()](v1::ServerMessage out) { reply(link, out, rid); });
}

void registry::disconnected(const std::shared_ptr<client_link>& link) {
    lobby_->unwatch(link.get());
    if (quick_play_) quick_play_->leave(link, 0, false);
    if (tournaments_) tournaments_->disconnected(link);
    if (auto t = link->current_table()) boost::asio::post(t->strand(), [t, link] { t->disconnected(link); });
}

void registry::shutdown() {
    if (quick_play_) quick_play_->stop();
    close_all("server shutting down", true);
}

void registry::hand_over(std::string_view reason) { close_all(reason, false); }

// Every table closes and tells its clients `reason`; the registry forgets them all (and, when `for_good`, takes no
// new ones). The matches stay unfinished in the database.
void registry::close_all(std::string_view reason, bool for_good) {
    std::vector<std::shared_ptr<table>> tables;
    {
        std::lock_guard lock(impl_->mutex);
        if (for_good) impl_->shutting_down = true;
        for (auto& [code, e] : impl_->tables) tables.push_back(e.t);
        impl_->tables.clear();
        impl_->tokens.clear();
        lobby_->clear();
    }
    spdlog::info("closing {} tables: {}", tables.size(), reason);
    for (auto& t : tables) boost::asio::post(t->strand(), [t, why = std::string(reason)] { t->shutdown(why); });
}

std::vector<std::shared_ptr<table>> registry::all_tables() const {
    std::vector<std::shared_ptr<table>> out;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [code, e] : impl_->tables) out.push_back(e.t);
    return out;
}

table_counts registry::count_tables() const {
    table_counts counts;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [code, e] : impl_->tables) {
        switch (e.summary.state()) {
            case v1::TABLE_STATE_PLAYING: ++counts.playing; break;
            case v1::TABLE_STATE_BETWEEN_HOLES: ++counts.between_holes; break;
            case v1::TABLE_STATE_FINISHED: ++counts.finished; break;
            default: ++counts.waiting; break;
        }
    }
    return counts;
}

void registry::publish(const std::string& code, const v1::LobbyTable& summary, bool listed) {
    bool lobby_differs = false;
    {
        std::lock_guard lock(impl_->mutex);
        const auto it = impl_->tables.find(code);
        if (it == impl_->tables.end()) return;
        it->second.summary = summary;
        lobby_differs = lobby_->update(code, summary, listed);  // under the lock: never listed after forget()
    }
    if (lobby_differs) lobby_->announce();
}

void registry::forget(const std::string& code) {
    bool was_listed = false;
    {
        std::lock_guard lock(impl_->mutex);
        const auto it = impl_->tables.find(code);
        if (it == impl_->tables.end()) return;
        was_listed = lobby_->remove(code);
        impl_->tables.erase(it);
        std::erase_if(impl_->tokens, [&](const auto& entry) { return entry.second == code; });
    }
    if (was_listed) lobby_->announce();
}

std::shared_ptr<table> registry::find(const std::string& code) const {
    const std::string canonical = secure::normalize_join_code(code);
    if (canonical.empty()) return nullptr;
    std::lock_guard lock(impl_->mutex);
    const auto it = impl_->tables.find(canonical);
    return it == impl_->tables.end() ? nullptr : it->second.t;
}

std::shared_ptr<table> registry::find_by_token(const std::string& seat_token) const {
    // Looked up by digest; the table then compares the digest in constant time.
    const std::string digest = secure::sha256(seat_token);
    std::lock_guard lock(impl_->mutex);
    const auto token = impl_->tokens.find(digest);
    if (token == impl_->tokens.end()) return nullptr;
    const auto it = impl_->tables.find(token->second);
    return it == impl_->tables.end() ? nullptr : it->second.t;
}

void registry::add_token(const std::string& token_hash, const std::string& code) {
    std::lock_guard lock(impl_->mutex);
    if (impl_->tables.contains(code)) impl_->tokens[token_hash] = code;
}

void registry::remove_token(const std::string& token_hash) {
    std::lock_guard lock(impl_->mutex);
    impl_->tokens.erase(token_hash);
}

}  // namespace golf::server
