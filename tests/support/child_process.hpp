// Shared by the tests that run our programs as real processes (tests/server, tests/clients): a child process with
// pipes on stdin, stdout and stderr (killed if still running at the end), a real golf-server on a free port of
// 127.0.0.1 with a temporary database, and a TCP proxy that can cut every connection through it, as a lost network
// would. Every read and wait is bounded.
#pragma once

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "tests/support/temp_dir.hpp"

extern char** environ;

namespace golf::testing {

using clock_type = std::chrono::steady_clock;

class child_process {
public:
    // `output_file`: when set, stdout and stderr go to that file instead of pipes (a chatty server never blocks).
    explicit child_process(std::vector<std::string> args, const std::vector<std::string>& extra_environment = {},
                           const std::optional<std::filesystem::path>& output_file = std::nullopt) {
        int in[2];
        int out[2];
        int err[2];
        if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
            throw std::runtime_error("pipe2 failed");
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
        if (output_file) {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_file->c_str(),
                                             O_WRONLY | O_CREAT | O_TRUNC, 0644);
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
        } else {
            posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
            posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
        }
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        std::vector<std::string> environment;
        for (char** e = environ; *e; ++e)
            if (!std::string_view(*e).starts_with("GOLF_")) environment.emplace_back(*e);
        environment.insert(environment.end(), extra_environment.begin(), extra_environment.end());
        std::vector<char*> envp;
        for (std::string& e : environment) envp.push_back(e.data());
        envp.push_back(nullptr);

        const int spawned = posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), envp.data());
        posix_spawn_file_actions_destroy(&actions);
        ::close(in[0]);
        ::close(out[1]);
        ::close(err[1]);
        in_fd_ = in[1];
        out_fd_ = out[0];
        err_fd_ = err[0];
        if (spawned != 0) {
            pid_ = -1;
            throw std::runtime_error(std::string("posix_spawn failed: ") + std::strerror(spawned));
        }
    }
    ~child_process() {
        if (pid_ > 0 && !status_) {
            ::kill(pid_, SIGKILL);
            int ignored = 0;
            ::waitpid(pid_, &ignored, 0);
        }
        for (const int fd : {in_fd_, out_fd_, err_fd_})
            if (fd >= 0) ::close(fd);
    }
    child_process(const child_process&) = delete;
    child_process& operator=(const child_process&) = delete;

    // Writes to the child's stdin (ignoring a child that has gone: the test's assertions will say why).
    void write(const std::string& text) {
        if (in_fd_ < 0) return;
        std::size_t at = 0;
        while (at < text.size()) {
            const ssize_t n = ::write(in_fd_, text.data() + at, text.size() - at);
            if (n <= 0) return;
            at += static_cast<std::size_t>(n);
        }
    }
    void close_stdin() {
        if (in_fd_ >= 0) ::close(in_fd_);
        in_fd_ = -1;
    }

    // Reads what is available on stdout and stderr, waiting up to `timeout_ms`; false once both pipes are closed.
    bool pump(int timeout_ms) {
        if (open_pipes_ == 0) {
            if (timeout_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(timeout_ms));
            return false;
        }
        pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
        if (::poll(fds, 2, timeout_ms) <= 0) return open_pipes_ > 0;
        std::string* targets[2] = {&out_, &err_};
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
            char buffer[8192];
            const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                targets[i]->append(buffer, static_cast<std::size_t>(n));
            } else {
                ::close(fds[i].fd);
                (i == 0 ? out_fd_ : err_fd_) = -1;
                --open_pipes_;
            }
        }
        return open_pipes_ > 0;
    }

    // Reads until `text` is in stdout at or after `from`; false when it has not come within `limit`.
    bool wait_for_output(const std::string& text, std::chrono::seconds limit = std::chrono::seconds(30),
                         std::size_t from = 0) {
        const auto deadline = clock_type::now() + limit;
        while (out_.find(text, from) == std::string::npos) {
            if (clock_type::now() > deadline) return false;
            if (!pump(50) && out_.find(text, from) == std::string::npos) return false;
        }
        return true;
    }

    // The exit status (128 + the signal if killed by one); nullopt while it still runs after `limit`.
    std::optional<int> wait_exit(std::chrono::seconds limit = std::chrono::seconds(30)) {
        const auto deadline = clock_type::now() + limit;
        while (!status_) {
            int raw = 0;
            if (::waitpid(pid_, &raw, WNOHANG) == pid_) {
                status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
                break;
            }
            if (clock_type::now() > deadline) return std::nullopt;
            pump(20);
        }
        for (int i = 0; i < 1000 && pump(0); ++i) {}
        return status_;
    }

    void signal(int number) { ::kill(pid_, number); }
    const std::string& out() const { return out_; }
    const std::string& err() const { return err_; }

private:
    pid_t pid_ = -1;
    int in_fd_ = -1;
    int out_fd_ = -1;
    int err_fd_ = -1;
    int open_pipes_ = 2;
    std::string out_;
    std::string err_;
    std::optional<int> status_;
};

// The port in golf-server's "listening on 127.0.0.1:PORT" line (0 when there is none yet).
inline std::uint16_t listening_port(const std::string& output) {
    const std::string marker = "listening on 127.0.0.1:";
    const auto at = output.find(marker);
    if (at == std::string::npos) return 0;
    return static_cast<std::uint16_t>(std::stoi(output.substr(at + marker.size())));
}

// The whole of a log file so far ("" while it does not exist).
inline std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Polls a server's log for its "listening on" line for at most `limit`: the port, or 0 if it never came.
inline std::uint16_t wait_for_listening_port(const std::filesystem::path& log,
                                             std::chrono::seconds limit = std::chrono::seconds(30)) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    std::uint16_t port = listening_port(file_text(log));
    while (port == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        port = listening_port(file_text(log));
    }
    return port;
}

// How server_process starts golf-server; the defaults suit most tests.
struct server_options {
    std::filesystem::path db{};  // empty: golf.db in the server's own temporary directory
    std::uint16_t port = 0;      // 0: any free port (a restart passes the old one, so clients find it again)
    std::string log_level = "info";
    std::vector<std::string> extra{};  // more flags, e.g. {"--seat-grace", "120"}
};

// golf-server on 127.0.0.1 (a free port unless told), no pauses for bots or between holes, its log in a file
// (so a chatty server never blocks on a pipe). Stopped by SIGTERM at the end unless a test stopped it first.
class server_process {
public:
    explicit server_process(const std::string& server_path, server_options options = {})
        : log_(dir_.path() / "server.log"),
          db_(options.db.empty() ? dir_.path() / "golf.db" : options.db),
          process_(arguments(server_path, db_, options), {}, log_),
          port_(wait_for_listening_port(log_)) {}
    ~server_process() {
        if (!status_) stop(SIGTERM);
    }
    server_process(const server_process&) = delete;
    server_process& operator=(const server_process&) = delete;

    std::uint16_t port() const { return port_; }  // 0 when the server did not start
    std::string url() const { return "ws://127.0.0.1:" + std::to_string(port_) + "/ws"; }
    const std::filesystem::path& db() const { return db_; }
    std::string log() const { return file_text(log_); }
    // Sends a signal without waiting (SIGSTOP, SIGCONT, or a stop whose exit is awaited later with wait()).
    void signal(int signal_number) {
        if (!status_) process_.signal(signal_number);
    }
    // Waits (at most 30 s) for the exit: the status, 128 + N when killed by signal N.
    std::optional<int> wait() {
        if (!status_) status_ = process_.wait_exit(std::chrono::seconds(30));
        return status_;
    }
    // Sends `signal_number` and waits for the exit.
    std::optional<int> stop(int signal_number) {
        signal(signal_number);
        return wait();
    }

private:
    static std::vector<std::string> arguments(const std::string& server_path, const std::filesystem::path& db,
                                              const server_options& options) {
        std::vector<std::string> args{
            server_path,      "--host", "127.0.0.1",      "--port", std::to_string(options.port), "--db", db.string(),
            "--threads",      "2",      "--bot-delay-ms", "0",      "--between-holes-ms",         "0",    "--log-level",
            options.log_level};
        args.insert(args.end(), options.extra.begin(), options.extra.end());
        return args;
    }

    temp_dir dir_;
    std::filesystem::path log_;
    std::filesystem::path db_;
    child_process process_;
    std::uint16_t port_ = 0;
    std::optional<int> status_;
};

// Forwards connections from its own port on 127.0.0.1 to `target_port`; cut() closes every connection open now.
class cutting_proxy {
public:
    explicit cutting_proxy(std::uint16_t target_port) : target_(target_port) {
        listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address = loopback(0);
        socklen_t size = sizeof address;
        if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(listener_, 16) != 0 || ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size) != 0)
            throw std::runtime_error("the proxy cannot listen");
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { run(); });
    }
    ~cutting_proxy() {
        stop_ = true;
        thread_.join();
        ::close(listener_);
        for (const auto& [a, b] : pairs_) {
            ::close(a);
            ::close(b);
        }
    }
    cutting_proxy(const cutting_proxy&) = delete;
    cutting_proxy& operator=(const cutting_proxy&) = delete;

    std::uint16_t port() const { return port_; }
    void cut() { ++cuts_requested_; }
    int connections() const { return accepted_; }

private:
    static sockaddr_in loopback(std::uint16_t port) {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        address.sin_port = htons(port);
        return address;
    }

    void run() {
        int cuts_done = 0;
        while (!stop_) {
            if (cuts_done < cuts_requested_) {
                ++cuts_done;
                for (const auto& [a, b] : pairs_) {
                    ::shutdown(a, SHUT_RDWR);
                    ::close(a);
                    ::close(b);
                }
                pairs_.clear();
            }
            std::vector<pollfd> fds{{listener_, POLLIN, 0}};
            for (const auto& [a, b] : pairs_) {
                fds.push_back({a, POLLIN, 0});
                fds.push_back({b, POLLIN, 0});
            }
            if (::poll(fds.data(), fds.size(), 20) <= 0) continue;
            if (fds[0].revents & POLLIN) {
                const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
                const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
                sockaddr_in address = loopback(target_);
                if (client >= 0 && ::connect(server, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
                    pairs_.emplace_back(client, server);
                    ++accepted_;
                } else {
                    if (client >= 0) ::close(client);
                    ::close(server);
                }
            }
            std::vector<std::size_t> dead;
            for (std::size_t i = 0; i + 1 < fds.size(); i += 2) {
                const std::size_t pair = i / 2;
                for (int side = 0; side < 2; ++side) {
                    const pollfd& from = fds[1 + i + static_cast<std::size_t>(side)];
                    if (!(from.revents & (POLLIN | POLLHUP | POLLERR))) continue;
                    char buffer[16384];
                    const ssize_t n = ::read(from.fd, buffer, sizeof buffer);
                    const int to = side == 0 ? pairs_[pair].second : pairs_[pair].first;
                    if (n <= 0 || ::send(to, buffer, static_cast<std::size_t>(n), MSG_NOSIGNAL) != n) {
                        dead.push_back(pair);
                        break;
                    }
                }
            }
            for (auto it = dead.rbegin(); it != dead.rend(); ++it) {
                ::close(pairs_[*it].first);
                ::close(pairs_[*it].second);
                pairs_.erase(pairs_.begin() + static_cast<std::ptrdiff_t>(*it));
            }
        }
    }

    std::uint16_t target_;
    std::uint16_t port_ = 0;
    int listener_ = -1;
    std::vector<std::pair<int, int>> pairs_;  // (client, server), touched only by the proxy's thread
    std::atomic<bool> stop_{false};
    std::atomic<int> cuts_requested_{0};
    std::atomic<int> accepted_{0};
    std::thread thread_;
};

}  // namespace golf::testing
