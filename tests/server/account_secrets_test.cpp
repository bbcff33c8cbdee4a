// The account secrets on the wire: a password is never sent back to anyone, a session token only in the SignedIn
// that issued it and an API key only in the ApiKeyCreated that made it, both to their own connection; no frame to
// anyone else at the table, watching it, or watching the lobby carries any of them, through a hole of play, chat,
// a reconnect and the requests that change them. Every frame of every connection is checked, byte for byte.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/e2e_support.hpp"

namespace account_secrets_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::running_server;
namespace v1 = golf::v1;

// A connection whose every frame is kept, serialised as it arrived.
struct recorded {
    std::string who;
    std::vector<std::string> frames;  // before the link, which may still call the observer as it goes
    std::unique_ptr<connection> link = std::make_unique<connection>();

    recorded(std::string name, const std::string& url) : who(std::move(name)) {
        link->set_observer([this](const v1::ServerMessage& m) { frames.push_back(m.SerializeAsString()); });
        link->connect(url, "secrets test");
    }
    int frames_holding(const std::string& secret) const {
        int n = 0;
        for (const auto& f : frames) n += f.find(secret) != std::string::npos;
        return n;
    }
};

// Plays the match at the table to its end, each seat choosing its moves from its own view.
void play_to_the_end(const std::vector<recorded*>& seats, const golf::ruleset& rules) {
    std::vector<connection*> players;
    for (recorded* r : seats) players.push_back(r->link.get());
    auto bot = golf::make_bot("heuristic");
    golf::random_source random(7);
    for (int m = 0; m < 20000 && golf::server::e2e::step(players, rules, *bot, random); ++m) {}
}

TEST(AccountSecrets, NoPasswordTokenOrKeyReachesAnyFrameButTheOneThatIssuedItToItsOwner) {
    running_server server(1s);
    recorded ann("ann", server.url()), bob("bob", server.url()), watcher("watcher", server.url()),
        lobby("lobby", server.url());
    const std::string ann_password = "ann's quite long password", bob_password = "bob's other long password";
    const v1::ServerMessage ann_in = ann.link->request(register_as("Ann", ann_password));
    ASSERT_TRUE(ann_in.has_signed_in()) << describe(ann_in);
    const v1::ServerMessage bob_in = bob.link->request(register_as("Bobby", bob_password));
    ASSERT_TRUE(bob_in.has_signed_in()) << describe(bob_in);
    const v1::ServerMessage key = ann.link->request(create_api_key("my bot"));
    ASSERT_TRUE(key.has_api_key_created()) << describe(key);
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    lobby.link->request(watch);

    const v1::ServerMessage created = ann.link->request(create_table("", "four-card", 2, /*is_public=*/true, 1));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();
    bob.link->join(code, "");
    watcher.link->join(code, "", /*spectate=*/true);
    ann.link->start_match();
    v1::ClientMessage chat;
    chat.mutable_send_chat()->set_text("good luck");
    bob.link->request(chat);
    play_to_the_end({&ann, &bob}, golf::wire::to_ruleset(created.table_joined().rules()).value());
    // Bob comes back on a new connection with his token, and signs in with Ann's key elsewhere is Ann's only.
    recorded bob_again("bob again", server.url());
    ASSERT_TRUE(bob_again.link->request(sign_in_with_token(bob_in.signed_in().session_token())).has_signed_in());
    bob_again.link->reclaim(bob.link->token());
    ASSERT_FALSE(ann.link->request(change_password(ann_password, "ann's new long password")).has_error());
    // Everything sent so far is read (and recorded): each connection until it has been quiet for 300 ms, or closed
    // (Bob's first, whose seat his new connection took back).
    for (recorded* r : {&ann, &bob, &watcher, &lobby, &bob_again}) {
        try {
            for (int i = 0; i < 2000 && r->link->next(300ms); ++i) {}
        } catch (const golf::client::error&) {}
    }

    const std::map<std::string, std::string> owner_of = {
        {ann_in.signed_in().session_token(), "ann"},
        {bob_in.signed_in().session_token(), "bob"},
        {key.api_key_created().key(), "ann"},
    };
    for (const recorded* r : {&ann, &bob, &watcher, &lobby, &bob_again}) {
        ASSERT_GT(r->frames.size(), 3u) << r->who << " saw the play";
        for (const std::string& password : {ann_password, bob_password, std::string("ann's new long password")})
            EXPECT_EQ(r->frames_holding(password), 0) << "a password in a frame to " << r->who;
        for (const auto& [secret, owner] : owner_of)
            EXPECT_EQ(r->frames_holding(secret), r->who == owner ? 1 : 0)
                << r->who << ": a token or key seen " << r->frames_holding(secret) << " times (owner " << owner << ")";
    }
}

}  // namespace
}  // namespace account_secrets_tests
