# PostgreSQL 15 for docker/compose.cluster.yaml, from Debian's own package (no registry image is needed): the
# data on the volume /var/lib/postgresql/data, the superuser and database `golf`, its password from
# POSTGRES_PASSWORD at the first start. Build from the repository root:
#   docker build -f docker/postgres.Dockerfile -t golf-postgres .
FROM debian:bookworm-slim
# No cluster at install time: the entrypoint makes one on the volume.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/golf.conf \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
 && apt-get clean && rm -rf /var/lib/apt/lists/* \
 && install -d -o postgres -g postgres -m 700 /var/lib/postgresql/data \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql \
 && install -d -o postgres -g postgres /backups
COPY docker/postgres-entrypoint.sh /usr/local/bin/golf-postgres
# The cluster's backups service runs this image's pg_dump through the same loop as the single server's.
COPY docker/backups.sh /usr/local/bin/golf-backups

ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
# A new named volume starts with this directory's owner (postgres) and mode (700), as initdb wants.
VOLUME /var/lib/postgresql/data
USER postgres
EXPOSE 5432
# SIGINT is PostgreSQL's fast shutdown: clients are disconnected, everything committed is on disk.
STOPSIGNAL SIGINT
ENTRYPOINT ["golf-postgres"]
