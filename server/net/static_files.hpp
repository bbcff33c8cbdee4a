// The built web client, served from --web-root: a GET path maps to a file under the root, never outside it; a path
// without an extension that names no file gets index.html, so a shared link like /t/ABC234 opens the app.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace golf::server {

struct static_file {
    std::string body;
    std::string content_type;
    bool immutable = false;  // a content-hashed asset: cacheable for a year
};

// The file for `path` (the request target without its query), or nullopt when there is none (404). Refuses
// anything that could leave the root: "..", backslashes, NUL, hidden names, symlinks out of the root.
std::optional<static_file> find_static_file(const std::string& web_root, std::string_view path);

}  // namespace golf::server
