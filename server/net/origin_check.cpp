#include "server/net/origin_check.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace golf::server {

namespace {

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool host_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-'; }

// "host", "host:port", "[v6]" or "[v6]:port" with a port from 1 to 65535; the host part is returned in `host`.
bool valid_authority(std::string_view authority, std::string_view& host, std::string_view& port) {
    std::size_t host_end = 0;
    if (authority.starts_with('[')) {
        host_end = authority.find(']');
        if (host_end == std::string_view::npos || host_end < 3) return false;
        const std::string_view inside = authority.substr(1, host_end - 1);
        if (!std::all_of(inside.begin(), inside.end(),
                         [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.'; }))
            return false;
        ++host_end;
    } else {
        host_end = std::min(authority.find(':'), authority.size());
        if (host_end == 0) return false;
        if (!std::all_of(authority.begin(), authority.begin() + static_cast<std::ptrdiff_t>(host_end), host_char))
            return false;
    }
    host = authority.substr(0, host_end);
    port = {};
    if (host_end == authority.size()) return true;
    if (authority[host_end] != ':') return false;
    port = authority.substr(host_end + 1);
    int number = 0;
    const char* end = port.data() + port.size();
    const auto [stop, error] = std::from_chars(port.data(), end, number);
    return !port.empty() && error == std::errc{} && stop == end && number >= 1 && number <= 65535;
}

// host[:port] with the scheme's default port dropped, lowercase; empty when not a plain authority.
std::string normal_authority(std::string_view authority, std::string_view default_port) {
    std::string_view host, port;
    if (!valid_authority(authority, host, port)) return {};
    if (port.empty() || port == default_port) return lowercase(host);
    return lowercase(host) + ":" + std::string(port);
}

}  // namespace

std::optional<std::string> normalize_origin(std::string_view text) {
    const std::string lower = lowercase(text);
    for (const std::string_view scheme : {"http", "https"}) {
        const std::string prefix = std::string(scheme) + "://";
        if (!std::string_view(lower).starts_with(prefix)) continue;
        const std::string authority =
            normal_authority(std::string_view(lower).substr(prefix.size()), scheme == "http" ? "80" : "443");
        if (authority.empty()) return std::nullopt;
        return prefix + authority;
    }
    return std::nullopt;
}

bool origin_allowed(const std::vector<std::string>& allowed, const std::optional<std::string_view>& origin,
                    std::string_view host) {
    if (!origin) return true;
    const auto normal = normalize_origin(*origin);
    if (!normal) return false;  // "null" (a sandboxed frame, a file) and anything else unreadable
    if (!allowed.empty()) return std::find(allowed.begin(), allowed.end(), *normal) != allowed.end();
    // Same origin: the page came from the host this request names. The scheme is the proxy's business.
    const bool https = normal->starts_with("https://");
    const std::string origin_authority = normal->substr(https ? 8 : 7);
    return !origin_authority.empty() && origin_authority == normal_authority(host, https ? "443" : "80");
}

}  // namespace golf::server
