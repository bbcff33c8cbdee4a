#!/bin/sh
# The golf-haproxy image's entrypoint: writes HAProxy's configuration with scripts/haproxy_config.sh for the nodes
# in GOLF_NODES, resolving their names through Docker's DNS while it runs (a node that restarts with another
# address is found again, and one not started yet does not stop HAProxy), then runs HAProxy in the foreground.
set -eu
config=/run/golf-haproxy/haproxy.cfg
# shellcheck disable=SC2086  # GOLF_NODES is a list of words
GOLF_HAPROXY_DNS="${GOLF_HAPROXY_DNS-127.0.0.11:53}" golf-haproxy-config ":$GOLF_PROXY_PORT" $GOLF_NODES >"$config"
echo "golf-haproxy: port $GOLF_PROXY_PORT, nodes $GOLF_NODES"
# -W: a master process as PID 1, which stops at once on SIGTERM (docker stop); HAProxy alone as PID 1 ignores it.
exec haproxy -W -db -f "$config" "$@"
