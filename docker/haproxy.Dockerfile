# HAProxy 2.6 for docker/compose.cluster.yaml, from Debian's own package (no registry image is needed). Its
# configuration is made at each start by scripts/haproxy_config.sh from GOLF_NODES (NAME=HOST:PORT ..., the nodes'
# names and addresses); it listens on GOLF_PROXY_PORT (8080). Build from the repository root:
#   docker build -f docker/haproxy.Dockerfile -t golf-haproxy .
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && install -d -o haproxy -g haproxy /run/golf-haproxy
COPY scripts/haproxy_config.sh /usr/local/bin/golf-haproxy-config
COPY docker/haproxy-entrypoint.sh /usr/local/bin/golf-haproxy

ENV GOLF_NODES="n1=n1:8080 n2=n2:8080 n3=n3:8080" \
    GOLF_PROXY_PORT=8080
USER haproxy
EXPOSE 8080
ENTRYPOINT ["golf-haproxy"]
