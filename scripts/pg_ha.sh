#!/usr/bin/env bash
# PostgreSQL without a single point of failure, on this machine, from Debian's packages (patroni, etcd-server,
# etcd-client, haproxy, postgresql-15): three etcd members (Patroni's store of who leads; fewer could not outvote
# one lost member), two PostgreSQL servers managed by Patroni in synchronous mode (a primary and a synchronous
# standby: a commit returns once the standby has it on disk), and HAProxy in front, sending every connection to
# whichever server Patroni's REST API calls primary. Everything listens on free loopback ports.
#   scripts/pg_ha.sh up DIR [--etcd N] [--standbys N] [--proxy ADDRESS:PORT] [--replace]
#       makes DIR (--replace stops and removes an earlier set-up there first) and starts it all there from
#       generated configs, or starts a set-up `halt` stopped in DIR again, with its data. Writes DIR/url, the
#       database golf through HAProxy (postgresql://golf:PASSWORD@ADDRESS:PORT/golf), once a standby is
#       synchronous. --etcd: members (3; odd, at least 3), --standbys: standbys (1; at least 1), --proxy: HAProxy's
#       address (default: a free loopback port).
#   scripts/pg_ha.sh halt DIR        stops it all (PostgreSQL with a checkpoint) and keeps DIR for the next `up`
#   scripts/pg_ha.sh down DIR        stops everything `up` started, at once, and removes DIR
#   scripts/pg_ha.sh status DIR      each server's role (patronictl list)
#   scripts/pg_ha.sh primary DIR     the primary's name (pg1, pg2, ...), or nothing during a failover
#   scripts/pg_ha.sh kill DIR NAME   kill -9 a server's Patroni and PostgreSQL, as if its machine died
#   scripts/pg_ha.sh heal DIR        starts again whatever is not running (etcd members, servers: each rejoins
#                                    as a standby, rewound with pg_rewind; HAProxy) and waits (60 s at most) for a
#                                    synchronous standby
# Bad input (too few etcd members, no standby, a proxy address not on loopback or taken) is refused with
# one sentence and exit 2 before anything starts. GOLF_PG_HA_MISSING_OK=1 (the tests' fixture) makes a machine
# without patroni or etcd write DIR/missing and exit 0, so the tests that need it are skipped with that sentence.
# Patroni's timing (GOLF_PG_HA_TTL, 8 s): the leader key lives that long without its primary, so a dead primary's
# standby is promoted within about TTL + 2 s.
set -euo pipefail

bin="${GOLF_PG_BIN:-/usr/lib/postgresql/15/bin}"
script="$(basename "$0")"
ttl="${GOLF_PG_HA_TTL:-8}"

fail() { echo "$script: $1" >&2; exit "${2:-1}"; }
bad() { fail "$1" 2; }

# PostgreSQL and Patroni refuse root: as root they run as postgres. setpriv execs (runuser forks), so the pid
# `launch` records is Patroni's own.
as_postgres_command=()
[ "$(id -u)" -ne 0 ] || as_postgres_command=(setpriv --reuid postgres --regid postgres --init-groups --)
as_postgres() { "${as_postgres_command[@]}" "$@"; }

used_ports=" "
pick_port() {  # pick_port VAR: a loopback port nothing listens on and that this run has not handed out yet
  local candidate
  for _ in $(seq 1 100); do
    candidate=$((20000 + RANDOM % 20000))
    [[ "$used_ports" == *" $candidate "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      used_ports+="$candidate "
      printf -v "$1" '%s' "$candidate"
      return
    fi
  done
  fail "no free loopback port found"
}

check_proxy_address() {  # ADDRESS:PORT must be a loopback address (everything here is) with the port free
  local address="${1%:*}" port="${1##*:}"
  [[ "$1" =~ ^[0-9]{1,3}(\.[0-9]{1,3}){3}:[0-9]{1,5}$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] ||
    bad "--proxy must be IPV4-ADDRESS:PORT, e.g. 127.0.0.1:5000 (got '$1')"
  [[ "$address" == 127.* ]] ||
    bad "--proxy $1: $address is not a loopback address (127.0.0.0/8), where this set-up listens"
  ! (exec 3<>"/dev/tcp/$address/$port") 2>/dev/null || bad "--proxy $1: something already listens there"
}

need_tools() {
  local missing=()
  for tool in patroni patronictl etcd etcdctl haproxy; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  [ -x "$bin/postgres" ] || missing+=("$bin/postgres")
  [ "${#missing[@]}" -eq 0 ] && return 0
  local why="not installed: ${missing[*]} (apt-get install patroni etcd-server etcd-client haproxy postgresql)"
  if [ -n "${GOLF_PG_HA_MISSING_OK:-}" ]; then
    mkdir -p "$dir" && echo "$why" >"$dir/missing"
    echo "$script: $why; the tests that need it are skipped"
    exit 0
  fi
  fail "$why"
}

# --- configs ---------------------------------------------------------------------------------------------------

write_etcd() {  # the etcd members' command lines, one file each
  local cluster="" token="golf-$$-$RANDOM" i
  for i in $(seq 1 "$etcd_count"); do cluster+="${cluster:+,}e$i=http://127.0.0.1:${peer_port[$i]}"; done
  for i in $(seq 1 "$etcd_count"); do
    mkdir -p "$dir/e$i"
    cat >"$dir/e$i/args" <<ARGS
--name e$i --data-dir $dir/e$i/data
--listen-client-urls http://127.0.0.1:${client_port[$i]} --advertise-client-urls http://127.0.0.1:${client_port[$i]}
--listen-peer-urls http://127.0.0.1:${peer_port[$i]} --initial-advertise-peer-urls http://127.0.0.1:${peer_port[$i]}
--initial-cluster $cluster --initial-cluster-state new --initial-cluster-token $token
ARGS
  done
}

write_patroni() {  # pgN/patroni.yml: the same cluster for every server, its own ports and folder
  local n="$1" hosts="" i
  for i in $(seq 1 "$etcd_count"); do hosts+="${hosts:+, }127.0.0.1:${client_port[$i]}"; done
  local home="$dir/pg$n"
  mkdir -p "$home"
  cat >"$home/patroni.yml" <<YAML
scope: golf
namespace: /golf/
name: pg$n
restapi:
  listen: 127.0.0.1:${rest_port[$n]}
  connect_address: 127.0.0.1:${rest_port[$n]}
etcd3:
  hosts: [$hosts]
bootstrap:
  dcs:
    ttl: $ttl
    loop_wait: 1
    retry_timeout: $(((ttl - 1) / 2))
    maximum_lag_on_failover: 1048576
    # A commit waits for the synchronous standby, and only that standby may be promoted: no acknowledged
    # write is lost with the primary. Not strict: with the standby gone the primary goes on alone (two servers,
    # strict, would make the standby a single point of failure for writes); Patroni then promotes nobody until
    # a standby has caught up again.
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_log_hints: "on"
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
  initdb: [{encoding: UTF8}, {locale: C.UTF-8}, data-checksums]
  post_bootstrap: $dir/make_golf.sh
postgresql:
  listen: 127.0.0.1:${pg_port[$n]}
  connect_address: 127.0.0.1:${pg_port[$n]}
  data_dir: $home/data
  bin_dir: $bin
  pgpass: $home/pgpass
  basebackup: [{checkpoint: fast}]  # a standby clones at once instead of after a spread checkpoint (minutes)
  authentication:
    superuser: {username: postgres, password: $superuser_password}
    replication: {username: replicator, password: $replication_password}
    rewind: {username: rewinder, password: $replication_password}
  parameters:
    unix_socket_directories: $home
    # Its segments in the data directory rather than /dev/shm: a server killed -9 leaves none behind once DIR goes.
    dynamic_shared_memory_type: mmap
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
tags: {nofailover: false, noloadbalance: false, clonefrom: false, nosync: false}
YAML
}

write_haproxy() {  # database connections to the one server whose Patroni answers /primary with 200
  {
    cat <<CONFIG
global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  # golf-server keeps its connections open and often idle (LISTEN): an hour before HAProxy gives up on one.
  timeout client 1h
  timeout server 1h
  timeout check 1s

listen postgres
  bind $proxy
  option httpchk GET /primary
  http-check expect status 200
  # A demoted primary's sessions are cut the moment it fails the check, so nobody goes on writing to it.
  default-server inter 500ms fastinter 250ms downinter 250ms fall 2 rise 1 on-marked-down shutdown-sessions
CONFIG
    for n in $(seq 1 "$server_count"); do
      echo "  server pg$n 127.0.0.1:${pg_port[$n]} check port ${rest_port[$n]}"
    done
  } >"$dir/haproxy.cfg"
}

write_make_golf() {  # run once by Patroni after initdb: the role and database golf-server uses
  cat >"$dir/make_golf.sh" <<SCRIPT
#!/bin/sh
set -e
psql "\$1" -v ON_ERROR_STOP=1 -q -c "CREATE ROLE golf LOGIN CREATEDB PASSWORD '$golf_password'" \
  -c "CREATE DATABASE golf OWNER golf"
SCRIPT
  chmod 755 "$dir/make_golf.sh"
}

# --- processes -------------------------------------------------------------------------------------------------

launch() {  # launch NAME COMMAND...: in a session of its own, output to DIR/NAME.log, pid in DIR/NAME.pid
  local name="$1"
  shift
  setsid "$@" >>"$dir/$name.log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}

running() {  # running PID: the process exists and is not a zombie (one killed stays so until it is reaped)
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [ "${stat%% *}" != Z ]
}

alive() { [ -f "$dir/$1.pid" ] && running "$(cat "$dir/$1.pid")"; }

start_server() {  # start_server N: Patroni for pgN (it starts, bootstraps or clones PostgreSQL itself)
  local home="$dir/pg$1"
  launch "pg$1" "${as_postgres_command[@]}" env HOME="$home" patroni "$home/patroni.yml"
}

postmaster_pid() { [ -f "$dir/pg$1/data/postmaster.pid" ] && head -1 "$dir/pg$1/data/postmaster.pid" || true; }

kill_server() {  # kill -9 pgN's Patroni, then its postmaster and every backend it had (a dead machine)
  local n="$1" pids=() pm
  [ -d "$dir/pg$n" ] || bad "no server pg$n in $dir"
  alive "pg$n" && pids+=("$(cat "$dir/pg$n.pid")")
  pm="$(postmaster_pid "$n")"
  if [ -n "$pm" ] && running "$pm"; then
    pids+=("$pm")
    mapfile -t -O "${#pids[@]}" pids < <(ps -o pid= --ppid "$pm" | tr -d ' ')
  fi
  [ "${#pids[@]}" -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true
  rm -f "$dir/pg$n.pid"
}

any_alive() {
  local pid
  for pid in "$@"; do running "$pid" && return 0; done
  return 1
}

stop_all() {  # stop_all SIGNAL NAME...: SIGNAL to each at once, SIGKILL to any still there after 30 s
  local signal="$1" name pids=()
  shift
  for name in "$@"; do alive "$name" && pids+=("$(cat "$dir/$name.pid")"); rm -f "$dir/$name.pid"; done
  [ "${#pids[@]}" -gt 0 ] || return 0
  kill "-$signal" "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 1 300); do
    any_alive "${pids[@]}" || return 0
    sleep 0.1
  done
  kill -9 "${pids[@]}" 2>/dev/null || true
}

# --- readiness -------------------------------------------------------------------------------------------------

rest() { curl -fs -m 1 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1$2" 2>/dev/null || true; }

# until_true SECONDS WHAT COMMAND...: runs COMMAND every 0.25 s until it succeeds; fails naming WHAT after SECONDS,
# or at once when a process started here has exited (a port taken meanwhile, a bad config), with its log's end.
until_true() {
  local seconds="$1" what="$2" pidfile
  local deadline=$((SECONDS + seconds))
  shift 2
  while [ "$SECONDS" -lt "$deadline" ]; do
    "$@" && return 0
    for pidfile in "$dir"/*.pid; do
      [ -e "$pidfile" ] && ! running "$(cat "$pidfile")" || continue
      tail -5 "${pidfile%.pid}.log" >&2 || true
      fail "$(basename "$pidfile" .pid) exited while waiting for $what (its log's end above; logs in $dir)"
    done
    sleep 0.25
  done
  fail "$what did not happen within $seconds s (logs in $dir)"
}

etcd_healthy() { etcdctl --endpoints="$endpoints" --dial-timeout=1s --command-timeout=2s endpoint health >/dev/null 2>&1; }

is_primary() { [ "$(rest "${rest_port[$1]}" /primary)" = 200 ]; }

# A standby the primary waits for, as PostgreSQL and as Patroni see it: Patroni names it in etcd (/sync) only
# after PostgreSQL reports it synchronous, and promotes only a standby named there, so a primary lost before then
# would be promoted by nobody. After a restart etcd may still name one PostgreSQL no longer waits for.
sync_standby() {
  local n m
  n="$(primary)"
  n="${n#pg}"
  [ -n "$n" ] || return 1
  [ "$(PGCONNECT_TIMEOUT=2 as_postgres psql -h "$dir/pg$n" -p "${pg_port[$n]}" -U postgres -d postgres -Atqc \
    "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'" 2>/dev/null || echo 0)" -ge 1 ] || return 1
  for m in $(seq 1 "$server_count"); do
    [ "$m" != "$n" ] && [ "$(rest "${rest_port[$m]}" /sync)" = 200 ] && return 0
  done
  return 1
}

proxy_answers() {  # golf's login through HAProxy reaches a server out of recovery
  [ "$(PGPASSWORD="$golf_password" PGCONNECT_TIMEOUT=2 psql -h "${proxy%:*}" -p "${proxy##*:}" -U golf -d golf \
    -Atqc "SELECT NOT pg_is_in_recovery()" 2>/dev/null)" = t ]
}

# --- the state a running set-up keeps in DIR --------------------------------------------------------------------

save_state() {
  # Global when read back inside a function: declare -g.
  declare -p etcd_count server_count client_port peer_port pg_port rest_port proxy golf_password |
    sed -E 's/^declare -(-)?/declare -g/' >"$dir/state"
}

load_state() {
  [ -f "$dir/state" ] || bad "$dir holds no set-up of $script (no $dir/state)"
  # shellcheck disable=SC1091  # written by save_state
  source "$dir/state"
  endpoints=""
  for i in $(seq 1 "$etcd_count"); do endpoints+="${endpoints:+,}127.0.0.1:${client_port[$i]}"; done
}

primary() {
  local n
  for n in $(seq 1 "$server_count"); do
    [ "$(rest "${rest_port[$n]}" /primary)" = 200 ] && { echo "pg$n"; return; }
  done
}

# --- actions ---------------------------------------------------------------------------------------------------

up() {
  etcd_count=3 standbys=1 proxy="" replace=""
  while [ "$#" -gt 0 ]; do
    case "$1" in
      --etcd) etcd_count="${2:-}"; shift 2 || bad "--etcd needs a number" ;;
      --standbys) standbys="${2:-}"; shift 2 || bad "--standbys needs a number" ;;
      --proxy) proxy="${2:-}"; shift 2 || bad "--proxy needs ADDRESS:PORT" ;;
      --replace) replace=1; shift ;;
      *) bad "unknown option '$1' (expected --etcd N, --standbys N, --proxy ADDRESS:PORT or --replace)" ;;
    esac
  done
  [[ "$etcd_count" =~ ^[0-9]+$ ]] || bad "--etcd needs a number of members (got '$etcd_count')"
  [ "$etcd_count" -ge 3 ] ||
    bad "--etcd $etcd_count: at least 3 etcd members are needed, or the loss of one stops every failover"
  [ $((etcd_count % 2)) -eq 1 ] ||
    bad "--etcd $etcd_count: an odd number is needed ($((etcd_count + 1)) members survive no more losses than $((etcd_count - 1)))"
  [ "$etcd_count" -le 9 ] || bad "--etcd $etcd_count: at most 9 members on one machine"
  [[ "$standbys" =~ ^[0-9]+$ ]] || bad "--standbys needs a number of standbys (got '$standbys')"
  [ "$standbys" -ge 1 ] ||
    bad "--standbys $standbys: at least one standby is needed, or the primary is a single point of failure"
  [ "$standbys" -le 4 ] || bad "--standbys $standbys: at most 4 standbys on one machine"
  [[ "$ttl" =~ ^[0-9]+$ ]] && [ "$ttl" -ge 5 ] || bad "GOLF_PG_HA_TTL must be a number of seconds from 5 (got '$ttl')"
  if [ -n "$replace" ]; then (down); fi  # in a subshell: what it reads of the old set-up stays there
  if [ -f "$dir/state" ]; then
    resume
    return
  fi
  [ ! -e "$dir" ] || bad "$dir exists and holds no set-up: pick a new folder"
  server_count=$((standbys + 1))
  if [ -n "$proxy" ]; then check_proxy_address "$proxy"; fi
  need_tools
  make_configs
  start_all
}

make_configs() {  # free ports, passwords and every config file, in a new DIR
  mkdir -p "$dir"
  chmod 755 "$dir"
  declare -ga client_port=() peer_port=() pg_port=() rest_port=()
  local port
  for i in $(seq 1 "$etcd_count"); do pick_port "client_port[$i]"; pick_port "peer_port[$i]"; done
  for n in $(seq 1 "$server_count"); do pick_port "pg_port[$n]"; pick_port "rest_port[$n]"; done
  [ -n "$proxy" ] || { pick_port port; proxy="127.0.0.1:$port"; }
  superuser_password="su-$RANDOM$RANDOM" replication_password="rep-$RANDOM$RANDOM" golf_password="golf-$RANDOM$RANDOM"
  save_state
  load_state
  write_etcd
  write_make_golf
  for n in $(seq 1 "$server_count"); do write_patroni "$n"; done
  write_haproxy
  [ "$(id -u)" -ne 0 ] || chown -R postgres "$dir"/pg*
}

start_etcd() {
  for i in $(seq 1 "$etcd_count"); do
    # shellcheck disable=SC2046  # the args file is a list of words
    alive "e$i" || launch "e$i" etcd $(cat "$dir/e$i/args")
  done
  until_true 30 "etcd answering on all $etcd_count members" etcd_healthy
}

start_proxy_and_wait() {
  haproxy -c -q -f "$dir/haproxy.cfg" || fail "HAProxy refuses $dir/haproxy.cfg"
  alive haproxy || launch haproxy haproxy -db -f "$dir/haproxy.cfg"
  until_true 60 "a standby becoming synchronous" sync_standby
  until_true 30 "HAProxy at $proxy reaching the primary" proxy_answers
  echo "postgresql://golf:$golf_password@$proxy/golf?sslmode=disable&gssencmode=disable" >"$dir/url"
  chmod 644 "$dir/url"
  echo "PostgreSQL with $((server_count - 1)) synchronous standby, $etcd_count etcd members: $(cat "$dir/url")"
}

start_all() {
  start_etcd
  # The first server bootstraps alone, so it is the primary; the others clone it.
  start_server 1
  until_true 60 "pg1 becoming primary" is_primary 1
  for n in $(seq 2 "$server_count"); do start_server "$n"; done
  start_proxy_and_wait
}

# A set-up `halt` stopped, or one with processes killed (heal): whatever is not running is started again with the
# same ports and data, etcd members first, then the servers at once (Patroni picks the primary), then HAProxy.
resume() {
  load_state
  need_tools
  start_etcd
  for n in $(seq 1 "$server_count"); do alive "pg$n" || start_server "$n"; done
  start_proxy_and_wait
}

halt() {  # every Patroni at once (each stops its PostgreSQL with a checkpoint), then etcd and HAProxy; data kept
  [ -f "$dir/state" ] || return 0
  load_state
  local names=()
  for n in $(seq 1 "$server_count"); do names+=("pg$n"); done
  stop_all TERM "${names[@]}"
  names=(haproxy)
  for i in $(seq 1 "$etcd_count"); do names+=("e$i"); done
  stop_all TERM "${names[@]}"
  rm -f "$dir/url"
}

down() {
  [ -d "$dir" ] || return 0
  [ -f "$dir/state" ] && load_state
  local home n shmid names=()
  # Patroni first, and with SIGKILL: one stopped gracefully would hand the lead to the next and its data is
  # about to go anyway. Then each PostgreSQL at once (immediate), which also frees its shared memory.
  for pidfile in "$dir"/pg*.pid; do [ -e "$pidfile" ] && kill -9 "$(cat "$pidfile")" 2>/dev/null; rm -f "$pidfile"; done
  for home in "$dir"/pg*/; do
    n="$(basename "$home")"
    n="${n#pg}"
    [ -f "$home/data/postmaster.pid" ] || continue
    shmid="$(sed -n 7p "$home/data/postmaster.pid" | awk '{print $2}')"
    if running "$(postmaster_pid "$n")"; then
      as_postgres "$bin/pg_ctl" -D "$home/data" -m immediate -w -t 20 stop >/dev/null 2>&1 || kill_server "$n"
    fi
    # A postmaster killed with -9 leaves its System V segment behind: nobody is attached now.
    [ -z "$shmid" ] || ipcrm -m "$shmid" 2>/dev/null || true
  done
  # etcd and HAProxy, whose data goes too: at once (etcd takes seconds to stop when asked).
  for pidfile in "$dir"/*.pid; do [ -e "$pidfile" ] && names+=("$(basename "$pidfile" .pid)"); done
  stop_all KILL "${names[@]}"
  for _ in $(seq 1 20); do rm -rf "$dir" 2>/dev/null && return; sleep 0.25; done
  rm -rf "$dir"
}

server_number() {  # pgN -> N
  [[ "${1:-}" =~ ^pg([0-9])$ ]] && [ "${BASH_REMATCH[1]}" -ge 1 ] && [ "${BASH_REMATCH[1]}" -le "$server_count" ] ||
    bad "expected a server's name, pg1 to pg$server_count (got '${1:-}')"
  echo "${BASH_REMATCH[1]}"
}

action="${1:-}"
dir="${2:-}"
[ -n "$action" ] && [ -n "$dir" ] || bad "usage: $script up|halt|down|status|primary|kill|heal DIR [...]"
dir="$(realpath -m "$dir")"
shift 2
case "$action" in
  up) up "$@" ;;
  down) down ;;
  status) load_state; patronictl -c "$dir/pg1/patroni.yml" list ;;
  primary) load_state; primary ;;
  kill) load_state; kill_server "$(server_number "${1:-}")" ;;
  heal) resume >/dev/null ;;
  halt) halt ;;
  *) bad "unknown action '$action' (expected up, halt, down, status, primary, kill or heal)" ;;
esac
