#include "server/tables/bot_thinking.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <utility>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "engine/search_bot.hpp"

namespace golf::server {

namespace {

// Thinking yields the CPU to the I/O threads: people's moves are answered first, and a busy pool only slows
// the bots. Best effort (Linux: this thread's nice value); nothing is lost where it is refused.
void lower_priority() {
#ifdef __linux__
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    (void)::setpriority(PRIO_PROCESS, tid, 10);
#endif
}

}  // namespace

action bot_thinking::search(const job& j) {
    random_source random(j.seed);
    try {
        search_bot searcher(j.playouts);
        const action a = searcher.choose(*j.rules, j.view, random);
        if (std::find(j.view.legal.begin(), j.view.legal.end(), a) != j.view.legal.end()) return a;
        spdlog::warn("the search bot chose a move outside its legal moves; the heuristic bot decides instead");
    } catch (const std::exception& e) {
        spdlog::error("the search bot failed ({}); the heuristic bot decides instead", e.what());
    }
    heuristic_bot fallback;
    return fallback.choose(*j.rules, j.view, random);
}

bot_thinking::bot_thinking(int threads, std::size_t queue_limit, thinker think)
    : queue_limit_(queue_limit), think_(std::move(think)) {
    threads_.reserve(static_cast<std::size_t>(std::max(threads, 1)));
    for (int i = 0; i < std::max(threads, 1); ++i) threads_.emplace_back([this] { work(); });
}

bot_thinking::~bot_thinking() { stop(); }

bool bot_thinking::submit(job j) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= queue_limit_) return false;
        queue_.push_back(std::move(j));
    }
    wake_.notify_one();
    return true;
}

std::size_t bot_thinking::waiting() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

void bot_thinking::stop() {
    std::deque<job> dropped;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped.swap(queue_);
    }
    wake_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
    if (!dropped.empty()) spdlog::debug("bot thinking stopped: {} waiting decisions dropped", dropped.size());
}

void bot_thinking::work() {
    lower_priority();
    for (;;) {
        job j;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (stopping_) return;  // the queue was emptied by stop()
            j = std::move(queue_.front());
            queue_.pop_front();
        }
        const action a = think_(j);
        if (j.done) j.done(a);
    }
}

}  // namespace golf::server
