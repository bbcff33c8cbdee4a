// The director's requests: create, sign up, withdraw, the organiser's commands, reading and watching, the list and
// the HTTP API. The rounds themselves are in tournament_rounds.cpp.
#include "server/tournaments/tournament_director.hpp"

#include <boost/asio/post.hpp>
#include <ctime>
#include <spdlog/spdlog.h>

#include "engine/presets.hpp"
#include "proto/convert.hpp"
#include "server/accounts/accounts.hpp"
#include "server/accounts/player_names.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/tournaments/tournament_rules.hpp"

namespace golf::server {

namespace {

v1::ServerMessage refusal(v1::ErrorCode code, std::string_view text) { return error_message(code, text); }

constexpr std::string_view no_database = "the database cannot answer now; try again";

}  // namespace

tournament_director::tournament_director(std::weak_ptr<registry> tables,
                                         std::shared_ptr<persistence::match_store> store,
                                         std::shared_ptr<accounts> service, std::function<bool(std::int64_t)> directs)
    : tables_(std::move(tables)),
      store_(std::move(store)),
      tournaments_(store_ ? store_->tournaments() : nullptr),
      accounts_(std::move(service)),
      directs_(std::move(directs)) {}

tournament_director::~tournament_director() { stop(); }

void tournament_director::stop() {
    boost::asio::post(thread_, [this] {
        stopped_ = true;
        timer_.cancel();
    });
    thread_.join();
}

bool tournament_director::handles(v1::ClientMessage::BodyCase body) {
    switch (body) {
        case v1::ClientMessage::kCreateTournament:
        case v1::ClientMessage::kJoinTournament:
        case v1::ClientMessage::kLeaveTournament:
        case v1::ClientMessage::kManageTournament:
        case v1::ClientMessage::kGetTournament:
        case v1::ClientMessage::kListTournaments: return true;
        default: return false;
    }
}

void tournament_director::handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    boost::asio::post(thread_, [self = shared_from_this(), link, message] {
        v1::ServerMessage reply;
        if (!self->tournaments_) {
            reply = refusal(v1::ERROR_CODE_UNAVAILABLE, "this server keeps no tournaments (it has no database)");
        } else {
            try {
                reply = self->answer(link, message);
            } catch (const std::exception& e) {
                spdlog::error("tournament request failed: {}", e.what());
                reply = refusal(v1::ERROR_CODE_UNAVAILABLE, no_database);
            }
        }
        reply.set_request_id(message.request_id());
        link->send(encode(reply));
    });
}

void tournament_director::disconnected(const std::shared_ptr<client_link>& link) {
    boost::asio::post(thread_, [self = shared_from_this(), gone = link.get()] {
        for (auto& [id, w] : self->watched_)
            std::erase_if(w.watchers,
                          [&](const watcher& x) { return x.link.expired() || x.link.lock().get() == gone; });
        std::erase_if(self->watched_, [](const auto& entry) { return entry.second.watchers.empty(); });
    });
}

std::optional<tournament_director::loaded> tournament_director::load(std::int64_t id) {
    auto row = tournaments_->tournament(id);
    if (!row) return std::nullopt;
    loaded l{std::move(*row), {}};
    if (!l.t.ParseFromString(l.row.body))
        throw std::runtime_error("tournament " + std::to_string(id) + " does not parse");
    l.t.set_id(id);
    return l;
}

bool tournament_director::save(loaded& l, std::int64_t now) {
    l.t.clear_your_table();
    l.t.clear_your_name();
    l.row.body = l.t.SerializeAsString();
    l.row.state = tournament_rules::state_name(l.t.state());
    l.row.updated_at = now;
    if (!tournaments_->save_tournament(l.row)) return false;
    ++l.row.version;
    tell_watchers(l);
    return true;
}

v1::ServerMessage tournament_director::answer(const std::shared_ptr<client_link>& link,
                                              const v1::ClientMessage& message) {
    const link_identity who = link->identity();
    switch (message.body_case()) {
        case v1::ClientMessage::kCreateTournament: return create(link, message.create_tournament());
        case v1::ClientMessage::kJoinTournament: return join(link, message.join_tournament());
        case v1::ClientMessage::kLeaveTournament: {
            const auto& request = message.leave_tournament();
            const auto key = key_of(who, request.entry_token());
            if (!key)
                return refusal(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first (a guest entrant: their entry token)");
            auto reply = change(link, request.id(), [&](loaded& now) -> std::optional<v1::ServerMessage> {
                const int i = tournament_rules::entrant_index(now.t, *key);
                const std::string name = i >= 0 ? now.t.entrants(i).name() : who.name;
                if (auto no = tournament_rules::withdraw(now.t, *key)) return refusal(v1::ERROR_CODE_BAD_REQUEST, *no);
                tournament_rules::set_note(now.t, v1::TOURNAMENT_NOTE_KIND_WITHDREW, name);
                return std::nullopt;
            });
            return reply.has_error() ? reply : ok_message();
        }
        case v1::ClientMessage::kManageTournament: return manage(link, message.manage_tournament());
        case v1::ClientMessage::kGetTournament: {
            const auto& request = message.get_tournament();
            const auto l = load(request.id());
            if (!l) return refusal(v1::ERROR_CODE_NO_SUCH_TOURNAMENT, "there is no such tournament");
            for (auto& [id, w] : watched_)
                std::erase_if(w.watchers, [&](const watcher& x) { return x.link.lock() == link; });
            const auto key = key_of(who, request.entry_token()).value_or(0);
            if (request.watch()) {
                auto& w = watched_[request.id()];
                w.watchers.push_back({link, key.entry_hash});
                w.version = std::max(w.version, l->row.version);
            }
            std::erase_if(watched_, [](const auto& entry) { return entry.second.watchers.empty(); });
            return info_for(l->t, key);
        }
        case v1::ClientMessage::kListTournaments: return list(message.list_tournaments().include_ended());
        default: return refusal(v1::ERROR_CODE_BAD_REQUEST, "that is not a tournament request");
    }
}

// An account, or a guest by their entry token; none for a guest without one. A token too long to be one is no key.
std::optional<tournament_rules::entrant_key> tournament_director::key_of(const link_identity& who,
                                                                         const std::string& entry_token) {
    if (who.account != 0) return tournament_rules::entrant_key(who.account);
    if (entry_token.empty() || entry_token.size() > 128) return std::nullopt;
    return tournament_rules::entrant_key::guest(secure::sha256(entry_token));
}

// Signs an account up, a new guest under a name (answered with their entry token, told once), or a guest entrant
// up again by their token.
v1::ServerMessage tournament_director::join(const std::shared_ptr<client_link>& link,
                                            const v1::JoinTournament& request) {
    const link_identity who = link->identity();
    auto key = key_of(who, request.entry_token());
    std::string name = who.name;
    std::string token;  // a new guest's
    if (!key) {
        if (request.name().empty())
            return refusal(v1::ERROR_CODE_NOT_SIGNED_IN,
                           "sign in to play in a tournament (or, where it takes guests, give a name)");
        name = request.name();
        if (auto problem = player_names::guest_problem(name); !problem.empty())
            return refusal(v1::ERROR_CODE_BAD_NAME, problem);
        if (accounts_)
            if (auto no = accounts_->guest_may_enter(link->remote_address(), name))
                return refusal(no->first, no->second);
        token = secure::new_seat_token();
        key = tournament_rules::entrant_key::guest(secure::sha256(token));
    } else if (who.account == 0) {
        name.clear();  // an entrant already: the token says who
    }
    auto l = load(request.id());
    if (!l) return refusal(v1::ERROR_CODE_NO_SUCH_TOURNAMENT, "there is no such tournament");
    const double rating =
        accounts_ && who.account != 0 ? accounts_->rating_with(who.account, l->t.settings().preset()) : 0;
    auto reply = change(
        link, l->t.id(),
        [&](loaded& now) -> std::optional<v1::ServerMessage> {
            if (auto no = tournament_rules::sign_up(now.t, *key, name, rating))
                return refusal(v1::ERROR_CODE_BAD_REQUEST, *no);
            const int i = tournament_rules::entrant_index(now.t, *key);
            tournament_rules::set_note(now.t, v1::TOURNAMENT_NOTE_KIND_SIGNED_UP,
                                       i >= 0 ? now.t.entrants(i).name() : name);
            return std::nullopt;
        },
        *key);
    if (!reply.has_tournament()) return reply;
    reply.mutable_tournament()->set_entry_token(token);
    if (const auto w = watched_.find(request.id()); w != watched_.end() && who.account == 0)
        for (auto& x : w->second.watchers)
            if (x.link.lock() == link) x.entry_hash = key->entry_hash;  // its pushes are now the entrant's
    return reply;
}

v1::ServerMessage tournament_director::create(const std::shared_ptr<client_link>& link,
                                              const v1::CreateTournament& request) {
    const link_identity who = link->identity();
    if (who.account == 0) return refusal(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in to organise a tournament");
    v1::Tournament t;
    *t.mutable_settings() = request.settings();
    const preset* base = find_preset(t.settings().preset());
    if (!base)
        return refusal(v1::ERROR_CODE_NO_SUCH_PRESET, "there is no preset called '" + t.settings().preset() + "'");
    ruleset rules = base->rules;
    if (auto problem = wire::apply_overrides(rules, t.settings().house_rules()))
        return refusal(v1::ERROR_CODE_BAD_RULESET, *problem);
    if (auto problem = tournament_rules::settle(*t.mutable_settings(), rules))
        return refusal(v1::ERROR_CODE_BAD_REQUEST, *problem);
    const std::int64_t now = now_s();
    if (auto problem = tournament_rules::check_start_time(t.settings(), now))
        return refusal(v1::ERROR_CODE_BAD_REQUEST, *problem);
    t.set_state(v1::TOURNAMENT_STATE_OPEN);
    t.set_organiser(who.name);
    t.set_created_at_unix_s(now);
    tournament_rules::set_note(t, v1::TOURNAMENT_NOTE_KIND_CREATED, who.name);
    persistence::tournament_row row{0, t.settings().name(), "open", who.account, now, now, 0, t.SerializeAsString()};
    row = tournaments_->add_tournament(row);
    t.set_id(row.id);
    spdlog::info("tournament {} '{}' created by {}: {}, {} rounds at tables of {}", row.id, t.settings().name(),
                 who.name, t.settings().preset(), t.settings().rounds(), t.settings().seats());
    return info_for(t, who.account);
}

// Reads the tournament, applies `step` (nullopt: done, else the refusal it returns), saves; a save over a stale
// read tries again from a fresh one, a few times. The answer is as `reader` sees it (default: the link's account).
v1::ServerMessage tournament_director::change(const std::shared_ptr<client_link>& link, std::int64_t id,
                                              const std::function<std::optional<v1::ServerMessage>(loaded&)>& step,
                                              std::optional<tournament_rules::entrant_key> reader) {
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto l = load(id);
        if (!l) return refusal(v1::ERROR_CODE_NO_SUCH_TOURNAMENT, "there is no such tournament");
        if (auto no = step(*l)) return *no;
        if (save(*l, now_s())) return info_for(l->t, reader.value_or(link->identity().account));
    }
    return refusal(v1::ERROR_CODE_UNAVAILABLE, "the tournament is changing fast; try again");
}

v1::ServerMessage tournament_director::manage(const std::shared_ptr<client_link>& link,
                                              const v1::ManageTournament& request) {
    const link_identity who = link->identity();
    if (who.account == 0) return refusal(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
    std::vector<v1::TournamentRound> to_end;
    auto reply = change(link, request.id(), [&](loaded& l) -> std::optional<v1::ServerMessage> {
        if (l.row.organiser != who.account)
            return refusal(v1::ERROR_CODE_NOT_ORGANISER, "only the organiser, " + l.t.organiser() + ", may do that");
        const auto state = l.t.state();
        const bool over = state == v1::TOURNAMENT_STATE_FINISHED || state == v1::TOURNAMENT_STATE_CANCELLED;
        switch (request.command()) {
            case v1::TOURNAMENT_COMMAND_START:
                if (auto no = tournament_rules::start(l.t, now_s())) return refusal(v1::ERROR_CODE_BAD_REQUEST, *no);
                tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_STARTED, who.name);
                return std::nullopt;  // the next tick seats the first round
            case v1::TOURNAMENT_COMMAND_PAUSE:
                if (state != v1::TOURNAMENT_STATE_RUNNING)
                    return refusal(v1::ERROR_CODE_BAD_REQUEST, "the tournament is not running");
                l.t.set_state(v1::TOURNAMENT_STATE_PAUSED);
                tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_PAUSED);
                return std::nullopt;
            case v1::TOURNAMENT_COMMAND_RESUME:
                if (state != v1::TOURNAMENT_STATE_PAUSED)
                    return refusal(v1::ERROR_CODE_BAD_REQUEST, "the tournament is not paused");
                l.t.set_state(v1::TOURNAMENT_STATE_RUNNING);
                tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_RESUMED);
                return std::nullopt;
            case v1::TOURNAMENT_COMMAND_CANCEL:
                if (over) return refusal(v1::ERROR_CODE_BAD_REQUEST, "the tournament is over already");
                l.t.set_state(v1::TOURNAMENT_STATE_CANCELLED);
                tournament_rules::set_note(l.t, v1::TOURNAMENT_NOTE_KIND_CANCELLED, who.name);
                for (const int r : tournament_rules::unfinished_rounds(l.t)) to_end.push_back(l.t.rounds(r));
                return std::nullopt;
            default: return refusal(v1::ERROR_CODE_BAD_REQUEST, "that is not a tournament command");
        }
    });
    if (!reply.has_error())
        for (const auto& round : to_end) end_tables(round, "the tournament was cancelled");
    return reply;
}

v1::ServerMessage tournament_director::list(bool include_ended) {
    v1::ServerMessage out;
    auto& list = *out.mutable_tournaments();
    for (const auto& row : tournaments_->tournaments(include_ended, list_limit)) {
        v1::Tournament t;
        if (!t.ParseFromString(row.body)) continue;
        auto& s = *list.add_tournaments();
        s.set_id(row.id);
        s.set_name(t.settings().name());
        s.set_preset(t.settings().preset());
        s.set_state(t.state());
        s.set_players(static_cast<std::uint32_t>(t.entrants_size()));
        s.set_rounds(t.settings().rounds());
        s.set_round(static_cast<std::uint32_t>(t.rounds_size()));
        s.set_organiser(t.organiser());
        s.set_format(t.settings().format());
        s.set_ends_at_unix_s(t.ends_at_unix_s());
    }
    return out;
}

v1::ServerMessage tournament_director::info_for(const v1::Tournament& t,
                                                const tournament_rules::entrant_key& reader) const {
    v1::ServerMessage out;
    auto& info = *out.mutable_tournament()->mutable_tournament();
    info = t;
    for (auto& e : *info.mutable_entrants()) {  // the server's own keys, not for clients
        e.clear_account_id();
        e.clear_entry_token_hash();
    }
    if (const int i = tournament_rules::entrant_index(t, reader); i >= 0) {
        info.set_your_table(tournament_rules::table_of(t, t.entrants(i).name()));
        info.set_your_name(t.entrants(i).name());
    }
    return out;
}

void tournament_director::answer_http(std::string target, std::function<void(history::http_reply)> done) {
    boost::asio::post(thread_, [self = shared_from_this(), target = std::move(target), done = std::move(done)] {
        const auto query_at = target.find('?');
        const std::string path = target.substr(0, query_at);
        const std::string query = query_at == std::string::npos ? "" : target.substr(query_at + 1);
        if (!self->tournaments_) return done({503, json_error("this server keeps no tournaments")});
        try {
            if (path == "/api/tournaments") {
                return done({200, to_json(self->list(query == "ended=1").tournaments())});
            }
            const std::string id_text = path.substr(std::string_view("/api/tournaments/").size());
            std::int64_t id = 0;
            if (id_text.empty() || id_text.size() > 18 ||
                id_text.find_first_not_of("0123456789") != std::string::npos || (id = std::stoll(id_text)) <= 0)
                return done({400, json_error("a tournament id is a positive whole number")});
            const auto l = self->load(id);
            if (!l) return done({404, json_error("there is no such tournament")});
            return done({200, to_json(self->info_for(l->t, 0).tournament().tournament())});
        } catch (const std::exception& e) {
            spdlog::error("tournament API failed: {}", e.what());
            return done({503, json_error(no_database)});
        }
    });
}

}  // namespace golf::server
