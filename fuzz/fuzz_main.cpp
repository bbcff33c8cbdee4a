// libFuzzer's entry point for one harness, chosen at compile time (GOLF_FUZZ_HARNESS names a function of
// fuzz/harness.hpp); fuzz/CMakeLists.txt builds this file once per target.
#include <cstddef>
#include <cstdint>

#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)golf::fuzz::GOLF_FUZZ_HARNESS(golf::fuzz::bytes(data, size));
    return 0;
}
