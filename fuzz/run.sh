#!/usr/bin/env bash
# Configures build-fuzz with clang-14 (-DGOLF_FUZZ=ON), builds the four libFuzzer targets and runs each for
# SECONDS (default 30) on a copy of its seed corpus in a temporary directory, with its dictionary where there is
# one, GOLF_FUZZ_JOBS (2) targets at a time. Exits non-zero, naming the target, when a target finds a crash; the
# crashing input is left in build-fuzz/crashes/<target>/ for a regression test.
# Usage: fuzz/run.sh [SECONDS] [TARGET ...]
set -euo pipefail

seconds="${1:-30}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || (( seconds < 1 )); then
  echo "fuzz/run.sh: SECONDS must be a positive whole number (got '$seconds')" >&2
  exit 2
fi
targets=("$@")
(( ${#targets[@]} )) || targets=(client_message ruleset score_layout match_record)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(dirname "$here")"
build="${GOLF_FUZZ_BUILD:-$source_dir/build-fuzz}"
jobs="${GOLF_FUZZ_JOBS:-2}"
if ! [[ "$jobs" =~ ^[0-9]+$ ]] || (( jobs < 1 )); then
  echo "fuzz/run.sh: GOLF_FUZZ_JOBS must be a positive whole number (got '$jobs')" >&2
  exit 2
fi

for tool in clang-14 clang++-14 cmake ninja; do
  command -v "$tool" >/dev/null || { echo "fuzz/run.sh: $tool is missing (apt-get install clang-14 libclang-rt-14-dev cmake ninja-build)" >&2; exit 2; }
done

if [[ ! -f "$build/build.ninja" ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S "$source_dir" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGOLF_FUZZ=ON -DGOLF_BUILD_TESTS=OFF -DGOLF_BUILD_BENCHMARKS=OFF >/dev/null
fi
cmake --build "$build" -j"$jobs" --target "${targets[@]/#/fuzz_}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# fuzz_one TARGET: runs one target for SECONDS; its log is $work/TARGET.log, and $work/TARGET.passed marks a run
# that ended clean (so a step failing before the fuzzer, such as the corpus copy, counts as a failure too).
fuzz_one() {
  local target="$1" corpus="$work/$1"
  mkdir -p "$corpus" "$build/crashes/$target"
  cp "$here/corpus/$target/"* "$corpus/"
  local dict=()
  [[ -f "$here/$target.dict" ]] && dict=(-dict="$here/$target.dict")
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb bounds memory; crashes land in crashes/<target>.
  "$build/fuzz/fuzz_$target" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$build/crashes/$target/" \
    >"$work/$target.log" 2>&1 && touch "$work/$target.passed"
}

# Each fuzzer is one process on one core: JOBS of them at a time, so two cores take half the time.
running=0
for target in "${targets[@]}"; do
  if (( running >= jobs )); then
    wait -n || true
    running=$((running - 1))
  fi
  echo "== fuzz_$target for ${seconds}s"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait || true

failed=()
for target in "${targets[@]}"; do
  if [[ ! -f "$work/$target.passed" ]]; then
    echo "== fuzz_$target: failed" >&2
    [[ -f "$work/$target.log" ]] && tail -n 60 "$work/$target.log" >&2
    failed+=("$target")
  else
    echo "== fuzz_$target:"
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ +DONE)' "$work/$target.log" || true
  fi
done

if (( ${#failed[@]} )); then
  echo "fuzz/run.sh: failed: ${failed[*]} (a crashing input is left in $build/crashes/)" >&2
  exit 1
fi
echo "fuzz/run.sh: no crash in ${targets[*]} (${seconds}s each)"
