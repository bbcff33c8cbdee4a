#!/usr/bin/env bash
# Prints the HAProxy configuration that puts golf-server nodes behind one address:
#   scripts/haproxy_config.sh BIND NAME=HOST:PORT [NAME=HOST:PORT ...]
# e.g. scripts/haproxy_config.sh 127.0.0.1:8080 n1=127.0.0.1:8081 n2=127.0.0.1:8082
# Every request (the web client, /api, each WebSocket) goes to the live node with the fewest connections, except
# a WebSocket URL with ?node=NAME, which goes to that node while it is up: a client told that its table is played
# elsewhere (ERROR_CODE_TABLE_ELSEWHERE) connects again that way. /healthz decides who is up; a node marked down
# has its connections cut at once, so its players reconnect to a live node instead of waiting on a dead one.
# GOLF_HAPROXY_DNS=ADDRESS:PORT resolves the nodes' host names through that DNS server while HAProxy runs, not
# only at its start (Docker's is 127.0.0.11:53): a node that comes back at another address is found again, and one
# that does not resolve yet is down instead of stopping HAProxy from starting.
# GOLF_MAX_PER_ADDRESS (256, as golf-server's --max-per-address) caps each client address's open connections.
# The nodes are told the client's address in X-Forwarded-For (they believe it from HAProxy's address only, with
# golf-server --trusted-proxy). GOLF_TRUSTED_PROXIES (CIDRs, e.g. 172.31.247.0/24 for a Caddy in front) are proxies
# in front of HAProxy: for their connections the address is the one they put in X-Forwarded-For, and the limit
# counts it; anyone else's X-Forwarded-For is replaced by their own address.
# Used by scripts/cluster.sh, the cluster tests and the golf-haproxy image (docker/compose.cluster.yaml).
set -euo pipefail
[ "$#" -ge 2 ] || { echo "usage: $0 BIND NAME=HOST:PORT..." >&2; exit 2; }
bind="$1"
shift
dns="${GOLF_HAPROXY_DNS:-}"
max_per_address="${GOLF_MAX_PER_ADDRESS:-256}"
[[ "$max_per_address" =~ ^[1-9][0-9]*$ ]] || { echo "$0: GOLF_MAX_PER_ADDRESS must be a number (got '$max_per_address')" >&2; exit 2; }
trusted="$(echo "${GOLF_TRUSTED_PROXIES:-}" | tr ',' ' ' | xargs)"
for cidr in $trusted; do
  [[ "$cidr" =~ ^[0-9a-fA-F.:]+(/[0-9]+)?$ ]] || { echo "$0: GOLF_TRUSTED_PROXIES: '$cidr' is not an address or CIDR" >&2; exit 2; }
done
resolve=""
[ -z "$dns" ] || resolve=" resolvers dns init-addr last,libc,none"
cat <<CONFIG
global
  # Each client connection holds two descriptors (client and node); 9,000 fit under a 20,000-file limit.
  maxconn 9000

defaults
  mode http
  option redispatch
  retries 3
  # A request is sent again, to another node on the last try, when the node refused, cut or dropped it before
  # answering (a node dying or paused mid-failover): clients see an answer, not a 502. Only until a WebSocket's
  # 101: after it, the tunnel's bytes are never replayed.
  retry-on all-retryable-errors
  timeout connect 2s
  timeout client 75s
  # Until the first byte of an answer: a paused node that took the connection is given up on in 10 s.
  timeout server 10s
  timeout http-request 10s
  timeout tunnel 1h
CONFIG
[ -z "$dns" ] || printf '\nresolvers dns\n  nameserver dns %s\n  hold valid 1s\n' "$dns"
cat <<CONFIG

frontend golf
  bind $bind
  # The per-address limit is kept here, at the edge: behind the proxy every connection comes from its address, so
  # the nodes run with --max-per-address raised (scripts/cluster.sh, docker/compose.cluster.yaml).
  stick-table type ipv6 size 1m store conn_cur
CONFIG
if [ -z "$trusted" ]; then
  cat <<CONFIG
  tcp-request connection track-sc0 src
  tcp-request connection reject if { sc0_conn_cur gt $max_per_address }
  http-request set-header X-Forwarded-For %[src]
CONFIG
else
  cat <<CONFIG
  # A proxy in front (GOLF_TRUSTED_PROXIES) carries many clients: each is counted by the address it forwards.
  acl from_proxy src $trusted
  tcp-request connection track-sc0 src if !from_proxy
  tcp-request connection reject if !from_proxy { sc0_conn_cur gt $max_per_address }
  http-request track-sc0 req.hdr_ip(x-forwarded-for,-1) if from_proxy
  http-request deny deny_status 429 if from_proxy { sc0_conn_cur gt $max_per_address }
  http-request set-header X-Forwarded-For %[src] if !from_proxy
CONFIG
fi
cat <<CONFIG
  default_backend nodes

backend nodes
  balance leastconn
  option httpchk GET /healthz
  http-check expect status 200
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2 on-marked-down shutdown-sessions$resolve
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
