#include "server/net/security_headers.hpp"

#include <algorithm>
#include <cctype>

namespace golf::server {

namespace {

// A DNS name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing that could end a
// directive (';', ',') or add a source (' ').
bool plain_authority(std::string_view host) {
    return !host.empty() && host.size() <= 255 && std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
    });
}

}  // namespace

std::string content_security_policy(std::string_view host) {
    std::string connect = "'self'";
    if (plain_authority(host)) connect += " ws://" + std::string(host) + " wss://" + std::string(host);
    return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src " + connect +
           "; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
}

std::vector<std::pair<std::string_view, std::string>> security_headers(std::string_view host) {
    return {
        {"Content-Security-Policy", content_security_policy(host)},
        {"X-Content-Type-Options", "nosniff"},
        // Table links carry a join code in their path: no other site should read it from a Referer.
        {"Referrer-Policy", "no-referrer"},
        {"X-Frame-Options", "DENY"},  // frame-ancestors 'none' for browsers that predate it
        {"Cross-Origin-Opener-Policy", "same-origin"},
    };
}

}  // namespace golf::server
