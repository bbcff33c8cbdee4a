// Accounts over real sockets (docs/operations.md: "Accounts and ratings"; server/accounts/accounts.hpp): Register and
// SignIn (password in any case of the name, session token, API key), SignOut (here, everywhere), ChangePassword, API
// keys, the names a guest may not sit down under (a registered one, or one confusable with it), the throttles on
// guessing (per name, per address) and on registering, GetProfile, a rated match between two accounts and its profile
// over the protocol and HTTP, and that no password, token or key ever reaches the server's log or its database in
// clear. The tests that touch the account store run on SQLite and on PostgreSQL (AccountsOn).
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "proto/convert.hpp"
#include "ratings/weng_lin.hpp"
#include "server/accounts/passwords.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/child_process.hpp"

namespace accounts_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::e2e::running_server;
using golf::server::testing::backend;
using golf::server::testing::eventually;
using golf::server::testing::http_request;
using google::protobuf::util::MessageDifferencer;
namespace v1 = golf::v1;
namespace http = boost::beast::http;

using AccountsOn = golf::server::testing::on_each_backend;

const std::string ann_password = "correct horse battery staple";
const std::string bob_password = "Tr0ub4dor&3-but-longer";
// "Аnn" with a Cyrillic capital A (U+0410): a reader cannot tell it from "Ann".
const std::string cyrillic_ann = "\xD0\x90nn";
// "Ａｎｎ" in fullwidth Latin letters: one script, and the same name to a reader.
const std::string fullwidth_ann = "\xEF\xBC\xA1\xEF\xBD\x8E\xEF\xBD\x8E";

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

// Registers `name` on `c` and returns what SignedIn said; fails the test when it was refused.
v1::SignedIn register_on(connection& c, const std::string& name, const std::string& password) {
    const v1::ServerMessage reply = c.request(register_as(name, password));
    EXPECT_TRUE(reply.has_signed_in()) << "registering " << name << ": " << describe(reply);
    return reply.signed_in();
}

// Whether `c` is signed in now: ListApiKeys needs an account and changes nothing.
bool signed_in_now(connection& c) { return !c.request(list_api_keys()).has_error(); }

v1::Profile profile_of(connection& c, const std::string& name) {
    const v1::ServerMessage reply = c.request(get_profile(name));
    EXPECT_TRUE(reply.has_profile()) << name << ": " << describe(reply);
    return reply.profile();
}

bool both_seated(const v1::TableUpdate& u) {
    return u.seats_size() == 2 && u.seats(0).occupied() && u.seats(1).occupied();
}

// ---- registering, and what a seat says about its player ---------------------------------------------------------

TEST_P(AccountsOn, RegisteringSignsTheConnectionInAndItsSeatIsMarkedRegisteredWhileAGuestsIsNot) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const std::int64_t before = unix_now();
    const v1::SignedIn in = register_on(*ann, "Ann", ann_password);
    EXPECT_EQ(in.account().name(), "Ann");
    EXPECT_GT(in.account().id(), 0);
    EXPECT_GE(in.account().created_unix(), before - 1);
    EXPECT_TRUE(in.session_token().starts_with("gs_")) << in.session_token();
    EXPECT_GE(in.session_token().size(), 40u) << "a session token carries 256 random bits";
    EXPECT_GE(in.expires_unix(), before + 29 * 24 * 3600);

    // Signed in, a table is sat at under the account's name: empty or that name; another is refused.
    EXPECT_EQ(error_of(ann->request(create_table("Annie"))), v1::ERROR_CODE_BAD_NAME);
    const v1::ServerMessage created = ann->request(create_table("", "six-card", 2, /*is_public=*/true));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();

    auto bob = connect_to(server.url());
    EXPECT_EQ(bob->join(code, "Bob").seat(), 1);
    for (connection* c : {ann.get(), bob.get()}) {
        const v1::TableUpdate& u = c->wait_until(both_seated);
        EXPECT_EQ(u.seats(0).name(), "Ann");
        EXPECT_TRUE(u.seats(0).registered()) << "the account's seat";
        EXPECT_EQ(u.seats(1).name(), "Bob");
        EXPECT_FALSE(u.seats(1).registered()) << "a guest's seat";
    }

    // Chat lines say who is an account's; the lobby says whether the host is.
    for (connection* speaker : {ann.get(), bob.get()}) {
        v1::ClientMessage chat;
        chat.mutable_send_chat()->set_text("hello from seat " + std::to_string(speaker->seat()));
        EXPECT_FALSE(speaker->request(chat).has_error());
        const auto line = next_where(
            *ann,
            [&](const v1::ServerMessage& m) { return m.has_chat() && m.chat().text() == chat.send_chat().text(); },
            5000ms);
        ASSERT_TRUE(line) << "the chat line never came";
        EXPECT_EQ(line->chat().registered(), speaker == ann.get()) << line->chat().ShortDebugString();
    }
    auto watcher = connect_to(server.url());
    v1::ClientMessage watch;
    watch.mutable_watch_lobby()->set_watch(true);
    std::optional<v1::LobbyUpdate> lobby = watcher->request(watch).lobby();
    const auto listed = [&](const v1::LobbyUpdate& l) {
        return std::any_of(l.tables().begin(), l.tables().end(), [&](const auto& t) { return t.code() == code; });
    };
    if (!listed(*lobby)) {
        const auto pushed = next_where(
            *watcher, [&](const v1::ServerMessage& m) { return m.has_lobby() && listed(m.lobby()); }, 5000ms);
        ASSERT_TRUE(pushed) << "the public table never reached the lobby";
        lobby = pushed->lobby();
    }
    for (const auto& t : lobby->tables())
        if (t.code() == code) {
            EXPECT_EQ(t.host_name(), "Ann");
            EXPECT_TRUE(t.host_registered());
        }
}

TEST_P(AccountsOn, AGuestCannotSitDownUnderARegisteredNameNorOneConfusableWithIt) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    register_on(*ann, "Ann", ann_password);
    const std::vector<std::string> taken = {"Ann",  "ANN",  "ann",  cyrillic_ann, fullwidth_ann,
                                            "A.nn", "A_nn", "Ann ", "a-n-n"};

    auto guest = connect_to(server.url());
    for (const std::string& name : taken) {
        const v1::ServerMessage reply = guest->request(create_table(name));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_NAME_TAKEN) << "creating as '" << name << "': " << describe(reply);
    }
    EXPECT_EQ(tables_open(server.port()), 0) << "a refused CreateTable made a table";

    // At the account's own table: neither to sit nor to watch under such a name.
    const v1::ServerMessage created = ann->request(create_table(""));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();
    for (const std::string& name : taken) {
        EXPECT_EQ(error_of(guest->request(join_table(code, name))), v1::ERROR_CODE_NAME_TAKEN) << name;
        EXPECT_EQ(error_of(guest->request(join_table(code, name, /*spectate=*/true))), v1::ERROR_CODE_NAME_TAKEN)
            << "watching as " << name;
    }
    EXPECT_EQ(tables_open(server.port()), 1);
    // Nothing changed: the guest is at no table, and the first free seat is still seat 1. A name that only looks a
    // little like the account's is a guest's to use.
    EXPECT_EQ(guest->join(code, "Anna").seat(), 1);
    const v1::TableUpdate& u = ann->wait_until(both_seated);
    EXPECT_EQ(u.seats(1).name(), "Anna");
    EXPECT_FALSE(u.seats(1).registered());
    EXPECT_EQ(u.spectators(), 0u);
}

TEST_P(AccountsOn, RegisterRefusesABadNameABadPasswordOrATakenNameAndMakesNoAccount) {
    running_server server(1s, db());
    auto c = connect_to(server.url());
    const std::vector<std::string> bad_names = {
        "",                    // empty
        "Al",                  // too short: 3 to 24 characters
        std::string(25, 'x'),  // too long
        "P\xD0\xB0ul",         // Latin with a Cyrillic a: mixed scripts
        "Ann!",                // punctuation
        "Ann@home",
        "<b>Ann</b>",
        ".Ann",                // starts with a separator
        "Ann.",                // ends with one
        "A..nn",               // two in a row
        "Ann\xE2\x80\x8BLee",  // a zero-width space
    };
    for (const std::string& name : bad_names) {
        const v1::ServerMessage reply = c->request(register_as(name, ann_password));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_BAD_NAME) << "'" << name << "': " << describe(reply);
        EXPECT_FALSE(reply.error().message().empty());
        if (!name.empty()) {
            EXPECT_EQ(error_of(c->request(get_profile(name))), v1::ERROR_CODE_NO_SUCH_PLAYER) << name;
        }
    }
    // Passwords: 8 to 128 bytes.
    for (const std::string& password : {std::string("1234567"), std::string(129, 'p'), std::string()}) {
        const v1::ServerMessage reply = c->request(register_as("Carol", password));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_BAD_PASSWORD) << password.size() << " bytes: " << describe(reply);
    }
    EXPECT_EQ(error_of(c->request(get_profile("Carol"))), v1::ERROR_CODE_NO_SUCH_PLAYER);
    EXPECT_FALSE(signed_in_now(*c)) << "a refused Register signed the connection in";

    // The bounds themselves are accepted, and any script is (one at a time).
    auto ann = connect_to(server.url());
    const v1::SignedIn first = register_on(*ann, "Ann", "12345678");
    register_on(*connect_to(server.url()), "Ben", std::string(128, 'p'));
    register_on(*connect_to(server.url()), "\xD0\x90\xD0\xBD\xD0\xBD\xD0\xB0", ann_password);  // "Анна"

    // Taken: the same name, or one a reader could mistake for it; the first account is untouched.
    for (const std::string& name : {std::string("Ann"), std::string("aNN"), fullwidth_ann, std::string("A.nn")}) {
        const v1::ServerMessage reply = c->request(register_as(name, bob_password));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_NAME_TAKEN) << "'" << name << "': " << describe(reply);
    }
    // A look-alike that mixes scripts is refused for that first.
    EXPECT_EQ(error_of(c->request(register_as(cyrillic_ann, bob_password))), v1::ERROR_CODE_BAD_NAME);
    EXPECT_FALSE(signed_in_now(*c));
    const v1::Profile ann_profile = profile_of(*c, "ann");
    EXPECT_EQ(ann_profile.account().id(), first.account().id());
    EXPECT_EQ(ann_profile.account().name(), "Ann");
    EXPECT_EQ(error_of(c->request(sign_in("Ann", bob_password))), v1::ERROR_CODE_BAD_CREDENTIALS)
        << "a refused Register changed the password";
    EXPECT_TRUE(c->request(sign_in("Ann", "12345678")).has_signed_in());
}

// ---- signing in and out -------------------------------------------------------------------------------------------

TEST_P(AccountsOn, SignInWorksWithThePasswordInAnyCaseOfTheNameAndWithTheSessionTokenOnANewConnection) {
    running_server server(1s, db());
    const v1::SignedIn registered = register_on(*connect_to(server.url()), "Ann", ann_password);

    for (const char* spelling : {"Ann", "ann", "ANN"}) {
        auto c = connect_to(server.url());
        const v1::ServerMessage reply = c->request(sign_in(spelling, ann_password));
        ASSERT_TRUE(reply.has_signed_in()) << spelling << ": " << describe(reply);
        EXPECT_EQ(reply.signed_in().account().id(), registered.account().id());
        EXPECT_EQ(reply.signed_in().account().name(), "Ann") << "the account's name, as registered";
        EXPECT_TRUE(reply.signed_in().session_token().starts_with("gs_"));
        EXPECT_NE(reply.signed_in().session_token(), registered.session_token())
            << "every sign-in has a token of its own";
    }

    // The token from Register signs a new connection in (and no new token is given), which then sits as Ann.
    auto again = connect_to(server.url());
    const v1::ServerMessage by_token = again->request(sign_in_with_token(registered.session_token()));
    ASSERT_TRUE(by_token.has_signed_in()) << describe(by_token);
    EXPECT_EQ(by_token.signed_in().account().id(), registered.account().id());
    EXPECT_EQ(by_token.signed_in().session_token(), "");
    EXPECT_GE(by_token.signed_in().expires_unix(), unix_now() + 29 * 24 * 3600);
    const v1::ServerMessage created = again->request(create_table(""));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const v1::TableUpdate& u = again->wait_until([](const v1::TableUpdate& t) { return t.seats(0).occupied(); });
    EXPECT_EQ(u.seats(0).name(), "Ann");
    EXPECT_TRUE(u.seats(0).registered());

    // Wrong credentials: one code and one sentence, whether the name exists or not.
    auto stranger = connect_to(server.url());
    const v1::ServerMessage wrong = stranger->request(sign_in("Ann", bob_password));
    const v1::ServerMessage unknown = stranger->request(sign_in("Nobody", bob_password));
    EXPECT_EQ(error_of(wrong), v1::ERROR_CODE_BAD_CREDENTIALS) << describe(wrong);
    EXPECT_EQ(error_of(unknown), v1::ERROR_CODE_BAD_CREDENTIALS) << describe(unknown);
    EXPECT_EQ(wrong.error().message(), unknown.error().message()) << "a refusal that tells which names exist";
    EXPECT_EQ(error_of(stranger->request(sign_in("Ann", std::string(129, 'x')))), v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_EQ(error_of(stranger->request(sign_in_with_token("gs_" + std::string(43, 'A')))),
              v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_EQ(error_of(stranger->request(sign_in_with_token(std::string(4096, 'A')))), v1::ERROR_CODE_BAD_CREDENTIALS);
    // Exactly one credential.
    v1::ClientMessage two = sign_in("Ann", ann_password);
    two.mutable_sign_in()->set_session_token(registered.session_token());
    EXPECT_EQ(error_of(stranger->request(two)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(stranger->request(sign_in("Ann", ""))), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_FALSE(signed_in_now(*stranger));
    EXPECT_TRUE(stranger->is_open());
}

TEST_P(AccountsOn, SignOutEndsItsOwnTokenAndSignOutEverywhereEndsEveryToken) {
    running_server server(1s, db());
    auto first = connect_to(server.url());
    const std::string t0 = register_on(*first, "Ann", ann_password).session_token();
    auto second = connect_to(server.url());
    const std::string t1 = second->request(sign_in("Ann", ann_password)).signed_in().session_token();
    auto third = connect_to(server.url());
    const std::string t2 = third->request(sign_in("Ann", ann_password)).signed_in().session_token();
    ASSERT_FALSE(t1.empty());
    ASSERT_FALSE(t2.empty());

    EXPECT_FALSE(first->request(sign_out()).has_error());
    EXPECT_FALSE(signed_in_now(*first)) << "signed out, the connection is a guest";
    EXPECT_EQ(error_of(first->request(create_table("Ann"))), v1::ERROR_CODE_NAME_TAKEN) << "and a guest may not be Ann";
    EXPECT_TRUE(first->request(sign_out()).has_ok()) << "signing out again is answered Ok, as messages.proto says";
    EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_token(t0))), v1::ERROR_CODE_BAD_CREDENTIALS)
        << "the signed-out token still works";
    EXPECT_TRUE(connect_to(server.url())->request(sign_in_with_token(t1)).has_signed_in())
        << "signing out here ended another session's token";

    EXPECT_FALSE(second->request(sign_out(/*everywhere=*/true)).has_error());
    for (const std::string& token : {t1, t2})
        EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_token(token))),
                  v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_TRUE(connect_to(server.url())->request(sign_in("Ann", ann_password)).has_signed_in())
        << "the password still signs in";
}

TEST_P(AccountsOn, ChangePasswordNeedsTheOldOneAndEndsTheOtherSessionsButNotThisOne) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const std::string own_token = register_on(*ann, "Ann", ann_password).session_token();
    const std::string other_token =
        connect_to(server.url())->request(sign_in("Ann", ann_password)).signed_in().session_token();
    const std::string new_password = "a new and longer password";

    EXPECT_EQ(error_of(connect_to(server.url())->request(change_password(ann_password, new_password))),
              v1::ERROR_CODE_NOT_SIGNED_IN);
    EXPECT_EQ(error_of(ann->request(change_password(bob_password, new_password))), v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_EQ(error_of(ann->request(change_password(ann_password, "short"))), v1::ERROR_CODE_BAD_PASSWORD);
    EXPECT_EQ(error_of(ann->request(change_password(ann_password, std::string(129, 'n')))),
              v1::ERROR_CODE_BAD_PASSWORD);
    // None of those changed anything: the other session lives and the old password still works.
    EXPECT_TRUE(connect_to(server.url())->request(sign_in("Ann", ann_password)).has_signed_in());

    const v1::ServerMessage changed = ann->request(change_password(ann_password, new_password));
    ASSERT_TRUE(changed.has_ok()) << describe(changed);
    EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in("Ann", ann_password))),
              v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_TRUE(connect_to(server.url())->request(sign_in("Ann", new_password)).has_signed_in());
    EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_token(other_token))),
              v1::ERROR_CODE_BAD_CREDENTIALS)
        << "another session outlived the change";
    // This connection stays signed in, its token too, and it still sits down as Ann.
    EXPECT_TRUE(signed_in_now(*ann));
    EXPECT_TRUE(connect_to(server.url())->request(sign_in_with_token(own_token)).has_signed_in());
    const v1::ServerMessage created = ann->request(create_table(""));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    EXPECT_TRUE(ann->wait_until([](const v1::TableUpdate& u) { return u.seats(0).occupied(); }).seats(0).registered());
}

// Regressions: a session ended elsewhere ended only its token. A connection already signed in with it went on as the
// account, and could still mint an API key, which outlives every sign-out and password change
// (server/accounts/accounts.cpp: change_password and sign_out remove the stored sessions; create_api_key and the others
// trust the connection's identity without asking whether its session still exists).
TEST_P(AccountsOn, AnotherConnectionKeptTheAccountAfterThePasswordChanged) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    register_on(*ann, "Ann", ann_password);
    auto thief = connect_to(server.url());
    ASSERT_TRUE(thief->request(sign_in("Ann", ann_password)).has_signed_in());
    ASSERT_TRUE(ann->request(change_password(ann_password, "a new and longer password")).has_ok());

    const v1::ServerMessage minted = thief->request(create_api_key("kept"));
    EXPECT_EQ(error_of(minted), v1::ERROR_CODE_NOT_SIGNED_IN)
        << "a connection whose session the password change ended still acts for the account: " << describe(minted);
    EXPECT_FALSE(signed_in_now(*thief));
}

TEST_P(AccountsOn, AnotherConnectionKeptTheAccountAfterSignOutEverywhere) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    register_on(*ann, "Ann", ann_password);
    auto thief = connect_to(server.url());
    ASSERT_TRUE(thief->request(sign_in("Ann", ann_password)).has_signed_in());
    ASSERT_TRUE(ann->request(sign_out(/*everywhere=*/true)).has_ok());

    const v1::ServerMessage minted = thief->request(create_api_key("kept"));
    EXPECT_EQ(error_of(minted), v1::ERROR_CODE_NOT_SIGNED_IN)
        << "a connection whose session SignOut everywhere ended still acts for the account: " << describe(minted);
    EXPECT_FALSE(signed_in_now(*thief));
}

// ---- API keys -------------------------------------------------------------------------------------------------------

TEST_P(AccountsOn, AnApiKeyIsShownOnceSignsInElsewhereCannotManageTheAccountAndStopsWhenRevoked) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const v1::SignedIn account = register_on(*ann, "Ann", ann_password);
    EXPECT_EQ(error_of(connect_to(server.url())->request(create_api_key("bot"))), v1::ERROR_CODE_NOT_SIGNED_IN);
    EXPECT_EQ(error_of(ann->request(create_api_key(""))), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(ann->request(create_api_key(std::string(41, 'l')))), v1::ERROR_CODE_BAD_REQUEST);

    const std::int64_t before = unix_now();
    const v1::ServerMessage made = ann->request(create_api_key("my bot"));
    ASSERT_TRUE(made.has_api_key_created()) << describe(made);
    const std::string key = made.api_key_created().key();
    const v1::ApiKeyInfo info = made.api_key_created().info();
    EXPECT_TRUE(key.starts_with("gk_")) << key;
    EXPECT_GE(key.size(), 40u) << "a key carries 256 random bits";
    EXPECT_EQ(info.prefix(), key.substr(0, info.prefix().size()));
    EXPECT_LT(info.prefix().size(), key.size() / 2) << "the prefix must not give the key away";
    EXPECT_EQ(info.label(), "my bot");
    EXPECT_GT(info.id(), 0);
    EXPECT_GE(info.created_unix(), before - 1);
    EXPECT_EQ(info.last_used_unix(), 0);

    // The list names the key but never holds it.
    const v1::ServerMessage listed = ann->request(list_api_keys());
    ASSERT_TRUE(listed.has_api_keys()) << describe(listed);
    ASSERT_EQ(listed.api_keys().keys_size(), 1);
    EXPECT_EQ(listed.api_keys().keys(0).id(), info.id());
    EXPECT_EQ(listed.api_keys().keys(0).label(), "my bot");
    EXPECT_EQ(listed.api_keys().keys(0).prefix(), info.prefix());
    const std::string bytes = listed.SerializeAsString();
    EXPECT_EQ(bytes.find(key), std::string::npos) << "the key is in the list";
    EXPECT_EQ(bytes.find(key.substr(info.prefix().size())), std::string::npos)
        << "the key's secret part is in the list";

    // Another connection signs in with the key: it plays as Ann, but cannot manage the account.
    auto bot = connect_to(server.url());
    const v1::ServerMessage by_key = bot->request(sign_in_with_key(key));
    ASSERT_TRUE(by_key.has_signed_in()) << describe(by_key);
    EXPECT_EQ(by_key.signed_in().account().id(), account.account().id());
    EXPECT_EQ(by_key.signed_in().session_token(), "") << "an API key is not traded for a session token";
    EXPECT_EQ(error_of(bot->request(create_api_key("another"))), v1::ERROR_CODE_NOT_SIGNED_IN);
    EXPECT_EQ(error_of(bot->request(change_password(ann_password, "the bot's own password"))),
              v1::ERROR_CODE_NOT_SIGNED_IN);
    EXPECT_EQ(error_of(bot->request(revoke_api_key(info.id()))), v1::ERROR_CODE_NOT_SIGNED_IN);
    EXPECT_TRUE(connect_to(server.url())->request(sign_in("Ann", ann_password)).has_signed_in())
        << "the password is unchanged";
    const v1::ServerMessage created = bot->request(create_table(""));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const v1::TableUpdate& u = bot->wait_until([](const v1::TableUpdate& t) { return t.seats(0).occupied(); });
    EXPECT_EQ(u.seats(0).name(), "Ann");
    EXPECT_TRUE(u.seats(0).registered());
    const v1::ServerMessage used = ann->request(list_api_keys());
    ASSERT_EQ(used.api_keys().keys_size(), 1);
    EXPECT_GE(used.api_keys().keys(0).last_used_unix(), before - 1) << "the sign-in is not noted as the key's use";

    // Revoked, the key signs nobody in; a second revoke, or another's key id, is refused.
    EXPECT_TRUE(ann->request(revoke_api_key(info.id())).has_ok());
    EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_key(key))), v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_EQ(error_of(ann->request(revoke_api_key(info.id()))), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(ann->request(list_api_keys()).api_keys().keys_size(), 0);
    EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_key("gk_" + std::string(43, 'A')))),
              v1::ERROR_CODE_BAD_CREDENTIALS);
}

// ---- throttles ------------------------------------------------------------------------------------------------------

TEST(Accounts, FiveWrongPasswordsMakeTheNameWaitEvenWithTheRightPasswordUntilTheWaitHasPassed) {
    running_server server;
    register_on(*connect_to(server.url()), "Ann", ann_password);
    auto guesser = connect_to(server.url());
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(error_of(guesser->request(sign_in("Ann", "wrong guess " + std::to_string(i)))),
                  v1::ERROR_CODE_BAD_CREDENTIALS)
            << "guess " << i << " of the five free ones";

    const v1::ServerMessage limited = guesser->request(sign_in("Ann", "wrong guess 5"));
    ASSERT_EQ(error_of(limited), v1::ERROR_CODE_RATE_LIMITED) << describe(limited);
    EXPECT_GT(limited.error().retry_after_ms(), 0u);
    EXPECT_LE(limited.error().retry_after_ms(), 1000u) << "the first wait is a second";
    // The right password waits too, under any spelling of the name and from any connection.
    std::uint32_t wait_ms = 0;
    for (const char* spelling : {"Ann", "ANN", "ann"}) {
        auto c = connect_to(server.url());
        const v1::ServerMessage reply = c->request(sign_in(spelling, ann_password));
        EXPECT_EQ(error_of(reply), v1::ERROR_CODE_RATE_LIMITED) << spelling << ": " << describe(reply);
        EXPECT_GT(reply.error().retry_after_ms(), 0u);
        wait_ms = std::max(wait_ms, reply.error().retry_after_ms());
        EXPECT_FALSE(signed_in_now(*c));
    }
    // Other names are not held up by this one's count.
    EXPECT_EQ(error_of(guesser->request(sign_in("Bob", "no such account"))), v1::ERROR_CODE_BAD_CREDENTIALS);

    ASSERT_LE(wait_ms, 1000u);
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms) + 100ms);
    const v1::ServerMessage in = guesser->request(sign_in("Ann", ann_password));
    EXPECT_TRUE(in.has_signed_in()) << "after the wait: " << describe(in);
}

TEST(Accounts, TwentyFailedSignInsFromOneAddressMakeEveryNameAndTokenWait) {
    running_server server;
    register_on(*connect_to(server.url()), "Ann", ann_password);
    auto guesser = connect_to(server.url());
    // Twenty names, one guess each: no name reaches its own limit, the address reaches its.
    for (int i = 0; i < 20; ++i)
        ASSERT_EQ(error_of(guesser->request(sign_in("Stranger" + std::to_string(i), "wrong guess"))),
                  v1::ERROR_CODE_BAD_CREDENTIALS)
            << "guess " << i;
    auto ann = connect_to(server.url());
    const v1::ServerMessage right = ann->request(sign_in("Ann", ann_password));
    EXPECT_EQ(error_of(right), v1::ERROR_CODE_RATE_LIMITED) << describe(right);
    EXPECT_GT(right.error().retry_after_ms(), 0u);
    const v1::ServerMessage token = ann->request(sign_in_with_token("gs_" + std::string(43, 'A')));
    EXPECT_EQ(error_of(token), v1::ERROR_CODE_RATE_LIMITED) << describe(token);
    EXPECT_GT(token.error().retry_after_ms(), 0u);
}

TEST(Accounts, FiveRegistrationsFromOneAddressAreFreeAndTheSixthWaitsAMinute) {
    running_server server;
    for (const char* name : {"Alpha", "Bravo", "Charlie", "Delta", "Echo"})
        register_on(*connect_to(server.url()), name, ann_password);
    auto c = connect_to(server.url());
    const v1::ServerMessage sixth = c->request(register_as("Foxtrot", ann_password));
    ASSERT_EQ(error_of(sixth), v1::ERROR_CODE_RATE_LIMITED) << describe(sixth);
    EXPECT_GT(sixth.error().retry_after_ms(), 55000u);
    EXPECT_LE(sixth.error().retry_after_ms(), 60000u);
    EXPECT_EQ(error_of(c->request(get_profile("Foxtrot"))), v1::ERROR_CODE_NO_SUCH_PLAYER) << "an account was made";
    EXPECT_FALSE(signed_in_now(*c));
}

// ---- profiles and ratings ---------------------------------------------------------------------------------------------

TEST_P(AccountsOn, AProfileOrRatedLeaderboardThatCannotBeAnsweredIsRefused) {
    running_server server(1s, db());
    auto c = connect_to(server.url());
    EXPECT_EQ(error_of(c->request(get_profile("Nobody"))), v1::ERROR_CODE_NO_SUCH_PLAYER);
    EXPECT_EQ(error_of(c->request(get_profile(""))), v1::ERROR_CODE_NO_SUCH_PLAYER);
    EXPECT_EQ(error_of(c->request(get_profile(std::string(300, 'a')))), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(http_request(server.port(), "/api/profiles/Nobody").result(), http::status::not_found);
    EXPECT_EQ(http_request(server.port(), "/api/profiles/%zz").result(), http::status::bad_request);

    // A new account has a profile without ratings.
    const v1::SignedIn ann = register_on(*c, "Ann", ann_password);
    const v1::Profile profile = profile_of(*connect_to(server.url()), "ANN");
    EXPECT_EQ(profile.account().id(), ann.account().id());
    EXPECT_EQ(profile.account().name(), "Ann");
    EXPECT_EQ(profile.ratings_size(), 0);
    EXPECT_EQ(profile.history_size(), 0);

    // Ratings are per preset: by_rating needs one.
    v1::ClientMessage board;
    board.mutable_get_leaderboard()->set_by_rating(true);
    EXPECT_EQ(error_of(c->request(board)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(http_request(server.port(), "/api/leaderboard?by=rating").result(), http::status::bad_request);
    EXPECT_EQ(http_request(server.port(), "/api/leaderboard?rules=six-card&by=luck").result(),
              http::status::bad_request);
}

// Plays the match at `players`' table to its end, each seat choosing its moves from its own view.
void play_to_the_end(const std::vector<connection*>& players, const golf::ruleset& rules) {
    auto bot = golf::make_bot("heuristic");
    golf::random_source random(7);
    for (int m = 0; m < 20000 && golf::server::e2e::step(players, rules, *bot, random); ++m) {}
    for (connection* c : players)
        c->wait_until([](const v1::TableUpdate& u) { return u.state() == v1::TABLE_STATE_FINISHED; });
}

// Two connections at a new two-seat table of four-card, `host` first: `guest_name` empty when the second is signed
// in. Only the preset's own rules are rated: one-hole matches are for the tests that need none. Returns the rules.
golf::ruleset sit_down_and_start(connection& host, connection& other, const std::string& other_name,
                                 const v1::Ruleset& house_rules = {}) {
    v1::ClientMessage create = create_table("", "four-card", 2, false);
    *create.mutable_create_table()->mutable_house_rules() = house_rules;
    const v1::ServerMessage created = host.request(create);
    EXPECT_TRUE(created.has_table_joined()) << describe(created);
    const bool own_rules = house_rules.ByteSizeLong() == 0;
    EXPECT_EQ(created.table_joined().rated(), own_rules) << "TableJoined says whether the match will be rated";
    const v1::TableJoined joined = other.join(created.table_joined().code(), other_name);
    EXPECT_EQ(joined.seat(), 1);
    EXPECT_EQ(joined.rated(), own_rules);
    for (connection* c : {&host, &other}) c->wait_until(both_seated);
    host.start_match();
    return golf::wire::to_ruleset(created.table_joined().rules()).value();
}

// The one finished match `player` played, once the server has recorded its end.
v1::MatchSummary finished_match(connection& c, const std::string& player) {
    v1::MatchSummary found;
    v1::ClientMessage list;
    list.mutable_list_matches()->set_player(player);
    EXPECT_TRUE(eventually([&] {
        const v1::ServerMessage reply = c.request(list);
        if (!reply.has_match_list() || reply.match_list().matches_size() != 1) return false;
        found = reply.match_list().matches(0);
        return found.ended_unix() > 0;
    })) << "the match was not recorded as finished";
    return found;
}

TEST_P(AccountsOn, TwoAccountsPlayARatedMatchAndTheirProfilesShowItOverTheProtocolAndHttp) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    auto bob = connect_to(server.url());
    const std::int64_t ann_id = register_on(*ann, "Ann", ann_password).account().id();
    const std::int64_t bob_id = register_on(*bob, "Bob", bob_password).account().id();
    const golf::ruleset rules = sit_down_and_start(*ann, *bob, "");
    play_to_the_end({ann.get(), bob.get()}, rules);
    const v1::Scorecard card = ann->latest()->scorecard();
    ASSERT_TRUE(card.match_over());
    ASSERT_EQ(card.totals_size(), 2);

    const v1::MatchSummary match = finished_match(*ann, "Ann");
    ASSERT_EQ(match.seats_size(), 2);
    EXPECT_TRUE(match.seats(0).registered());
    EXPECT_TRUE(match.seats(1).registered());

    // Each account's new rating is Weng-Lin's for that result, from the starting rating.
    const std::vector<golf::ratings::rating> start(2, golf::ratings::model{}.initial());
    const std::vector<int> places = {1 + (card.totals(1) < card.totals(0)), 1 + (card.totals(0) < card.totals(1))};
    const auto expected = golf::ratings::rate(start, places);
    const std::vector<std::pair<std::string, std::int64_t>> people = {{"Ann", ann_id}, {"Bob", bob_id}};
    for (std::size_t s = 0; s < 2; ++s) {
        const v1::Profile p = profile_of(*ann, people[s].first);
        SCOPED_TRACE(people[s].first + ": " + p.ShortDebugString());
        EXPECT_EQ(p.account().id(), people[s].second);
        ASSERT_EQ(p.ratings_size(), 1);
        const v1::Rating& r = p.ratings(0);
        EXPECT_EQ(r.preset(), "four-card");
        EXPECT_EQ(r.matches(), 1u);
        EXPECT_NEAR(r.mu(), expected[s].mu, 1e-9);
        EXPECT_NEAR(r.sigma(), expected[s].sigma, 1e-9);
        EXPECT_LT(r.sigma(), 25.0 / 3.0) << "one match made the rating surer";
        EXPECT_NEAR(r.conservative(), r.mu() - 3 * r.sigma(), 1e-9);
        ASSERT_EQ(p.history_size(), 1);
        EXPECT_EQ(p.history(0).preset(), "four-card");
        ASSERT_EQ(p.history(0).points_size(), 1);
        const v1::RatingPoint& point = p.history(0).points(0);
        EXPECT_EQ(point.match_id(), match.match_id());
        EXPECT_EQ(point.unix(), match.ended_unix());
        EXPECT_DOUBLE_EQ(point.mu(), r.mu());
        EXPECT_DOUBLE_EQ(point.sigma(), r.sigma());
        EXPECT_DOUBLE_EQ(point.conservative(), r.conservative());

        // The same profile as JSON over HTTP.
        const auto json = http_request(server.port(), "/api/profiles/" + people[s].first);
        ASSERT_EQ(json.result(), http::status::ok) << json.body();
        EXPECT_EQ(json[http::field::content_type], "application/json");
        v1::Profile from_http;
        ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json.body(), &from_http).ok()) << json.body();
        EXPECT_TRUE(MessageDifferencer::Equals(from_http, p)) << json.body();
    }
    if (card.totals(0) != card.totals(1)) {
        const int winner = card.totals(0) < card.totals(1) ? 0 : 1;
        EXPECT_GT(profile_of(*ann, people[static_cast<std::size_t>(winner)].first).ratings(0).mu(),
                  profile_of(*ann, people[static_cast<std::size_t>(1 - winner)].first).ratings(0).mu());
    }

    // One rated match is fewer than the leaderboard needs: it lists nobody yet.
    v1::ClientMessage board;
    board.mutable_get_leaderboard()->set_preset("four-card");
    board.mutable_get_leaderboard()->set_by_rating(true);
    const v1::ServerMessage leaders = ann->request(board);
    ASSERT_TRUE(leaders.has_leaderboard()) << describe(leaders);
    EXPECT_TRUE(leaders.leaderboard().by_rating());
    EXPECT_EQ(leaders.leaderboard().preset(), "four-card");
    EXPECT_EQ(leaders.leaderboard().min_matches(), 5u);
    EXPECT_EQ(leaders.leaderboard().entries_size(), 0);
    const auto json_board = http_request(server.port(), "/api/leaderboard?rules=four-card&by=rating");
    ASSERT_EQ(json_board.result(), http::status::ok) << json_board.body();
    v1::Leaderboard from_http;
    ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json_board.body(), &from_http).ok()) << json_board.body();
    EXPECT_TRUE(MessageDifferencer::Equals(from_http, leaders.leaderboard())) << json_board.body();
}

TEST_P(AccountsOn, AMatchOfOneAccountAndAGuestIsNotRated) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    auto guest = connect_to(server.url());
    register_on(*ann, "Ann", ann_password);
    v1::Ruleset one_hole;
    one_hole.set_holes(1);
    const golf::ruleset rules = sit_down_and_start(*ann, *guest, "Gus", one_hole);
    play_to_the_end({ann.get(), guest.get()}, rules);

    const v1::MatchSummary match = finished_match(*ann, "Ann");
    ASSERT_EQ(match.seats_size(), 2);
    EXPECT_TRUE(match.seats(0).registered());
    EXPECT_FALSE(match.seats(1).registered());
    const v1::Profile p = profile_of(*ann, "Ann");
    EXPECT_EQ(p.ratings_size(), 0) << p.ShortDebugString();
    EXPECT_EQ(p.history_size(), 0);
    EXPECT_EQ(error_of(ann->request(get_profile("Gus"))), v1::ERROR_CODE_NO_SUCH_PLAYER) << "a guest has no profile";
}

// A rating says how one plays a preset: a one-hole match where every card is worth 0 says nothing of that. It is
// recorded and in history, and moves no rating.
TEST_P(AccountsOn, AMatchWithHouseRulesIsRecordedButMovesNoRating) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    auto bob = connect_to(server.url());
    register_on(*ann, "Ann", ann_password);
    register_on(*bob, "Bob", bob_password);
    v1::Ruleset nothing_counts;
    nothing_counts.set_holes(1);
    for (auto set : {&v1::Ruleset::set_value_ace, &v1::Ruleset::set_value_two, &v1::Ruleset::set_value_three,
                     &v1::Ruleset::set_value_four, &v1::Ruleset::set_value_five, &v1::Ruleset::set_value_six,
                     &v1::Ruleset::set_value_seven, &v1::Ruleset::set_value_eight, &v1::Ruleset::set_value_nine,
                     &v1::Ruleset::set_value_ten, &v1::Ruleset::set_value_jack, &v1::Ruleset::set_value_queen,
                     &v1::Ruleset::set_value_king})
        (nothing_counts.*set)(0);
    const golf::ruleset rules = sit_down_and_start(*ann, *bob, "", nothing_counts);
    play_to_the_end({ann.get(), bob.get()}, rules);
    EXPECT_EQ(ann->latest()->scorecard().holes_size(), 1);

    const v1::MatchSummary match = finished_match(*ann, "Ann");
    EXPECT_TRUE(match.seats(0).registered());
    EXPECT_TRUE(match.seats(1).registered());
    for (const char* name : {"Ann", "Bob"}) {
        const v1::Profile p = profile_of(*ann, name);
        EXPECT_EQ(p.ratings_size(), 0) << name << ": " << p.ShortDebugString();
        EXPECT_EQ(p.history_size(), 0) << name;
    }
}

INSTANTIATE_TEST_SUITE_P(every_backend, AccountsOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

// ---- secrets ----------------------------------------------------------------------------------------------------------

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// golf-server as a process logging at trace: every password, token and key a client sent or was given stays out of
// its log, and out of its database file, which holds only their hashes.
TEST(Accounts, NoPasswordTokenOrKeyEverReachesTheServersLogOrDatabaseInClear) {
    golf::testing::server_process server(GOLF_SERVER_PATH, {.log_level = "trace"});
    ASSERT_NE(server.port(), 0) << server.log();
    const std::string url = server.url();
    const std::string first = "leak-check-first-password-7731";
    const std::string wrong = "leak-check-wrong-password-1848";
    const std::string second = "leak-check-second-password-5520";
    const std::string too_long = "leak-check-too-long-" + std::string(120, 'q');

    auto ann = connect_to(url);
    const std::string registered_token = register_on(*ann, "Ann", first).session_token();
    auto other = connect_to(url);
    EXPECT_EQ(error_of(other->request(sign_in("Ann", wrong))), v1::ERROR_CODE_BAD_CREDENTIALS);
    const std::string signed_in_token = other->request(sign_in("Ann", first)).signed_in().session_token();
    EXPECT_EQ(error_of(ann->request(change_password(wrong, second))), v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_TRUE(ann->request(change_password(first, second)).has_ok());
    const std::string key = ann->request(create_api_key("leak check")).api_key_created().key();
    EXPECT_TRUE(connect_to(url)->request(sign_in_with_key(key)).has_signed_in());
    EXPECT_TRUE(connect_to(url)->request(sign_in_with_token(registered_token)).has_signed_in());
    EXPECT_EQ(error_of(connect_to(url)->request(register_as("Bob", too_long))), v1::ERROR_CODE_BAD_PASSWORD);
    EXPECT_EQ(error_of(connect_to(url)->request(register_as("A.nn", second))), v1::ERROR_CODE_NAME_TAKEN);
    ASSERT_FALSE(registered_token.empty());
    ASSERT_FALSE(signed_in_token.empty());
    ASSERT_FALSE(key.empty());
    ann.reset();
    other.reset();
    ASSERT_EQ(server.stop(SIGTERM), 0);  // a graceful stop: SQLite's log is folded into the database file

    const std::string log = server.log();
    // The positive control: the log does speak of these sign-ins, so it is the right place to look.
    EXPECT_NE(log.find("registered account"), std::string::npos) << log;
    EXPECT_NE(log.find("a sign-in failed"), std::string::npos) << log;
    EXPECT_NE(log.find("(API key)"), std::string::npos) << log;
    std::string database;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        if (std::filesystem::exists(server.db().string() + suffix))
            database += file_bytes(server.db().string() + suffix);
    EXPECT_NE(database.find("$argon2id$"), std::string::npos) << "no password hash in the database: wrong place";
    EXPECT_NE(database.find(golf::server::passwords::secret_hash(key)), std::string::npos)
        << "the key's hash is not in the database: wrong place";
    EXPECT_NE(database.find(golf::server::passwords::secret_hash(registered_token)), std::string::npos)
        << "the kept session's hash is not in the database: wrong place";

    const std::vector<std::pair<std::string, std::string>> secrets = {{"the first password", first},
                                                                      {"a wrong password", wrong},
                                                                      {"the second password", second},
                                                                      {"a refused password", too_long},
                                                                      {"the registered token", registered_token},
                                                                      {"a signed-in token", signed_in_token},
                                                                      {"the API key", key}};
    for (const auto& [what, secret] : secrets) {
        EXPECT_EQ(log.find(secret), std::string::npos) << what << " is in the server's log";
        EXPECT_EQ(database.find(secret), std::string::npos) << what << " is in the database in clear";
    }
    // Nor the secret part of a token or key alone (after its prefix).
    for (const std::string& secret : {registered_token, signed_in_token, key}) {
        EXPECT_EQ(log.find(secret.substr(3)), std::string::npos);
        EXPECT_EQ(database.find(secret.substr(3)), std::string::npos);
    }
}

}  // namespace
}  // namespace accounts_tests
