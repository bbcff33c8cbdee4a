#!/usr/bin/env bash
# docker/compose.https.yaml end to end: builds the Caddy image, refuses bad settings with their sentences, starts
# golf-server, Caddy (its own authority: GOLF_TLS=internal for the name golf.test) and the backups service as a
# Compose project of its own (published on 127.0.0.1 only, on ports Docker picks), then checks http is redirected
# to https, the answers carry HSTS and golf-server's security headers, a WebSocket upgrade from another site is
# refused, a real Chromium that trusts Caddy's root plays a hole from the start page over https and wss
# (tests/web/through_proxy.mjs), and the backups service keeps the newest backups, one of which, taken with the
# match unfinished, restores into a server that has that table again. Removes everything it made, pass or fail.
# docker/test.sh runs it with the golf-server image it built; by hand, with dockerd running and an image:
#   GOLF_SERVER_IMAGE=golf-server:latest bash docker/https_test.sh
# Environment: GOLF_SERVER_IMAGE (default golf-server:latest; used, never built or removed), GOLF_CADDY_IMAGE (a
# golf-caddy image to use instead of building one),
# GOLF_DOCKER_BUILD_NETWORK=host (builds with --network host), GOLF_WEB_ARTIFACTS (screenshots).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="golf-https-test-$$"
server_image="${GOLF_SERVER_IMAGE:-golf-server:latest}"
domain=golf.test
keep=2

# shellcheck source=docker/test_support.sh
source "$root/docker/test_support.sh"
caddy_image="$(caddy_image_for_test "https-test-$$")"
built=()
# cx SECONDS ARGS...: Compose on the https file as this run's project, images and volumes, given at most SECONDS.
cx() {
  timeout "$1" "${sudo_cmd[@]}" env GOLF_SERVER_IMAGE="$server_image" GOLF_CADDY_IMAGE="$caddy_image" \
    GOLF_DATA_VOLUME="$project-data" GOLF_BACKUPS_VOLUME="$project-backups" GOLF_CADDY_VOLUME="$project-caddy" \
    GOLF_CADDY_CONFIG_VOLUME="$project-caddy-config" GOLF_DOMAIN="$domain" GOLF_TLS=internal \
    GOLF_HTTP_PUBLISH="127.0.0.1:" GOLF_HTTPS_PUBLISH="127.0.0.1:" GOLF_BOT_DELAY_MS=0 \
    GOLF_BACKUP_EVERY_S=2 GOLF_BACKUP_KEEP="$keep" \
    "${compose[@]}" -p "$project" -f "$root/docker/compose.https.yaml" "${@:2}"
}

work=""
cleanup() {
  local status=$?
  set +e
  if [ "$status" -ne 0 ] && [ -n "$work" ]; then
    echo "--- the https set-up (last 30 log lines of each container) ---" >&2
    cx 60 logs --no-color --tail 30 >&2 2>&1
  fi
  cx 120 down -v --remove-orphans -t 10 >/dev/null 2>&1
  dk rm -f "$project-restored" >/dev/null 2>&1
  dk volume rm -f "$project-data" "$project-backups" "$project-caddy" "$project-caddy-config" "$project-restored" \
    >/dev/null 2>&1
  remove_images "${built[@]}"
  [ -z "$work" ] || rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

need_docker "$server_image"
command -v certutil >/dev/null 2>&1 || fail "no certutil: apt-get install libnss3-tools"
[ -d "$root/tests/web/node_modules/playwright-core" ] || fail "no tests/web/node_modules (cd tests/web && npm ci)"
work="$(mktemp -d "${TMPDIR:-/tmp}/golf-https-test.XXXXXX")"

# --- the Caddy image, and the settings it refuses ----------------------------------------------------------------

started=$SECONDS
if [ -z "${GOLF_CADDY_IMAGE:-}" ]; then
  built+=("$caddy_image")
  build_image caddy.Dockerfile "$caddy_image" "$work/build.log"
fi
log "Caddy image ready in $((SECONDS - started)) s, $(dk image inspect -f '{{.Size}}' "$caddy_image" |
  awk '{printf "%.1f", $1 / 1000000}') MB"

# refused EXPECTED ENV...: the Caddy image, run with ENV, exits 2 and says EXPECTED.
refused() {
  local out status=0
  out="$(timeout 60 "${sudo_cmd[@]}" docker run --rm "${@:2}" "$caddy_image" 2>&1)" || status=$?
  [ "$status" = 2 ] || fail "golf-caddy with ${*:2} exited $status, expected 2: $out"
  echo "$out" | grep -q "$1" || fail "golf-caddy with ${*:2} did not say '$1': $out"
}
refused "GOLF_DOMAIN is not set" -e GOLF_DOMAIN=
refused "must be a bare name" -e GOLF_DOMAIN=https://golf.example.org/
refused "is not a domain name" -e "GOLF_DOMAIN=golf example.org"
refused "cannot be read" -e GOLF_DOMAIN=golf.example.org -e GOLF_TLS_CERT=/nowhere.pem -e GOLF_TLS_KEY=/nowhere.key
refused "must be auto" -e GOLF_DOMAIN=golf.example.org -e GOLF_TLS=selfsigned
missing="$(env -u GOLF_DOMAIN "${compose[@]}" -f "$root/docker/compose.https.yaml" config -q 2>&1 || true)"
echo "$missing" | grep -q "set GOLF_DOMAIN" || fail "compose without GOLF_DOMAIN did not say to set it: $missing"
log "bad settings refused in words: no domain, a URL, a name with a space, an unreadable certificate, a bad GOLF_TLS"

# --- up ----------------------------------------------------------------------------------------------------------

started=$SECONDS
cx 300 up -d --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "compose up failed"; }
http_port="$(cx 30 port caddy 80 | tail -n 1 | sed 's/.*://')"
https_port="$(cx 30 port caddy 443 | tail -n 1 | sed 's/.*://')"
[ -n "$http_port" ] && [ -n "$https_port" ] || fail "Caddy's ports are not published"
caddy_id="$(cx 30 ps -q caddy)"
root_crt="$work/caddy-root.crt"
wait_until 60 caddy_root "$caddy_id" "$root_crt" || fail "Caddy made no root certificate in 60 s"
tls=(--cacert "$root_crt" --resolve "$domain:$https_port:127.0.0.1" --max-time 10)
base="https://$domain:$https_port"
answers_https() { curl -fsS "${tls[@]}" -o /dev/null "$base/healthz"; }
wait_until 60 answers_https || { curl -sS "${tls[@]}" "$base/healthz" >&2 || true; fail "no 200 at $base/healthz in 60 s"; }
log "golf-server behind Caddy at $base in $((SECONDS - started)) s"

# --- what a browser and a stranger meet ----------------------------------------------------------------------------

redirect="$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' -H "Host: $domain" "http://127.0.0.1:$http_port/t/ABC")"
case "$redirect" in 30[178]" https://$domain/t/ABC") ;; *) fail "http is not redirected to https: '$redirect'" ;; esac
headers="$(curl -fsS "${tls[@]}" -D - -o /dev/null "$base/")"
for wanted in "strict-transport-security: max-age=" "content-security-policy: " "x-content-type-options: nosniff" \
  "referrer-policy: "; do
  echo "$headers" | grep -qi "^$wanted" || fail "the page's answer has no '$wanted': $headers"
done
upgrade() { ws_upgrade "$base/ws" "$1" "${tls[@]}"; }
[ "$(upgrade "$base")" = 101 ] || fail "a WebSocket upgrade from the site itself was not accepted: $(upgrade "$base")"
[ "$(upgrade "https://elsewhere.example")" = 403 ] || fail "an upgrade from another site was not refused: $(upgrade https://elsewhere.example)"
log "http redirected to https; HSTS and the security headers; an upgrade from another site refused (403)"

# --- a newcomer's hole in Chromium, trusting Caddy's root ----------------------------------------------------------

home="$work/home"
mkdir -p "$home/.pki/nssdb"
certutil -d "sql:$home/.pki/nssdb" -N --empty-password
certutil -d "sql:$home/.pki/nssdb" -A -t "C,," -n golf-test-root -i "$root_crt"
started=$SECONDS
(cd "$root/tests/web" && HOME="$home" GOLF_URL="$base/" GOLF_PROXY_NAME="$domain" \
  timeout 180 node --test --test-reporter=spec through_proxy.mjs) >"$work/browser.log" 2>&1 ||
  { cat "$work/browser.log" >&2; fail "the hole over https and wss in Chromium failed"; }
log "Chromium played a hole from the start page over https and wss in $((SECONDS - started)) s"
code="$(sed -n 's/.*table code: \([A-Z0-9]*\).*/\1/p' "$work/browser.log" | head -n 1)"
[ -n "$code" ] || { cat "$work/browser.log" >&2; fail "the browser test named no table code"; }

# --- backups, and one restored -------------------------------------------------------------------------------------

list_backups() { dk run --rm -v "$project-backups:/backups" --entrypoint ls "$server_image" /backups 2>/dev/null; }
# The service makes one every 2 s here: after a few rounds exactly the newest $keep are left.
settled() { [ "$(list_backups | grep -c '^golf-.*\.db$')" = "$keep" ]; }
wait_until 30 settled || fail "the backups volume holds '$(list_backups | tr '\n' ' ')', expected the newest $keep"
dk volume create "$project-restored" >/dev/null
# The newest finished backup, chosen and opened in one container: the service writes the next one beside it
# (golf-*.db.partial and its journal) and prunes the oldest every 2 s.
dk run --rm -v "$project-backups:/backups:ro" -v "$project-restored:/data" --entrypoint sh "$server_image" -c \
  'newest="$(ls /backups | grep "^golf-.*\.db$" | sort | tail -n 1)" && echo "restoring $newest" &&
   golf restore --from "/backups/$newest" --db /data/golf.db' >"$work/restore.log" 2>&1 ||
  { cat "$work/restore.log" >&2; fail "golf restore of the newest backup failed"; }
newest="$(sed -n 's/^restoring //p' "$work/restore.log")"
dk run -d --name "$project-restored" -v "$project-restored:/data" -p 127.0.0.1::8080 "$server_image" >/dev/null
restored_port="$(dk port "$project-restored" 8080/tcp | head -n 1 | sed 's/.*://')"
restored_table() { curl -fsS --max-time 5 "http://127.0.0.1:$restored_port/api/tables/$code" 2>/dev/null; }
wait_until 60 restored_table >/dev/null ||
  fail "the server restored from $newest does not have table $code: $(curl -sS "http://127.0.0.1:$restored_port/api/tables/$code" 2>&1)"
log "backups kept: $(list_backups | tr '\n' ' '); $newest restored into a server that has table $code again"

log "PASS (total $SECONDS s)"
