// Which pages may open the WebSocket: a browser names the page's origin in the upgrade's Origin header, so a page on
// another site cannot open a game connection from its visitor's browser (with the visitor's address, or to a server
// on the visitor's LAN). Programs that are not browsers send no Origin and are let in: they borrow nobody's browser.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace golf::server {

// An --allowed-origin value as browsers send it (lowercase, without a default port), or nullopt when it is not
// scheme://host[:port] with scheme http or https and nothing after.
std::optional<std::string> normalize_origin(std::string_view text);

// Whether an upgrade with this Origin header (nullopt: none) may proceed: it equals one of `allowed`, or, when
// none are configured, its host[:port] equals the request's Host header.
bool origin_allowed(const std::vector<std::string>& allowed, const std::optional<std::string_view>& origin,
                    std::string_view host);

}  // namespace golf::server
