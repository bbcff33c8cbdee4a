// A latency histogram for `golf load`, in the manner of HdrHistogram: logarithmic buckets, each power of two split
// into 64 linear sub-buckets, so any recorded value is known to within 1/64 (1.6 %) from 1 ns to about 18 minutes.
// Counters are atomic: every I/O thread records into the one histogram without a lock, and it costs a fixed 19 KiB
// however many values it holds.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>

namespace golf::cli {

class latency_histogram {
public:
    static constexpr int sub_bits = 6;  // 64 sub-buckets per power of two
    static constexpr std::uint64_t sub_count = 1u << sub_bits;
    static constexpr int max_exponent = 40;  // 2^40 ns: about 18 minutes
    static constexpr std::size_t bucket_count = (max_exponent - sub_bits + 2) * sub_count;

    void record(std::chrono::nanoseconds value) {
        const std::uint64_t ns = value.count() > 0 ? static_cast<std::uint64_t>(value.count()) : 0;
        counts_[index_of(ns)].fetch_add(1, std::memory_order_relaxed);
        total_.fetch_add(1, std::memory_order_relaxed);
    }

    std::uint64_t count() const { return total_.load(std::memory_order_relaxed); }

    // The value at quantile q (0..1): the middle of the bucket holding the ceil(q * count)-th smallest value;
    // zero when empty.
    std::chrono::nanoseconds quantile(double q) const {
        const std::uint64_t total = count();
        if (total == 0) return std::chrono::nanoseconds(0);
        auto rank = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total)));
        if (rank < 1) rank = 1;
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < bucket_count; ++i) {
            seen += counts_[i].load(std::memory_order_relaxed);
            if (seen >= rank) return std::chrono::nanoseconds(static_cast<std::int64_t>(middle_of(i)));
        }
        return std::chrono::nanoseconds(static_cast<std::int64_t>(middle_of(bucket_count - 1)));
    }

    // The index a value falls in: values below 64 ns have their own buckets, then 64 per power of two.
    static std::size_t index_of(std::uint64_t ns) {
        if (ns < sub_count) return static_cast<std::size_t>(ns);
        int top = static_cast<int>(std::bit_width(ns)) - 1;  // the highest set bit, >= sub_bits
        if (top > max_exponent) {
            top = max_exponent;
            ns = (std::uint64_t{1} << (max_exponent + 1)) - 1;  // everything larger lands in the last bucket
        }
        const std::uint64_t sub = (ns >> (top - sub_bits)) & (sub_count - 1);
        return static_cast<std::size_t>((top - sub_bits + 1) * sub_count + sub);
    }

    // The lowest value and the width of bucket i.
    static std::uint64_t lowest_of(std::size_t i) {
        if (i < sub_count) return i;
        const int top = static_cast<int>(i / sub_count) + sub_bits - 1;
        return (std::uint64_t{1} << top) + (i % sub_count) * (std::uint64_t{1} << (top - sub_bits));
    }
    static std::uint64_t width_of(std::size_t i) {
        if (i < sub_count) return 1;
        return std::uint64_t{1} << (static_cast<int>(i / sub_count) - 1);
    }
    static std::uint64_t middle_of(std::size_t i) { return lowest_of(i) + width_of(i) / 2; }

private:
    std::array<std::atomic<std::uint64_t>, bucket_count> counts_{};
    std::atomic<std::uint64_t> total_{0};
};

}  // namespace golf::cli
