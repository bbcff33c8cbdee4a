#include "server/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <boost/asio/post.hpp>
#include <google/protobuf/arena.h>
#include <utility>

#include "engine/action_log.hpp"
#include "engine/ruleset_options.hpp"
#include "persistence/match_replay.hpp"
#include "proto/convert.hpp"
#include "server/frames.hpp"
#include "server/registry.hpp"
#include "server/secure.hpp"

namespace golf::server {

namespace {

constexpr int max_moves_per_timeout = 32;  // a turn is a handful of moves; the bound only guards a loop

// Decodes one UTF-8 sequence at `i`; nullopt on a malformed, overlong or surrogate sequence.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    int extra = 0;
    char32_t cp = 0;
    if (lead < 0x80) {
        ++i;
        return lead;
    } else if ((lead & 0xE0) == 0xC0) {
        extra = 1;
        cp = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        extra = 2;
        cp = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        extra = 3;
        cp = lead & 0x07;
    } else {
        return std::nullopt;
    }
    if (i + static_cast<std::size_t>(extra) >= text.size()) return std::nullopt;
    for (int k = 1; k <= extra; ++k) {
        const unsigned char b = byte(i + static_cast<std::size_t>(k));
        if ((b & 0xC0) != 0x80) return std::nullopt;
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
    i += static_cast<std::size_t>(extra) + 1;
    return cp;
}

bool unprintable(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)   // C0, DEL, C1 controls
           || cp == 0x2028 || cp == 0x2029           // line and paragraph separators
           || (cp >= 0x202A && cp <= 0x202E)         // bidi embeddings and overrides
           || (cp >= 0x2066 && cp <= 0x2069)         // bidi isolates
           || cp == 0xFEFF;                          // byte-order mark
}

bool only_spaces(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return c == ' '; });
}

std::string describe(action a) {
    std::string out(to_string(a.kind));
    switch (a.kind) {
        case action_kind::flip:
        case action_kind::peek:
        case action_kind::place:
        case action_kind::look: out += " " + std::to_string(a.slot); break;
        case action_kind::swap_own: out += " " + std::to_string(a.slot) + " " + std::to_string(a.other); break;
        // Which positions a power, match or claim touches is public; what was seen there is not.
        case action_kind::power_peek: out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot); break;
        case action_kind::shuffle: out += " seat " + std::to_string(a.target) + "'s layout"; break;
        case action_kind::power_swap:
            out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot) + " with seat " +
                   std::to_string(a.other_target) + "'s " + std::to_string(a.other);
            break;
        case action_kind::match:
        case action_kind::claim:
        case action_kind::power_place:
        case action_kind::power_flip:
            out += " seat " + std::to_string(a.target) + "'s " + std::to_string(a.slot);
            break;
        case action_kind::power_lines:
            out += " seat " + std::to_string(a.target) + "'s lines at " + std::to_string(a.slot) + " and " +
                   std::to_string(a.other);
            break;
        case action_kind::power_add: out += " to seat " + std::to_string(a.target) + "'s layout"; break;
        case action_kind::power_remove: out += " " + std::to_string(a.slot); break;
        case action_kind::choose_power: {
            const option_info* powers = find_option("power_ace");  // every power_* option names the kinds in order
            const auto k = static_cast<std::size_t>(a.slot);
            out += " " + (powers && k < powers->choices.size() ? std::string(powers->choices[k]) : std::to_string(a.slot));
            break;
        }
        default: break;
    }
    return out;
}

std::string_view level_name(v1::BotLevel level) { return level == v1::BOT_LEVEL_RANDOM ? "random" : "heuristic"; }

bool contains(const std::vector<int>& seats, int s) { return std::find(seats.begin(), seats.end(), s) != seats.end(); }

std::int64_t unix_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

std::optional<std::size_t> printable_length(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size();) {
        const auto cp = next_code_point(text, i);
        if (!cp || unprintable(*cp)) return std::nullopt;
        ++count;
    }
    return count;
}

table::table(boost::asio::io_context& io, std::weak_ptr<registry> owner, const server_config& config,
             metrics& counters, std::string code, std::string preset, std::shared_ptr<const ruleset> rules, int seats,
             table_settings settings, std::shared_ptr<persistence::match_store> store)
    : owner_(std::move(owner)),
      metrics_(counters),
      code_(std::move(code)),
      preset_(std::move(preset)),
      rules_(std::move(rules)),
      settings_(std::move(settings)),
      store_(std::move(store)),
      bot_delay_(config.bot_delay),
      between_holes_(settings_.between_holes.count() > 0 ? settings_.between_holes : config.between_holes),
      seat_grace_(std::chrono::duration_cast<std::chrono::milliseconds>(config.seat_grace)),
      strand_(boost::asio::make_strand(io)),
      turn_clock_(settings_.turn_clock),
      random_(secure::random_u64()),
      bot_timer_(strand_),
      clock_timer_(strand_),
      hole_timer_(strand_),
      claim_timer_(strand_),
      durable_timer_(strand_),
      close_timer_(strand_) {
    seats_.reserve(static_cast<std::size_t>(seats));
    for (int s = 0; s < seats; ++s) seats_.emplace_back(strand_);
}

void table::set_turn_clock(std::chrono::milliseconds per_turn) {
    turn_clock_ = per_turn;
    update_clock();
}

// ---- joining -------------------------------------------------------------------------------------------------

void table::open(const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t request_id) {
    spdlog::info("table {} created: preset {}, {} seats, {}{}{}", code_, preset_, seats_.size(),
                 settings_.is_public ? "public" : "private", settings_.password_hash.empty() ? "" : ", password",
                 turn_clock_.count() > 0 ? ", turn clock" : "");
    host_ = 0;
    record_table();
    seat_person(0, link, name, request_id);
    changed(name + " created the table");
}

void table::join(const std::shared_ptr<client_link>& link, const v1::JoinTable& request, std::uint32_t rid) {
    const auto refuse = [&](v1::ErrorCode code, std::string_view text) {
        release(link);
        reply_error(link, rid, code, text);
    };
    if (closed_) return refuse(v1::ERROR_CODE_NO_SUCH_TABLE, "that table has closed");
    if (!settings_.password_hash.empty() &&
        !secure::equal(secure::sha256(request.password()), settings_.password_hash))
        return refuse(v1::ERROR_CODE_WRONG_PASSWORD, "the password is wrong");

    if (request.spectate()) {
        if (spectators_.size() >= spectator_limit)
            return refuse(v1::ERROR_CODE_TABLE_FULL, "this table has as many spectators as it takes");
        const std::string name = request.player_name().empty() ? "spectator" : request.player_name();
        spectators_.push_back(spectator{link, name, {}});
        spdlog::info("table {}: {} is watching", code_, name);
        send_joined(link, -1, "", rid);
        changed(name + " is watching");
        return;
    }
    int s = -1;
    if (request.has_seat()) {
        if (request.seat() >= seats_.size())
            return refuse(v1::ERROR_CODE_BAD_REQUEST, "there is no seat " + std::to_string(request.seat()));
        s = static_cast<int>(request.seat());
        if (seats_[static_cast<std::size_t>(s)].kind != seat_kind::empty)
            return refuse(v1::ERROR_CODE_SEAT_TAKEN, "seat " + std::to_string(s) + " is taken");
    } else {
        s = first_free_seat();
        if (s < 0) return refuse(v1::ERROR_CODE_TABLE_FULL, "every seat is taken; you may watch");
    }
    seat_person(s, link, request.player_name(), rid);
    changed(request.player_name() + " sat down at seat " + std::to_string(s));
}

void table::reclaim(const std::shared_ptr<client_link>& link, const std::string& token, std::uint32_t rid) {
    int found = -1;
    if (!closed_) {
        const std::string digest = secure::sha256(token);
        // Every seat is compared, so the time taken does not say which seat matched.
        for (std::size_t s = 0; s < seats_.size(); ++s) {
            const seat& st = seats_[s];
            if (st.kind == seat_kind::person && secure::equal(digest, st.token_hash)) found = static_cast<int>(s);
        }
    }
    if (found < 0) {
        release(link);
        return reply_error(link, rid, v1::ERROR_CODE_BAD_TOKEN, "that seat token is not valid at any table");
    }
    seat& st = seats_[static_cast<std::size_t>(found)];
    if (auto old = st.link.lock(); old && old != link) {
        // The same person on a new connection: the old one loses the seat.
        release(old);
        old->close("your seat was taken back from another connection");
    }
    st.link = link;
    st.connected = true;
    st.away_since.reset();
    st.bot_standing_in = false;
    st.forfeited = false;
    st.brain.reset();
    st.log_at = {};
    ++st.grace_generation;
    st.grace.cancel();
    if (seats_[static_cast<std::size_t>(host_)].kind != seat_kind::person) host_ = found;
    spdlog::info("table {} seat {}: {} is back", code_, found, st.name);
    send_joined(link, found, token, rid);
    changed(st.name + " is back at seat " + std::to_string(found));
}

void table::seat_person(int s, const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t rid) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string token = secure::new_seat_token();
    st.kind = seat_kind::person;
    st.name = name;
    st.level = v1::BOT_LEVEL_UNSPECIFIED;
    st.token_hash = secure::sha256(token);
    st.link = link;
    st.connected = true;
    st.away_since.reset();
    st.bot_standing_in = false;
    st.forfeited = false;
    st.brain.reset();
    st.log_at = {};
    if (auto reg = owner_.lock()) reg->add_token(st.token_hash, code_);
    if (seats_[static_cast<std::size_t>(host_)].kind != seat_kind::person || host_ == s) host_ = s;
    spdlog::info("table {} seat {}: {} sat down", code_, s, name);
    send_joined(link, s, token, rid);
}

void table::free_seat(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.kind == seat_kind::person)
        if (auto reg = owner_.lock()) reg->remove_token(st.token_hash);
    st.kind = seat_kind::empty;
    st.name.clear();
    st.level = v1::BOT_LEVEL_UNSPECIFIED;
    st.token_hash.clear();
    st.link.reset();
    st.connected = false;
    st.away_since.reset();
    st.bot_standing_in = false;
    st.forfeited = false;
    st.brain.reset();
    ++st.grace_generation;
    st.grace.cancel();
}

// A seat whose owner is away for good (grace over, or left mid-match) is played by the server until the owner
// returns. With forfeit_when_away the seat forfeits instead: it is marked so in SeatInfo and only safe moves are
// made for it, so the hand can go on without a bot trying to win for someone who is not there.
void table::stand_in(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (settings_.forfeit_when_away) {
        st.forfeited = true;
        st.brain.reset();
    } else {
        st.bot_standing_in = true;
        st.brain = make_bot("heuristic");
    }
    st.random = random_source(secure::random_u64());
    spdlog::info("table {} seat {}: {} for {}", code_, s, st.forfeited ? "forfeited, safe moves" : "a bot stands in",
                 st.name);
}

void table::pass_host_from(int s) {
    const int n = seat_count();
    for (int i = 1; i < n; ++i) {
        const int t = (s + i) % n;
        const seat& st = seats_[static_cast<std::size_t>(t)];
        if (st.kind == seat_kind::person && st.connected) {
            host_ = t;
            spdlog::info("table {} seat {}: {} is the host now", code_, t, st.name);
            return;
        }
    }
}

void table::release(const std::shared_ptr<client_link>& link) {
    if (link->current_table().get() == this) link->set_table(nullptr);
    chat_times_.erase(link.get());
}

int table::seat_of(const client_link* link) const {
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].kind == seat_kind::person && seats_[s].link.lock().get() == link) return static_cast<int>(s);
    return -1;
}

int table::spectator_of(const client_link* link) const {
    for (std::size_t i = 0; i < spectators_.size(); ++i)
        if (spectators_[i].link.lock().get() == link) return static_cast<int>(i);
    return -1;
}

bool table::is_host(const client_link* link) const {
    const int s = seat_of(link);
    return s >= 0 && s == host_;
}

int table::first_free_seat() const {
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].kind == seat_kind::empty) return static_cast<int>(s);
    return -1;
}

bool table::bot_controlled(int s) const {
    const seat& st = seats_[static_cast<std::size_t>(s)];
    return st.kind == seat_kind::bot || st.bot_standing_in || st.forfeited;
}

// ---- requests ------------------------------------------------------------------------------------------------

void table::handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message,
                   clock::time_point received) {
    const std::uint32_t rid = message.request_id();
    if (closed_) {
        release(link);
        return reply_error(link, rid, v1::ERROR_CODE_NOT_AT_TABLE, "the table has closed");
    }
    if (seat_of(link.get()) < 0 && spectator_of(link.get()) < 0)
        return reply_error(link, rid, v1::ERROR_CODE_NOT_AT_TABLE, "you are not at this table");
    switch (message.body_case()) {
        case v1::ClientMessage::kTakeSeat: return take_seat(link, message.take_seat(), rid);
        case v1::ClientMessage::kLeaveTable: return leave(link, rid);
        case v1::ClientMessage::kAddBot: return add_bot(link, message.add_bot(), rid);
        case v1::ClientMessage::kRemoveBot: return remove_bot(link, message.remove_bot(), rid);
        case v1::ClientMessage::kStartMatch: return start_match(link, rid);
        case v1::ClientMessage::kAct: return act(link, message.act(), rid, received);
        case v1::ClientMessage::kSendChat: return chat(link, message.send_chat(), rid);
        case v1::ClientMessage::kRematch: return rematch(link, rid);
        case v1::ClientMessage::kNextHole: return next_hole(link, rid);
        default: return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "that is not a table request");
    }
}

void table::take_seat(const std::shared_ptr<client_link>& link, const v1::TakeSeat& request, std::uint32_t rid) {
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "seats can change only before the match");
    if (request.seat() >= seats_.size())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no seat " + std::to_string(request.seat()));
    const int to = static_cast<int>(request.seat());
    if (seats_[static_cast<std::size_t>(to)].kind != seat_kind::empty)
        return reply_error(link, rid, v1::ERROR_CODE_SEAT_TAKEN, "seat " + std::to_string(to) + " is taken");
    std::string name;
    if (const int sp = spectator_of(link.get()); sp >= 0) {
        name = spectators_[static_cast<std::size_t>(sp)].name;
        spectators_.erase(spectators_.begin() + sp);
    } else {
        const int from = seat_of(link.get());
        name = seats_[static_cast<std::size_t>(from)].name;
        const bool was_host = host_ == from;
        free_seat(from);  // the old token goes with the old seat; TableJoined carries a new one
        if (was_host) host_ = to;
    }
    seat_person(to, link, name, rid);
    changed(name + " moved to seat " + std::to_string(to));
}

void table::leave(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    if (const int sp = spectator_of(link.get()); sp >= 0) {
        const std::string name = spectators_[static_cast<std::size_t>(sp)].name;
        spectators_.erase(spectators_.begin() + sp);
        release(link);
        reply_ok(link, rid);
        changed(name + " stopped watching");
        return check_empty();
    }
    const int s = seat_of(link.get());
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string name = st.name;
    if (state_ == v1::TABLE_STATE_WAITING) {
        free_seat(s);
    } else {
        // Mid-match the seat stays in the game: the server plays it, as after the grace period.
        st.link.reset();
        st.connected = false;
        st.away_since = clock::now();
        ++st.grace_generation;
        st.grace.cancel();
        stand_in(s);
    }
    spdlog::info("table {} seat {}: {} left", code_, s, name);
    release(link);
    if (host_ == s) pass_host_from(s);
    reply_ok(link, rid);
    changed(name + " left seat " + std::to_string(s));
    deal_if_all_read();
    check_empty();
}

void table::add_bot(const std::shared_ptr<client_link>& link, const v1::AddBot& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host adds bots");
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "bots can be added only before the match");
    if (request.level() != v1::BOT_LEVEL_UNSPECIFIED && request.level() != v1::BOT_LEVEL_RANDOM &&
        request.level() != v1::BOT_LEVEL_HEURISTIC)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "unknown bot level");
    int s = -1;
    if (request.has_seat()) {
        if (request.seat() >= seats_.size())
            return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                               "there is no seat " + std::to_string(request.seat()));
        s = static_cast<int>(request.seat());
        if (seats_[static_cast<std::size_t>(s)].kind != seat_kind::empty)
            return reply_error(link, rid, v1::ERROR_CODE_SEAT_TAKEN, "seat " + std::to_string(s) + " is taken");
    } else {
        s = first_free_seat();
        if (s < 0) return reply_error(link, rid, v1::ERROR_CODE_TABLE_FULL, "every seat is taken");
    }
    const v1::BotLevel level = request.level() == v1::BOT_LEVEL_RANDOM ? v1::BOT_LEVEL_RANDOM : v1::BOT_LEVEL_HEURISTIC;
    seat& st = seats_[static_cast<std::size_t>(s)];
    st.kind = seat_kind::bot;
    st.level = level;
    st.name = "bot " + std::to_string(s) + " (" + std::string(level_name(level)) + ")";
    st.brain = make_bot(level_name(level));
    st.random = random_source(secure::random_u64());
    spdlog::info("table {} seat {}: {} bot added", code_, s, level_name(level));
    reply_ok(link, rid);
    changed(st.name + " sat down at seat " + std::to_string(s));
}

void table::remove_bot(const std::shared_ptr<client_link>& link, const v1::RemoveBot& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host removes bots");
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "bots can be removed only before the match");
    if (request.seat() >= seats_.size() || seats_[request.seat()].kind != seat_kind::bot)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "no bot sits at seat " + std::to_string(request.seat()));
    const int s = static_cast<int>(request.seat());
    const std::string name = seats_[request.seat()].name;
    free_seat(s);
    spdlog::info("table {} seat {}: bot removed", code_, s);
    reply_ok(link, rid);
    changed(name + " left seat " + std::to_string(s));
}

void table::start_match(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host starts the match");
    if (state_ == v1::TABLE_STATE_FINISHED)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "the match is over; ask for a rematch");
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "the match has already started");
    if (first_free_seat() >= 0)
        return reply_error(link, rid, v1::ERROR_CODE_SEATS_EMPTY, "every seat must be filled to start");
    reply_ok(link, rid);
    begin_match();
    changed("the match has started");
}

void table::rematch(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host asks for a rematch");
    if (state_ == v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_NOT_STARTED, "no match has been played yet");
    if (state_ != v1::TABLE_STATE_FINISHED)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "the match is not over yet");
    reply_ok(link, rid);
    begin_match();
    changed("a rematch has started");
}

void table::act(const std::shared_ptr<client_link>& link, const v1::Act& request, std::uint32_t rid,
                clock::time_point received) {
    const int s = seat_of(link.get());
    if (s < 0) return reply_error(link, rid, v1::ERROR_CODE_NOT_SEATED, "spectators cannot move");
    if (!match_) return reply_error(link, rid, v1::ERROR_CODE_MATCH_NOT_STARTED, "the match has not started");
    if (const auto a = wire::from_proto(request.action()); a && a->kind == action_kind::claim)
        return claim(link, s, *a, rid, received);
    if (request.hand_version() != 0 && request.hand_version() != hand_version_)
        return reply_error(link, rid, v1::ERROR_CODE_STALE,
                           "the hand has changed (version " + std::to_string(hand_version_) + "); look again");
    const auto a = wire::from_proto(request.action());
    if (!a) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "that is not a move");
    const action_error error = apply_move(s, *a);
    if (error == action_error::not_your_turn)
        return reply_error(link, rid, v1::ERROR_CODE_NOT_YOUR_TURN, to_string(error));
    if (error != action_error::none) return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION, to_string(error));
    accepted(link, rid, seats_[static_cast<std::size_t>(s)].name + ": " + describe(*a), received);
}

// A person's move or claim has been applied: the answer, then the consequences and everyone's update.
void table::accepted(const std::shared_ptr<client_link>& link, std::uint32_t rid, std::string note,
                     clock::time_point received) {
    if (link->update_answers_act()) act_answer_ = act_answer{link.get(), rid};
    else reply_ok(link, rid);
    after_move(note);
    changed(note);
    // No update went out for the move (a hole's end waits for its record to reach the disk): an Ok answers it now.
    if (act_answer_) reply_ok(link, std::exchange(act_answer_, std::nullopt)->request_id);
    metrics_.observe_latency(clock::now() - received);
}

// A claim is a race for the top discard, decided by arrival here: it is not tied to a hand_version (the hand
// moves on while players race), it counts only inside the window, and the first one, right or wrong, wins.
void table::claim(const std::shared_ptr<client_link>& link, int s, action a, std::uint32_t rid,
                  clock::time_point received) {
    // The outcome stands until the next discard opens a window: until then every claim has lost the race (a right
    // claim has already put another card on the pile, so the discard itself is no longer a way to tell).
    if (claim_outcome_ && match_->hole_in_play()) {
        claim_outcome_->set_refused(claim_outcome_->refused() + 1);
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION,
                           "another claim was first: " + seats_[static_cast<std::size_t>(claim_outcome_->seat())].name);
    }
    if (!claim_window_active_)
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION, "no discard may be claimed now");
    std::string note;
    if (const action_error error = apply_claim(s, a, note); error != action_error::none)
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION, claim_refusal(error));
    accepted(link, rid, std::move(note), received);
}

// A claim inside its window that the engine refused: the race was lost to a move, not to another claim.
std::string table::claim_refusal(action_error error) const {
    const hand& h = *match_->current_hand();
    const std::string& mover = seats_[static_cast<std::size_t>(h.current_seat())].name;
    switch (error) {
        case action_error::wrong_phase:
            if (h.current_phase() == phase::power) return "claims wait while " + mover + " uses a power";
            if (h.current_phase() == phase::matching) return "claims wait while " + mover + " is matching cards";
            return "the discard cannot be claimed before the start is over";
        case action_error::not_allowed: return "too late: the discard can no longer be claimed";
        case action_error::hand_over: return "too late: the hole is over";
        default: return std::string(to_string(error));
    }
}

// The one place a claim is applied (a person's or a server bot's): the first to arrive records the race's outcome.
action_error table::apply_claim(int s, action a, std::string& note) {
    if (const action_error error = apply_move(s, a, v1::EVENT_KIND_CLAIM_FIRST); error != action_error::none)
        return error;
    const bool correct = std::none_of(events_scratch_.begin(), events_scratch_.end(),
                                      [](const event& e) { return e.kind == event_kind::match_failed; });
    claim_outcome_.emplace();
    claim_outcome_->set_seat(s);
    claim_outcome_->set_correct(correct);
    note = seats_[static_cast<std::size_t>(s)].name + " claimed first: " + describe(a) +
           (correct ? " (right)" : " (wrong: a penalty)");
    return action_error::none;
}

// Which discard a claim window belongs to (strand only, a hole in play).
std::tuple<int, int, std::size_t> table::current_claim_key() const {
    return {match_number_, static_cast<int>(match_->holes().size()), match_->current_hand()->discards().size()};
}

void table::update_claim_window() {
    const auto stop = [this] {
        if (!claim_window_active_) return;
        claim_window_active_ = false;
        ++claim_generation_;
        claim_timer_.cancel();
    };
    if (closed_ || !match_ || !match_->hole_in_play() || rules_->claims == claim_rule::none) return stop();
    if (!match_->current_hand()->claim_open()) return stop();
    const auto key = current_claim_key();
    if (key == claim_key_) return;  // the same discard: its window runs on, or has already closed
    claim_key_ = key;
    claim_outcome_.reset();
    claim_window_active_ = true;
    claim_deadline_ = clock::now() + settings_.claim_window;
    const std::uint64_t generation = ++claim_generation_;
    claim_timer_.expires_at(claim_deadline_);
    claim_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code) {
        self->on_claim_window(generation);
    });
}

void table::on_claim_window(std::uint64_t generation) {
    if (generation != claim_generation_ || closed_ || !claim_window_active_) return;
    claim_window_active_ = false;
    changed("the claim window closed");
}

// A claim server bot (or stand-in) `s` is sure of, and that the engine lists for it now.
std::optional<action> table::bot_claim_for(int s) const {
    if (!bot_controlled(s) || seats_[static_cast<std::size_t>(s)].forfeited) return std::nullopt;
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    const auto chosen = sure_claim(*rules_, view);
    if (!chosen || std::find(view.legal.begin(), view.legal.end(), *chosen) == view.legal.end()) return std::nullopt;
    return chosen;
}

// Server bots (and stand-ins) claim a discard when they are sure of a card that matches it.
bool table::bot_claims() {
    if (!claim_window_active_ || !match_ || !match_->hole_in_play()) return false;
    for (int s = 0; s < seat_count(); ++s) {
        const auto chosen = bot_claim_for(s);
        std::string note;
        if (!chosen || apply_claim(s, *chosen, note) != action_error::none) continue;
        after_move(note);
        changed(note);
        return true;
    }
    return false;
}

void table::chat(const std::shared_ptr<client_link>& link, const v1::SendChat& request, std::uint32_t rid) {
    const auto length = printable_length(request.text());
    if (!length) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "chat lines hold printable text only");
    if (*length == 0 || only_spaces(request.text()))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "the chat line is empty");
    if (*length > chat_max_chars)
        return reply_error(link, rid, v1::ERROR_CODE_CHAT_TOO_LONG,
                           "a chat line holds at most " + std::to_string(chat_max_chars) + " characters");
    const auto now = clock::now();
    auto& times = chat_times_[link.get()];
    while (!times.empty() && now - times.front() >= chat_window) times.pop_front();
    if (static_cast<int>(times.size()) >= chat_max_lines)
        return reply_error(link, rid, v1::ERROR_CODE_RATE_LIMITED,
                           "at most " + std::to_string(chat_max_lines) + " chat lines in 10 seconds");
    times.push_back(now);

    v1::ServerMessage message;
    v1::ChatLine& line = *message.mutable_chat();
    const int s = seat_of(link.get());
    line.set_seat(s);
    line.set_name(s >= 0 ? seats_[static_cast<std::size_t>(s)].name
                         : spectators_[static_cast<std::size_t>(spectator_of(link.get()))].name);
    line.set_text(request.text());
    line.set_unix_ms(static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                    std::chrono::system_clock::now().time_since_epoch())
                                                    .count()));
    reply_ok(link, rid);
    chat_log_.push_back(line);
    if (chat_log_.size() > chat_backlog) chat_log_.pop_front();
    const auto frame = encode(message);
    for (const seat& st : seats_)
        if (auto l = st.link.lock()) l->send(frame);
    for (const spectator& sp : spectators_)
        if (auto l = sp.link.lock()) l->send(frame);
}

void table::disconnected(const std::shared_ptr<client_link>& link) {
    chat_times_.erase(link.get());
    if (closed_) return;
    if (const int sp = spectator_of(link.get()); sp >= 0) {
        const std::string name = spectators_[static_cast<std::size_t>(sp)].name;
        spectators_.erase(spectators_.begin() + sp);
        changed(name + " stopped watching");
        return check_empty();
    }
    const int s = seat_of(link.get());
    if (s < 0) return;
    seat& st = seats_[static_cast<std::size_t>(s)];
    st.link.reset();
    st.connected = false;
    st.away_since = clock::now();
    spdlog::info("table {} seat {}: {} disconnected; the seat is held", code_, s, st.name);
    start_grace(s);
    changed(st.name + " is away");
    deal_if_all_read();
    check_empty();
}

// ---- the match -----------------------------------------------------------------------------------------------

void table::begin_match() {
    ++match_number_;
    match_.emplace(rules_, seat_count(), 0);
    commitment_.clear();
    commitment_hole_ = 0;
    record_match_start();
    spdlog::info("table {}: match {} started (record {})", code_, match_number_, match_id_);
    deal_next_hole();
}

void table::deal_next_hole() {
    const std::uint64_t seed = secure::random_u64();
    if (!match_->start_hole(seed)) return;
    commitment_ = secure::commitment(seed);
    claim_outcome_.reset();  // a race of the last hole is over
    commitment_hole_ = static_cast<int>(match_->holes().size()) + 1;
    state_ = v1::TABLE_STATE_PLAYING;
    next_hole_pending_ = false;
    log_.start(commitment_hole_);
    log_.add_table(v1::EVENT_KIND_HOLE_DEALT, match_->current_hand()->dealer());
    ++hand_version_;
    record_progress();  // the seed is committed to: a restart must deal this hand again, not a new one
    spdlog::info("table {}: hole {} dealt", code_, commitment_hole_);
}

// After a move that the engine accepted: a new version, and the end of the hole or the match when it came.
void table::after_move(std::string& note) {
    ++hand_version_;
    if (match_->hole_in_play()) return record_progress();
    const int hole = static_cast<int>(match_->holes().size());
    spdlog::info("table {}: hole {} finished", code_, hole);
    record_finished_hole();
    note += "; hole " + std::to_string(hole) + " is over";
    if (match_->over()) {
        record_result();
        state_ = v1::TABLE_STATE_FINISHED;
        std::string winners;
        for (int w : match_->winners()) winners += (winners.empty() ? "" : ", ") + std::to_string(w);
        spdlog::info("table {}: match finished after {} holes, won by seat {}", code_, hole, winners);
        note += "; the match is over";
    } else {
        state_ = v1::TABLE_STATE_BETWEEN_HOLES;
    }
    await_durable_hole();
}

// Nobody sees a hole end (and no next hole is dealt) before its record is on disk, so a crash never loses a
// hole that players saw finish.
void table::await_durable_hole() {
    if (!store_) {
        if (!match_->over()) schedule_next_hole();
        return;
    }
    const std::uint64_t generation = ++durable_generation_;
    hole_end_pending_ = true;
    store_->when_written([weak = weak_from_this(), generation](bool written) {
        if (auto self = weak.lock())
            boost::asio::post(self->strand_, [self, generation, written] { self->on_hole_durable(generation, written); });
    });
    durable_timer_.expires_after(hole_durable_wait);
    durable_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
        if (!ec) self->on_hole_durable(generation, false);
    });
}

void table::on_hole_durable(std::uint64_t generation, bool written) {
    if (closed_ || !hole_end_pending_ || generation != durable_generation_) return;
    hole_end_pending_ = false;
    ++durable_generation_;
    durable_timer_.cancel();
    if (!written)
        spdlog::warn("table {}: hole {} is not on disk yet; play goes on while the database retries", code_,
                     match_ ? match_->holes().size() : 0);
    if (match_ && !match_->over()) schedule_next_hole();
    changed(std::exchange(pending_note_, {}));
}

void table::schedule_next_hole() {
    state_ = v1::TABLE_STATE_BETWEEN_HOLES;
    next_hole_pending_ = true;
    next_hole_deadline_ = clock::now() + between_holes_;
    for (seat& st : seats_) st.read_review = false;
    const std::uint64_t generation = ++hole_generation_;
    hole_timer_.expires_after(between_holes_);
    hole_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code ec) {
        if (ec || self->closed_ || generation != self->hole_generation_) return;
        if (!self->match_ || self->match_->over() || self->match_->hole_in_play()) return;
        self->deal_next_hole();
        self->changed("hole " + std::to_string(self->commitment_hole_) + " dealt");
    });
}

// A player has read the hole's review; when the last connected person has, the next hole is dealt at once.
void table::next_hole(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    const int s = seat_of(link.get());
    if (s < 0) return reply_error(link, rid, v1::ERROR_CODE_NOT_SEATED, "only players deal the next hole");
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "no hole is waiting to be dealt");
    reply_ok(link, rid);
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.read_review) return;
    st.read_review = true;
    if (!deal_if_all_read()) changed(st.name + " is ready for the next hole");
}

// Between holes: once someone has read the review and no connected person is still reading it (the last reader
// pressed Next hole, or left), the next hole need not wait for the timer.
bool table::deal_if_all_read() {
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES || !still_reading().empty()) return false;
    if (std::none_of(seats_.begin(), seats_.end(), [](const seat& st) { return st.read_review; })) return false;
    ++hole_generation_;
    hole_timer_.cancel();
    deal_next_hole();
    changed("hole " + std::to_string(commitment_hole_) + " dealt");
    return true;
}

std::vector<int> table::still_reading() const {
    std::vector<int> out;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        if (st.kind == seat_kind::person && st.connected && !st.link.expired() && !st.read_review)
            out.push_back(static_cast<int>(s));
    }
    return out;
}

void table::fill_next_hole(v1::TableUpdate& u) const {
    if (!next_hole_pending_ || state_ != v1::TABLE_STATE_BETWEEN_HOLES) return;
    v1::NextHoleWait& w = *u.mutable_next_hole();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(next_hole_deadline_ - clock::now());
    w.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
    w.set_wait_ms(static_cast<std::uint32_t>(between_holes_.count()));
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].read_review) w.add_ready(static_cast<std::uint32_t>(s));
    for (int s : still_reading()) w.add_waiting(static_cast<std::uint32_t>(s));
}

// ---- the record ----------------------------------------------------------------------------------------------

void table::record_table() {
    if (!store_) return;
    persistence::table_record t;
    t.code = code_;
    t.preset = preset_;
    t.ruleset = to_text(*rules_);
    t.created_at = unix_now();
    t.seats = seat_count();
    t.is_public = settings_.is_public;
    t.password_hash = secure::to_hex(settings_.password_hash);
    t.turn_clock_ms = settings_.turn_clock.count();
    t.forfeit_when_away = settings_.forfeit_when_away;
    t.claim_window_ms = settings_.claim_window.count();
    store_->record_table(std::move(t));
}

void table::record_match_start() {
    if (!store_) return;
    persistence::match_start m;
    m.table_code = code_;
    m.preset = preset_;
    m.ruleset = to_text(*rules_);
    m.started_at = unix_now();
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        persistence::seat_record r;
        r.seat = static_cast<int>(s);
        r.display_name = st.name;
        if (st.kind == seat_kind::bot) r.bot = std::string(level_name(st.level));
        else r.token_hash = secure::to_hex(st.token_hash);
        m.seats.push_back(std::move(r));
    }
    match_id_ = store_->start_match(std::move(m));
}

void table::record_progress() {
    if (!store_ || !match_ || !match_->hole_in_play()) return;
    const hand& h = *match_->current_hand();
    persistence::hand_progress p;
    p.match = match_id_;
    p.hole = static_cast<int>(match_->holes().size()) + 1;
    p.seed = h.seed();
    p.dealer = h.dealer();
    const std::tuple key{match_number_, p.hole, p.seed};
    if (key != progress_key_ || h.log().size() < progress_logged_) {
        progress_key_ = key;
        progress_actions_.clear();
        progress_logged_ = 0;
    }
    append_action_log(progress_actions_, std::span(h.log()).subspan(progress_logged_));
    progress_logged_ = h.log().size();
    p.actions = progress_actions_;
    store_->record_hand_progress(std::move(p));
}

void table::record_finished_hole() {
    if (!store_ || match_->holes().empty()) return;
    const int number = static_cast<int>(match_->holes().size());
    store_->record_hole(persistence::to_hole_record(match_id_, number, match_->holes().back()));
}

void table::record_result() {
    if (!store_) return;
    persistence::match_result r;
    r.match = match_id_;
    r.ended_at = unix_now();
    const auto winners = match_->winners();
    if (winners.size() == 1) r.winner_seat = winners.front();
    r.final_totals = match_->totals();
    store_->finish_match(std::move(r));
}

void table::restore(const persistence::match_detail& record, golf::match replayed) {
    for (const persistence::seat_record& r : record.summary.seats) {
        if (r.seat < 0 || r.seat >= seat_count()) continue;
        seat& st = seats_[static_cast<std::size_t>(r.seat)];
        st.name = r.display_name;
        if (!r.bot.empty()) {
            st.kind = seat_kind::bot;
            st.level = r.bot == "random" ? v1::BOT_LEVEL_RANDOM : v1::BOT_LEVEL_HEURISTIC;
            st.brain = make_bot(level_name(st.level));
            st.random = random_source(secure::random_u64());
            continue;
        }
        st.kind = seat_kind::person;
        st.token_hash = secure::from_hex(r.token_hash).value_or("");
        st.connected = false;
        st.away_since = clock::now();
        if (!st.token_hash.empty())
            if (auto reg = owner_.lock()) reg->add_token(st.token_hash, code_);
        start_grace(r.seat);
    }
    host_ = 0;
    for (int s = 0; s < seat_count(); ++s)
        if (seats_[static_cast<std::size_t>(s)].kind == seat_kind::person) {
            host_ = s;
            break;
        }
    match_.emplace(std::move(replayed));
    match_number_ = 1;
    match_id_ = record.summary.id;
    // The server stopped between a hole's last move and its record: write it now.
    if (match_->holes().size() > record.holes.size()) record_finished_hole();
    if (match_->hole_in_play()) {
        state_ = v1::TABLE_STATE_PLAYING;
        commitment_ = secure::commitment(match_->current_hand()->seed());
        commitment_hole_ = static_cast<int>(match_->holes().size()) + 1;
        log_.start(commitment_hole_);  // the moves before the restart are in the record, not in the log
    } else if (match_->over()) {
        state_ = v1::TABLE_STATE_FINISHED;  // only the result was missing
        record_result();
    } else {
        schedule_next_hole();
    }
    ++hand_version_;
    spdlog::info("table {}: match {} restored at hole {}", code_, match_id_,
                 match_->holes().size() + (match_->hole_in_play() ? 1 : 0));
    changed("the match was restored after a server restart");
    check_empty();
}

bool table::apply_for(int s, action a) {
    const action_error error = apply_move(s, a);
    if (error != action_error::none) {
        spdlog::warn("table {} seat {}: the server's move {} was refused: {}", code_, s, describe(a), to_string(error));
        return false;
    }
    return true;
}

action_error table::apply_move(int s, action a, v1::EventKind preface) {
    events_scratch_.clear();
    const action_error error = match_->apply(s, a, &events_scratch_);
    if (error != action_error::none) return error;
    ++metrics_.actions;
    if (preface != v1::EVENT_KIND_UNSPECIFIED) log_.add_table(preface, s);
    log_.add(events_scratch_);
    return error;
}

action table::bot_move(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.forfeited || !st.brain) return safe_move(s, st.random);
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    const action a = st.brain->choose(*rules_, view, st.random);
    return std::find(view.legal.begin(), view.legal.end(), a) != view.legal.end() ? a : view.legal.front();
}

// The heuristic bot's choice, but never a move that ends play (knock, reveal all) on someone else's behalf when
// another move exists.
action table::safe_move(int s, random_source& random) {
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    heuristic_bot chooser;
    const action a = chooser.choose(*rules_, view, random);
    if (a.kind != action_kind::knock && a.kind != action_kind::reveal_all) return a;
    for (action other : view.legal)
        if (other.kind != action_kind::knock && other.kind != action_kind::reveal_all) return other;
    return a;
}

// ---- updates -------------------------------------------------------------------------------------------------

void table::changed(const std::string& note) {
    if (closed_) return;
    if (hole_end_pending_) {
        pending_note_ += (pending_note_.empty() || note.empty() ? "" : "; ") + note;
        return;
    }
    // A connection that vanished without a word is treated as a disconnect.
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        seat& st = seats_[s];
        if (st.kind == seat_kind::person && st.connected && st.link.expired()) {
            st.connected = false;
            st.away_since = clock::now();
            start_grace(static_cast<int>(s));
        }
    }
    std::erase_if(spectators_, [](const spectator& sp) { return sp.link.expired(); });
    update_clock();
    update_claim_window();
    publish();  // first, so the registry's view is never behind what a client has seen
    broadcast(note);
    schedule_bots();
}

// The fields of a TableUpdate every receiver shares: the table, the seats, the scorecard, the clocks, the note.
void table::fill_shared_update(v1::TableUpdate& u, const std::string& note) const {
    u.set_code(code_);
    u.set_state(state_);
    u.set_host_seat(static_cast<std::uint32_t>(host_));
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        v1::SeatInfo& info = *u.add_seats();
        info.set_seat(static_cast<std::uint32_t>(s));
        info.set_occupied(st.kind != seat_kind::empty);
        info.set_name(st.name);
        info.set_bot(st.kind == seat_kind::bot ? st.level : v1::BOT_LEVEL_UNSPECIFIED);
        info.set_connected(st.kind == seat_kind::person && st.connected);
        info.set_bot_standing_in(st.bot_standing_in);
        info.set_forfeited(st.forfeited);
    }
    u.set_spectators(static_cast<std::uint32_t>(spectators_.size()));
    if (match_) {
        v1::Scorecard& card = *u.mutable_scorecard();
        const auto& holes = match_->holes();
        for (std::size_t i = 0; i < holes.size(); ++i) {
            v1::Scorecard::Hole& h = *card.add_holes();
            h.set_number(static_cast<std::uint32_t>(i + 1));
            h.set_dealer(holes[i].dealer);
            h.set_caller(holes[i].caller);
            for (int v : holes[i].scores) h.add_scores(v);
            for (int v : holes[i].totals) h.add_totals(v);
            h.set_seed(secure::seed_bytes(holes[i].seed));  // a finished hole: its seed is revealed
            if (holes[i].plays_first_next >= 0) h.set_plays_first_next(holes[i].plays_first_next);
            for (const auto& [drawer, drawn] : holes[i].first_draw) {
                v1::Scorecard::Hole::Draw& draw = *h.add_first_draw();
                draw.set_seat(static_cast<std::uint32_t>(drawer));
                wire::fill(*draw.mutable_card(), drawn);
            }
        }
        for (int v : match_->totals()) card.add_totals(v);
        card.set_match_over(match_->over());
        if (match_->over())
            for (int w : match_->winners()) card.add_winners(static_cast<std::uint32_t>(w));
    }
    if (!commitment_.empty()) {
        u.mutable_fairness()->set_commitment(commitment_);
        u.mutable_fairness()->set_hole(static_cast<std::uint32_t>(commitment_hole_));
    }
    if (clock_active_) {
        v1::TurnClock& c = *u.mutable_clock();
        c.set_seat(clock_seat_);  // -1 during the start: every seat still owing a start action
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(clock_deadline_ - clock::now());
        c.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
        c.set_seconds_per_turn(static_cast<std::uint32_t>((turn_clock_.count() + 999) / 1000));
    }
    if (claim_window_active_) {
        v1::ClaimWindow& w = *u.mutable_claim_window();
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(claim_deadline_ - clock::now());
        w.set_remaining_ms(static_cast<std::uint32_t>(std::max<std::int64_t>(0, left.count())));
        w.set_window_ms(static_cast<std::uint32_t>(settings_.claim_window.count()));
    }
    if (claim_outcome_) *u.mutable_claim() = *claim_outcome_;
    fill_next_hole(u);
    u.set_hand_version(hand_version_);
    u.set_note(note);
}

void table::broadcast(const std::string& note) {
    // A view is a hundred or so small messages, the shared part dozens (seats, scorecard): on an arena they cost a
    // pointer bump each and are freed at once.
    alignas(std::max_align_t) std::array<char, 16 * 1024> first_block;
    google::protobuf::ArenaOptions options;
    options.initial_block = first_block.data();
    options.initial_block_size = first_block.size();
    google::protobuf::Arena arena(options);
    // The fields every receiver shares are serialised once; each receiver's frame appends its own seat and view.
    std::string shared;
    {
        auto* base = google::protobuf::Arena::CreateMessage<v1::TableUpdate>(&arena);
        fill_shared_update(*base, note);
        base->SerializeToString(&shared);
        arena.Reset();
    }
    const hand* h = match_ && match_->current_hand() ? &*match_->current_hand() : nullptr;
    const int hole = match_ ? static_cast<int>(match_->holes().size()) + (match_->hole_in_play() ? 1 : 0) : 0;
    const bool shown_once = rules_->peeks_shown_once;
    // Each receiver gets its own engine view and the events it has not been sent, and nothing else, built in the
    // table's reused view.
    const auto personal_frame = [&](int viewer, hole_log::cursor& at, std::uint32_t answers = 0) {
        auto* personal = google::protobuf::Arena::CreateMessage<v1::TableUpdate>(&arena);
        personal->set_your_seat(viewer);
        if (h) {
            h->view_into(viewer, view_scratch_);
            wire::fill(*personal->mutable_hand(), view_scratch_, hole);
        }
        if (log_.hole() > 0) log_.fill(*personal, viewer, at, shown_once);
        auto frame = update_frame(shared, *personal, answers);
        arena.Reset();
        return frame;
    };
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const auto link = seats_[s].kind == seat_kind::person ? seats_[s].link.lock() : nullptr;
        if (!link) continue;
        const std::uint32_t answers =
            act_answer_ && act_answer_->link == link.get() ? std::exchange(act_answer_, std::nullopt)->request_id : 0;
        link->send(personal_frame(static_cast<int>(s), seats_[s].log_at, answers));
    }
    // Spectators share a frame, one per place in the log (those who have just arrived get the whole log).
    struct shared_frame {
        hole_log::cursor from, to;
        std::shared_ptr<const std::string> frame;
    };
    std::vector<shared_frame> frames;
    for (spectator& sp : spectators_) {
        const auto link = sp.link.lock();
        if (!link) continue;
        auto same = std::find_if(frames.begin(), frames.end(), [&](const shared_frame& f) {
            return f.from.hole == sp.log_at.hole && f.from.sent == sp.log_at.sent;
        });
        if (same == frames.end()) {
            const hole_log::cursor from = sp.log_at;
            auto frame = personal_frame(-1, sp.log_at);
            same = frames.insert(frames.end(), shared_frame{from, sp.log_at, std::move(frame)});
        }
        sp.log_at = same->to;
        link->send(same->frame);
    }
}

void table::send_joined(const std::shared_ptr<client_link>& link, int s, const std::string& token,
                        std::uint32_t rid) {
    v1::ServerMessage message;
    message.set_request_id(rid);
    v1::TableJoined& joined = *message.mutable_table_joined();
    joined.set_code(code_);
    joined.set_seat(s);
    joined.set_seat_token(token);
    joined.set_preset(preset_);
    *joined.mutable_rules() = wire::to_proto(*rules_);
    link->send(encode(message));
    send_chat_backlog(link);
}

// The table's recent chat, marked as said earlier, right after TableJoined: a refresh or a reconnect loses none.
void table::send_chat_backlog(const std::shared_ptr<client_link>& link) {
    for (const v1::ChatLine& line : chat_log_) {
        v1::ServerMessage message;
        *message.mutable_chat() = line;
        message.mutable_chat()->set_earlier(true);
        link->send(encode(message));
    }
}

void table::publish() {
    auto reg = owner_.lock();
    if (!reg) return;
    v1::LobbyTable entry;
    entry.set_code(code_);
    entry.set_preset(preset_);
    entry.set_seats(static_cast<std::uint32_t>(seats_.size()));
    entry.set_seated(static_cast<std::uint32_t>(
        std::count_if(seats_.begin(), seats_.end(), [](const seat& st) { return st.kind != seat_kind::empty; })));
    entry.set_has_password(!settings_.password_hash.empty());
    entry.set_state(state_);
    entry.set_host_name(seats_[static_cast<std::size_t>(host_)].name);
    const bool listed = settings_.is_public && !closed_;
    // The lobby's line changes only with the seats, the state or the host, which most moves leave alone: then the
    // registry (one lock for every table) is not asked at all.
    std::string published = entry.SerializeAsString();
    published.push_back(listed ? 'L' : '-');
    if (published == published_) return;
    published_ = std::move(published);
    reg->publish(code_, entry, listed);
}

void table::reply_ok(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    v1::ServerMessage message;
    message.set_request_id(rid);
    message.mutable_ok();
    link->send(encode(message));
}

void table::reply_error(const std::shared_ptr<client_link>& link, std::uint32_t rid, v1::ErrorCode code,
                        std::string_view text) {
    ++metrics_.errors;
    // A refusal is the client's mistake, not the server's; races (a stale view, a move just too late) are routine.
    const bool routine = code == v1::ERROR_CODE_STALE || code == v1::ERROR_CODE_NOT_YOUR_TURN;
    spdlog::log(routine ? spdlog::level::debug : spdlog::level::info, "table {} seat {} ({}): refused with {}: {}",
                code_, seat_of(link.get()), link->session_id(), v1::ErrorCode_Name(code), text);
    link->send(error_frame(rid, code, text));
}

// ---- timers --------------------------------------------------------------------------------------------------

void table::schedule_bots() {
    if (bot_pending_ || closed_ || !match_ || !match_->hole_in_play()) return;
    const auto to_act = match_->current_hand()->seats_to_act();
    const bool bot_may_claim = claim_window_active_ && [this] {
        for (int s = 0; s < seat_count(); ++s)
            if (bot_claim_for(s)) return true;
        return false;
    }();
    if (!bot_may_claim && std::none_of(to_act.begin(), to_act.end(), [this](int s) { return bot_controlled(s); }))
        return;
    bot_pending_ = true;
    const std::uint64_t generation = ++bot_generation_;
    bot_timer_.expires_after(bot_delay_);
    bot_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code) {
        self->on_bot_timer(generation);
    });
}

void table::on_bot_timer(std::uint64_t generation) {
    if (generation != bot_generation_ || closed_) return;
    bot_pending_ = false;
    if (!match_ || !match_->hole_in_play()) return;
    if (bot_claims()) return;
    for (int s : match_->current_hand()->seats_to_act()) {
        if (!bot_controlled(s) || match_->current_hand()->legal_actions(s).empty()) continue;
        const action a = bot_move(s);
        if (!apply_for(s, a)) break;
        std::string note = seats_[static_cast<std::size_t>(s)].name + ": " + describe(a);
        after_move(note);
        return changed(note);
    }
    schedule_bots();
}

void table::update_clock() {
    const auto stop = [this] {
        if (!clock_active_) return;
        clock_active_ = false;
        ++clock_generation_;
        clock_timer_.cancel();
    };
    if (turn_clock_.count() <= 0 || closed_ || !match_ || !match_->hole_in_play()) return stop();
    const hand& h = *match_->current_hand();
    const auto to_act = h.seats_to_act();
    if (std::all_of(to_act.begin(), to_act.end(), [this](int s) { return bot_controlled(s); })) return stop();
    const int timed_seat = h.current_phase() == phase::start ? -1 : h.current_seat();
    const auto key =
        std::make_tuple(match_number_, static_cast<int>(match_->holes().size()), timed_seat, h.turns_played());
    if (clock_active_ && key == clock_key_) return;  // the same turn: its clock keeps running
    clock_active_ = true;
    clock_key_ = key;
    clock_seat_ = timed_seat;
    clock_deadline_ = clock::now() + turn_clock_;
    const std::uint64_t generation = ++clock_generation_;
    clock_timer_.expires_at(clock_deadline_);
    clock_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code) {
        self->on_clock(generation);
    });
}

void table::on_clock(std::uint64_t generation) {
    if (generation != clock_generation_ || closed_) return;
    clock_active_ = false;
    if (!match_ || !match_->hole_in_play()) return;
    const hand& h = *match_->current_hand();
    std::vector<int> timed;
    for (int s : h.seats_to_act())
        if (!bot_controlled(s)) timed.push_back(s);
    std::string note;
    const bool start = h.current_phase() == phase::start;
    const int turns = h.turns_played();
    for (int s : timed) {
        log_.add_table(v1::EVENT_KIND_CLOCK_RAN_OUT, s);
        // Moves until the seat no longer owes one: its start actions, or the rest of its turn.
        for (int i = 0; i < max_moves_per_timeout && match_->hole_in_play(); ++i) {
            const hand& now = *match_->current_hand();
            const bool owes = start ? now.current_phase() == phase::start && contains(now.seats_to_act(), s)
                                    : now.current_phase() != phase::start && now.current_seat() == s &&
                                          now.turns_played() == turns;
            if (!owes || now.legal_actions(s).empty()) break;
            const action a = safe_move(s, random_);
            if (!apply_for(s, a)) break;
            std::string ignored;
            after_move(ignored);
        }
        note += (note.empty() ? "" : "; ") + seats_[static_cast<std::size_t>(s)].name +
                "'s clock ran out: the server played for them";
        spdlog::info("table {} seat {}: the turn clock ran out; the server played for it", code_, s);
    }
    if (!match_->hole_in_play()) note += "; hole " + std::to_string(match_->holes().size()) + " is over";
    changed(note);
}

void table::start_grace(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::uint64_t generation = ++st.grace_generation;
    st.grace.expires_after(seat_grace_);
    st.grace.async_wait([self = shared_from_this(), s, generation](boost::system::error_code) {
        self->on_grace(s, generation);
    });
}

void table::on_grace(int s, std::uint64_t generation) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (closed_ || generation != st.grace_generation || st.kind != seat_kind::person || st.connected) return;
    if (st.bot_standing_in || st.forfeited) return;
    stand_in(s);
    if (host_ == s) pass_host_from(s);
    changed(st.forfeited ? st.name + "'s seat forfeits while they are away"
                         : "a bot plays for " + st.name + " while they are away");
}

int table::people_present() const {
    int people = 0;
    for (const seat& st : seats_) people += st.kind == seat_kind::person && st.connected && !st.link.expired();
    for (const spectator& sp : spectators_) people += !sp.link.expired();
    return people;
}

void table::check_empty() {
    if (closed_) return;
    const bool anyone = std::any_of(seats_.begin(), seats_.end(), [](const seat& st) { return st.kind != seat_kind::empty; });
    const bool owners_away = std::any_of(seats_.begin(), seats_.end(), [](const seat& st) {
        return st.kind == seat_kind::person && (!st.connected || st.link.expired());
    });
    if (people_present() > 0) {
        if (close_pending_) {
            close_pending_ = false;
            ++close_generation_;
            close_timer_.cancel();
        }
        return;
    }
    if (!anyone) return close("nobody is left");
    if (close_pending_) return;
    // Owners who are away keep the table for their grace period; bots alone keep it only briefly.
    close_pending_ = true;
    const std::uint64_t generation = ++close_generation_;
    close_timer_.expires_after(owners_away ? idle_linger + seat_grace_ : std::chrono::milliseconds(idle_linger));
    close_timer_.async_wait([self = shared_from_this(), generation](boost::system::error_code) {
        if (generation != self->close_generation_ || self->closed_) return;
        self->close_pending_ = false;
        if (self->people_present() == 0) self->close("no people are left");
    });
}

void table::close(std::string_view why) {
    if (closed_) return;
    closed_ = true;
    cancel_timers();
    // Everyone has gone for good: the match is given up, so a restart does not bring it back. (A server stopping
    // calls shutdown() instead, and the match stays to be restored.)
    if (store_ && match_ && !match_->over()) {
        persistence::match_result r;
        r.match = match_id_;
        r.ended_at = unix_now();
        r.final_totals = match_->totals();
        r.abandoned = true;
        store_->finish_match(std::move(r));
        spdlog::info("table {}: match {} abandoned", code_, match_id_);
    }
    for (seat& st : seats_)
        if (auto link = st.link.lock()) release(link);
    for (const spectator& sp : spectators_)
        if (auto link = sp.link.lock()) release(link);
    spdlog::info("table {} closed: {}", code_, why);
    if (auto reg = owner_.lock()) reg->forget(code_);
}

void table::shutdown(std::string_view reason) {
    if (closed_) return;
    closed_ = true;
    cancel_timers();
    const auto tell = [&](const std::shared_ptr<client_link>& link) {
        release(link);
        link->close(reason);
    };
    for (seat& st : seats_)
        if (auto link = st.link.lock()) tell(link);
    for (const spectator& sp : spectators_)
        if (auto link = sp.link.lock()) tell(link);
    spdlog::info("table {} closed: {}", code_, reason);
    if (auto reg = owner_.lock()) reg->forget(code_);
}

void table::cancel_timers() {
    ++bot_generation_;
    bot_pending_ = false;
    bot_timer_.cancel();
    ++clock_generation_;
    clock_active_ = false;
    clock_timer_.cancel();
    ++hole_generation_;
    hole_timer_.cancel();
    ++close_generation_;
    close_pending_ = false;
    close_timer_.cancel();
    ++durable_generation_;
    durable_timer_.cancel();
    ++claim_generation_;
    claim_window_active_ = false;
    claim_timer_.cancel();
    for (seat& st : seats_) {
        ++st.grace_generation;
        st.grace.cancel();
    }
}

}  // namespace golf::server
