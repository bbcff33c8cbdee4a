#include "server/registry/history.hpp"

#include "persistence/tournament_store.hpp"
#include "server/tournaments/tournament_rules.hpp"

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <charconv>
#include <variant>

#include "persistence/match_replay.hpp"
#include "proto/bot_levels.hpp"
#include "proto/convert.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/registry/rating_answers.hpp"
#include "server/registry/replay_hole.hpp"

namespace golf::server {

namespace {

constexpr std::uint32_t default_limit = 20;
constexpr std::uint32_t max_limit = 200;
constexpr std::size_t max_name_bytes = 256;

std::size_t clamp_limit(std::uint32_t requested) {
    return requested == 0 ? default_limit : std::min(requested, max_limit);
}

// A recorded bot's level ("hard", "search:5000"); one this build does not know reads as the heuristic bot.
wire::bot_choice bot_level(const std::string& bot) { return wire::bot_choice_of(bot).value_or(wire::bot_choice{}); }

v1::MatchSummary to_proto(const persistence::match_summary& m) {
    v1::MatchSummary out;
    out.set_match_id(m.id);
    out.set_table_code(m.table_code);
    out.set_preset(m.preset);
    out.set_started_unix(m.started_at);
    out.set_ended_unix(m.ended_at.value_or(0));
    out.set_abandoned(m.abandoned);
    std::optional<int> lowest;
    for (const auto& t : m.final_totals)
        if (t) lowest = lowest ? std::min(*lowest, *t) : *t;
    for (std::size_t i = 0; i < m.seats.size(); ++i) {
        const persistence::seat_record& s = m.seats[i];
        v1::RecordedSeat& seat = *out.add_seats();
        seat.set_seat(static_cast<std::uint32_t>(s.seat));
        seat.set_name(s.display_name);
        if (!s.bot.empty()) {
            const wire::bot_choice level = bot_level(s.bot);
            seat.set_bot(level.level);
            seat.set_search_budget(level.search_budget);
        }
        seat.set_registered(s.account_id != 0);
        const auto total = i < m.final_totals.size() ? m.final_totals[i] : std::nullopt;
        if (total) seat.set_final_total(*total);
        const bool won = m.ended_at && !m.abandoned && total && lowest && *total == *lowest;
        if (won) out.add_winners(static_cast<std::uint32_t>(s.seat));
    }
    return out;
}

v1::MatchRecord to_proto(const persistence::match_detail& d) {
    v1::MatchRecord out;
    *out.mutable_summary() = to_proto(d.summary);
    if (auto parsed = persistence::parse_ruleset_text(d.summary.ruleset); std::holds_alternative<ruleset>(parsed))
        *out.mutable_rules() = wire::to_proto(std::get<ruleset>(parsed));
    // Finished holes only: the hand in play is secret until it ends (its public part is a replay of its own).
    if (d.in_play && !d.summary.ended_at) out.set_hole_in_play(static_cast<std::uint32_t>(d.in_play->hole));
    for (const persistence::hole_record& h : d.holes) {
        v1::RecordedHole& hole = *out.add_holes();
        hole.set_number(static_cast<std::uint32_t>(h.hole));
        hole.set_dealer(h.dealer);
        hole.set_caller(h.caller.value_or(-1));
        for (int v : h.hand_scores) hole.add_scores(v);
        for (int v : h.running_totals) hole.add_totals(v);
        hole.set_seed(secure::seed_bytes(h.seed));
        hole.set_actions(h.actions);
    }
    return out;
}

// %XX and '+' decoding of one query value or path segment; nullopt when malformed.
std::optional<std::string> url_decode(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '+') {
            out += ' ';
        } else if (text[i] == '%') {
            unsigned value = 0;
            if (i + 2 >= text.size()) return std::nullopt;
            const auto [end, error] = std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
            if (error != std::errc{} || end != text.data() + i + 3) return std::nullopt;
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

// The decoded value of `key` in `query` ("a=1&b=2"), "" when absent; nullopt when malformed.
std::optional<std::string> query_value(std::string_view query, std::string_view key) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) == key) return url_decode(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return std::string();
}

// "12" -> 12; nullopt for anything but a positive whole number.
std::optional<std::int64_t> positive_number(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value <= 0) return std::nullopt;
    return value;
}

std::optional<std::uint32_t> parse_limit(const std::string& text) {
    if (text.empty()) return 0;
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

}  // namespace

std::string to_json(const google::protobuf::Message& message) {
    google::protobuf::util::JsonPrintOptions options;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    std::string json;
    if (!google::protobuf::util::MessageToJsonString(message, &json, options).ok()) return "{}";
    return json + "\n";
}

std::string json_error(std::string_view text) {
    std::string escaped;
    for (char c : text) {
        if (c == '"' || c == '\\') escaped += '\\';
        if (static_cast<unsigned char>(c) >= 0x20) escaped += c;
    }
    return "{\"error\":\"" + escaped + "\"}\n";
}

history::history(std::shared_ptr<persistence::match_store> store) : store_(std::move(store)) {}

history::~history() { pool_.join(); }

v1::ServerMessage history::recorded(std::int64_t id, std::optional<std::uint32_t> hole) const {
    const auto detail = store_->match(id);
    if (!detail) return error_message(v1::ERROR_CODE_NO_SUCH_MATCH, "there is no match with that id");
    if (held_back(*detail)) return error_message(v1::ERROR_CODE_NO_SUCH_MATCH, held_back_words);
    if (hole) return replay_hole(*detail, *hole);
    v1::ServerMessage out;
    *out.mutable_match_record() = to_proto(*detail);
    return out;
}

bool history::held_back(const persistence::match_detail& detail) const {
    if (!detail.table || detail.table->deal_key.empty()) return false;
    auto* tournaments = store_->tournaments();
    const auto row = tournaments ? tournaments->tournament(detail.table->tournament_id) : std::nullopt;
    v1::Tournament t;
    if (!row || !t.ParseFromString(row->body)) return false;
    return tournament_rules::holds_back(t, detail.summary.table_code);
}

bool history::admit() {
    if (pending_.fetch_add(1) >= max_pending) {
        pending_.fetch_sub(1);
        return false;
    }
    return true;
}

void history::answer(const v1::ClientMessage& request, std::function<void(v1::ServerMessage)> done) {
    if (!admit()) return done(error_message(v1::ERROR_CODE_UNAVAILABLE, "the history is busy; try again shortly"));
    boost::asio::post(pool_, [this, request, done = std::move(done)] {
        v1::ServerMessage out;
        try {
            switch (request.body_case()) {
                case v1::ClientMessage::kListMatches: {
                    const auto& r = request.list_matches();
                    if (r.player().size() > max_name_bytes) {
                        out = error_message(v1::ERROR_CODE_BAD_REQUEST, "the player name is too long");
                        break;
                    }
                    v1::MatchList& list = *out.mutable_match_list();
                    for (const auto& m : store_->matches_by_player(r.player(), clamp_limit(r.limit())))
                        *list.add_matches() = to_proto(m);
                    break;
                }
                case v1::ClientMessage::kGetMatch: out = recorded(request.get_match().match_id(), std::nullopt); break;
                case v1::ClientMessage::kGetReplay:
                    out = recorded(request.get_replay().match_id(), request.get_replay().hole());
                    break;
                case v1::ClientMessage::kGetProfile: out = answer_profile(*store_, request.get_profile()); break;
                case v1::ClientMessage::kGetLeaderboard: {
                    const auto& r = request.get_leaderboard();
                    if (r.by_rating()) {
                        out = answer_rated_leaderboard(*store_, r, clamp_limit(r.limit()));
                        break;
                    }
                    v1::Leaderboard& board = *out.mutable_leaderboard();
                    board.set_preset(r.preset());
                    if (r.preset().size() > max_name_bytes) {
                        out = error_message(v1::ERROR_CODE_BAD_REQUEST, "the preset name is too long");
                        break;
                    }
                    for (const auto& e : store_->leaderboard(r.preset(), clamp_limit(r.limit()))) {
                        v1::LeaderboardEntry& entry = *board.add_entries();
                        entry.set_name(e.display_name);
                        entry.set_matches(static_cast<std::uint32_t>(e.matches));
                        entry.set_wins(static_cast<std::uint32_t>(e.wins));
                        entry.set_average_total(e.average_total);
                        entry.set_average_hole(e.average_hole);
                    }
                    break;
                }
                case v1::ClientMessage::kGetPlayerStats: {
                    const auto& r = request.get_player_stats();
                    if (r.player().size() > max_name_bytes) {
                        out = error_message(v1::ERROR_CODE_BAD_REQUEST, "the player name is too long");
                        break;
                    }
                    v1::PlayerStats& stats = *out.mutable_player_stats();
                    stats.set_name(r.player());
                    for (const auto& p : store_->player_stats(r.player())) {
                        v1::PresetStats& s = *stats.add_presets();
                        s.set_preset(p.preset);
                        s.set_matches(static_cast<std::uint32_t>(p.matches));
                        s.set_wins(static_cast<std::uint32_t>(p.wins));
                        s.set_average_total(p.average_total);
                        s.set_average_hole(p.average_hole);
                    }
                    break;
                }
                default: out = error_message(v1::ERROR_CODE_BAD_REQUEST, "that is not a history request");
            }
        } catch (const std::exception& e) {
            spdlog::error("history query failed: {}", e.what());
            out = error_message(v1::ERROR_CODE_UNAVAILABLE, "the database cannot answer now; try again");
        }
        pending_.fetch_sub(1);
        done(std::move(out));
    });
}

void history::answer_http(std::string target, std::function<void(http_reply)> done) {
    const auto query_at = target.find('?');
    const std::string path = target.substr(0, query_at);
    const std::string_view query =
        query_at == std::string::npos ? std::string_view() : std::string_view(target).substr(query_at + 1);
    const auto bad = [&](unsigned status, std::string_view text) { done(http_reply{status, json_error(text)}); };

    // Requests are checked here and turned into the protocol's; the reply is the protocol's, as JSON.
    v1::ClientMessage request;
    if (path == "/api/matches") {
        const auto player = query_value(query, "player");
        const auto limit_text = query_value(query, "limit");
        const auto limit = limit_text ? parse_limit(*limit_text) : std::nullopt;
        if (!player || !limit) return bad(400, "player and limit must be URL-encoded; limit a whole number");
        request.mutable_list_matches()->set_player(*player);
        request.mutable_list_matches()->set_limit(*limit);
    } else if (path.starts_with("/api/matches/")) {
        // /api/matches/ID, or /api/matches/ID/holes/N for one hole's replay.
        const std::string_view rest = std::string_view(path).substr(13);
        const auto holes_at = rest.find("/holes/");
        const auto id = positive_number(rest.substr(0, holes_at));
        if (!id) return bad(400, "a match id is a positive whole number");
        if (holes_at == std::string_view::npos) {
            request.mutable_get_match()->set_match_id(*id);
        } else {
            const auto hole = positive_number(rest.substr(holes_at + 7));
            if (!hole || *hole > 1000) return bad(400, "a hole is a whole number from 1");
            request.mutable_get_replay()->set_match_id(*id);
            request.mutable_get_replay()->set_hole(static_cast<std::uint32_t>(*hole));
        }
    } else if (path == "/api/leaderboard") {
        const auto rules = query_value(query, "rules");
        const auto limit_text = query_value(query, "limit");
        const auto limit = limit_text ? parse_limit(*limit_text) : std::nullopt;
        const auto by = query_value(query, "by");
        if (!rules || !limit || !by) return bad(400, "rules and limit must be URL-encoded; limit a whole number");
        if (!by->empty() && *by != "rating" && *by != "wins") return bad(400, "by is rating or wins");
        request.mutable_get_leaderboard()->set_preset(*rules);
        request.mutable_get_leaderboard()->set_limit(*limit);
        request.mutable_get_leaderboard()->set_by_rating(*by == "rating");
    } else if (path.starts_with("/api/players/") && path.size() > 13) {
        const auto name = url_decode(std::string_view(path).substr(13));
        if (!name) return bad(400, "the player name must be URL-encoded");
        request.mutable_get_player_stats()->set_player(*name);
    } else if (path.starts_with("/api/profiles/") && path.size() > 14) {
        const auto name = url_decode(std::string_view(path).substr(14));
        const auto limit_text = query_value(query, "history");
        const auto limit = limit_text ? parse_limit(*limit_text) : std::nullopt;
        if (!name || !limit) return bad(400, "the name must be URL-encoded; history a whole number");
        request.mutable_get_profile()->set_name(*name);
        request.mutable_get_profile()->set_history_limit(*limit);
    } else {
        return bad(404,
                   "no such API; see docs/operations.md: /api/matches?player=NAME, /api/matches/ID[/holes/N], "
                   "/api/leaderboard?rules=PRESET[&by=rating], /api/players/NAME, /api/profiles/NAME");
    }
    answer(request, [done = std::move(done)](v1::ServerMessage reply) {
        switch (reply.body_case()) {
            case v1::ServerMessage::kMatchList: return done(http_reply{200, to_json(reply.match_list())});
            case v1::ServerMessage::kMatchRecord: return done(http_reply{200, to_json(reply.match_record())});
            case v1::ServerMessage::kReplayHole: return done(http_reply{200, to_json(reply.replay_hole())});
            case v1::ServerMessage::kLeaderboard: return done(http_reply{200, to_json(reply.leaderboard())});
            case v1::ServerMessage::kPlayerStats: return done(http_reply{200, to_json(reply.player_stats())});
            case v1::ServerMessage::kProfile: return done(http_reply{200, to_json(reply.profile())});
            default: break;
        }
        const auto code = reply.error().code();
        const unsigned status = code == v1::ERROR_CODE_NO_SUCH_MATCH || code == v1::ERROR_CODE_NO_SUCH_PLAYER ? 404
                                : code == v1::ERROR_CODE_BAD_REQUEST                                          ? 400
                                                                                                              : 503;
        done(http_reply{status, json_error(reply.error().message())});
    });
}

}  // namespace golf::server
