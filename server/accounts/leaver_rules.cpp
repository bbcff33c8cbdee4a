#include "server/accounts/leaver_rules.hpp"

#include <algorithm>
#include <array>

namespace golf::server {

namespace {

// The wait after the latest leave, by how many leaves the day holds: the first is a warning.
constexpr std::array<std::int64_t, 4> wait_after_s{0, 2 * 60, 5 * 60, 15 * 60};

std::string minutes_words(std::int64_t seconds) {
    const std::int64_t minutes = std::max<std::int64_t>(1, (seconds + 59) / 60);
    return minutes == 1 ? "a minute" : std::to_string(minutes) + " minutes";
}

}  // namespace

leaver_standing leaver_standing_at(const std::vector<std::int64_t>& leaves, std::int64_t now) {
    if (leaves.empty()) return {};
    const std::size_t index = std::min(leaves.size(), wait_after_s.size()) - 1;
    const std::int64_t wait_until = leaves.back() + wait_after_s[index];
    const std::string left = leaves.size() == 1
                                 ? "You left a match with strangers early today"
                                 : "You left " + std::to_string(leaves.size()) + " matches with strangers early today";
    if (wait_until <= now)
        return {0, left + ": please play matches to the end. Leaving another soon makes quick play wait."};
    return {wait_until, left + ", so quick play opens again in " + minutes_words(wait_until - now) +
                            ". Each leave is forgiven a day after it."};
}

}  // namespace golf::server
