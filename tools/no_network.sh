#!/bin/sh
# Run a command with no network but loopback: a fresh Linux network namespace where possible.
# Falls back to running the command as is (tests/conftest.py blocks non-loopback sockets anyway).
if [ "$(uname -s)" = "Linux" ] && command -v unshare >/dev/null 2>&1 && command -v ip >/dev/null 2>&1 \
   && unshare -rn true 2>/dev/null; then
  exec unshare -rn sh -c 'ip link set lo up && exec "$@"' sh "$@"
fi
exec "$@"
