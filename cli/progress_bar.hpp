// A bar on stderr for long runs (golf simulate, golf arena): only when stderr is a terminal, from half a second in,
// redrawn at most ten times a second, and cleared when the run ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace golf::cli {

class progress_bar {
public:
    explicit progress_bar(std::int64_t total);
    progress_bar(const progress_bar&) = delete;
    progress_bar& operator=(const progress_bar&) = delete;
    ~progress_bar() { finish(); }

    void update(std::int64_t done);
    // update() as a callback for a run that reports its progress (empty when there is no terminal to draw on).
    std::function<void(std::int64_t)> callback();
    void finish();

private:
    using clock_type = std::chrono::steady_clock;

    std::int64_t total_;
    bool enabled_;
    bool drawn_ = false;
    clock_type::time_point start_ = clock_type::now();
    clock_type::time_point last_{};
};

}  // namespace golf::cli
