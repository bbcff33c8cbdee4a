// People playing through HAProxy while the faults run: each driver plays one table at a time (two or three seats
// and a spectator, each its own connection; the seats' moves chosen by bots from their own views), match after
// match, recording the history (history.hpp). A connection that breaks, goes silent or is refused is made again
// as docs/protocol.md's "Writing a client" step 10 says: connect, hello, reclaim_seat with the token, following
// TABLE_ELSEWHERE, and after UNAVAILABLE, an HTTP 502/503 or no answer, again after a pause. A prober joins each
// table as a spectator through each node in turn, so a node that seats people at a table it does not own shows.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/faults/history.hpp"

namespace golf::faults {

struct players_settings {
    std::string url;                      // HAProxy's WebSocket URL
    std::string ns;                       // the clients' network namespace ("": this process's)
    int tables = 4;                       // drivers, each at one table at a time
    int holes = 2;                        // per match
    std::chrono::milliseconds think{25};  // between a view and the move made from it
    std::uint64_t seed = 1;
    std::vector<std::string> probe_nodes;  // probe through each (?node=NAME); none: no prober
    std::chrono::milliseconds probe_every{1000};
};

class players {
public:
    explicit players(players_settings settings);
    ~players();  // gives up every table at once and joins the threads
    players(const players&) = delete;
    players& operator=(const players&) = delete;

    // No new matches: each driver ends the one it plays; true once all have (within `limit`).
    bool finish(std::chrono::seconds limit);
    // Every driver gives its table up at once (recorded as given up) and every thread ends.
    void stop();
    // The matches ended (or given up) so far, each with its probes; they are the caller's from here.
    std::vector<match_history> take_ended();
    client_tally tally() const;
    // Whether every driver acknowledged a move, or began a match, after `since`.
    bool all_moved_since(wall_ms since) const;
    // The drivers that have not (for a report).
    std::string idle_since(wall_ms since) const;

private:
    friend class table_driver;
    void probe_loop();
    void ended(match_history h);
    void current(int driver, const std::string& code);

    players_settings settings_;
    std::atomic<bool> stop_new_{false};
    std::atomic<bool> abort_{false};
    mutable std::mutex mutex_;
    std::vector<match_history> ended_;
    std::map<std::string, std::vector<probe>> probes_;            // by table code
    std::vector<std::string> current_;                            // per driver: the table it plays ("" between tables)
    std::vector<std::unique_ptr<std::atomic<double>>> progress_;  // per driver: its last move or new match
    std::vector<client_tally> tallies_;                           // per driver, and the prober's last
    std::vector<std::thread> threads_;
    std::atomic<int> running_{0};
};

}  // namespace golf::faults
