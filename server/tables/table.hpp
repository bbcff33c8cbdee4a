// One table: a golf::match with its seats, spectators, chat, bots and timers. Everything a table does runs on its
// own strand (the registry posts there), so game code needs no mutex. The values fixed at creation (code, preset,
// rules, settings) may be read from any thread. A table sends each seat only that seat's engine view and
// spectators only the public view; the hand itself never leaves it.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/bot.hpp"
#include "engine/match.hpp"
#include "engine/random.hpp"
#include "engine/ruleset.hpp"
#include "golf/v1/messages.pb.h"
#include "persistence/match_store.hpp"
#include "persistence/moderation_store.hpp"
#include "proto/bot_levels.hpp"
#include "server/client_link.hpp"
#include "server/cluster/node_lease.hpp"
#include "server/common/metrics.hpp"
#include "server/config.hpp"
#include "server/printable_text.hpp"
#include "server/tables/bot_thinking.hpp"
#include "server/tables/hole_log.hpp"
#include "server/tables/match_recorder.hpp"
#include "server/tables/table_settings.hpp"
#include "server/tables/table_timer.hpp"
#include "server/tables/update_fanout.hpp"

namespace golf::server {

class registry;

// A seat in the words people read (notes, refusals): counted from 1, so the wire's seat 0 is "seat 1".
inline std::string seat_words(std::int64_t s) { return "seat " + std::to_string(s + 1); }

inline constexpr std::size_t chat_max_chars = 200;
inline constexpr int chat_max_lines = 5;
inline constexpr std::chrono::seconds chat_window{10};
inline constexpr std::size_t spectator_limit = 200;
inline constexpr std::size_t chat_backlog = 50;  // chat lines a table keeps for whoever joins or comes back
// How long a table without any connected person lingers (bots only, or owners away) before it closes.
inline constexpr std::chrono::seconds idle_linger{10};
// A finished hole is announced once it is on disk; if the database has not taken it by then (a full disk, a
// stalled writer), play goes on anyway and /healthz says why.
inline constexpr std::chrono::seconds hole_durable_wait{2};
// With several nodes a new table waits this long at most for its record, which every node must find.
inline constexpr std::chrono::seconds table_record_wait{5};

class table : public std::enable_shared_from_this<table> {
public:
    using strand_type = boost::asio::strand<boost::asio::io_context::executor_type>;
    using clock = std::chrono::steady_clock;

    table(boost::asio::io_context& io, std::weak_ptr<registry> owner, const server_config& config, metrics& counters,
          std::string code, std::string preset, std::shared_ptr<const ruleset> rules, int seats,
          table_settings settings, std::shared_ptr<persistence::match_store> store = nullptr,
          std::shared_ptr<bot_thinking> thinking = nullptr, std::shared_ptr<const node_lease> lease = nullptr);

    // Fixed at creation: any thread.
    const std::string& code() const { return code_; }
    bool is_public() const { return settings_.is_public; }  // set when the table opens, never changed
    const std::string& preset_name() const { return preset_; }
    const std::shared_ptr<const ruleset>& rules() const { return rules_; }
    int seat_count() const { return static_cast<int>(seats_.size()); }
    strand_type& strand() { return strand_; }

    // Everything below runs on the strand. The registry has already set the link's table to this one; on a
    // refusal the table clears it again.
    void open(const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t request_id);
    void join(const std::shared_ptr<client_link>& link, const v1::JoinTable& request, std::uint32_t request_id);
    void reclaim(const std::shared_ptr<client_link>& link, const std::string& token, std::uint32_t request_id);
    // Quick play (server/registry/quick_play.hpp): these people take the first seats in order, heuristic bots the rest,
    // and the match starts. Each is sent TableJoined (request_id 0: their QuickPlay was answered when they queued).
    // With several nodes, a table whose record cannot be written is not made: `unmade` runs, the people released.
    struct quick_seat {
        std::shared_ptr<client_link> link;
        std::string name;
    };
    void seat_quick(const std::vector<quick_seat>& people, std::function<void()> unmade);
    // A tournament's round (table_tournament.cpp): every seat is held for an entrant's account and the match starts
    // at once; whoever has not come by the end of the grace period is played by a bot until they do. Nobody hosts.
    struct held_seat {
        std::int64_t account = 0;  // negative: a filler bot's seat; 0: a guest's
        std::string name;
        std::string entry_hash;  // a guest's: the hash of their entry token
    };
    // A guest entrant's seat is held by a token hash no seat token can have (recorded, so a restart keeps it) until
    // they take it with their entry token (JoinTable.entry_token), which gives them a seat token as usual.
    static std::string held_for_guest(const std::string& entry_hash) { return "entry:" + entry_hash; }
    static bool is_held_for_guest(std::string_view token_hash) { return token_hash.starts_with("entry:"); }
    void seat_tournament(const std::vector<held_seat>& entrants, std::function<void()> made,
                         std::function<void()> unmade);
    bool tournament() const { return settings_.tournament_id != 0; }
    // TakeSeat, LeaveTable, AddBot, RemoveBot, StartMatch, Act, SendChat, Rematch.
    void handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, clock::time_point received);
    void disconnected(const std::shared_ptr<client_link>& link);
    // Tells every connected client (Closing with the reason), stops the timers; the table is dead afterwards.
    void shutdown(std::string_view reason);
    // After a restart: the recorded match (already replayed by the registry) continues with its seats held for
    // their owners, who reclaim them with their seat tokens; bots are back at once. Strand only, before any client.
    void restore(const persistence::match_detail& record, golf::match replayed);

    // Moderators (table_staff.cpp), strand only: who sits where, never a card; ending the table for everyone at it
    // (false when it is closed or no longer this node's); a frame to everyone at it.
    void describe_for_staff(v1::LiveTable& out) const;
    bool end_by_staff(const std::string& reason);
    // A ban given anywhere (server/registry/staff_tables.cpp relays it) takes the seats it forbids here.
    void remove_banned(const persistence::sanction_record& ban, std::int64_t now);
    void tell_everyone(const std::shared_ptr<const std::string>& frame) const;

    // Strand only; for tests and diagnostics.
    const std::optional<golf::match>& current_match() const { return match_; }
    std::uint64_t hand_version() const { return hand_version_; }
    v1::TableState state() const { return state_; }
    bool closed() const { return closed_; }
    // A turn clock shorter than the protocol allows, so tests need not wait five seconds.
    void set_turn_clock(std::chrono::milliseconds per_turn);

private:
    enum class seat_kind { empty, person, bot };

    struct seat {
        explicit seat(const strand_type& strand) : grace(strand) {}
        seat_kind kind = seat_kind::empty;
        std::string name;
        std::int64_t account = 0;  // a signed-in person's account; 0: a guest or a bot
        wire::bot_choice level;    // for a bot seat
        int search_playouts = 0;   // a bot seat that searches: its playouts per decision
        std::string token_hash;    // a person's seat token, as SHA-256
        std::weak_ptr<client_link> link;
        bool connected = false;
        std::optional<clock::time_point> away_since;
        bool bot_standing_in = false;
        bool forfeited = false;
        bool open = false;    // the host gave this away seat up: no token reclaims it, a newcomer may take it
        std::string address;  // the person's address when last connected (a removal bars a guest's)
        std::vector<std::string> kick_voters;  // VoteKick: the token hashes of the seats that voted to remove them
        // A bot seat's or a stand-in's, deciding on the strand: for a searching bot the heuristic bot, which decides
        // only when the bot threads are too busy.
        std::unique_ptr<golf::bot> brain;
        random_source random;
        table_timer grace;
        hole_log::cursor log_at;   // how much of the hole's log this seat's connection has been sent
        bool read_review = false;  // between holes: sent NextHole

        // A person's connection takes the seat: present, played by nobody else, sent the whole log next.
        void connect(const std::shared_ptr<client_link>& to) {
            link = to;
            address = to->remote_address();
            connected = true;
            away_since.reset();
            bot_standing_in = false;
            forfeited = false;
            open = false;
            brain.reset();
            log_at = {};
        }
    };

    struct spectator {
        std::weak_ptr<client_link> link;
        std::string name;
        hole_log::cursor log_at;
        std::int64_t account = 0;
    };

    // Requests (table.cpp).
    void take_seat(const std::shared_ptr<client_link>& link, const v1::TakeSeat& request, std::uint32_t rid);
    void leave(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void open_seat(const std::shared_ptr<client_link>& link, const v1::OpenSeat& request, std::uint32_t rid);
    void kick_seat(const std::shared_ptr<client_link>& link, const v1::KickSeat& request, std::uint32_t rid);
    void pass_host(const std::shared_ptr<client_link>& link, const v1::PassHost& request, std::uint32_t rid);
    void vote_kick(const std::shared_ptr<client_link>& link, const v1::VoteKick& request, std::uint32_t rid);
    void report(const std::shared_ptr<client_link>& link, const v1::Report& request, std::uint32_t rid);
    void add_bot(const std::shared_ptr<client_link>& link, const v1::AddBot& request, std::uint32_t rid);
    void remove_bot(const std::shared_ptr<client_link>& link, const v1::RemoveBot& request, std::uint32_t rid);
    void start_match(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void rematch(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void act(const std::shared_ptr<client_link>& link, const v1::Act& request, std::uint32_t rid,
             clock::time_point received);
    // Seat s's move in the players' words, naming the mover: "Ann: put the card in place of their top-left card".
    std::string move_note(int s, action a, std::string_view joiner = ": ") const;
    void accepted(const std::shared_ptr<client_link>& link, std::uint32_t rid, std::string note,
                  clock::time_point received);
    void chat(const std::shared_ptr<client_link>& link, const v1::SendChat& request, std::uint32_t rid);

    // The match (table.cpp).
    void begin_match();
    bool deal_next_hole();
    void after_move(std::string& note);
    // False once this node's lease has ended: another node may be playing the table, so nothing changes here.
    bool plays_here() const { return !lease_ || lease_->held(); }
    // Every move goes through here: the engine applies it and its events join the hole's log, after `preface` (one
    // of the table's own kinds, by `s`) when one is given.
    action_error apply_move(int s, action a, v1::EventKind preface = v1::EVENT_KIND_UNSPECIFIED);
    // The seats as a match starts, for its record; one seat as it is now.
    std::vector<persistence::seat_record> seat_records() const;
    persistence::seat_record seat_record_of(int s) const;
    void record_progress();
    void restore_log(int hole);
    // The match's record id (its number here when nothing is recorded) above its deals and moves so far: a value
    // the node that restores the match finds again, so hand_version goes on from where it was.
    std::uint64_t match_hand_version() const;
    // After every change: clock, claim window, lobby, updates to everyone, bots.
    void changed(const std::string& note);

    // Seats, the host, grace periods and closing (table_seats.cpp).
    int seat_of(const client_link* link) const;
    int spectator_of(const client_link* link) const;
    bool is_host(const client_link* link) const;
    int first_free_seat() const;
    // Mid-match, the first seat the host opened (table_seats.cpp), or -1.
    int first_open_seat() const;
    // Why `s` cannot be given to a newcomer now; nullopt when it can (empty before the match, open during it).
    std::optional<std::pair<v1::ErrorCode, std::string>> seat_refusal(int s) const;
    // The account `link` sits down as under `name`: its own when signed in as that name (the registry saw to it).
    static std::int64_t account_of(const client_link& link, const std::string& name);
    // The creator takes seat 0 and is told the table's code (open(); with several nodes once it is recorded).
    void seat_creator(const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t request_id);
    // Records the table, then runs `seat_them`; with several nodes only once the record is written, else `unmade`.
    void record_then_seat(std::function<void()> seat_them, std::function<void()> unmade);
    // The second half: waits (with several nodes) for every record queued so far, then `seat_them` or `unmade`.
    void when_recorded(std::function<void()> seat_them, std::function<void()> unmade);
    void seat_person(int s, const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t rid);
    // A tournament's table (table_tournament.cpp): its entrant, signed in, takes the seat held for their account with
    // a new token (true); false when the connection holds no seat here. Requests a host or a seat change would make
    // are refused there (true: answered).
    bool take_held_seat(const std::shared_ptr<client_link>& link, std::uint32_t rid, const std::string& entry_token);
    bool refused_at_tournament(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    // A newcomer in an open seat: seated as anyone, and the match's record says whose the seat is now.
    void seat_newcomer(int s, const std::shared_ptr<client_link>& link, const std::string& name, std::uint32_t rid);
    void free_seat(int s);
    // Mid-match, a seat the bot plays is given up to whoever comes next: its token stops working (OpenSeat, a removal).
    void open_to_newcomer(int s);
    void seat_bot(int s, const wire::bot_choice& level);
    // A bot of `level` (valid) in seat st: its name, its brain, its playouts, its own random source.
    void make_bot_seat(int s, const wire::bot_choice& level);
    void stand_in(int s);
    void pass_host_from(int s);
    void release(const std::shared_ptr<client_link>& link);
    bool bot_controlled(int s) const;
    void start_grace(int s);
    void on_grace(int s);
    int people_present() const;
    void check_empty();
    void close(std::string_view why);
    void cancel_timers();

    // Removing people (table_removals.cpp). A table among strangers (public or quick play) votes; elsewhere the
    // host decides. Whoever was removed stays barred: by account, or a guest by address.
    bool strangers() const;
    // The match ended: each person whose seat the server still plays left it early (with strangers, counted).
    void note_leavers() const;
    bool barred(const client_link& link) const;
    // Keeps them out of this table, its match's record too (a restart or another node keeps them out as well).
    void bar(std::int64_t account, const std::string& address);
    std::optional<std::string> removal_refusal(const client_link* by, std::uint32_t seat_number) const;
    int kick_votes_needed() const;  // 0: no votes here now
    int kick_votes(int s) const;
    enum class removed_by { host, vote, ban };
    // `reason`: the host's words, or the ban's; `ban_ends`: when the ban ends (0: until lifted).
    void remove_person(int s, removed_by by, const std::string& reason, std::int64_t ban_ends = 0);

    // Claims (table_claims.cpp). The claim window of the top discard (rulesets with claims): opened by each new
    // discard, closed by its timer or by the first claim, whose outcome is announced until the next discard.
    void claim(const std::shared_ptr<client_link>& link, int s, action a, std::uint32_t rid,
               clock::time_point received);
    action_error apply_claim(int s, action a, std::string& note);
    std::tuple<int, int, std::size_t> current_claim_key() const;
    // Why a claim the engine refused was refused, in words (the race lost to a move, the window closed).
    std::string claim_refusal(action_error error) const;
    void update_claim_window();
    void on_claim_window();
    bool bot_claims();
    std::optional<action> bot_claim_for(int s) const;

    // Updates held until their records are written (table_durability.cpp).
    void hold_until_written(bool hole_over);
    void on_written(std::uint64_t generation, bool written);
    void answer_acts_without_update();

    // Between holes (table_holes.cpp).
    void schedule_next_hole();
    void arm_deal(std::chrono::milliseconds after);
    void next_hole(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    bool deal_if_all_read();
    // Between holes: the connected people who have not sent NextHole yet.
    std::vector<int> still_reading() const;
    void fill_next_hole(v1::TableUpdate& u) const;

    // The server's moves: bots, stand-ins, run-out clocks (table_bots.cpp). Searching bots think on the bot threads
    // (server/tables/bot_thinking.hpp); the table waits for one decision at a time (an earlier one still running is
    // ignored when it answers), and applies an answer only at the point of the hand it was asked about (bot_point).
    action bot_move(int s);
    action safe_move(int s, random_source& random);
    bool apply_for(int s, action a);
    int next_bot_seat() const;
    bool searching(int s) const;
    bot_point point_for(int s) const;
    bool thought_current() const;
    void drop_thought();
    std::optional<action> thought_for(int s);
    bot_thinking::job thinking_job(int s);
    bool start_thinking(int s);
    void on_thought(std::uint64_t id, action a);
    void play_bot_move(int s, action a);
    void schedule_bots();
    void on_bot_timer();
    void update_clock();
    void on_clock();

    // What goes out (table_updates.cpp).
    void broadcast(const std::string& note);
    void fill_shared_update(v1::TableUpdate& u, const std::string& note) const;
    std::string_view encoded_scorecard();  // the update's scorecard field, encoded anew only when it changes
    void send_joined(const std::shared_ptr<client_link>& link, int s, const std::string& token, std::uint32_t rid);
    void send_chat_backlog(const std::shared_ptr<client_link>& link);
    void publish();
    void reply_ok(const std::shared_ptr<client_link>& link, std::uint32_t rid);
    void reply_error(const std::shared_ptr<client_link>& link, std::uint32_t rid, v1::ErrorCode code,
                     std::string_view text);

    // Fixed at creation.
    std::weak_ptr<registry> owner_;
    metrics& metrics_;
    const std::string code_;
    const std::string preset_;
    const std::shared_ptr<const ruleset> rules_;
    const table_settings settings_;
    const std::chrono::milliseconds bot_delay_;
    const std::chrono::milliseconds between_holes_;
    const std::chrono::milliseconds seat_grace_;
    strand_type strand_;

    // Strand-only state.
    std::vector<seat> seats_;
    std::vector<spectator> spectators_;
    struct barred_person {
        std::int64_t account = 0;
        std::string address;  // a guest's; empty for an account
    };
    std::vector<barred_person> barred_;  // removed from this table (KickSeat, VoteKick)
    int host_ = 0;
    v1::TableState state_ = v1::TABLE_STATE_WAITING;
    std::optional<golf::match> match_;
    int match_number_ = 0;
    std::uint64_t hand_version_ = 0;
    std::string commitment_;  // SHA-256 of the current hole's seed
    int commitment_hole_ = 0;
    std::chrono::milliseconds turn_clock_;
    random_source random_;     // for the moves the server plays when a clock runs out
    match_recorder recorder_;  // the table's record in the database
    std::map<const client_link*, std::deque<clock::time_point>> chat_times_;
    std::map<const client_link*, std::deque<clock::time_point>> report_times_;
    std::deque<v1::ChatLine> chat_log_;  // the table's recent lines, sent to whoever (re)joins
    hole_log log_;                       // what happened in the current (or last finished) hole
    std::vector<event> events_scratch_;  // apply_move's events, reused
    bool closed_ = false;

    table_timer bot_timer_;  // pending: a bot's move (or claim) is on its way

    // The search bot's decision being thought about on the bot threads (id 0: none), for which point of the hand,
    // and its answer once it came; `thought_awaited_`: the delay is over, the answer is applied as it comes.
    struct thought {
        bot_point at;
        std::uint64_t id = 0;
        std::optional<action> answer;
    };
    const std::shared_ptr<bot_thinking> thinking_;   // null: no bot threads (a test harness), search on the strand
    const std::shared_ptr<const node_lease> lease_;  // null: the only node, which holds its tables for good
    thought thought_;
    std::uint64_t thought_ids_ = 0;
    bool thought_awaited_ = false;
    std::uint64_t seat_changes_ = 0;  // who sits where (or plays for whom) changed: pending thoughts are stale

    table_timer clock_timer_;                     // pending: a turn clock runs
    std::tuple<int, int, int, int> clock_key_{};  // match, hole, seat (-1: the start), turns played
    int clock_seat_ = -1;

    table_timer hole_timer_;
    bool next_hole_pending_ = false;  // between holes, the next one not dealt yet

    table_timer claim_timer_;                                 // pending: the top discard's claim window is open
    std::tuple<int, int, std::size_t> claim_key_{-1, -1, 0};  // match, hole, discards: one per discard
    std::optional<v1::ClaimOutcome> claim_outcome_;

    // What broadcast()'s fan-outs reuse: the views filled for one receiver after another and their encodings.
    update_fanout::scratch fanout_scratch_;
    // encoded_scorecard()'s bytes and what they were encoded for: match, holes recorded, whether it is over (a
    // scorecard changes only when a hole is recorded, and every update carries it).
    std::string scorecard_encoded_;
    std::tuple<int, std::size_t, bool> scorecard_key_{-1, 0, false};

    // What publish() last told the registry (the lobby line and whether it is listed), to skip telling it again.
    std::string published_;

    // Accepted Acts not answered yet: by the update they cause (Hello.update_answers_act: broadcast puts a
    // request_id on its mover's frame), or, with --durability moves, by an Ok once the record is written;
    // answer_acts_without_update() sends an Ok for any no update carried.
    struct act_answer {
        std::weak_ptr<client_link> link;
        std::uint32_t request_id;
    };
    std::vector<act_answer> act_answers_;

    // While a record players must not see ahead of is being written (a hole's end; with --durability moves, every
    // move): updates wait, their notes kept for the one broadcast; `durable_generation_` makes older answers stale.
    const bool durable_moves_;
    bool updates_held_ = false;
    bool hole_over_held_ = false;
    std::uint64_t durable_generation_ = 0;
    std::string pending_note_;
    table_timer durable_timer_;

    table_timer close_timer_;  // pending: the table closes unless someone comes
};

}  // namespace golf::server
