#include "server/registry/quick_play_queue.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <utility>

namespace golf::server {
namespace {

using duration = quick_play_queue::duration;

duration elapsed(quick_play_queue::time_point from, quick_play_queue::time_point now) {
    return std::max(now - from, duration::zero());  // a join stamped after `now` has not waited yet
}

// One queue's entries at one instant, indexed in queue order (the oldest first), and who is seated so far.
struct grouping {
    std::vector<double> rating;
    std::vector<double> window;
    std::vector<bool> due;  // bots_after has passed
    std::vector<bool> taken;

    // Each one's window accepts the other.
    bool fits(std::size_t a, std::size_t b) const {
        return std::abs(rating[a] - rating[b]) <= std::min(window[a], window[b]);
    }
    bool fits_all(std::size_t c, const std::vector<std::size_t>& group) const {
        return std::all_of(group.begin(), group.end(), [&](std::size_t g) { return fits(c, g); });
    }

    // Up to `want` members, `anchor` first, then the closest in rating to it that fit everyone already chosen (ties:
    // the longer wait). Greedy, not a search of every subset: a group it misses forms later, as windows widen.
    std::vector<std::size_t> gather(std::size_t anchor, std::size_t want, bool due_only) const {
        std::vector<std::size_t> candidates;
        for (std::size_t j = 0; j < rating.size(); ++j) {
            if (j == anchor || taken[j] || (due_only && !due[j]) || !fits(anchor, j)) continue;
            candidates.push_back(j);
        }
        const auto gap = [&](std::size_t j) { return std::abs(rating[j] - rating[anchor]); };
        std::sort(candidates.begin(), candidates.end(),
                  [&](std::size_t a, std::size_t b) { return std::pair(gap(a), a) < std::pair(gap(b), b); });
        std::vector<std::size_t> group{anchor};
        for (std::size_t c : candidates) {
            if (group.size() == want) break;
            if (fits_all(c, group)) group.push_back(c);
        }
        return group;
    }
};

}  // namespace

double quick_play_queue::window(duration waited) const {
    const double seconds = std::chrono::duration<double>(std::max(waited, duration::zero())).count();
    return std::min(settings_.max_window, settings_.base_window + settings_.window_growth_per_second * seconds);
}

bool quick_play_queue::join(const queue_key& key, const entry& e) {
    if (key.seats < 2 || !std::isfinite(e.rating)) return false;
    if (!where_.contains(e.id) && where_.size() >= settings_.max_waiting) return false;
    leave(e.id);
    queue& q = queues_[key];
    // After every earlier join with the same time, so equal times keep join order.
    const auto at =
        std::upper_bound(q.begin(), q.end(), e.joined, [](time_point t, const waiting& w) { return t < w.e.joined; });
    q.insert(at, waiting{e, next_order_++});
    where_.emplace(e.id, key);
    return true;
}

bool quick_play_queue::leave(std::uint64_t id) {
    const auto found = where_.find(id);
    if (found == where_.end()) return false;
    const auto q = queues_.find(found->second);
    std::erase_if(q->second, [&](const waiting& w) { return w.e.id == id; });
    if (q->second.empty()) queues_.erase(q);
    where_.erase(found);
    return true;
}

std::vector<quick_play_queue::seating> quick_play_queue::match(time_point now) {
    std::vector<seating> out;
    for (auto it = queues_.begin(); it != queues_.end();) {
        for (seating& s : match_queue(it->first, it->second, now)) {
            for (std::uint64_t id : s.players) where_.erase(id);
            out.push_back(std::move(s));
        }
        it = it->second.empty() ? queues_.erase(it) : std::next(it);
    }
    return out;
}

// Two passes over the queue, the oldest first: all-human groups, then seats filled with bots for those whose bots
// are due and who found no group. Human tables are formed first so a bot table never takes a player a full table
// needed. Cost: each anchor scans and sorts the queue, O(n^2 log n) for n waiting in this queue; fine for the
// hundreds a bounded queue holds, a few times a second.
std::vector<quick_play_queue::seating> quick_play_queue::match_queue(const queue_key& key, queue& q,
                                                                     time_point now) const {
    grouping g;
    for (const waiting& w : q) {
        const duration waited = elapsed(w.e.joined, now);
        g.rating.push_back(w.e.rating);
        g.window.push_back(window(waited));
        g.due.push_back(w.e.bots_after && waited >= *w.e.bots_after);
    }
    g.taken.assign(q.size(), false);
    const auto seats = static_cast<std::size_t>(key.seats);

    std::vector<seating> out;
    const auto seat = [&](std::vector<std::size_t> group) {
        std::sort(group.begin(), group.end());  // the oldest first
        seating s{key, {}, key.seats - static_cast<int>(group.size())};
        for (std::size_t i : group) {
            g.taken[i] = true;
            s.players.push_back(q[i].e.id);
        }
        out.push_back(std::move(s));
    };
    for (std::size_t i = 0; i < q.size(); ++i) {
        if (g.taken[i]) continue;
        auto group = g.gather(i, seats, false);
        if (group.size() == seats) seat(std::move(group));
    }
    // Companions at a bot table must be due as well: nobody meets bots sooner than they chose, or without asking.
    for (std::size_t i = 0; i < q.size(); ++i) {
        if (!g.taken[i] && g.due[i]) seat(g.gather(i, seats, true));
    }

    std::size_t kept = 0;
    for (std::size_t i = 0; i < q.size(); ++i) {
        if (!g.taken[i]) q[kept++] = std::move(q[i]);
    }
    q.erase(q.begin() + static_cast<std::ptrdiff_t>(kept), q.end());
    return out;
}

std::optional<quick_play_queue::wait_status> quick_play_queue::status(std::uint64_t id, time_point now) const {
    const auto found = where_.find(id);
    if (found == where_.end()) return std::nullopt;
    const queue& q = queues_.at(found->second);
    const auto w = std::find_if(q.begin(), q.end(), [&](const waiting& x) { return x.e.id == id; });
    wait_status s;
    s.waiting = q.size();
    s.waited = elapsed(w->e.joined, now);
    s.window = window(s.waited);
    if (w->e.bots_after) s.bots_in = std::max(*w->e.bots_after - s.waited, duration::zero());
    return s;
}

}  // namespace golf::server
