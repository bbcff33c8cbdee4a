// The headers every HTTP answer carries (pages, files, /api/, /healthz, errors, the busy refusal): a Content Security
// Policy the built web client satisfies, and the usual guards against sniffing, framing and leaking the URL.
// No Strict-Transport-Security: the TLS proxy in front sends that; a plain-http server on a LAN must not.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace golf::server {

// The policy for a page fetched with this Host header (empty when unknown). connect-src names the WebSocket of
// that host besides 'self': Safari's 'self' long did not cover ws: and wss:, and the client only ever connects to
// the host that served it. A Host that is not a plain host[:port] is left out.
std::string content_security_policy(std::string_view host);

// Every security header, in order, as name and value.
std::vector<std::pair<std::string_view, std::string>> security_headers(std::string_view host);

// Sets every security header on a Beast message (or its fields).
template <class Fields>
void add_security_headers(Fields& fields, std::string_view host) {
    for (const auto& [name, value] : security_headers(host)) fields.set(name, value);
}

}  // namespace golf::server
