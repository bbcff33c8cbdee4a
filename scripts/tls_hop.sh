#!/usr/bin/env bash
# The TLS hop's cost: golf-server on 127.0.0.1, Caddy in front of it (`tls internal`, its own authority in a
# temporary directory), and `golf load` at a fixed rate straight to golf-server (ws://) and then through Caddy
# (wss://), one fresh server for each. Prints each run's JSON line and a digest: moves/s, p50/p99 of a move's
# round trip, and the CPU per move of golf-server, the load tool and Caddy (from /proc, over the measured window).
# Loopback only; every wait is bounded; the servers and the temporary directory are removed at the end.
# Usage: scripts/tls_hop.sh   (TLS_HOP_RATE=2000 TLS_HOP_TABLES=200 TLS_HOP_DURATION=60 TLS_HOP_THREADS=1)
set -euo pipefail
source "$(dirname "$0")/common.sh"

RATE="${TLS_HOP_RATE:-2000}"
TABLES="${TLS_HOP_TABLES:-200}"
DURATION="${TLS_HOP_DURATION:-60}"
THREADS="${TLS_HOP_THREADS:-1}"  # as perf.sh's moderate-2000 run: one load thread at an open-loop rate
GOLF="$GOLF_BUILD/cli/golf"
SERVER="$GOLF_BUILD/server/golf-server"
for program in "$GOLF" "$SERVER" /usr/bin/caddy; do
  [ -x "$program" ] || { echo "tls_hop: $program is missing (build golf and golf-server; apt-get install caddy)" >&2; exit 1; }
done

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# wait_for COMMAND...: until it succeeds, at most 30 s.
wait_for() {
  for _ in $(seq 1 300); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "tls_hop: gave up waiting for: $*" >&2
  exit 1
}

# Behind Caddy every connection comes from 127.0.0.1, so the per-address limit (256) is lifted for both runs.
start_golf() {
  GOLF_PORT="$(free_port)"
  rm -rf "$WORK/db" && mkdir -p "$WORK/db"
  "$SERVER" --host 127.0.0.1 --port "$GOLF_PORT" --db "$WORK/db/golf.db" --threads 2 --bot-delay-ms 0 \
    --between-holes-ms 0 --log-level warn --max-per-address 100000 >>"$WORK/server.log" 2>&1 &
  GOLF_PID=$!
  PIDS+=("$GOLF_PID")
  wait_for curl -sf "http://127.0.0.1:$GOLF_PORT/metrics"
}

start_caddy() {
  CADDY_PORT="$(free_port)"
  cat >"$WORK/Caddyfile" <<EOF
{
	admin off
	http_port $(free_port)
	https_port $CADDY_PORT
	default_sni localhost
	skip_install_trust
	auto_https disable_redirects
	storage file_system $WORK/caddy
}
localhost:$CADDY_PORT {
	bind 127.0.0.1
	tls internal
	reverse_proxy 127.0.0.1:$GOLF_PORT
}
EOF
  HOME="$WORK" XDG_DATA_HOME="$WORK/xdg-data" XDG_CONFIG_HOME="$WORK/xdg-config" \
    /usr/bin/caddy run --config "$WORK/Caddyfile" --adapter caddyfile >>"$WORK/caddy.log" 2>&1 &
  CADDY_PID=$!
  PIDS+=("$CADDY_PID")
  ROOT_CA="$WORK/caddy/pki/authorities/local/root.crt"
  wait_for curl -sf --cacert "$ROOT_CA" "https://localhost:$CADDY_PORT/metrics"
}

# run NAME URL [PID_TO_WATCH]: one load run; its JSON in $WORK/NAME.json, the watched process's CPU ticks per
# second in $WORK/NAME.ticks (one line a second while the tool runs).
run() {
  local name="$1" url="$2" watch="${3:-}"
  echo "== $name: golf load --url $url --tables $TABLES --rate $RATE --duration $DURATION --threads $THREADS" >&2
  GOLF_CA_FILE="${ROOT_CA:-}" "$GOLF" load --url "$url" --tables "$TABLES" --rate "$RATE" --duration "$DURATION" \
    --threads "$THREADS" --setup-timeout 120 --json >"$WORK/$name.out" &
  local tool=$!
  : >"$WORK/$name.ticks"
  while kill -0 "$tool" 2>/dev/null; do
    [ -n "$watch" ] && cpu_ticks "$watch" >>"$WORK/$name.ticks"
    sleep 1
  done
  wait "$tool"
  tail -n 1 "$WORK/$name.out" >"$WORK/$name.json"
  cat "$WORK/$name.json"
}

start_golf
run direct "ws://127.0.0.1:$GOLF_PORT/ws"
kill -TERM "$GOLF_PID"; wait "$GOLF_PID" 2>/dev/null || true
start_golf
start_caddy
run through-caddy "wss://localhost:$CADDY_PORT/ws" "$CADDY_PID"

python3 - "$WORK" "$DURATION" "$(getconf CLK_TCK)" <<'EOF'
import json, os, sys
work, duration, tick = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for name in ("direct", "through-caddy"):
    r = json.load(open(os.path.join(work, name + ".json")))
    line = (f"{name}: {r['moves_per_s']:.0f} moves/s, p50 {r['p50_ms']:.3f} ms, p99 {r['p99_ms']:.3f} ms, "
            f"errors {r['errors']}, setup {r['setup_s']:.1f} s; CPU per move: golf-server {r['server_cpu_us_per_move']:.0f} us, "
            f"golf load {r['client_cpu_us_per_move']:.0f} us")
    ticks = [int(t) for t in open(os.path.join(work, name + ".ticks")).read().split()]
    if len(ticks) > duration + 1:
        # The window is the last DURATION seconds of the run (the report after it takes well under a second).
        used = (ticks[-1] - ticks[-1 - duration]) / tick
        line += f", caddy {used * 1e6 / (r['moves_per_s'] * duration):.0f} us ({used / duration:.2f} cores)"
    print(line)
EOF
