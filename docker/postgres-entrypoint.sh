#!/bin/sh
# The golf-postgres image's entrypoint: on an empty volume, makes a cluster whose superuser `golf` has the password
# POSTGRES_PASSWORD (over the network only; the socket in the container trusts its users) and a database `golf`;
# then runs PostgreSQL in the foreground, listening on every address of the container. Arguments are passed on
# (e.g. -c max_connections=300).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "golf-postgres: set POSTGRES_PASSWORD for the first start" >&2; exit 1; }
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" -U golf --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  # Single-user mode: no server listens yet, so nothing can connect before the database exists.
  echo 'CREATE DATABASE golf' | postgres --single -D "$PGDATA" postgres >/dev/null
  echo "golf-postgres: made the cluster in $PGDATA"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
