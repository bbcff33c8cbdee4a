// What docs/protocol.md ("Accounts") promises a client writer about accounts, each over real sockets unless it
// is about time: a guest's SignOut is answered Ok; a password change revokes every API key; failed sign-ins by
// token or key count toward the per-address limit; a refused (rate-limited) try counts as no failure; the per-name
// limit covers every spelling of the name; refused registrations do not count toward the five; the counts reset
// after 15 quiet minutes (registrations: an hour), shown on the throttles themselves with time passed in; and a
// name mixing scripts is refused in the guide's words.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "server/accounts/attempt_throttle.hpp"
#include "server/accounts/player_names.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace account_promises_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::client::connection;
using golf::server::attempt_throttle;
using golf::server::e2e::running_server;
namespace v1 = golf::v1;

using AccountPromisesOn = golf::server::testing::on_each_backend;

const std::string password = "correct horse battery staple";

bool signed_in_now(connection& c) { return !c.request(list_api_keys()).has_error(); }

TEST(AccountPromises, AGuestsSignOutIsAnsweredOk) {
    running_server server;
    auto guest = connect_to(server.url());
    const v1::ServerMessage here = guest->request(sign_out());
    EXPECT_TRUE(here.has_ok()) << describe(here);
    const v1::ServerMessage everywhere = guest->request(sign_out(/*everywhere=*/true));
    EXPECT_TRUE(everywhere.has_ok()) << describe(everywhere);
    EXPECT_TRUE(guest->is_open());
}

TEST_P(AccountPromisesOn, APasswordChangeRevokesEveryApiKey) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    ASSERT_TRUE(ann->request(register_as("Ann", password)).has_signed_in());
    const std::string first = ann->request(create_api_key("first bot")).api_key_created().key();
    const std::string second = ann->request(create_api_key("second bot")).api_key_created().key();
    auto bot = connect_to(server.url());
    ASSERT_TRUE(bot->request(sign_in_with_key(first)).has_signed_in());

    ASSERT_TRUE(ann->request(change_password(password, "a new and longer password")).has_ok());
    for (const std::string& key : {first, second})
        EXPECT_EQ(error_of(connect_to(server.url())->request(sign_in_with_key(key))), v1::ERROR_CODE_BAD_CREDENTIALS);
    EXPECT_EQ(ann->request(list_api_keys()).api_keys().keys_size(), 0);
    EXPECT_FALSE(signed_in_now(*bot)) << "a connection signed in by a revoked key is a guest again";
    EXPECT_TRUE(signed_in_now(*ann)) << "the connection that changed the password stays signed in";
}

INSTANTIATE_TEST_SUITE_P(every_backend, AccountPromisesOn,
                         ::testing::Values(golf::server::testing::backend::sqlite,
                                           golf::server::testing::backend::postgresql),
                         golf::server::testing::backend_name);

TEST(AccountPromises, FailedTokenAndKeySignInsCountTowardTheAddressLimit) {
    running_server server;
    ASSERT_TRUE(connect_to(server.url())->request(register_as("Ann", password)).has_signed_in());
    auto guesser = connect_to(server.url());
    for (int i = 0; i < 10; ++i) {
        ASSERT_EQ(error_of(guesser->request(sign_in_with_token("gs_" + std::to_string(i)))),
                  v1::ERROR_CODE_BAD_CREDENTIALS);
        ASSERT_EQ(error_of(guesser->request(sign_in_with_key("gk_" + std::to_string(i)))),
                  v1::ERROR_CODE_BAD_CREDENTIALS);
    }
    const v1::ServerMessage right = connect_to(server.url())->request(sign_in("Ann", password));
    EXPECT_EQ(error_of(right), v1::ERROR_CODE_RATE_LIMITED)
        << "twenty failed token and key sign-ins: " << describe(right);
}

// Had a refused try counted, the wait would double with it: every refusal while the first wait runs says at most a
// second, and once it has passed the right password signs in. (A loaded machine may let the wait pass early.)
TEST(AccountPromises, ARateLimitedTryCountsAsNoFailure) {
    running_server server;
    ASSERT_TRUE(connect_to(server.url())->request(register_as("Ann", password)).has_signed_in());
    auto guesser = connect_to(server.url());
    for (int i = 0; i < 5; ++i)
        ASSERT_EQ(error_of(guesser->request(sign_in("Ann", "wrong"))), v1::ERROR_CODE_BAD_CREDENTIALS);
    int refused = 0;
    for (int i = 0; i < 5; ++i) {
        const v1::ServerMessage reply = guesser->request(sign_in("Ann", "wrong"));
        if (error_of(reply) != v1::ERROR_CODE_RATE_LIMITED) break;  // the first wait has passed
        ++refused;
        EXPECT_LE(reply.error().retry_after_ms(), 1000u) << "refused try " << refused << " counted as a failure";
    }
    EXPECT_GE(refused, 1) << "the sixth try right after five failures was not refused";
    v1::ServerMessage in;
    for (int i = 0; i < 4; ++i) {  // waits of at most 1 s (2 s if the wait passed during the loop above)
        in = guesser->request(sign_in("Ann", password));
        if (error_of(in) != v1::ERROR_CODE_RATE_LIMITED) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(in.error().retry_after_ms()) + 50ms);
    }
    EXPECT_TRUE(in.has_signed_in()) << describe(in);
}

// With a count per spelling, eight spellings of one wrong guess each would never wait.
TEST(AccountPromises, ThePerNameLimitCoversEverySpellingOfTheName) {
    running_server server;
    ASSERT_TRUE(connect_to(server.url())->request(register_as("Ann", password)).has_signed_in());
    auto guesser = connect_to(server.url());
    const std::string cyrillic_ann = "\xD0\x90nn";  // a Cyrillic capital A
    int failures = 0;
    bool limited = false;
    for (const char* spelling : {"Ann", "ANN", "ann", "aNN", "A.nn", cyrillic_ann.c_str(), "AnN", "A-nn"}) {
        const v1::ErrorCode code = error_of(guesser->request(sign_in(spelling, "wrong")));
        if ((limited = code == v1::ERROR_CODE_RATE_LIMITED)) break;
        ASSERT_EQ(code, v1::ERROR_CODE_BAD_CREDENTIALS) << spelling;
        ++failures;
    }
    EXPECT_TRUE(limited) << "eight spellings of the name never waited";
    EXPECT_GE(failures, 5) << "the first five failures are free";
    EXPECT_EQ(error_of(guesser->request(sign_in("Bob", "wrong"))), v1::ERROR_CODE_BAD_CREDENTIALS)
        << "another name is not held up";
}

TEST(AccountPromises, RefusedRegistrationsDoNotCountTowardTheFive) {
    running_server server;
    auto c = connect_to(server.url());
    ASSERT_TRUE(c->request(register_as("Alpha", password)).has_signed_in());
    EXPECT_EQ(error_of(c->request(register_as("ALPHA", password))), v1::ERROR_CODE_NAME_TAKEN);
    EXPECT_EQ(error_of(c->request(register_as("A!", password))), v1::ERROR_CODE_BAD_NAME);
    EXPECT_EQ(error_of(c->request(register_as("Bravo", "short"))), v1::ERROR_CODE_BAD_PASSWORD);
    EXPECT_EQ(error_of(c->request(register_as("-Bravo", password))), v1::ERROR_CODE_BAD_NAME);
    for (const char* name : {"Bravo", "Charlie", "Delta", "Echo"}) {
        const v1::ServerMessage made = connect_to(server.url())->request(register_as(name, password));
        EXPECT_TRUE(made.has_signed_in()) << name << ": " << describe(made);
    }
    EXPECT_EQ(error_of(c->request(register_as("Foxtrot", password))), v1::ERROR_CODE_RATE_LIMITED) << "the sixth";
}

TEST(AccountPromises, ANameMixingScriptsIsRefusedInTheGuidesWords) {
    running_server server;
    auto c = connect_to(server.url());
    for (const std::string mixed : {"\xD0\x90nna" /* Cyrillic A */, "\xCE\x91nna" /* Greek Alpha */}) {
        const v1::ServerMessage refused = c->request(register_as(mixed, password));
        EXPECT_EQ(error_of(refused), v1::ERROR_CODE_BAD_NAME);
        EXPECT_EQ(refused.error().message(), golf::server::player_names::mixed_scripts_problem);
    }
    const v1::ServerMessage latin_and_han = c->request(register_as("Anna\xE6\x9D\xB1\xE4\xBA\xAC", password));
    EXPECT_TRUE(latin_and_han.has_signed_in()) << "Latin with Han: " << describe(latin_and_han);
    for (const char* badly_separated : {"Ann--Lee", "_Ann", "Ann."})
        EXPECT_EQ(error_of(c->request(register_as(badly_separated, password))), v1::ERROR_CODE_BAD_NAME)
            << badly_separated;
}

// ---- when the counts start over (time passed in) ------------------------------------------------------------------

using clock_type = attempt_throttle::clock;

// `fails` failures of "k" at `start`, one a millisecond.
clock_type::time_point fail(attempt_throttle& t, int fails, clock_type::time_point start) {
    for (int i = 0; i < fails; ++i) t.count("k", start + std::chrono::milliseconds(i));
    return start + std::chrono::milliseconds(fails - 1);
}

TEST(AccountPromises, SignInCountsStartOverAfterFifteenQuietMinutes) {
    for (const auto& policy : {attempt_throttle::sign_ins_per_name(), attempt_throttle::sign_ins_per_address()}) {
        const auto t0 = clock_type::now();
        attempt_throttle almost(policy);
        const auto last = fail(almost, policy.free_attempts, t0);
        almost.count("k", last + 15min - 1s);
        EXPECT_EQ(almost.wait("k", last + 15min - 1s), 2s) << "within 15 minutes the count goes on";

        attempt_throttle quiet(policy);
        const auto then = fail(quiet, policy.free_attempts, t0);
        quiet.count("k", then + 15min);
        EXPECT_EQ(quiet.wait("k", then + 15min), 0ms) << "after 15 quiet minutes the count starts over";
    }
}

TEST(AccountPromises, RegistrationCountsStartOverAfterAQuietHour) {
    const auto policy = attempt_throttle::registrations_per_address();
    const auto t0 = clock_type::now();
    attempt_throttle almost(policy);
    const auto last = fail(almost, 5, t0);
    EXPECT_EQ(almost.wait("k", last), 1min) << "the sixth waits a minute after the fifth";
    almost.count("k", last + 59min);
    EXPECT_EQ(almost.wait("k", last + 59min), 2min);
    attempt_throttle quiet(policy);
    const auto then = fail(quiet, 5, t0);
    EXPECT_EQ(quiet.wait("k", then + 1h), 0ms) << "after a quiet hour the count starts over";
}

}  // namespace
}  // namespace account_promises_tests
