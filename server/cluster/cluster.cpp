// The cluster loop (heartbeat, take-overs, stepping down) and the router's lookups, both off the I/O threads.
#include "server/cluster/cluster.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <exception>
#include <stdexcept>

#include "server/registry/registry.hpp"

namespace golf::server {

namespace {

constexpr int claims_per_round = 32;  // a dead node's tables are shared among the live ones, a batch a round

}  // namespace

cluster::cluster(std::shared_ptr<persistence::match_store> store, std::shared_ptr<registry> games,
                 std::chrono::milliseconds node_timeout, std::chrono::seconds keep_finished)
    : store_(std::move(store)),
      nodes_(*store_->nodes()),
      games_(std::move(games)),
      timeout_(node_timeout),
      interval_(std::max(std::chrono::milliseconds(50), node_timeout / 6)),
      keep_finished_(keep_finished),
      lease_(std::chrono::steady_clock::now()),
      lobby_(games_->public_tables(), nodes_, timeout_, interval_) {
    games_->lease()->end();  // held from start()'s first heartbeat on
}

cluster::~cluster() { stop(); }

const std::string& cluster::node() const { return nodes_.node(); }

void cluster::refresh_live() {
    std::vector<std::string> live;
    for (const auto& n : nodes_.nodes(timeout_))
        if (n.live && !n.draining) live.push_back(n.name);
    std::lock_guard lock(mutex_);
    live_ = std::move(live);
}

void cluster::renew(std::chrono::steady_clock::time_point sent) {
    lease_ = sent;
    // A tenth of the timeout covers the two clocks' rates and a check made just before the lease ends.
    games_->lease()->renew(sent, timeout_ - timeout_ / 10, nodes_.incarnation());
}

int cluster::start() {
    const auto sent = std::chrono::steady_clock::now();
    nodes_.heartbeat(0, false);
    renew(sent);
    refresh_live();
    int restored = 0;
    for (int more = 1; more > 0;) {
        const std::int64_t incarnation = nodes_.incarnation();
        const auto codes = nodes_.claim_orphans(timeout_, claims_per_round);
        more = static_cast<int>(codes.size());
        restored += take_over(codes, incarnation);
    }
    // Before the node accepts anyone: an announcement made from now on, here or elsewhere, is relayed.
    games_->relay_moderation();
    loop_ = std::thread([this] { run(); });
    lobby_.start();
    return restored;
}

void cluster::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_all();
    if (loop_.joinable()) loop_.join();
    lookups_.join();
    lobby_.stop();
}

void cluster::release() {
    games_->lease()->end();
    try {
        nodes_.release_tables();
        nodes_.heartbeat(0, true);
        lobby_.clear();
        spdlog::info("node {} handed its tables over to the other nodes", node());
    } catch (const std::exception& e) {
        spdlog::warn("node {} could not hand its tables over ({}); they move once its heartbeat is old", node(),
                     e.what());
    }
}

void cluster::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, interval_, [&] { return stopping_; });
        if (stopping_) return;
        lock.unlock();
        round();
        lock.lock();
    }
}

// One heartbeat and one batch of take-overs. A lease older than the timeout (this process was paused, or the
// database out of reach) means another node may hold our tables now: step down before anything else, once, then
// join again as a new incarnation before heartbeating (the old one's heartbeat would still be taken).
void cluster::round() {
    if (!rejoin_due_ && std::chrono::steady_clock::now() - lease_ > timeout_) step_down("its lease ran out");
    if (rejoin_due_ && !rejoin()) return;
    try {
        const auto counts = games_->count_tables();
        const auto tables = static_cast<int>(counts.waiting + counts.playing + counts.between_holes + counts.finished);
        const auto sent = std::chrono::steady_clock::now();
        if (!nodes_.heartbeat(tables, false)) {
            step_down("the cluster judged it gone, or it joined again elsewhere");
            return;
        }
        renew(sent);
        refresh_live();
        const std::int64_t incarnation = nodes_.incarnation();
        if (auto codes = nodes_.claim_orphans(timeout_, claims_per_round); !codes.empty())
            take_over(codes, incarnation);
        games_->relay_moderation();
    } catch (const std::exception& e) {
        spdlog::warn("node {}: the cluster round failed: {}", node(), e.what());
    }
}

void cluster::step_down(const char* why) {
    spdlog::warn("node {} steps down ({}): its tables move to the live nodes", node(), why);
    games_->lease()->end();
    games_->hand_over("this node lost its place in the cluster; connect again to play on");
    rejoin_due_ = true;
    rejoin();
}

bool cluster::rejoin() {
    try {
        const auto sent = std::chrono::steady_clock::now();
        nodes_.rejoin();
        renew(sent);
        if (rejoin_failures_ > 0) spdlog::info("node {} joined again after {} tries", node(), rejoin_failures_ + 1);
        rejoin_due_ = false;
        rejoin_failures_ = 0;
        return true;
    } catch (const std::exception& e) {
        // Said once: while the database is away, every round tries again.
        if (rejoin_failures_++ == 0) spdlog::warn("node {} could not join again yet: {}", node(), e.what());
        return false;
    }
}

// Restores the unfinished matches of tables this node has just claimed as `incarnation`; none if the node has
// stepped down since (the claim is an old incarnation's: the tables are orphans again, for whoever claims next).
int cluster::take_over(const std::vector<std::string>& codes, std::int64_t incarnation) {
    if (codes.empty()) return 0;
    const int restored = games_->restore(store_->unfinished_matches_at(codes), incarnation);
    spdlog::info("node {} took over {} tables and restored {} matches", node(), codes.size(), restored);
    return restored;
}

// A table claimed for a lookup with no match left to play may have finished one as it moved: its last move
// written, the update never sent. Opened as it ended, its players see the result and may ask for a rematch.
int cluster::reopen_finished(const std::string& code, std::int64_t incarnation) {
    if (games_->find(code)) return 0;
    const auto since = std::chrono::system_clock::now() - keep_finished_;
    const auto match = store_->finished_match_at(
        code, std::chrono::duration_cast<std::chrono::seconds>(since.time_since_epoch()).count());
    if (!match) return 0;
    const int opened = games_->restore({*match}, incarnation);
    if (opened > 0) spdlog::info("node {} opened table {} again to show its finished match", node(), code);
    return opened;
}

std::vector<std::string> cluster::live_nodes() const {
    std::lock_guard lock(mutex_);
    return live_;
}

std::string cluster::quick_play_node(const std::string& queue) const {
    std::lock_guard lock(mutex_);
    std::string best;
    std::uint64_t best_score = 0;
    for (const std::string& n : live_) {
        // FNV-1a of queue and node: stable across processes and builds, unlike std::hash.
        std::uint64_t h = 1469598103934665603ULL;
        for (const char c : queue + '\n' + n) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        if (best.empty() || h > best_score) {
            best = n;
            best_score = h;
        }
    }
    return best == node() ? std::string() : best;
}

void cluster::locate(const std::string& code, const std::string& token_hash, std::function<void(location)> done) {
    boost::asio::post(lookups_, [self = shared_from_this(), code, token_hash, done = std::move(done)] {
        location found;
        try {
            found = self->find(code, token_hash);
        } catch (const std::exception& e) {
            spdlog::warn("node {}: looking up table {} failed: {}", self->node(), code.empty() ? "by token" : code,
                         e.what());
            found.where = location::kind::unavailable;
        }
        done(std::move(found));
    });
}

table_router::location cluster::find(std::string code, const std::string& token_hash) {
    if (code.empty()) code = nodes_.table_of_token(token_hash).value_or("");
    location found{location::kind::not_found, {}, code};
    if (code.empty()) return found;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::int64_t incarnation = nodes_.incarnation();
        const auto owner = nodes_.owner_of_table(code, timeout_);
        if (!owner) return found;
        if (owner->live && owner->name != node()) {
            found.where = location::kind::elsewhere;
            found.node = owner->name;
            return found;
        }
        // Ours already (a take-over in flight), or its owner is gone: take it over now rather than wait a round.
        if ((owner->live && owner->name == node()) || nodes_.claim_orphan(code, timeout_)) {
            // Not restored because the node stepped down meanwhile: not here after all; ask again in a moment.
            const bool refused = take_over({code}, incarnation) + reopen_finished(code, incarnation) == 0 &&
                                 !games_->lease()->held_by(incarnation);
            found.where = refused ? location::kind::unavailable : location::kind::here;
            return found;
        }
        // Another node claimed it first: ask again who.
    }
    found.where = location::kind::unavailable;
    return found;
}

}  // namespace golf::server
