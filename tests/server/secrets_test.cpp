// No frame carries a card its receiver may not know. Four seats and a spectator record every message they receive
// through a whole hand. Afterwards the test rebuilds the true hand on its own: the seed revealed on the scorecard
// must hash to the Fairness commitment sent before the first move, and golf::hand replayed with that seed and the
// moves the test made (in the order the server accepted them) must end with the scores the server reported. Then
// each recorded view must be exactly the engine's view for its receiver at some moment of the replay, in order, and
// every card in it must be face up there, the receiver's own peeked or placed card, or known to everyone (a card
// taken from the discard pile, or shown by a match); a spectator sees no face-down card's value before the hand is
// over. The power presets are included: peeks at other seats' cards, blind swaps, shuffles and matches.
#include <gtest/gtest.h>
#include <google/protobuf/util/message_differencer.h>
#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/hand.hpp"
#include "engine/presets.hpp"
#include "engine/random.hpp"
#include "engine/ruleset_options.hpp"
#include "proto/convert.hpp"
#include "tests/server/e2e_support.hpp"

namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::running_server;
using golf::server::e2e::step;
using google::protobuf::util::MessageDifferencer;
namespace v1 = golf::v1;

constexpr int players = 4;
constexpr int spectator = -1;

std::string sha256(const std::string& bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr);
    return std::string(reinterpret_cast<const char*>(digest), length);
}

std::uint64_t big_endian(const std::string& bytes) {
    std::uint64_t value = 0;
    for (const char b : bytes) value = (value << 8) | static_cast<unsigned char>(b);
    return value;
}

// Who may know each face-down card, worked out from the moves and the hand's public events (independently of the
// engine's known_by): a seat knows what it peeked, looked at, placed or looked at with a power; knowledge travels
// with a card when cards are swapped or given; a shuffle wipes it; a card shown to everyone (a match or claim tried
// it, or it came from the discard pile) is public until it moves unseen.
struct knowledge {
    std::vector<std::vector<golf::seat_set>> known;  // per seat, per position: seats that may know it
    std::vector<std::vector<bool>> public_card;      // per seat, per position: everyone may know it

    explicit knowledge(const golf::hand& start) {
        for (int s = 0; s < players; ++s) {
            known.emplace_back(start.seat(s).layout.size(), 0);
            public_card.emplace_back(start.seat(s).layout.size(), false);
        }
    }

    void forget(int s, int p) {
        known[s][p] = 0;
        public_card[s][p] = false;
    }

    // `before` and `after` surround `move`, whose public events are `events`.
    void record(const golf::hand& before, golf::logged_action move, const std::vector<golf::event>& events,
                const golf::hand& after) {
        auto& mine = known[move.seat];
        auto& open = public_card[move.seat];
        const golf::seat_set me = static_cast<golf::seat_set>(1u << move.seat);
        switch (move.act.kind) {
            case golf::action_kind::peek:
            case golf::action_kind::look: mine[move.act.slot] |= me; break;
            case golf::action_kind::place:  // the placer knows the card; everyone saw it if it was the discard
                mine[move.act.slot] = me;
                open[move.act.slot] = before.view_for(spectator).held_from_discard;
                break;
            case golf::action_kind::swap_own:
                std::swap(mine[move.act.slot], mine[move.act.other]);
                std::vector<bool>::swap(open[move.act.slot], open[move.act.other]);
                break;
            default: break;
        }
        for (const golf::event& e : events) {
            const int t = e.target;
            switch (e.kind) {
                case golf::event_kind::peeked_at: known[t][e.slot] |= static_cast<golf::seat_set>(1u << e.seat); break;
                case golf::event_kind::swapped:
                    std::swap(known[t][e.slot], known[e.other_target][e.other]);
                    std::vector<bool>::swap(public_card[t][e.slot], public_card[e.other_target][e.other]);
                    break;
                case golf::event_kind::shuffled:
                    for (std::size_t p = 0; p < known[t].size(); ++p)
                        if (!before.seat(t).layout[p].face_up) forget(t, static_cast<int>(p));
                    break;
                case golf::event_kind::shown: public_card[t][e.slot] = true; break;
                case golf::event_kind::thrown: forget(t, e.slot); break;
                case golf::event_kind::gave:  // the giver's card at slot moves, unseen, to target's other
                    known[t][e.other] = known[e.seat][e.slot];
                    public_card[t][e.other] = public_card[e.seat][e.slot];
                    forget(e.seat, e.slot);
                    break;
                case golf::event_kind::added:
                    known[t][e.slot] = e.seat >= 0 ? static_cast<golf::seat_set>(1u << e.seat) : 0;
                    public_card[t][e.slot] = e.card_shown.has_value();
                    break;
                case golf::event_kind::placed:
                    if (move.act.kind != golf::action_kind::place) {  // the held card placed by a matching turn
                        known[e.seat][e.slot] = static_cast<golf::seat_set>(1u << e.seat);
                        public_card[e.seat][e.slot] = e.card_shown.has_value();
                    }
                    break;
                default: break;
            }
        }
        for (int s = 0; s < players; ++s)
            for (std::size_t p = 0; p < known[s].size(); ++p)
                if (after.seat(s).layout[p].empty) forget(s, static_cast<int>(p));
    }
};

struct check_context {
    const golf::hand& truth;
    const knowledge& knows;
    int receiver;
    std::string where;
};

// Every card in `view` is true, and the receiver may know it at that moment.
void check_cards(const v1::HandView& view, const check_context& at) {
    const golf::hand& truth = at.truth;
    const bool over = truth.over();
    ASSERT_EQ(view.seats_size(), players) << at.where;
    for (int s = 0; s < players; ++s) {
        const auto& layout = truth.seat(s).layout;
        ASSERT_EQ(view.seats(s).positions_size(), static_cast<int>(layout.size())) << at.where;
        for (int p = 0; p < view.seats(s).positions_size(); ++p) {
            const v1::Position& shown = view.seats(s).positions(p);
            if (!shown.has_card()) continue;
            const golf::position& real = layout[static_cast<std::size_t>(p)];
            const std::string what = at.where + ", seat " + std::to_string(s) + " position " + std::to_string(p);
            EXPECT_FALSE(real.empty) << what << ": a card where there is none";
            EXPECT_EQ(golf::wire::from_proto(shown.card()), real.value) << what << ": a card that is not there";
            const bool own = at.receiver >= 0 && (at.knows.known[s][p] & (1u << static_cast<unsigned>(at.receiver))) != 0;
            const bool allowed = over || real.face_up || own || at.knows.public_card[s][p];
            EXPECT_TRUE(allowed) << what << ": receiver " << at.receiver << " was shown "
                                 << golf::to_string(real.value) << ", which it may not know";
        }
    }
    if (view.has_top_discard()) {
        ASSERT_FALSE(truth.discards().empty()) << at.where;
        EXPECT_EQ(golf::wire::from_proto(view.top_discard()), truth.discards().back()) << at.where;
    }
    if (view.has_held()) {
        ASSERT_TRUE(truth.held()) << at.where << ": a held card while nobody holds one";
        EXPECT_EQ(golf::wire::from_proto(view.held()), truth.held()) << at.where;
        EXPECT_TRUE(at.receiver == truth.current_seat() || truth.view_for(spectator).held_from_discard)
            << at.where << ": receiver " << at.receiver << " saw the card seat " << truth.current_seat()
            << " drew from the stock";
    }
    EXPECT_EQ(view.has_result(), over) << at.where;
}

struct secrets_case {
    const char* name;
    const char* preset;
    std::vector<std::string> house_rules;  // OPTION=VALUE
};

void PrintTo(const secrets_case& c, std::ostream* out) { *out << c.name; }

class secrets : public ::testing::TestWithParam<secrets_case> {};

TEST_P(secrets, no_frame_carries_a_card_its_receiver_may_not_know) {
    const secrets_case& param = GetParam();
    const golf::preset* base = golf::find_preset(param.preset);
    ASSERT_NE(base, nullptr);
    golf::ruleset wanted = base->rules;
    ASSERT_FALSE(golf::set_option(wanted, "holes=1"));
    ASSERT_FALSE(golf::set_option(wanted, "match_tie=shared"));  // one hand, even when it ends in a tie
    for (const std::string& rule : param.house_rules) ASSERT_FALSE(golf::set_option(wanted, rule)) << rule;

    running_server server;
    std::vector<std::unique_ptr<connection>> clients;  // seats 0..3, then the spectator
    std::vector<std::vector<v1::ServerMessage>> received(players + 1);
    for (std::size_t r = 0; r < received.size(); ++r) {
        clients.push_back(std::make_unique<connection>());
        clients.back()->set_observer([&received, r](const v1::ServerMessage& m) { received[r].push_back(m); });
        clients.back()->connect(server.url(), "secrets_test");
    }
    const v1::TableJoined created =
        clients[0]->create_table("p0", param.preset, players, golf::wire::to_proto(wanted));
    for (int s = 1; s < players; ++s) ASSERT_EQ(clients[s]->join(created.code(), "p" + std::to_string(s)).seat(), s);
    ASSERT_EQ(clients[players]->join(created.code(), "watcher", true).seat(), spectator);
    const golf::ruleset rules = golf::wire::to_ruleset(created.rules()).value();
    ASSERT_EQ(rules, wanted);
    clients[0]->wait_until([](const v1::TableUpdate& u) {
        return std::all_of(u.seats().begin(), u.seats().end(), [](const v1::SeatInfo& s) { return s.occupied(); });
    });
    clients[0]->start_match();

    std::vector<connection*> seats;
    for (int s = 0; s < players; ++s) seats.push_back(clients[s].get());
    const auto bot = golf::make_bot("random");  // random play reaches peeks, looks and swaps a careful bot skips
    golf::random_source random(std::hash<std::string>{}(param.name));
    std::vector<golf::logged_action> moves;
    while (const auto move = step(seats, rules, *bot, random)) {
        moves.push_back(*move);
        ASSERT_LT(moves.size(), 20000u) << "the hand does not end";
    }
    for (const auto& c : clients)
        c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; });

    // The revealed seed matches the commitment every receiver was sent before the first move.
    const v1::Scorecard& card = clients[0]->latest()->scorecard();
    ASSERT_EQ(card.holes_size(), 1);
    const std::string& seed_bytes = card.holes(0).seed();
    ASSERT_EQ(seed_bytes.size(), 8u);
    for (std::size_t r = 0; r < received.size(); ++r) {
        int commitments = 0, wrong = 0;
        for (const v1::ServerMessage& m : received[r]) {
            if (!m.has_table_update() || m.table_update().state() != v1::TABLE_STATE_PLAYING) continue;
            const v1::Fairness& fairness = m.table_update().fairness();
            ++commitments;
            if (fairness.hole() != 1 || fairness.commitment() != sha256(seed_bytes)) ++wrong;
        }
        EXPECT_GT(commitments, 0) << "receiver " << r << " never saw the commitment";
        EXPECT_EQ(wrong, 0) << "receiver " << r << ": " << wrong << " of " << commitments
                            << " updates carry a commitment that is not SHA-256 of hole 1's revealed seed";
    }

    // Replaying the seed with the accepted moves reproduces the hand the server scored.
    int dealer = -1;
    for (const v1::ServerMessage& m : received[players])
        if (m.has_table_update() && m.table_update().has_hand()) {
            dealer = m.table_update().hand().dealer();
            break;
        }
    ASSERT_GE(dealer, 0);
    const auto shared_rules = std::make_shared<const golf::ruleset>(rules);
    std::vector<golf::hand> states{golf::hand(shared_rules, players, dealer, big_endian(seed_bytes))};
    std::vector<knowledge> known{knowledge(states.back())};
    for (const golf::logged_action& move : moves) {
        golf::hand next = states.back();
        std::vector<golf::event> events;
        ASSERT_EQ(next.apply(move.seat, move.act, &events), golf::action_error::none)
            << "the replay refused seat " << int{move.seat} << "'s " << golf::to_string(move.act.kind);
        knowledge next_known = known.back();
        next_known.record(states.back(), move, events, next);
        states.push_back(std::move(next));
        known.push_back(std::move(next_known));
    }
    ASSERT_TRUE(states.back().over());
    EXPECT_EQ(std::vector<int>(card.holes(0).scores().begin(), card.holes(0).scores().end()),
              states.back().result().scores);

    // Every view each receiver got is its own engine view at some moment of the replay, in order.
    for (std::size_t r = 0; r < received.size(); ++r) {
        const int receiver = r < static_cast<std::size_t>(players) ? static_cast<int>(r) : spectator;
        std::size_t at = 0;
        int views = 0;
        for (std::size_t f = 0; f < received[r].size(); ++f) {
            const v1::ServerMessage& m = received[r][f];
            EXPECT_TRUE(m.has_table_update() || m.has_table_joined() || m.has_ok() || m.has_welcome() ||
                        m.has_error())
                << "an unexpected frame: " << m.ShortDebugString();
            if (!m.has_table_update() || !m.table_update().has_hand()) continue;
            const v1::HandView& shown = m.table_update().hand();
            ++views;
            const std::string where = "receiver " + std::to_string(receiver) + ", frame " + std::to_string(f);
            std::size_t k = at;
            while (k < states.size() &&
                   !MessageDifferencer::Equals(shown, golf::wire::to_proto(states[k].view_for(receiver), 1)))
                ++k;
            if (k == states.size()) {
                std::string diff;
                MessageDifferencer differ;
                differ.ReportDifferencesToString(&diff);
                differ.Compare(golf::wire::to_proto(states[at].view_for(receiver), 1), shown);
                ADD_FAILURE() << where << " is not the receiver's view at any later moment of the hand; against move "
                              << at << ":\n" << diff;
                break;
            }
            at = k;
            check_cards(shown, {states[k], known[k], receiver, where});
        }
        EXPECT_GT(views, 1) << "receiver " << receiver;
        EXPECT_EQ(at, states.size() - 1) << "receiver " << receiver << " never saw the end of the hand";
    }
}

INSTANTIATE_TEST_SUITE_P(
    presets, secrets,
    ::testing::Values(secrets_case{"four_card", "four-card", {}},
                      secrets_case{"four_card_jokers", "four-card-jokers", {}},
                      secrets_case{"six_card", "six-card", {}},
                      secrets_case{"six_card_oakes", "six-card-oakes", {}},
                      secrets_case{"eight_card", "eight-card", {}},
                      secrets_case{"peek_rearrange_and_look", "six-card",
                                   {"start=peek", "rearrange_after_start=true", "look_cost=1", "turn_limit=200"}},
                      // The power-card family: private peeks, blind swaps, shuffles, matches and penalty cards.
                      secrets_case{"cambio", "cambio", {}}, secrets_case{"pablo", "pablo", {}},
                      secrets_case{"cumbia", "cumbia", {}}, secrets_case{"cabo", "cabo", {}},
                      secrets_case{"cactus", "cactus", {}}, secrets_case{"dacz", "dacz", {}},
                      secrets_case{"powers", "powers", {}}),
    [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
