// The protocol versions over real sockets: a Hello speaking a version the server does not (older than its oldest,
// newer than its newest) is refused with a sentence naming both sides' numbers and what to do, Error.server saying
// the range and the build, and the connection closed; a Hello speaking the current one is welcomed with both ends
// of the range.
#include <gtest/gtest.h>

#include "server/net/protocol_version.hpp"
#include "tests/server/net_test_support.hpp"

namespace golf::server::testing {
namespace protocol_version_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

// The reply to a Hello speaking `version` on a fresh connection.
std::optional<v1::ServerMessage> answer_to_hello(std::uint32_t version, ws_client& client) {
    EXPECT_FALSE(client.handshake());
    EXPECT_FALSE(client.write(serialize(hello_message(version, 7))));
    return client.read();
}

void expect_refused(std::uint32_t version, const std::string& sentence) {
    temp_dir dir;
    running_server server(test_config(dir));
    ws_client client(server.port());
    const auto reply = answer_to_hello(version, client);
    ASSERT_TRUE(reply && reply->has_error()) << version;
    EXPECT_EQ(reply->request_id(), 7u);
    EXPECT_EQ(reply->error().code(), v1::ERROR_CODE_UNSUPPORTED_VERSION);
    EXPECT_EQ(reply->error().message(), sentence);
    const v1::Welcome& spoken = reply->error().server();
    EXPECT_EQ(spoken.min_protocol_version(), oldest_protocol_version);
    EXPECT_EQ(spoken.protocol_version(), protocol_version);
    EXPECT_EQ(spoken.server_version(), GOLF_VERSION);
    EXPECT_EQ(spoken.session_id(), "") << "a refusal opens no session";
    EXPECT_TRUE(client.read_until_closed());
    EXPECT_EQ(client.last_error(), websocket::error::closed);
    EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
}

TEST(ProtocolVersion, AnOlderHelloIsRefusedWithBothNumbersAndWhatToDo) {
    expect_refused(oldest_protocol_version - 1,
                   "this client speaks protocol 0; the server speaks 1 to 1: update the client");
}

TEST(ProtocolVersion, ANewerHelloIsRefusedWithBothNumbersAndWhatToDo) {
    expect_refused(protocol_version + 1,
                   "this client speaks protocol 2; the server speaks 1 to 1: use an older client or update the server");
}

TEST(ProtocolVersion, EveryVersionInTheRangeIsWelcomedWithBothEndsOfIt) {
    for (std::uint32_t version = oldest_protocol_version; version <= protocol_version; ++version) {
        temp_dir dir;
        running_server server(test_config(dir));
        ws_client client(server.port());
        const auto reply = answer_to_hello(version, client);
        ASSERT_TRUE(reply && reply->has_welcome()) << version;
        EXPECT_EQ(reply->welcome().protocol_version(), protocol_version);
        EXPECT_EQ(reply->welcome().min_protocol_version(), oldest_protocol_version);
        EXPECT_EQ(reply->welcome().server_version(), GOLF_VERSION);
    }
}

}  // namespace
}  // namespace protocol_version_tests
}  // namespace golf::server::testing
