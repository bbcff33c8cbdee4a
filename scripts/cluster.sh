#!/usr/bin/env bash
# Several golf-server nodes on one machine, as a host would run them on several:
#   scripts/cluster.sh up [N] [--ha-db]
#                               installs what is missing, builds, then starts PostgreSQL, N golf-server nodes
#                               (default 3, named n1..nN) and HAProxy in front, all on loopback, and prints the one
#                               URL to use (http://127.0.0.1:8080/, GOLF_PORT to change it). With --ha-db the
#                               database has no single point of failure: a primary and a synchronous standby under
#                               Patroni with three etcd members, reached through a HAProxy of its own
#                               (scripts/pg_ha.sh; GOLF_HA_DB_FLAGS adds its flags, e.g. "--standbys 2")
#   scripts/cluster.sh down     stops what `up` started (nodes first, so each hands its tables over); the
#                               database stays in GOLF_CLUSTER_DIR, so the next `up` restores unfinished matches
#   scripts/cluster.sh status   which nodes run, the database's servers, and the proxy's address
# Everything lives in GOLF_CLUSTER_DIR (default /tmp/golf-cluster): the database, each node's log, haproxy.cfg.
# GOLF_NODE_FLAGS adds flags to every node (e.g. "--durability moves"); GOLF_CLUSTER_NO_BUILD=1 uses the build as
# it is (scripts/perf_cluster.sh).
# Every connection reaches a node from HAProxy's address, so HAProxy holds the per-address limit and the nodes'
# is raised. Nodes listen on the ports after the proxy's (8081, 8082, ...); kill one (kill -9 $(cat DIR/n2.pid)) and its
# tables move to the others within seconds.
set -euo pipefail
source "$(dirname "$0")/common.sh"

dir="${GOLF_CLUSTER_DIR:-/tmp/golf-cluster}"
proxy_port="${GOLF_PORT:-8080}"

up() {
  local count=3 ha=""
  for arg in "$@"; do
    if [ "$arg" = --ha-db ]; then ha=1; else count="$arg"; fi
  done
  [[ "$count" =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: N is a number of nodes from 1 to 99 (got '$count')" >&2; exit 2; }
  [ ! -e "$dir/haproxy.pid" ] || { echo "cluster.sh: already up in $dir (scripts/cluster.sh down first)" >&2; exit 1; }
  if [ -z "${GOLF_CLUSTER_NO_BUILD:-}" ]; then
    GOLF_PACKAGES+=(postgresql haproxy)
    [ -z "$ha" ] || GOLF_PACKAGES+=(patroni etcd-server etcd-client)
    install_missing
    configure_and_build -DGOLF_BUILD_TESTS=OFF
  fi
  mkdir -p "$dir"
  local url nodes=()
  if [ -n "$ha" ]; then
    chmod 755 "$dir"  # the postgres user's servers live inside
    # shellcheck disable=SC2086 # GOLF_HA_DB_FLAGS is a list of flags
    bash "$GOLF_ROOT/scripts/pg_ha.sh" up "$dir/pg-ha" ${GOLF_HA_DB_FLAGS:-}  # resumes the last run's data
    url="$(cat "$dir/pg-ha/url")"
  else
    GOLF_PG_FSYNC=on bash "$GOLF_ROOT/scripts/local_postgres.sh" up "$dir/pg"  # keeps the matches of the last run
    url="$(cat "$dir/pg/url")"
  fi
  for i in $(seq 1 "$count"); do
    local port=$((proxy_port + i))
    # shellcheck disable=SC2086 # GOLF_NODE_FLAGS is a list of flags
    "$GOLF_BUILD/server/golf-server" --host 127.0.0.1 --port "$port" --db "$url" --node "n$i" \
      --max-per-address 100000 ${GOLF_NODE_FLAGS:-} \
      >"$dir/n$i.log" 2>&1 &
    echo $! >"$dir/n$i.pid"
    nodes+=("n$i=127.0.0.1:$port")
  done
  for i in $(seq 1 "$count"); do
    for _ in $(seq 1 100); do
      grep -q "listening on" "$dir/n$i.log" && break
      kill -0 "$(cat "$dir/n$i.pid")" 2>/dev/null || { cat "$dir/n$i.log" >&2; exit 1; }
      sleep 0.1
    done
  done
  bash "$GOLF_ROOT/scripts/haproxy_config.sh" "127.0.0.1:$proxy_port" "${nodes[@]}" >"$dir/haproxy.cfg"
  haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  echo $! >"$dir/haproxy.pid"
  echo "golf-server, $count nodes behind HAProxy: http://127.0.0.1:$proxy_port/ (WebSocket ws://127.0.0.1:$proxy_port/ws)"
  echo "logs and pids in $dir; scripts/cluster.sh down stops it all"
}

stop_pid() {  # stop_pid FILE SIGNAL: signals the process named in FILE and waits (at most 40 s) for it to go
  local file="$1" pid
  [ -f "$file" ] || return 0
  pid="$(cat "$file")"
  kill "-$2" "$pid" 2>/dev/null || true
  for _ in $(seq 1 400); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$file"
}

down() {
  for file in "$dir"/n*.pid; do [ -e "$file" ] && stop_pid "$file" TERM; done
  stop_pid "$dir/haproxy.pid" TERM
  [ ! -d "$dir/pg" ] || bash "$GOLF_ROOT/scripts/local_postgres.sh" halt "$dir/pg"  # the data stays for the next up
  [ ! -d "$dir/pg-ha" ] || bash "$GOLF_ROOT/scripts/pg_ha.sh" halt "$dir/pg-ha"
  echo "cluster in $dir stopped"
}

status() {
  for file in "$dir"/*.pid; do
    [ -e "$file" ] || { echo "nothing runs in $dir"; return; }
    local name
    name="$(basename "$file" .pid)"
    if kill -0 "$(cat "$file")" 2>/dev/null; then echo "$name: running"; else echo "$name: gone"; fi
  done
  [ ! -f "$dir/pg-ha/url" ] || bash "$GOLF_ROOT/scripts/pg_ha.sh" status "$dir/pg-ha"
  echo "proxy: http://127.0.0.1:$proxy_port/"
}

case "${1:-}" in
  up) shift; up "$@" ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up [N] [--ha-db] | down | status" >&2; exit 2 ;;
esac
