#!/usr/bin/env bash
# Builds the Dockerfile and runs the image, on a Debian machine without Docker or a reachable
# image registry: podman, runc and debootstrap from Debian, and a locally made base image.
#   bash .ci/docker-test.sh [DATABASE_URL]       (root; .ci/run passes its PostgreSQL)
#   bash .ci/docker-test.sh --prepare            (only step 1's root file system, into the cache)
# 1. node:<major>-bookworm-slim is made here: debootstrap minbase from this machine's Debian
#    mirror, this machine's node and npm, npm's registry and CA file (never credentials), a
#    `node` user with uid 1000; `podman import` under that name.
# 2. podman build of the Dockerfile; the image must hold no source, no .env*, no dev dependency.
# 3. Run alone (PGlite in a volume): health 200, a chat with the demo model over HTTP, and the
#    conversation still there after a restart; the server runs as uid 1000; HEALTHCHECK passes.
# 4. Run against PostgreSQL (host network: the CI server listens on 127.0.0.1): health says
#    postgres, a chat works. Without an argument a throwaway server comes from start-postgres.sh.
# 5. compose.yaml: podman-compose parses it (its postgres image cannot be pulled here).
# Exits non-zero with a "docker-test: FAILED: …" line when any of it does not hold.
# Env: PARLEY_DOCKER_CACHE (default /var/tmp/parley-docker): the debootstrap tarball is kept
# there for the next run on the same machine (CI machines start empty: it is made every run).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
IMAGE=localhost/parley-ci:test
SUITE=bookworm
CACHE=${PARLEY_DOCKER_CACHE:-/var/tmp/parley-docker}
WORK=$(mktemp -d /tmp/parley-docker.XXXXXX)
RUN_ID=parley-ci-$$
CONTAINERS=()
VOLUMES=()
OWN_PG_BASE=""
# This run's podman store (images, layers, volumes): on disk, not in a tmpfs /tmp.
STORE=$(mktemp -d /var/tmp/parley-podman.XXXXXX)
NEED_MIB=5120
PG_DB=""
PG_ADMIN_URL=""
START=$SECONDS

log() { echo "docker-test: $*"; }
die() {
  echo "docker-test: FAILED: $*" >&2
  exit 1
}
elapsed() { echo "$((SECONDS - $1))s"; }

cleanup() {
  local code=$?
  for c in "${CONTAINERS[@]}"; do
    if ((code != 0)); then
      echo "━━ last log lines of container $c ━━" >&2
      podman logs --tail 40 "$c" >&2 2>&1 || true
    fi
    podman rm -f -v -t 2 "$c" >/dev/null 2>&1 || true
  done
  for v in "${VOLUMES[@]}"; do podman volume rm -f "$v" >/dev/null 2>&1 || true; done
  if [[ -n "$PG_DB" ]]; then psql_admin -c "DROP DATABASE IF EXISTS $PG_DB" >/dev/null 2>&1 || true; fi
  if [[ -n "$OWN_PG_BASE" ]]; then bash .ci/stop-postgres.sh "$OWN_PG_BASE" >/dev/null 2>&1 || true; fi
  # Only this run's store: its images go with it (podman unmounts their layers first).
  if [[ "${CONTAINERS_STORAGE_CONF:-}" == "$WORK/storage.conf" ]]; then podman rmi -a -f >/dev/null 2>&1 || true; fi
  rm -rf "$WORK" "$STORE"
  if ((code != 0)); then echo "docker-test: FAILED (exit $code) after $(elapsed "$START")" >&2; fi
  exit "$code"
}
trap cleanup EXIT

[[ $(id -u) -eq 0 ]] || die "run as root (podman build, debootstrap and chroot need it)"

# ── tools ────────────────────────────────────────────────────────────────────────────────────
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing+=("$pkg"); done
  ((${#missing[@]})) || return 0
  log "apt-get install ${missing[*]}"
  # The dpkg lock may be held by another installer on this machine: wait for it.
  for attempt in $(seq 1 30); do
    if DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >"$WORK/apt.log" 2>&1; then return 0; fi
    if ((attempt == 1)); then apt-get update >"$WORK/apt-update.log" 2>&1 || true; fi
    grep -q 'Could not get lock' "$WORK/apt.log" || ((attempt == 1)) || { cat "$WORK/apt.log" >&2; die "apt-get install ${missing[*]} failed"; }
    sleep 10
  done
  cat "$WORK/apt.log" >&2
  die "apt-get install ${missing[*]} failed"
}

# podman's defaults do not run here: crun fails on this kernel's cgroups, and the default
# open-files limit is above the machine's hard limit. This file replaces containers.conf for
# every podman this script runs (podman-compose included); the system's files stay untouched.
# Images, layers and volumes go to a store of this run's own, removed when it ends: each build
# left gigabytes of layers behind, and a machine that runs the script again and again (a
# session's CI runs, then CI itself) filled its disk with them.
configure_podman() {
  cat >"$WORK/containers.conf" <<'EOF'
[containers]
default_ulimits = []

[engine]
runtime = "runc"
EOF
  cat >"$WORK/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$STORE/storage"
runroot = "$STORE/run"
EOF
  export CONTAINERS_CONF=$WORK/containers.conf CONTAINERS_STORAGE_CONF=$WORK/storage.conf
  podman info --format '{{.Host.OCIRuntime.Name}}' | grep -qx runc || die "podman does not use runc"
  [[ $(podman info --format '{{.Store.GraphRoot}}') == "$STORE/storage" ]] || die "podman does not use this run's store"
}

# The build's peak use of disk was 4.3 GiB (base image, npm's install and its layer commit, Next's
# build, the runtime image); without room for it podman fails deep in a layer commit with "no
# space left on device", which says nothing of why.
check_disk() {
  local free_mib mount
  read -r free_mib mount < <(df -Pm "$STORE" | awk 'NR == 2 { print $4, $6 }')
  ((free_mib >= NEED_MIB)) ||
    die "$free_mib MiB free on $mount for $STORE; the image's build needs $NEED_MIB MiB"
  log "disk: $free_mib MiB free (the build needs $NEED_MIB MiB)"
}

# ── base image ───────────────────────────────────────────────────────────────────────────────
# The first Debian mirror apt uses for the main suite (deb822 .sources or one-line .list).
debian_mirror() {
  local files=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources)
  local url
  url=$(cat "${files[@]}" 2>/dev/null | awk '
    /^[[:space:]]*#/ { next }
    /^deb[[:space:]]/ { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i ~ /:\/\//) { if ($(i+1) !~ /-security/) { print $i; exit } else break } }
    /^URIs:/ { uri = $2 }
    /^Suites:/ && uri != "" && $0 !~ /security/ { print uri; exit }
    /^$/ { uri = "" }')
  echo "${url:-http://deb.debian.org/debian}"
}

# A minbase bookworm root file system, without apt's package cache and lists (as -slim).
rootfs_tarball() {
  local mirror=$1 key tarball
  key=$(echo "$SUITE $mirror" | sha256sum | cut -c1-12)
  tarball=$CACHE/$SUITE-minbase-$key.tar
  if [[ -s "$tarball" ]]; then
    echo "$tarball"
    return
  fi
  mkdir -p "$CACHE"
  local dir=$WORK/debootstrap
  log "debootstrap --variant=minbase $SUITE from $mirror" >&2
  debootstrap --variant=minbase "$SUITE" "$dir" "$mirror" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 30 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
  tar -C "$dir" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
  rm -rf "$dir"
  echo "$tarball"
}

# node:<major>-bookworm-slim as the official image lays it out: node, npm and npx in /usr/local,
# user and group `node` with id 1000, CMD node.
make_base_image() {
  local major=$1 mirror tarball dir node_bin npm_dir registry cafile
  mirror=$(debian_mirror)
  tarball=$(rootfs_tarball "$mirror")
  dir=$WORK/rootfs
  mkdir -p "$dir"
  tar -C "$dir" -xf "$tarball"
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  [[ -f "$npm_dir/package.json" ]] || die "npm not found next to $(command -v npm)"
  install -m 755 "$node_bin" "$dir/usr/local/bin/node"
  mkdir -p "$dir/usr/local/lib/node_modules" "$dir/usr/local/etc"
  cp -a "$npm_dir" "$dir/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$dir/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$dir/usr/local/bin/npx"
  local in_root=(chroot "$dir" env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
  "${in_root[@]}" groupadd --gid 1000 node
  "${in_root[@]}" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # The registry npm uses here and the CA file it trusts (a proxy's CA may be in it); only
  # these two settings: tokens and other credentials never go into an image.
  registry=$(npm config get registry)
  cafile=$(npm config get cafile)
  echo "registry=$registry" >"$dir/usr/local/etc/npmrc"
  if [[ -n "$cafile" && "$cafile" != null && "$cafile" != undefined && -f "$cafile" ]]; then
    install -m 644 "$cafile" "$dir/usr/local/etc/npm-ca.pem"
    echo "cafile=/usr/local/etc/npm-ca.pem" >>"$dir/usr/local/etc/npmrc"
  fi
  [[ $("${in_root[@]}" npm config get globalconfig) == /usr/local/etc/npmrc ]] ||
    die "npm in the base image does not read /usr/local/etc/npmrc"
  "${in_root[@]}" node --version >/dev/null || die "node does not run in the base image"
  tar -C "$dir" -c . | podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "node:$major-$SUITE-slim" >/dev/null
  rm -rf "$dir"
  log "base image node:$major-$SUITE-slim: node $(node --version), npm $(npm --version), registry $registry, Debian from $mirror"
}

# ── image checks ─────────────────────────────────────────────────────────────────────────────
# Reads the image's files from the host: source, .env files and dev dependencies stay out.
check_image_contents() {
  local mnt bad
  mnt=$(podman image mount "$IMAGE")
  bad=$(
    cd "$mnt/app"
    for d in app components lib e2e src; do [[ -e "$d" ]] && echo "source folder /app/$d"; done
    find . -path ./node_modules -prune -o \( -name '*.ts' -o -name '*.tsx' -o -name '*.mts' \) -print | grep -v '\.d\.ts$' | sed 's/^/source file /'
    find "$mnt" -xdev -name '.env*' -not -path "$mnt/proc/*" | sed "s|^$mnt|env file |"
    # Every package the lockfile marks dev-only, and no production package needs.
    node -e '
      const lock = require(process.argv[1]);
      for (const [path, p] of Object.entries(lock.packages)) if (p.dev && path) console.log(path);
    ' "$ROOT/package-lock.json" | while read -r path; do
      [[ -e "$path" ]] && echo "dev dependency /app/$path"
    done
    true
  )
  podman image unmount "$IMAGE" >/dev/null
  [[ -z "$bad" ]] || die "the image holds what it should not:"$'\n'"$bad"
  log "image contents: no source, no .env file, no dev dependency"
}

image_size() {
  local bytes
  bytes=$(podman image inspect --format '{{.Size}}' "$IMAGE")
  echo "$((bytes / 1024 / 1024)) MiB"
}

# ── running it ───────────────────────────────────────────────────────────────────────────────
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local port=$1
  while port_in_use "$port"; do port=$((port + 1)); done
  echo "$port"
}

probe() { (cd "$ROOT" && npx --no-install tsx e2e/support/docker-probe.ts "$@"); }

# wait_serving CONTAINER URL DRIVER: health 200 within 90 s, or a failure that says why (the
# container exited, or the server answered wrongly).
wait_serving() {
  local name=$1 url=$2 driver=$3 deadline=$((SECONDS + 90)) code state
  while ((SECONDS < deadline)); do
    code=0
    probe health "$url" "$driver" 5 2>"$WORK/probe.err" || code=$?
    ((code == 0)) && return 0
    ((code == 2)) || { cat "$WORK/probe.err" >&2; die "the image serves, but not as it should (above)"; }
    state=$(podman inspect --format '{{.State.Status}} {{.State.ExitCode}}' "$name")
    if [[ $state != running* ]]; then
      die "the container stopped before serving /api/health (state: ${state% *}, exit code ${state#* })"
    fi
  done
  cat "$WORK/probe.err" >&2
  die "the image did not serve $url/api/health within 90 s"
}

# The server process (pid 1 of the container) runs as uid 1000.
check_uid() {
  local uid
  uid=$(podman exec "$1" cat /proc/1/status | awk '/^Uid:/ { print $2 }')
  [[ "$uid" == 1000 ]] || die "the server runs as uid '$uid', not 1000"
  log "the server runs as uid 1000"
}

run_alone() {
  local name=$RUN_ID-pglite volume=$RUN_ID-data port t
  port=$(free_port 3300)
  podman volume create "$volume" >/dev/null
  VOLUMES+=("$volume")
  CONTAINERS+=("$name")
  t=$SECONDS
  podman run -d --name "$name" -p "127.0.0.1:$port:3000" -v "$volume:/app/.data" "$IMAGE" >/dev/null
  wait_serving "$name" "http://127.0.0.1:$port" pglite
  log "alone: serving $(elapsed "$t") after podman run"
  check_uid "$name"
  podman healthcheck run "$name" >/dev/null || die "the image's HEALTHCHECK fails"
  log "HEALTHCHECK passes"
  probe chat "http://127.0.0.1:$port" "$WORK/pglite-chat.json"
  t=$SECONDS
  podman restart -t 10 "$name" >/dev/null
  log "podman restart took $(elapsed "$t") (SIGTERM to exit)"
  wait_serving "$name" "http://127.0.0.1:$port" pglite
  probe history "http://127.0.0.1:$port" "$WORK/pglite-chat.json"
}

psql_admin() {
  local psql
  psql=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -n 1)
  "$psql" "$PG_ADMIN_URL" -v ON_ERROR_STOP=1 -q "$@"
}

run_on_postgres() {
  local url=$1 name=$RUN_ID-pg port
  if [[ -z "$url" ]]; then
    local out
    out=$(bash .ci/start-postgres.sh) || die "could not start PostgreSQL"
    OWN_PG_BASE=$(sed -n 's/^PG_BASE=//p' <<<"$out")
    url=$(sed -n 's/^DATABASE_URL=//p' <<<"$out")
  fi
  # A database of its own, so the image's migrations meet an empty one as on a first deploy.
  PG_ADMIN_URL=$url
  PG_DB=parley_docker_$$
  psql_admin -c "CREATE DATABASE $PG_DB"
  url="${url%/*}/$PG_DB"
  port=$(free_port 3400)
  CONTAINERS+=("$name")
  # Host network: the server listens on the host's 127.0.0.1 only, as the image would next to
  # a database on the same host.
  podman run -d --name "$name" --network host -e DATABASE_URL="$url" \
    -e PORT="$port" -e HOSTNAME=127.0.0.1 "$IMAGE" >/dev/null
  wait_serving "$name" "http://127.0.0.1:$port" postgres
  check_uid "$name"
  probe chat "http://127.0.0.1:$port" "$WORK/pg-chat.json"
  probe history "http://127.0.0.1:$port" "$WORK/pg-chat.json"
}

# compose.yaml through Debian's podman-compose (1.0.3), which can only print what `up` would
# run: the file's postgres:17-bookworm image cannot be pulled here. A project of its own: the
# dry run still creates the project's network and volume, removed after. podman-compose 1.0.3
# passes `${VAR:-}` on as literal text (its pattern wants a non-empty default), so only the
# names of the optional variables are checked, not their values.
check_compose() {
  local project=$RUN_ID-compose out db app expect name
  out=$(cd "$ROOT" && POSTGRES_PASSWORD=ci-secret PORT=3999 podman-compose -p "$project" --dry-run \
    -f compose.yaml up -d 2>&1) || { echo "$out" >&2; die "podman-compose cannot read compose.yaml"; }
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
  podman volume rm -f "${project}_pgdata" >/dev/null 2>&1 || true
  db=$(grep -- "--name=${project}_db_1 " <<<"$out" || true)
  app=$(grep -- "--name=${project}_app_1 " <<<"$out" || true)
  [[ -n "$db" && -n "$app" ]] || { echo "$out" >&2; die "compose.yaml: no db or app service"; }
  for expect in '-e POSTGRES_PASSWORD=ci-secret ' "-v ${project}_pgdata:/var/lib/postgresql/data " \
    '--network-alias db ' "--healthcheck-command /bin/sh -c 'pg_isready -U parley -d parley' " \
    ' postgres:17-bookworm'; do
    [[ "$db " == *"$expect"* ]] || { echo "$db" >&2; die "compose.yaml: the db service lacks '$expect'"; }
  done
  [[ "$db" != *' -p '* ]] || die "compose.yaml: the database port is published"
  local expected=('-e DATABASE_URL=postgres://parley:ci-secret@db:5432/parley ' '-p 3999:3000 '
    "--net ${project}_default ")
  for name in SESSION_SECRET APP_URL ALLOWED_HOSTS OPENAI_BASE_URL OPENAI_API_KEY CHAT_MODEL CHAT_MODELS PROVIDERS \
    CONTEXT_WINDOWS MCP_SERVERS TOOL_APPROVAL; do expected+=("-e $name="); done
  for expect in "${expected[@]}"; do
    [[ "$app " == *"$expect"* ]] || { echo "$app" >&2; die "compose.yaml: the app service lacks '$expect'"; }
  done
  grep -q "^podman build -t ${project}_app -f ./Dockerfile \.\$" <<<"$out" ||
    { echo "$out" >&2; die "compose.yaml: the app is not built from ./Dockerfile"; }
  log "compose.yaml: podman-compose --dry-run up wires db and app as expected (not run: postgres:17-bookworm cannot be pulled here)"
}

# ── main ─────────────────────────────────────────────────────────────────────────────────────
main() {
  local t major
  apt_install podman runc debootstrap podman-compose
  configure_podman
  check_disk
  major=$(node -p 'process.versions.node.split(".")[0]')
  t=$SECONDS
  make_base_image "$major"
  log "base image made in $(elapsed "$t")"
  t=$SECONDS
  podman build --format docker --network host --pull=never --build-arg "NODE_VERSION=$major" \
    -t "$IMAGE" . >"$WORK/build.log" 2>&1 || { tail -n 60 "$WORK/build.log" >&2; die "podman build failed"; }
  log "image built in $(elapsed "$t"): $(image_size); this run's store holds $(du -sm "$STORE/storage" | cut -f1) MiB"
  [[ $(podman image inspect --format '{{.Config.User}}' "$IMAGE") == 1000:1000 ]] ||
    die "the image's USER is not 1000:1000"
  check_image_contents
  run_alone
  run_on_postgres "${1:-}"
  check_compose
  log "PASSED in $(elapsed "$START"): image $IMAGE, $(image_size)"
}

# --prepare: only the Debian root file system, into the cache, so .ci/run can download and
# unpack it in the background while other steps use the CPU.
prepare() {
  local t=$SECONDS tarball
  apt_install debootstrap
  tarball=$(rootfs_tarball "$(debian_mirror)")
  log "root file system ready in $(elapsed "$t"): $tarball"
}

if [[ "${1:-}" == --prepare ]]; then prepare; else main "$@"; fi
