// The terminal side of `golf play`: whether output goes to a terminal, a raw-mode guard that restores the
// terminal however the program ends (alternate screen, no echo, no line buffering), the screen size, signal flags,
// and a keyboard reader that never blocks: it reads what is there and hands back finished lines.
#pragma once

#include <csignal>
#include <optional>
#include <string>
#include <termios.h>
#include <utility>
#include <vector>

namespace golf::cli {

// Set by the signal handlers installed by install_signal_flags().
extern volatile std::sig_atomic_t quit_signal;     // SIGINT, SIGTERM or SIGHUP arrived
extern volatile std::sig_atomic_t resized_signal;  // SIGWINCH arrived
void install_signal_flags();

bool is_terminal(int fd);
// Columns and rows of the terminal on `fd`; 80x24 when it cannot say.
std::pair<int, int> terminal_size(int fd);

// Puts the terminal in raw mode on the alternate screen; the destructor puts everything back.
class raw_terminal {
public:
    raw_terminal();
    ~raw_terminal();
    raw_terminal(const raw_terminal&) = delete;
    raw_terminal& operator=(const raw_terminal&) = delete;

private:
    termios saved_{};
    bool active_ = false;
};

// Reads standard input without blocking. In `editing` mode (raw terminal) it edits the line itself (backspace,
// Ctrl-U; Enter finishes it; Ctrl-D on an empty line is the end); otherwise it splits what arrives into lines.
class line_reader {
public:
    explicit line_reader(bool editing) : editing_(editing) {}
    // Waits up to `timeout_ms` for input and returns the lines finished by it.
    std::vector<std::string> read(int timeout_ms);
    bool ended() const { return ended_; }
    const std::string& partial() const { return partial_; }    // the line being typed (editing mode)
    bool changed() { return std::exchange(changed_, false); }  // the partial line changed since last asked

private:
    void take(char c, std::vector<std::string>& lines);
    bool editing_;
    bool ended_ = false;
    bool changed_ = false;
    int escape_ = 0;  // inside an escape sequence (arrow keys and such), which is ignored
    std::string partial_;
};

// Writes all of `text` to standard output; false when it cannot.
bool write_out(const std::string& text);

}  // namespace golf::cli
