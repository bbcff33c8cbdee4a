// Quick play, the server side of "Play now": connections wait in quick_play_queue.hpp's queues (per preset and
// seat count, by conservative rating), and each group it forms gets a private table of its own, bots in any seats
// left, with the match started. Everything runs on quick play's own strand; a tick four times a second forms groups
// and tells the waiting how their wait goes, and stops while nobody waits. With several nodes each queue is kept
// by one node (cluster::quick_play_node); the registry sends a QuickPlay for another node's queue there.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "golf/v1/messages.pb.h"
#include "server/client_link.hpp"
#include "server/registry/quick_play_queue.hpp"

namespace golf::server {

class registry;
class accounts;

class quick_play : public std::enable_shared_from_this<quick_play> {
public:
    using clock = std::chrono::steady_clock;

    quick_play(boost::asio::io_context& io, std::weak_ptr<registry> tables, std::shared_ptr<accounts> service);

    // A QuickPlay whose name the registry has settled: checked, then the connection waits (Ok, then QueueUpdates).
    void join(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message);
    // LeaveQueue (answered by Ok), a disconnect (rid 0: no answer), or a seat taken elsewhere.
    void leave(const std::shared_ptr<client_link>& link, std::uint32_t rid, bool answer);
    void stop();

    static constexpr std::chrono::milliseconds tick{250};
    static constexpr std::uint32_t min_bots_after_s = 5;
    static constexpr std::uint32_t max_bots_after_s = 600;

private:
    struct waiter {
        std::weak_ptr<client_link> link;
        std::string name;
        std::int64_t account = 0;  // as the connection was signed in when it asked: seated only as that
        queue_key key;
        quick_play_queue::entry entry;
        std::size_t told_waiting = 0;  // what the last QueueUpdate said, to send one when it changes
        clock::time_point told_at{};
        std::string notice;  // QueueUpdate.notice: the warning after a match left early
    };

    void enqueue(const std::shared_ptr<client_link>& link, queue_key key, std::string name, std::int64_t account,
                 double rating, std::optional<clock::duration> bots_after, std::uint32_t rid, std::string notice);
    void arm();
    void on_tick();
    void seat(const quick_play_queue::seating& group);
    // Waiters whose table was not made (or who lost a partner meanwhile) wait on with the places they had.
    void put_back(std::vector<waiter>& gone);
    void tell(waiter& w, clock::time_point now);
    std::uint64_t id_of(const client_link* link) const;

    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    boost::asio::steady_timer timer_;
    std::weak_ptr<registry> tables_;
    std::shared_ptr<accounts> accounts_;
    quick_play_queue queue_;
    std::unordered_map<std::uint64_t, waiter> waiters_;
    std::unordered_map<const client_link*, std::uint64_t> ids_;
    std::uint64_t next_id_ = 1;
    bool armed_ = false;
    bool stopped_ = false;
};

}  // namespace golf::server
