// Seat tokens: 128 bits from OpenSSL's CSPRNG (RAND_bytes, server/common/secure.cpp) as 32 lowercase hex
// characters, all distinct; kept only as their SHA-256 (the database file, its WAL and its shared memory never
// hold a token, while the digest is there); compared in constant time (secure::equal is CRYPTO_memcmp, and a
// reclaim compares every seat), so a token wrong in its last character is refused exactly like one wrong in its
// first. Timing itself is never asserted: the refusals are compared by what they say.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "clients/cpp/golf_client.hpp"
#include "server/common/secure.hpp"
#include "tests/server/e2e_support.hpp"
#include "tests/server/net_test_support.hpp"
#include "tests/support/sqlite_query.hpp"

namespace tokens_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using golf::client::connection;
using golf::server::e2e::running_server;
using golf::server::e2e::two_players;
using golf::server::testing::eventually;
using golf::testing::query_text;
namespace secure = golf::server::secure;
namespace v1 = golf::v1;

bool is_lower_hex(const std::string& text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

TEST(Tokens, ASeatTokenIs128BitsAs32LowercaseHexCharactersAndNoTwoAreAlike) {
    constexpr int count = 20000;
    std::set<std::string> seen;
    std::array<int, 128> ones{};
    for (int i = 0; i < count; ++i) {
        const std::string token = secure::new_seat_token();
        ASSERT_EQ(token.size(), 32u) << token;
        ASSERT_TRUE(is_lower_hex(token)) << token;
        const auto bytes = secure::from_hex(token);
        ASSERT_TRUE(bytes && bytes->size() == 16u);
        for (int bit = 0; bit < 128; ++bit)
            ones[static_cast<std::size_t>(bit)] += (static_cast<unsigned char>((*bytes)[bit / 8]) >> (bit % 8)) & 1;
        seen.insert(token);
    }
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(count)) << "two tokens alike";
    // Every one of the 128 bits varies, about half the time set (the bounds are 8.5 standard deviations wide:
    // a constant, stuck or counter-like bit fails, a fair generator practically never does).
    for (int bit = 0; bit < 128; ++bit) {
        EXPECT_GT(ones[static_cast<std::size_t>(bit)], count / 2 - 600) << "bit " << bit;
        EXPECT_LT(ones[static_cast<std::size_t>(bit)], count / 2 + 600) << "bit " << bit;
    }
}

TEST(Tokens, TheServerGivesEverySeatItsOwnToken) {
    running_server server;
    std::set<std::string> tokens;
    std::vector<std::unique_ptr<connection>> people;
    for (int t = 0; t < 6; ++t) {
        people.push_back(std::make_unique<connection>());
        people.back()->connect(server.url(), "tokens_test");
        const v1::TableJoined host = people.back()->create_table("host" + std::to_string(t), "six-card", 4);
        tokens.insert(host.seat_token());
        for (int s = 1; s < 4; ++s) {
            people.push_back(std::make_unique<connection>());
            people.back()->connect(server.url(), "tokens_test");
            tokens.insert(people.back()->join(host.code(), "guest" + std::to_string(s)).seat_token());
        }
    }
    EXPECT_EQ(tokens.size(), people.size());
    for (const std::string& token : tokens) {
        // "CODE." and the secret: the table's code lets any node send a reclaim to the table's node.
        ASSERT_EQ(token.size(), secure::code_length + 1 + 32) << token;
        EXPECT_FALSE(secure::normalize_join_code(token.substr(0, secure::code_length)).empty()) << token;
        EXPECT_EQ(secure::table_code_of_token(token), token.substr(0, secure::code_length)) << token;
        EXPECT_TRUE(is_lower_hex(token.substr(secure::code_length + 1))) << token;
    }
}

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every byte of the database and its WAL and shared-memory files (those that exist).
std::string database_bytes(const std::string& db) {
    std::string all;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        if (std::filesystem::exists(db + suffix)) all += file_bytes(db + suffix);
    return all;
}

void expect_no_token_in(const std::string& bytes, const std::vector<std::string>& tokens, const std::string& when) {
    for (const std::string& token : tokens) {
        const std::string secret = token.substr(token.find('.') + 1);  // after the table's code
        std::string upper = secret;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        EXPECT_EQ(bytes.find(secret), std::string::npos) << when << ": the token " << token << " in clear";
        EXPECT_EQ(bytes.find(upper), std::string::npos) << when << ": the token in upper-case hex";
        EXPECT_EQ(bytes.find(*secure::from_hex(secret)), std::string::npos) << when << ": the token's 16 raw bytes";
        // The positive control: the file does hold what the server keeps, the token's SHA-256.
        EXPECT_NE(bytes.find(secure::to_hex(secure::sha256(token))), std::string::npos)
            << when << ": the token's digest is not in the database, so this test looked in the wrong place";
    }
}

TEST(Tokens, TheDatabaseHoldsOnlyEachTokensDigestNeverTheToken) {
    running_server server;
    std::vector<std::string> tokens;
    {
        two_players table(server.url(), "six-card", 2);
        tokens = table.tokens;
        for (int m = 0; m < 6; ++m) table.move();
        ASSERT_TRUE(eventually(
            [&] { return std::atoi(query_text(server.db_path(), "SELECT count(*) FROM players").c_str()) >= 2; }));
        expect_no_token_in(database_bytes(server.db_path()), tokens, "while the server runs");
    }
    const std::string db = server.db_path();
    server.stop();  // the WAL is checkpointed into the database file
    expect_no_token_in(database_bytes(db), tokens, "after a graceful stop");
}

v1::ErrorCode reclaim_error(connection& c, const std::string& token, std::string* message) {
    v1::ClientMessage m;
    m.mutable_reclaim_seat()->set_seat_token(token);
    const v1::ServerMessage reply = c.request(m);
    if (!reply.has_error()) return v1::ERROR_CODE_UNSPECIFIED;
    *message = reply.error().message();
    return reply.error().code();
}

TEST(Tokens, ATokenWrongInItsLastCharacterIsRefusedExactlyLikeOneWrongInItsFirst) {
    running_server server(60s);
    two_players table(server.url(), "six-card", 2);
    const std::string token = table.tokens[1];
    const auto changed_at = [&](std::size_t i) {
        std::string t = token;
        t[i] = t[i] == '0' ? '1' : '0';
        return t;
    };
    connection c;
    c.connect(server.url(), "tokens_test");
    std::string first_message;
    EXPECT_EQ(reclaim_error(c, changed_at(0), &first_message), v1::ERROR_CODE_BAD_TOKEN);
    EXPECT_FALSE(first_message.empty());
    const std::vector<std::string> wrong = {
        changed_at(token.size() - 1), changed_at(token.size() / 2), token.substr(0, token.size() - 1), token + "0", "",
        std::string(32, 'g'),         std::string(200, 'a')};
    for (const std::string& w : wrong) {
        std::string message;
        EXPECT_EQ(reclaim_error(c, w, &message), v1::ERROR_CODE_BAD_TOKEN) << "token '" << w << "'";
        EXPECT_EQ(message, first_message) << "a refusal that says more about token '" << w << "'";
        EXPECT_TRUE(c.is_open());
    }
    // The seat is still its owner's: the right token takes it back.
    EXPECT_EQ(c.reclaim(token).seat(), 1);

    // The comparison itself: equal only when every byte is; different lengths are never equal.
    const std::string digest = secure::sha256(token);
    std::string last = digest;
    last.back() = static_cast<char>(last.back() ^ 1);
    std::string first = digest;
    first.front() = static_cast<char>(first.front() ^ 1);
    EXPECT_TRUE(secure::equal(digest, secure::sha256(token)));
    EXPECT_FALSE(secure::equal(digest, last));
    EXPECT_FALSE(secure::equal(digest, first));
    EXPECT_FALSE(secure::equal(digest, digest.substr(0, 31)));
    EXPECT_FALSE(secure::equal(digest, ""));
}

}  // namespace
}  // namespace tokens_tests
