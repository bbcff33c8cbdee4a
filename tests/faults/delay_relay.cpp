// One thread, non-blocking sockets and poll: a stalled peer (paused, or behind a cut link) never holds up the
// relay's other connections, and a connect into a cut link waits in poll, not in connect().
#include "tests/faults/delay_relay.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <deque>
#include <future>
#include <memory>
#include <stdexcept>
#include <vector>

#include "tests/faults/network.hpp"

namespace golf::faults {

namespace {

using clock_type = std::chrono::steady_clock;

struct chunk {
    clock_type::time_point due;
    std::string bytes;
};

// One direction of a relayed connection: what was read and waits for its time, and whether its source ended.
struct stream {
    std::deque<chunk> pending;
    bool ended = false;
    bool shut = false;  // the end passed on to the other side
};

struct pair_state {
    int down = -1;  // the accepted side
    int up = -1;    // towards the target
    bool connecting = true;
    stream to_up, to_down;
    bool dead = false;
};

sockaddr_in address_of(const std::string& host, std::uint16_t port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    if (::inet_pton(AF_INET, host.c_str(), &a.sin_addr) != 1) throw std::runtime_error("not an address: " + host);
    return a;
}

// Reads what `from` has into `into`, due `delay` from now; marks the stream ended at EOF; false on an error.
bool read_into(int from, stream& into, int delay_ms) {
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::recv(from, buffer, sizeof buffer, 0);
        if (n > 0) {
            into.pending.push_back({clock_type::now() + std::chrono::milliseconds(delay_ms),
                                    std::string(buffer, static_cast<std::size_t>(n))});
            continue;
        }
        if (n == 0) into.ended = true;
        return n == 0 || errno == EAGAIN || errno == EWOULDBLOCK;
    }
}

// Writes what is due to `to`; passes the end on once everything before it is written; false on an error.
bool write_due(int to, stream& from) {
    const auto now = clock_type::now();
    while (!from.pending.empty() && from.pending.front().due <= now) {
        std::string& bytes = from.pending.front().bytes;
        const ssize_t n = ::send(to, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK;
        bytes.erase(0, static_cast<std::size_t>(n));
        if (!bytes.empty()) return true;
        from.pending.pop_front();
    }
    if (from.ended && from.pending.empty() && !from.shut) {
        ::shutdown(to, SHUT_WR);
        from.shut = true;
    }
    return true;
}

bool wants_write(const stream& s) { return !s.pending.empty() && s.pending.front().due <= clock_type::now(); }

// The poll entry of one socket: reads while its source is open, writes when something is due; none (fd -1) when
// there is nothing to wait for, so a peer that hung up does not wake poll again and again.
pollfd entry(int fd, bool read_open, const stream& out) {
    const short events = static_cast<short>((read_open ? POLLIN : 0) | (wants_write(out) ? POLLOUT : 0));
    return {events == 0 ? -1 : fd, events, 0};
}

// Reads and writes what `down` and `up` are ready for; false once the pair is finished or failed.
bool service(pair_state& p, const pollfd& down, const pollfd& up, int delay_ms) {
    if (p.connecting) {
        if (!(up.revents & (POLLOUT | POLLERR | POLLHUP))) return true;
        int error = 0;
        socklen_t size = sizeof error;
        ::getsockopt(p.up, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error != 0) return false;
        p.connecting = false;
    }
    if ((down.revents & (POLLIN | POLLHUP | POLLERR)) && !read_into(p.down, p.to_up, delay_ms)) return false;
    if ((up.revents & (POLLIN | POLLHUP | POLLERR)) && !read_into(p.up, p.to_down, delay_ms)) return false;
    if (!write_due(p.up, p.to_up) || !write_due(p.down, p.to_down)) return false;
    // Either side's end, passed on, ends the pair: PostgreSQL and HTTP never half-close.
    return !(p.to_up.shut || p.to_down.shut);
}

// Takes every waiting connection and starts its connect to the target; returns how many.
int accept_all(int listener, std::vector<std::unique_ptr<pair_state>>& pairs, const sockaddr_in& there) {
    int accepted = 0;
    for (int client; (client = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK)) >= 0;) {
        auto p = std::make_unique<pair_state>();
        p->down = client;
        p->up = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        const int on = 1;
        ::setsockopt(p->up, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        ::setsockopt(p->down, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        if (::connect(p->up, reinterpret_cast<const sockaddr*>(&there), sizeof there) != 0 && errno != EINPROGRESS)
            p->dead = true;
        pairs.push_back(std::move(p));
        ++accepted;
    }
    return accepted;
}

}  // namespace

delay_relay::delay_relay(std::string ns, std::uint16_t port, std::string target, std::uint16_t target_port)
    : ns_(std::move(ns)), port_(port), target_(std::move(target)), target_port_(target_port) {
    std::promise<void> ready;
    auto listening = ready.get_future();
    thread_ = std::thread([this, &ready] {
        try {
            enter_namespace(ns_);
            listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
            const int on = 1;
            ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
            const sockaddr_in here = address_of("127.0.0.1", port_);
            if (::bind(listener_, reinterpret_cast<const sockaddr*>(&here), sizeof here) != 0 ||
                ::listen(listener_, 64) != 0)
                throw std::runtime_error("the relay in " + ns_ + " cannot listen on port " + std::to_string(port_));
            ready.set_value();
        } catch (...) {
            ready.set_exception(std::current_exception());
            return;
        }
        run();
    });
    try {
        listening.get();
    } catch (...) {
        thread_.join();
        throw;
    }
}

delay_relay::~delay_relay() {
    stop_ = true;
    thread_.join();
    if (listener_ >= 0) ::close(listener_);
}

void delay_relay::run() {
    std::vector<std::unique_ptr<pair_state>> pairs;
    const sockaddr_in there = address_of(target_, target_port_);
    while (!stop_) {
        std::vector<pollfd> fds{{listener_, POLLIN, 0}};
        auto next_due = clock_type::now() + std::chrono::milliseconds(50);
        for (const auto& p : pairs) {
            if (p->connecting) {  // the client's bytes wait until the target answers
                fds.push_back({-1, 0, 0});
                fds.push_back({p->up, POLLOUT, 0});
            } else {
                fds.push_back(entry(p->down, !p->to_up.ended, p->to_down));
                fds.push_back(entry(p->up, !p->to_down.ended, p->to_up));
            }
            for (const stream* s : {&p->to_up, &p->to_down})
                if (!s->pending.empty() && s->pending.front().due < next_due) next_due = s->pending.front().due;
        }
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next_due - clock_type::now());
        ::poll(fds.data(), fds.size(), static_cast<int>(std::max<long>(0, wait.count())));
        const std::size_t polled = pairs.size();
        if (fds[0].revents & POLLIN) accepted_ += accept_all(listener_, pairs, there);
        for (std::size_t i = 0; i < polled; ++i)
            if (!pairs[i]->dead && !service(*pairs[i], fds[1 + 2 * i], fds[2 + 2 * i], delay_ms_))
                pairs[i]->dead = true;
        for (auto it = pairs.begin(); it != pairs.end();) {
            if (!(*it)->dead) {
                ++it;
                continue;
            }
            ::close((*it)->down);
            ::close((*it)->up);
            it = pairs.erase(it);
        }
    }
    for (const auto& p : pairs) {
        ::close(p->down);
        ::close(p->up);
    }
}

}  // namespace golf::faults
