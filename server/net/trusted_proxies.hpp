// The client's address behind a trusted reverse proxy: --trusted-proxy names the proxies' address ranges; a
// connection from inside one of them speaks for the address in its X-Forwarded-For header (the rightmost entry that
// is not itself a trusted proxy). From any other peer the header is ignored, so nobody can claim another address.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace golf::server {

// An IPv4 or IPv6 range, kept as IPv6 (IPv4 as ::ffff:a.b.c.d) so one comparison serves both.
struct address_range {
    std::array<std::uint8_t, 16> bytes{};
    int prefix = 128;
    bool operator==(const address_range&) const = default;
};

// "172.16.0.0/12", "::1/128", or one address ("127.0.0.1"); nullopt when it is none of those. Bits past the
// prefix are ignored ("10.1.2.3/8" is 10.0.0.0/8).
std::optional<address_range> parse_address_range(std::string_view text);

// The address as the per-address rules count it: an IPv4 client reaching a dual-stack socket is still IPv4.
// Empty when `text` is not an IP address.
std::string canonical_address(std::string_view text);

bool in_any(const std::vector<address_range>& ranges, std::string_view address);

// The client behind `peer` (a canonical address): from `forwarded_for` (every X-Forwarded-For field of the request,
// joined with ", " in order) when the peer is trusted, else the peer itself.
std::string forwarded_client(const std::vector<address_range>& trusted, const std::string& peer,
                             std::string_view forwarded_for);

}  // namespace golf::server
