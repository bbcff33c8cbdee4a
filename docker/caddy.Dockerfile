# Caddy 2.6 for docker/compose.https.yaml and the cluster's https profile, from Debian's own package (no registry
# image is needed): https for GOLF_DOMAIN with certificates it gets and renews itself, in front of GOLF_UPSTREAM.
# Its Caddyfile is made at each start by scripts/caddy_config.sh. Build from the repository root:
#   docker build -f docker/caddy.Dockerfile -t golf-caddy .
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends caddy ca-certificates \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && install -d -o caddy -g caddy /data /config /run/golf-caddy
COPY scripts/caddy_config.sh /usr/local/bin/golf-caddy-config
COPY docker/caddy-entrypoint.sh /usr/local/bin/golf-caddy

# Certificates and Caddy's own authority live in /data (a volume: they survive restarts, and Let's Encrypt's rate
# limits are never met by a restart loop); ports below 1024 are opened as the user caddy by the compose files'
# net.ipv4.ip_unprivileged_port_start sysctl.
ENV GOLF_UPSTREAM=golf-server:8080 \
    XDG_DATA_HOME=/data \
    XDG_CONFIG_HOME=/config
VOLUME /data /config
USER caddy
EXPOSE 80 443 443/udp
ENTRYPOINT ["golf-caddy"]
