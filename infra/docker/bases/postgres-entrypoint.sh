#!/bin/bash
# First start: initdb with the official image's settings, then exec the command (postgres).
set -euo pipefail
user=${POSTGRES_USER:-postgres}
if [[ ! -s $PGDATA/PG_VERSION ]]; then
  method=${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}
  if [[ -z ${POSTGRES_PASSWORD:-} && $method != trust ]]; then
    echo "postgres: set POSTGRES_PASSWORD, or POSTGRES_HOST_AUTH_METHOD=trust" >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:-}" >"$pwfile"
  password=(--pwfile="$pwfile")
  [[ -n ${POSTGRES_PASSWORD:-} ]] || password=()
  initdb --username="$user" "${password[@]}" --auth-local=trust --auth-host="$method" >/dev/null
  rm -f "$pwfile"
  echo "host all all all $method" >>"$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$user}
  if [[ $db != postgres ]]; then
    postgres --single -D "$PGDATA" -c listen_addresses='' postgres <<<"CREATE DATABASE \"$db\" OWNER \"$user\";" >/dev/null
  fi
fi
if [[ ${1:-} == postgres ]]; then
  shift
  exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
