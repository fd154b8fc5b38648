#!/usr/bin/env bash
# Makes a Docker engine answer on this machine, as `npm start` does for ffmpeg: when `docker info`
# fails and the user is root, installs Debian's docker.io, docker-compose (v1) and debootstrap,
# then starts dockerd in the background. Prints the dockerd pid and how to stop it.
#   infra/docker/engine.sh                    start (idempotent)
#   DOCKERD_NICE=15 infra/docker/engine.sh    start at a lower CPU priority: builds inherit it, so
#                                             they do not starve other work on a shared machine
#                                             (and take that much longer; 0 by default)
#   infra/docker/engine.sh stop               stop the dockerd this script started
set -euo pipefail

pidfile=/var/run/cuview-dockerd.pid
log=/var/log/cuview-dockerd.log

if [[ "${1:-}" == stop ]]; then
  if [[ -f $pidfile ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    pid=$(cat "$pidfile")
    kill "$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    rm -f "$pidfile"
    echo "engine: dockerd $pid stopped"
  else
    echo "engine: no dockerd started by this script is running"
  fi
  exit 0
fi

if docker info >/dev/null 2>&1; then
  echo "engine: a Docker engine already answers"
  exit 0
fi

if [[ $(id -u) -ne 0 ]]; then
  echo "engine: no Docker engine answers and this user is not root: install Docker (Debian: sudo apt-get install docker.io docker-compose debootstrap) and start it" >&2
  exit 1
fi

missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v docker-compose >/dev/null || docker compose version >/dev/null 2>&1 || missing+=(docker-compose)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if ((${#missing[@]})); then
  echo "engine: installing ${missing[*]} with apt-get"
  apt-get update -qq
  # Another apt-get may hold the lock for a while on a shared machine.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends \
    "${missing[@]}" iptables ca-certificates >/dev/null
fi

nice=${DOCKERD_NICE:-0}
echo "engine: starting dockerd (nice $nice, log in $log)"
nice -n "$nice" dockerd >"$log" 2>&1 &
echo $! >"$pidfile"
for _ in $(seq 1 60); do
  if docker info >/dev/null 2>&1; then
    echo "engine: dockerd $(cat "$pidfile") answers ($(docker info --format '{{.ServerVersion}}, {{.Driver}}, cgroup v{{.CgroupVersion}}'))"
    echo "engine: stop it with infra/docker/engine.sh stop"
    exit 0
  fi
  sleep 1
done
echo "engine: dockerd did not answer within 60 s; last lines of $log:" >&2
tail -20 "$log" >&2
exit 1
