# Shared by docker/cluster_test.sh and docker/https_test.sh (sourced, not run): their messages, Docker and Compose
# as docker/test.sh reaches them (directly, or through sudo when the socket is root's), and bounded waits.

test_name="docker/$(basename "$0")"
log() { echo "$test_name: $*"; }
fail() {
  echo "$test_name: FAIL: $*" >&2
  exit 1
}

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || docker info >/dev/null 2>&1 || sudo_cmd=(sudo)
dk() { "${sudo_cmd[@]}" docker "$@"; }
compose=()
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose); fi

# wait_until SECONDS COMMAND...: runs COMMAND every half second until it succeeds; false after SECONDS.
wait_until() {
  local deadline=$((SECONDS + $1))
  until "${@:2}"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.5
  done
}

# build_image DOCKERFILE TAG LOG: builds docker/DOCKERFILE from the repository root as TAG (with the host's network
# when GOLF_DOCKER_BUILD_NETWORK=host), its output in LOG; fails the test with the end of the log.
build_image() {
  local network=()
  [ -z "${GOLF_DOCKER_BUILD_NETWORK:-}" ] || network=(--network "$GOLF_DOCKER_BUILD_NETWORK")
  timeout 900 "${sudo_cmd[@]}" docker build "${network[@]}" -f "$root/docker/$1" -t "$2" "$root" >"$3" 2>&1 ||
    { tail -30 "$3" >&2; fail "docker build of docker/$1 failed (see above)"; }
}

# remove_images TAG...: the images this test built (their layers stay with GOLF_DOCKER_KEEP_CACHE=1).
remove_images() {
  local image keep=()
  [ "${GOLF_DOCKER_KEEP_CACHE:-0}" != 1 ] || keep=(--no-prune)
  for image in "$@"; do dk rmi "${keep[@]}" "$image" >/dev/null 2>&1; done
}

# need_docker IMAGE: a Docker engine, Compose, and IMAGE (the golf-server image under test) are there.
need_docker() {
  dk info >/dev/null 2>&1 || fail "no Docker engine answers (bash docker/test.sh starts one)"
  [ "${#compose[@]}" -gt 0 ] || fail "no Docker Compose: apt-get install docker-compose"
  dk image inspect "$1" >/dev/null 2>&1 || fail "no image $1 (docker build -f docker/Dockerfile -t $1 .)"
}

# caddy_image_for_test NAME: the Caddy image to use, GOLF_CADDY_IMAGE when docker/test.sh built one for every test,
# else one built here as golf-caddy:NAME (and added to `built`, removed at the end).
caddy_image_for_test() {
  if [ -n "${GOLF_CADDY_IMAGE:-}" ]; then
    echo "$GOLF_CADDY_IMAGE"
  else
    echo "golf-caddy:$1"
  fi
}

# caddy_root CONTAINER FILE: the root certificate of Caddy's own authority (GOLF_TLS=internal), once it is made.
caddy_root() { dk exec "$1" cat /data/caddy/pki/authorities/local/root.crt >"$2" 2>/dev/null && [ -s "$2" ]; }

# ws_upgrade URL ORIGIN CURL_OPTIONS...: the HTTP status a WebSocket upgrade to URL gets when sent with ORIGIN.
ws_upgrade() {
  curl -sS "${@:3}" --http1.1 -o /dev/null -w '%{http_code}' -H "Origin: $2" -H "Connection: Upgrade" \
    -H "Upgrade: websocket" -H "Sec-WebSocket-Version: 13" -H "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==" \
    --max-time 3 "$1" 2>/dev/null || true
}
