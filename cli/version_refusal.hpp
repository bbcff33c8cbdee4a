// What `golf play` and `golf bot` say when the server does not speak their protocol version, and the status they
// then exit with: one sentence naming both sides' versions and what to do, never a stack of handshake errors.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "clients/cpp/golf_client.hpp"

namespace golf::cli {

inline constexpr int exit_version_refused = 3;              // the server does not speak this golf's protocol version
inline constexpr std::uint32_t max_spoken_protocol = 1000;  // --speak-protocol, a flag for tests of refusals

inline std::string version_refusal_sentence(const client::version_refused& refusal, std::string_view url) {
    const v1::Welcome& server = refusal.server();
    const std::string needs =
        server.protocol_version() == 0  // a server that predates saying its range
            ? "another version"
            : std::to_string(server.min_protocol_version()) + ".." + std::to_string(server.protocol_version());
    const bool too_new = server.protocol_version() != 0 && refusal.spoken() > server.protocol_version();
    const std::string runs =
        server.server_version().empty() ? "" : " (the server runs " + server.server_version() + ")";
    return "golf speaks protocol " + std::to_string(refusal.spoken()) + " but the server at " + std::string(url) +
           " needs " + needs + ": " + (too_new ? "use an older golf or update the server" : "update golf") + runs;
}

}  // namespace golf::cli
