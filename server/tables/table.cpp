#include "server/tables/table.hpp"

#include <boost/asio/post.hpp>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "engine/action_log.hpp"
#include "proto/convert.hpp"
#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/action_note.hpp"

namespace golf::server {

namespace {

// A change asked for after this node's lease ended (node_lease.hpp): the table may be another node's by now.
constexpr std::string_view lease_lapsed =
    "this server is making sure it still holds the table; connect again in a moment";
// How soon a deal the lapsed lease held back is tried again.
constexpr std::chrono::milliseconds lease_retry{100};

}  // namespace

table::table(boost::asio::io_context& io, std::weak_ptr<registry> owner, const server_config& config, metrics& counters,
             std::string code, std::string preset, std::shared_ptr<const ruleset> rules, int seats,
             table_settings settings, std::shared_ptr<persistence::match_store> store,
             std::shared_ptr<bot_thinking> thinking, std::shared_ptr<const node_lease> lease)
    : owner_(std::move(owner)),
      metrics_(counters),
      code_(std::move(code)),
      preset_(std::move(preset)),
      rules_(std::move(rules)),
      settings_(std::move(settings)),
      bot_delay_(config.bot_delay),
      between_holes_(settings_.between_holes.count() > 0 ? settings_.between_holes : config.between_holes),
      seat_grace_(std::chrono::duration_cast<std::chrono::milliseconds>(config.seat_grace)),
      strand_(boost::asio::make_strand(io)),
      turn_clock_(settings_.turn_clock),
      random_(secure::random_u64()),
      recorder_(std::move(store), code_, preset_, rules_),
      bot_timer_(strand_),
      thinking_(std::move(thinking)),
      lease_(std::move(lease)),
      clock_timer_(strand_),
      hole_timer_(strand_),
      claim_timer_(strand_),
      durable_moves_(config.durable_moves),
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
    record_then_seat([this, link, name, request_id] { seat_creator(link, name, request_id); },
                     [this, link, request_id] {
                         release(link);
                         reply_error(
                             link, request_id, v1::ERROR_CODE_UNAVAILABLE,
                             "the database cannot take new tables now, so none was made; try again in a moment");
                     });
}

// Several nodes: people are seated (and learn the code) once every node can find the table, its record written. A
// table the database cannot take in time, or refuses (its code taken at another node), is not made: nobody could
// find it, and none of its records would be kept.
void table::record_then_seat(std::function<void()> seat_them, std::function<void()> unmade) {
    recorder_.record_table(settings_, seat_count());
    when_recorded(std::move(seat_them), std::move(unmade));
}

void table::when_recorded(std::function<void()> seat_them, std::function<void()> unmade) {
    persistence::match_store* store = recorder_.store();
    if (!store || !store->nodes()) return seat_them();
    durable_timer_.arm(table_record_wait, shared_from_this(), [this, unmade] {
        if (closed_) return;
        unmade();
        close("its record could not be written in time");
    });
    store->when_written([weak = weak_from_this(), seat_them = std::move(seat_them), unmade = std::move(unmade),
                         armed = durable_timer_.generation()](bool written) {
        if (auto self = weak.lock())
            boost::asio::post(self->strand_, [self, seat_them, unmade, armed, written] {
                if (self->closed_ || self->durable_timer_.generation() != armed) return;
                self->durable_timer_.cancel();
                if (written) return seat_them();
                unmade();
                self->close("its record was refused");
            });
    });
}

void table::seat_creator(const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t request_id) {
    seat_person(0, link, name, request_id);
    changed(name + " created the table");
}

void table::join(const std::shared_ptr<client_link>& link, const v1::JoinTable& request, std::uint32_t rid) {
    const auto refuse = [&](v1::ErrorCode code, std::string_view text) {
        release(link);
        reply_error(link, rid, code, text);
    };
    if (closed_) return refuse(v1::ERROR_CODE_NO_SUCH_TABLE, "that table has closed");
    if (!plays_here()) return refuse(v1::ERROR_CODE_UNAVAILABLE, lease_lapsed);
    if (!settings_.password_hash.empty() && !secure::equal(secure::sha256(request.password()), settings_.password_hash))
        return refuse(v1::ERROR_CODE_WRONG_PASSWORD, "the password is wrong");
    if (barred(*link)) return refuse(v1::ERROR_CODE_REMOVED, "you were removed from this table");
    if (tournament() && !request.spectate()) {
        if (take_held_seat(link, rid, request.entry_token())) return;
        return refuse(v1::ERROR_CODE_TABLE_FULL,
                      "only the round's entrants (signed in, or a guest with their entry token) sit at a "
                      "tournament's table; you may watch");
    }

    if (request.spectate()) {
        if (!settings_.deal_key.empty() && match_ && !match_->over())
            return refuse(
                v1::ERROR_CODE_BAD_REQUEST,
                "a duplicate round's tables are watched once the round is over: they all deal the same cards");
        if (spectators_.size() >= spectator_limit)
            return refuse(v1::ERROR_CODE_TABLE_FULL, "this table has as many spectators as it takes");
        const std::string name = request.player_name().empty() ? "spectator" : request.player_name();
        spectators_.push_back(spectator{link, name, {}, account_of(*link, name)});
        spdlog::info("table {}: {} is watching", code_, name);
        send_joined(link, -1, "", rid);
        changed(name + " is watching");
        return;
    }
    int s = -1;
    if (request.has_seat()) {
        if (request.seat() >= seats_.size())
            return refuse(v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
        s = static_cast<int>(request.seat());
        if (const auto refusal = seat_refusal(s)) return refuse(refusal->first, refusal->second);
    } else {
        s = first_free_seat() >= 0 ? first_free_seat() : first_open_seat();
        if (s < 0) return refuse(v1::ERROR_CODE_TABLE_FULL, "every seat is taken; you may watch");
    }
    if (seats_[static_cast<std::size_t>(s)].open) {
        const std::string before = seats_[static_cast<std::size_t>(s)].name;
        seat_newcomer(s, link, request.player_name(), rid);
        return changed(request.player_name() + " took over " + before + "'s " + seat_words(s));
    }
    seat_person(s, link, request.player_name(), rid);
    changed(request.player_name() + " sat down at " + seat_words(s));
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
    if (!plays_here()) {
        release(link);
        return reply_error(link, rid, v1::ERROR_CODE_UNAVAILABLE, lease_lapsed);
    }
    seat& st = seats_[static_cast<std::size_t>(found)];
    if (auto old = st.link.lock(); old && old != link) {
        // The same person on a new connection: the old one loses the seat.
        release(old);
        old->close("your seat was taken back from another connection");
    }
    st.connect(link);
    ++seat_changes_;
    st.grace.cancel();
    if (seats_[static_cast<std::size_t>(host_)].kind != seat_kind::person) host_ = found;
    spdlog::info("table {} seat {}: {} is back", code_, found, st.name);
    send_joined(link, found, token, rid);
    changed(st.name + " is back at " + seat_words(found));
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
    if (!plays_here()) return reply_error(link, rid, v1::ERROR_CODE_UNAVAILABLE, lease_lapsed);
    if (refused_at_tournament(link, message)) return;
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
        case v1::ClientMessage::kOpenSeat: return open_seat(link, message.open_seat(), rid);
        case v1::ClientMessage::kKickSeat: return kick_seat(link, message.kick_seat(), rid);
        case v1::ClientMessage::kPassHost: return pass_host(link, message.pass_host(), rid);
        case v1::ClientMessage::kVoteKick: return vote_kick(link, message.vote_kick(), rid);
        case v1::ClientMessage::kReport: return report(link, message.report(), rid);
        default: return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "that is not a table request");
    }
}

void table::take_seat(const std::shared_ptr<client_link>& link, const v1::TakeSeat& request, std::uint32_t rid) {
    const int sp = spectator_of(link.get());
    const bool running = state_ != v1::TABLE_STATE_WAITING;
    if (running && sp < 0)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "seats can change only before the match");
    if (request.seat() >= seats_.size())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
    const int to = static_cast<int>(request.seat());
    seat& target = seats_[static_cast<std::size_t>(to)];
    // During a match a spectator may take only a seat the host opened.
    if (running && !target.open)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING,
                           seat_words(to) + " is not open; during a match only an open seat is taken");
    if (const auto refusal = seat_refusal(to)) return reply_error(link, rid, refusal->first, refusal->second);
    std::string name;
    if (sp >= 0) {
        name = spectators_[static_cast<std::size_t>(sp)].name;
        spectators_.erase(spectators_.begin() + sp);
        if (target.open) {
            const std::string before = target.name;
            seat_newcomer(to, link, name, rid);
            return changed(name + " took over " + before + "'s " + seat_words(to));
        }
    } else {
        const int from = seat_of(link.get());
        name = seats_[static_cast<std::size_t>(from)].name;
        const bool was_host = host_ == from;
        free_seat(from);  // the old token goes with the old seat; TableJoined carries a new one
        if (was_host) host_ = to;
    }
    seat_person(to, link, name, rid);
    changed(name + " moved to " + seat_words(to));
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
        st.grace.cancel();
        stand_in(s);
    }
    spdlog::info("table {} seat {}: {} left", code_, s, name);
    release(link);
    if (host_ == s) pass_host_from(s);
    reply_ok(link, rid);
    changed(name + " left " + seat_words(s));
    deal_if_all_read();
    check_empty();
}

void table::add_bot(const std::shared_ptr<client_link>& link, const v1::AddBot& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host adds bots");
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "bots can be added only before the match");
    if (const auto problem = wire::bot_choice_problem(request.level(), request.search_budget()))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, *problem);
    int s = -1;
    if (request.has_seat()) {
        if (request.seat() >= seats_.size())
            return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
        s = static_cast<int>(request.seat());
        if (seats_[static_cast<std::size_t>(s)].kind != seat_kind::empty)
            return reply_error(link, rid, v1::ERROR_CODE_SEAT_TAKEN, seat_words(s) + " is taken");
    } else {
        s = first_free_seat();
        if (s < 0) return reply_error(link, rid, v1::ERROR_CODE_TABLE_FULL, "every seat is taken");
    }
    const v1::BotLevel level = request.level() == v1::BOT_LEVEL_UNSPECIFIED ? v1::BOT_LEVEL_HEURISTIC : request.level();
    seat_bot(s, {level, request.search_budget()});
    reply_ok(link, rid);
    changed(seats_[static_cast<std::size_t>(s)].name + " sat down at " + seat_words(s));
}

void table::remove_bot(const std::shared_ptr<client_link>& link, const v1::RemoveBot& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host removes bots");
    if (state_ != v1::TABLE_STATE_WAITING)
        return reply_error(link, rid, v1::ERROR_CODE_MATCH_RUNNING, "bots can be removed only before the match");
    if (request.seat() >= seats_.size() || seats_[request.seat()].kind != seat_kind::bot)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "no bot sits at " + seat_words(request.seat()));
    const int s = static_cast<int>(request.seat());
    const std::string name = seats_[request.seat()].name;
    free_seat(s);
    spdlog::info("table {} seat {}: bot removed", code_, s);
    reply_ok(link, rid);
    changed(name + " left " + seat_words(s));
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
    if (!is_host(link.get()))
        return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host asks for a rematch");
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
    accepted(link, rid, move_note(s, *a), received);
}

std::string table::move_note(int s, action a, std::string_view joiner) const {
    const auto name = [this](int who) {
        return who >= 0 && who < std::ssize(seats_) ? seats_[static_cast<std::size_t>(who)].name : seat_words(who);
    };
    std::string words = describe(*rules_, a, s, name);
    // A claim's note leads with the race: "Ann claimed first: throw ...", not "Ann: claim: throw ...".
    if (a.kind == action_kind::claim && words.starts_with("claim: ")) words.erase(0, 7);
    return name(s) + std::string(joiner) + words;
}

// A person's move or claim has been applied: the answer, then the consequences and everyone's update.
void table::accepted(const std::shared_ptr<client_link>& link, std::uint32_t rid, std::string note,
                     clock::time_point received) {
    // With --durability moves every answer waits for the move's record, whether it rides on the update or not.
    if (link->update_answers_act() || durable_moves_) act_answers_.push_back({link, rid});
    else reply_ok(link, rid);
    after_move(note);
    changed(note);
    answer_acts_without_update();
    metrics_.observe_latency(clock::now() - received);
}

void table::chat(const std::shared_ptr<client_link>& link, const v1::SendChat& request, std::uint32_t rid) {
    if (request.reaction() != v1::REACTION_UNSPECIFIED) {
        if (!v1::Reaction_IsValid(request.reaction()))
            return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "that is not a reaction");
        if (!request.text().empty())
            return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "a chat line is text or a reaction, not both");
        if (seat_of(link.get()) < 0)
            return reply_error(link, rid, v1::ERROR_CODE_NOT_SEATED, "only players react; spectators may chat");
    } else {
        const auto length = printable_length(request.text());
        if (!length) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "chat lines hold printable text only");
        if (*length == 0 || only_spaces(request.text()))
            return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "the chat line is empty");
        if (*length > chat_max_chars)
            return reply_error(link, rid, v1::ERROR_CODE_CHAT_TOO_LONG,
                               "a chat line holds at most " + std::to_string(chat_max_chars) + " characters");
    }
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
    if (s >= 0) {
        line.set_name(seats_[static_cast<std::size_t>(s)].name);
        line.set_registered(seats_[static_cast<std::size_t>(s)].account != 0);
    } else {
        const spectator& sp = spectators_[static_cast<std::size_t>(spectator_of(link.get()))];
        line.set_name(sp.name);
        line.set_registered(sp.account != 0);
    }
    line.set_text(request.text());
    line.set_reaction(request.reaction());
    line.set_unix_ms(static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
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
    report_times_.erase(link.get());
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
    if (recorder_.wants_seats()) recorder_.record_match_start(seat_records());
    for (const barred_person& b : barred_) recorder_.record_bar(b.account, b.address);  // the new match's record
    hand_version_ = match_hand_version();
    spdlog::info("table {}: match {} started (record {})", code_, match_number_, recorder_.match_id());
    deal_next_hole();
}

// False when no hole was dealt. While the lease is lapsed the deal waits: either the lease is renewed (a slow
// heartbeat) and the deal comes a moment late, or the node steps down and closes the table.
bool table::deal_next_hole() {
    if (!plays_here()) {
        arm_deal(lease_retry);
        return false;
    }
    const int hole = static_cast<int>(match_->holes().size()) + 1;
    const std::uint64_t seed =
        settings_.deal_key.empty() ? secure::random_u64() : secure::hole_seed(settings_.deal_key, hole);
    if (!match_->start_hole(seed)) return false;
    commitment_ = secure::commitment(seed);
    claim_outcome_.reset();  // a race of the last hole is over
    commitment_hole_ = static_cast<int>(match_->holes().size()) + 1;
    state_ = v1::TABLE_STATE_PLAYING;
    next_hole_pending_ = false;
    log_.start(commitment_hole_);
    log_.add_table(v1::EVENT_KIND_HOLE_DEALT, match_->current_hand()->dealer());
    ++hand_version_;
    record_progress();  // the seed is committed to: a restart must deal this hand again, not a new one
    if (durable_moves_) hold_until_written(false);
    spdlog::info("table {}: hole {} dealt", code_, commitment_hole_);
    return true;
}

// After a move that the engine accepted: a new version, and the end of the hole or the match when it came.
void table::after_move(std::string& note) {
    ++hand_version_;
    if (match_->hole_in_play()) {
        record_progress();
        if (durable_moves_) hold_until_written(false);
        return;
    }
    const int hole = static_cast<int>(match_->holes().size());
    spdlog::info("table {}: hole {} finished", code_, hole);
    recorder_.record_finished_hole(*match_);
    note += "; hole " + std::to_string(hole) + " is over";
    if (match_->over()) {
        recorder_.record_result(*match_);
        note_leavers();
        state_ = v1::TABLE_STATE_FINISHED;
        std::string winners;
        for (int w : match_->winners()) winners += (winners.empty() ? "" : ", ") + std::to_string(w);
        spdlog::info("table {}: match finished after {} holes, won by seat {}", code_, hole, winners);
        note += "; the match is over";
        if (tournament()) check_empty();  // with nobody watching, the table closes once the result is out
    } else {
        state_ = v1::TABLE_STATE_BETWEEN_HOLES;
    }
    hold_until_written(true);
}

// ---- the record ----------------------------------------------------------------------------------------------

persistence::seat_record table::seat_record_of(int s) const {
    const seat& st = seats_[static_cast<std::size_t>(s)];
    persistence::seat_record r;
    r.seat = s;
    r.display_name = st.name;
    if (st.kind == seat_kind::bot) r.bot = wire::bot_name(st.level);
    else r.token_hash = secure::to_hex(st.token_hash);  // empty for an open seat
    if (st.kind == seat_kind::person) r.account_id = st.account;
    return r;
}

std::vector<persistence::seat_record> table::seat_records() const {
    std::vector<persistence::seat_record> records;
    for (int s = 0; s < seat_count(); ++s) records.push_back(seat_record_of(s));
    return records;
}

void table::record_progress() {
    if (match_) recorder_.record_progress(*match_, match_number_);
}

void table::restore(const persistence::match_detail& record, golf::match replayed) {
    for (const persistence::table_bar& b : record.bars)
        barred_.push_back({b.account_id, b.account_id == 0 ? b.address : std::string()});
    for (const persistence::seat_record& r : record.summary.seats) {
        if (r.seat < 0 || r.seat >= seat_count()) continue;
        seat& st = seats_[static_cast<std::size_t>(r.seat)];
        if (!r.bot.empty()) {
            // A level this build does not know (a record from a newer one) is played by the heuristic bot.
            make_bot_seat(r.seat, wire::bot_choice_of(r.bot).value_or(wire::bot_choice{}));
            st.name = r.display_name;
            continue;
        }
        st.name = r.display_name;
        st.kind = seat_kind::person;
        st.account = r.account_id;
        st.token_hash = secure::from_hex(r.token_hash).value_or("");
        st.connected = false;
        st.away_since = clock::now();
        // A person's seat recorded without a token was opened by the host: nobody can reclaim it, a bot plays it.
        // At a tournament's table it is held for the entrant's account instead (take_held_seat).
        if (st.token_hash.empty() && !(tournament() && st.account != 0)) {
            st.open = true;
            stand_in(r.seat);
            continue;
        }
        if (auto reg = owner_.lock(); reg && !st.token_hash.empty()) reg->add_token(st.token_hash, code_);
        start_grace(r.seat);
    }
    host_ = 0;
    for (int s = 0; s < seat_count(); ++s)
        if (seats_[static_cast<std::size_t>(s)].kind == seat_kind::person &&
            !seats_[static_cast<std::size_t>(s)].open) {
            host_ = s;
            break;
        }
    match_.emplace(std::move(replayed));
    match_number_ = 1;
    recorder_.resume(record.summary.id);
    // The server stopped between a hole's last move and its record: write it now.
    if (match_->holes().size() > record.holes.size()) recorder_.record_finished_hole(*match_);
    if (match_->hole_in_play()) {
        state_ = v1::TABLE_STATE_PLAYING;
        commitment_ = secure::commitment(match_->current_hand()->seed());
        commitment_hole_ = static_cast<int>(match_->holes().size()) + 1;
        restore_log(commitment_hole_);
    } else {
        // The last hole's log, for its review or the match's end.
        if (match_->current_hand()) restore_log(static_cast<int>(match_->holes().size()));
        if (!match_->over()) {
            schedule_next_hole();
        } else {
            state_ = v1::TABLE_STATE_FINISHED;
            if (!record.summary.ended_at) recorder_.record_result(*match_);  // only the result was missing
        }
    }
    hand_version_ = match_hand_version();
    spdlog::info("table {}: match {} restored at hole {}", code_, recorder_.match_id(),
                 match_->holes().size() + (match_->hole_in_play() ? 1 : 0));
    changed("the match was restored after a server restart");
    check_empty();
}

// The log of the last hole dealt (`hole`, in play or just finished) as it was: its deal, then the events of its
// moves replayed on the hand as dealt, so a receiver's events keep their indexes across a restart or a move to
// another node (the table's own events, such as a clock running out, are not recorded and are not told again).
void table::restore_log(int hole) {
    const hand& now = *match_->current_hand();
    log_.start(hole);
    log_.add_table(v1::EVENT_KIND_HOLE_DEALT, now.dealer());
    hand replay(rules_, now.players(), now.dealer(), now.seed());
    std::vector<event> events;
    for (const logged_action& m : now.log()) {
        events.clear();
        if (replay.apply(m.seat, m.act, &events) != action_error::none) return;
        // Every claim was the first of its race (a later one is refused before the engine): apply_claim's preface.
        if (m.act.kind == action_kind::claim) log_.add_table(v1::EVENT_KIND_CLAIM_FIRST, m.seat);
        log_.add(events);
    }
}

std::uint64_t table::match_hand_version() const {
    const std::uint64_t match =
        recorder_.match_id() > 0 ? static_cast<std::uint64_t>(recorder_.match_id()) : match_number_;
    std::uint64_t changes = 0;
    for (const hole_record& h : match_->holes()) changes += 1 + h.actions.size();
    if (match_->hole_in_play()) changes += 1 + match_->current_hand()->log().size();
    return (match << 32) + changes;
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

// ---- after every change --------------------------------------------------------------------------------------

void table::changed(const std::string& note) {
    if (closed_) return;
    if (updates_held_) {
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

}  // namespace golf::server
