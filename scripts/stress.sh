#!/usr/bin/env bash
# Hunts flaky tests before CI does: runs CTest tests again and again while busy loops take the CPU from them, as a
# loaded CI machine does. A test that leans on a guess about timing, or reads a reply before it has come, fails here
# within minutes where CI meets it once in many runs (the BadInput fixture's empty-optional read, which failed
# one CI run, fails here within a minute: `GOLF_STRESS_HOGS=3 GOLF_STRESS_REPEAT=20 scripts/stress.sh '^BadInput\.'`).
#
#   scripts/stress.sh [REGEX]    the tests whose names match REGEX (CTest's -R; default: every test but the
#                                10,000-hand leak oracle and the browser tests), in an already built tree
#
# GOLF_BUILD the build tree (build/; a sanitizer tree works too), GOLF_STRESS_HOGS busy loops beside the tests (2),
# GOLF_STRESS_REPEAT runs of each test at most, stopping at its first failure (5), GOLF_STRESS_SECONDS the bound on
# the whole run (1800), GOLF_JOBS tests at a time (2). Exit status: 0 every run passed, 1 a test failed or the time
# ran out (CTest names the test and prints its output), 2 a bad setting or no build tree.
set -euo pipefail
source "$(dirname "$0")/common.sh"

hogs="${GOLF_STRESS_HOGS:-2}"
repeat="${GOLF_STRESS_REPEAT:-5}"
seconds="${GOLF_STRESS_SECONDS:-1800}"
jobs="${GOLF_JOBS:-2}"
for setting in "GOLF_STRESS_HOGS=$hogs" "GOLF_STRESS_REPEAT=$repeat" "GOLF_STRESS_SECONDS=$seconds" \
  "GOLF_JOBS=$jobs"; do
  value="${setting#*=}"
  minimum=1
  [ "${setting%%=*}" != GOLF_STRESS_HOGS ] || minimum=0
  if ! [[ "$value" =~ ^[0-9]+$ ]] || (( value < minimum )); then
    echo "scripts/stress.sh: ${setting%%=*} must be a whole number of at least $minimum (got '$value')" >&2
    exit 2
  fi
done
if [ "$#" -gt 1 ]; then
  echo "usage: scripts/stress.sh [REGEX]" >&2
  exit 2
fi
if [ ! -f "$GOLF_BUILD/CTestTestfile.cmake" ]; then
  echo "scripts/stress.sh: no build tree at $GOLF_BUILD (build one with GOLF_QUICK=1 scripts/test.sh, or set" \
    "GOLF_BUILD)" >&2
  exit 2
fi

selection=(-E 'LeakOracle|^web_|_NOT_BUILT$')
[ "$#" -eq 0 ] || selection=(-R "$1" -E '_NOT_BUILT$')

# Each busy loop is bounded by the run's own time limit. Whatever ends this script (the run's end, Ctrl-C, a kill)
# stops the loops and CTest with its tests: `timeout` leads a process group of its own, so Ctrl-C at a terminal
# would not reach CTest, and the group is killed instead.
hog_pids=()
runner=""
stop_all() {
  [ -z "$runner" ] || kill -TERM -- "-$runner" 2>/dev/null || kill -TERM "$runner" 2>/dev/null || true
  [ "${#hog_pids[@]}" -eq 0 ] || kill "${hog_pids[@]}" 2>/dev/null || true
}
trap stop_all EXIT
trap 'exit 130' INT TERM
for ((i = 0; i < hogs; ++i)); do
  timeout "$seconds" sh -c 'while :; do :; done' &
  hog_pids+=("$!")
done

echo "scripts/stress.sh: $hogs busy loops; each test up to $repeat times, $jobs at a time, at most $seconds s"
start=$SECONDS
status=0
timeout "$seconds" ctest --test-dir "$GOLF_BUILD" --output-on-failure -j "$jobs" --timeout 900 \
  --repeat "until-fail:$repeat" "${selection[@]}" &
runner=$!
wait "$runner" || status=1  # a background job and wait, so that Ctrl-C is acted on at once
runner=""
echo "scripts/stress.sh: $( ((status == 0)) && echo PASS || echo FAIL ) after $((SECONDS - start)) s"
exit "$status"
