#!/bin/sh
# The golf-caddy image's entrypoint: writes the Caddyfile for GOLF_DOMAIN in front of GOLF_UPSTREAM with
# scripts/caddy_config.sh (a bad setting stops here with one sentence and exit status 2), says when the domain does
# not resolve yet (Let's Encrypt could not reach it; Caddy keeps trying), then runs Caddy in the foreground.
set -eu
config=/run/golf-caddy/Caddyfile
golf-caddy-config "${GOLF_DOMAIN:-}" "$GOLF_UPSTREAM" >"$config" || exit 2
tls="${GOLF_TLS:-auto}"
if [ "$tls" = auto ] && [ -z "${GOLF_TLS_CERT:-}" ] && ! getent hosts "$GOLF_DOMAIN" >/dev/null 2>&1; then
  echo "golf-caddy: $GOLF_DOMAIN does not resolve yet: point its DNS (an A or AAAA record) at this machine;" \
    "Caddy keeps asking for its certificate" >&2
fi
echo "golf-caddy: https://$GOLF_DOMAIN/ in front of $GOLF_UPSTREAM (certificates: ${GOLF_TLS_CERT:+your own}${GOLF_TLS_CERT:-$tls})"
exec caddy run --adapter caddyfile --config "$config"
