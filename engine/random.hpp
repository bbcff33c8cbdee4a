// The engine's only source of randomness: a fully specified generator (xoshiro256** seeded by splitmix64)
// and a shuffle built on it, so a seed replays the same deal on every compiler and platform.
// std::shuffle and std::uniform_int_distribution are implementation-defined, hence not used.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>

namespace golf {

class random_source {
public:
    explicit random_source(std::uint64_t seed = 0) {
        for (auto& word : state_) {
            seed += 0x9E3779B97F4A7C15ULL;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            word = z ^ (z >> 31);
        }
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // Uniform in [0, bound) without modulo bias (Lemire's method with rejection). bound > 0.
    std::uint64_t below(std::uint64_t bound) {
        __extension__ using wide = unsigned __int128;
        const std::uint64_t threshold = (0 - bound) % bound;
        for (;;) {
            const wide product = static_cast<wide>(next()) * bound;
            if (static_cast<std::uint64_t>(product) >= threshold) return static_cast<std::uint64_t>(product >> 64);
        }
    }

    template <class T>
    void shuffle(std::span<T> items) {
        for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
    }

    friend bool operator==(const random_source&, const random_source&) = default;

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::array<std::uint64_t, 4> state_{};
};

}  // namespace golf
