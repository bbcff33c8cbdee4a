#!/usr/bin/env bash
# The fault harness (tests/faults) by hand, as root on a machine with ip and nft (Debian's iproute2, nftables):
#   scripts/faults.sh [MINUTES]   builds, then plays matches through HAProxy on three nodes for MINUTES (60) while a
#                                 random schedule of every fault kind runs; prints the checker's report and writes it
#                                 to build/faults-report.txt (exit 1 when the checker found a problem)
#   scripts/faults.sh clean [PID] removes what a run left behind: its namespaces (golf-faults-PID-*), every process
#                                 in them and its folder /tmp/golf-faults-PID; without PID, those of every run whose
#                                 process is gone (CTest runs this after the fault test, so a killed run leaves nothing)
# GOLF_FAULTS_SEED picks the schedule (1). docs/reliability.md says what the faults are and what the last run found.
set -euo pipefail

clean_run() {  # clean_run PID
  local pid="$1" ns
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^golf-faults-$pid-" || true); do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns delete "$ns" 2>/dev/null || true
  done
  rm -rf "/tmp/golf-faults-$pid" "/tmp/golf-faults-$pid-nft.rules"
}

if [ "${1:-}" = "clean" ]; then
  if [ -n "${2:-}" ]; then
    clean_run "$2"
    exit 0
  fi
  for pid in $( (ip netns list 2>/dev/null | awk '{print $1}'; ls /tmp 2>/dev/null) |
    sed -n -E 's/^golf-faults-([0-9]+).*/\1/p' | sort -u); do
    [ -d "/proc/$pid" ] || clean_run "$pid"
  done
  exit 0
fi

minutes="${1:-60}"
[[ "$minutes" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [MINUTES] | clean [PID]" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "$0: the fault harness makes network namespaces: run it as root" >&2; exit 2; }
source "$(dirname "$0")/common.sh"
GOLF_PACKAGES+=(postgresql haproxy)
install_missing
GOLF_TARGETS="fault_tests golf-server" configure_and_build -DGOLF_BUILD_TESTS=ON
GOLF_FAULTS_MINUTES="$minutes" GOLF_FAULTS_REPORT="$GOLF_BUILD/faults-report.txt" \
  "$GOLF_BUILD/tests/faults/fault_tests" --gtest_filter='Faults.DISABLED_LongSchedule' --gtest_also_run_disabled_tests
