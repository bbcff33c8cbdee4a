#!/usr/bin/env bash
# The Docker image end to end: builds docker/Dockerfile from the repository alone (the image builds its own web
# client), starts a container (published on 127.0.0.1 only), waits for its HEALTHCHECK, checks it serves the web
# table, plays a match against it with the host build's `golf bot`, stops it (SIGTERM must exit 0), starts it again
# and checks the finished match is still in the database on the volume, then removes the container, the volume, the
# image and its build layers. Then docker/https_test.sh runs docker/compose.https.yaml (Caddy in front, a real
# Chromium playing over https and wss) and docker/cluster_test.sh the several-node set-up (docker/compose.cluster.yaml),
# both with the same image. Run from anywhere: bash docker/test.sh
#
# It starts dockerd when none is running (and stops it afterwards), and makes the base images when they are
# missing, since no container registry may be reachable: debootstrap --variant=minbase bookworm from the Debian
# mirror, imported as debian:bookworm, and a slimmed copy as debian:bookworm-slim; they stay as a cache.
# The host's own certificate authorities (/usr/local/share/ca-certificates: a TLS-inspecting proxy's, say) are
# staged in docker/ca/ for the build, which fetches Node.js and the web client's packages from npm's registry.
# Environment: GOLF_BUILD (the host build holding cli/golf; default build/), GOLF_DEBIAN_MIRROR
# (default http://deb.debian.org/debian), GOLF_JOBS (compile jobs in the image, default 2),
# GOLF_DOCKER_KEEP_CACHE=1 keeps the build stage's layers for a faster next run, GOLF_DOCKER_CCACHE (a ccache
# directory of the host's Release build, as scripts/test.sh passes) is staged in docker/ccache/ for the image's
# compiles: they take an object from it only where the compiler, its flags and every preprocessed file are the same.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${GOLF_BUILD:-$root/build}"
mirror="${GOLF_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
run_id="golf-docker-test-$$"
image="golf-server:test-$$"
container="$run_id"
volume="$run_id-data"
player="docker-test"
work="$(mktemp -d "${TMPDIR:-/tmp}/golf-docker-test.XXXXXX")"

log() { echo "docker/test.sh: $*"; }
fail() {
  echo "docker/test.sh: FAIL: $*" >&2
  exit 1
}
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

docker_cmd=(docker)
dk() { "${docker_cmd[@]}" "$@"; }

started_dockerd=""
staged_ca=""
built_caddy=""
caddy_image=""
staged_ccache=""
built_image=""
dangling_before="$work/dangling-before"
: >"$dangling_before"

cleanup() {
  local status=$?
  set +e
  if [ "$status" -ne 0 ] && [ -n "$built_image" ]; then
    echo "--- container log (last 40 lines) ---" >&2
    dk logs --tail 40 "$container" >&2 2>&1
  fi
  dk rm -f "$container" >/dev/null 2>&1
  [ -z "$built_caddy" ] || dk rmi "$caddy_image" >/dev/null 2>&1
  dk volume rm -f "$volume" >/dev/null 2>&1
  if [ -n "$built_image" ]; then
    dk rmi -f "$image" >/dev/null 2>&1
    if [ "${GOLF_DOCKER_KEEP_CACHE:-0}" != 1 ]; then
      # The build stage leaves untagged layers behind; remove the ones this run made (older ones are not ours).
      local id
      for id in $(dk images -q --filter dangling=true 2>/dev/null); do
        grep -qx "$id" "$dangling_before" || dk rmi "$id" >/dev/null 2>&1
      done
    fi
  fi
  [ -n "$staged_ca" ] && find "$root/docker/ca" -mindepth 1 -not -name .gitignore -delete
  [ -n "$staged_ccache" ] && find "$root/docker/ccache" -mindepth 1 -not -name .gitignore -delete
  if [ -n "$started_dockerd" ]; then
    as_root kill -TERM "$started_dockerd" 2>/dev/null
    for _ in $(seq 1 30); do as_root kill -0 "$started_dockerd" 2>/dev/null || break; sleep 1; done
  fi
  # A failed debootstrap may leave /proc mounted in its root: unmount before deleting, never delete through it.
  local mount_point
  for mount_point in $(awk -v w="$work/" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r); do
    as_root umount -l "$mount_point"
  done
  as_root rm -rf --one-file-system "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM  # so that an interrupted run cleans up too

# --- the Docker engine -------------------------------------------------------------------------------------------

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)  # docker/https_test.sh: Chromium trusts Caddy's root
# Compose for docker/cluster_test.sh: Debian's is docker-compose 1.29; a `docker compose` plugin does as well.
docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

if ! docker info >/dev/null 2>&1; then
  if ! as_root docker info >/dev/null 2>&1; then
    log "starting dockerd (log: $work/dockerd.log)"
    as_root bash -c 'dockerd >"$1" 2>&1 & echo $! >"$2"' _ "$work/dockerd.log" "$work/dockerd.pid"
    started_dockerd="$(cat "$work/dockerd.pid")"
    for _ in $(seq 1 60); do as_root docker info >/dev/null 2>&1 && break; sleep 1; done
    as_root docker info >/dev/null 2>&1 || { tail -20 "$work/dockerd.log" >&2; fail "dockerd did not come up in 60 s"; }
  fi
  docker info >/dev/null 2>&1 || docker_cmd=(sudo docker)
fi

# compose.yaml must at least parse, where a Compose is installed (Debian's docker.io ships none).
compose=()
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then compose=(docker-compose); fi
if [ "${#compose[@]}" -gt 0 ]; then
  timeout 60 "${compose[@]}" -f "$root/docker/compose.yaml" config -q || fail "docker/compose.yaml does not parse"
fi

# --- the base images ---------------------------------------------------------------------------------------------

# import_root DIR TAG: a root file system as an image with the PATH and CMD Debian's official images carry.
import_root() {
  as_root tar -C "$1" --numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -c . |
    dk import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' - "$2" >/dev/null
}

make_base_images() {
  local rootfs="$work/rootfs"
  log "making debian:bookworm and debian:bookworm-slim with debootstrap from $mirror (once; they are kept)"
  if ! as_root timeout 1200 debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1; then
    tail -20 "$work/debootstrap.log" >&2
    fail "debootstrap failed (see above)"
  fi
  # As in Debian's own images: updates and security sources, no package lists or downloaded packages, no
  # translations, and dpkg without fsync (a container layer is thrown away on failure anyway; 3x faster installs).
  local security="${mirror%/debian}/debian-security"
  [ "$security" = "$mirror/debian-security" ] && security="http://deb.debian.org/debian-security"
  as_root bash -c 'printf "deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n" \
    "$2" "$2" "$3" >"$1/etc/apt/sources.list"
    echo force-unsafe-io >"$1/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"
    echo "Acquire::Languages \"none\";" >"$1/etc/apt/apt.conf.d/docker-no-languages"
    rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/archives/*.deb "$1"/var/cache/apt/*.bin' \
    _ "$rootfs" "$mirror" "$security"
  dk image inspect debian:bookworm >/dev/null 2>&1 || import_root "$rootfs" debian:bookworm
  # Slim, as debuerreotype makes it: no manuals, documentation or translations, now or in later installs.
  as_root bash -c 'cat >"$1/etc/dpkg/dpkg.cfg.d/docker-slim" <<EOF
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
    find "$1/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$1/usr/share/doc" -mindepth 1 -type d -empty -delete
    rm -rf "$1"/usr/share/man/* "$1"/usr/share/groff/* "$1"/usr/share/info/* "$1"/usr/share/lintian/* \
      "$1"/usr/share/linda/* "$1"/usr/share/locale/*' _ "$rootfs"
  dk image inspect debian:bookworm-slim >/dev/null 2>&1 || import_root "$rootfs" debian:bookworm-slim
  as_root rm -rf --one-file-system "$rootfs"
}

if ! dk image inspect debian:bookworm >/dev/null 2>&1 || ! dk image inspect debian:bookworm-slim >/dev/null 2>&1; then
  started=$SECONDS
  make_base_images
  log "base images made in $((SECONDS - started)) s"
fi

# --- the image ---------------------------------------------------------------------------------------------------

golf="$build_dir/cli/golf"
if [ ! -x "$golf" ]; then
  [ -f "$build_dir/build.ninja" ] || fail "no host build at $build_dir (set GOLF_BUILD, or run scripts/test.sh)"
  cmake --build "$build_dir" --target golf
fi

if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  staged_ca=1
  cp /usr/local/share/ca-certificates/*.crt "$root/docker/ca/"
fi

# The host's compiler cache, for the image's build stage; it compiles at this clone's path (GOLF_SRC) so that the
# paths in its compile commands and unity files are the host's.
ccache_source="${GOLF_DOCKER_CCACHE:-}"
if [ -n "$ccache_source" ] && [ -d "$ccache_source" ]; then
  staged_ccache=1
  cp -R "$ccache_source/." "$root/docker/ccache/"
  log "staged the host's compiler cache ($(du -sh "$ccache_source" | cut -f1)) for the image's build"
fi

# apt-get inside `docker build` must reach the mirror; where the default bridge cannot, the host network can.
mirror_host="$(echo "$mirror" | sed -E 's#^[a-z]+://##; s#[/:].*##')"
mirror_port=80
case "$mirror" in https://*) mirror_port=443 ;; esac
build_network=()
if ! timeout 60 "${docker_cmd[@]}" run --rm debian:bookworm-slim \
  timeout 20 bash -c "exec 3<>/dev/tcp/$mirror_host/$mirror_port" >/dev/null 2>&1; then
  log "the default bridge network cannot reach $mirror_host: building with --network host"
  build_network=(--network host)
fi

dk images -q --filter dangling=true | sort -u >"$dangling_before"
log "building $image"
started=$SECONDS
built_image=1
if ! timeout 1800 "${docker_cmd[@]}" build "${build_network[@]}" --build-arg GOLF_JOBS="${GOLF_JOBS:-2}" \
  --build-arg GOLF_SRC="$root" -f "$root/docker/Dockerfile" -t "$image" "$root" >"$work/build.log" 2>&1; then
  tail -40 "$work/build.log" >&2
  fail "docker build failed (see above)"
fi
build_seconds=$((SECONDS - started))
size_mb="$(dk image inspect -f '{{.Size}}' "$image" | awk '{printf "%.1f", $1 / 1000000}')"
log "image built in $build_seconds s, $size_mb MB; its compiler cache: $(grep -E '^ *(Hits|Misses): ' "$work/build.log" | tr -s ' ' | paste -sd ';')"

user="$(dk image inspect -f '{{.Config.User}}' "$image")"
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as '$user', not a non-root user"

# --- the container -----------------------------------------------------------------------------------------------

# http_get PORT PATH: the whole HTTP/1.0 response (the server closes after it), or nothing after 10 s.
http_get() {
  timeout 10 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0" &&
    printf "GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" "$1" >&3 && cat <&3' "$1" "$2" || true
}
status_of() { head -n 1 | awk '{print $2}'; }

# wait_healthy: the image's own HEALTHCHECK (run every second here) must report healthy within 90 s.
wait_healthy() {
  local health=""
  for _ in $(seq 1 90); do
    health="$(dk inspect -f '{{.State.Status}} {{.State.Health.Status}}' "$container" 2>/dev/null || true)"
    [ "$health" = "running healthy" ] && return 0
    case "$health" in running*) ;; *) fail "the container stopped ($health)" ;; esac
    sleep 1
  done
  fail "the container was not healthy after 90 s ($health)"
}

dk volume create "$volume" >/dev/null
dk run -d --name "$container" -p 127.0.0.1::8080 -v "$volume:/data" --health-interval 1s \
  -e GOLF_BOT_DELAY_MS=0 -e GOLF_BETWEEN_HOLES_MS=0 -e GOLF_LOG_LEVEL=info "$image" >/dev/null
wait_healthy
port="$(dk port "$container" 8080/tcp | head -n 1 | sed 's/.*://')"
[ -n "$port" ] || fail "no published port"
log "container healthy on 127.0.0.1:$port"

uid="$(dk exec "$container" id -u)"
[ "$uid" != 0 ] || fail "golf-server runs as root in the container"

page="$(http_get "$port" /)"
[ "$(echo "$page" | status_of)" = 200 ] || fail "GET / answered '$(echo "$page" | head -n 1)', expected the web table (200)"
echo "$page" | grep -q '<script type="module"' || fail "GET / is not the web client: $(echo "$page" | head -c 400)"

timeout 180 "$golf" bot --url "ws://127.0.0.1:$port/ws" --create six-card --seats 4 --fill-bots --set holes=2 \
  --name "$player" --timeout 60 >"$work/bot.log" 2>&1 || { cat "$work/bot.log" >&2; fail "golf bot did not finish a match"; }
grep -q '^winner' "$work/bot.log" || { cat "$work/bot.log" >&2; fail "golf bot printed no winner"; }

matches="$(http_get "$port" "/api/matches?player=$player")"
match_id="$(echo "$matches" | grep -o '"match_id":"[0-9]*"' | head -n 1 | grep -o '[0-9][0-9]*' || true)"
[ -n "$match_id" ] || fail "the finished match is not in /api/matches: $matches"
log "match $match_id played and listed"

# --- restart: a graceful stop, then the same volume --------------------------------------------------------------

timeout 60 "${docker_cmd[@]}" stop -t 20 "$container" >/dev/null || fail "docker stop did not return"
exit_code="$(dk inspect -f '{{.State.ExitCode}}' "$container")"
[ "$exit_code" = 0 ] || fail "golf-server exited $exit_code on SIGTERM, expected 0"
dk start "$container" >/dev/null
wait_healthy
port="$(dk port "$container" 8080/tcp | head -n 1 | sed 's/.*://')"

after="$(http_get "$port" "/api/matches?player=$player")"
echo "$after" | grep -q "\"match_id\":\"$match_id\"" || fail "match $match_id is gone after the restart: $after"
echo "$after" | grep -q '"ended_unix":"[1-9]' || fail "match $match_id has no end time after the restart: $after"
one="$(http_get "$port" "/api/matches/$match_id")"
[ "$(echo "$one" | status_of)" = 200 ] || fail "GET /api/matches/$match_id after the restart: $(echo "$one" | head -n 1)"
dk exec "$container" golf replay --db /data/golf.db "$match_id" >"$work/replay.log" 2>&1 ||
  { cat "$work/replay.log" >&2; fail "golf replay of match $match_id in the volume's database failed"; }
grep -q 'every hole matches the record' "$work/replay.log" || { cat "$work/replay.log" >&2; fail "golf replay disagreed"; }

log "match $match_id survived a restart"

# --- https: docker/compose.https.yaml with this image ---------------------------------------------------------

dk rm -f "$container" >/dev/null
network_env=()
[ "${#build_network[@]}" -eq 0 ] || network_env=(GOLF_DOCKER_BUILD_NETWORK=host)
started=$SECONDS
# One Caddy image for the https test and the cluster's https profile.
caddy_image="golf-caddy:test-$$"
timeout 900 "${docker_cmd[@]}" build "${build_network[@]}" -f "$root/docker/caddy.Dockerfile" -t "$caddy_image" "$root" \
  >"$work/caddy-build.log" 2>&1 || { tail -30 "$work/caddy-build.log" >&2; fail "docker build of docker/caddy.Dockerfile failed"; }
built_caddy=1
log "Caddy image built in $((SECONDS - started)) s, $(dk image inspect -f '{{.Size}}' "$caddy_image" |
  awk '{printf "%.1f", $1 / 1000000}') MB"
started=$SECONDS
env GOLF_SERVER_IMAGE="$image" GOLF_CADDY_IMAGE="$caddy_image" "${network_env[@]}" bash "$root/docker/https_test.sh" ||
  fail "the https test (docker/https_test.sh) failed"
https_seconds=$((SECONDS - started))

# --- several nodes: docker/compose.cluster.yaml with this image ---------------------------------------------------

started=$SECONDS
env GOLF_SERVER_IMAGE="$image" GOLF_CADDY_IMAGE="$caddy_image" GOLF_BUILD="$build_dir" "${network_env[@]}" \
  bash "$root/docker/cluster_test.sh" ||
  fail "the several-node test (docker/cluster_test.sh) failed"

log "PASS: built in $build_seconds s, $size_mb MB; match $match_id survived a restart; the https test took" \
  "$https_seconds s, the cluster test $((SECONDS - started)) s (total $SECONDS s)"
