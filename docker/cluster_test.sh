#!/usr/bin/env bash
# The several-node set-up in containers end to end (docker/compose.cluster.yaml): builds the PostgreSQL and HAProxy
# images, starts PostgreSQL, three golf-server nodes and HAProxy as a Compose project of its own (published on
# 127.0.0.1 only, on a port Docker picks), waits for /healthz through the proxy, plays a match through it with the
# host build's `golf bot` (the joining bot is sent to the host's node by ?node= when it lands elsewhere), checks
# that the three nodes registered and that the finished match is in PostgreSQL and replays from it, upgrades the
# nodes one at a time with docker/upgrade.sh while a bot plays on, kills a node and checks the proxy still
# answers, then removes the containers, the volumes, the network and the images it built, whether it passed or not.
# docker/test.sh runs it last, with the golf-server image it built; by hand, with dockerd running and an image:
#   GOLF_SERVER_IMAGE=golf-server:latest bash docker/cluster_test.sh
# Environment: GOLF_SERVER_IMAGE (default golf-server:latest; it is used, never built or removed), GOLF_BUILD (the
# host build holding cli/golf; default build/), GOLF_DOCKER_BUILD_NETWORK=host (builds with --network host),
# GOLF_DOCKER_KEEP_CACHE=1 keeps the PostgreSQL and HAProxy images' layers for a faster next run.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${GOLF_BUILD:-$root/build}"
golf="$build_dir/cli/golf"
project="golf-cluster-test-$$"
server_image="${GOLF_SERVER_IMAGE:-golf-server:latest}"
postgres_image="golf-postgres:cluster-test-$$"
proxy_image="golf-haproxy:cluster-test-$$"
volume="$project-pg"
domain=golf.test

# shellcheck source=docker/test_support.sh
source "$root/docker/test_support.sh"
caddy_image="$(caddy_image_for_test "cluster-test-$$")"
# cx SECONDS ARGS...: Compose on the cluster file, as this run's project, with this run's images, volume and port,
# given at most SECONDS.
settings=(COMPOSE_PROJECT_NAME="$project" GOLF_SERVER_IMAGE="$server_image" GOLF_POSTGRES_IMAGE="$postgres_image"
  GOLF_HAPROXY_IMAGE="$proxy_image" GOLF_PG_VOLUME="$volume" GOLF_BACKUPS_VOLUME="$project-backups"
  GOLF_CADDY_VOLUME="$project-caddy" GOLF_CADDY_CONFIG_VOLUME="$project-caddy-config" GOLF_PUBLISH="127.0.0.1:"
  GOLF_DB_PASSWORD="cluster-test-$$" GOLF_BOT_DELAY_MS=0 GOLF_BETWEEN_HOLES_MS=0 GOLF_CADDY_IMAGE="$caddy_image"
  GOLF_DOMAIN="$domain" GOLF_TLS=internal GOLF_HTTP_PUBLISH="127.0.0.1:" GOLF_HTTPS_PUBLISH="127.0.0.1:")
cx() {
  timeout "$1" "${sudo_cmd[@]}" env "${settings[@]}" "${compose[@]}" -f "$root/docker/compose.cluster.yaml" "${@:2}"
}
work=""
host_bot=""
built=()
cleanup() {
  local status=$?
  set +e
  [ -z "$host_bot" ] || kill "$host_bot" 2>/dev/null
  if [ "$status" -ne 0 ] && [ -n "$work" ]; then
    echo "--- the cluster (last 30 log lines of each container) ---" >&2
    cx 60 ps >&2 2>&1
    cx 60 logs --no-color --tail 30 >&2 2>&1
  fi
  cx 120 down -v --remove-orphans -t 10 >/dev/null 2>&1
  dk volume rm -f "$volume" "$project-backups" "$project-caddy" "$project-caddy-config" >/dev/null 2>&1
  remove_images "${built[@]}"
  [ -z "$work" ] || rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

need_docker "$server_image"
[ -x "$golf" ] || fail "no $golf (set GOLF_BUILD to the host build)"
cx 60 config -q || fail "docker/compose.cluster.yaml does not parse"
work="$(mktemp -d "${TMPDIR:-/tmp}/golf-cluster-test.XXXXXX")"

# --- the images ----------------------------------------------------------------------------------------------------

started=$SECONDS
pairs=("postgres:$postgres_image" "haproxy:$proxy_image")
[ -n "${GOLF_CADDY_IMAGE:-}" ] || pairs+=("caddy:$caddy_image")
for pair in "${pairs[@]}"; do
  built+=("${pair#*:}")
  build_image "${pair%%:*}.Dockerfile" "${pair#*:}" "$work/build.log"
done
build_seconds=$((SECONDS - started))
log "PostgreSQL, HAProxy (and Caddy) images built in $build_seconds s"

# --- the cluster ---------------------------------------------------------------------------------------------------

started=$SECONDS
# Compose waits for PostgreSQL's healthcheck before it starts the nodes, and for the nodes before HAProxy.
cx 300 up -d --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "compose up failed"; }
port="$(cx 30 port haproxy 8080 | tail -n 1 | sed 's/.*://')"
[ -n "$port" ] || fail "HAProxy's port is not published"
postgres_id="$(cx 30 ps -q postgres)"
# psql_value SQL: one value from the cluster's database, through the socket inside its container.
psql_value() { timeout 30 "${sudo_cmd[@]}" docker exec "$postgres_id" psql -U golf -d golf -tAc "$1" 2>/dev/null; }

# http_get PATH: the whole HTTP/1.0 response through the proxy, or nothing after 10 s.
http_get() {
  timeout 10 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0" &&
    printf "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" "$1" >&3 && cat <&3' "$port" "$1" 2>/dev/null || true
}
answers_200() { [ "$(http_get "$1" | head -n 1 | awk '{print $2}')" = 200 ]; }

nodes=""
registered() {  # the first node to start makes the schema; until then there is no table to ask
  [ "$(psql_value "SELECT count(*) FROM pg_tables WHERE tablename = 'nodes'")" = 1 ] &&
    nodes="$(psql_value "SELECT string_agg(name, ' ' ORDER BY name) FROM nodes")" && [ "$nodes" = "n1 n2 n3" ]
}
wait_until 60 registered || fail "the nodes in PostgreSQL after 60 s: '$nodes', expected n1 n2 n3"
# Each node answers through the proxy once HAProxy's own checks (every 500 ms, two to rise) find it up.
for node in n1 n2 n3; do
  wait_until 30 answers_200 "/healthz?node=$node" || fail "/healthz?node=$node through the proxy: no 200 in 30 s"
done
log "PostgreSQL, nodes $nodes and HAProxy up on 127.0.0.1:$port in $((SECONDS - started)) s"

# --- a match through the proxy -------------------------------------------------------------------------------------

url="ws://127.0.0.1:$port/ws"
timeout 120 "$golf" bot --url "$url" --create six-card --seats 2 --set holes=2 --name cluster-a --timeout 60 \
  >"$work/bot-a.log" 2>&1 &
host_bot=$!
wait_until 30 grep -q '^code: ' "$work/bot-a.log" ||
  { cat "$work/bot-a.log" >&2; fail "the hosting golf bot printed no table code in 30 s"; }
code="$(sed -n 's/^code: //p' "$work/bot-a.log")"
owner="$(psql_value "SELECT owner_node FROM tables WHERE code = '$code'" || true)"
timeout 120 "$golf" bot --url "$url" --join "$code" --name cluster-b --timeout 60 >"$work/bot-b.log" 2>&1 ||
  { cat "$work/bot-b.log" >&2; fail "the joining golf bot did not finish the match"; }
wait "$host_bot" || { cat "$work/bot-a.log" >&2; fail "the hosting golf bot did not finish the match"; }
host_bot=""
grep -q '^winner' "$work/bot-a.log" || { cat "$work/bot-a.log" >&2; fail "golf bot printed no winner"; }

match_id="$(psql_value "SELECT id FROM matches WHERE table_code = '$code' AND ended_at IS NOT NULL" || true)"
[ -n "$match_id" ] || fail "no finished match of table $code in PostgreSQL"
holes="$(psql_value "SELECT count(*) FROM holes WHERE match_id = $match_id" || true)"
[ "$holes" = 2 ] || fail "match $match_id has '$holes' holes in PostgreSQL, expected 2"
cx 60 exec -T n1 sh -c 'golf replay --db "$GOLF_DB" "$1"' _ "$match_id" >"$work/replay.log" 2>&1 ||
  { cat "$work/replay.log" >&2; fail "golf replay of match $match_id from PostgreSQL failed"; }
grep -q 'every hole matches the record' "$work/replay.log" ||
  { cat "$work/replay.log" >&2; fail "golf replay disagreed"; }
log "match $match_id at table $code (node ${owner:-?}) played through the proxy, in PostgreSQL, replays"

# --- a rolling upgrade while matches are played ---------------------------------------------------------------------

# docker/upgrade.sh drains and restarts n1, n2 and n3 in turn (the same image standing in for a new one) while a
# golf bot plays one-hole matches one after another through the proxy (thinking a little: at full speed its
# rematches would meet the limit of 200 messages a second): it must never stop on an error, and must finish
# matches after the last node is back.
timeout 300 "$golf" bot --url "$url" --create six-card --seats 2 --fill-bots --set holes=1 --matches 1000 \
  --level search:300 --name cluster-up --timeout 30 >"$work/bot-up.log" 2>&1 &
host_bot=$!
wait_until 30 grep -q '^winner' "$work/bot-up.log" || { cat "$work/bot-up.log" >&2; fail "no match finished before the upgrade"; }
started=$SECONDS
timeout 300 "${sudo_cmd[@]}" env "${settings[@]}" GOLF_PUBLISH="127.0.0.1:$port" \
  bash "$root/docker/upgrade.sh" "$root/docker/compose.cluster.yaml" --no-build >"$work/upgrade.log" 2>&1 ||
  { cat "$work/upgrade.log" >&2; fail "docker/upgrade.sh failed"; }
upgrade_seconds=$((SECONDS - started))
kill -0 "$host_bot" 2>/dev/null || { tail -30 "$work/bot-up.log" >&2; fail "the golf bot stopped during the upgrade"; }
before="$(grep -c '^winner' "$work/bot-up.log")"
more_matches() { [ "$(grep -c '^winner' "$work/bot-up.log")" -gt "$((before + 2))" ]; }
wait_until 30 more_matches || { tail -30 "$work/bot-up.log" >&2; fail "no matches finished after the upgrade"; }
kill "$host_bot" 2>/dev/null
wait "$host_bot" 2>/dev/null || true
host_bot=""
for node in n1 n2 n3; do
  wait_until 30 answers_200 "/healthz?node=$node" || fail "/healthz?node=$node after the upgrade: no 200 in 30 s"
done
log "rolling upgrade of n1 n2 n3 in $upgrade_seconds s ($(grep -o 'healthy on the new image in [0-9]* s' \
  "$work/upgrade.log" | grep -o '[0-9]* s' | paste -sd ' ')); the bot played on: $(grep -c '^winner' "$work/bot-up.log") matches"

# --- HTTPS in front: the https profile ------------------------------------------------------------------------------

# Caddy in front of HAProxy: the history over https, and a WebSocket through both proxies whose node logs the
# client's own address (the host's, as Docker's gateway), not Caddy's or HAProxy's.
cx 120 --profile https up -d --no-build caddy >"$work/up-caddy.log" 2>&1 || { cat "$work/up-caddy.log" >&2; fail "caddy up failed"; }
https_port="$(cx 30 --profile https port caddy 443 | tail -n 1 | sed 's/.*://')"
caddy_id="$(cx 30 --profile https ps -q caddy)"
root_crt="$work/caddy-root.crt"
wait_until 60 caddy_root "$caddy_id" "$root_crt" || fail "Caddy made no root certificate in 60 s"
tls=(--cacert "$root_crt" --resolve "$domain:$https_port:127.0.0.1" --max-time 10)
base="https://$domain:$https_port"
listed_https() { curl -fsS "${tls[@]}" "$base/api/matches?player=cluster-a" 2>/dev/null | grep -q "\"match_id\":\"$match_id\""; }
wait_until 60 listed_https || fail "match $match_id is not listed through Caddy at $base"
# n1's log through docker's own client: compose's starts slowly when the machine is busy (a CI step beside it).
n1_id="$(cx 60 ps -q n1)"
n1_log() { timeout 60 "${sudo_cmd[@]}" docker logs "$n1_id" 2>&1 || true; }
opened() { n1_log | grep -c "connection open: " || true; }
before="$(opened)"
[ "$(ws_upgrade "$base/ws?node=n1" "$base" "${tls[@]}")" = 101 ] || fail "no WebSocket through Caddy and HAProxy"
one_more() { [ "$(opened)" -gt "$before" ]; }
wait_until 60 one_more || fail "n1 logged no new connection: $(n1_log | tail -n 5)"
client="$(n1_log | grep "connection open: " | tail -n 1 | sed -E 's/.* from ([0-9a-f.:]+).*/\1/' || true)"
case "$client" in
  "") fail "n1's log names no client: $(n1_log | tail -n 5)" ;;
  "${GOLF_PROXY_ADDRESS:-172.31.247.2}" | "${GOLF_HAPROXY_ADDRESS:-172.31.247.3}")
    fail "n1 saw a proxy's address ($client), not the client's" ;;
esac
log "https through Caddy and HAProxy at $base: the history, and a WebSocket whose node sees the client ($client)"

# --- a node dies ---------------------------------------------------------------------------------------------------

victim=n3
for node in n1 n2 n3; do [ "$node" = "$owner" ] || { victim="$node"; break; }; done
victim_id="$(cx 30 ps -q "$victim")"
dk kill "$victim_id" >/dev/null || fail "docker kill $victim failed"
answered=0
ten_running() {
  if answers_200 /healthz; then answered=$((answered + 1)); else answered=0; fi
  [ "$answered" -ge 10 ]
}
wait_until 30 ten_running || fail "/healthz through the proxy: not 200 ten times running in 30 s after $victim died"
listed="$(http_get "/api/matches?player=cluster-a")"
echo "$listed" | grep -q "\"match_id\":\"$match_id\"" ||
  fail "/api/matches lost match $match_id after $victim died: $listed"
state="$(dk inspect -f '{{.State.Status}}' "$victim_id")"
[ "$state" != running ] || fail "$victim still runs after docker kill"

log "PASS: $victim killed, the proxy still answers; images built in $build_seconds s (total $SECONDS s)"
