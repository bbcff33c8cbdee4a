#include "server/net/static_files.hpp"

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

namespace golf::server {

namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t max_file_bytes = 32 * 1024 * 1024;  // the client's files are far smaller; this bounds a read

std::string_view content_type_of(const fs::path& file) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> types{{
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".webmanifest", "application/manifest+json"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".ico", "image/x-icon"},
        {".txt", "text/plain; charset=utf-8"},
        {".map", "application/json"},
        {".wasm", "application/wasm"},
        {".woff2", "font/woff2"},
        {".proto", "text/plain; charset=utf-8"},
    }};
    const std::string ext = file.extension().string();
    for (const auto& [suffix, type] : types)
        if (ext == suffix) return type;
    return "application/octet-stream";
}

// Each segment must be a plain name: no "..", ".", hidden files, or characters a filesystem might treat specially.
bool safe_path(std::string_view path) {
    if (path.empty() || path.front() != '/') return false;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view segment = path.substr(start, end - start);
        if (!segment.empty() && segment.front() == '.') return false;
        for (char c : segment)
            if (c == '\\' || c == '\0' || c == ':' || static_cast<unsigned char>(c) < 0x20) return false;
        start = end + 1;
    }
    return true;
}

std::optional<static_file> read_file(const fs::path& root, const fs::path& file) {
    std::error_code error;
    const fs::path real = fs::canonical(file, error);
    if (error || !fs::is_regular_file(real, error)) return std::nullopt;
    // Resolved links must still be inside the root.
    const auto [root_end, unused] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
    if (root_end != root.end()) return std::nullopt;
    const auto size = fs::file_size(real, error);
    if (error || size > max_file_bytes) return std::nullopt;
    std::ifstream in(real, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream body;
    body << in.rdbuf();
    static_file out;
    out.body = std::move(body).str();
    out.content_type = std::string(content_type_of(real));
    return out;
}

}  // namespace

std::optional<static_file> find_static_file(const std::string& web_root, std::string_view path) {
    if (web_root.empty() || !safe_path(path)) return std::nullopt;
    std::error_code error;
    const fs::path root = fs::canonical(web_root, error);
    if (error) return std::nullopt;
    const std::string relative(path.substr(1));
    const bool directory_like = relative.empty() || relative.back() == '/';
    const fs::path wanted = root / (directory_like ? relative + "index.html" : relative);
    if (auto found = read_file(root, wanted)) {
        // Vite names its bundles by content hash under assets/: they never change under the same name.
        found->immutable = relative.starts_with("assets/");
        return found;
    }
    // A client-side route (no extension; a profile's, /p/NAME, whatever its name holds, as "J.R."): the app itself.
    const bool route = fs::path(relative).extension().empty() || relative.starts_with("p/");
    if (!directory_like && route) return read_file(root, root / "index.html");
    return std::nullopt;
}

}  // namespace golf::server
