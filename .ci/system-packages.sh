#!/usr/bin/env bash
# Installs every Debian package a later CI step needs, in one `apt-get update` and one install
# per recommends policy, so a fresh machine pays for the package lists once, not once per step.
#   bash .ci/system-packages.sh       (root; .ci/run starts it while `npm ci` downloads)
# The steps that use them (ensure-chromium.mjs, start-postgres.sh, docker-test.sh) still install
# what is missing themselves when run alone; after this they find everything in place.
set -euo pipefail

# Installed as those steps would: Chromium and PostgreSQL with their recommended packages, the
# container tools without (docker-test.sh's choice).
WITH_RECOMMENDS=(chromium postgresql pgbouncer)
WITHOUT_RECOMMENDS=(podman runc debootstrap podman-compose)

missing() {
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || echo "$pkg"
  done
}

mapfile -t with < <(missing "${WITH_RECOMMENDS[@]}")
mapfile -t without < <(missing "${WITHOUT_RECOMMENDS[@]}")
if ((${#with[@]} + ${#without[@]} == 0)); then
  echo "system-packages: all installed"
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
# Another installer on the machine may hold the dpkg lock: wait for it rather than fail.
apt=(apt-get -y -o DPkg::Lock::Timeout=300)
start=$SECONDS
"${apt[@]}" update
((${#with[@]} == 0)) || "${apt[@]}" install "${with[@]}"
((${#without[@]} == 0)) || "${apt[@]}" install --no-install-recommends "${without[@]}"
echo "system-packages: installed ${with[*]} ${without[*]} in $((SECONDS - start))s"
