#!/usr/bin/env bash
# A PostgreSQL server of our own on this machine, for the tests' fixture and scripts/cluster.sh. `start DIR` makes
# a cluster in DIR (initdb, as the postgres user when run as root), starts it listening on a Unix socket in DIR and
# on a free loopback port (GOLF_PG_PORT to choose one), and writes into DIR: `url` (the socket, no password) and
# `tcp_url` (127.0.0.1 with the password in `password`). `stop DIR` stops it and removes DIR. CTest runs both as a
# fixture around the tests that need PostgreSQL (tests/CMakeLists.txt); by hand, point GOLF_TEST_PG_DIR at DIR.
# `up DIR` and `halt DIR` do the same but keep the data: up makes the cluster only when DIR has none.
# fsync is off unless GOLF_PG_FSYNC=on: the tests' clusters hold throw-away data, and no test crashes the machine
# (scripts/cluster.sh turns it on). GOLF_PG_OPTIONS adds server options (scripts/perf_cluster.sh loads
# pg_stat_statements with it).
set -euo pipefail

action="${1:-}"
dir="${2:-}"
[ -n "$action" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop|up|halt DIR" >&2; exit 2; }
bin="${GOLF_PG_BIN:-/usr/lib/postgresql/15/bin}"

as_owner() {  # runs a command as the cluster's owner: postgres when we are root (initdb refuses root)
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

halt() {  # `fast`: clients are disconnected and every commit is on disk before it stops
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  fi
}

stop() {
  halt
  # A stopping server's last files can still appear for a moment (a stop once failed with "Directory not empty").
  for _ in $(seq 1 20); do
    rm -rf "$dir" 2>/dev/null && return
    sleep 0.25
  done
  rm -rf "$dir"
}

free_port() {  # a loopback port nothing listens on, from the ephemeral range's lower neighbours
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "no free port found" >&2
  exit 1
}

make_cluster() {
  [ -x "$bin/initdb" ] || { echo "$bin/initdb is missing: apt-get install postgresql" >&2; exit 1; }
  mkdir -p "$dir"
  [ "$(id -u)" -ne 0 ] || chown postgres "$dir"
  local password=golf-test-password
  printf '%s\n' "$password" >"$dir/password"
  chmod 644 "$dir/password"
  as_owner "$bin/initdb" -D "$dir/data" -U golf --auth-local=trust --auth-host=scram-sha-256 \
    --pwfile="$dir/password" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
}

start() {
  local password port attempt
  password="$(cat "$dir/password")"
  for attempt in 1 2 3; do
    port="${GOLF_PG_PORT:-$(free_port)}"
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -h 127.0.0.1 -p $port -c fsync=${GOLF_PG_FSYNC:-off} -c max_connections=200 ${GOLF_PG_OPTIONS:-}" \
      start >/dev/null; then
      printf 'postgresql://golf@/postgres?host=%s&port=%s\n' "$dir" "$port" >"$dir/url"
      printf 'postgresql://golf:%s@127.0.0.1:%s/postgres?sslmode=disable&gssencmode=disable\n' \
        "$password" "$port" >"$dir/tcp_url"
      chmod 644 "$dir/url" "$dir/tcp_url"
      echo "PostgreSQL: socket in $dir, port $port"
      return
    fi
    echo "PostgreSQL did not start on port $port (attempt $attempt):" >&2
    tail -5 "$dir/server.log" >&2 || true
  done
  exit 1
}

case "$action" in
  start) stop; make_cluster; start ;;
  stop) stop ;;
  up) halt; [ -d "$dir/data" ] || make_cluster; start ;;
  halt) halt ;;
  *) echo "usage: $0 start|stop|up|halt DIR" >&2; exit 2 ;;
esac
