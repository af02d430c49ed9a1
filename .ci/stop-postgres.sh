#!/usr/bin/env bash
# Stops a PostgreSQL started by start-postgres.sh and deletes its folder.
# Usage: stop-postgres.sh PG_BASE   (or env PG_BASE)
set -euo pipefail

BASE=${1:-${PG_BASE:-}}
if [[ -z "$BASE" || ! -d "$BASE/data" ]]; then
  echo "stop-postgres: no PostgreSQL folder given (or $BASE/data missing)" >&2
  exit 1
fi
case "$BASE" in
  /tmp/parley-pg.*) ;;
  *) echo "stop-postgres: refusing to touch $BASE (not made by start-postgres.sh)" >&2; exit 1 ;;
esac

PG_CTL=$(cat "$BASE/bindir" 2>/dev/null || true)/pg_ctl
if [[ -x "$PG_CTL" && -f "$BASE/data/postmaster.pid" ]]; then
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$PG_CTL" -D "$BASE/data" -m fast -w -t 30 stop >&2 || true
  else
    "$PG_CTL" -D "$BASE/data" -m fast -w -t 30 stop >&2 || true
  fi
fi
rm -rf "$BASE"
echo "stop-postgres: stopped and removed $BASE" >&2
