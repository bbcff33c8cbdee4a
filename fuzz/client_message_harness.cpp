// fuzz_client_message: decoded ClientMessages from three connections dispatched into a live registry with real
// tables, exactly as websocket_session hands them over after Hello. The io_context runs on the fuzzing thread and
// is polled until idle after every message, so each step sees the table settled. After each step: every frame
// parses as a ServerMessage, no view shows a card its receiver may not know, and the live hand replays from its
// seed and log to itself, holds the whole deck, and has a legal move for every seat that must act.
//
// Input: byte 0 chooses the set-up (bits 0-3 a preset, bit 4 three seats instead of two, bit 5 a prologue that
// creates, joins and starts a match). Then records, each a byte `L`: connection `L % 3`, operation `L / 3 % 4`:
//   0 raw      2 bytes little-endian length, then that many bytes of ClientMessage (undecodable: skipped, as the
//              session closes such a connection); join code "@" means the live table, reclaim token "@N"
//              the seat token of connection N (the byte N mod 3: '0', '1', '2'), Act hand_version 2^64-1 the
//              connection's latest version;
//   1 legal    1 byte: the connection's latest HandView's legal move number (byte mod count), sent versioned;
//   2 request  1 byte: one of the table requests below, well formed;
//   3 drop     the connection drops (the registry is told) and a fresh one takes its place.
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/message_differencer.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "fuzz/harness.hpp"
#include "proto/convert.hpp"
#include "server/client_link.hpp"
#include "server/common/metrics.hpp"
#include "server/config.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::fuzz {

namespace {

using namespace std::chrono_literals;
constexpr std::size_t max_steps = 256;      // records per input
constexpr std::size_t max_frames = 100000;  // per connection; far more than any bounded input produces

// A real client_link that keeps what a connection would have been sent. Frames are checked as they arrive.
class recording_link final : public server::client_link {
public:
    explicit recording_link(std::string id) : id_(std::move(id)) {}

    void send(std::shared_ptr<const std::string> frame) override {
        check(frame != nullptr, "a null frame was sent");
        v1::ServerMessage message;
        check(message.ParseFromString(*frame), "a frame is not a ServerMessage");
        check(++frames_ < max_frames, "a connection was sent an unbounded number of frames");
        if (closed_) return;  // a closed session drops what is queued after Closing
        if (message.has_table_joined()) joined_ = message.table_joined();
        if (message.has_table_update()) {
            check_only_known_cards(message.table_update());
            latest_ = message.table_update();
        }
    }
    void close(std::string_view reason) override {
        check(!reason.empty(), "a connection was closed without a reason");
        closed_ = true;
    }
    const std::string& session_id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }

    const std::optional<v1::TableUpdate>& latest() const { return latest_; }
    const std::optional<v1::TableJoined>& joined() const { return joined_; }
    bool closed() const { return closed_; }

private:
    // A card may be in a view only where the receiver may know it (as the server's tests check).
    static void check_only_known_cards(const v1::TableUpdate& u) {
        if (!u.has_hand()) return;
        const v1::HandView& h = u.hand();
        check(h.viewer() == u.your_seat(), "a view was made for another seat");
        const int players = h.seats_size();
        for (const v1::SeatLayout& seat : h.seats())
            for (const v1::Position& pos : seat.positions()) {
                if (!pos.has_card() || pos.face_up() || pos.known_by_size() == players) continue;
                const bool mine =
                    h.viewer() >= 0 && std::find(pos.known_by().begin(), pos.known_by().end(),
                                                 static_cast<std::uint32_t>(h.viewer())) != pos.known_by().end();
                check(mine, "a view shows a face-down card its receiver does not know");
            }
        if (h.has_held()) check(h.held_from_discard() || h.viewer() == h.current_seat(), "a held card leaked");
        if (h.viewer() < 0) check(h.legal_size() == 0, "a spectator was offered moves");
    }

    std::string id_;
    std::string address_ = "127.0.0.1";
    std::size_t frames_ = 0;
    bool closed_ = false;
    std::optional<v1::TableJoined> joined_;
    std::optional<v1::TableUpdate> latest_;
};

std::array<int, card_index_count> card_counts(const std::vector<card>& cards) {
    std::array<int, card_index_count> counts{};
    for (const card c : cards) ++counts[static_cast<std::size_t>(card_index(c))];
    return counts;
}

class reader {
public:
    explicit reader(bytes input) : input_(input) {}
    bool empty() const { return at_ >= input_.size(); }
    std::uint8_t byte() { return empty() ? 0 : input_[at_++]; }
    bytes take(std::size_t n) {
        n = std::min(n, input_.size() - at_);
        const bytes out = input_.subspan(at_, n);
        at_ += n;
        return out;
    }

private:
    bytes input_;
    std::size_t at_ = 0;
};

class session {
public:
    session() {
        config_.bot_delay = 0ms;
        config_.between_holes = 0ms;
        config_.max_tables = 8;
        config_.bot_threads = 0;  // search bots think on the strand: settle() sees every move the harness causes
        games_ = std::make_shared<server::registry>(io_, config_, counters_);
        for (int i = 0; i < 3; ++i) links_.push_back(fresh(i));
    }
    ~session() {
        games_->shutdown();
        settle();
    }
    session(const session&) = delete;
    session& operator=(const session&) = delete;

    // Everything posted so far (tables' strands, bots, timers already due) runs to completion.
    void settle() {
        for (int i = 0; i < 100000; ++i) {
            io_.restart();  // poll() on an io_context that ran out of work does nothing until restarted
            if (io_.poll() == 0) return;
        }
        throw violation("the server never settled: handlers kept posting handlers");
    }

    void send(int who, v1::ClientMessage message) {
        message.set_request_id(++request_id_);
        games_->handle(links_[static_cast<std::size_t>(who)], std::move(message), std::chrono::steady_clock::now());
        settle();
        // A connection the game side closed ends as the session would end it: the registry is told.
        for (int i = 0; i < 3; ++i)
            if (links_[static_cast<std::size_t>(i)]->closed()) drop(i);
        check_table();
    }

    // The substitutions described at the top, so raw messages can reach the live table.
    void substitute(int who, v1::ClientMessage& message) {
        if (message.has_join_table() && message.join_table().code() == "@")
            message.mutable_join_table()->set_code(code_);
        if (message.has_reclaim_seat()) {
            const std::string& token = message.reclaim_seat().seat_token();
            if (token.size() == 2 && token[0] == '@') {
                // Any byte names a seat: '0', '1', '2' their own, the rest in turn (unsigned, so "@\x01" is seat 1,
                // not an index below zero).
                const auto& joined = links_[static_cast<unsigned char>(token[1]) % 3u]->joined();
                message.mutable_reclaim_seat()->set_seat_token(joined ? joined->seat_token() : "");
            }
        }
        if (message.has_act() && message.act().hand_version() == ~std::uint64_t{0}) {
            const auto& latest = links_[static_cast<std::size_t>(who)]->latest();
            message.mutable_act()->set_hand_version(latest ? latest->hand_version() : 0);
        }
    }

    void legal(int who, std::uint8_t pick) {
        const auto& latest = links_[static_cast<std::size_t>(who)]->latest();
        if (!latest || !latest->has_hand() || latest->hand().legal_size() == 0) return;
        v1::ClientMessage m;
        *m.mutable_act()->mutable_action() = latest->hand().legal(pick % latest->hand().legal_size());
        m.mutable_act()->set_hand_version(latest->hand_version());
        send(who, std::move(m));
    }

    void request(int who, std::uint8_t what, std::uint8_t preset_byte) {
        v1::ClientMessage m;
        const std::string name = "p" + std::to_string(who);
        switch (what % 12) {
            case 0: {
                auto& c = *m.mutable_create_table();
                c.set_player_name(name);
                c.set_preset(std::string(presets()[preset_byte % presets().size()].name));
                c.set_seats(2 + (what / 12) % 2);
                break;
            }
            case 1:
                m.mutable_join_table()->set_code(code_);
                m.mutable_join_table()->set_player_name(name);
                break;
            case 2:
                m.mutable_join_table()->set_code(code_);
                m.mutable_join_table()->set_spectate(true);
                break;
            case 3: m.mutable_start_match(); break;
            case 4: m.mutable_add_bot()->set_level(what & 16 ? v1::BOT_LEVEL_RANDOM : v1::BOT_LEVEL_HEURISTIC); break;
            case 5: m.mutable_remove_bot()->set_seat(what / 12 % 3); break;
            case 6: m.mutable_leave_table(); break;
            case 7: m.mutable_take_seat()->set_seat(what / 12 % 3); break;
            case 8: m.mutable_rematch(); break;
            case 9:
                // Now and then a reaction instead, of any kind (7 is none).
                if (what & 64) m.mutable_send_chat()->set_reaction(static_cast<v1::Reaction>(what / 12 % 8));
                else m.mutable_send_chat()->set_text("hi " + std::to_string(what));
                break;
            case 10: {
                const auto& joined = links_[static_cast<std::size_t>(what / 12 % 3)]->joined();
                m.mutable_reclaim_seat()->set_seat_token(joined ? joined->seat_token() : "");
                break;
            }
            default: {
                const std::uint32_t seat = what / 12 % 3;
                switch ((what >> 5) & 3) {
                    case 0: m.mutable_watch_lobby()->set_watch(what & 16); break;
                    case 1: m.mutable_open_seat()->set_seat(seat); break;
                    case 2: m.mutable_kick_seat()->set_seat(seat); break;
                    default:
                        if ((what & 128) && (what & 8)) {  // a staff request from a player: refused
                            m.mutable_end_table()->set_code(code_);
                            m.mutable_end_table()->set_reason(what & 4 ? "" : "fuzz");
                        } else if (what & 128) {  // a report, its reason now and then out of range
                            m.mutable_report()->set_seat(seat);
                            m.mutable_report()->set_reason(static_cast<v1::ReportReason>(what / 12 % 5));
                        } else if (what & 16) {
                            m.mutable_vote_kick()->set_seat(seat);
                        } else {
                            m.mutable_pass_host()->set_seat(seat);
                        }
                }
                break;
            }
        }
        send(who, std::move(m));
    }

    void drop(int who) {
        games_->disconnected(links_[static_cast<std::size_t>(who)]);
        links_[static_cast<std::size_t>(who)] = fresh(who);
        settle();
        check_table();
    }

    int changes() const { return changes_; }

    // The prologue: a table of `preset` with every seat filled (connection 2 watches a two-seat table), started.
    void prologue(const preset& p, bool three) {
        v1::ClientMessage create;
        create.mutable_create_table()->set_player_name("host");
        create.mutable_create_table()->set_preset(std::string(p.name));
        create.mutable_create_table()->set_seats(three ? 3 : 2);
        send(0, create);
        for (int who = 1; who < 3; ++who) {
            v1::ClientMessage join;
            join.mutable_join_table()->set_code(code_);
            join.mutable_join_table()->set_player_name("guest" + std::to_string(who));
            join.mutable_join_table()->set_spectate(who == 2 && !three);
            send(who, join);
        }
        v1::ClientMessage start;
        start.mutable_start_match();
        send(0, start);
    }

private:
    std::shared_ptr<recording_link> fresh(int who) {
        return std::make_shared<recording_link>("fuzz-" + std::to_string(who) + "-" + std::to_string(++made_));
    }

    // The table of whoever made one last; its hand checked against the engine's own invariants and the views.
    void check_table() {
        for (const auto& link : links_)
            if (link->joined() && !link->joined()->code().empty()) code_ = link->joined()->code();
        const auto t = code_.empty() ? nullptr : games_->find(code_);
        if (!t || !t->current_match() || !t->current_match()->current_hand()) return;
        // The hand only changes with its version; checking it again between changes would find the same.
        if (t->hand_version() == last_version_ && code_ == last_code_) return;
        ++changes_;
        last_version_ = t->hand_version();
        last_code_ = code_;
        const golf::match& m = *t->current_match();
        const hand& h = *m.current_hand();
        const auto again = hand::replay(h.rules_ptr(), h.players(), h.dealer(), h.seed(), h.log());
        check(again.has_value() && *again == h, "the live hand does not replay from its seed and log");
        check(card_counts(hand(h.rules_ptr(), h.players(), h.dealer(), h.seed()).all_cards()) ==
                  card_counts(h.all_cards()),
              "cards appeared or vanished in the live hand");
        if (!h.over()) {
            const auto owed = h.seats_to_act();
            check(!owed.empty(), "a hand in play has nobody to act");
            for (const int s : owed) check(!h.legal_actions(s).empty(), "a seat that must act has no legal move");
        }
        // A seat whose latest update is the table's current version sees exactly its engine view.
        const int hole = static_cast<int>(m.holes().size()) + (m.hole_in_play() ? 1 : 0);
        for (const auto& link : links_) {
            const auto& u = link->latest();
            if (link->closed() || !u || !u->has_hand() || u->code() != code_ || u->hand_version() != t->hand_version())
                continue;
            const v1::HandView expected = wire::to_proto(h.view_for(u->your_seat()), hole);
            check(google::protobuf::util::MessageDifferencer::Equals(u->hand(), expected),
                  "a connection's latest view differs from the engine's view for its seat");
        }
    }

    boost::asio::io_context io_;
    server::server_config config_;
    server::metrics counters_;
    std::shared_ptr<server::registry> games_;
    std::vector<std::shared_ptr<recording_link>> links_;
    std::string code_;
    std::uint32_t request_id_ = 0;
    int made_ = 0;
    std::uint64_t last_version_ = 0;
    std::string last_code_;
    int changes_ = 0;
};

}  // namespace

int client_message(bytes input) {
    spdlog::set_level(spdlog::level::off);
    // Protobuf logs each string that is not UTF-8; such a message is simply undecodable here.
    google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
    reset_random(0x600d5eedULL + input.size());
    reader in(input);
    const std::uint8_t setup = in.byte();
    session s;
    if (setup & 0x20) s.prologue(presets()[(setup & 0x0f) % presets().size()], (setup & 0x10) != 0);
    for (std::size_t step = 0; step < max_steps && !in.empty(); ++step) {
        const std::uint8_t l = in.byte();
        const int who = l % 3;
        switch (l / 3 % 4) {
            case 0: {
                const std::size_t n = in.byte() | (std::size_t{in.byte()} << 8);
                const bytes raw = in.take(n);
                v1::ClientMessage m;
                if (!m.ParseFromArray(raw.data(), static_cast<int>(raw.size()))) break;
                // The session answers these itself and never passes them on.
                if (m.has_hello() || m.has_ping()) break;
                s.substitute(who, m);
                s.send(who, std::move(m));
                break;
            }
            case 1: s.legal(who, in.byte()); break;
            case 2: {
                const std::uint8_t what = in.byte();
                s.request(who, what, setup);
                break;
            }
            default: s.drop(who); break;
        }
    }
    return s.changes();
}

}  // namespace golf::fuzz
