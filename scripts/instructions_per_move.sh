#!/usr/bin/env bash
# golf-server's user-space instructions per move, counted by valgrind's callgrind: 10 four-seat six-card tables,
# closed loop, counted for COUNT seconds after WARM seconds (moves from /metrics' golf_actions_total). Unlike CPU
# time, the count hardly moves between runs (within 1 %) or with what else the machine is doing, so two builds
# compare on a busy machine too; it leaves out the kernel's share (docs/PERFORMANCE.md, "Cost per move").
# Usage: scripts/instructions_per_move.sh [BUILD_DIR] [OUT_FILE]
#   BUILD_DIR: a build with server/golf-server (default: build; the load tool is always build's cli/golf);
#   OUT_FILE: keeps callgrind's profile (callgrind_annotate reads it).
# Prints one line: moves counted, instructions, instructions per move. Not part of CI.
set -euo pipefail
source "$(dirname "$0")/common.sh"

BUILD="${1:-$GOLF_BUILD}"
PROFILE_COPY="${2:-}"
WARM="${COUNT_WARM_SECONDS:-10}"
COUNT="${COUNT_SECONDS:-12}"
command -v valgrind >/dev/null 2>&1 || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind

dir="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
server=""
load=""
finish() {
  [ -n "$load" ] && kill "$load" 2>/dev/null || true
  [ -n "$server" ] && kill -INT "$server" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap finish EXIT

# Instrumentation starts off: the start, the connections and the first deals are not counted.
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$dir/callgrind.out" \
  "$BUILD/server/golf-server" --host 127.0.0.1 --port "$port" --db "$dir/golf.db" --threads 2 \
  --bot-delay-ms 0 --between-holes-ms 0 --log-level warn --max-per-address 100000 >"$dir/server.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$port/metrics" >/dev/null && break; sleep 0.1; done
moves() { curl -sf "http://127.0.0.1:$port/metrics" | awk '/^golf_actions_total /{print $2}'; }

"$GOLF_BUILD/cli/golf" load --url "ws://127.0.0.1:$port/ws" --tables 10 --seats 4 --rules six-card \
  --duration $((WARM + COUNT + 5)) --setup-timeout 60 --json >"$dir/load.json" 2>&1 &
load=$!
sleep "$WARM"
before="$(moves)"
callgrind_control -i on "$server" >/dev/null 2>&1
sleep "$COUNT"
callgrind_control -i off "$server" >/dev/null 2>&1
after="$(moves)"
wait "$load"
load=""
kill -INT "$server"
wait "$server" 2>/dev/null || true
server=""

[ -n "$PROFILE_COPY" ] && cp "$dir/callgrind.out" "$PROFILE_COPY"
instructions="$(callgrind_annotate "$dir/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')"
counted=$((after - before))
[ "$counted" -gt 0 ] || { echo "no moves were counted; see the server's log" >&2; exit 1; }
echo "moves $counted instructions $instructions per_move $((instructions / counted))"
