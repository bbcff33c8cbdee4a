// The table's seats: who sits where, stand-ins and the host, grace periods, and the table closing.
#include "server/tables/table.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/common/secure.hpp"
#include "server/registry/registry.hpp"

namespace golf::server {

void table::seat_person(int s, const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t rid) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string token = secure::seat_token_at(code_);
    st.kind = seat_kind::person;
    st.name = name;
    st.account = account_of(*link, name);
    st.level = {};
    st.search_playouts = 0;
    ++seat_changes_;
    st.token_hash = secure::sha256(token);
    st.kick_voters.clear();
    st.connect(link);
    if (auto reg = owner_.lock()) reg->add_token(st.token_hash, code_);
    if (seats_[static_cast<std::size_t>(host_)].kind != seat_kind::person || host_ == s) host_ = s;
    spdlog::info("table {} seat {}: {} sat down", code_, s, name);
    send_joined(link, s, token, rid);
}

void table::seat_newcomer(int s, const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t rid) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    st.grace.cancel();
    st.read_review = false;
    seat_person(s, link, name, rid);  // the stand-in stops: a pending bot move or thought for the seat is stale
    recorder_.record_seat_change(seat_record_of(s));
}

// The host gives an away person's seat to whoever comes next: the old token stops working, the bot plays on.
void table::open_seat(const std::shared_ptr<client_link>& link, const v1::OpenSeat& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host opens a seat");
    if (request.seat() >= seats_.size())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
    const int s = static_cast<int>(request.seat());
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string which = seat_words(s);
    if (st.open) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, which + " is open already");
    if (st.kind == seat_kind::person && !st.connected && !bot_controlled(s))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           which + " is held for " + st.name + " a while yet; it can be opened once a bot plays it");
    if (st.kind != seat_kind::person || st.connected)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, which + " is not away");
    reply_ok(link, rid);
    open_to_newcomer(s);
    spdlog::info("table {} seat {}: opened by the host; {}'s token no longer reclaims it", code_, s, st.name);
    changed(st.name + "'s " + which + " is open: whoever joins next takes it over");
}

void table::open_to_newcomer(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (auto reg = owner_.lock()) reg->remove_token(st.token_hash);
    st.token_hash.clear();
    st.account = 0;
    st.open = true;
    recorder_.record_seat_change(seat_record_of(s));
}

void table::seat_quick(const std::vector<quick_seat>& people, std::function<void()> unmade) {
    spdlog::info("table {} created by quick play: preset {}, {} seats", code_, preset_, seats_.size());
    host_ = 0;
    const auto seat_all = [this, people] {
        for (std::size_t s = 0; s < people.size() && s < seats_.size(); ++s)
            seat_person(static_cast<int>(s), people[s].link, people[s].name, 0);
        for (int s = first_free_seat(); s >= 0; s = first_free_seat()) seat_bot(s, {v1::BOT_LEVEL_HEURISTIC, 0});
        begin_match();
        changed("quick play: the match has started");
    };
    record_then_seat(seat_all, [this, people, unmade = std::move(unmade)] {
        for (const quick_seat& p : people) release(p.link);
        unmade();
    });
}

void table::seat_bot(int s, const wire::bot_choice& level) {
    make_bot_seat(s, level);
    spdlog::info("table {} seat {}: {} bot added", code_, s, wire::bot_label(level));
}

void table::make_bot_seat(int s, const wire::bot_choice& level) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string name = wire::bot_name(level);
    st.kind = seat_kind::bot;
    st.level = level;
    st.name = "bot " + std::to_string(s) + " (" + wire::bot_label(level) + ")";
    st.search_playouts = search_playouts(name).value_or(0);
    // A searching bot thinks on the bot threads; on the strand it has the heuristic bot, for when they are busy.
    st.brain = make_bot(st.search_playouts > 0 ? "heuristic" : name);
    st.random = random_source(secure::random_u64());
    ++seat_changes_;
}

std::int64_t table::account_of(const client_link& link, const std::string& name) {
    const link_identity who = link.identity();
    return who.account != 0 && who.name == name ? who.account : 0;
}

void table::free_seat(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.kind == seat_kind::person)
        if (auto reg = owner_.lock()) reg->remove_token(st.token_hash);
    st.kind = seat_kind::empty;
    st.name.clear();
    st.account = 0;
    st.level = {};
    st.search_playouts = 0;
    ++seat_changes_;
    st.token_hash.clear();
    st.link.reset();
    st.connected = false;
    st.away_since.reset();
    st.bot_standing_in = false;
    st.forfeited = false;
    st.open = false;
    st.kick_voters.clear();
    st.brain.reset();
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
        st.brain = make_bot("heuristic");  // stand-ins stay heuristic: they decide on the strand
    }
    st.random = random_source(secure::random_u64());
    ++seat_changes_;
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
    report_times_.erase(link.get());
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

int table::first_open_seat() const {
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s].open) return static_cast<int>(s);
    return -1;
}

std::optional<std::pair<v1::ErrorCode, std::string>> table::seat_refusal(int s) const {
    const seat& st = seats_[static_cast<std::size_t>(s)];
    if (st.kind == seat_kind::empty || st.open) return std::nullopt;
    return std::pair{v1::ERROR_CODE_SEAT_TAKEN, seat_words(s) + " is taken"};
}

bool table::bot_controlled(int s) const {
    const seat& st = seats_[static_cast<std::size_t>(s)];
    return st.kind == seat_kind::bot || st.bot_standing_in || st.forfeited;
}

void table::start_grace(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    st.grace.arm(seat_grace_, shared_from_this(), [this, s] { on_grace(s); });
}

void table::on_grace(int s) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    if (closed_ || st.kind != seat_kind::person || st.connected) return;
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
    const bool anyone =
        std::any_of(seats_.begin(), seats_.end(), [](const seat& st) { return st.kind != seat_kind::empty; });
    const bool owners_away = std::any_of(seats_.begin(), seats_.end(), [](const seat& st) {
        return st.kind == seat_kind::person && (!st.connected || st.link.expired());
    });
    if (people_present() > 0) {
        if (close_timer_.pending()) close_timer_.cancel();
        return;
    }
    if (!anyone) return close("nobody is left");
    // A tournament's match is played to its end, by bots for everyone if nobody comes: the round waits for it.
    if (tournament() && (!match_ || !match_->over())) return;
    if (close_timer_.pending()) return;
    // Owners who are away keep the table for their grace period; bots alone keep it only briefly.
    const auto linger = owners_away ? idle_linger + seat_grace_ : std::chrono::milliseconds(idle_linger);
    close_timer_.arm(linger, shared_from_this(), [this] {
        if (closed_) return;
        if (people_present() == 0) close("no people are left");
    });
}

void table::close(std::string_view why) {
    if (closed_) return;
    closed_ = true;
    cancel_timers();
    // Everyone has gone for good: the match is given up, so a restart does not bring it back. (A server stopping
    // calls shutdown() instead, and the match stays to be restored.)
    if (recorder_.store() && match_ && !match_->over()) {
        recorder_.record_abandoned(*match_);
        spdlog::info("table {}: match {} abandoned", code_, recorder_.match_id());
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
    for (table_timer* t : {&bot_timer_, &clock_timer_, &hole_timer_, &close_timer_, &durable_timer_, &claim_timer_})
        t->cancel();
    for (seat& st : seats_) st.grace.cancel();
}

}  // namespace golf::server
