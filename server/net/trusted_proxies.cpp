#include "server/net/trusted_proxies.hpp"

#include <boost/asio/ip/address.hpp>
#include <charconv>

namespace golf::server {

namespace ip = boost::asio::ip;

namespace {

std::optional<ip::address> parse_ip(std::string_view text) {
    boost::system::error_code error;
    const ip::address address = ip::make_address(std::string(text), error);
    if (error) return std::nullopt;
    return address;
}

std::array<std::uint8_t, 16> as_v6_bytes(const ip::address& address) {
    if (address.is_v6()) return address.to_v6().to_bytes();
    return ip::make_address_v6(ip::v4_mapped, address.to_v4()).to_bytes();
}

bool prefix_matches(const address_range& range, const std::array<std::uint8_t, 16>& bytes) {
    for (int bit = 0; bit < range.prefix; ++bit) {
        const int mask = 0x80 >> (bit % 8);
        if ((range.bytes[bit / 8] & mask) != (bytes[bit / 8] & mask)) return false;
    }
    return true;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

}  // namespace

std::optional<address_range> parse_address_range(std::string_view text) {
    const auto slash = text.find('/');
    const auto address = parse_ip(text.substr(0, slash));
    if (!address || (address->is_v6() && address->to_v6().scope_id() != 0)) return std::nullopt;
    const int width = address->is_v4() ? 32 : 128;
    int prefix = width;
    if (slash != std::string_view::npos) {
        const std::string_view digits = text.substr(slash + 1);
        const char* end = digits.data() + digits.size();
        const auto [stop, error] = std::from_chars(digits.data(), end, prefix);
        if (digits.empty() || error != std::errc{} || stop != end || prefix < 0 || prefix > width) return std::nullopt;
    }
    address_range range{as_v6_bytes(*address), prefix + (128 - width)};
    for (int bit = range.prefix; bit < 128; ++bit)
        range.bytes[bit / 8] &= static_cast<std::uint8_t>(~(0x80 >> (bit % 8)));
    return range;
}

std::string canonical_address(std::string_view text) {
    const auto address = parse_ip(text);
    if (!address) return {};
    if (address->is_v6() && address->to_v6().is_v4_mapped())
        return ip::make_address_v4(ip::v4_mapped, address->to_v6()).to_string();
    return address->to_string();
}

bool in_any(const std::vector<address_range>& ranges, std::string_view address) {
    const auto parsed = parse_ip(address);
    if (!parsed) return false;
    const auto bytes = as_v6_bytes(*parsed);
    for (const address_range& range : ranges)
        if (prefix_matches(range, bytes)) return true;
    return false;
}

std::string forwarded_client(const std::vector<address_range>& trusted, const std::string& peer,
                             std::string_view forwarded_for) {
    if (!in_any(trusted, peer)) return peer;
    // Right to left: each trusted proxy appended the address it heard from. The first untrusted one is the client;
    // anything further left was written by the client and proves nothing. A chain of proxies only, or an entry
    // that is not an address, ends the walk at the last address read.
    std::string client = peer;
    while (!forwarded_for.empty()) {
        const auto comma = forwarded_for.rfind(',');
        const std::string_view entry =
            trimmed(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
        forwarded_for = comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
        const std::string address = canonical_address(entry);
        if (address.empty()) break;
        client = address;
        if (!in_any(trusted, address)) break;
    }
    return client;
}

}  // namespace golf::server
