// The protocol versions this server speaks, in one place: a Hello whose version lies from oldest_protocol_version
// to protocol_version is welcomed; any other is refused with Error UNSUPPORTED_VERSION, whose sentence and
// Error.server field say both numbers. Raise protocol_version with a new version; raise the oldest only when the
// server stops understanding the clients that speak it.
#pragma once

#include <cstdint>
#include <string>

namespace golf::server {

inline constexpr std::uint32_t oldest_protocol_version = 1;
inline constexpr std::uint32_t protocol_version = 1;
static_assert(oldest_protocol_version <= protocol_version);

inline bool protocol_supported(std::uint32_t asked) {
    return asked >= oldest_protocol_version && asked <= protocol_version;
}

// Why a Hello speaking `asked` is refused, and what to do about it, in one sentence.
inline std::string unsupported_version_sentence(std::uint32_t asked) {
    const std::string range = std::to_string(oldest_protocol_version) + " to " + std::to_string(protocol_version);
    const std::string remedy =
        asked < oldest_protocol_version ? "update the client" : "use an older client or update the server";
    return "this client speaks protocol " + std::to_string(asked) + "; the server speaks " + range + ": " + remedy;
}

}  // namespace golf::server
