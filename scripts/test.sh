#!/usr/bin/env bash
# Installs what is missing, then runs every test, each step timed, and prints where the time went (CI runs all of
# it; docs/TESTING.md has the figures):
#   0. the house rules (scripts/house.sh: .clang-format's layout, no file over 700 lines, no function over 80);
#   1. the plain Release build with warnings as errors (build/), and every CTest test, the 10,000-hand leak oracle
#      and the browser tests included;
#   2. the Docker image end to end, then three nodes, PostgreSQL and HAProxy in containers (docker/test.sh);
#   3. the whole suite under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/, clang-14 at -O1: it builds
#      in a fraction of GCC's time, and at -O1 rather than -O0 the tests take a third of the time), the browser
#      tests and the 10,000-hand run aside (the one-hole-per-preset secrets tests run instead); the same build
#      holds the libFuzzer targets, and each runs for a bounded time (fuzz/run.sh) on its seed corpus, two at a time;
#   4. the server tests, golf load's and the cluster tests (nodes, their cluster and lobby threads) under
#      ThreadSanitizer (build-tsan/, clang-14 at -O1).
# Every build compiles through ccache (scripts/common.sh), so a machine that built the same code before compiles
# only what changed; the Docker image's build stage takes the Release build's objects from it. The sanitizer builds
# and the Docker test run beside the tests at the lowest CPU priority, on the cores the tests leave idle.
# Switches: GOLF_QUICK=1 runs step 1 only; GOLF_SKIP_DOCKER=1 skips 2; GOLF_SKIP_SANITIZERS=1 skips 3 and 4;
# GOLF_FUZZ_SECONDS sets each fuzz target's time (30; 0 skips fuzzing); GOLF_CCACHE=off compiles without the cache.
# GOLF_SANITIZE=address,undefined (or thread) instead builds and tests only under those sanitizers with the default
# compiler, in build-sanitize/. GOLF_JOBS sets the builds' parallelism (2), GOLF_TEST_JOBS the tests' (3).
set -euo pipefail
source "$(dirname "$0")/common.sh"

jobs="${GOLF_JOBS:-2}"
# Most tests wait on sockets, timers and other processes (two at a time, the Release and the ASan+UBSan tests kept
# about one of the two cores busy), and the leak oracle holds a slot for three minutes at nice 10: three at a time.
# TSan's tests run two at a time, as before (its instrumented threads are several times slower).
test_jobs="${GOLF_TEST_JOBS:-3}"
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
# and HAProxy in front of golf-server nodes (tests/cluster), each in the foreground and stopped by the tests, and
# PostgreSQL with a synchronous standby under Patroni and etcd (scripts/pg_ha.sh, database_failover_tests); the
# fault harness (tests/faults) cuts and drops in network namespaces with ip and nft.
GOLF_PACKAGES+=(postgresql haproxy patroni etcd-server etcd-client iproute2 nftables)
builds="$(dirname "$GOLF_BUILD")"
# Instrumented code makes GCC's flow warnings (-Wmaybe-uninitialized in Boost) unreliable: the plain build is the
# one that holds warnings as errors. -g1 keeps stack traces with lines.
sanitized=(-DGOLF_WERROR=OFF -DGOLF_BUILD_TESTS=ON -DGOLF_BUILD_BENCHMARKS=OFF -DGOLF_NPM=OFF)
clang=(-DCMAKE_CXX_COMPILER=clang++-14)  # a tree configured with another compiler is reconfigured afresh
# Any report fails the run; the child processes the tests start (golf-server, golf) inherit these.
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"

steps="$(mktemp -d "${TMPDIR:-/tmp}/golf-test-steps.XXXXXX")"  # each step's seconds, and the logs of steps beside

current_step="" current_start=0  # the step in the foreground, for the summary of a run that fails in it
timed() {  # timed NAME COMMAND...: runs the command and says how long it took
  local name="$1" start=$SECONDS
  shift
  echo "==> $name"
  current_step="$name" current_start=$start
  "$@"
  current_step=""
  echo "==> $name: $((SECONDS - start)) s"
  printf '%s\t%s\n' "$((SECONDS - start))" "$name" >>"$steps/times"
}

# Steps beside the others: a build or the Docker test runs in the background at the lowest CPU priority (nice 19,
# which its compilers, dockerd and containers inherit), so that it takes what the tests in the foreground leave idle
# (about half of the two cores) and hardly slows them. Its output goes to a log of its own, printed whole
# when the step is joined.
declare -A beside_pid=() beside_name=()
beside() {  # beside ID NAME COMMAND...
  local id="$1" name="$2"
  shift 2
  echo "==> $name: started beside the next steps"
  (
    renice -n 19 -p "$BASHPID" >/dev/null
    timed "$name (beside)" "$@"
  ) >"$steps/$id.log" 2>&1 &
  beside_pid[$id]=$!
  beside_name[$id]="$name"
}
joined() {  # joined ID: waits for the step (the wait is a line of the summary), prints its output, fails as it failed
  local id="$1" status=0 start=$SECONDS
  wait "${beside_pid[$id]}" || status=$?
  unset "beside_pid[$id]"
  printf '%s\t%s\n' "$((SECONDS - start))" "waiting for ${beside_name[$id]}" >>"$steps/times"
  echo "==> ${beside_name[$id]} (beside): its output"
  cat "$steps/$id.log"
  [ "$status" -eq 0 ] || { echo "==> ${beside_name[$id]} failed (exit $status)" >&2; return "$status"; }
}
kill_tree() {  # kill_tree PID: the process first (so that its clean-up trap runs), then its children
  local children
  children="$(pgrep -P "$1" || true)"
  kill -TERM "$1" 2>/dev/null || true
  for child in $children; do kill_tree "$child"; done
}

# Where the time went, at the end of every run (and of a failed one, as far as it got).
finish() {
  local status=$? id
  for id in "${!beside_pid[@]}"; do
    kill_tree "${beside_pid[$id]}"
    wait "${beside_pid[$id]}" 2>/dev/null || true
    echo "==> ${beside_name[$id]} (beside) was stopped; its output so far:" >&2
    tail -n 60 "$steps/$id.log" >&2
  done
  [ -z "$current_step" ] || printf '%s\t%s\n' "$((SECONDS - current_start))" "$current_step (failed)" >>"$steps/times"
  if [ -s "$steps/times" ]; then
    echo "==> where the time went (seconds; a step beside ran alongside the next ones at nice 19, and the lines not"
    echo "    beside add up to the run):"
    while IFS=$'\t' read -r seconds name; do printf '  %6s  %s\n' "$seconds" "$name"; done <"$steps/times"
  fi
  echo "==> all steps: $((SECONDS - total_start)) s after the installs, $SECONDS s in all; exit $status"
  rm -rf "$steps"
  exit "$status"
}

# run_ctest DIR [JOBS]: every test registered under DIR (a build tree or one folder of it) whose program was built,
# JOBS (GOLF_TEST_JOBS) at a time.
run_ctest() {
  ctest --test-dir "$1" --output-on-failure -j "${2:-$test_jobs}" --timeout 900 -E '_NOT_BUILT$'
}

# build_in CACHE DIR TARGETS CMAKE-ARGS...: configure_and_build in DIR through compiler cache CACHE (release, asan
# or tsan; scripts/common.sh), only TARGETS ("" for all).
build_in() {
  local kind="$1" GOLF_BUILD="$2" GOLF_TARGETS="$3"
  local GOLF_CCACHE="${GOLF_CCACHE:-$kind}"
  shift 3
  configure_and_build "$@"
}

timed "install what is missing" install_missing
total_start=$SECONDS
trap finish EXIT

if [ -n "${GOLF_SANITIZE:-}" ]; then
  GOLF_BUILD="$builds/build-sanitize"
  timed "build under $GOLF_SANITIZE" build_in "sanitize-${GOLF_SANITIZE//,/-}" "$GOLF_BUILD" "" "${sanitized[@]}" \
    -DGOLF_SANITIZE="$GOLF_SANITIZE" "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
  timed "tests under $GOLF_SANITIZE" run_ctest "$GOLF_BUILD"
  exit 0
fi

docker=1
[ -z "$quick" ] && [ -z "${GOLF_SKIP_DOCKER:-}" ] || docker=""
asan="${GOLF_ASAN_BUILD:-$builds/build-asan}"
tsan="${GOLF_TSAN_BUILD:-$builds/build-tsan}"
asan_build() {
  build_in asan "$asan" "" "${sanitized[@]}" "${clang[@]}" -DGOLF_FUZZ=ON "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
}
# ThreadSanitizer where threads meet: the server (its tests run golf-server in process and as a process), golf
# load (threads sharing its tables' statistics), whose tests run the instrumented golf against it, and the nodes
# of the cluster tests (each with its cluster loop, lookup and lobby threads beside the I/O threads).
tsan_build() {
  build_in tsan "$tsan" "server_tests load_tool_tests cluster_tests quick_play_queue_tests" \
    "${sanitized[@]}" "${clang[@]}" -DGOLF_SANITIZE=thread "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG"
}
# The Docker image end to end (build, play a match, restart, check the record), then docker/compose.cluster.yaml
# with it (docker/cluster_test.sh); it needs root or sudo (it may start dockerd and run debootstrap). The image's
# build stage takes its objects from the Release build's compiler cache where they are the same.
docker_test() {
  env GOLF_BUILD="$GOLF_BUILD" GOLF_DOCKER_CCACHE="$(ccache_dir release)" bash "$GOLF_ROOT/docker/test.sh"
}

# The order: the Release build alone (everything else needs it or competes with it for the cores), then its tests
# with the Docker test and the ASan+UBSan build beside them; the ASan+UBSan tests with the TSan build beside them;
# fuzzing, which wants both cores for its fixed time; the TSan tests; last, the Docker test's result.
timed "house rules (layout, sizes)" bash "$GOLF_ROOT/scripts/house.sh"
timed "Release build" build_in release "$GOLF_BUILD" "" -DGOLF_WERROR=ON -DGOLF_BUILD_TESTS=ON
[ -z "$docker" ] || beside docker "Docker test" docker_test
[ -z "$sanitizers" ] || beside asan "ASan+UBSan build (clang, with the fuzz targets)" asan_build
timed "Release tests" run_ctest "$GOLF_BUILD"

if [ -n "$sanitizers" ]; then
  joined asan
  beside tsan "TSan build (clang, server, load tool and cluster tests)" tsan_build
  timed "ASan+UBSan tests" run_ctest "$asan"
  if (( fuzz_seconds > 0 )); then
    timed "libFuzzer, ${fuzz_seconds} s a target" env GOLF_FUZZ_BUILD="$asan" \
      bash "$GOLF_ROOT/fuzz/run.sh" "$fuzz_seconds"
  fi
  joined tsan
  timed "TSan tests (server, load tool)" run_ctest "$tsan/tests/server" "$jobs"
  timed "TSan tests (several nodes)" run_ctest "$tsan/tests/cluster" "$jobs"
fi
[ -z "$docker" ] || joined docker
