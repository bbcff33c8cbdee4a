#!/usr/bin/env bash
# Upgrades a running Compose set-up to the code in this checkout, one golf-server at a time:
#   git pull && bash docker/upgrade.sh docker/compose.cluster.yaml     (or docker/compose.https.yaml, compose.yaml)
# Builds the images first (players notice nothing yet), then for each golf-server service in turn (n1, n2, ... or
# golf-server): stops it with SIGTERM, which drains it (its tables are closed, their records flushed, and on
# several nodes another node takes them over at once), starts it from the new image, and waits until Docker
# reports it healthy before the next. With several nodes, players see a pause of about a second and play on; with
# one server, they reconnect when it is back (seats are held for GOLF_SEAT_GRACE) and every open table is restored
# from the database. Old web pages reload themselves; an old `golf play` is told to update when the protocol moved.
# Give the same environment (GOLF_DOMAIN, GOLF_DB_PASSWORD, ...) as to `up`. Options after the file: --no-build
# (the images are already built), or service names to upgrade instead of every golf-server.
set -euo pipefail
[ "$#" -ge 1 ] || { echo "usage: $0 COMPOSE_FILE [--no-build] [SERVICE...]" >&2; exit 2; }
file="$1"
shift
[ -f "$file" ] || { echo "$0: no compose file '$file'" >&2; exit 2; }
build=1
services=()
for arg in "$@"; do
  case "$arg" in
    --no-build) build="" ;;
    -*) echo "$0: unknown option '$arg'" >&2; exit 2 ;;
    *) services+=("$arg") ;;
  esac
done
compose=()
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose)
else echo "$0: no Docker Compose (apt-get install docker-compose)" >&2; exit 2; fi
cx() { "${compose[@]}" -f "$file" "$@"; }

if [ "${#services[@]}" -eq 0 ]; then
  mapfile -t services < <(cx config --services | grep -E '^(golf-server|n[0-9]+)$')
fi
[ "${#services[@]}" -gt 0 ] || { echo "$0: $file has no golf-server service to upgrade" >&2; exit 2; }
if [ -n "$build" ]; then
  echo "upgrade: building the new images"
  cx build
fi

probe='exec 3<>"/dev/tcp/127.0.0.1/${GOLF_PORT:-8080}" && printf "GET /healthz HTTP/1.0\r\n\r\n" >&3 &&
  head -n 1 <&3 | grep -q "^HTTP/1\.[01] 200 "'
for service in "${services[@]}"; do
  started=$SECONDS
  echo "upgrade: $service: draining (SIGTERM), then starting the new image"
  cx stop -t 30 "$service"
  cx up -d --no-deps --force-recreate "$service"
  id="$(cx ps -q "$service")"
  healthy=""
  for _ in $(seq 1 240); do  # the image's own /healthz probe, every half second (Docker's runs every 30 s)
    if docker exec "$id" bash -c "$probe" 2>/dev/null; then healthy=1; break; fi
    sleep 0.5
  done
  if [ -z "$healthy" ]; then
    echo "upgrade: $service did not answer /healthz 200 in 120 s: stopping here, the services after it are untouched" >&2
    cx logs --tail 30 "$service" >&2
    exit 1
  fi
  sleep 2  # HAProxy's own checks (every 250-500 ms, two to rise) see it up before the next one goes
  echo "upgrade: $service healthy on the new image in $((SECONDS - started)) s"
done
echo "upgrade: done (${services[*]})"
