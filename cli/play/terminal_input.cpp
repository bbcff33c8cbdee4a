#include "cli/play/terminal_input.hpp"

#include <cerrno>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <utility>

namespace golf::cli {

volatile std::sig_atomic_t quit_signal = 0;
volatile std::sig_atomic_t resized_signal = 0;

namespace {
extern "C" void on_quit_signal(int) { quit_signal = 1; }
extern "C" void on_resize_signal(int) { resized_signal = 1; }
}  // namespace

void install_signal_flags() {
    struct sigaction quit {};
    quit.sa_handler = on_quit_signal;
    sigemptyset(&quit.sa_mask);
    for (const int number : {SIGINT, SIGTERM, SIGHUP}) sigaction(number, &quit, nullptr);
    struct sigaction resize {};
    resize.sa_handler = on_resize_signal;
    sigemptyset(&resize.sa_mask);
    sigaction(SIGWINCH, &resize, nullptr);
    std::signal(SIGPIPE, SIG_IGN);  // a closed stdout is an error to report, not a reason to die silently
}

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

std::pair<int, int> terminal_size(int fd) {
    winsize size{};
    if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 && size.ws_row > 0) return {size.ws_col, size.ws_row};
    return {80, 24};
}

raw_terminal::raw_terminal() {
    if (::tcgetattr(STDIN_FILENO, &saved_) != 0) return;
    termios raw = saved_;
    raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);  // ISIG stays: Ctrl-C arrives as SIGINT
    raw.c_cc[VMIN] = 0;
    raw.c_cc[VTIME] = 0;
    if (::tcsetattr(STDIN_FILENO, TCSANOW, &raw) != 0) return;
    active_ = true;
    write_out("\x1b[?1049h\x1b[H\x1b[2J");  // the alternate screen keeps the user's scrollback as it was
}

raw_terminal::~raw_terminal() {
    if (!active_) return;
    write_out("\x1b[0m\x1b[?25h\x1b[?1049l");
    ::tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
}

std::vector<std::string> line_reader::read(int timeout_ms) {
    std::vector<std::string> lines;
    if (ended_) return lines;
    pollfd in{STDIN_FILENO, POLLIN, 0};
    if (::poll(&in, 1, timeout_ms) <= 0) return lines;
    char buffer[512];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return lines;
    if (n <= 0) {
        if (!editing_ && !partial_.empty()) lines.push_back(std::exchange(partial_, {}));
        ended_ = true;
        return lines;
    }
    for (ssize_t i = 0; i < n; ++i) take(buffer[i], lines);
    return lines;
}

void line_reader::take(char c, std::vector<std::string>& lines) {
    const auto byte = static_cast<unsigned char>(c);
    if (!editing_) {
        if (c == '\n') lines.push_back(std::exchange(partial_, {}));
        else if (c != '\r' && partial_.size() < 4096) partial_ += c;
        return;
    }
    if (escape_ == 1) {  // after ESC: '[' or 'O' starts a sequence, anything else ends it
        escape_ = (c == '[' || c == 'O') ? 2 : 0;
        return;
    }
    if (escape_ == 2) {  // a sequence ends with a letter or '~'
        if ((c >= '@' && c <= '~')) escape_ = 0;
        return;
    }
    changed_ = true;
    if (c == '\r' || c == '\n') {
        lines.push_back(std::exchange(partial_, {}));
    } else if (byte == 0x7f || byte == 0x08) {
        while (!partial_.empty() && (static_cast<unsigned char>(partial_.back()) & 0xC0) == 0x80) partial_.pop_back();
        if (!partial_.empty()) partial_.pop_back();
    } else if (byte == 0x15) {
        partial_.clear();
    } else if (byte == 0x04) {
        if (partial_.empty()) ended_ = true;
    } else if (byte == 0x1b) {
        escape_ = 1;
    } else if ((byte >= 0x20 || byte >= 0x80) && partial_.size() < 400) {
        partial_ += c;
    }
}

bool write_out(const std::string& text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + at, text.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        at += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace golf::cli
