// Faults, over real sockets on 127.0.0.1 with real golf-server processes where one must die:
// - kill -9 while many tables write: every hole any client saw finish is in the database afterwards, which passes
//   PRAGMA integrity_check, and a restart restores the matches;
// - a full disk (a small tmpfs holding the database, filled up): a clear error in the log, /healthz 503 with the
//   reason, tables play on; once space returns writes resume, /healthz is 200 and every finished hole is recorded;
// - a seat that drops at every step of a turn (before its move, after drawing, mid-power, after its move before
//   the update, during a claim window) reclaims its seat with its token and resumes with the right view, judged by
//   the leak oracle against the hand replayed from its revealed seed;
// - the server restarts (SIGTERM, kill -9) while clients are connected: they reconnect and play on.
// Every wait is bounded.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/action_log.hpp"
#include "engine/presets.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/child_process.hpp"
#include "tests/support/leak_oracle.hpp"
#include "tests/support/sqlite_query.hpp"

namespace faults_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::drain;
using golf::server::e2e::step;
using golf::server::e2e::two_players;
using golf::server::testing::http_request;
using golf::testing::child_process;
using golf::testing::query_text;
using golf::testing::server_options;
using golf::testing::server_process;
using google::protobuf::util::MessageDifferencer;
namespace leak = golf::testing::leak;
namespace http = boost::beast::http;
namespace v1 = golf::v1;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A Cactus match of `holes` holes (match_tie = play_off) played in full: exactly that many, then one more for as long
// as the lowest total is shared (the deals are the server's, so a tie comes now and then).
::testing::AssertionResult played_with_play_offs(const v1::Scorecard& card, int holes) {
    const auto lowest_shared = [&](int hole) {
        const auto& totals = card.holes(hole).totals();
        const int lowest = *std::min_element(totals.begin(), totals.end());
        return std::count(totals.begin(), totals.end(), lowest) > 1;
    };
    if (card.holes_size() < holes)
        return ::testing::AssertionFailure() << card.holes_size() << " holes played of " << holes;
    for (int h = holes - 1; h < card.holes_size(); ++h) {
        const bool last = h == card.holes_size() - 1;
        if (lowest_shared(h) == last)
            return ::testing::AssertionFailure() << "after hole " << h + 1 << " of " << card.holes_size()
                                                 << " the lowest total was " << (last ? "" : "not ") << "shared";
    }
    return ::testing::AssertionSuccess();
}

// Polls `condition` every 50 ms for at most `limit`.
bool within(std::chrono::seconds limit, const std::function<bool()>& condition) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(50ms);
    }
    return true;
}

// "SEED:SCORE,SCORE,..." of a finished hole: as a client saw it, and as the database holds it.
std::string hole_text(const v1::Scorecard::Hole& h) {
    std::string out = std::to_string(static_cast<std::int64_t>(leak::big_endian(h.seed()))) + ":";
    for (int i = 0; i < h.scores_size(); ++i) out += (i ? "," : "") + std::to_string(h.scores(i));
    return out;
}

std::string recorded_hole(const std::string& db, const std::string& code, int hole) {
    return query_text(db,
                      "SELECT h.seed || ':' || (SELECT group_concat(hand_score, ',') FROM (SELECT hand_score FROM "
                      "hole_scores s WHERE s.match_id = h.match_id AND s.hole = h.hole ORDER BY s.seat)) "
                      "FROM holes h JOIN matches m ON m.id = h.match_id WHERE m.table_code = '" +
                          code + "' AND h.hole = " + std::to_string(hole));
}

// Every finished hole any client saw, by table code and hole number (the observers of many threads write here).
class seen_holes {
public:
    void note(const v1::ServerMessage& m) {
        if (!m.has_table_update()) return;
        const v1::TableUpdate& u = m.table_update();
        const std::lock_guard guard(lock_);
        for (const auto& h : u.scorecard().holes()) holes_[u.code()][static_cast<int>(h.number())] = hole_text(h);
    }
    std::map<std::string, std::map<int, std::string>> all() const {
        const std::lock_guard guard(lock_);
        return holes_;
    }
    int count() const {
        const std::lock_guard guard(lock_);
        int n = 0;
        for (const auto& [code, holes] : holes_) n += static_cast<int>(holes.size());
        return n;
    }

private:
    mutable std::mutex lock_;
    std::map<std::string, std::map<int, std::string>> holes_;
};

// Checks that every hole in `seen` is in the database at `db` exactly as the clients saw it; returns how many.
int expect_every_seen_hole_recorded(const std::string& db, const seen_holes& seen) {
    int checked = 0;
    for (const auto& [code, holes] : seen.all())
        for (const auto& [number, text] : holes) {
            EXPECT_EQ(recorded_hole(db, code, number), text) << "table " << code << " hole " << number;
            ++checked;
        }
    return checked;
}

// Tables of two players that play match after match on `url` until `stop`, or until the server goes away.
void keep_playing(const std::string& url, const std::string& preset, seen_holes& seen, const std::atomic<bool>& stop,
                  std::atomic<int>& moves) {
    try {
        while (!stop) {
            two_players table(url, preset, 50);
            for (auto& c : table.seats) c->set_observer([&seen](const v1::ServerMessage& m) { seen.note(m); });
            while (!stop && step(table.players(), table.rules, *table.bot, table.random, 3000ms)) ++moves;
        }
    } catch (const std::exception&) {
        // The server was killed under this table: expected.
    }
}

TEST(Faults, KillNineWhileManyTablesWriteLosesNoHoleAnyClientSawFinish) {
    golf::testing::temp_dir dir;
    const auto db = dir.path() / "golf.db";
    seen_holes seen;
    std::atomic<int> moves{0};
    const unsigned seed = std::random_device{}();
    std::mt19937 random(seed);
    {
        server_process server(GOLF_SERVER_PATH, {.db = db, .extra = {"--seat-grace", "120"}});
        ASSERT_NE(server.port(), 0) << server.log();
        std::atomic<bool> stop{false};
        std::vector<std::thread> tables;
        const auto presets = golf::presets();
        for (std::size_t t = 0; t < 6; ++t)
            tables.emplace_back(keep_playing, server.url(), std::string(presets[(t * 5) % presets.size()].name),
                                std::ref(seen), std::cref(stop), std::ref(moves));
        // A random moment once holes are finishing everywhere: a hole's end may be mid-commit when the kill lands.
        const bool warmed_up = within(120s, [&] { return seen.count() >= 12; });
        std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 1500)(random)));
        const auto status = server.stop(SIGKILL);
        stop = true;
        for (std::thread& t : tables) t.join();
        ASSERT_TRUE(warmed_up) << "too few holes finished before the kill: " << seen.count();
        EXPECT_EQ(status, 128 + SIGKILL);
    }
    std::printf("killed after %d moves (random seed %u); %d finished holes seen\n", moves.load(), seed, seen.count());
    EXPECT_EQ(query_text(db.string(), "PRAGMA integrity_check"), "ok");
    const int checked = expect_every_seen_hole_recorded(db.string(), seen);
    EXPECT_GE(checked, 12);

    // The unfinished matches come back, and the database is still sound after a graceful stop.
    server_process again(GOLF_SERVER_PATH, {.db = db, .log_level = "info"});
    ASSERT_NE(again.port(), 0) << again.log();
    EXPECT_TRUE(within(30s, [&] { return contains(again.log(), "unfinished matches"); })) << again.log();
    EXPECT_EQ(http_request(again.port(), "/healthz").result(), http::status::ok);
    EXPECT_EQ(again.stop(SIGTERM), 0) << again.log();
    EXPECT_EQ(query_text(db.string(), "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(expect_every_seen_hole_recorded(db.string(), seen), checked);
}

// A tmpfs of `size` mounted on `dir` for the length of a test; mounted() is false where mounting is not allowed.
class tmpfs_mount {
public:
    tmpfs_mount(const std::filesystem::path& dir, const std::string& size) : dir_(dir) {
        child_process mount({"/bin/mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0755", "tmpfs", dir.string()});
        mounted_ = mount.wait_exit() == 0;
        why_ = mount.out() + mount.err();
    }
    ~tmpfs_mount() {
        if (!mounted_) return;
        child_process umount({"/bin/umount", dir_.string()});
        if (umount.wait_exit() != 0) {
            child_process lazy({"/bin/umount", "-l", dir_.string()});  // something still holds a file: detach it
            lazy.wait_exit();
        }
    }
    tmpfs_mount(const tmpfs_mount&) = delete;
    tmpfs_mount& operator=(const tmpfs_mount&) = delete;
    bool mounted() const { return mounted_; }
    const std::string& why() const { return why_; }

private:
    std::filesystem::path dir_;
    bool mounted_ = false;
    std::string why_;
};

// Writes `path` until the file system has no room left; returns the bytes written.
std::size_t fill(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return 0;
    const std::string chunk(64 * 1024, 'x');
    std::size_t total = 0;
    for (int i = 0; i < 100000; ++i) {
        const ssize_t n = ::write(fd, chunk.data(), chunk.size());
        if (n <= 0) break;
        total += static_cast<std::size_t>(n);
    }
    for (std::size_t size = 4096; size > 0; size /= 2)  // the last pages too
        while (::write(fd, chunk.data(), size) > 0) total += size;
    ::close(fd);
    return total;
}

TEST(Faults, AFullDiskIsReportedTablesPlayOnAndWritesResumeWhenSpaceReturns) {
    if (::geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root; this test runs in CI as root";
    golf::testing::temp_dir dir;
    const auto mount_point = dir.path() / "small-disk";
    std::filesystem::create_directories(mount_point);
    tmpfs_mount disk(mount_point, "8m");
    if (!disk.mounted()) GTEST_SKIP() << "mount -t tmpfs is not permitted here: " << disk.why();
    const auto db = mount_point / "golf.db";
    seen_holes seen;
    {
        server_process server(GOLF_SERVER_PATH, {.db = db, .log_level = "info", .extra = {"--seat-grace", "120"}});
        ASSERT_NE(server.port(), 0) << server.log();
        std::vector<std::unique_ptr<two_players>> tables;
        for (const char* preset : {"four-card", "six-card", "cambio"}) {
            tables.push_back(std::make_unique<two_players>(server.url(), preset, 200));
            for (auto& c : tables.back()->seats) c->set_observer([&seen](const v1::ServerMessage& m) { seen.note(m); });
        }
        // Plays `count` moves round the tables; returns how many were made (a finished match stops its table).
        const auto play = [&](int count) {
            int made = 0;
            for (int m = 0; m < count; ++m)
                for (auto& t : tables)
                    if (step(t->players(), t->rules, *t->bot, t->random, 3000ms)) ++made;
            return made;
        };
        ASSERT_GT(play(60), 0);
        const int holes_before = seen.count();
        EXPECT_GT(holes_before, 0);

        const auto filler = mount_point / "filler";
        const std::size_t filled = fill(filler);
        ASSERT_GT(filled, 0u);
        // The writer meets the full disk as soon as a record needs a new page; tables keep playing meanwhile.
        int moves_while_full = 0;
        const bool unhealthy = within(120s, [&] {
            moves_while_full += play(5);
            return http_request(server.port(), "/healthz").result() == http::status::service_unavailable;
        });
        ASSERT_TRUE(unhealthy) << "the database never noticed the full disk after " << moves_while_full
                               << " moves; log:\n"
                               << server.log();
        const auto health = http_request(server.port(), "/healthz");
        EXPECT_TRUE(contains(health.body(), "database writes are failing")) << health.body();
        EXPECT_TRUE(contains(health.body(), "full")) << health.body();
        EXPECT_TRUE(contains(server.log(), "database or disk is full")) << server.log();
        const int made = play(30);
        EXPECT_GT(made, 30) << "the tables stopped while the disk was full";
        EXPECT_EQ(http_request(server.port(), "/healthz").result(), http::status::service_unavailable);

        std::filesystem::remove(filler);
        EXPECT_TRUE(within(60s,
                           [&] {
                               play(1);
                               return http_request(server.port(), "/healthz").result() == http::status::ok;
                           }))
            << "writes never resumed; log:\n"
            << server.log();
        EXPECT_TRUE(contains(server.log(), "database writes succeed again")) << server.log();
        play(20);
        // Every hole any client saw finish, during the outage too, reaches the database.
        EXPECT_TRUE(within(30s, [&] {
            for (const auto& [code, holes] : seen.all())
                for (const auto& [number, text] : holes)
                    if (recorded_hole(db.string(), code, number) != text) return false;
            return true;
        }));
        const int checked = expect_every_seen_hole_recorded(db.string(), seen);
        EXPECT_GT(checked, holes_before) << "no hole finished during or after the outage";
        std::printf(
            "disk full after %zu filler bytes; %d moves until /healthz said so, %d more while full; %d holes "
            "checked\n",
            filled, moves_while_full, made, checked);
        tables.clear();
        EXPECT_EQ(server.stop(SIGTERM), 0) << server.log();
    }
    EXPECT_EQ(query_text(db.string(), "PRAGMA integrity_check"), "ok");
}

// ---- a seat dropping at every step of a turn ------------------------------------------------------------------

enum class drop_point { before_move, after_drawing, mid_power, after_move_before_update, during_claim_window };
constexpr drop_point every_drop_point[] = {drop_point::before_move, drop_point::after_drawing, drop_point::mid_power,
                                           drop_point::after_move_before_update, drop_point::during_claim_window};

const char* name_of(drop_point p) {
    switch (p) {
        case drop_point::before_move: return "before its move";
        case drop_point::after_drawing: return "after drawing";
        case drop_point::mid_power: return "mid-power";
        case drop_point::after_move_before_update: return "after its move, before the update";
        case drop_point::during_claim_window: return "during a claim window";
    }
    return "?";
}

bool has_kind(const v1::TableUpdate& u, v1::ActionKind kind) {
    return u.has_hand() && std::any_of(u.hand().legal().begin(), u.hand().legal().end(),
                                       [kind](const v1::Action& a) { return a.kind() == kind; });
}

const v1::Action* first_of(const v1::TableUpdate& u, v1::ActionKind kind) {
    for (const v1::Action& a : u.hand().legal())
        if (a.kind() == kind) return &a;
    return nullptr;
}

constexpr int players = 3;  // of the table whose seat drops
constexpr int dropper = 1;  // the seat that drops

TEST(Faults, ASeatDroppedAtEveryStepOfATurnResumesWithTheRightView) {
    golf::server::e2e::running_server server(120s);  // the seat is held all along: no bot stands in
    std::vector<std::vector<v1::ServerMessage>> received(players + 1);
    std::vector<std::unique_ptr<connection>> clients;
    const auto open = [&](std::size_t r) {
        auto c = std::make_unique<connection>();
        c->set_observer([&received, r](const v1::ServerMessage& m) { received[r].push_back(m); });
        c->connect(server.url(), "faults_test");
        return c;
    };
    for (std::size_t r = 0; r <= players; ++r) clients.push_back(open(r));
    golf::ruleset wanted = golf::find_preset("cactus")->rules;  // powers, claims and penalty cards
    ASSERT_FALSE(golf::set_option(wanted, "holes=3"));
    ASSERT_FALSE(golf::set_option(wanted, "target_score=0"));
    v1::CreateTable create;
    create.set_player_name("p0");
    create.set_preset("cactus");
    create.set_seats(players);
    *create.mutable_house_rules() = golf::wire::to_proto(wanted);
    create.set_claim_window_ms(30000);  // the longest allowed: the window outlasts the drop
    const v1::TableJoined created = clients[0]->create_table(create);
    for (int s = 1; s < players; ++s) clients[s]->join(created.code(), "p" + std::to_string(s));
    clients[players]->join(created.code(), "watcher", true);
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    clients[0]->wait_until(golf::server::e2e::everyone_seated);
    clients[0]->start_match();

    std::vector<leak::accepted_move> moves;
    const auto catch_up = [&](std::uint64_t version) {
        for (auto& c : clients)
            c->wait_until([version](const v1::TableUpdate& u) { return u.hand_version() >= version; });
    };
    // Drops the dropper's connection (no close handshake), reconnects, reclaims the seat with its token, and checks
    // the snapshot is the view the seat had (or, with `moved_from`, one newer than that version: its move).
    const auto drop_and_resume = [&](drop_point where, std::optional<std::uint64_t> moved_from) {
        SCOPED_TRACE(name_of(where));
        drain(*clients[dropper]);
        const v1::TableUpdate before = *clients[dropper]->latest();
        const std::string token = clients[dropper]->token();
        clients[dropper]->abort();
        clients[0]->wait_until([](const v1::TableUpdate& u) { return !u.seats(dropper).connected(); });
        clients[dropper] = open(dropper);
        EXPECT_EQ(clients[dropper]->reclaim(token).seat(), dropper);
        const v1::TableUpdate& now = clients[dropper]->wait_until([&](const v1::TableUpdate& u) {
            return u.has_hand() && u.seats(dropper).connected() && u.hand_version() >= before.hand_version();
        });
        if (moved_from) {
            EXPECT_GT(now.hand_version(), *moved_from) << "the move sent before the drop was lost";
        } else {
            EXPECT_EQ(now.hand_version(), before.hand_version());
            EXPECT_TRUE(MessageDifferencer::Equals(now.hand(), before.hand()))
                << "before:\n"
                << before.hand().DebugString() << "after:\n"
                << now.hand().DebugString();
            EXPECT_EQ(now.has_claim_window(), before.has_claim_window());
        }
        catch_up(now.hand_version());
    };

    std::set<drop_point> done;
    golf::random_source random(9);
    const auto bot = golf::make_bot("heuristic");
    for (int step_count = 0; step_count < 5000; ++step_count) {
        for (auto& c : clients) drain(*c);
        const v1::TableUpdate& table = *clients[0]->latest();
        if (table.state() == v1::TABLE_STATE_FINISHED) break;
        connection& d = *clients[dropper];
        const v1::TableUpdate& mine = *d.latest();

        // During a claim window: drop, come back, and claim from the new connection.
        if (!done.contains(drop_point::during_claim_window) && mine.has_claim_window() &&
            has_kind(mine, v1::ACTION_KIND_CLAIM) && mine.state() == v1::TABLE_STATE_PLAYING) {
            drop_and_resume(drop_point::during_claim_window, std::nullopt);
            done.insert(drop_point::during_claim_window);
            const v1::TableUpdate back = *clients[dropper]->latest();  // a copy: the claim's reply brings a newer one
            ASSERT_TRUE(back.has_claim_window()) << "the window closed while the seat was away";
            v1::ClientMessage claim;
            *claim.mutable_act()->mutable_action() = *first_of(back, v1::ACTION_KIND_CLAIM);
            const v1::ServerMessage reply = clients[dropper]->request(claim);
            if (!reply.has_error()) {
                moves.push_back({static_cast<int>(back.hand().hole()),
                                 {dropper, golf::wire::from_proto(claim.act().action()).value()}});
                catch_up(
                    clients[dropper]
                        ->wait_until([&](const v1::TableUpdate& u) { return u.hand_version() > back.hand_version(); })
                        .hand_version());
            }
            continue;
        }

        // Whose move: the dropper's turns are where the drops happen.
        connection* mover = nullptr;
        for (auto& c : std::vector<connection*>{clients[dropper].get(), clients[0].get(), clients[2].get()})
            if (golf::client::owes_move(*c->latest())) {
                mover = c;
                break;
            }
        if (!mover) {
            clients[0]->next(5ms);
            continue;
        }
        const v1::TableUpdate& u = *mover->latest();
        const int hole = static_cast<int>(u.hand().hole());
        const bool dropper_turn = mover->seat() == dropper && u.hand().phase() == v1::PHASE_TURN;
        golf::action chosen;
        if (dropper_turn && !done.contains(drop_point::before_move)) {
            drop_and_resume(drop_point::before_move, std::nullopt);
            done.insert(drop_point::before_move);
            continue;
        }
        const auto view = golf::wire::to_hand_view(u.hand());
        ASSERT_TRUE(view);
        chosen = bot->choose(rules, *view, random);
        if (chosen.kind == golf::action_kind::claim)
            for (const golf::action& a : view->legal)
                if (a.kind != golf::action_kind::claim) chosen = a;
        if (mover->seat() == dropper) {
            // The dropper draws from the stock (power cards work only from there) and uses every power it can.
            if (const v1::Action* draw = first_of(u, v1::ACTION_KIND_DRAW_STOCK);
                draw && u.hand().phase() == v1::PHASE_TURN)
                chosen = golf::wire::from_proto(*draw).value();
            if (const v1::Action* power = first_of(u, v1::ACTION_KIND_USE_POWER); power && u.hand().has_held())
                chosen = golf::wire::from_proto(*power).value();
            if (!done.contains(drop_point::after_move_before_update) && u.hand().phase() == v1::PHASE_TURN &&
                chosen.kind == golf::action_kind::draw_stock && done.contains(drop_point::after_drawing) &&
                done.contains(drop_point::mid_power)) {
                // The move goes out, its Ok comes back, and the connection dies before the update is read.
                v1::ClientMessage act;
                *act.mutable_act()->mutable_action() = golf::wire::to_proto(chosen);
                const std::uint64_t version = u.hand_version();
                act.mutable_act()->set_hand_version(version);
                const std::uint32_t id = mover->send(act);
                const auto reply = leak::detail::reply_to(*mover, id);
                ASSERT_TRUE(reply && !reply->has_error()) << (reply ? reply->DebugString() : "no reply");
                moves.push_back({hole, {dropper, chosen}});
                drop_and_resume(drop_point::after_move_before_update, version);
                done.insert(drop_point::after_move_before_update);
                continue;
            }
        }
        const v1::ServerMessage reply = mover->act(chosen);
        if (reply.has_error()) {
            ASSERT_EQ(reply.error().code(), v1::ERROR_CODE_STALE) << reply.DebugString();
            continue;
        }
        const int seat = mover->seat();
        moves.push_back({hole, {static_cast<std::uint8_t>(seat), chosen}});
        catch_up(mover->latest()->hand_version());
        if (seat != dropper) continue;
        const v1::TableUpdate& after = *clients[dropper]->latest();
        if (chosen.kind == golf::action_kind::draw_stock && !done.contains(drop_point::after_drawing)) {
            drop_and_resume(drop_point::after_drawing, std::nullopt);
            done.insert(drop_point::after_drawing);
        } else if (chosen.kind == golf::action_kind::use_power && after.hand().phase() == v1::PHASE_POWER &&
                   !done.contains(drop_point::mid_power)) {
            drop_and_resume(drop_point::mid_power, std::nullopt);
            done.insert(drop_point::mid_power);
        }
    }
    for (const drop_point p : every_drop_point) EXPECT_TRUE(done.contains(p)) << "never dropped " << name_of(p);
    for (auto& c : clients)
        c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; });
    for (auto& c : clients) drain(*c);

    // Every frame the seat received, on each of its connections, was its own view at some moment of the replay.
    leak::tally counts;
    leak::problems found;
    leak::check_match(rules, players, clients[0]->latest()->scorecard(), moves, received, "cactus with drops", counts,
                      found);
    EXPECT_TRUE(found.empty()) << found.text();
    // Every hole played (three, and any play-offs) was replayed and checked.
    EXPECT_TRUE(played_with_play_offs(clients[0]->latest()->scorecard(), 3));
    EXPECT_EQ(counts.hands, clients[0]->latest()->scorecard().holes_size());
}

// ---- restarts with clients connected --------------------------------------------------------------------------

class restart : public ::testing::TestWithParam<int> {};

TEST_P(restart, clients_connected_when_the_server_stops_reconnect_and_play_on) {
    const int signal_number = GetParam();
    golf::testing::temp_dir dir;
    const auto db = dir.path() / "golf.db";
    auto server =
        std::make_unique<server_process>(GOLF_SERVER_PATH, server_options{.db = db, .extra = {"--seat-grace", "120"}});
    ASSERT_NE(server->port(), 0) << server->log();
    const std::uint16_t port = server->port();
    two_players table(server->url(), "cactus", 3);
    const auto since_deal = table.play_into_hole(1, 5);
    table.catch_up();
    std::vector<v1::TableUpdate> before;
    for (auto& c : table.seats) before.push_back(*c->latest());
    // The hand in play reaches the disk within moments of each move (a kill -9 sooner may lose the last moves,
    // never a finished hole): wait for this one.
    const std::string expected = golf::encode_action_log(since_deal);
    EXPECT_TRUE(within(30s, [&] { return query_text(db.string(), "SELECT actions FROM hands_in_play") == expected; }))
        << query_text(db.string(), "SELECT actions FROM hands_in_play") << "\nexpected: " << expected;

    EXPECT_EQ(server->stop(signal_number), signal_number == SIGKILL ? 128 + SIGKILL : 0) << server->log();
    for (auto& c : table.seats) {  // every client learns its connection is gone
        EXPECT_TRUE(within(15s, [&] {
            try {
                drain(*c);
                return !c->is_open();
            } catch (const golf::client::error&) {
                return true;
            }
        }));
    }
    server = std::make_unique<server_process>(GOLF_SERVER_PATH,
                                              server_options{.db = db, .port = port, .extra = {"--seat-grace", "120"}});
    ASSERT_EQ(server->port(), port) << server->log();
    for (std::size_t s = 0; s < table.seats.size(); ++s) {
        auto back = std::make_unique<connection>();
        back->connect(server->url(), "faults_test");
        EXPECT_EQ(back->reclaim(table.tokens[s]).seat(), static_cast<int>(s));
        table.seats[s] = std::move(back);
    }
    for (std::size_t s = 0; s < table.seats.size(); ++s) {
        const auto& now = table.seats[s]->wait_until(
            [](const v1::TableUpdate& u) { return u.has_hand() && u.seats(0).connected() && u.seats(1).connected(); });
        EXPECT_TRUE(MessageDifferencer::Equals(now.hand(), before[s].hand()))
            << "seat " << s << " after the restart:\n"
            << now.hand().DebugString() << "\nbefore:\n"
            << before[s].hand().DebugString();
        EXPECT_TRUE(MessageDifferencer::Equals(now.scorecard(), before[s].scorecard()));
    }
    table.play_to_the_end();
    EXPECT_TRUE(played_with_play_offs(table.seats[0]->latest()->scorecard(), 3));
    EXPECT_EQ(server->stop(SIGTERM), 0) << server->log();
    EXPECT_EQ(query_text(db.string(), "PRAGMA integrity_check"), "ok");
    EXPECT_EQ(query_text(db.string(), "SELECT count(*) FROM matches WHERE ended_at IS NOT NULL"), "1");
}

INSTANTIATE_TEST_SUITE_P(signals, restart, ::testing::Values(SIGTERM, SIGKILL), [](const auto& param_info) {
    return std::string(param_info.param == SIGKILL ? "kill_9" : "sigterm");
});

}  // namespace
}  // namespace faults_tests
