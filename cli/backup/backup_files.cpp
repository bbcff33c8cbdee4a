// The paths, temporary files and child processes of golf backup and golf restore.
#include "cli/backup/backup_files.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "cli/commands.hpp"

extern char** environ;

namespace golf::cli::backup {

int run_reporting(const std::string& command, const std::function<int()>& body) {
    try {
        return body();
    } catch (const refusal& e) {
        std::cerr << "golf " << command << ": " << e.what() << '\n';
        return exit_bad_input;
    } catch (const run_failure& e) {
        std::cerr << "golf " << command << ": " << e.what() << '\n';
        return exit_failure;
    }
}

fs::path with_suffix(const fs::path& path, const std::string& suffix) {
    fs::path out = path;
    out += suffix;
    return out;
}

void check_writable_place(const fs::path& path, const std::string& flag) {
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::error_code error;
    if (!fs::is_directory(dir, error))
        throw refusal("the directory of " + flag + " " + path.string() + " does not exist");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        throw refusal("cannot write in " + dir.string() + ", the directory of " + flag + " " + path.string());
    if (fs::is_directory(path, error)) throw refusal(flag + " " + path.string() + " is a directory, not a file");
}

void check_existing_file(const fs::path& path, const std::string& flag, const std::string& what) {
    std::error_code error;
    if (!fs::exists(path, error))
        throw refusal("there is no " + what + " at " + flag + " " + path.string() + " (nothing was created)");
    if (!fs::is_regular_file(path, error)) throw refusal(flag + " " + path.string() + " is not a " + what + " file");
}

partial_file::partial_file(fs::path final_path, const std::string& suffix)
    : final_(std::move(final_path)), partial_(with_suffix(final_, suffix)) {}

partial_file::~partial_file() {
    if (published_) return;
    std::error_code ignored;
    fs::remove(partial_, ignored);
    fs::remove(with_suffix(partial_, "-journal"), ignored);
}

void partial_file::publish() {
    sync_path(partial_);
    std::error_code error;
    fs::rename(partial_, final_, error);
    if (error) throw std::runtime_error("could not rename " + partial_.string() + " to " + final_.string());
    published_ = true;
    sync_path(final_.has_parent_path() ? final_.parent_path() : fs::path("."));
}

void sync_path(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    if (fd >= 0) ::close(fd);
    if (!synced) throw std::runtime_error("could not sync " + path.string() + " to disk");
}

std::optional<fs::path> find_pg_tool(const std::string& tool) {
    std::vector<fs::path> places;
    if (const char* path = std::getenv("PATH")) {
        std::string_view rest(path);
        while (!rest.empty()) {
            const auto colon = rest.find(':');
            if (colon != 0) places.emplace_back(rest.substr(0, colon));  // an empty entry would be the current folder
            rest.remove_prefix(colon == std::string_view::npos ? rest.size() : colon + 1);
        }
    }
    places.emplace_back("/usr/lib/postgresql/15/bin");  // the server package's own copy, off PATH
    for (const fs::path& dir : places) {
        const fs::path candidate = dir / tool;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return std::nullopt;
}

std::string missing_pg_tool(const std::string& tool) {
    return tool + " was not found on PATH nor in /usr/lib/postgresql/15/bin; install the package postgresql-client-15";
}

namespace {

// %XX escapes decoded, as libpq decodes a URI's parts.
std::string percent_decoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        unsigned value = 0;
        if (text[i] == '%' && i + 2 < text.size() &&
            std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr == text.data() + i + 3) {
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

std::string url_for_tool(const std::string& url) {
    std::string out = url;
    std::string password;
    const auto start = out.find("://");
    if (start == std::string::npos) return out;
    const auto at = out.find('@', start + 3);
    const auto end = out.find_first_of("/?", start + 3);
    if (at != std::string::npos && (end == std::string::npos || at < end)) {
        const auto colon = out.find(':', start + 3);
        if (colon < at) {
            password = percent_decoded(std::string_view(out).substr(colon + 1, at - colon - 1));
            out.erase(colon, at - colon);
        }
    }
    if (const auto query = out.find('?'); query != std::string::npos) {
        std::string kept;
        std::string_view rest = std::string_view(out).substr(query + 1);
        while (!rest.empty()) {
            const auto amp = rest.find('&');
            const std::string_view item = rest.substr(0, amp);
            if (item.starts_with("password=")) password = percent_decoded(item.substr(9));
            else if (!item.empty()) kept += (kept.empty() ? "" : "&") + std::string(item);
            rest.remove_prefix(amp == std::string_view::npos ? rest.size() : amp + 1);
        }
        out.erase(query);
        if (!kept.empty()) out += "?" + kept;
    }
    if (!password.empty()) ::setenv("PGPASSWORD", password.c_str(), 1);
    return out;
}

std::string tool_result::first_line() const {
    const std::string& text = !err.empty() ? err : out;
    if (text.empty()) return "exit status " + std::to_string(status);
    return text.substr(0, text.find('\n'));
}

namespace {

// Reads both pipes until the child closes them; false when `limit` passed first. Closes neither.
bool collect(int out_fd, int err_fd, tool_result& result, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    std::string* targets[2] = {&result.out, &result.err};
    for (int open = 2; open > 0;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return false;
        if (::poll(fds, 2, static_cast<int>(std::min<std::int64_t>(left.count(), 1000))) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buffer[8192];
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                targets[i]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                fds[i].fd = -1;  // poll skips it; the caller closes both
                --open;
            }
        }
    }
    return true;
}

}  // namespace

tool_result run_tool(const std::vector<std::string>& argv, std::chrono::seconds limit) {
    ::setenv("PGCONNECT_TIMEOUT", "10", 0);  // a URL's own connect_timeout still wins
    int out[2];
    int err[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("cannot make a pipe: ") + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    ::close(err[1]);
    tool_result result;
    const bool finished = spawned == 0 && collect(out[0], err[0], result, limit);
    ::close(out[0]);
    ::close(err[0]);
    if (spawned != 0) throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(spawned));
    if (!finished) ::kill(pid, SIGKILL);
    int raw = 0;
    while (::waitpid(pid, &raw, 0) < 0 && errno == EINTR) {}
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    if (!finished) {
        result.status = -1;
        result.err = argv[0] + " did not finish within " + std::to_string(limit.count()) + " s and was stopped";
    }
    return result;
}

[[noreturn]] void rethrow(const persistence::store_error& e) {
    using persistence::store_error_kind;
    switch (e.kind()) {
        case store_error_kind::corrupt:
        case store_error_kind::cannot_open:
        case store_error_kind::newer_schema: throw refusal(e.what());
        default: throw run_failure(e.what());
    }
}

}  // namespace golf::cli::backup
