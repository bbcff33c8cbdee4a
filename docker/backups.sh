#!/bin/bash
# Keeps dated backups of the live database in GOLF_BACKUP_DIR (/backups, a volume): one at the start, then one
# every GOLF_BACKUP_EVERY_S seconds (86400: daily), the newest GOLF_BACKUP_KEEP (7) kept and older ones deleted.
# `golf backup` copies SQLite with its online backup API while the server runs; a PostgreSQL URL is copied with
# pg_dump (the golf-postgres image has it). A failed backup is said in the log and tried again at the next round;
# the older backups stay. Runs as the compose files' `backups` service; SIGTERM stops it between rounds.
set -uo pipefail
db="${GOLF_DB:?GOLF_DB must name the database to back up}"
dir="${GOLF_BACKUP_DIR:-/backups}"
every="${GOLF_BACKUP_EVERY_S:-86400}"
keep="${GOLF_BACKUP_KEEP:-7}"
[[ "$every" =~ ^[1-9][0-9]*$ ]] || { echo "golf-backups: GOLF_BACKUP_EVERY_S must be a number of seconds (got '$every')" >&2; exit 2; }
[[ "$keep" =~ ^[1-9][0-9]*$ ]] || { echo "golf-backups: GOLF_BACKUP_KEEP must be a number of at least 1 (got '$keep')" >&2; exit 2; }
[ -d "$dir" ] && [ -w "$dir" ] || { echo "golf-backups: $dir is not a writable directory (as uid $(id -u))" >&2; exit 2; }
case "$db" in postgres://* | postgresql://*) suffix=dump ;; *) suffix=db ;; esac

one_backup() {
  local out
  out="$dir/golf-$(date -u +%Y-%m-%dT%H%M%SZ).$suffix"
  if command -v golf >/dev/null 2>&1; then
    golf backup --db "$db" --out "$out" || return 1
  else
    pg_dump --format=custom --file "$out.partial" "$db" && mv "$out.partial" "$out" || { rm -f "$out.partial"; return 1; }
    echo "golf-backups: wrote $out ($(stat -c %s "$out") bytes)"
  fi
  # The newest $keep stay (names sort by time); only whole backups are counted and deleted.
  find "$dir" -maxdepth 1 -name "golf-*.$suffix" -type f | sort -r | tail -n +"$((keep + 1))" | xargs -r rm -f --
}

trap 'exit 0' TERM INT
echo "golf-backups: every $every s into $dir, keeping the newest $keep"
while true; do
  one_backup || echo "golf-backups: this backup failed (the older ones are kept); next try in $every s" >&2
  sleep "$every" &
  wait $!
done
