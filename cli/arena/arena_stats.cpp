// golf arena's statistics: exact sums turned into means, intervals and percentiles (arena_stats.hpp).
#include "cli/arena/arena_stats.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace golf::cli {

namespace {

constexpr double z95 = 1.96;  // the normal distribution's two-sided 95 % point

constexpr int sub_bits = 6;  // 64 sub-buckets per power of two
constexpr std::uint64_t sub_count = std::uint64_t{1} << sub_bits;
constexpr int max_exponent = 62;

// Times below 64 ns have a bucket each; then 64 buckets per power of two.
std::size_t bucket_of(std::uint64_t ns) {
    if (ns < sub_count) return static_cast<std::size_t>(ns);
    const int top = std::min(static_cast<int>(std::bit_width(ns)) - 1, max_exponent);
    const std::uint64_t sub = (ns >> (top - sub_bits)) & (sub_count - 1);
    return static_cast<std::size_t>(static_cast<std::uint64_t>(top - sub_bits + 1) * sub_count + sub);
}

// The middle of bucket i, in nanoseconds (a bucket of width one holds its value exactly).
double bucket_middle(std::size_t i) {
    if (i < sub_count) return static_cast<double>(i);
    const int top = static_cast<int>(i / sub_count) + sub_bits - 1;
    const std::uint64_t width = std::uint64_t{1} << (top - sub_bits);
    const std::uint64_t lowest = (std::uint64_t{1} << top) + (i % sub_count) * width;
    return static_cast<double>(lowest) + static_cast<double>(width - 1) / 2.0;
}

constexpr double ns_per_ms = 1e6;

}  // namespace

void observations::merge(const observations& other) {
    count_ += other.count_;
    sum_ += other.sum_;
    squares_ += other.squares_;
}

double observations::mean() const {
    if (count_ == 0) return 0.0;
    return static_cast<double>(static_cast<long double>(sum_) / static_cast<long double>(count_) /
                               static_cast<long double>(scale_));
}

double observations::standard_deviation() const {
    if (count_ < 2) return 0.0;
    // n·Σx² − (Σx)² is exact in 128 bits; divided by n(n − 1) it is the sample variance of the scaled values.
    const wide spread = static_cast<wide>(count_) * squares_ - static_cast<wide>(sum_) * sum_;
    const long double n = static_cast<long double>(count_);
    const long double variance = static_cast<long double>(spread) / (n * (n - 1));
    return static_cast<double>(std::sqrt(std::max(variance, 0.0L)) / static_cast<long double>(scale_));
}

interval observations::ci95() const {
    const double centre = mean();
    if (count_ < 2) return {centre, centre};
    const double half = z95 * standard_deviation() / std::sqrt(static_cast<double>(count_));
    return {centre - half, centre + half};
}

std::vector<std::int64_t> win_shares(std::span<const int> scores) {
    std::vector<std::int64_t> shares(scores.size(), 0);
    if (scores.empty()) return shares;
    const int lowest = *std::min_element(scores.begin(), scores.end());
    const auto tied = static_cast<std::int64_t>(std::count(scores.begin(), scores.end(), lowest));
    for (std::size_t s = 0; s < scores.size(); ++s)
        if (scores[s] == lowest) shares[s] = win_unit / tied;
    return shares;
}

void decision_times::record(std::chrono::nanoseconds time) {
    const std::uint64_t ns = time.count() > 0 ? static_cast<std::uint64_t>(time.count()) : 0;
    const std::size_t bucket = bucket_of(ns);
    if (bucket >= counts_.size()) counts_.resize(bucket + 1, 0);
    ++counts_[bucket];
    ++count_;
    total_ns_ += ns;
}

void decision_times::merge(const decision_times& other) {
    if (other.counts_.size() > counts_.size()) counts_.resize(other.counts_.size(), 0);
    for (std::size_t i = 0; i < other.counts_.size(); ++i) counts_[i] += other.counts_[i];
    count_ += other.count_;
    total_ns_ += other.total_ns_;
}

double decision_times::mean_ms() const {
    if (count_ == 0) return 0.0;
    return static_cast<double>(total_ns_) / static_cast<double>(count_) / ns_per_ms;
}

double decision_times::quantile_ms(double q) const {
    if (count_ == 0) return 0.0;
    // A hair below q·n first, so 0.99 · 100 (a little over 99 in binary) still ranks the 99th.
    const double exact_rank = std::ceil(q * static_cast<double>(count_) - 1e-9);
    const std::int64_t rank = std::max<std::int64_t>(1, static_cast<std::int64_t>(exact_rank));
    std::int64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
        seen += counts_[i];
        if (seen >= rank) return bucket_middle(i) / ns_per_ms;
    }
    return bucket_middle(counts_.size() - 1) / ns_per_ms;
}

}  // namespace golf::cli
