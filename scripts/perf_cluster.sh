#!/usr/bin/env bash
# The several-node figures of docs/PERFORMANCE.md ("PostgreSQL and several nodes"), on this machine: for 1, 2 and 3
# nodes behind HAProxy (scripts/cluster.sh, PostgreSQL with fsync on and pg_stat_statements loaded), a closed-loop
# `golf load` of PERF_TABLES tables (50) for PERF_DURATION seconds (10), with each node's CPU per move, PostgreSQL's
# own CPU per move, its commits and statements (round trips) per move; then the HAProxy hop (one node, 2,000
# moves/s offered, straight to the node and through the proxy), --durability moves against holes, and pgbench's
# ceiling on the same PostgreSQL. Uses the build as it is (build it first: scripts/run.sh or cmake). Not in CI.
# Results: build/perf/cluster-*.json and a table on stdout.
set -euo pipefail
source "$(dirname "$0")/common.sh"

DURATION="${PERF_DURATION:-10}"
TABLES="${PERF_TABLES:-50}"
OUT="$GOLF_BUILD/perf"
work="$(mktemp -d /tmp/golf-perf-cluster.XXXXXX)"
chmod 755 "$work"  # the postgres user makes its cluster inside
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mkdir -p "$OUT"
export GOLF_CLUSTER_NO_BUILD=1 GOLF_PORT="$port"
export GOLF_NODE_FLAGS="--bot-delay-ms 0 --between-holes-ms 0 ${PERF_NODE_FLAGS:-}"
export GOLF_PG_OPTIONS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"

current=""
finish() {
  [ -z "$current" ] || down "$current"
  rm -rf "$work"
}
trap finish EXIT

up() {  # up DIR N
  GOLF_CLUSTER_DIR="$1" bash "$GOLF_ROOT/scripts/cluster.sh" up "$2" >/dev/null
  current="$1"
  sql "$1" "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
  for _ in $(seq 1 100); do  # HAProxy's first health checks
    curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return
    sleep 0.1
  done
  echo "perf_cluster.sh: the proxy never answered" >&2
  exit 1
}
down() {
  GOLF_CLUSTER_DIR="$1" bash "$GOLF_ROOT/scripts/cluster.sh" down >/dev/null
  bash "$GOLF_ROOT/scripts/local_postgres.sh" stop "$1/pg"
  current=""
}
sql() { psql "$(cat "$1/pg/url")" -Atc "$2"; }
ticks() {  # ticks PID...: user + system CPU of the processes, in clock ticks
  local total=0 pid
  for pid in "$@"; do total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
  echo "$total"
}
pg_pids() { echo "$(head -1 "$1/pg/data/postmaster.pid")" $(pgrep -P "$(head -1 "$1/pg/data/postmaster.pid")"); }
field() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

# measure NAME DIR URL LOAD-ARGS...: one golf load run and the counters around it; prints one table row.
measure() {
  local name="$1" dir="$2" url="$3"
  shift 3
  local nodes=() commits0 calls0 node0 pg0 proxy0 json moves proxy_pid
  for f in "$dir"/n*.pid; do nodes+=("$(cat "$f")"); done
  sql "$dir" "SELECT pg_stat_statements_reset()" >/dev/null
  commits0="$(sql "$dir" "SELECT xact_commit FROM pg_stat_database WHERE datname = 'postgres'")"
  node0="$(ticks "${nodes[@]}")"
  proxy_pid="$(cat "$dir/haproxy.pid")"
  proxy0="$(ticks "$proxy_pid")"
  pg0="$(ticks $(pg_pids "$dir"))"
  json="$("$GOLF_BUILD/cli/golf" load --url "$url" "$@" --json | tail -1)"
  echo "$json" >"$OUT/cluster-$name.json"
  moves="$(field moves <<<"$json")"
  local hz commits calls node_us pg_us proxy_us
  hz="$(getconf CLK_TCK)"
  commits="$(( $(sql "$dir" "SELECT xact_commit FROM pg_stat_database WHERE datname = 'postgres'") - commits0 ))"
  calls="$(sql "$dir" "SELECT COALESCE(sum(calls), 0) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'")"
  node_us="$(python3 -c "print(round(($(ticks "${nodes[@]}") - $node0) * 1e6 / $hz / max(1, $moves), 1))")"
  proxy_us="$(python3 -c "print(round(($(ticks "$proxy_pid") - $proxy0) * 1e6 / $hz / max(1, $moves), 1))")"
  pg_us="$(python3 -c "print(round(($(ticks $(pg_pids "$dir")) - $pg0) * 1e6 / $hz / max(1, $moves), 1))")"
  printf '| %s | %.0f | %.2f / %.2f | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$(field moves_per_s <<<"$json")" \
    "$(field p50_ms <<<"$json")" "$(field p99_ms <<<"$json")" "$node_us" "$proxy_us" "$pg_us" \
    "$(python3 -c "print(round($commits / max(1, $moves), 4))")" \
    "$(python3 -c "print(round($calls / max(1, $moves), 3))")" "$(field errors <<<"$json")" \
    "$(field node_hops <<<"$json" 2>/dev/null || echo 0)"
}

echo "| run | moves/s | p50 / p99 ms | nodes' µs/move | HAProxy µs/move | PostgreSQL µs/move | commits/move | statements/move | errors | hops |"
echo "|---|---|---|---|---|---|---|---|---|---|"
closed=(--tables "$TABLES" --duration "$DURATION")
for n in 1 2 3; do
  up "$work/c$n" "$n"
  measure "${n}-nodes-proxy" "$work/c$n" "ws://127.0.0.1:$port/ws" "${closed[@]}"
  if [ "$n" = 1 ]; then
    # The HAProxy hop at a moderate load: straight to the node, then through the proxy.
    open=(--tables 200 --rate 2000 --threads 1 --duration "$DURATION")
    measure "1-node-direct-2000" "$work/c$n" "ws://127.0.0.1:$((port + 1))/ws" "${open[@]}"
    measure "1-node-proxy-2000" "$work/c$n" "ws://127.0.0.1:$port/ws" "${open[@]}"
    measure "1-node-direct" "$work/c$n" "ws://127.0.0.1:$((port + 1))/ws" "${closed[@]}"
  fi
  down "$work/c$n"
done
GOLF_NODE_FLAGS="$GOLF_NODE_FLAGS --durability moves" up "$work/durable" 1
measure "1-node-direct-durable-moves" "$work/durable" "ws://127.0.0.1:$((port + 1))/ws" "${closed[@]}"
down "$work/durable"

# pgbench on the same PostgreSQL set-up: simple-update transactions (5 statements each), 8 clients, 2 threads.
GOLF_PG_FSYNC=on bash "$GOLF_ROOT/scripts/local_postgres.sh" start "$work/bench" >/dev/null
url="$(cat "$work/bench/url")"
/usr/lib/postgresql/15/bin/pgbench -q -i -s 10 "$url" >/dev/null 2>&1
echo
echo "pgbench -N -c 8 -j 2 -T $DURATION (fsync on):"
/usr/lib/postgresql/15/bin/pgbench -N -c 8 -j 2 -T "$DURATION" "$url" 2>/dev/null |
  grep -E "^tps|latency average"
bash "$GOLF_ROOT/scripts/local_postgres.sh" stop "$work/bench"
