#include "cli/progress_bar.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace golf::cli {

progress_bar::progress_bar(std::int64_t total) : total_(total), enabled_(isatty(STDERR_FILENO) == 1) {}

void progress_bar::update(std::int64_t done) {
    if (!enabled_ || total_ <= 0) return;
    const auto now = clock_type::now();
    if (now - start_ < std::chrono::milliseconds(500) || now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    constexpr int width = 40;
    const int filled = static_cast<int>(static_cast<double>(done) / static_cast<double>(total_) * width);
    std::fprintf(stderr, "\r[%s%s] %3d%% %lld/%lld hands", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), '-').c_str(),
                 static_cast<int>(done * 100 / total_), static_cast<long long>(done), static_cast<long long>(total_));
    std::fflush(stderr);
    drawn_ = true;
}

std::function<void(std::int64_t)> progress_bar::callback() {
    if (!enabled_) return {};
    return [this](std::int64_t done) { update(done); };
}

void progress_bar::finish() {
    if (!drawn_) return;
    std::fprintf(stderr, "\r\033[K");  // clear the bar's line
    std::fflush(stderr);
    drawn_ = false;
}

}  // namespace golf::cli
