// golf arena's statistics, pure and exact. Observations are kept as integer sums (each value times a fixed scale),
// so the tallies of hands played on any number of threads add up to the same bits, and every figure (mean, sample
// standard deviation, 95 % interval, percentile) is computed from those sums at the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <vector>

namespace golf::cli {

struct interval {
    double low = 0;
    double high = 0;
    friend bool operator==(const interval&, const interval&) = default;
};

// Observations whose values are `scaled / scale`, e.g. a mean over two seats' integer scores with scale 2.
class observations {
public:
    observations() = default;
    explicit observations(std::int64_t scale) : scale_(scale) {}

    void add(std::int64_t scaled) {
        ++count_;
        sum_ += scaled;
        squares_ += static_cast<wide>(scaled) * scaled;
    }
    void merge(const observations& other);

    std::int64_t count() const { return count_; }
    std::int64_t scale() const { return scale_; }
    double mean() const;                // 0 when empty
    double standard_deviation() const;  // the sample's (divided by n - 1); 0 for fewer than two values
    interval ci95() const;              // mean ± 1.96 s / √n; the mean alone for fewer than two values

    friend bool operator==(const observations&, const observations&) = default;

private:
    __extension__ using wide = __int128;  // squares of a hundred million hands' values can pass 2^63
    std::int64_t scale_ = 1;
    std::int64_t count_ = 0;
    std::int64_t sum_ = 0;
    wide squares_ = 0;
};

// A hand's win, split between seats tied on the lowest score, in whole units: 720720 is divisible by every
// number of seats up to 16, so shares add up exactly.
inline constexpr std::int64_t win_unit = 720720;

// Each seat's share of the hand's win in win_units: win_unit / (seats tied lowest) for those seats, 0 for the rest.
std::vector<std::int64_t> win_shares(std::span<const int> scores);

// Decision times in a histogram of logarithmic buckets (each power of two split into 64), so any time is known to
// within 1/64 (1.6 %) however many are recorded; times under 128 ns are exact. The mean is exact.
class decision_times {
public:
    void record(std::chrono::nanoseconds time);
    void merge(const decision_times& other);

    std::int64_t count() const { return count_; }
    double mean_ms() const;  // 0 when empty
    // The ceil(q * count)-th smallest time (nearest rank, at least the first), as the middle of its bucket; 0 when
    // empty.
    double quantile_ms(double q) const;

    friend bool operator==(const decision_times&, const decision_times&) = default;

private:
    std::vector<std::int64_t> counts_;  // per bucket, grown as needed
    std::int64_t count_ = 0;
    std::uint64_t total_ns_ = 0;
};

}  // namespace golf::cli
