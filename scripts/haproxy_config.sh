#!/usr/bin/env bash
# Prints the HAProxy configuration that puts golf-server nodes behind one address:
#   scripts/haproxy_config.sh BIND NAME=HOST:PORT [NAME=HOST:PORT ...]
# e.g. scripts/haproxy_config.sh 127.0.0.1:8080 n1=127.0.0.1:8081 n2=127.0.0.1:8082
# Every request (the web client, /api, each WebSocket) goes to the live node with the fewest connections, except
# a WebSocket URL with ?node=NAME, which goes to that node while it is up: a client told that its table is played
# elsewhere (ERROR_CODE_TABLE_ELSEWHERE) connects again that way. /healthz decides who is up; a node marked down
# has its connections cut at once, so its players reconnect to a live node instead of waiting on a dead one.
# Used by scripts/cluster.sh and the cluster tests; docker/haproxy.cfg is its output for the compose file.
set -euo pipefail
[ "$#" -ge 2 ] || { echo "usage: $0 BIND NAME=HOST:PORT..." >&2; exit 2; }
bind="$1"
shift
cat <<CONFIG
global
  # Each client connection holds two descriptors (client and node); 9,000 fit under a 20,000-file limit.
  maxconn 9000

defaults
  mode http
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 75s
  timeout server 75s
  timeout http-request 10s
  timeout tunnel 1h

frontend golf
  bind $bind
  default_backend nodes

backend nodes
  balance leastconn
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
CONFIG
for node in "$@"; do
  name="${node%%=*}"
  echo "  use-server $name if { urlp(node) -m str $name }"
done
for node in "$@"; do
  name="${node%%=*}"
  address="${node#*=}"
  echo "  server $name $address check"
done
