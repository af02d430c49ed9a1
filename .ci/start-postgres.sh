#!/usr/bin/env bash
# Starts a throwaway PostgreSQL on 127.0.0.1 for the database tests.
# stdout gets exactly two lines (everything else goes to stderr):
#   PG_BASE=/tmp/parley-pg.XXXXXX          (pass to stop-postgres.sh)
#   DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
# Env: PG_PORT (default: first free port from 55432), PG_MAX_CONNECTIONS (default 100),
# PG_EXTRA_OPTS (more `-c name=value` options). Installs Debian's postgresql if missing.
set -euo pipefail

log() { echo "start-postgres: $*" >&2; }

find_bin_dir() {
  local initdb
  initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n "$initdb" ]] && dirname "$initdb"
}

BIN_DIR=$(find_bin_dir || true)
if [[ -z "$BIN_DIR" ]]; then
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    log "PostgreSQL server binaries not found in /usr/lib/postgresql/*/bin; install the postgresql package."
    exit 1
  fi
  log "PostgreSQL not installed: apt-get install postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y postgresql >&2
  BIN_DIR=$(find_bin_dir || true)
  [[ -n "$BIN_DIR" ]] || { log "postgresql installed but no initdb found"; exit 1; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [[ -n "${PG_PORT:-}" ]]; then
  PORT=$PG_PORT
  if port_in_use "$PORT"; then log "PG_PORT=$PORT is already in use"; exit 1; fi
else
  PORT=55432
  while port_in_use "$PORT"; do
    PORT=$((PORT + 1))
    if ((PORT > 55500)); then log "no free port in 55432-55500"; exit 1; fi
  done
fi

BASE=$(mktemp -d /tmp/parley-pg.XXXXXX)
chmod 755 "$BASE"
mkdir -p "$BASE/sock"
echo "$BIN_DIR" >"$BASE/bindir" # stop-postgres.sh uses the same version

# initdb and postgres refuse to run as root: use the postgres user when we are root.
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  fi
  chown -R postgres: "$BASE"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

log "initdb in $BASE/data ($BIN_DIR)"
as_pg "$BIN_DIR/initdb" -D "$BASE/data" -A trust -U postgres -E UTF8 --locale=C --no-sync >"$BASE/initdb.log" 2>&1 ||
  { cat "$BASE/initdb.log" >&2; log "initdb failed"; exit 1; }

# Test data is disposable: skip durability work to stay fast on 2 cores.
OPTS="-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$BASE/sock"
OPTS+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${PG_MAX_CONNECTIONS:-100}"
# Extra server options, e.g. the scale bench's pg_stat_statements (shared_preload_libraries).
OPTS+=" ${PG_EXTRA_OPTS:-}"
log "pg_ctl start on 127.0.0.1:$PORT"
if ! as_pg "$BIN_DIR/pg_ctl" -D "$BASE/data" -l "$BASE/postgres.log" -o "$OPTS" -w -t 60 start >&2; then
  cat "$BASE/postgres.log" >&2 || true
  log "PostgreSQL did not start"
  exit 1
fi

echo "PG_BASE=$BASE"
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
