#!/usr/bin/env bash
# Prints the Caddyfile that puts golf-server (or the HAProxy in front of several nodes) behind HTTPS:
#   scripts/caddy_config.sh DOMAIN UPSTREAM      e.g. scripts/caddy_config.sh golf.example.org golf-server:8080
# Caddy gets and renews the certificate for DOMAIN from Let's Encrypt (ACME: DOMAIN's DNS must point here and
# ports 80 and 443 be open), redirects http to https, sends HSTS, proxies the WebSocket upgrade, and passes the
# client's address on in X-Forwarded-For (golf-server trusts it only from --trusted-proxy addresses).
# An IP address or localhost gets a certificate from Caddy's own authority, as does any name with GOLF_TLS=internal
# (a LAN or a test: its root, in Caddy's data under pki/authorities/local/root.crt, must be trusted by the players).
# Environment: GOLF_TLS (auto or internal), GOLF_TLS_CERT with GOLF_TLS_KEY (certificate files of your own, PEM),
# GOLF_ACME_EMAIL (for the certificate authority's expiry mail), GOLF_ACME_CA (another ACME directory, e.g. a
# staging one), GOLF_HTTP_PORT and GOLF_HTTPS_PORT (80 and 443; others for a proxy that is not the machine's edge).
# A bad setting is one sentence on stderr and exit status 2.
set -euo pipefail
fail() { echo "$0: $*" >&2; exit 2; }
[ "$#" -eq 2 ] || fail "usage: $0 DOMAIN UPSTREAM (e.g. golf.example.org golf-server:8080)"
domain="$1"
upstream="$2"
tls_mode="${GOLF_TLS:-auto}"
cert="${GOLF_TLS_CERT:-}"
key="${GOLF_TLS_KEY:-}"
email="${GOLF_ACME_EMAIL:-}"
acme_ca="${GOLF_ACME_CA:-}"
http_port="${GOLF_HTTP_PORT:-80}"
https_port="${GOLF_HTTPS_PORT:-443}"

[ -n "$domain" ] || fail "GOLF_DOMAIN is not set: set it to the name players will type, e.g. GOLF_DOMAIN=golf.example.org (or this machine's address on your network, e.g. 192.168.1.20)"
case "$domain" in
  *://* | */* | *:*) fail "GOLF_DOMAIN '$domain' must be a bare name such as golf.example.org: no https://, port or path" ;;
esac
label='[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
if ! [[ "$domain" =~ ^($label\.)*$label$ ]] || [ "${#domain}" -gt 253 ]; then
  fail "GOLF_DOMAIN '$domain' is not a domain name: letters, digits, hyphens and dots, e.g. golf.example.org"
fi
[[ "$upstream" =~ ^[A-Za-z0-9._-]+:[0-9]+$ ]] || fail "the upstream '$upstream' must be HOST:PORT, e.g. golf-server:8080"
for port in "$http_port" "$https_port"; do
  [[ "$port" =~ ^[0-9]+$ ]] && [ "$port" -ge 1 ] && [ "$port" -le 65535 ] || fail "'$port' is not a port (1-65535)"
done
[ -z "$email" ] || [[ "$email" =~ ^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$ ]] ||
  fail "GOLF_ACME_EMAIL '$email' is not a mail address"

tls_line=""
if [ -n "$cert$key" ]; then
  [ -n "$cert" ] && [ -n "$key" ] || fail "GOLF_TLS_CERT and GOLF_TLS_KEY go together: set both, or neither for automatic certificates"
  [ -r "$cert" ] || fail "the certificate GOLF_TLS_CERT=$cert cannot be read (as uid $(id -u)): mount it and make it readable"
  [ -r "$key" ] || fail "the key GOLF_TLS_KEY=$key cannot be read (as uid $(id -u)): mount it and make it readable"
  grep -q -- '-----BEGIN CERTIFICATE-----' "$cert" || fail "GOLF_TLS_CERT=$cert holds no PEM certificate"
  grep -q -- 'PRIVATE KEY-----' "$key" || fail "GOLF_TLS_KEY=$key holds no PEM private key"
  tls_line="tls $cert $key"
else
  case "$tls_mode" in
    auto) ;;
    internal) tls_line="tls internal" ;;
    *) fail "GOLF_TLS '$tls_mode' must be auto (certificates from Let's Encrypt) or internal (Caddy's own authority)" ;;
  esac
fi

echo "{"
echo "	admin off"
echo "	skip_install_trust"
echo "	http_port $http_port"
echo "	https_port $https_port"
[ -z "$email" ] || echo "	email $email"
[ -z "$acme_ca" ] || echo "	acme_ca $acme_ca"
cat <<CADDY
}

$domain {
${tls_line:+	$tls_line
}	encode zstd gzip
	header {
		# Browsers keep to https for a year once they have seen this; golf-server itself never sends it.
		Strict-Transport-Security "max-age=31536000"
		-Server
	}
	# /metrics only to this machine and private networks (the host's own curl arrives from Docker's gateway).
	@public_metrics {
		path /metrics
		not remote_ip 127.0.0.0/8 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 ::1/128 fc00::/7
	}
	respond @public_metrics 404
	# WebSocket upgrades pass through as they are; X-Forwarded-For carries the client's address.
	reverse_proxy $upstream
}
CADDY
