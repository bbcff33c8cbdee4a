#!/usr/bin/env bash
# Reruns every measurement in docs/PERFORMANCE.md on this machine: golf-server and the echo baseline on 127.0.0.1,
# driven by `golf load --json` (saturation, latency at 5,000 moves/s, a sweep of offered loads, connections at
# scale, memory per idle connection, the echo ceiling, the echo server's latency at our frame rate, the echo server
# fanning each frame out to four connections as a move is: the floor under a move's cost), then
# engine_bench and persistence_bench, and golf-server's instructions per move. Results go to build/perf/*.json and
# *.dat, plots to docs/perf/*.png (gnuplot). Every load run is bounded (PERF_DURATION seconds, 15 by default).
# Not part of CI.
# Usage: scripts/perf.sh [quick|plots]   (quick: shorter runs and fewer points; plots: only redraw the plots from
# build/perf)
set -euo pipefail
source "$(dirname "$0")/common.sh"

OUT="$GOLF_BUILD/perf"
PLOTS="$GOLF_ROOT/docs/perf"
DURATION="${PERF_DURATION:-15}"
QUICK="${1:-}"
# A quick run's plots (three points) stay beside its results instead of replacing the committed ones.
if [ "$QUICK" = quick ]; then DURATION="${PERF_DURATION:-5}"; PLOTS="$OUT"; fi
# Saturation and the echo ceiling are taken in pairs, one right after the other, at each of these table counts (the
# echo run over as many connections as the tables have seats): both peak at a few hundred connections and fall away
# beyond, and the machine's speed drifts by a quarter within the hour, so only runs side by side, over the same
# connections, make a ratio. The load tool lets a table make at most 400 moves a second (100 per seat, under the
# server's flood limit), so fewer than 50 tables could not offer the target's 20,000.
SATURATION_TABLES="${PERF_SATURATION_TABLES:-50 100 200 400}"
SWEEP_TABLES="${PERF_SWEEP_TABLES:-400}"
# The open-loop runs (latency at 5,000 moves/s, the sweep, the echo server at our frame rate) drive the server with
# one load-tool thread: at those rates a second only adds wake-ups between the two (107-111 against 131-134 µs of
# the tool's CPU per move at 5,000/s), taken from the cores the server shares with it. Saturation keeps two.
OPEN_LOOP_THREADS="${PERF_OPEN_LOOP_THREADS:-1}"
mkdir -p "$OUT" "$PLOTS"

# The plots, from build/perf/latency.dat and memory.dat (the target line starts at the fresh server's memory).
draw_plots() {
  BASE_RSS="$(awk '!/^#/ && $1 == 0 {print $2; exit}' "$OUT/memory.dat")"
  gnuplot <<EOF
set terminal pngcairo size 900,560 font ",11"
set output "$PLOTS/latency.png"
set title "golf-server: latency against offered load (4-seat six-card tables, loopback, 2 cores)"
set xlabel "offered moves per second"
set ylabel "latency, move sent to last seat updated (ms)"
set logscale xy
set grid
set key top left
plot "$OUT/latency.dat" using 1:3 with linespoints title "p50", \
     "" using 1:4 with linespoints title "p90", \
     "" using 1:5 with linespoints title "p99", \
     "" using 1:6 with linespoints title "p99.9"
set output "$PLOTS/memory.png"
set title "golf-server: resident memory against idle connections"
set xlabel "idle WebSocket connections"
set ylabel "server resident memory (MiB)"
unset logscale
set key top left
plot "$OUT/memory.dat" using 1:(\$2/1048576) with linespoints title "resident set", \
     "" using 1:((\$1*8192 + ${BASE_RSS:-0})/1048576) with lines dashtype 2 title "target: 8 KiB per connection"
EOF
}
if [ "$QUICK" = plots ]; then draw_plots; exit 0; fi
rm -f "$OUT"/*.json  # the summary reads every run's JSON here: none may be left from an earlier, different run

command -v gnuplot >/dev/null 2>&1 || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox
if [ -z "${PERF_NO_BUILD:-}" ]; then  # PERF_NO_BUILD=1: use what is built already
  cmake -S "$GOLF_ROOT" -B "$GOLF_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$GOLF_BUILD" -j "${GOLF_JOBS:-2}" --target golf-server golf echo_server engine_bench persistence_bench
fi

# Both processes may hold tens of thousands of sockets.
ulimit -n "$(ulimit -Hn)"
FILES="$(ulimit -n)"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
field() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

SERVER_PID=""
SERVER_DIR=""
stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
  if [ -n "$SERVER_DIR" ]; then rm -rf "$SERVER_DIR"; SERVER_DIR=""; fi
}
trap stop_server EXIT

wait_ready() {  # wait_ready PORT: until GET /metrics answers (at most 30 s)
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$1/metrics" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "the server exited; see $OUT/server.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "the server did not answer within 30 s" >&2
  exit 1
}

# A fresh golf-server for each measurement: no pauses for bots or between holes, warnings only in its log.
start_golf() {
  stop_server
  local port
  port="$(free_port)"
  SERVER_DIR="$(mktemp -d)"
  "$GOLF_BUILD/server/golf-server" --host 127.0.0.1 --port "$port" --db "$SERVER_DIR/golf.db" --threads 2 \
    --bot-delay-ms 0 --between-holes-ms 0 --log-level warn --max-per-address 100000 >>"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  wait_ready "$port"
  URL="ws://127.0.0.1:$port/ws"
}

start_echo() {  # start_echo [--fanout]
  stop_server
  local port
  port="$(free_port)"
  "${PERF_ECHO_SERVER:-$GOLF_BUILD/bench/echo_server}" --host 127.0.0.1 --port "$port" --threads 2 "$@" \
    >>"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  wait_ready "$port"
  URL="ws://127.0.0.1:$port/ws"
}

load() {  # load NAME ARGS...: one golf load run, its JSON line kept as $OUT/NAME.json
  local name="$1"
  shift
  echo "== $name: golf load $*" >&2
  "$GOLF_BUILD/cli/golf" load --url "$URL" "$@" --json | tail -n 1 >"$OUT/$name.json"
  cat "$OUT/$name.json" >&2
}

: >"$OUT/server.log"
{ lscpu; echo; free -m; echo; uname -a; echo; echo "open files: $FILES"; sysctl net.ipv4.ip_local_port_range; } \
  >"$OUT/machine.txt"

# 1. Saturation: closed loop, 4-seat six-card tables, each as fast as its updates come back; and right after each,
#    the echo baseline: the same client code against a Beast echo server over as many connections, closed loop,
#    frames of the size of a typical TableUpdate. Then the floor under a move: the echo server writing
#    each frame to its group of four (--fanout), one frame in and four out as a move is, and nothing else.
[ "$QUICK" = quick ] && SATURATION_TABLES="${PERF_SATURATION_TABLES:-100}"
for tables in $SATURATION_TABLES; do
  start_golf
  load "saturation-$tables" --tables "$tables" --seats 4 --rules six-card --duration "$DURATION"
  start_echo
  load "echo-$((tables * 4))" --echo --connections $((tables * 4)) --frame-bytes 512 --duration "$DURATION"
  start_echo --fanout
  load "fanout-$tables" --echo --fanout 4 --connections $((tables * 4)) --frame-bytes 512 --duration "$DURATION"
done

# 2. Latency at 5,000 moves/s offered (open loop), and a sweep of offered loads.
start_golf
load latency-5000 --tables "$SWEEP_TABLES" --rate 5000 --duration "$DURATION" --threads "$OPEN_LOOP_THREADS"
# The cost of a move at a moderate load: 2,000 moves/s over 200 tables, where wake-ups, not work, set it.
start_golf
load moderate-2000 --tables 200 --rate 2000 --duration "$DURATION" --threads "$OPEN_LOOP_THREADS"
start_echo --fanout
load fanout-moderate-2000 --echo --fanout 4 --connections 800 --frame-bytes 512 --rate 2000 --duration "$DURATION" \
  --threads "$OPEN_LOOP_THREADS"
# The peer (bench/colyseus: Colyseus 0.18, StateView per seat, a patch after every move), where its packages are
# installed (the build's `npm ci`): at 50 tables closed loop and at 2,000 moves/s over 200 tables, right after ours.
PEER="$GOLF_ROOT/bench/colyseus"
peer() {  # peer NAME TABLES [RATE]: one run of the peer's own load client, its JSON line kept as $OUT/NAME.json
  local name="$1" tables="$2" rate="${3:-}" port
  stop_server
  port="$(free_port)"
  node "$PEER/server.mjs" "$port" >>"$OUT/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 100); do grep -q "listening on 127.0.0.1:$port" "$OUT/server.log" && break; sleep 0.1; done
  echo "== $name: bench/colyseus/load.mjs $tables tables ${rate:+at $rate moves/s}" >&2
  node "$PEER/load.mjs" "ws://127.0.0.1:$port" "$tables" "$DURATION" "$SERVER_PID" $rate | tail -n 1 >"$OUT/$name.json"
  cat "$OUT/$name.json" >&2
}
if [ -d "$PEER/node_modules" ]; then
  peer peer-50 50
  peer peer-moderate-2000 200 2000
fi
RATES="200 500 1000 2000 5000 8000 10000 12000 14000 16000 18000 20000"
[ "$QUICK" = quick ] && RATES="1000 5000 10000"
echo "# offered_per_s moves_per_s p50_ms p90_ms p99_ms p999_ms errors" >"$OUT/latency.dat"
for rate in $RATES; do
  start_golf
  load "sweep-$rate" --tables "$SWEEP_TABLES" --rate "$rate" --duration "$DURATION" --threads "$OPEN_LOOP_THREADS"
  python3 - "$OUT/sweep-$rate.json" >>"$OUT/latency.dat" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(r["offered_per_s"], round(r["moves_per_s"]), r["p50_ms"], r["p90_ms"], r["p99_ms"], r["p999_ms"], r["errors"])
EOF
done

# 3. Connections: idle connections (Hello, then nothing) on a fresh server each time, and the server's memory.
#    Each process may hold at most FILES descriptors, so the counts stop below that.
MAX_CONNECTIONS=$((FILES - 500))
echo "# connections server_rss_bytes rss_per_connection_bytes" >"$OUT/memory.dat"
POINTS="0 1000 2000 5000 10000 15000 $MAX_CONNECTIONS"
[ "$QUICK" = quick ] && POINTS="0 1000 5000"
for n in $POINTS; do
  [ "$n" -le "$MAX_CONNECTIONS" ] || continue
  start_golf
  if [ "$n" -eq 0 ]; then
    metrics_url="$(echo "$URL" | sed 's|^ws://|http://|; s|/ws$|/metrics|')"
    echo "0 $(curl -s "$metrics_url" | awk '/^golf_resident_memory_bytes /{print $2}') 0" >>"$OUT/memory.dat"
    continue
  fi
  load "idle-$n" --tables 0 --idle-connections "$n" --duration 3 --setup-timeout 300
  python3 - "$OUT/idle-$n.json" >>"$OUT/memory.dat" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print(r["connections"], r["server_rss_bytes"], r["server_rss_per_connection_bytes"])
EOF
done

# 4. Tables at scale: as many 4-seat tables as the open-file limit allows, playing at 5,000 moves/s in all.
SCALE_TABLES=$(((FILES - 500) / 4))
[ "$QUICK" = quick ] && SCALE_TABLES=1000
[ "$SCALE_TABLES" -gt 25000 ] && SCALE_TABLES=25000
start_golf
load "scale-$SCALE_TABLES" --tables "$SCALE_TABLES" --rate 5000 --duration "$DURATION" --setup-timeout 600

# 5. The echo server's own latency at the frame rate golf-server handled at 5,000 moves/s (one frame in and
#    frames_per_move out per move; an echo is two frames), over as many connections, open loop: the floor for the
#    p99 target on this machine.
MATCHED_RATE="$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))
print(round(r["moves_per_s"] * (1 + r["frames_per_move"]) / 2))' "$OUT/latency-5000.json")"
start_echo
load echo-matched --echo --connections $((SWEEP_TABLES * 4)) --frame-bytes 512 --rate "$MATCHED_RATE" \
  --duration "$DURATION" --threads "$OPEN_LOOP_THREADS"
stop_server

python3 - "$OUT" $SATURATION_TABLES >"$OUT/summary.txt" <<'EOF'
import json, sys, os
out = sys.argv[1]
def load(name):
    return json.load(open(os.path.join(out, name + ".json")))
pairs = [(load(f"saturation-{t}"), load(f"echo-{int(t) * 4}")) for t in sys.argv[2:]]
ratios = []
for s, e in pairs:
    ratios.append(s['frames_per_s'] / e['frames_per_s'])
    print(f"{s['tables']} tables ({s['connections']} connections): {s['moves_per_s']:.0f} moves/s, "
          f"{s['frames_per_s']:.0f} frames/s, p99 {s['p99_ms']:.3f} ms, errors {s['errors']}; the echo server "
          f"over as many connections right after: {e['frames_per_s']:.0f} frames/s, errors {e['errors']}; "
          f"ratio {ratios[-1]:.2f}")
# The figures below are the best run of each kind: saturation is what the server carries at its best table count,
# the echo ceiling what the stack carries at its best connection count (not necessarily the same one).
s = max((p[0] for p in pairs), key=lambda r: r["moves_per_s"])
e = max((p[1] for p in pairs), key=lambda r: r["frames_per_s"])
l = load("latency-5000")
print(f"saturation: {s['moves_per_s']:.0f} moves/s at {s['tables']} tables, {s['frames_per_s']:.0f} frames/s "
      f"({s['frames_per_move']:.2f} frames per move), p99 {s['p99_ms']:.3f} ms, errors {s['errors']}")
print(f"  cpu per move: server {s['server_cpu_us_per_move']:.1f} us, load tool {s['client_cpu_us_per_move']:.1f} us; "
      f"2 cores would carry about {2e6 / (s['server_cpu_us_per_move'] + s['client_cpu_us_per_move']):.0f} moves/s "
      f"with the load tool beside the server, {2e6 / s['server_cpu_us_per_move']:.0f} with it elsewhere")
kernel = s['server_cpu_system_us_per_move'] + s['client_cpu_system_us_per_move']
print(f"  of it in the kernel: server {s['server_cpu_system_us_per_move']:.1f} us, load tool "
      f"{s['client_cpu_system_us_per_move']:.1f} us (system calls, and on loopback the TCP work of delivering "
      f"each frame); were all the code above the kernel free, 2 cores would carry at most about "
      f"{2e6 / kernel:.0f} moves/s with the tool beside the server")
print(f"echo ceiling: {e['frames_per_s']:.0f} frames/s ({e['moves_per_s']:.0f} echoes/s) over {e['connections']} "
      f"connections, p99 {e['p99_ms']:.3f} ms, server cpu {e['server_cpu_us_per_move'] / 2:.1f} us per frame")
ours = s['server_cpu_us_per_move'] / s['frames_per_move']
print(f"ratio to echo: {', '.join(f'{r:.2f}' for r in sorted(ratios))} by frames/s over the same connections, "
      f"side by side; {s['frames_per_s'] / e['frames_per_s']:.2f} best against best; "
      f"{(e['server_cpu_us_per_move'] / 2) / ours:.2f} by server cpu per frame ({ours:.1f} us ours)")
print(f"at 5,000 moves/s offered: {l['moves_per_s']:.0f} moves/s, p50 {l['p50_ms']:.3f} p90 {l['p90_ms']:.3f} "
      f"p99 {l['p99_ms']:.3f} p99.9 {l['p999_ms']:.3f} ms (from sent: p99 {l['from_sent_p99_ms']:.3f} ms), "
      f"errors {l['errors']}")
print(f"  p99 of moves within a hole {l['mid_hole_p99_ms']:.3f} ms; of holes' last moves, which wait for their "
      f"commit, {l['hole_end_p99_ms']:.3f} ms ({l['hole_end_moves']} moves)")
m = load("echo-matched")
print(f"  the echo server at the same {m['frames_per_s']:.0f} frames/s over {m['connections']} connections: "
      f"p50 {m['p50_ms']:.3f} p90 {m['p90_ms']:.3f} p99 {m['p99_ms']:.3f} p99.9 {m['p999_ms']:.3f} ms")
d = load("moderate-2000")
print(f"at 2,000 moves/s over 200 tables: server cpu per move {d['server_cpu_us_per_move']:.1f} us "
      f"({d['server_cpu_system_us_per_move']:.1f} us in the kernel), p50 {d['p50_ms']:.3f} p99 {d['p99_ms']:.3f} ms, "
      f"errors {d['errors']}")
# The floor: the echo server doing a move's frames (one in, four out to a group of four) and nothing else.
def floor(name, f, g):
    print(f"  {name}: the bare fan-out {f['server_cpu_us_per_move']:.1f} us a move ({f['server_cpu_system_us_per_move']:.1f} "
          f"in the kernel), {f['moves_per_s']:.0f}/s, errors {f['errors']}; golf-server {g['server_cpu_us_per_move']:.1f} us, "
          f"{g['server_cpu_us_per_move'] / f['server_cpu_us_per_move']:.2f} times the floor")
print("the floor under a move, the echo server writing each frame to its group of four:")
for t in sys.argv[2:]:
    floor(f"{t} tables, closed loop", load(f"fanout-{t}"), load(f"saturation-{t}"))
floor("2,000 moves/s over 200 tables", load("fanout-moderate-2000"), d)
# The peer, where it ran: its server's CPU a move against ours (its closed loop is held back by its own client).
if os.path.exists(os.path.join(out, "peer-moderate-2000.json")):
    print("the peer (bench/colyseus, Colyseus 0.18):")
    for name, ours in (("peer-50", load("saturation-50") if "50" in sys.argv[2:] else None), ("peer-moderate-2000", d)):
        p = load(name)
        vs = (f"; {p['server_cpu_us_per_move'] / ours['server_cpu_us_per_move']:.2f} times golf-server's "
              f"{ours['server_cpu_us_per_move']:.1f} us") if ours else ""
        print(f"  {p['tables']} tables{' at ' + str(p['offered_per_s']) + '/s' if p['offered_per_s'] else ', closed loop'}: "
              f"{p['moves_per_s']:.0f} moves/s, server {p['server_cpu_us_per_move']:.1f} us a move "
              f"({p['server_cpu_system_us_per_move']:.1f} in the kernel), p50 {p['p50_ms']:.3f} p99 {p['p99_ms']:.3f} ms, "
              f"errors {p['errors']}{vs}")
for name in sorted(os.listdir(out)):
    if name.startswith(("idle-", "scale-")):
        r = json.load(open(os.path.join(out, name)))
        print(f"{name[:-5]}: {r['connections']} connections, server {r['server_rss_bytes'] / 1048576:.1f} MiB, "
              f"{r['server_rss_per_connection_bytes']} bytes per connection, {r['moves_per_s']:.0f} moves/s, "
              f"p99 {r['p99_ms']:.3f} ms, errors {r['errors']}")
EOF
cat "$OUT/summary.txt"

# 6. The engine and the database.
"$GOLF_BUILD/bench/engine_bench" --benchmark_format=json --benchmark_out="$OUT/engine_bench.json" \
  --benchmark_out_format=json >/dev/null
"$GOLF_BUILD/bench/persistence_bench" --benchmark_format=json --benchmark_out="$OUT/persistence_bench.json" \
  --benchmark_out_format=json >/dev/null

python3 - "$OUT" >>"$OUT/summary.txt" <<'EOF'
import json, sys, os
for name in ("engine_bench", "persistence_bench"):
    for b in json.load(open(os.path.join(sys.argv[1], name + ".json")))["benchmarks"]:
        rate = b.get("items_per_second")
        print(f"{name} {b['name']}: {rate:,.0f} items/s" if rate else f"{name} {b['name']}: {b['real_time']:.3g} {b['time_unit']}")
EOF
cat "$OUT/summary.txt"

# 7. User-space instructions per move (callgrind; 10 tables): the figure that compares builds on a busy machine.
echo "instructions per move: $("$GOLF_ROOT/scripts/instructions_per_move.sh" "$GOLF_BUILD")" | tee -a "$OUT/summary.txt"

# 8. Plots.
draw_plots
echo "results in $OUT, plots in $PLOTS" >&2
