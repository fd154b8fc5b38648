#!/bin/sh
# Like the official image: `redis-server ...` or bare flags run the server, reachable from other
# containers (the official build turns protected mode off); any other command runs as it is.
set -e
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --bind '* -::*' --protected-mode no "$@"
fi
exec "$@"
