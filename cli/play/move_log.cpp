#include "cli/play/move_log.hpp"

namespace golf::cli {

std::vector<v1::TableEvent> move_log::add(const v1::TableUpdate& update) {
    std::vector<v1::TableEvent> fresh;
    if (update.events_from_start()) {
        // The hole's whole log: what is not in it any more (a card memory mode no longer repeats) goes.
        const std::uint32_t hole = update.events_size() > 0 ? update.events(0).hole()
                                   : update.has_hand()      ? update.hand().hole()
                                                            : 0;
        std::map<std::pair<std::uint32_t, std::uint32_t>, v1::TableEvent> old;
        for (auto it = events_.lower_bound({hole, 0}); it != events_.end() && it->first.first == hole;)
            old.insert(events_.extract(it++));
        for (const v1::TableEvent& e : update.events()) {
            const auto key = std::pair(e.hole(), e.index());
            if (!old.contains(key)) fresh.push_back(e);
            events_.insert_or_assign(key, e);
        }
    } else {
        for (const v1::TableEvent& e : update.events())
            if (events_.try_emplace({e.hole(), e.index()}, e).second) fresh.push_back(e);
    }
    // One hole back is enough for the screen; a long match does not grow the log.
    if (!events_.empty()) {
        const std::uint32_t latest = events_.rbegin()->first.first;
        while (!events_.empty() && events_.begin()->first.first + 1 < latest) events_.erase(events_.begin());
    }
    return fresh;
}

std::vector<v1::TableEvent> move_log::latest_hole() const {
    std::vector<v1::TableEvent> out;
    if (events_.empty()) return out;
    const std::uint32_t latest = events_.rbegin()->first.first;
    for (auto it = events_.lower_bound({latest, 0}); it != events_.end(); ++it) out.push_back(it->second);
    return out;
}

}  // namespace golf::cli
