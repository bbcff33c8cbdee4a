#!/usr/bin/env bash
# Installs what is missing, then runs every test, each step timed (CI runs all of it; 26 to 67 minutes on 2 cores
# besides the installs, by the machine: 1,604 s on 26 November's, 4,038 s on 27 November's, where the unity builds
# of the server, golf and persistence libraries then took the ASan+UBSan build from 912 s to 675, TSan's from 469
# to 286 and the Docker image from 418 to 329):
#   0. the house rules (scripts/house.sh: .clang-format's layout, no file over 700 lines, no function over 80);
#   1. the plain Release build with warnings as errors (build/), and every CTest test, the 10,000-hand leak oracle
#      and the browser tests included;
#   2. the Docker image end to end, then three nodes, PostgreSQL and HAProxy in containers (docker/test.sh);
#   3. the whole suite under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/, clang-14 at -O1: it builds
#      in a fraction of GCC's time, and at -O1 rather than -O0 the build takes 531 s instead of 316 but the tests
#      164 s instead of 450), the browser tests and the 10,000-hand run aside (the one-hole-per-preset secrets tests
#      run instead); the same build holds the libFuzzer targets, and each runs for a bounded time (fuzz/run.sh) on
#      its seed corpus, two at a time;
#   4. the server tests, golf load's and the cluster tests (nodes, their cluster and lobby threads) under
#      ThreadSanitizer (build-tsan/, clang-14 at -O1).
# Switches: GOLF_QUICK=1 runs step 1 only; GOLF_SKIP_DOCKER=1 skips 2; GOLF_SKIP_SANITIZERS=1 skips 3 and 4;
# GOLF_FUZZ_SECONDS sets each fuzz target's time (30; 0 skips fuzzing). GOLF_SANITIZE=address,undefined (or
# thread) instead builds and tests only under those sanitizers with the default compiler, in build-sanitize/.
# GOLF_JOBS sets the parallelism (2).
set -euo pipefail
source "$(dirname "$0")/common.sh"

jobs="${GOLF_JOBS:-2}"
quick="${GOLF_QUICK:-}"
sanitizers=1
[ -z "$quick" ] && [ -z "${GOLF_SKIP_SANITIZERS:-}" ] || sanitizers=""
fuzz_seconds="${GOLF_FUZZ_SECONDS:-30}"
if ! [[ "$fuzz_seconds" =~ ^[0-9]+$ ]]; then
  echo "scripts/test.sh: GOLF_FUZZ_SECONDS must be a whole number of seconds (got '$fuzz_seconds')" >&2
  exit 2
fi
[ -z "$sanitizers" ] || GOLF_PACKAGES+=(clang-14 libclang-rt-14-dev)  # the sanitizer and libFuzzer runtimes
# The tests start PostgreSQL servers of their own (scripts/local_postgres.sh: initdb in /tmp, loopback and a socket)
# and HAProxy in front of golf-server nodes (tests/cluster), each in the foreground and stopped by the tests.
GOLF_PACKAGES+=(postgresql haproxy)
builds="$(dirname "$GOLF_BUILD")"
# Instrumented code makes GCC's flow warnings (-Wmaybe-uninitialized in Boost) unreliable: the plain build is the
# one that holds warnings as errors. -g1 keeps stack traces with lines.
sanitized=(-DGOLF_WERROR=OFF -DGOLF_BUILD_TESTS=ON -DGOLF_BUILD_BENCHMARKS=OFF -DGOLF_NPM=OFF)
clang=(-DCMAKE_CXX_COMPILER=clang++-14)  # a tree configured with another compiler is reconfigured afresh
# Any report fails the run; the child processes the tests start (golf-server, golf) inherit these.
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"

timed() {  # timed NAME COMMAND...: runs the command and says how long it took
  local name="$1" start=$SECONDS
  shift
  echo "==> $name"
  "$@"
  echo "==> $name: $((SECONDS - start)) s"
}

# run_ctest DIR: every test registered under DIR (a build tree or one folder of it) whose program was built.
run_ctest() {
  ctest --test-dir "$1" --output-on-failure -j "$jobs" --timeout 900 -E '_NOT_BUILT$'
}

# build_in DIR TARGETS CMAKE-ARGS...: configure_and_build in DIR, only TARGETS ("" for all).
build_in() {
  local GOLF_BUILD="$1" GOLF_TARGETS="$2"
  shift 2
  configure_and_build "$@"
}

timed "install what is missing" install_missing
total_start=$SECONDS

if [ -n "${GOLF_SANITIZE:-}" ]; then
  GOLF_BUILD="$builds/build-sanitize"
  timed "build under $GOLF_SANITIZE" build_in "$GOLF_BUILD" "" "${sanitized[@]}" -DGOLF_SANITIZE="$GOLF_SANITIZE" \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
  timed "tests under $GOLF_SANITIZE" run_ctest "$GOLF_BUILD"
  echo "==> all steps: $((SECONDS - total_start)) s"
  exit 0
fi

timed "house rules (layout, sizes)" bash "$GOLF_ROOT/scripts/house.sh"
timed "Release build" build_in "$GOLF_BUILD" "" -DGOLF_WERROR=ON -DGOLF_BUILD_TESTS=ON
timed "Release tests" run_ctest "$GOLF_BUILD"

# The Docker image end to end (build, play a match, restart, check the record), then docker/compose.cluster.yaml
# with it (docker/cluster_test.sh); it needs root or sudo (it may start dockerd and run debootstrap).
if [ -z "$quick" ] && [ -z "${GOLF_SKIP_DOCKER:-}" ]; then
  timed "Docker test" env GOLF_BUILD="$GOLF_BUILD" bash "$GOLF_ROOT/docker/test.sh"
fi

if [ -n "$sanitizers" ]; then
  asan="${GOLF_ASAN_BUILD:-$builds/build-asan}"
  timed "ASan+UBSan build (clang, with the fuzz targets)" build_in "$asan" "" "${sanitized[@]}" "${clang[@]}" \
    -DGOLF_FUZZ=ON "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
  timed "ASan+UBSan tests" run_ctest "$asan"
  if (( fuzz_seconds > 0 )); then
    timed "libFuzzer, ${fuzz_seconds} s a target" env GOLF_FUZZ_BUILD="$asan" \
      bash "$GOLF_ROOT/fuzz/run.sh" "$fuzz_seconds"
  fi
  # ThreadSanitizer where threads meet: the server (its tests run golf-server in process and as a process), golf
  # load (threads sharing its tables' statistics), whose tests run the instrumented golf against it, and the nodes
  # of the cluster tests (each with its cluster loop, lookup and lobby threads beside the I/O threads).
  tsan="${GOLF_TSAN_BUILD:-$builds/build-tsan}"
  timed "TSan build (clang, server, load tool and cluster tests)" build_in "$tsan" \
    "server_tests load_tool_tests cluster_tests quick_play_queue_tests" \
    "${sanitized[@]}" "${clang[@]}" -DGOLF_SANITIZE=thread "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
  timed "TSan tests (server, load tool)" run_ctest "$tsan/tests/server"
  timed "TSan tests (several nodes)" run_ctest "$tsan/tests/cluster"
fi
echo "==> all steps: $((SECONDS - total_start)) s"
