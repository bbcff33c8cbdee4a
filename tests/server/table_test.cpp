// The game side in-process: the registry and its tables on an io_context (two threads), driven through
// recording client_links that keep every ServerMessage a table sends. The real server, over sockets, is tested
// by the other server tests; these pin down what a table does and refuses.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "proto/convert.hpp"
#include "server/registry.hpp"
#include "server/secure.hpp"
#include "server/table.hpp"

namespace golf::server {
namespace table_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using google::protobuf::util::MessageDifferencer;

constexpr auto wait_limit = 30s;  // only a bound for a broken build; never reached when things work

// ---- secure ----------------------------------------------------------------------------------------------------

TEST(Secure, SeatTokensAre128RandomBitsInHex) {
    const std::string a = secure::new_seat_token(), b = secure::new_seat_token();
    EXPECT_EQ(a.size(), 32u);
    EXPECT_TRUE(std::all_of(a.begin(), a.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }));
    EXPECT_NE(a, b);
}

TEST(Secure, Sha256MatchesTheStandardVector) {
    EXPECT_EQ(secure::to_hex(secure::sha256("abc")),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(secure::sha256("").size(), 32u);
}

TEST(Secure, SeedsAreEightBytesBigEndianAndTheCommitmentIsTheirDigest) {
    EXPECT_EQ(secure::seed_bytes(0x0102030405060708ULL), std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));
    EXPECT_EQ(secure::commitment(42), secure::sha256(secure::seed_bytes(42)));
}

TEST(Secure, ConstantTimeEqualityComparesWholeValues) {
    EXPECT_TRUE(secure::equal("abcd", "abcd"));
    EXPECT_FALSE(secure::equal("abcd", "abce"));
    EXPECT_FALSE(secure::equal("abc", "abcd"));
}

TEST(Secure, JoinCodesUseTheUnambiguousAlphabet) {
    for (int i = 0; i < 200; ++i) {
        const std::string code = secure::new_join_code();
        ASSERT_EQ(code.size(), 6u);
        for (char c : code) EXPECT_NE(secure::code_alphabet.find(c), std::string_view::npos) << code;
    }
    EXPECT_EQ(secure::normalize_join_code("abc234"), "ABC234");
    EXPECT_EQ(secure::normalize_join_code("ABCD0O"), "");  // 0 and O are not in the alphabet
    EXPECT_EQ(secure::normalize_join_code("ABCDE"), "");
}

TEST(PrintableLength, CountsCharactersAndRefusesControlsAndBrokenUtf8) {
    EXPECT_EQ(printable_length("alice"), 5u);
    EXPECT_EQ(printable_length("Zoë 🂡"), 5u);
    EXPECT_EQ(printable_length(""), 0u);
    EXPECT_FALSE(printable_length("a\nb"));
    EXPECT_FALSE(printable_length("a\x7f"));
    EXPECT_FALSE(printable_length("\xc2\x85"));      // C1 control (NEL)
    EXPECT_FALSE(printable_length("\xe2\x80\xae"));  // right-to-left override
    EXPECT_FALSE(printable_length("\xff"));
    EXPECT_FALSE(printable_length("\xc0\xaf"));      // overlong
    EXPECT_FALSE(printable_length("\xed\xa0\x80"));  // a surrogate
    EXPECT_FALSE(printable_length("\xe2\x82"));      // cut short
}

// ---- a recording client ----------------------------------------------------------------------------------------

// Every recorder of a test shares one hub, so the test can wait for "anything new from anyone".
struct hub {
    std::mutex mutex;
    std::condition_variable changed;
    std::uint64_t events = 0;
};

class recorder final : public client_link {
public:
    recorder(std::shared_ptr<hub> h, std::string id) : hub_(std::move(h)), id_(std::move(id)) {}

    void send(std::shared_ptr<const std::string> frame) override {
        v1::ServerMessage message;
        const bool ok = message.ParseFromString(*frame);
        std::lock_guard lock(hub_->mutex);
        if (!ok) ++undecodable_;
        messages_.push_back(std::move(message));
        ++hub_->events;
        hub_->changed.notify_all();
    }
    void close(std::string_view reason) override {
        std::lock_guard lock(hub_->mutex);
        closed_ = std::string(reason);
        ++hub_->events;
        hub_->changed.notify_all();
    }
    const std::string& session_id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }

    std::vector<v1::ServerMessage> messages() const {
        std::lock_guard lock(hub_->mutex);
        return messages_;
    }
    int undecodable() const {
        std::lock_guard lock(hub_->mutex);
        return undecodable_;
    }
    std::optional<std::string> closed() const {
        std::lock_guard lock(hub_->mutex);
        return closed_;
    }
    bool wait_closed() {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return closed_.has_value(); });
    }
    // Waits (bounded) until `pred` holds for the messages so far.
    bool wait_for(const std::function<bool(const std::vector<v1::ServerMessage>&)>& pred) {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return pred(messages_); });
    }
    std::optional<v1::ServerMessage> reply_to(std::uint32_t rid) {
        std::optional<v1::ServerMessage> found;
        wait_for([&](const auto& messages) {
            for (const auto& m : messages)
                if (m.request_id() == rid) {
                    found = m;
                    return true;
                }
            return false;
        });
        return found;
    }
    std::vector<v1::TableUpdate> updates() const {
        std::vector<v1::TableUpdate> out;
        for (const auto& m : messages())
            if (m.has_table_update()) out.push_back(m.table_update());
        return out;
    }
    std::optional<v1::TableUpdate> last_update() const {
        std::lock_guard lock(hub_->mutex);
        for (auto it = messages_.rbegin(); it != messages_.rend(); ++it)
            if (it->has_table_update()) return it->table_update();
        return std::nullopt;
    }
    // Waits for a TableUpdate that satisfies `pred` (looking at every update, oldest first).
    std::optional<v1::TableUpdate> wait_update(const std::function<bool(const v1::TableUpdate&)>& pred) {
        std::optional<v1::TableUpdate> found;
        wait_for([&](const auto& messages) {
            for (const auto& m : messages)
                if (m.has_table_update() && pred(m.table_update())) {
                    found = m.table_update();
                    return true;
                }
            return false;
        });
        return found;
    }

private:
    std::shared_ptr<hub> hub_;
    std::string id_;
    std::string address_ = "127.0.0.1";
    std::vector<v1::ServerMessage> messages_;
    int undecodable_ = 0;
    std::optional<std::string> closed_;
};

using link_ptr = std::shared_ptr<recorder>;

// ---- messages --------------------------------------------------------------------------------------------------

v1::ClientMessage create(const std::string& name, const std::string& preset, std::uint32_t seats, bool is_public = true,
                         const std::string& password = "", std::uint32_t clock = 0) {
    v1::ClientMessage m;
    auto& c = *m.mutable_create_table();
    c.set_player_name(name);
    c.set_preset(preset);
    c.set_seats(seats);
    c.set_public_(is_public);
    c.set_password(password);
    c.set_turn_clock_seconds(clock);
    return m;
}

v1::ClientMessage join(const std::string& code, const std::string& name, bool spectate = false,
                       std::optional<std::uint32_t> seat = std::nullopt, const std::string& password = "") {
    v1::ClientMessage m;
    auto& j = *m.mutable_join_table();
    j.set_code(code);
    j.set_player_name(name);
    j.set_spectate(spectate);
    j.set_password(password);
    if (seat) j.set_seat(*seat);
    return m;
}

v1::ClientMessage act(const v1::Action& a, std::uint64_t version = 0) {
    v1::ClientMessage m;
    *m.mutable_act()->mutable_action() = a;
    m.mutable_act()->set_hand_version(version);
    return m;
}

v1::ClientMessage reclaim(const std::string& token) {
    v1::ClientMessage m;
    m.mutable_reclaim_seat()->set_seat_token(token);
    return m;
}

v1::ClientMessage add_bot(std::optional<std::uint32_t> seat = std::nullopt,
                          v1::BotLevel level = v1::BOT_LEVEL_HEURISTIC) {
    v1::ClientMessage m;
    if (seat) m.mutable_add_bot()->set_seat(*seat);
    m.mutable_add_bot()->set_level(level);
    return m;
}

v1::ClientMessage chat(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

template <class Setter>
v1::ClientMessage simple(Setter set) {
    v1::ClientMessage m;
    set(m);
    return m;
}
const auto start_match = [] { return simple([](auto& m) { m.mutable_start_match(); }); };
const auto leave = [] { return simple([](auto& m) { m.mutable_leave_table(); }); };
const auto rematch = [] { return simple([](auto& m) { m.mutable_rematch(); }); };

// A card may appear in a view only when the receiver may know it: face up, known to everyone, or looked at by
// the receiver; a held card only for the seat holding it or when it came from the discards.
void expect_only_known_cards(const v1::TableUpdate& u) {
    if (!u.has_hand()) return;
    const v1::HandView& h = u.hand();
    EXPECT_EQ(h.viewer(), u.your_seat());
    const int players = h.seats_size();
    for (int s = 0; s < players; ++s) {
        for (int p = 0; p < h.seats(s).positions_size(); ++p) {
            const v1::Position& pos = h.seats(s).positions(p);
            if (!pos.has_card()) continue;
            const bool known_to_viewer =
                std::find(pos.known_by().begin(), pos.known_by().end(),
                          static_cast<std::uint32_t>(std::max(h.viewer(), 0))) != pos.known_by().end() &&
                h.viewer() >= 0;
            const bool known_to_all = pos.known_by_size() == players;
            EXPECT_TRUE(pos.face_up() || known_to_viewer || known_to_all)
                << "viewer " << h.viewer() << " sees face-down seat " << s << " position " << p;
        }
    }
    if (h.has_held()) {
        EXPECT_TRUE(h.held_from_discard() || h.viewer() == h.current_seat());
    }
    if (h.viewer() < 0) {
        EXPECT_EQ(h.legal_size(), 0);
    }
}

// ---- the fixture -----------------------------------------------------------------------------------------------

struct snapshot {
    std::uint64_t version = 0;
    v1::TableState state = v1::TABLE_STATE_UNSPECIFIED;
    std::optional<golf::match> game;
    bool closed = false;
};

class TableTest : public ::testing::Test {
protected:
    static server_config quick() {
        server_config c;
        c.bot_delay = 0ms;
        c.between_holes = 0ms;
        return c;
    }

    void start(server_config c = quick()) {
        config_ = c;
        games_ = std::make_shared<registry>(io_, config_, counters_);
        for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_.run(); });
    }

    void TearDown() override {
        if (games_) games_->shutdown();
        work_.reset();
        io_.stop();
        for (auto& t : threads_) t.join();
    }

    link_ptr connect(const std::string& id) { return std::make_shared<recorder>(hub_, id); }

    std::uint32_t send(const link_ptr& link, v1::ClientMessage m) {
        m.set_request_id(++next_rid_);
        games_->handle(link, m, std::chrono::steady_clock::now());
        return m.request_id();
    }

    v1::ServerMessage call(const link_ptr& link, v1::ClientMessage m) {
        const std::uint32_t rid = send(link, std::move(m));
        auto reply = link->reply_to(rid);
        EXPECT_TRUE(reply) << "no reply to request " << rid;
        return reply.value_or(v1::ServerMessage{});
    }

    // The error code of the reply (ERROR_CODE_UNSPECIFIED when it was not an Error).
    v1::ErrorCode error_of(const link_ptr& link, v1::ClientMessage m) {
        const v1::ServerMessage reply = call(link, std::move(m));
        return reply.has_error() ? reply.error().code() : v1::ERROR_CODE_UNSPECIFIED;
    }

    // Creates a table; returns its TableJoined.
    v1::TableJoined open(const link_ptr& link, v1::ClientMessage m) {
        const v1::ServerMessage reply = call(link, std::move(m));
        EXPECT_TRUE(reply.has_table_joined()) << reply.DebugString();
        return reply.table_joined();
    }

    std::shared_ptr<table> table_of(const std::string& code) { return games_->find(code); }

    snapshot inspect(const std::shared_ptr<table>& t) {
        std::promise<snapshot> promise;
        auto future = promise.get_future();
        boost::asio::post(t->strand(), [&] {
            promise.set_value(snapshot{t->hand_version(), t->state(), t->current_match(), t->closed()});
        });
        EXPECT_EQ(future.wait_for(wait_limit), std::future_status::ready);
        return future.get();
    }

    void on_strand(const std::shared_ptr<table>& t, std::function<void()> f) {
        std::promise<void> done;
        boost::asio::post(t->strand(), [&] {
            f();
            done.set_value();
        });
        ASSERT_EQ(done.get_future().wait_for(wait_limit), std::future_status::ready);
    }

    std::uint64_t events() {
        std::lock_guard lock(hub_->mutex);
        return hub_->events;
    }
    bool wait_for_event_after(std::uint64_t seen) {
        std::unique_lock lock(hub_->mutex);
        return hub_->changed.wait_for(lock, wait_limit, [&] { return hub_->events > seen; });
    }

    // Each recipient's latest update equals its engine view exactly, once every recipient has the table's
    // latest version. Called only when nothing can move (a person's turn, no clock).
    void expect_views_match_engine(const std::shared_ptr<table>& t, const std::vector<link_ptr>& recipients) {
        const snapshot now = inspect(t);
        ASSERT_TRUE(now.game && now.game->current_hand());
        const hand& h = *now.game->current_hand();
        const int hole = static_cast<int>(now.game->holes().size()) + (now.game->hole_in_play() ? 1 : 0);
        for (const auto& r : recipients) {
            std::optional<v1::TableUpdate> u;
            r->wait_for([&](const auto& messages) {
                for (auto it = messages.rbegin(); it != messages.rend(); ++it)
                    if (it->has_table_update()) {
                        u = it->table_update();
                        return u->hand_version() == now.version;
                    }
                return false;
            });
            ASSERT_TRUE(u && u->has_hand());
            const v1::HandView expected = wire::to_proto(h.view_for(u->your_seat()), hole);
            EXPECT_TRUE(MessageDifferencer::Equals(u->hand(), expected)) << "seat " << u->your_seat();
        }
    }

    // A move that brings the end near: fill a face-down position, else flip, else the first legal move.
    static v1::Action pick(const v1::HandView& h) {
        const auto& mine = h.seats(h.viewer());
        for (const auto& a : h.legal())
            if (a.kind() == v1::ACTION_KIND_PLACE && !mine.positions(static_cast<int>(a.position())).face_up())
                return a;
        for (const auto& a : h.legal())
            if (a.kind() == v1::ACTION_KIND_FLIP) return a;
        return h.legal(0);
    }

    // Plays every move the given people are asked for until `done` holds; bots and timers play the rest.
    // `views` (optional) is checked against the engine at each person's turn.
    void play_until(const std::vector<link_ptr>& people, const std::function<bool()>& done,
                    const std::shared_ptr<table>& views = nullptr, const std::vector<link_ptr>& recipients = {}) {
        std::map<const recorder*, std::uint64_t> acted;
        for (int step = 0; step < 100000; ++step) {
            const std::uint64_t seen = events();  // before done(): an update landing in between is not missed
            if (done()) return;
            bool moved = false;
            for (const auto& p : people) {
                const auto u = p->last_update();
                if (!u || !u->has_hand() || u->hand().legal_size() == 0) continue;
                if (u->hand_version() <= acted[p.get()]) continue;
                if (views && u->hand().phase() != v1::PHASE_START) expect_views_match_engine(views, recipients);
                const v1::ServerMessage reply = call(p, act(pick(u->hand()), u->hand_version()));
                acted[p.get()] = u->hand_version();
                // A bot or a clock may move between the update and the move; nothing else may refuse it.
                if (reply.has_error()) {
                    ASSERT_EQ(reply.error().code(), v1::ERROR_CODE_STALE) << reply.DebugString();
                }
                moved = true;
            }
            if (!moved) {
                ASSERT_TRUE(wait_for_event_after(seen)) << "the table stalled";
            }
        }
        FAIL() << "the match did not end";
    }

    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_ = boost::asio::make_work_guard(io_);
    server_config config_;
    metrics counters_;
    std::shared_ptr<registry> games_;
    std::shared_ptr<hub> hub_ = std::make_shared<hub>();
    std::vector<std::thread> threads_;
    std::uint32_t next_rid_ = 0;
};

bool finished(const link_ptr& link) {
    const auto u = link->last_update();
    return u && u->state() == v1::TABLE_STATE_FINISHED;
}

// ---- a whole match ---------------------------------------------------------------------------------------------

TEST_F(TableTest, AWholeSixCardMatchWithTwoPeopleAndABot) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 3));
    EXPECT_EQ(created.seat(), 0);
    EXPECT_EQ(created.seat_token(), created.code() + "." + created.seat_token().substr(7));
    EXPECT_EQ(created.seat_token().size(), 7u + 32u);  // "CODE." and 128 bits in hex
    EXPECT_EQ(created.preset(), "six-card");
    EXPECT_EQ(created.rules().rows(), 2);
    const std::string code = created.code();
    ASSERT_EQ(secure::normalize_join_code(code), code);

    const v1::ServerMessage joined = call(bob, join(code, "bob"));
    ASSERT_TRUE(joined.has_table_joined());
    EXPECT_EQ(joined.table_joined().seat(), 1);
    EXPECT_NE(joined.table_joined().seat_token(), created.seat_token());
    const v1::ServerMessage watching = call(carol, join(code, "carol", true));
    ASSERT_TRUE(watching.has_table_joined());
    EXPECT_EQ(watching.table_joined().seat(), -1);
    EXPECT_TRUE(watching.table_joined().seat_token().empty());
    ASSERT_TRUE(call(alice, add_bot()).has_ok());
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    const auto t = table_of(code);
    ASSERT_TRUE(t);
    play_until({alice, bob}, [&] { return finished(alice); }, t, {alice, bob, carol});

    const auto final_update = alice->last_update();
    ASSERT_TRUE(final_update);
    const v1::Scorecard& card = final_update->scorecard();
    EXPECT_TRUE(card.match_over());
    ASSERT_EQ(card.holes_size(), 9);
    EXPECT_FALSE(card.winners().empty());

    // Every frame to every receiver holds only cards it may know, and each seat saw itself as the viewer.
    for (const auto& r : {alice, bob, carol}) {
        EXPECT_EQ(r->undecodable(), 0);
        for (const auto& u : r->updates()) expect_only_known_cards(u);
    }
    for (const auto& u : carol->updates()) EXPECT_EQ(u.your_seat(), -1);

    // The commitment published for each hole is SHA-256 of the seed revealed when it ended.
    std::map<std::uint32_t, std::string> commitments;
    for (const auto& u : alice->updates())
        if (u.has_fairness() && !u.fairness().commitment().empty()) {
            auto [it, fresh] = commitments.emplace(u.fairness().hole(), u.fairness().commitment());
            EXPECT_EQ(it->second, u.fairness().commitment());  // one commitment per hole
        }
    ASSERT_EQ(commitments.size(), 9u);
    for (const auto& h : card.holes()) {
        ASSERT_EQ(h.seed().size(), 8u);
        EXPECT_EQ(secure::sha256(h.seed()), commitments.at(h.number())) << "hole " << h.number();
    }

    // The revealed seed re-derives the deal: hole 1 dealt from it is what alice saw before any move.
    std::uint64_t seed = 0;
    for (unsigned char b : card.holes(0).seed()) seed = (seed << 8) | b;
    const auto rules = std::make_shared<const ruleset>(find_preset("six-card")->rules);
    const hand redealt(rules, 3, card.holes(0).dealer(), seed);
    const auto first = alice->wait_update([](const v1::TableUpdate& u) {
        return u.state() == v1::TABLE_STATE_PLAYING && u.has_hand() && u.hand().hole() == 1;
    });
    ASSERT_TRUE(first);
    EXPECT_TRUE(MessageDifferencer::Equals(first->hand(), wire::to_proto(redealt.view_for(0), 1)));

    // Seeds are revealed only for finished holes: no update carries a seed for the hole in play.
    for (const auto& u : bob->updates()) EXPECT_LE(u.scorecard().holes_size(), static_cast<int>(u.fairness().hole()));
    EXPECT_GT(counters_.actions.load(), 0);
    EXPECT_EQ(games_->count_tables().finished, 1);
}

TEST_F(TableTest, ListPresetsAnswersWithEveryPresetAndItsRules) {
    start();
    auto alice = connect("alice");
    v1::ClientMessage m;
    m.mutable_list_presets();
    const v1::ServerMessage reply = call(alice, m);
    ASSERT_TRUE(reply.has_presets());
    ASSERT_EQ(reply.presets().presets_size(), static_cast<int>(presets().size()));
    for (int i = 0; i < reply.presets().presets_size(); ++i) {
        const v1::PresetInfo& info = reply.presets().presets(i);
        EXPECT_EQ(info.name(), presets()[static_cast<std::size_t>(i)].name);
        EXPECT_TRUE(info.has_rules());
        EXPECT_EQ(info.rules().rows(), presets()[static_cast<std::size_t>(i)].rules.rows);
    }
}

// ---- refusals --------------------------------------------------------------------------------------------------

TEST_F(TableTest, RequestsTheRegistryRefuses) {
    server_config c = quick();
    c.max_tables = 2;
    start(c);
    auto alice = connect("alice"), bob = connect("bob"), dave = connect("dave");

    EXPECT_EQ(error_of(alice, create("", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create(std::string(25, 'a'), "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("a\tb", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("   ", "six-card", 2)), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(alice, create("alice", "seven-card", 2)), v1::ERROR_CODE_NO_SUCH_PRESET);
    auto bad_rows = create("alice", "six-card", 2);
    bad_rows.mutable_create_table()->mutable_house_rules()->set_rows(99);
    const auto refused = call(alice, bad_rows);
    ASSERT_TRUE(refused.has_error());
    EXPECT_EQ(refused.error().code(), v1::ERROR_CODE_BAD_RULESET);
    EXPECT_NE(refused.error().message().find("rows"), std::string::npos) << refused.error().message();
    auto too_big = create("alice", "six-card", 12);
    too_big.mutable_create_table()->mutable_house_rules()->set_rows(6);
    too_big.mutable_create_table()->mutable_house_rules()->set_cols(6);
    EXPECT_EQ(error_of(alice, too_big), v1::ERROR_CODE_BAD_RULESET);  // too few cards for twelve 6x6 layouts
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 1)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 13)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2, true, "", 4)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2, true, "", 3601)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(games_->count_tables().waiting, 0);

    const std::string code = open(alice, create("alice", "six-card", 2, false, "secret")).code();
    EXPECT_EQ(error_of(alice, create("alice", "six-card", 2)), v1::ERROR_CODE_ALREADY_AT_TABLE);
    EXPECT_EQ(error_of(alice, join(code, "alice")), v1::ERROR_CODE_ALREADY_AT_TABLE);
    EXPECT_EQ(error_of(bob, join("ZZZZZZ", "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(error_of(bob, join("not a code", "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(error_of(bob, join(code, "bob\n")), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, std::nullopt, "guess")), v1::ERROR_CODE_WRONG_PASSWORD);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, 0u, "secret")), v1::ERROR_CODE_SEAT_TAKEN);
    EXPECT_EQ(error_of(bob, join(code, "bob", false, 7u, "secret")), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(bob, reclaim("0123456789abcdef0123456789abcdef")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(bob, reclaim("")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(dave, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);
    EXPECT_EQ(error_of(dave, act(v1::Action{})), v1::ERROR_CODE_NOT_AT_TABLE);
    EXPECT_EQ(error_of(dave, v1::ClientMessage{}), v1::ERROR_CODE_BAD_REQUEST);
    // A refused join leaves bob free to join properly, with the code typed in lower case.
    std::string lower = code;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char ch) { return static_cast<char>(std::tolower(ch)); });
    ASSERT_TRUE(call(bob, join(lower, "bob", false, std::nullopt, "secret")).has_table_joined());
    EXPECT_EQ(error_of(dave, join(code, "dave", false, std::nullopt, "secret")), v1::ERROR_CODE_TABLE_FULL);

    ASSERT_TRUE(open(dave, create("dave", "four-card", 2)).code().size() == 6);
    auto erin = connect("erin");
    EXPECT_EQ(error_of(erin, create("erin", "six-card", 2)), v1::ERROR_CODE_SERVER_FULL);
    EXPECT_EQ(games_->count_tables().waiting, 2);

    games_->shutdown();
    EXPECT_EQ(error_of(erin, create("erin", "six-card", 2)), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_EQ(error_of(erin, join(code, "erin")), v1::ERROR_CODE_SHUTTING_DOWN);
    EXPECT_GT(counters_.errors.load(), 20);
}

TEST_F(TableTest, EveryRefusalAtATableLeavesItUnchanged) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 3));
    const std::string code = created.code();
    const auto t = table_of(code);
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    ASSERT_TRUE(call(carol, join(code, "carol", true)).has_table_joined());

    // Each refusal: the expected code, no version change, no hand change, no new TableUpdate for anyone.
    const auto refused = [&](const link_ptr& who, v1::ClientMessage m, v1::ErrorCode expected) {
        const snapshot before = inspect(t);
        const std::size_t updates_before = alice->updates().size() + bob->updates().size() + carol->updates().size();
        const v1::ServerMessage reply = call(who, std::move(m));
        ASSERT_TRUE(reply.has_error()) << reply.DebugString();
        EXPECT_EQ(reply.error().code(), expected) << reply.error().message();
        EXPECT_FALSE(reply.error().message().empty());
        const snapshot after = inspect(t);
        EXPECT_EQ(after.version, before.version);
        EXPECT_EQ(after.state, before.state);
        EXPECT_EQ(after.game.has_value(), before.game.has_value());
        if (after.game && before.game) {
            EXPECT_TRUE(*after.game->current_hand() == *before.game->current_hand());
        }
        EXPECT_EQ(alice->updates().size() + bob->updates().size() + carol->updates().size(), updates_before);
    };

    // Before the match.
    refused(bob, start_match(), v1::ERROR_CODE_NOT_HOST);
    refused(bob, add_bot(), v1::ERROR_CODE_NOT_HOST);
    refused(carol, add_bot(), v1::ERROR_CODE_NOT_HOST);
    refused(alice, start_match(), v1::ERROR_CODE_SEATS_EMPTY);
    refused(alice, rematch(), v1::ERROR_CODE_MATCH_NOT_STARTED);
    v1::Action flip0;
    flip0.set_kind(v1::ACTION_KIND_FLIP);
    refused(alice, act(flip0), v1::ERROR_CODE_MATCH_NOT_STARTED);
    refused(carol, act(flip0), v1::ERROR_CODE_NOT_SEATED);
    refused(alice, add_bot(1u), v1::ERROR_CODE_SEAT_TAKEN);
    refused(alice, add_bot(9u), v1::ERROR_CODE_BAD_REQUEST);
    refused(alice, add_bot(std::nullopt, static_cast<v1::BotLevel>(7)), v1::ERROR_CODE_BAD_REQUEST);
    refused(alice, simple([](auto& m) { m.mutable_remove_bot()->set_seat(1); }), v1::ERROR_CODE_BAD_REQUEST);
    refused(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(0); }), v1::ERROR_CODE_SEAT_TAKEN);
    refused(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(5); }), v1::ERROR_CODE_BAD_REQUEST);

    // The spectator takes the last seat, then the match starts.
    const v1::ServerMessage seated = call(carol, simple([](auto& m) { m.mutable_take_seat()->set_seat(2); }));
    ASSERT_TRUE(seated.has_table_joined());
    EXPECT_EQ(seated.table_joined().seat(), 2);
    EXPECT_EQ(seated.table_joined().seat_token().size(), 7u + 32u);
    refused(alice, add_bot(), v1::ERROR_CODE_TABLE_FULL);
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    refused(alice, start_match(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, add_bot(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, simple([](auto& m) { m.mutable_remove_bot()->set_seat(2); }), v1::ERROR_CODE_MATCH_RUNNING);
    refused(alice, rematch(), v1::ERROR_CODE_MATCH_RUNNING);
    refused(bob, simple([](auto& m) { m.mutable_take_seat()->set_seat(0); }), v1::ERROR_CODE_MATCH_RUNNING);

    // In the start phase: a move on a stale version, a malformed one, and one the engine refuses.
    const std::uint64_t version = inspect(t).version;
    refused(alice, act(flip0, version + 5), v1::ERROR_CODE_STALE);
    v1::Action nothing;  // ACTION_KIND_UNSPECIFIED
    refused(alice, act(nothing, version), v1::ERROR_CODE_BAD_REQUEST);
    v1::Action far;
    far.set_kind(v1::ACTION_KIND_FLIP);
    far.set_position(40);
    refused(alice, act(far, version), v1::ERROR_CODE_ILLEGAL_ACTION);
    v1::Action draw;
    draw.set_kind(v1::ACTION_KIND_DRAW_STOCK);
    refused(alice, act(draw, version), v1::ERROR_CODE_ILLEGAL_ACTION);

    // Everyone does the start; then a seat that is not current is refused with NOT_YOUR_TURN.
    play_until({alice, bob, carol}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().phase() == v1::PHASE_TURN;
    });
    const snapshot turn = inspect(t);
    const int current = turn.game->current_hand()->current_seat();
    const link_ptr idle = current == 0 ? bob : alice;
    refused(idle, act(draw, turn.version), v1::ERROR_CODE_NOT_YOUR_TURN);
    refused(idle, act(draw), v1::ERROR_CODE_NOT_YOUR_TURN);
    v1::Action pass;
    pass.set_kind(v1::ACTION_KIND_PASS);
    refused(current == 0 ? alice : current == 1 ? bob : carol, act(pass, turn.version), v1::ERROR_CODE_ILLEGAL_ACTION);
    refused(carol, chat(std::string(201, 'x')), v1::ERROR_CODE_CHAT_TOO_LONG);
    refused(carol, chat(""), v1::ERROR_CODE_BAD_REQUEST);
    refused(carol, chat("bell\a"), v1::ERROR_CODE_BAD_REQUEST);
}

// ---- tokens, grace, bots ---------------------------------------------------------------------------------------

TEST_F(TableTest, TheSeatTokenReclaimsTheSeatAndAWrongOneDoesNot) {
    start();  // the default 120 s grace: the seat is held
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    const v1::TableJoined bobs = call(bob, join(created.code(), "bob")).table_joined();
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).occupied() && !u.seats(1).connected(); }));

    auto intruder = connect("intruder");
    std::string wrong = bobs.seat_token();
    wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
    EXPECT_EQ(error_of(intruder, reclaim(wrong)), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(intruder, reclaim(created.seat_token() + "x")), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_EQ(error_of(intruder, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);  // a refused reclaim seats nobody

    auto bob2 = connect("bob again");
    const v1::ServerMessage back = call(bob2, reclaim(bobs.seat_token()));
    ASSERT_TRUE(back.has_table_joined()) << back.DebugString();
    EXPECT_EQ(back.table_joined().seat(), 1);
    EXPECT_EQ(back.table_joined().code(), created.code());
    EXPECT_EQ(back.table_joined().seat_token(), bobs.seat_token());  // the same token stays valid
    const auto snapshot_for_bob = bob2->wait_update([](const auto& u) { return u.has_hand(); });
    ASSERT_TRUE(snapshot_for_bob);
    EXPECT_EQ(snapshot_for_bob->your_seat(), 1);
    EXPECT_EQ(snapshot_for_bob->hand().viewer(), 1);
    EXPECT_TRUE(snapshot_for_bob->seats(1).connected());
    EXPECT_FALSE(snapshot_for_bob->seats(1).bot_standing_in());

    // The token still works from yet another connection, which takes the seat over.
    auto bob3 = connect("bob on a phone");
    ASSERT_TRUE(call(bob3, reclaim(bobs.seat_token())).has_table_joined());
    EXPECT_TRUE(bob2->closed().has_value());  // told before the new connection's reply was sent
}

TEST_F(TableTest, AfterTheGracePeriodABotPlaysTheSeatUntilItsOwnerReturns) {
    server_config c = quick();
    c.seat_grace = 0s;
    start(c);
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    const v1::TableJoined bobs = call(bob, join(created.code(), "bob")).table_joined();
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).bot_standing_in(); }));
    EXPECT_TRUE(alice->wait_update([](const auto& u) { return !u.seats(1).connected() && !u.seats(1).forfeited(); }));
    // Alice plays on; the stand-in plays bob's start and his turns.
    play_until({alice}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().seats(1).turns_taken() >= 2;
    });

    auto bob2 = connect("bob again");
    ASSERT_TRUE(call(bob2, reclaim(bobs.seat_token())).has_table_joined());
    const auto back = alice->wait_update([](const auto& u) { return u.seats(1).connected(); });
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->seats(1).bot_standing_in());
}

TEST_F(TableTest, WithForfeitWhenAwayAnAbsentSeatForfeitsAndPlaysSafeMoves) {
    server_config c = quick();
    c.seat_grace = 0s;
    start(c);
    auto alice = connect("alice"), bob = connect("bob");
    auto m = create("alice", "six-card", 2);
    m.mutable_create_table()->set_forfeit_when_away(true);
    const v1::TableJoined created = open(alice, m);
    ASSERT_TRUE(call(bob, join(created.code(), "bob")).has_table_joined());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    games_->disconnected(bob);
    ASSERT_TRUE(alice->wait_update([](const auto& u) { return u.seats(1).forfeited(); }));
    play_until({alice}, [&] {
        const auto u = alice->last_update();
        return u && u->has_hand() && u->hand().seats(1).turns_taken() >= 1;
    });
}

TEST_F(TableTest, LeavingMidMatchHandsTheSeatToABotAndTheHostRole) {
    start();
    auto alice = connect("alice"), bob = connect("bob");
    const v1::TableJoined created = open(alice, create("alice", "six-card", 2));
    ASSERT_TRUE(call(bob, join(created.code(), "bob")).has_table_joined());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    ASSERT_TRUE(call(alice, leave()).has_ok());
    const auto u = bob->wait_update([](const auto& x) { return x.seats(0).bot_standing_in(); });
    ASSERT_TRUE(u);
    EXPECT_EQ(u->host_seat(), 1u);
    EXPECT_EQ(error_of(alice, start_match()), v1::ERROR_CODE_NOT_AT_TABLE);
    // Alice is free to create another table.
    EXPECT_TRUE(call(alice, create("alice", "four-card", 2)).has_table_joined());
}

TEST_F(TableTest, ATableWithNobodyLeftIsForgotten) {
    start();
    auto alice = connect("alice");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(games_->find(code));
    ASSERT_TRUE(call(alice, leave()).has_ok());
    // The close runs on the table's strand right after the leave; a round trip through it is enough.
    auto bob = connect("bob");
    EXPECT_EQ(error_of(bob, join(code, "bob")), v1::ERROR_CODE_NO_SUCH_TABLE);
    EXPECT_EQ(games_->count_tables().waiting, 0);
}

// ---- chat, lobby, clock, rematch, shutdown -----------------------------------------------------------------------

TEST_F(TableTest, ChatReachesTheTableWithinItsLengthAndRateLimits) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), carol = connect("carol");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    ASSERT_TRUE(call(carol, join(code, "", true)).has_table_joined());

    EXPECT_TRUE(call(bob, chat(std::string(200, 'y'))).has_ok());  // exactly the limit
    EXPECT_EQ(error_of(bob, chat(std::string(201, 'y'))), v1::ERROR_CODE_CHAT_TOO_LONG);
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(call(bob, chat("line " + std::to_string(i))).has_ok());
    EXPECT_EQ(error_of(bob, chat("one too many")), v1::ERROR_CODE_RATE_LIMITED);
    EXPECT_TRUE(call(alice, chat("hi from alice")).has_ok());  // the limit is per sender
    EXPECT_TRUE(call(carol, chat("hi from the rail")).has_ok());

    const auto lines = [](const link_ptr& r) {
        std::vector<v1::ChatLine> out;
        for (const auto& m : r->messages())
            if (m.has_chat()) out.push_back(m.chat());
        return out;
    };
    const auto seven = [](const auto& messages) {
        return std::count_if(messages.begin(), messages.end(), [](const auto& m) { return m.has_chat(); }) >= 7;
    };
    ASSERT_TRUE(carol->wait_for(seven));
    ASSERT_TRUE(alice->wait_for(seven));
    const auto seen = lines(carol);
    ASSERT_EQ(seen.size(), 7u);
    EXPECT_EQ(seen[0].seat(), 1);
    EXPECT_EQ(seen[0].name(), "bob");
    EXPECT_EQ(seen[5].text(), "hi from alice");
    EXPECT_EQ(seen[6].seat(), -1);
    EXPECT_EQ(seen[6].name(), "spectator");
    EXPECT_EQ(lines(alice).size(), 7u);
}

TEST_F(TableTest, TheLobbyListsPublicTablesAndNotPrivateOnes) {
    start();
    auto alice = connect("alice"), bob = connect("bob"), watcher = connect("watcher");
    const std::string open_code = open(alice, create("alice", "six-card", 3)).code();
    const std::string private_code = open(bob, create("bob", "six-card", 2, false)).code();
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    const v1::ServerMessage first = call(watcher, watch);
    ASSERT_TRUE(first.has_lobby());
    // The first list may be taken before alice's table published its entry; wait for one that has it.
    const auto lists = [&](const std::string& code, const v1::LobbyUpdate& l) {
        return std::any_of(l.tables().begin(), l.tables().end(), [&](const auto& t) { return t.code() == code; });
    };
    std::optional<v1::LobbyUpdate> listed;
    ASSERT_TRUE(watcher->wait_for([&](const auto& messages) {
        for (const auto& m : messages)
            if (m.has_lobby() && lists(open_code, m.lobby())) {
                listed = m.lobby();
                return true;
            }
        return false;
    }));
    for (const auto& t : listed->tables()) {
        EXPECT_NE(t.code(), private_code);
        if (t.code() != open_code) continue;
        EXPECT_EQ(t.preset(), "six-card");
        EXPECT_EQ(t.seats(), 3u);
        EXPECT_EQ(t.host_name(), "alice");
    }
    // A change to a public table reaches the watcher.
    auto carol = connect("carol");
    ASSERT_TRUE(call(carol, join(open_code, "carol")).has_table_joined());
    EXPECT_TRUE(watcher->wait_for([&](const auto& messages) {
        for (const auto& m : messages)
            if (m.has_lobby())
                for (const auto& t : m.lobby().tables())
                    if (t.code() == open_code && t.seated() == 2) return true;
        return false;
    }));
    v1::ClientMessage stop;
    stop.mutable_watch_lobby()->set_watch(false);
    EXPECT_TRUE(call(watcher, stop).has_ok());
    for (const auto& m : watcher->messages())
        if (m.has_lobby()) {
            EXPECT_FALSE(lists(private_code, m.lobby()));
        }
}

TEST_F(TableTest, TheTurnClockPlaysForASilentSeatAndSaysSo) {
    start();
    auto alice = connect("alice"), bob = connect("bob");
    const std::string code = open(alice, create("alice", "six-card", 2, true, "", 5)).code();
    ASSERT_TRUE(call(bob, join(code, "bob")).has_table_joined());
    const auto t = table_of(code);
    on_strand(t, [&] { t->set_turn_clock(30ms); });
    ASSERT_TRUE(call(alice, start_match()).has_ok());

    const auto ticking = alice->wait_update([](const auto& u) { return u.has_clock(); });
    ASSERT_TRUE(ticking);
    EXPECT_EQ(ticking->clock().seat(), -1);  // the start: everyone owes a flip
    EXPECT_EQ(ticking->clock().seconds_per_turn(), 1u);
    // Nobody moves: the clock plays the start for both, then whole turns.
    const auto played = alice->wait_update([](const auto& u) {
        return u.has_hand() && u.hand().phase() != v1::PHASE_START &&
               u.hand().seats(0).turns_taken() + u.hand().seats(1).turns_taken() >= 2 &&
               u.note().find("clock ran out") != std::string::npos;
    });
    ASSERT_TRUE(played) << alice->last_update()->DebugString();
    EXPECT_NE(played->note().find("the server played for them"), std::string::npos);
}

TEST_F(TableTest, RematchStartsANewMatchWithTheSameSeats) {
    start();
    auto alice = connect("alice");
    auto m = create("alice", "six-card", 2);
    m.mutable_create_table()->mutable_house_rules()->set_holes(1);
    const std::string code = open(alice, m).code();
    ASSERT_TRUE(call(alice, add_bot(std::nullopt, v1::BOT_LEVEL_RANDOM)).has_ok());
    ASSERT_TRUE(call(alice, start_match()).has_ok());
    play_until({alice}, [&] { return finished(alice); });
    const auto over = alice->last_update();
    ASSERT_EQ(over->scorecard().holes_size(), 1);
    EXPECT_TRUE(over->scorecard().match_over());

    ASSERT_TRUE(call(alice, rematch()).has_ok());
    const auto again = alice->wait_update(
        [&](const auto& u) { return u.state() == v1::TABLE_STATE_PLAYING && u.hand_version() > over->hand_version(); });
    ASSERT_TRUE(again);
    EXPECT_EQ(again->scorecard().holes_size(), 0);  // a new scorecard, not the last match's
    EXPECT_FALSE(again->scorecard().match_over());
    ASSERT_EQ(again->scorecard().totals_size(), 2);
    for (const int total : again->scorecard().totals()) EXPECT_EQ(total, 0);
    EXPECT_EQ(again->fairness().hole(), 1u);
    EXPECT_NE(again->fairness().commitment(), over->fairness().commitment());
    EXPECT_EQ(again->seats(1).bot(), v1::BOT_LEVEL_RANDOM);
    EXPECT_EQ(again->seats(0).name(), "alice");
    play_until({alice}, [&] { return finished(alice); });
}

TEST_F(TableTest, ShutdownTellsEveryoneAtATable) {
    start();
    auto alice = connect("alice"), carol = connect("carol");
    const std::string code = open(alice, create("alice", "six-card", 2)).code();
    ASSERT_TRUE(call(carol, join(code, "carol", true)).has_table_joined());
    games_->shutdown();
    EXPECT_TRUE(alice->wait_closed());
    EXPECT_TRUE(carol->wait_closed());
    EXPECT_EQ(alice->closed().value_or(""), "server shutting down");
    EXPECT_EQ(games_->count_tables().waiting, 0);
}

}  // namespace
}  // namespace table_tests
}  // namespace golf::server
