#!/usr/bin/env bash
# The database figures of docs/reliability.md, on this machine. First the cost of synchronous replication: a
# closed-loop `golf load` of PERF_TABLES tables (50) for PERF_DURATION seconds (10) through one golf-server node
# (--node n1) on today's single PostgreSQL server (scripts/local_postgres.sh, fsync on, over loopback TCP) and on
# PostgreSQL with a synchronous standby (scripts/pg_ha.sh, through its HAProxy), with --durability holes and moves,
# the runs taken in turns so both see the same minutes. Then the failover: kill -9 of the primary to the first move
# accepted after it, PERF_FAILOVERS times (5), by database_failover_tests repeated on one set-up (it heals the set-up
# before each run). PERF_DB_DIR (/tmp) holds both databases: /dev/shm takes the disks' fsyncs out of the figures.
# GOLF_PG_HA_TTL (8) is Patroni's. Uses the build as it is, with its tests (GOLF_BUILD_TESTS=ON). Not in CI.
set -euo pipefail
source "$(dirname "$0")/common.sh"

DURATION="${PERF_DURATION:-10}"
TABLES="${PERF_TABLES:-50}"
FAILOVERS="${PERF_FAILOVERS:-5}"
work="$(mktemp -d "${PERF_DB_DIR:-/tmp}/golf-perf-db.XXXXXX")"
chmod 755 "$work"  # the postgres user makes its clusters inside
server_pid=""
finish() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  bash "$GOLF_ROOT/scripts/pg_ha.sh" down "$work/ha" || true
  bash "$GOLF_ROOT/scripts/local_postgres.sh" stop "$work/single" || true
  rm -rf "$work"
}
trap finish EXIT

field() { python3 -c 'import json, sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

# measure NAME URL DURABILITY: one golf-server on the database at URL, one golf load run; prints one table row.
measure() {
  local name="$1" url="$2" durability="$3" log="$work/$1.log" port="" json
  "$GOLF_BUILD/server/golf-server" --host 127.0.0.1 --port 0 --db "$url" --node n1 --durability "$durability" \
    --bot-delay-ms 0 --between-holes-ms 0 --max-per-address 100000 >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    port="$(grep -oE 'listening on 127\.0\.0\.1:[0-9]+' "$log" | head -1 | cut -d: -f2 || true)"
    [ -z "$port" ] || break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { echo "perf_database_ha.sh: golf-server never listened" >&2; exit 1; }
  json="$("$GOLF_BUILD/cli/golf" load --url "ws://127.0.0.1:$port/ws" --tables "$TABLES" --duration "$DURATION" \
    --json | tail -1)"
  kill "$server_pid"
  wait "$server_pid" || true
  server_pid=""
  printf '| %s | %s | %.0f | %.2f / %.2f | %s |\n' "$name" "$durability" "$(field moves_per_s <<<"$json")" \
    "$(field p50_ms <<<"$json")" "$(field p99_ms <<<"$json")" "$(field errors <<<"$json")"
}

GOLF_PG_FSYNC=on bash "$GOLF_ROOT/scripts/local_postgres.sh" start "$work/single" >/dev/null
bash "$GOLF_ROOT/scripts/pg_ha.sh" up "$work/ha" >/dev/null
single="$(cat "$work/single/tcp_url")"
ha="$(cat "$work/ha/url")"
echo "| database | --durability | moves/s | p50 / p99 ms | errors |"
echo "|---|---|---|---|---|"
for durability in holes moves; do
  measure single "$single" "$durability"
  measure synchronous-standby "$ha" "$durability"
done

echo
echo "failover, kill -9 of the primary to the first move accepted after it ($FAILOVERS runs):"
GOLF_TEST_PG_HA_DIR="$work/ha" "$GOLF_BUILD/tests/cluster/database_failover_tests" --gtest_repeat="$FAILOVERS" \
  --gtest_filter='database_failover_test.killing_the_primary_mid_play_loses_no_acknowledged_move' |
  tee "$work/failovers.log" | grep '\[ failover \]' || true
grep -oE 'after it: [0-9]+ ms' "$work/failovers.log" | grep -oE '[0-9]+' | python3 -c '
import statistics, sys
runs = sorted(int(line) for line in sys.stdin)
if runs:
    print(f"p50 {statistics.median(runs):.0f} ms, max {max(runs)} ms over {len(runs)} runs: {runs}")
else:
    print("no failover was measured")'
