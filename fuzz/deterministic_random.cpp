// OpenSSL's RAND_bytes, replaced for the fuzz targets and their regression tests only (never linked into
// golf-server): the executable's definition wins over libcrypto's, so the server's join codes, seat tokens and
// deal seeds become a function of the input and every crash replays exactly.
#include <cstdint>

#include "fuzz/harness.hpp"

namespace {

std::uint64_t state = 0x9e3779b97f4a7c15ULL;

std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

namespace golf::fuzz {

void reset_random(std::uint64_t seed) { state = seed; }

}  // namespace golf::fuzz

extern "C" int RAND_bytes(unsigned char* out, int count) {
    for (int i = 0; i < count; ++i) out[i] = static_cast<unsigned char>(next() >> 56);
    return 1;
}
